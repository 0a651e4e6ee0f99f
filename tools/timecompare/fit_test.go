package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib/gpus"
	"github.com/culab/culab/cudalib/timemodel"
)

// recording is the committed recording of every lab row's timed work on
// the virtual GPU at the H100 comparison's sizes, with the H100's times of
// 2026-11-23; rerun and final are the H100's second and third runs at the
// same sizes, whose times the test sets beside the same work. (Re-recorded
// on the virtual GPU on 2026-11-25 for the counters the model's SASS, FP64
// and atomics terms read; every other counter equal to the first record.)
const (
	recording = "testdata/h100-2026-11-23.json.gz"
	rerun     = "../../docs/results/2026-11-23b-h100/timecompare.md"
	final     = "../../docs/results/2026-11-23b-h100/timecompare-final.md"
	// runA and runB are two back-to-back runs with the variants of a size
	// timed interleaved in rounds (labs.Options.Rounds).
	runA = "../../docs/results/2026-11-23c-h100/timecompare-a.md"
	runB = "../../docs/results/2026-11-23c-h100/timecompare-b.md"
	// runC and runD are two more, run after the model's last change: held
	// out of its calibration.
	runC = "../../docs/results/2026-11-23d-h100/timecompare-c.md"
	runD = "../../docs/results/2026-11-23d-h100/timecompare-d.md"
)

// fitFloor is, per measured run and lab, the pairs in agreement and the
// times within 2× that the H100 model reaches (docs/timemodel.md): a
// change to the model that loses any of them fails. Floyd's were lowered
// when the launch sequence's constants were measured (launchseq.cu: no
// kernel switch, a 1.5 µs gap): these runs timed its small blocked rows
// up to 2× slower than culab on a GPU does today (V = 100, B = 32:
// 0.156–0.167 ms here, 0.072 on an H200 in
// docs/results/2026-11-28-launch-sequence), with the host's noise in them
// (B = 8 at 400: 3.02 ms in one run, 0.88 in another). The stencil's,
// bank conflicts' and transpose's were lowered when the barrier step and
// shared loads' latency were measured (barphase.cu, ldslat.cu;
// docs/results/2026-11-29l-barrier-blocks): at these small sizes the
// model loses 1–8 stencil pairs, 2–3 of bank conflicts (gaps of 1–3 %)
// and 1 of transpose, and every ratio tightens (bank conflicts 1.10–1.69
// → 0.84–1.34), while at the report's sizes it gains 12 stencil pairs.
// Launch configuration's were lowered (and grad1d's raised) when block
// dispatch took the rates blocksize.cu measured (1.64 G blocks/s up to
// 512 threads; docs/results/2026-11-29p-wave-width): these runs have
// the one-element-a-thread copy of 2^20 in 256-thread blocks 7 % behind
// the grid-stride loops, which the H200 runs alike and the model now ties
// (4–5 pairs a run, a stencil pair in some), while grad1d gains 4–10 a run.
var fitFloor = map[string]map[string][2]int{
	recording: {
		"stencil3d": {250, 48}, "matmul": {30, 15}, "vecadd": {36, 24}, "grad1d": {284, 60},
		"floyd": {55, 19}, "bankconflict": {36, 20}, "launchcfg": {98, 32}, "transpose": {12, 15},
	},
	rerun: {
		"stencil3d": {244, 48}, "matmul": {28, 15}, "vecadd": {36, 24}, "grad1d": {321, 60},
		"floyd": {61, 18}, "bankconflict": {37, 20}, "launchcfg": {102, 31}, "transpose": {13, 15},
	},
	final: {
		"stencil3d": {248, 48}, "matmul": {30, 15}, "vecadd": {36, 24}, "grad1d": {298, 60},
		"floyd": {57, 18}, "bankconflict": {37, 20}, "launchcfg": {100, 32}, "transpose": {14, 15},
	},
	runA: {
		"stencil3d": {251, 48}, "matmul": {30, 15}, "vecadd": {36, 24}, "grad1d": {299, 60},
		"floyd": {59, 21}, "bankconflict": {37, 20}, "launchcfg": {107, 32}, "transpose": {14, 15},
	},
	runB: {
		"stencil3d": {253, 48}, "matmul": {30, 15}, "vecadd": {36, 24}, "grad1d": {318, 60},
		"floyd": {57, 19}, "bankconflict": {37, 20}, "launchcfg": {97, 32}, "transpose": {14, 15},
	},
	runC: {
		"stencil3d": {252, 48}, "matmul": {30, 15}, "vecadd": {36, 24}, "grad1d": {294, 60},
		"floyd": {60, 20}, "bankconflict": {37, 20}, "launchcfg": {100, 32}, "transpose": {14, 15},
	},
	runD: {
		"stencil3d": {253, 48}, "matmul": {30, 15}, "vecadd": {36, 24}, "grad1d": {323, 60},
		"floyd": {59, 21}, "bankconflict": {37, 20}, "launchcfg": {106, 31}, "transpose": {14, 15},
	},
}

