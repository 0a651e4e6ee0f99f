package vgpu

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib/counters"
)

// The sampler's kernels are testdata/sampling.cu (NVRTC 13.0).
func loadSampling(t testing.TB, g *GPU) *Module {
	t.Helper()
	src, err := readTestdata("sampling.ptx")
	if err != nil {
		t.Fatal(err)
	}
	return loadSource(t, g, "sampling.ptx", src)
}

// grid2d is a w×h float array's launch of 16×16 blocks (partial at the
// right and bottom edges for w = 1000, h = 300).
type grid2d struct {
	g       *GPU
	in, out uint64
	w, h    int
}

func newGrid2d(t *testing.T, g *GPU, w, h int) *grid2d {
	r := rng(3)
	in := upload(t, g, f32bytes(r.float32s(w*h)))
	out, err := g.Alloc(4 * w * h)
	if err != nil {
		t.Fatal(err)
	}
	return &grid2d{g, in, out, w, h}
}

func (a *grid2d) launch(mode SampleMode) Launch {
	if err := a.g.Fill(a.out, 0, 4, a.w*a.h); err != nil {
		panic(err)
	}
	return Launch{Grid: [3]int{(a.w + 15) / 16, (a.h + 15) / 16, 1}, Block: [3]int{16, 16, 1},
		Params: [][]byte{p64(a.out), p64(a.in), p32(a.w), p32(a.h)}, Sampling: Sampling{Mode: mode}}
}

