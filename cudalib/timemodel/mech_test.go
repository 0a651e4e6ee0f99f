package timemodel

import (
	"math"
	"testing"

	"github.com/culab/culab/cudalib/counters"
)

// The model holds bench/microbench/mech.cu's chase lines
// (docs/results/2026-11-28-microbench-mech/mech.tsv): one chain a thread,
// 256 dependent loads, with one warp an SM (latency) and 64 (the rate of
// scattered sectors), in 4 MiB (L2) and 256 MiB (DRAM), within 15 %.
func TestChaseMicrobench(t *testing.T) {
	for _, c := range []struct {
		warpsPerSM int64
		bytes      int64
		cycles     float64 // a step, measured
		bound      string
	}{
		{1, 4 << 20, 417.8, "latency"}, {64, 4 << 20, 3941, "L2"},
		{1, 256 << 20, 1143, "latency"}, {64, 256 << 20, 15140, "DRAM"},
	} {
		tpb := min(32*c.warpsPerSM, 256)
		blocks := 132 * 32 * c.warpsPerSM / tpb
		warps := blocks * tpb / 32
		const steps = 256
		loads := warps * (steps + 1)
		sectors := min(c.bytes/32, 32*loads)
		cnt := counters.Counters{Blocks: blocks, Threads: blocks * tpb, WarpInstrs: warps * steps * 4, MaxWarpInstrs: steps * 4,
			GlobalLoadRequests: loads, GlobalLoadSectors: 32 * loads, GlobalLoadBytes: 128 * loads, MaxWarpGlobalLoads: steps + 1,
			Branches: warps * steps / 4, DRAMSectors: sectors, DRAMChunks: sectors, SerialLoadRequests: warps * steps}
		tm := H100.Terms(Launch{Counters: cnt, ThreadsPerBlock: int(tpb), BlocksPerSM: int(c.warpsPerSM * 32 / tpb)})
		got := tm.combined(H100.TermNorm) * H100.ClockHz / steps
		if math.Abs(got/c.cycles-1) > 0.15 || tm.Bound() != c.bound {
			t.Errorf("%d warps an SM, %d MiB: %.0f cycles a step (bound %s), the H100 %.0f (%s)", c.warpsPerSM, c.bytes>>20, got, tm.Bound(), c.cycles, c.bound)
		}
	}
}

// The constant cache serves distinct words at 0.49 a cycle an SM: mech.cu's
// 64-warp lines (4 chains a thread, 512 rounds) within 5 %.
func TestConstantMicrobench(t *testing.T) {
	for _, c := range []struct {
		words   int64
		reqRate float64 // warp requests a cycle an SM, measured
	}{{1, 0.476}, {4, 0.1233}, {32, 0.01558}} {
		const blocks, tpb = 132 * 8, 256
		req := int64(blocks * tpb / 32 * 512 * 4)
		cnt := counters.Counters{Blocks: blocks, Threads: blocks * tpb, WarpInstrs: req * 2, MaxWarpInstrs: 512 * 4 * 2,
			Branches: req / 4, ConstLoadRequests: req, ConstLoadWords: req * c.words}
		tm := H100.Terms(Launch{Counters: cnt, ThreadsPerBlock: tpb, BlocksPerSM: 8})
		got := float64(req) / (tm.combined(H100.TermNorm) * H100.ClockHz * 132)
		if math.Abs(got/c.reqRate-1) > 0.05 || tm.Bound() != "constant cache" {
			t.Errorf("%d words a request: %.4f requests a cycle an SM (bound %s), the H100 %.4f", c.words, got, tm.Bound(), c.reqRate)
		}
	}
}
