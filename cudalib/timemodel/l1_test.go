package timemodel

import (
	"math"
	"testing"

	"github.com/culab/culab/cudalib/counters"
	"github.com/culab/culab/cudalib/gpus"
)

// A scattered request into a small table (all hits) costs L1 its bank
// ways or a cycle per 4 lines, whichever is more, where the virtual GPU
// counted them; a recording without wavefronts keeps a cycle a sector at
// the line rate, as before the counters.
func TestL1Wavefronts(t *testing.T) {
	const blocks, tpb, perWarp = 132 * 8, 256, 1024
	req := int64(blocks * tpb / 32 * perWarp)
	for _, c := range []struct {
		lines, fronts int64
		cycles        float64 // a request, L1 term
	}{
		{8, 3, 3},         // consttable's 1 KB table: 3 ways
		{32, 1, 8},        // a line a lane, each on its own bank: the tags
		{32, 32, 32},      // a line a lane, one bank
		{0, 0, 32 / 0.95}, // not counted: a line a sector
	} {
		cnt := counters.Counters{Blocks: blocks, Threads: blocks * tpb, WarpInstrs: req * 4, MaxWarpInstrs: perWarp * 4,
			GlobalLoadRequests: req, GlobalLoadSectors: 32 * req, GlobalLoadBytes: 128 * req, MaxWarpGlobalLoads: perWarp,
			GlobalLoadLines: c.lines * req, GlobalLoadWavefronts: c.fronts * req, Branches: req,
			DRAMSectors: 32, DRAMChunks: 16}
		tm := H100.Terms(Launch{Counters: cnt, ThreadsPerBlock: tpb, BlocksPerSM: 8})
		got := tm.L1 * H100.ClockHz * 132 / float64(req)
		if math.Abs(got/c.cycles-1) > 0.01 {
			t.Errorf("%d lines, %d wavefronts a request: L1 %.2f cycles a request, want %.2f", c.lines, c.fronts, got, c.cycles)
		}
	}
}

// l1Misses against the GPU: bench/microbench/l1cold.cu's gathers (1056
// blocks of 256 threads, 32 gathers a thread, scattered) on the H200, ncu's
// L1 lookup misses (docs/results/2026-11-28m-l1-cold). Private windows and
// one shared window that fit in L1 are exact (within 1 %); beyond L1 the
// capacity share is within 30 % (an L1 of 200 KB: LRU over random
// re-reads holds less).
func TestL1Misses(t *testing.T) {
	for _, c := range []struct {
		name                        string
		sectors, block, launch, ncu int64
		tol                         float64
	}{
		{"private 16 KB", 8395808, 540672, 540672, 542201, 0.01},
		{"shared 16 KB", 8395808, 540672, 512, 67584, 0.01},
		{"shared 64 KB", 8586055, 2123175, 2048, 270336, 0.01},
		{"private 64 KB", 8586055, 2123175, 1048247, 6971499, 0.15},
		{"shared 256 KB", 8634691, 5467865, 8192, 3840301, 0.3},
		{"shared 1 MB", 8646519, 7654017, 32768, 8032476, 0.1},
		{"private 1 MB", 8646519, 7654017, 1048315, 8554207, 0.05},
	} {
		cnt := counters.Counters{Blocks: 1056, GlobalLoadSectors: c.sectors, BlockLoadSectors: c.block, LoadSectors: c.launch,
			DRAMSectors: c.launch + 1056*256*4/32}
		got := H100.l1Misses(cnt, 8, 8, true)
		if math.Abs(got/float64(c.ncu)-1) > c.tol {
			t.Errorf("%s: %.0f misses, ncu %d", c.name, got, c.ncu)
		}
	}
	if got := H100.l1Misses(counters.Counters{Blocks: 1, GlobalLoadSectors: 8}, 1, 1, false); got != -1 {
		t.Errorf("not counted: %v, want -1", got)
	}
}