// steadyFloor is, per lab, the pairs the seven runs order alike that the
// model orders so too, and how many such pairs there are
// (steadyAgreement).
var steadyFloor = map[string][2]int{
	"stencil3d": {215, 217}, "matmul": {28, 28}, "vecadd": {36, 36}, "grad1d": {184, 187},
	"floyd": {52, 52}, "bankconflict": {29, 31}, "launchcfg": {44, 49}, "transpose": {12, 13},
}

// medianFloor is, per lab, the pairs in agreement and the times within 2×
// against each row's median over the seven runs (medianRun): the issue's
// goal is 90 % of the pairs and every time.
var medianFloor = map[string][2]int{
	"stencil3d": {254, 48}, "matmul": {30, 15}, "vecadd": {36, 24}, "grad1d": {315, 60},
	"floyd": {59, 20}, "bankconflict": {37, 20}, "launchcfg": {100, 32}, "transpose": {14, 15},
}

// TestModelOnRecording evaluates the H100 time model on the recording,
// against the seven H100 runs: per lab, the pairwise order agreement and
// the share of times within 2× against each and against their median, and
// the agreement over the pairs all seven order alike.
func TestModelOnRecording(t *testing.T) {
	rec, err := readDump(recording)
	if err != nil {
		t.Fatal(err)
	}
	runs := []string{recording, rerun, final, runA, runB, runC, runD}
	results := make([][]labResult, len(runs))
	dumps := make([]dump, len(runs))
	for i, run := range runs {
		d := rec
		if run != recording {
			if d, err = remeasure(rec, run); err != nil {
				t.Fatal(err)
			}
		}
		dumps[i] = d
		rs := fitResults(timemodel.H100, d)
		results[i] = rs
		floor := fitFloor[run]
		if len(rs) != len(floor) {
			t.Errorf("%s: %d labs recorded, want %d", run, len(rs), len(floor))
		}
		for _, r := range rs {
			a, n, _, _ := agreement(r.points)
			in, m := within2x(r.points)
			lo, hi := ratioRange(r.points)
			t.Logf("%s: %-13s order %3.0f%% (%d/%d)  within 2× %3.0f%% (%d/%d)  ratio %.2f–%.2f", run, r.lab,
				100*float64(a)/float64(n), a, n, 100*float64(in)/float64(m), in, m, lo, hi)
			if f := floor[r.lab]; a < f[0] || in < f[1] {
				t.Errorf("%s: %s: %d pairs agree, %d times within 2×; the model reached %d and %d", run, r.lab, a, in, f[0], f[1])
			}
		}
		if os.Getenv("FIT_ROWS") != "" {
			writeMarkdown(os.Stdout, nil, rs)
		}
	}
	for l, r := range results[0] {
		points := make([][]point, len(runs))
		for i := range runs {
			points[i] = results[i][l].points
		}
		a, n := steadyAgreement(points)
		t.Logf("steady pairs: %-13s %3.0f%% (%d/%d)", r.lab, 100*float64(a)/float64(n), a, n)
		if f := steadyFloor[r.lab]; a < f[0] || n != f[1] {
			t.Errorf("%s: %d of %d steady pairs agree; the model reached %d of %d", r.lab, a, n, f[0], f[1])
		}
	}
	for _, r := range fitResults(timemodel.H100, medianRun(dumps)) {
		a, n, _, _ := agreement(r.points)
		in, m := within2x(r.points)
		t.Logf("median of the runs: %-13s order %3.0f%% (%d/%d)  within 2× %d/%d", r.lab, 100*float64(a)/float64(n), a, n, in, m)
		if f := medianFloor[r.lab]; a < f[0] || in < f[1] {
			t.Errorf("median of the runs: %s: %d pairs agree, %d times within 2×; the model reached %d and %d", r.lab, a, in, f[0], f[1])
		}
	}
}

