package main

import (
	"os"
	"testing"

	"github.com/culab/culab/cudalib/timemodel"
)

// recording is the committed recording of every lab row's timed work on
// the virtual GPU at the H100 comparison's sizes, with the H100's times.
const recording = "testdata/h100-2026-11-23.json.gz"

// TestModelOnRecording evaluates the H100 time model on the recording: per
// lab, the pairwise order agreement and the share of times within 2×.
func TestModelOnRecording(t *testing.T) {
	d, err := readDump(recording)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range fitResults(timemodel.H100, d) {
		a, n, _, _ := agreement(r.points)
		in, m := within2x(r.points)
		lo, hi := ratioRange(r.points)
		t.Logf("%-13s order %3.0f%% (%d/%d)  within 2× %3.0f%% (%d/%d)  ratio %.2f–%.2f", r.lab,
			100*float64(a)/float64(n), a, n, 100*float64(in)/float64(m), in, m, lo, hi)
	}
	if os.Getenv("FIT_ROWS") != "" {
		writeMarkdown(os.Stdout, nil, fitResults(timemodel.H100, d))
	}
}
