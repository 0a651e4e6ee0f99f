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

// sampledAndWhole runs the launch sampled (forced) and whole on fresh
// copies of the same inputs, returning both profiles.
func sampledAndWhole(t *testing.T, g *GPU, k *Kernel, l Launch, reset func()) (sampled, whole *Profile) {
	t.Helper()
	reset()
	l.Sampling = Sampling{Mode: SampleForced}
	sampled, err := runProfiled(g, k, l)
	if err != nil {
		t.Fatal(err)
	}
	reset()
	l.Sampling = Sampling{}
	whole, err = runProfiled(g, k, l)
	if err != nil {
		t.Fatal(err)
	}
	return sampled, whole
}

func TestSampleExplore(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadSampling(t, g)
	const w, h = 1000, 300
	r := rng(3)
	in := upload(t, g, f32bytes(r.float32s(w*h)))
	out, _ := g.Alloc(4 * w * h)
	for _, name := range []string{"tile2d", "stencil2d"} {
		k := kernel(t, m, name)
		l := Launch{Grid: [3]int{(w + 15) / 16, (h + 15) / 16, 1}, Block: [3]int{16, 16, 1}, Params: [][]byte{p64(out), p64(in), p32(w), p32(h)}}
		s, wh := sampledAndWhole(t, g, k, l, func() { g.Fill(out, 0, 4, w*h) })
		t.Logf("%s: %v", name, s.Sample)
		diff(t, s.Total, wh.Total)
	}
}

func diff(t *testing.T, a, b counters.Counters) {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	for i := range va.NumField() {
		if x, y := va.Field(i).Int(), vb.Field(i).Int(); x != y {
			t.Logf("  %s: sampled %d whole %d (%+.3f%%)", va.Type().Field(i).Name, x, y, 100*float64(x-y)/float64(y))
		}
	}
}

var _ = slices.Sort[[]int]
var _ = strings.Contains

func TestSampleExplore2(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadSampling(t, g)
	const n = 1 << 18
	r := rng(5)
	trips := r.int32s(n, 40)
	dn := upload(t, g, i32bytes(trips))
	out, _ := g.Alloc(4 * n)
	k := kernel(t, m, "trips")
	l := Launch{Grid: dim(n / 128), Block: dim(128), Params: [][]byte{p64(out), p64(dn), p32(n)}}
	s, wh := sampledAndWhole(t, g, k, l, func() {})
	t.Logf("trips: %v", s.Sample)
	diff(t, s.Total, wh.Total)

	tot, _ := g.Alloc(4)
	per, _ := g.Alloc(4 * 4096)
	k = kernel(t, m, "counter")
	l = Launch{Grid: dim(4096), Block: dim(256), Params: [][]byte{p64(tot), p64(per)}}
	s, wh = sampledAndWhole(t, g, k, l, func() {})
	t.Logf("counter: %v", s.Sample)
	diff(t, s.Total, wh.Total)

	flags, _ := g.Alloc(4 * 4096)
	k = kernel(t, m, "chain")
	l = Launch{Grid: dim(4096), Block: dim(32), Params: [][]byte{p64(flags), p64(per)}}
	s, wh = sampledAndWhole(t, g, k, l, func() { g.Fill(flags, 0, 4, 4096) })
	t.Logf("chain: %v", s.Sample)
	diff(t, s.Total, wh.Total)
}