// TestRemeasure sets the rerun's times beside the recorded work.
func TestRemeasure(t *testing.T) {
	rec, err := readDump(recording)
	if err != nil {
		t.Fatal(err)
	}
	again, err := remeasure(rec, rerun)
	if err != nil {
		t.Fatal(err)
	}
	r0, r1 := rec.Labs[1].Rows[0], again.Labs[1].Rows[0]
	if rec.Labs[1].Lab != "matmul" || r0.Size != "128" || r0.MeasuredMS != 0.153 || r1.MeasuredMS != 0.152 ||
		len(r1.Work) != len(r0.Work) || again.Measured != rerun {
		t.Errorf("matmul's first row: recorded %+v ms, remeasured %v ms from %q", r0.MeasuredMS, r1.MeasuredMS, again.Measured)
	}
}

// TestRecordedTables models the recorded rows as the virtual GPU's tables
// would show them, for a GPU run that skips the virtual GPU (-recording).
func TestRecordedTables(t *testing.T) {
	rec, err := readDump(recording)
	if err != nil {
		t.Fatal(err)
	}
	tables := recordedTables(timemodel.H100, rec)
	fit := fitResults(timemodel.H100, rec)
	if len(tables) != len(fit) {
		t.Fatalf("%d tables, %d labs", len(tables), len(fit))
	}
	for _, r := range fit {
		rows := tables[r.lab].Rows
		if len(rows) != len(r.points) {
			t.Errorf("%s: %d rows, %d recorded", r.lab, len(rows), len(r.points))
			continue
		}
		for i, p := range r.points {
			if row := rows[i]; !row.Modeled || row.SizeLabel != p.size || row.Variant != p.variant || row.MedianMS != p.modeled {
				t.Errorf("%s row %d: %+v, want %s %s %v ms", r.lab, i, row, p.size, p.variant, p.modeled)
			}
		}
	}
}

// TestMedianRun: each row's time is its median over the runs that
// measured it.
func TestMedianRun(t *testing.T) {
	row := func(ms float64) dump {
		return dump{Labs: []dumpLab{{Lab: "x", Rows: []dumpRow{{Size: "1", Variant: "v", MeasuredMS: ms}}}}}
	}
	for _, c := range []struct {
		runs []float64
		want float64
	}{{[]float64{3, 1, 2}, 2}, {[]float64{4, 1, 2, 8}, 3}, {[]float64{0, 5}, 5}, {[]float64{0}, 0}} {
		var runs []dump
		for _, ms := range c.runs {
			runs = append(runs, row(ms))
		}
		if got := medianRun(runs).Labs[0].Rows[0].MeasuredMS; got != c.want {
			t.Errorf("median of %v = %v, want %v", c.runs, got, c.want)
		}
	}
}

// TestSelfAgreement: one run predicts another's order by the model's
// rules, both ways round; a run that orders every pair alike agrees fully.
func TestSelfAgreement(t *testing.T) {
	run := func(ms ...float64) dump {
		var rows []dumpRow
		for i, v := range ms {
			rows = append(rows, dumpRow{Size: "1", Variant: string(rune('a' + i)), MeasuredMS: v})
		}
		return dump{Labs: []dumpLab{{Lab: "x", Rows: rows}}}
	}
	// a < b < c in the first two runs; the third swaps b and c: of three
	// pairs, two agree.
	runs := []dump{run(1, 2, 3), run(1, 2.5, 3.5), run(1, 3, 2)}
	lo, hi, ok := selfAgreement(runs, 0)
	if !ok || lo != 2.0/3 || hi != 1 {
		t.Errorf("self agreement %v–%v (%v), want 2/3–1", lo, hi, ok)
	}
	if _, _, ok := selfAgreement(runs[:1], 0); ok {
		t.Error("one run agrees with itself")
	}
}

// TestFitAcrossRuns writes -fit's summary across several runs of the same
// rows: a column per run, then the steady pairs.
func TestFitAcrossRuns(t *testing.T) {
	out := filepath.Join(t.TempDir(), "fit.md")
	if err := runFit(gpus.H100, recording, rerun+","+final, out); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for _, want := range []string{"across 2 runs", "| " + rerun + " | " + final + " | steady pairs | median of the runs | within 2× of it | GPU vs itself |",
		"| matmul | 93% (28/30) | 100% (30/30) | ", "### grad1d"} {
		if !strings.Contains(s, want) {
			t.Errorf("-fit across runs: no %q in\n%s", want, s[:min(len(s), 1500)])
		}
	}
}