func profiled(t *testing.T, g *GPU, k *Kernel, l Launch) *Profile {
	t.Helper()
	p, err := runProfiled(g, k, l)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// differences lists the counters that differ, with their values.
func differences(a, b counters.Counters) map[string][2]int64 {
	out := map[string][2]int64{}
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	for i := range va.NumField() {
		if x, y := va.Field(i).Int(), vb.Field(i).Int(); x != y {
			out[va.Type().Field(i).Name] = [2]int64{x, y}
		}
	}
	return out
}

// Every position class of the grid is in the sample, with the first and
// last blocks, and each anchor's neighbours before it.
func TestSampleClasses(t *testing.T) {
	g := New(Config{Workers: 2})
	k := kernel(t, loadSampling(t, g), "tile2d")
	a := newGrid2d(t, g, 1000, 300)
	p := profiled(t, g, k, a.launch(SampleForced))
	s := p.Sample
	if s == nil || !s.Sampled || !s.Trusted {
		t.Fatalf("sample %v, want a trusted sample", s)
	}
	gx, gy := 63, 19
	if s.Blocks != int64(gx*gy) || len(s.Ran) >= gx*gy/2 || s.Factor != float64(s.Blocks)/float64(len(s.Ran)) {
		t.Fatalf("sample %+v of %d blocks", s, gx*gy)
	}
	classes := map[[2]int]bool{}
	for _, b := range s.Ran {
		classes[[2]int{dimClass(int(b)%gx, gx), dimClass(int(b)/gx, gy)}] = true
	}
	if len(classes) != 9 {
		t.Errorf("the sample covers classes %v, want all 9", classes)
	}
	for i := range int64(probeBlocks) {
		if !slices.Contains(s.Ran, i) || !slices.Contains(s.Ran, s.Blocks-1-i) {
			t.Errorf("first or last blocks (%d) missing from %v", i, s.Ran)
		}
	}
	// The blocks that ran wrote their outputs; the others did not.
	out := downloadF32(t, g, a.out, a.w*a.h)
	for _, b := range []int64{s.Ran[len(s.Ran)/2], firstMissing(s.Ran)} {
		x, y := int(b)%gx*16, int(b)/gx*16
		ran := slices.Contains(s.Ran, b)
		if got := out[y*a.w+x] != 0; got != ran {
			t.Errorf("block %d (ran %v): output written %v", b, ran, got)
		}
	}
	// A 3D grid's neighbours before a block, in linear order.
	st := &launch{grid: [3]int{4, 3, 2}}
	if got := st.before([3]int{1, 1, 1}); len(got) != 14 || got[0] != [3]int{1, 1, 1} {
		t.Errorf("before (1,1,1) = %v, want itself and 13 neighbours", got)
	}
	if got := st.before([3]int{0, 0, 0}); len(got) != 1 {
		t.Errorf("before (0,0,0) = %v, want itself alone", got)
	}
}

func firstMissing(s []int64) int64 {
	for i := int64(0); ; i++ {
		if !slices.Contains(s, i) {
			return i
		}
	}
}

// On a perfectly regular kernel (each block its own tile, partial tiles at
// the edges) the scaled counters are the whole run's exactly; with a halo
// shared between neighbours (a stencil) too, the 64-byte chunks and the
// 128-byte lines within 1 % (rows of 4000 bytes start at different
// offsets in a line, so blocks of one shape touch different lines).
func TestSampleExactRegular(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadSampling(t, g)
	a := newGrid2d(t, g, 1000, 300)
	for _, name := range []string{"tile2d", "stencil2d"} {
		k := kernel(t, m, name)
		s := profiled(t, g, k, a.launch(SampleForced))
		w := profiled(t, g, k, a.launch(SampleFull))
		if w.Sample != nil || s.Sample == nil || !s.Sample.Sampled {
			t.Fatalf("%s: samples %v and %v", name, s.Sample, w.Sample)
		}
		for f, v := range differences(s.Total, w.Total) {
			if (f == "DRAMChunks" || f == "GlobalLoadLines") && name == "stencil2d" && abs(int(v[0]-v[1]))*100 <= int(v[1]) {
				continue
			}
			t.Errorf("%s: %s sampled %d, whole %d", name, f, v[0], v[1])
		}
	}
}

// The same launch gives the same sample and counters on any number of
// workers, a data-dependent one too.
func TestSampleDeterministic(t *testing.T) {
	var first *Profile
	for _, workers := range []int{1, 2, 3} {
		g := New(Config{Workers: workers})
		m := loadSampling(t, g)
		a := newGrid2d(t, g, 1000, 300)
		p := profiled(t, g, kernel(t, m, "stencil2d"), a.launch(SampleForced))
		tr := tripsLaunch(t, g, m, SampleForced)
		q := profiled(t, g, kernel(t, m, "trips"), tr)
		p.Total.Add(&q.Total)
		p.Sample.Ran = append(p.Sample.Ran, q.Sample.Ran...)
		if first == nil {
			first = p
			continue
		}
		if d := differences(p.Total, first.Total); len(d) > 0 || !slices.Equal(p.Sample.Ran, first.Sample.Ran) {
			t.Errorf("%d workers: counters differ %v, or blocks %d vs %d", workers, d, len(p.Sample.Ran), len(first.Sample.Ran))
		}
	}
}

// tripsLaunch is trips over 2^18 elements whose loop counts are random.
func tripsLaunch(t *testing.T, g *GPU, m *Module, mode SampleMode) Launch {
	const n = 1 << 18
	r := rng(5)
	dn := upload(t, g, i32bytes(r.int32s(n, 40)))
	out, err := g.Alloc(4 * n)
	if err != nil {
		t.Fatal(err)
	}
	return Launch{Grid: dim(n / 128), Block: dim(128), Params: [][]byte{p64(out), p64(dn), p32(n)}, Sampling: Sampling{Mode: mode}}
}

// Blocks whose work depends on their data make the sample untrusted after
// widening; in auto mode, within 4 times the budget, the launch then runs
// every block instead.
func TestSampleUntrusted(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadSampling(t, g)
	k := kernel(t, m, "trips")
	p := profiled(t, g, k, tripsLaunch(t, g, m, SampleForced))
	s := p.Sample
	if !s.Sampled || s.Trusted || !strings.Contains(s.Reason, "differ") || !strings.Contains(s.String(), "not trusted") {
		t.Fatalf("trips: %v, want an untrusted sample of blocks that differ", s)
	}
	whole := profiled(t, g, k, tripsLaunch(t, g, m, SampleFull))
	l := tripsLaunch(t, g, m, SampleAuto)
	l.Sampling.Budget = whole.Total.WarpInstrs / 2
	auto := profiled(t, g, k, l)
	if auto.Sample == nil || auto.Sample.Sampled || !strings.Contains(auto.Sample.Reason, "every block ran") {
		t.Fatalf("auto: %v, want a whole run after an untrusted sample", auto.Sample)
	}
	if d := differences(auto.Total, whole.Total); len(d) > 0 {
		t.Errorf("the fallback's counters differ from a whole run's: %v", d)
	}
	// Under the budget, auto runs every block without a word.
	l.Sampling.Budget = 0
	if p := profiled(t, g, k, l); p.Sample != nil {
		t.Errorf("auto under the budget: %v, want every block", p.Sample)
	}
}

// A block that waits on a block the sample did not run is stopped, the
// sample is not trusted, and the launch ends.
func TestSampleSpinWait(t *testing.T) {
	g := New(Config{Workers: 2})
	k := kernel(t, loadSampling(t, g), "chain")
	const n = 4096
	flags, err := g.Alloc(4 * n)
	if err != nil {
		t.Fatal(err)
	}
	out, err := g.Alloc(4 * n)
	if err != nil {
		t.Fatal(err)
	}
	p := profiled(t, g, k, Launch{Grid: dim(n), Block: dim(32), Params: [][]byte{p64(flags), p64(out)}, Sampling: Sampling{Mode: SampleForced}})
	s := p.Sample
	if !s.Sampled || s.Trusted || len(s.Stopped) == 0 || !strings.Contains(s.Reason, "wait") {
		t.Fatalf("chain: %+v, want an untrusted sample with stopped blocks", s)
	}
}

// First blocks that cost next to nothing (a Floyd–Warshall round 0's pivot
// row returns at once) do not make auto mode run a large launch whole:
// the probe grows, in order, until it sees the blocks that work.
func TestSampleAutoProbeGrows(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadSampling(t, g)
	k := kernel(t, m, "trips")
	const n = 1 << 18 // 2048 blocks of 128
	trips := make([]int32, n)
	for i := 16 * 128; i < n; i++ {
		trips[i] = 40 // the first 16 blocks loop none
	}
	dn := upload(t, g, i32bytes(trips))
	out, err := g.Alloc(4 * n)
	if err != nil {
		t.Fatal(err)
	}
	l := Launch{Grid: dim(n / 128), Block: dim(128), Params: [][]byte{p64(out), p64(dn), p32(n)},
		Sampling: Sampling{Mode: SampleAuto, Budget: 200_000}}
	p := profiled(t, g, k, l)
	if s := p.Sample; s == nil || !s.Sampled {
		t.Fatalf("sample %v: want a sampled launch (the whole launch is far over the budget)", s)
	}
	if p.Sample.Estimate <= 4*200_000 {
		t.Errorf("estimate %d: want the working blocks' cost, over 4 times the budget", p.Sample.Estimate)
	}
}
