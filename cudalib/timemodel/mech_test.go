package timemodel

import (
	"math"
	"testing"

	"github.com/culab/culab/cudalib/counters"
	"github.com/culab/culab/cudalib/gpus"
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

// A dependent load that hits L1 waits no more than any load: a walk whose
// warps' requests hit in 7 of 8 steps (a sequential walk, lanes in step)
// takes under a third of the chase's steps, one that never hits the
// chase's; old recordings (no hit counters) are charged as before.
func TestSerialHits(t *testing.T) {
	const blocks, tpb, steps = 132, 32, 256
	step := func(hits4K, hits64K int64) float64 {
		loads := int64(blocks * (steps + 1))
		sectors := int64(4<<20) / 32
		cnt := counters.Counters{Blocks: blocks, Threads: blocks * tpb, WarpInstrs: blocks * steps * 4, MaxWarpInstrs: steps * 4,
			GlobalLoadRequests: loads, GlobalLoadSectors: 32 * loads, GlobalLoadBytes: 128 * loads, MaxWarpGlobalLoads: steps + 1,
			Branches: blocks * steps, DRAMSectors: sectors, DRAMChunks: sectors, SerialLoadRequests: blocks * steps,
			SerialHits4K: hits4K, SerialHits64K: hits64K}
		return H100.Kernel(Launch{Counters: cnt, ThreadsPerBlock: tpb, BlocksPerSM: 1}).Seconds() * H100.ClockHz / steps
	}
	chase, walk := step(0, 0), step(0, blocks*steps*7/8)
	if math.Abs(chase/417.8-1) > 0.15 || walk > chase/3 {
		t.Errorf("a step: chase %.0f cycles (the H100 418), walk hitting 7 in 8 %.0f (want < a third)", chase, walk)
	}
	// One warp an SM has 200 KB of L1: the 64 KB share's hits count, not
	// the 4 KB one's.
	if small := step(blocks*steps*7/8, 0); small != chase {
		t.Errorf("hits of the 4 KB share alone at one warp an SM: %.0f cycles a step, want the chase's %.0f", small, chase)
	}
}

// The hit share follows the warp's share of L1: the 4 KB count at 50 or
// more warps an SM, the 64 KB one at 3 or fewer, in between log-linearly.
func TestSerialMisses(t *testing.T) {
	c := counters.Counters{SerialLoadRequests: 1000, SerialHits4K: 200, SerialHits64K: 800}
	for _, tc := range []struct{ warps, misses float64 }{
		{64, 800}, {50, 800}, {1, 200}, {3, 200},
		{H100.L1Bytes / (16 << 10), 500}, // a 16 KB share: halfway in log between 4 and 64 KB
	} {
		if got := H100.serialMisses(c, tc.warps); math.Abs(got-tc.misses) > 1e-9 {
			t.Errorf("%.1f warps an SM: %.1f misses, want %.0f", tc.warps, got, tc.misses)
		}
	}
	if got := H100.serialMisses(counters.Counters{SerialLoadRequests: 1000}, 8); got != 1000 {
		t.Errorf("no hit counters: %.0f misses, want all 1000", got)
	}
}

// The longest warp's serial requests scale as its instructions where
// those outgrow its loads: a CAS insert loop's retries are atomics, not
// loads (hash_insert at load 0.88: 2 loads a warp, the longest warp 19
// times the average's instructions).
func TestSerialLongestWarp(t *testing.T) {
	const blocks, tpb = 132, 256
	warps := int64(blocks * tpb / 32)
	c := counters.Counters{Blocks: blocks, Threads: blocks * tpb, WarpInstrs: warps * 300, MaxWarpInstrs: 300,
		GlobalLoadRequests: 2 * warps, GlobalLoadSectors: 8 * warps, GlobalLoadBytes: 256 * warps, MaxWarpGlobalLoads: 2,
		AtomicRequests: 20 * warps, SerialLoadRequests: 20 * warps, Branches: 20 * warps, DRAMSectors: 1 << 16, DRAMChunks: 1 << 15}
	even := H100.Terms(Launch{Counters: c, ThreadsPerBlock: tpb, BlocksPerSM: 1}).Chain
	c.MaxWarpInstrs = 300 * 10
	uneven := H100.Terms(Launch{Counters: c, ThreadsPerBlock: tpb, BlocksPerSM: 1}).Chain
	// The longest warp's 200 CAS attempts of ~370 cycles beyond the re-read
	// cost, against 20: about 67 000 cycles more, besides its instructions.
	extra := (uneven - even) * H100.ClockHz
	if want := 180*(H100.SerialL2Cycles-H100.L1HitCycles) + 2700*H100.InstrCycles; math.Abs(extra/want-1) > 0.05 {
		t.Errorf("a longest warp of 10× the instructions adds %.0f cycles, want %.0f", extra, want)
	}
}

// Shared memory and L1 are one data pipe: in bench/microbench/l1mix.cu's
// loops of shared loads and L1-hit global loads
// (docs/results/2026-11-29g-l1-data-pipe/fit.txt, 64 warps an SM, no
// barrier) a mix takes the sum of what each kind takes alone (8 shared
// loads of 2 wavefronts: 1057 cycles an iteration, 8 global loads of 2
// lines: 1074, both: 2074; 8 shared of 4 wavefronts and 2 global of 8
// lines: 2057, about 1024, 3077), and so does the model, within 10 %, naming
// the larger share.
func TestDataPipeMicrobench(t *testing.T) {
	time := func(sharedLoads, sharedWF, globalLoads, lines int64, issue float64) (float64, string) {
		const blocks, tpb, iters = 132 * 8, 256, 256
		warps := int64(blocks * tpb / 32)
		perWarp := int64(issue * 4 / 64 * iters)
		req := warps * iters * globalLoads
		cnt := counters.Counters{Blocks: blocks, Threads: blocks * tpb, WarpInstrs: warps * perWarp, MaxWarpInstrs: perWarp,
			SharedLoadRequests: warps * iters * sharedLoads, SharedLoadWavefronts: warps * iters * sharedLoads * sharedWF,
			MaxWarpSharedLoads: iters * sharedLoads, Branches: warps * iters,
			// 32 lanes of 8 bytes over lines×128 bytes: a sector a lane
			// once they spread over 8 lines.
			GlobalLoadRequests: req, GlobalLoadSectors: req * min(4*lines, 32), GlobalLoadBytes: req * 256,
			GlobalLoadLines: req * lines, GlobalLoadWavefronts: req * lines, MaxWarpGlobalLoads: iters * globalLoads,
			DRAMSectors: 512, DRAMChunks: 256}
		tm := H100.Terms(Launch{Counters: cnt, ThreadsPerBlock: tpb, BlocksPerSM: 8})
		return tm.combined(H100.TermNorm) * H100.ClockHz / iters, tm.Bound()
	}
	for _, c := range []struct {
		sharedLoads, sharedWF, globalLoads, lines int64
		issue                                     [3]float64 // ncu's, an SM an iteration: shared alone, global alone, both
		bound                                     string
	}{
		{8, 2, 8, 2, [3]float64{560.8, 810.5, 1105.7}, "L1"},
		{8, 4, 2, 8, [3]float64{560.9, 810.6 / 4, 770.3}, "shared memory"}, // global alone: a quarter of 8 loads' issue
		{4, 2, 8, 8, [3]float64{280.4, 810.6, 1145.6}, "L1"},
	} {
		shared, _ := time(c.sharedLoads, c.sharedWF, 0, 0, c.issue[0])
		global, _ := time(0, 0, c.globalLoads, c.lines, c.issue[1])
		both, bound := time(c.sharedLoads, c.sharedWF, c.globalLoads, c.lines, c.issue[2])
		if math.Abs(both/(shared+global)-1) > 0.10 || bound != c.bound {
			t.Errorf("%d shared loads of %d wavefronts and %d global of %d lines: %.0f cycles an iteration (bound %s), alone %.0f and %.0f; want their sum (%s)",
				c.sharedLoads, c.sharedWF, c.globalLoads, c.lines, both, bound, shared, global, c.bound)
		}
	}
}

// A one-shot grid whose loads each wait for the one before waits a
// latency a level a wave (bench/microbench/depth.cu on the H200, blocks
// of 1024 over 256 MiB arrays, docs/results/2026-11-29s-load-depth: 0.244,
// 0.364, 0.482 and 0.592 ms for 1–4 levels; the same loads independent
// 0.244, 0.281, 0.317, 0.355 ms): the model's levels within 25 % of the
// measured, and independent loads well below dependent ones.
func TestDependentLoadLevels(t *testing.T) {
	g := For(gpus.H200)
	const n, tpb = 1 << 26, 1024
	warps := int64(n / 32)
	model := func(loads, dependent int64) float64 {
		sectors := 4 * warps * loads
		c := counters.Counters{Blocks: n / tpb, Threads: n, WarpInstrs: warps * (8 + 4*loads), MaxWarpInstrs: 8 + 4*loads,
			GlobalLoadRequests: warps * loads, GlobalLoadSectors: sectors, GlobalLoadBytes: 128 * warps * loads, MaxWarpGlobalLoads: loads,
			GlobalStoreRequests: warps, GlobalStoreSectors: 4 * warps, GlobalStoreBytes: 128 * warps,
			DRAMSectors: sectors + 4*warps, DRAMChunks: (sectors + 4*warps) / 2, DependentLoadRequests: warps * dependent}
		return float64(g.Time([]Work{{Launch: Launch{Counters: c, ThreadsPerBlock: tpb, BlocksPerSM: 2}}})) / 1e6
	}
	dep1, dep4, ind4 := model(1, 0), model(4, 3), model(4, 0)
	const measured = (0.5916 - 0.2443) / 3
	t.Logf("modeled: 1 level %.4f ms, 4 levels %.4f, 4 independent loads %.4f", dep1, dep4, ind4)
	if level := (dep4 - dep1) / 3; math.Abs(level/measured-1) > 0.25 {
		t.Errorf("a level of dependent loads: %.4f ms modeled, %.4f measured", level, measured)
	}
	if ind4 > 0.8*dep4 {
		t.Errorf("4 independent loads %.4f ms, 4 dependent %.4f: want the independent well below", ind4, dep4)
	}
}
