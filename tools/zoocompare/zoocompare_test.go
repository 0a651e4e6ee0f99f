package main

import (
	"bytes"
	"errors"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib/gpus"
	"github.com/culab/culab/cudalib/ncu"
	"github.com/culab/culab/cudalib/nvrtc"
	"github.com/culab/culab/cudalib/sass"
	"github.com/culab/culab/cudalib/timemodel"
	"github.com/culab/culab/tools/zoo"
)

func TestScore(t *testing.T) {
	ps := []point{
		{size: 1, variant: "a", predicted: 1, measured: 10},
		{size: 1, variant: "b", predicted: 2, measured: 20},    // ordered as a: agrees
		{size: 1, variant: "c", predicted: 1.005, measured: 4}, // modeled tie with a, measured apart: disagrees with a; vs b agrees
		{size: 2, variant: "a", predicted: 9, measured: 1},     // another size: no pairs with size 1; 9× off
	}
	f := score(ps)
	if f.pairs != 3 || f.agree != 2 {
		t.Errorf("pairs %d agree %d, want 3 and 2", f.pairs, f.agree)
	}
	if f.n != 4 || f.in2 != 0 || f.in4 != 1 {
		t.Errorf("rows %d, within 2× %d, within 4× %d; want 4, 0, 1", f.n, f.in2, f.in4)
	}
	if math.Abs(f.lo-0.1) > 1e-12 || f.hi != 9 {
		t.Errorf("ratios %g–%g, want 0.1–9", f.lo, f.hi)
	}
}

// fakeNCU is what ncu would report for the virtual GPU's launches if
// every counter were equal: each counter's value under its first metric.
func fakeNCU(ls []launch, id *int) []ncu.Launch {
	var out []ncu.Launch
	for _, l := range ls {
		m := map[string]float64{}
		for _, c := range ncu.Counters {
			for i, name := range c.Metrics[0] {
				v := 0.0
				if i == 0 {
					v = float64(*c.Field(l.Counters))
				}
				m[name] = v
			}
		}
		out = append(out, ncu.Launch{ID: *id, Kernel: l.Kernel, Grid: l.Grid, Block: l.Block, Metrics: m})
		*id++
	}
	return out
}

