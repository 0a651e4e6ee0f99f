package warpissue

import (
	"math"
	"os"
	"strconv"
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
var h200 = Latencies{Global: 292.0, Shared: 29, ALU: 4.65}

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
		{"_Z3latILi1ELi0EEvPKiPiPxi", 71.6, 39.1},   // L1
		{"_Z3latILi1ELi1EEvPKiPiPxi", 324.5, 292.0}, // L2 (__ldcg)
		{"_Z3latILi1ELi3EEvPKiPiPxi", 705.8, 673.3}, // DRAM (__ldcg, new lines)
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

// loopSASS is a kernel whose loop body is the given FFMAs, a counter add,
// a compare and the backward branch.
func loopSASS(t *testing.T, ffmas []string) *sass.Kernel {
	t.Helper()
	src := "//--------------------- .text.k --------------------------\n"
	addr := 0
	emit := func(s string) {
		src += "        /*" + strconv.FormatInt(int64(addr), 16) + "*/                   " + s + " ;\n"
		addr += 16
	}
	emit("MOV R0, RZ")
	src += ".L_x_0:\n"
	for _, f := range ffmas {
		emit(f)
	}
	emit("IADD3 R0, R0, 0x1, RZ")
	emit("ISETP.GE.AND P0, PT, R0, 0x100, PT")
	emit("@!P0 BRA `(.L_x_0)")
	emit("EXIT")
	p, err := sass.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	return p.Kernels[0]
}

// TestPredicates: a compare's predicate is a result the branch waits for.
// A loop of eight independent FFMAs and its counter takes, a warp alone,
// 8 cycles to issue them (the add in the eighth's next), 4.65 for the
// compare to wait for the add, 4.65 for the branch to wait for the
// compare, and a cycle to the next iteration's first FFMA; a
// loop of one dependent chain of eight FFMAs 7 × 4.65 and the 11.3 from
// its last FFMA to the next iteration's first.
func TestPredicates(t *testing.T) {
	const lat = 4.65
	var chain, indep []string
	for i := 0; i < 8; i++ {
		chain = append(chain, "FFMA R1, R1, R2, R3")
		indep = append(indep, "FFMA R"+strconv.Itoa(4+i)+", R"+strconv.Itoa(4+i)+", R2, R3")
	}
	cycles := func(ffmas []string) float64 {
		k := loopSASS(t, ffmas)
		g := k.CFG()
		body := k.Code()[g.Blocks[g.Loops[0].Head].From:g.Blocks[g.Loops[0].Tail].To]
		l := Loop{Ops: make([]Op, len(body))}
		for i, in := range body {
			l.Ops[i] = op(in)
		}
		return l.Cycles(Latencies{ALU: lat})
	}
	if got, want := cycles(indep), 9+2*lat; math.Abs(got-want) > 1e-9 {
		t.Errorf("independent FFMAs: %.2f cycles an iteration, want %.2f", got, want)
	}
	if got, want := cycles(chain), 9*lat+2; math.Abs(got-want) > 1e-9 {
		t.Errorf("one chain: %.2f cycles an iteration, want %.2f", got, want)
	}
}
