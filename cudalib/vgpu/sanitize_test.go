package vgpu

import (
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/culab/culab/tools/sancompare/catalog"
)

// runSeeded runs a catalogue kernel with the sanitizer on a GPU of the
// given workers.
func runSeeded(t *testing.T, workers int, kc *catalog.Kernel) *Report {
	t.Helper()
	g := New(Config{Workers: workers})
	src, err := readTestdata(filepath.Join("seeded", strings.TrimSuffix(kc.File, ".cu")+".ptx"))
	if err != nil {
		t.Fatal(err)
	}
	m := loadSource(t, g, kc.File, src)
	k := kernel(t, m, kc.Kernel)
	var params [][]byte
	for _, a := range kc.Args {
		if a.Buf == "" {
			params = append(params, a.Bytes())
			continue
		}
		addr, err := g.Alloc(a.N * a.ElemSize())
		if err != nil {
			t.Fatal(err)
		}
		if b := a.Bytes(); b != nil {
			if err := g.CopyIn(addr, b[:a.Written()*a.ElemSize()]); err != nil {
				t.Fatal(err)
			}
		}
		params = append(params, p64(addr))
	}
	l := Launch{Grid: kc.Grid, Block: kc.Block, DynamicShared: kc.DynamicShared, Params: params}
	if kc.First != "" {
		if err := g.Run(kernel(t, m, kc.First), l, nil); err != nil {
			t.Fatalf("%s: %v", kc.First, err)
		}
	}
	r, err := runSanitized(g, k, l)
	if err != nil {
		t.Fatalf("%s: %v", kc.Name(), err)
	}
	return r
}

// Every catalogue kernel gives exactly its expected findings (kind and
// line), the same report on one and on three workers.
func TestSeededCatalogue(t *testing.T) {
	m, err := catalog.Load(filepath.Join("testdata", "seeded"))
	if err != nil {
		t.Fatal(err)
	}
	for _, kc := range m.Kernels {
		t.Run(strings.TrimPrefix(kc.Name(), kc.File+":"), func(t *testing.T) {
			r := runSeeded(t, 1, &kc)
			var got, want []string
			for _, f := range r.Findings {
				got = append(got, fmt.Sprintf("%s@%d", f.Kind, f.Line))
			}
			for _, e := range kc.Expect {
				want = append(want, fmt.Sprintf("%s@%d", e.Kind, e.Line))
			}
			slices.Sort(got)
			got = slices.Compact(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("findings %v, want %v\n%s", got, want, r)
			}
			if r3 := runSeeded(t, 3, &kc); !reflect.DeepEqual(r, r3) {
				t.Errorf("3 workers:\n%s\n1 worker:\n%s", r3, r)
			}
			t.Logf("\n%s", r)
		})
	}
}

// Seed 002's defects, each as compute-sanitizer would place it.
func TestSeed002Details(t *testing.T) {
	m, err := catalog.Load(filepath.Join("testdata", "seeded"))
	if err != nil {
		t.Fatal(err)
	}
	r := runSeeded(t, 2, &m.Kernels[0])
	byLine := map[int]Finding{}
	for _, f := range r.Findings {
		byLine[f.Line] = f
	}
	if f := byLine[20]; f.Block != [3]int{0, 0, 0} || f.Thread != [3]int{} || f.Space != "global" || f.Access != "read" ||
		!strings.Contains(f.Allocation, "4 bytes before the 600-byte allocation") || f.Count != 1 {
		t.Errorf("d_in[-1]: %+v", f)
	}
	if f := byLine[21]; f.Block != [3]int{2, 0, 0} || f.Thread != [3]int{} || !strings.Contains(f.Allocation, "past the end of the 600-byte allocation") {
		t.Errorf("d_in[192]: %+v", f)
	}
	if f := byLine[23]; f.Severity != "warning" || f.Block != [3]int{2, 0, 0} || f.Thread != [3]int{22, 0, 0} ||
		!strings.Contains(f.Message, "reached by 22 of the block's 64 threads; 42 did not") {
		t.Errorf("barrier: %+v", f)
	}
	if f := byLine[24]; f.Space != "shared" || f.Block != [3]int{2, 0, 0} || f.Thread != [3]int{21, 0, 0} || f.Addr != 23*4 {
		t.Errorf("uninitialised halo: %+v", f)
	}
	if r.Errors != 3 || r.Warnings != 1 || r.Total != 4 {
		t.Errorf("%d errors, %d warnings, %d in all", r.Errors, r.Warnings, r.Total)
	}
	for _, s := range []string{"Invalid __global__ read of size 4 bytes", "seed002.cu:20", "by thread (0,0,0) in block (0,0,0)",
		"Barrier error detected", "Uninitialized __shared__ memory read", "SUMMARY: 3 errors, 1 warnings"} {
		if !strings.Contains(r.String(), s) {
			t.Errorf("report lacks %q:\n%s", s, r)
		}
	}
}

