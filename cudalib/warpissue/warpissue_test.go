package warpissue

import (
	"math"
	"os"
	"testing"

	"github.com/culab/culab/cudalib/sass"
)

func kernels(t *testing.T, arch string) *sass.Program {
	t.Helper()
	b, err := os.ReadFile("testdata/" + arch + ".sass")
	if err != nil {
		t.Fatal(err)
	}
	p, err := sass.Parse(string(b))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// h200 is the H200's latencies as the time model takes them (global: an
// L2 hit, mlp.cu's part "lat"; ALU: InstrCycles).
var h200 = Latencies{Global: 295.6, Shared: 15, ALU: 4.65}

// TestMMBlockH200 holds the scoreboard to bench/microbench/mlp.cu's part
// "mm" on an H200 (docs/results/2026-11-28g-mlp): cycles a load of
// mm_block with its k loop unrolled U times.
func TestMMBlockH200(t *testing.T) {
	p := kernels(t, "mlp_sm90")
	for _, c := range []struct {
		name     string
		measured float64
	}{
		{"_Z10mm_block_uILi1EEvPfPKfS2_iPx", 139.7},
		{"_Z10mm_block_uILi2EEvPfPKfS2_iPx", 75.9},
		{"_Z10mm_block_uILi4EEvPfPKfS2_iPx", 75.9},
		{"_Z10mm_block_uILi8EEvPfPKfS2_iPx", 73.6},
		{"_Z10mm_block_uILi16EEvPfPKfS2_iPx", 49.9},
		{"_Z10mm_block_uILi32EEvPfPKfS2_iPx", 50.3},
	} {
		k, err := p.Kernel(c.name)
		if err != nil {
			t.Fatal(err)
		}
		l, ok := Hot(k)
		if !ok {
			t.Fatalf("%s: no loop with loads", c.name)
		}
		got := l.Cycles(h200) / float64(l.Loads)
		t.Logf("%s: %d ops, %d loads: %.1f cycles a load (H200: %.1f)", c.name, len(l.Ops), l.Loads, got, c.measured)
		if math.Abs(got/c.measured-1) > 0.1 {
			t.Errorf("%s: %.1f cycles a load, the H200 %.1f", c.name, got, c.measured)
		}
	}
}

// TestLatLatency derives the latencies behind the time model's
// L2HitCycles and DRAMLoadCycles from mlp.cu's part "lat" on an H200 (one load an iteration,
// the next address depending on it): ptxas unrolls its loop 16 times, and
// the scoreboard's cycles grow by one a cycle of load latency an
// iteration, so the latency is the measured cycles an iteration less the
// scoreboard's at any latency the chain is bound by, less that latency
// (its loop's own chain).
func TestLatLatency(t *testing.T) {
	p := kernels(t, "mlp_sm90")
	for _, c := range []struct {
		name     string
		measured float64 // cycles an iteration, one warp
		want     float64 // the latency it gives
	}{
		{"_Z3latILi1ELi0EEvPKiPiPxi", 71.6, 42.7},   // L1
		{"_Z3latILi1ELi1EEvPKiPiPxi", 324.5, 295.6}, // L2 (__ldcg)
		{"_Z3latILi1ELi3EEvPKiPiPxi", 705.8, 676.9}, // DRAM (__ldcg, new lines)
	} {
		k, err := p.Kernel(c.name)
		if err != nil {
			t.Fatal(err)
		}
		l, ok := Hot(k)
		if !ok || l.Loads != 16 {
			t.Fatalf("%s: the hot loop has %d loads, want the 16 of ptxas's unrolled loop", c.name, l.Loads)
		}
		at := func(g float64) float64 { return l.Cycles(Latencies{Global: g, Shared: 15, ALU: 4.65}) / 16 }
		own := at(30) - 30
		slope := (at(300) - at(30)) / 270
		if math.Abs(slope-1) > 1e-9 {
			t.Fatalf("%s: %.3f cycles an iteration a cycle of latency, want 1", c.name, slope)
		}
		if got := c.measured - own; math.Abs(got-c.want) > 0.5 {
			t.Errorf("%s: latency %.1f, want %.1f", c.name, got, c.want)
		}
	}
}