// The busiest SM pays its longest warp once: a grid of 16 waves whose
// blocks' longest warps issue 100 instructions, one 1000, takes 15 waves
// of the typical block and one of the longest, not 16 of the longest; a
// regular grid (each block's longest as long as the launch's) keeps 16.
func TestTypicalBlockChain(t *testing.T) {
	const blocks, tpb = 132 * 8 * 16, 256
	warps := int64(blocks * tpb / 32)
	base := counters.Counters{Blocks: blocks, Threads: blocks * tpb, WarpInstrs: warps * 100, MaxWarpInstrs: 1000}
	chain := func(c counters.Counters) float64 {
		return H100.Terms(Launch{Counters: c, ThreadsPerBlock: tpb, BlocksPerSM: 8}).Chain
	}
	before := chain(base)
	uneven := base
	uneven.BlockWarpInstrs = blocks * 100
	regular := base
	regular.BlockWarpInstrs = blocks * 1000
	if got := chain(regular); math.Abs(got/before-1) > 1e-9 {
		t.Errorf("regular grid: chain %g, want %g (every wave the longest)", got, before)
	}
	typical := base
	typical.MaxWarpInstrs = 100
	want := (15*chain(typical)/16 + before/16)
	if got := chain(uneven); math.Abs(got/want-1) > 1e-9 {
		t.Errorf("one long warp: chain %g, want %g (15 typical waves and the longest)", got, want)
	}
}

// Atomics at random over more data than L2 keeps run at DRAM's rate for
// the share they miss: bench/microbench/atomfoot.cu's CAS on the H200
// (docs/results/2026-11-28o-atomics-footprint), 4.3 M operations of 1056
// blocks, each on its own sector, over tables of 16 MB to 512 MB: the H200
// model's atomics term against the measured rate, within 30 %: within
// half the L2 the footprint rate of many words (the first operation on a
// word is not free), beyond it DRAM's for the share missed.
func TestAtomicsBeyondL2(t *testing.T) {
	g := For(gpus.H200)
	const ops = 4325376
	for _, c := range []struct {
		mbytes   int64
		measured float64 // G operations a second
	}{{16, 69.8}, {64, 28.3}, {128, 18.5}, {256, 16.2}, {512, 15.2}} {
		words := c.mbytes << 18
		distinct := float64(words) * (1 - math.Exp(-float64(ops)/float64(words)))
		cnt := counters.Counters{Blocks: 1056, Threads: 1056 * 256, AtomicRequests: ops / 32, AtomicSectorOps: ops,
			AtomicAddresses: int64(distinct), AtomicSectors: int64(math.Min(distinct, float64(words/8))),
			DRAMSectors: words / 8, DRAMChunks: words / 16}
		tm := g.Terms(Launch{Counters: cnt, ThreadsPerBlock: 256, BlocksPerSM: 8})
		rate := ops / tm.Atomics / 1e9
		if math.Abs(rate/c.measured-1) > 0.3 {
			t.Errorf("%d MB: the atomics term runs %.1f G/s, atomfoot.cu %.1f", c.mbytes, rate, c.measured)
		}
	}
}

// A coalesced request's L1 time is its counted lines: a warp whose
// halves read 64 bytes of two rows each (the naive matmul's B) is 4
// sectors and 2 lines, twice a request of 4 sectors in one line; without
// the count (older recordings) both are a line.
func TestL1CountedLines(t *testing.T) {
	const blocks, tpb, perWarp = 132 * 8, 256, 1024
	req := int64(blocks * tpb / 32 * perWarp)
	l1 := func(lines int64) float64 {
		cnt := counters.Counters{Blocks: blocks, Threads: blocks * tpb, WarpInstrs: req * 4, MaxWarpInstrs: perWarp * 4,
			GlobalLoadRequests: req, GlobalLoadSectors: 4 * req, GlobalLoadBytes: 128 * req, MaxWarpGlobalLoads: perWarp,
			GlobalLoadLines: lines * req, Branches: req, DRAMSectors: 32, DRAMChunks: 16}
		return H100.Terms(Launch{Counters: cnt, ThreadsPerBlock: tpb, BlocksPerSM: 8}).L1
	}
	if one, two, none := l1(1), l1(2), l1(0); math.Abs(two/one-2) > 1e-9 || none != one {
		t.Errorf("L1 term: one line %g, two lines %g, not counted %g; want two lines twice one, not counted as one", one, two, none)
	}
}