// Without the sanitizer, seed 002 still stops at its first bad access.
func TestSeed002FaultsUnsanitized(t *testing.T) {
	g := New(Config{Workers: 1})
	src, err := readTestdata("seeded/seed002.ptx")
	if err != nil {
		t.Fatal(err)
	}
	k := kernel(t, loadSource(t, g, "seed002.cu", src), "ddKernel")
	in := upload(t, g, make([]byte, 600))
	out := upload(t, g, make([]byte, 600))
	err = g.Run(k, Launch{Grid: dim(3), Block: dim(64), DynamicShared: 264, Params: [][]byte{p64(out), p64(in), p32(150), p32(0)}}, nil)
	var f *Fault
	if !errors.As(err, &f) || f.Line != 20 {
		t.Fatalf("got %v, want the fault of d_in[-1] at line 20", err)
	}
}

// A race's report names both lines and the hazard; the cap keeps
// MaxFindings distinct findings and counts the rest.
func TestSanitizerRaceAndCap(t *testing.T) {
	m, err := catalog.Load(filepath.Join("testdata", "seeded"))
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(m.Kernels, func(k catalog.Kernel) bool { return k.Kernel == "reduce_race" })
	r := runSeeded(t, 1, &m.Kernels[i])
	f := r.Findings[0]
	if f.Other == nil || f.Other.Line != 12 || f.Kind != "race" || !strings.Contains(f.Message, "hazard") {
		t.Errorf("race: %+v %+v", f, f.Other)
	}
	// Within a warp a race is a warning; __syncwarp() orders the lanes
	// (correct.cu's warp_exchange is clean).
	i = slices.IndexFunc(m.Kernels, func(k catalog.Kernel) bool { return k.Kernel == "warp_nosync" })
	if r := runSeeded(t, 1, &m.Kernels[i]); r.Warnings != 64 || r.Errors != 0 || !strings.Contains(r.String(), "Warning: Race reported") {
		t.Errorf("warp_nosync:\n%s", r)
	}
	rep := &sanLaunch{blocks: map[int64][]Finding{}, st: &launch{k: &Kernel{name: "k"}}}
	for b := 0; b < MaxFindings+5; b++ {
		rep.blocks[int64(b)] = []Finding{{Kind: "race", Line: b, Count: 2}}
	}
	cr := rep.report()
	if len(cr.Findings) != MaxFindings || cr.Omitted != 5 || cr.Total != 2*(MaxFindings+5) || cr.Findings[0].Line != 0 {
		t.Errorf("cap: %d kept, %d omitted, total %d", len(cr.Findings), cr.Omitted, cr.Total)
	}
}

// Host copies and fills initialise global memory; a sanitized launch's
// stores do too, for the launches after it.
func TestSanitizerGlobalInit(t *testing.T) {
	g := New(Config{Workers: 1})
	m, err := catalog.Load(filepath.Join("testdata", "seeded"))
	if err != nil {
		t.Fatal(err)
	}
	src, _ := readTestdata("seeded/misc_bugs.ptx")
	k := kernel(t, loadSource(t, g, "misc_bugs.cu", src), "read_uninit")
	_ = m
	out, _ := g.Alloc(256)
	in, _ := g.Alloc(256)
	l := Launch{Grid: dim(1), Block: dim(64), Params: [][]byte{p64(out), p64(in), p32(64)}}
	r, err := runSanitized(g, k, l)
	if err != nil || r.Total != 64 {
		t.Fatalf("never written: %v, %v", err, r)
	}
	if err := g.Fill(in, 0, 4, 32); err != nil {
		t.Fatal(err)
	}
	if r, _ = runSanitized(g, k, l); r.Total != 32 || r.Findings[0].Thread != [3]int{32, 0, 0} {
		t.Fatalf("half filled: %v", r)
	}
	// out was written by the launches: reading it is fine.
	l.Params[1] = p64(out)
	if r, _ = runSanitized(g, k, l); !r.Clean() {
		t.Fatalf("read of what a sanitized launch wrote: %v", r)
	}
}

