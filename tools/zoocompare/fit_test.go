package main

import (
	"math"
	"slices"
	"testing"

	"github.com/culab/culab/cudalib/timemodel"
)

// zooRecording is the committed recording of the kernel zoo: every row's
// timed work on the virtual GPU, the H100's times of six runs and ncu's
// counters (docs/results/2026-11-25-zoo). The time model was never fitted
// to these kernels: its figures here are out of sample.
const zooRecording = "../../docs/results/2026-11-25-zoo/recording.json.gz"

// zooFloor is, per family, the variant pairs the H100 model orders as the
// median of the six runs and the rows it puts within 2× of it, as of the
// recording (the model of 2026-11-25 with atomics on one address, the
// FP64 pipe, division sequences and the L1 line rate): a
// model change that loses any fails, one that gains should raise them.
var zooFloor = map[string][2]int{
	"aos": {6, 5}, "atomics": {8, 7}, "bitonic": {3, 6}, "compact": {6, 6}, "conv1d": {9, 9},
	"conv2d": {8, 9}, "divergence": {6, 6}, "gather": {6, 6}, "gemm": {15, 12}, "histo-skewed": {6, 6},
	"histo-uniform": {5, 4}, "horner": {6, 6}, "ilp": {2, 6}, "intdiv": {9, 8}, "jacobi2d": {8, 9},
	"mandel": {2, 4}, "mat2d": {6, 6}, "matvec": {8, 9}, "misaligned": {6, 6}, "nbody": {6, 6},
	"reduce": {16, 12}, "scan": {9, 9}, "sfu": {12, 8}, "spmv-csr": {1, 4}, "spmv-ell": {2, 4},
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
	// All families: 90 % of the pairs, 98 % of the rows within 2×, 99 %
	// within 4× (the goals: 92 %, 95 %, all).
	if total.agree < 194 || total.in2 < 193 || total.in4 < 195 {
		t.Errorf("all: %d pairs, %d within 2×, %d within 4×; the model reached 194, 193, 195", total.agree, total.in2, total.in4)
	}
	// The families no constant was fitted on: 91 %, 98 %, 99 %.
	held, _, _ := splitFigures(fams, points)
	t.Logf("held out: order %d/%d within 2× %d/%d within 4× %d/%d", held.agree, held.pairs, held.in2, held.n, held.in4, held.n)
	if held.agree < 186 || held.in2 < 186 || held.in4 < 187 {
		t.Errorf("held out: %d pairs, %d within 2×, %d within 4×; the model reached 186, 186, 187", held.agree, held.in2, held.in4)
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

// TestLeaveFamiliesOut scores every family with the zoo's constants
// fitted on the other families only, and holds the figures: a constant
// that only helps the family it was fitted on shows here.
func TestLeaveFamiliesOut(t *testing.T) {
	rec, err := readRecording(zooRecording)
	if err != nil {
		t.Fatal(err)
	}
	per, total := leaveFamiliesOut(timemodel.H100, rec)
	for _, lf := range per {
		if usesZooConstant(rec, lf.family) {
			t.Logf("%-14s constants %v: order %d/%d within 2× %d/%d", lf.family, lf.values, lf.fig.agree, lf.fig.pairs, lf.fig.in2, lf.fig.n)
		}
	}
	t.Logf("all: order %d/%d within 2× %d/%d within 4× %d/%d", total.agree, total.pairs, total.in2, total.n, total.in4, total.n)
	if total.agree < 194 || total.in2 < 193 || total.in4 < 195 {
		t.Errorf("leave-families-out: %d pairs, %d within 2×, %d within 4×; the model reached 194, 193, 195", total.agree, total.in2, total.in4)
	}
	// The fit rule gives timemodel.H100's value on the family it names.
	for _, c := range zooConstants {
		var rows []recRow
		for _, r := range rec.Rows {
			if slices.Contains(c.fittedOn, r.Family) {
				rows = append(rows, r)
			}
		}
		v, ok := c.fit(rows)
		if !ok || math.Abs(v/timemodel.H100.AddressAtomicsPerSec-1) > 0.01 {
			t.Errorf("%s fitted on %v: %g, timemodel.H100 has %g", c.name, c.fittedOn, v, timemodel.H100.AddressAtomicsPerSec)
		}
	}
}
