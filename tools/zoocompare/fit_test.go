package main

import (
	"testing"

	"github.com/culab/culab/cudalib/timemodel"
)

// zooRecording is the committed recording of the kernel zoo: every row's
// timed work on the virtual GPU, the H100's times of six runs and ncu's
// counters (docs/results/2026-11-25-zoo, the virtual GPU's run repeated
// for the atomic and SFU counters in docs/results/2026-11-25d-zoo-model).
// The time model was never fitted to these kernels: its figures here are
// out of sample.
const zooRecording = "../../docs/results/2026-11-25d-zoo-model/recording.json.gz"

// zooFloor is, per family, the variant pairs the H100 model orders as the
// median of the six runs and the rows it puts within 2× of it, as of the
// recording (the model of 2026-11-25d: the microbenchmarks' constants,
// loads in flight, Little's law for DRAM, atomics over a footprint, the
// SFU): a model change that loses any fails, one that gains should raise
// them. matvec's 9 pairs became 8 with L1's line rate measured at full
// occupancy (0.95, docs/results/2026-11-29g-l1-data-pipe), which put two
// more rows within 2×: this recording predates the counted lines and
// wavefronts, and on the current one (that folder) matvec keeps 9 of 9.
// conv1d's 9 pairs became 8 when the barrier step and shared loads'
// latency were measured (docs/results/2026-11-29l-barrier-blocks): its
// shared tiles, at 0.96 and 0.99 of the H100's time, now come out ahead
// of the global variant (measured 6–8 % behind it), while conv2d and gemm
// gained a pair each.
var zooFloor = map[string][2]int{
	"aos": {6, 5}, "atomics": {12, 8}, "bitonic": {3, 6}, "compact": {6, 6}, "conv1d": {8, 9},
	"conv2d": {9, 9}, "divergence": {6, 6}, "gather": {6, 6}, "gemm": {16, 12}, "histo-skewed": {5, 6},
	"histo-uniform": {6, 6}, "horner": {6, 6}, "ilp": {2, 6}, "intdiv": {9, 8}, "jacobi2d": {9, 9},
	"mandel": {2, 4}, "mat2d": {6, 6}, "matvec": {8, 9}, "misaligned": {6, 6}, "nbody": {6, 6},
	"reduce": {16, 12}, "scan": {9, 9}, "sfu": {11, 8}, "spmv-csr": {1, 4}, "spmv-ell": {2, 3},
	"strided": {11, 8}, "vecwidth": {6, 6}, "warpsum": {6, 6},
}

// TestModelOnZoo evaluates the H100 time model on the zoo's recording.
func TestModelOnZoo(t *testing.T) {
	rec, err := readRecording(zooRecording)
	if err != nil {
		t.Fatal(err)
	}
	fams, points := modelPoints(timemodel.H100, rec)
	var total figures
	for _, f := range fams {
		s := score(points[f])
		total.add(s)
		t.Logf("%-14s order %3d/%-3d within 2× %2d/%-2d within 4× %2d/%-2d ratio %.2f–%.2f", f, s.agree, s.pairs, s.in2, s.n, s.in4, s.n, s.lo, s.hi)
		fl, ok := zooFloor[f]
		if !ok {
			t.Errorf("%s: no floor", f)
			continue
		}
		if s.agree < fl[0] || s.in2 < fl[1] {
			t.Errorf("%s: %d pairs agree, %d rows within 2×; the model reached %d and %d", f, s.agree, s.in2, fl[0], fl[1])
		}
	}
	t.Logf("all: order %d/%d within 2× %d/%d within 4× %d/%d", total.agree, total.pairs, total.in2, total.n, total.in4, total.n)
	// Every family is held out (no constant of the model comes from the
	// zoo): 92 % of the pairs, 99 % of the rows within 2×, all within 4×
	// (the goals: 92 %, 95 %, all).
	if total.agree < 198 || total.in2 < 195 || total.in4 < 197 {
		t.Errorf("all: %d pairs, %d within 2×, %d within 4×; the model reached 198, 195, 197", total.agree, total.in2, total.in4)
	}
	if len(fams) != len(zooFloor) {
		t.Errorf("%d families recorded, %d floors", len(fams), len(zooFloor))
	}
}

// TestZooCounters holds the recording's counters to their figures: the
// kernels whose global and shared memory counters all equal ncu's, and
// those whose PTX warp-instructions are within 5 % of the SASS ones.
// (The counters are the virtual GPU's at recording time: a change to it
// shows here once the zoo is recorded again.)
func TestZooCounters(t *testing.T) {
	rec, err := readRecording(zooRecording)
	if err != nil {
		t.Fatal(err)
	}
	cf := countersOf(rec)
	t.Logf("%d of %d kernels equal; PTX/SASS %.2f–%.2f, %d within 5 %%", cf.equal, cf.kernels, cf.lo, cf.hi, cf.within5)
	for _, m := range cf.misses {
		t.Log(m)
	}
	if cf.kernels != 90 || cf.equal < 83 || cf.within5 < 15 {
		t.Errorf("%d kernels, %d equal, %d within 5 %%: want 90, ≥ 83, ≥ 15", cf.kernels, cf.equal, cf.within5)
	}
}