// seededKernel returns the catalogue's launch named name (Kernel.Name).
func seededKernel(t *testing.T, name string) *catalog.Kernel {
	t.Helper()
	m, err := catalog.Load(filepath.Join("testdata", "seeded"))
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(m.Kernels, func(k catalog.Kernel) bool { return k.Name() == name })
	if i < 0 {
		t.Fatalf("no %s in the catalogue", name)
	}
	return &m.Kernels[i]
}

// A store far past the end of its buffer that lands inside another
// allocation is out of bounds of the allocation its pointer came from.
func TestSanitizerProvenance(t *testing.T) {
	r := runSeeded(t, 1, seededKernel(t, "provenance.cu:shift_store"))
	if len(r.Findings) != 1 {
		t.Fatalf("want one finding:\n%s", r)
	}
	f := r.Findings[0]
	if f.Kind != "out-of-bounds" || f.Severity != "error" || f.Access != "write" || f.Count != 64 ||
		!strings.Contains(f.Allocation, "past the end of the 256-byte allocation") ||
		!strings.Contains(f.Allocation, "kernel parameter 1") || !strings.Contains(f.Allocation, "lands inside the 256-byte allocation") {
		t.Errorf("shift_store: %+v", f)
	}
}

// A race between warps is an error, with a block barrier as its fix, also
// where lanes of one warp raced first on the same lines (a warning alone).
func TestSanitizerRaceBetweenWarps(t *testing.T) {
	for _, name := range []string{"provenance.cu:neighbour_nosync", "provenance.cu:neighbour_syncwarp"} {
		r := runSeeded(t, 1, seededKernel(t, name))
		// Without __syncwarp() the pairs inside a warp still count as
		// warnings in the summary.
		if (r.Warnings > 0) != strings.HasSuffix(name, "nosync") || r.Errors == 0 {
			t.Errorf("%s: %d errors, %d warnings", name, r.Errors, r.Warnings)
		}
		for _, f := range r.Findings {
			if f.Kind == "race" && (f.Severity != "error" || !strings.Contains(f.Message, "__syncthreads()")) {
				t.Errorf("%s: %+v", name, f)
			}
		}
	}
	// Within one warp it stays a warning.
	if r := runSeeded(t, 1, seededKernel(t, "misc_bugs.cu:warp_nosync")); r.Errors != 0 || !strings.Contains(r.Findings[0].Message, "__syncwarp()") {
		t.Errorf("warp_nosync:\n%s", r)
	}
}

// Initialisation travels with device copies, byte for byte; a plain
// launch's stores count as writes, and what it did not store stays
// unwritten.
func TestSanitizerInitTravels(t *testing.T) {
	g := New(Config{Workers: 1})
	src, _ := readTestdata("seeded/misc_bugs.ptx")
	m := loadSource(t, g, "misc_bugs.cu", src)
	k := kernel(t, m, "read_uninit") // out[i] = in[i] for i < n
	a, _ := g.Alloc(256)
	b, _ := g.Alloc(256)
	out, _ := g.Alloc(256)
	if err := g.CopyIn(a+2, make([]byte, 100)); err != nil { // bytes [2, 102): words 0..25 partly
		t.Fatal(err)
	}
	if err := g.Copy(b, a, 256); err != nil {
		t.Fatal(err)
	}
	l := Launch{Grid: dim(1), Block: dim(64), Params: [][]byte{p64(out), p64(b), p32(64)}}
	r, err := runSanitized(g, k, l)
	if err != nil {
		t.Fatal(err)
	}
	// Threads 0 (bytes 0-1 unwritten) and 25 (bytes 102-103) up to 63.
	if r.Total != 1+39 || r.Findings[0].Thread != [3]int{0, 0, 0} {
		t.Fatalf("copy of a partly written buffer:\n%s", r)
	}
	// A plain launch writes out (the sanitized one's stores count too).
	fresh, _ := g.Alloc(256)
	l.Params[0], l.Params[1] = p64(fresh), p64(a)
	if err := g.Run(k, l, nil); err != nil {
		t.Fatal(err)
	}
	l.Params[0], l.Params[1] = p64(out), p64(fresh)
	if r, _ = runSanitized(g, k, l); !r.Clean() {
		t.Fatalf("read of what a plain launch wrote:\n%s", r)
	}
	// A device copy of unwritten bytes makes its destination unwritten.
	empty, _ := g.Alloc(256)
	if err := g.Copy(fresh+128, empty, 128); err != nil {
		t.Fatal(err)
	}
	if r, _ = runSanitized(g, k, l); r.Total != 32 || r.Findings[0].Thread != [3]int{32, 0, 0} {
		t.Fatalf("after copying unwritten bytes over half of it:\n%s", r)
	}
}

