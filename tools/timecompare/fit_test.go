package main

import (
	"os"
	"testing"

	"github.com/culab/culab/cudalib/timemodel"
)

// recording is the committed recording of every lab row's timed work on
// the virtual GPU at the H100 comparison's sizes, with the H100's times.
const recording = "testdata/h100-2026-11-23.json.gz"

// fitFloor is, per lab, the pairs in agreement and the times within 2×
// that the H100 model reaches on the recording (docs/timemodel.md): a
// change to the model that loses any of them fails.
var fitFloor = map[string][2]int{
	"stencil3d": {243, 48}, "matmul": {26, 15}, "vecadd": {36, 24}, "grad1d": {267, 60},
	"floyd": {59, 21}, "bankconflict": {39, 20}, "launchcfg": {66, 32}, "transpose": {13, 15},
}

// TestModelOnRecording evaluates the H100 time model on the recording: per
// lab, the pairwise order agreement and the share of times within 2×.
func TestModelOnRecording(t *testing.T) {
	d, err := readDump(recording)
	if err != nil {
		t.Fatal(err)
	}
	rs := fitResults(timemodel.H100, d)
	if len(rs) != len(fitFloor) {
		t.Errorf("%d labs recorded, want %d", len(rs), len(fitFloor))
	}
	for _, r := range rs {
		a, n, _, _ := agreement(r.points)
		in, m := within2x(r.points)
		lo, hi := ratioRange(r.points)
		t.Logf("%-13s order %3.0f%% (%d/%d)  within 2× %3.0f%% (%d/%d)  ratio %.2f–%.2f", r.lab,
			100*float64(a)/float64(n), a, n, 100*float64(in)/float64(m), in, m, lo, hi)
		if f := fitFloor[r.lab]; a < f[0] || in < f[1] {
			t.Errorf("%s: %d pairs agree, %d times within 2×; the model reached %d and %d", r.lab, a, in, f[0], f[1])
		}
	}
	if os.Getenv("FIT_ROWS") != "" {
		writeMarkdown(os.Stdout, nil, fitResults(timemodel.H100, d))
	}
}