// TestEndToEndOnVirtualGPU runs two families on the virtual GPU, takes
// that run as the GPU's too, with a profile that agrees, and checks that
// the comparison says so: every pair agrees, every ratio is 1, every
// counter equal.
func TestEndToEndOnVirtualGPU(t *testing.T) {
	vm, err := run(runConfig{virtual: true, smallest: true, families: []string{"reduce", "compact"}, rounds: 1, seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(vm.Rows) != 7 {
		t.Fatalf("%d rows, want 7", len(vm.Rows))
	}
	var launches []ncu.Launch
	id := 0
	// A launch the zoo did not make (a library's) is skipped.
	launches = append(launches, ncu.Launch{ID: id, Kernel: "other", Metrics: map[string]float64{}})
	id++
	for _, r := range vm.Rows {
		if r.Check != "" {
			t.Errorf("%s %s: %s", r.Family, r.Variant, r.Check)
		}
		if len(r.Work) == 0 || len(r.RoundsMS) != 1 {
			t.Errorf("%s %s: %d pieces of work, %d rounds", r.Family, r.Variant, len(r.Work), len(r.RoundsMS))
		}
		launches = append(launches, fakeNCU(r.Launches, &id)...)
	}
	rec, problems := build(vm, []*runLog{vm, vm}, []string{"a", "b"}, vm, launches, nil)
	if len(problems) != 1 || !strings.Contains(problems[0], "other") {
		t.Errorf("problems %q, want the one stray launch", problems)
	}
	var kernels int
	for _, r := range rec.Rows {
		kernels += len(r.Kernels)
	}
	if kernels != 4+2*3 { // compact: the reset and the kernel
		t.Errorf("%d kernels profiled, want 10", kernels)
	}
	cf := countersOf(rec)
	if cf.equal != cf.kernels || cf.lo != 1 || cf.hi != 1 {
		t.Errorf("counters: %d of %d equal, PTX/SASS %g–%g; want all, 1–1", cf.equal, cf.kernels, cf.lo, cf.hi)
	}
	fams, points := modelPoints(timemodel.H100, rec)
	for _, f := range fams {
		s := score(points[f])
		// The model's time from the recorded work is the run's to rounding.
		if s.agree != s.pairs || s.in2 != s.n || math.Abs(s.lo-1) > 1e-3 || math.Abs(s.hi-1) > 1e-3 {
			t.Errorf("%s: %+v, want full agreement", f, s)
		}
	}
	var b bytes.Buffer
	report(&b, gpus.H100, rec, problems)
	if !strings.Contains(b.String(), "| **all** |  | 7 | **100 % (9/9)**") {
		t.Errorf("report's summary line missing:\n%s", b.String())
	}
}

// A counter that differs is listed with its row.
func TestCounterMiss(t *testing.T) {
	k := kernelCounters{Kernel: "k"}
	k.VM.GlobalLoadRequests, k.NCU.GlobalLoadRequests = 10, 12
	k.VM.WarpInstrs, k.NCU.WarpInstrs = 100, 200
	rec := &recording{Rows: []recRow{{Family: "f", Variant: "v", Size: 8, Kernels: []kernelCounters{k}}}}
	cf := countersOf(rec)
	if cf.equal != 0 || len(cf.misses) != 1 || cf.misses[0] != (counterMiss{"f 8 v", "k", "global ld requests", 10, 12, ""}) {
		t.Errorf("%+v", cf)
	}
	if cf.lo != 0.5 || cf.within5 != 0 {
		t.Errorf("PTX/SASS %g, within 5 %% %d; want 0.5, 0", cf.lo, cf.within5)
	}
}

// A kernel whose global counts depend on the order atomics land, and one
// whose shared conflicts ncu took from its hardware counter alone (more
// than the addresses give), are told apart from unexplained differences;
// the hardware counter's excess over the SASS-patched one is listed.
func TestCounterMissWhy(t *testing.T) {
	order := kernelCounters{Kernel: "bfs_queue"}
	order.VM.GlobalStoreSectors, order.NCU.GlobalStoreSectors = 18276, 18292
	timing := kernelCounters{Kernel: "life_shared", Timing: []string{"shared ld bank conflicts"}}
	timing.NCU.SharedLoadBankConflicts = 7522
	patched := kernelCounters{Kernel: "life_global", Arbitration: map[string]int64{"shared st wavefronts": 599}}
	odd := kernelCounters{Kernel: "bfs_pull"}
	odd.VM.SharedLoadRequests, odd.NCU.SharedLoadRequests = 1, 2
	rec := &recording{Rows: []recRow{
		{Family: "bfs", Variant: "queue", Size: 8, Kernels: []kernelCounters{order, odd}},
		{Family: "life", Variant: "shared", Size: 8, Kernels: []kernelCounters{timing, patched}},
	}}
	cf := countersOf(rec)
	if cf.kernels != 4 || cf.equal != 1 || cf.timingOnly != 1 || len(cf.atomicOrder) != 1 || cf.atomicOrder[0] != "bfs 8 queue: bfs_queue" {
		t.Errorf("%+v", cf)
	}
	whys := map[string]string{}
	for _, m := range cf.misses {
		whys[m.kernel] = m.why
	}
	if whys["bfs_queue"] != whyAtomicOrder || whys["life_shared"] != whyTiming || whys["bfs_pull"] != "" {
		t.Errorf("why: %v", whys)
	}
	if len(cf.arbitration) != 1 || cf.arbitration[0] != (counterMiss{"life 8 shared", "life_global", "shared st wavefronts", 0, 599, ""}) {
		t.Errorf("arbitration %+v", cf.arbitration)
	}
	var b bytes.Buffer
	writeCounterNotes(&b, cf)
	for _, want := range []string{"1 kernels differ only in hardware counts that hold arbitration", "bfs 8 queue: bfs_queue", "Every other kernel: 1 of 2 equal"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("notes lack %q:\n%s", want, b.String())
		}
	}
}

func TestReadNative(t *testing.T) {
	path := t.TempDir() + "/native.txt"
	text := "row\tgemm\t512\tregister tiles 4×4\t0.10000 0.30000 0.20000\nnoise\nrow\tsfu\t65536\t__expf\t0.007\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := readNative(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || median(got[rowKey{"gemm", "register tiles 4×4", 512}]) != 0.2 || got[rowKey{"sfu", "__expf", 65536}][0] != 0.007 {
		t.Errorf("%v", got)
	}
	if err := os.WriteFile(path, []byte("row\tgemm\tbig\tv\t1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readNative(path); err == nil || !strings.Contains(err.Error(), `size "big"`) {
		t.Errorf("bad size: %v", err)
	}
}

// TestSASSEstimate scales the SASS of a family of straight-line kernels
// by the virtual GPU's line counts: there it is ncu's count exactly.
func TestSASSEstimate(t *testing.T) {
	est := zooEstimates(t, []string{"aos"})
	if len(est) != 3 {
		t.Fatalf("%d kernels, want 3", len(est))
	}
	for _, e := range est {
		if e.ncu == 0 || e.sassEs != e.ncu {
			t.Errorf("%s: estimate %d, ncu %d", e.kernel, e.sassEs, e.ncu)
		}
	}
}

// zooEstimates runs families on the virtual GPU at their smallest size
// and estimates their kernels' SASS against the zoo's recording; it skips
// without NVRTC 13 and nvdisasm.
func zooEstimates(t *testing.T, families []string) []kernelEstimate {
	t.Helper()
	return setEstimates(t, zoo.SetZoo, zooRecording, families)
}

// setEstimates is zooEstimates of a set's families against recording.
func setEstimates(t *testing.T, set, recording string, families []string) []kernelEstimate {
	t.Helper()
	tools, err := sass.Find()
	if errors.Is(err, sass.ErrToolsMissing) {
		t.Skipf("no NVRTC 13 and nvdisasm (%v)", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	lib, err := nvrtc.Load()
	if err != nil {
		t.Fatal(err)
	}
	rec, err := readRecording(recording)
	if err != nil {
		t.Fatal(err)
	}
	vm, err := run(runConfig{virtual: true, once: true, smallest: true, lines: true, set: set, families: families, seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	est, err := estimate(vm, rec, tools, lib)
	if err != nil {
		t.Fatal(err)
	}
	return est
}

// A rerun of some families replaces their rows where they were, and
// leaves the others' alone.
func TestReplaceFamilies(t *testing.T) {
	rows := []row{{Family: "a", Size: 1}, {Family: "b", Size: 1}, {Family: "b", Size: 2}, {Family: "c", Size: 1}}
	part := []row{{Family: "b", Size: 3}, {Family: "d", Size: 1}}
	var got []string
	for _, r := range replaceFamilies(rows, part) {
		got = append(got, r.Family+strconv.Itoa(r.Size))
	}
	if want := "a1 b3 c1 d1"; strings.Join(got, " ") != want {
		t.Errorf("got %v, want %s", got, want)
	}
}