// initSet against a plain slice of booleans, through marks, clears and
// copies across chunk borders.
func TestInitSetModel(t *testing.T) {
	const n = 3*shadowChunk + 100
	var s initSet
	s.n = n
	model := make([]bool, n)
	r := rng(7)
	_ = r.next()
	check := func(step int) {
		t.Helper()
		var runs []initRun
		for i := 0; i < n; {
			j := i
			for j < n && model[j] == model[i] {
				j++
			}
			runs = append(runs, initRun{uint64(i), uint64(j - i), model[i]})
			i = j
		}
		if got := s.runs(0, n); !reflect.DeepEqual(got, runs) {
			t.Fatalf("step %d: runs %v, want %v", step, got, runs)
		}
		for k := 0; k < 50; k++ {
			off, m := int(r.next()%n), int(r.next()%64)+1
			m = min(m, n-off)
			want := !slices.Contains(model[off:off+m], false)
			if got := s.all(uint64(off), m); got != want {
				t.Fatalf("step %d: all(%d, %d) = %v, want %v", step, off, m, got, want)
			}
		}
	}
	for step := 0; step < 300; step++ {
		off := int(r.next() % n)
		m := min(int(r.next()%(2*shadowChunk)), n-off)
		switch r.next() % 4 {
		case 0, 1:
			s.mark(uint64(off), m)
			for i := off; i < off+m; i++ {
				model[i] = true
			}
		case 2:
			s.clear(uint64(off), m)
			for i := off; i < off+m; i++ {
				model[i] = false
			}
		default:
			if step%50 == 0 {
				s.mark(0, n) // whole: full, no table
				for i := range model {
					model[i] = true
				}
			}
		}
		check(step)
	}
}

// BenchmarkVecAddPartialOut is vecadd into an output one element longer
// than it writes, so the output never becomes wholly written and every
// launch without the sanitizer marks its stores (trackStores): the worst
// case of what the shadow costs with the sanitizer off.
func BenchmarkVecAddPartialOut(b *testing.B) {
	g := New(Config{})
	m := loadFixture(b, g, "nvrtc11/lab-vecadd.ptx")
	const n = 1 << 20
	r := rng(1)
	da, db := upload(b, g, f32bytes(r.float32s(n))), upload(b, g, f32bytes(r.float32s(n)))
	out, _ := g.Alloc(4*n + 4)
	benchRun(b, g, kernel(b, m, "_Z13vecadd_threadPfPKfS1_i"), Launch{Grid: dim(n / 256), Block: dim(256),
		Params: [][]byte{p64(out), p64(da), p64(db), p32(n)}})
}

// Workers mark one set at once (as a plain launch's stores do): every
// byte any of them marked is written, and the set ends full.
func TestInitSetConcurrentMarks(t *testing.T) {
	const n = 5*shadowChunk + 7
	var s initSet
	s.n = n
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for off := w * 3; off < n; off += 4 * 3 {
				s.mark(uint64(off), min(3, n-off))
			}
		}()
	}
	wg.Wait()
	if !s.all(0, n) || !s.full.Load() || s.tab.Load() != nil {
		t.Errorf("after every byte was marked: runs %v, full %v", s.runs(0, n), s.full.Load())
	}
}
