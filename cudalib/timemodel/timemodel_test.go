package timemodel

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/culab/culab/cudalib/counters"
	"github.com/culab/culab/cudalib/gpus"
)

// A vector add of n floats in blocks of 256: 2 loads and 1 store per warp,
// each 4 sectors, every sector touched once, ~20 instructions per warp.
func vecadd(n int64) counters.Counters {
	warps := n / 32
	return counters.Counters{
		Blocks: n / 256, Threads: n, WarpInstrs: 20 * warps,
		GlobalLoadRequests: 2 * warps, GlobalLoadSectors: 8 * warps, GlobalLoadBytes: 256 * warps,
		GlobalStoreRequests: warps, GlobalStoreSectors: 4 * warps, GlobalStoreBytes: 128 * warps,
		DRAMSectors: 12 * warps,
	}
}

// waveIdle is the seconds DRAM idles between the waves of a one-shot grid
// whose warps have few loads, as wavewidth.cu measured it: each wave, a
// round trip and a start for each warp of a block, less the share of the
// wave's own DRAM time (dram: the launch's) that its blocks' staggered
// ends hide.
func waveIdle(m GPU, waves int, warpsPerBlock, dram float64) float64 {
	wave := dram / float64(waves) * m.ClockHz
	return float64(waves) * max(0, m.WaveIdleCycles+m.WaveIdleWarpCycles*warpsPerBlock-m.WaveIdleOverlap*wave) / m.ClockHz
}

// One-shot copies over 256 MiB as wavewidth.cu ran them on the H200: of 4
// bytes a thread, larger blocks idle longer between waves; of 16 bytes a
// thread, the wave's own data hides the idle in blocks of 256 and 512.
func TestWaveIdle(t *testing.T) {
	m := For(gpus.H200)
	copyOf := func(width, tpb int64) Terms {
		n := int64(1<<28) / width
		warps := n / 32
		c := counters.Counters{Blocks: n / tpb, Threads: n, WarpInstrs: 8 * warps, MaxWarpInstrs: 8,
			GlobalLoadRequests: warps, GlobalLoadSectors: warps * width, GlobalLoadBytes: n * width, MaxWarpGlobalLoads: 1,
			GlobalStoreRequests: warps, GlobalStoreSectors: warps * width, GlobalStoreBytes: n * width,
			DRAMSectors: 2 * warps * width, DRAMChunks: warps * width}
		return m.Terms(Launch{Counters: c, ThreadsPerBlock: int(tpb), BlocksPerSM: int(2048 / tpb)})
	}
	stream := float64(2<<28) / m.DRAMBytesPerSec
	for _, width := range []int64{4, 16} {
		prev := 0.0
		for _, tpb := range []int64{256, 512, 1024} {
			idle := copyOf(width, tpb).DRAM - stream
			switch {
			case width == 4 && idle <= prev:
				t.Errorf("copy of %d bytes a thread in blocks of %d: idle %v, not more than with blocks half as large (%v)", width, tpb, idle, prev)
			case width == 16 && tpb < 1024 && idle != 0:
				t.Errorf("copy of %d bytes a thread in blocks of %d: idle %v, want none", width, tpb, idle)
			}
			prev = idle
		}
	}
}

func TestTermsBound(t *testing.T) {
	conflicted := vecadd(1 << 20)
	conflicted.SharedLoadRequests = 2 << 15
	conflicted.SharedLoadWavefronts = 64 << 15 // two 32-way conflicted loads a warp
	for _, c := range []struct {
		name  string
		l     Launch
		bound string
		waves int
	}{
		{"large vector add is DRAM bound", Launch{Counters: vecadd(1 << 24), ThreadsPerBlock: 256, BlocksPerSM: 8}, "DRAM", 63},
		{"one block is latency bound", Launch{Counters: vecadd(256), ThreadsPerBlock: 256, BlocksPerSM: 8}, "latency", 1},
		{"32-way conflicts bound by shared memory", Launch{Counters: conflicted, ThreadsPerBlock: 256, BlocksPerSM: 8}, "shared memory", 4},
		{"pure arithmetic is issue bound", Launch{Counters: counters.Counters{Blocks: 1 << 12, WarpInstrs: 1 << 30}, ThreadsPerBlock: 1024, BlocksPerSM: 2}, "issue", 16},
	} {
		tm := H100.Terms(c.l)
		if tm.Bound() != c.bound || tm.Waves != c.waves {
			t.Errorf("%s: bound %q, %d waves (%+v); want %q, %d", c.name, tm.Bound(), tm.Waves, tm, c.bound, c.waves)
		}
	}
}

func TestKernel(t *testing.T) {
	// 16M floats: 192 MiB moved at 3.0 TB/s is 67 µs, and the latency
	// chain (65 µs) and block dispatch (51 µs) come close to it.
	l := Launch{Counters: vecadd(1 << 24), ThreadsPerBlock: 256, BlocksPerSM: 8}
	tm := H100.Terms(l)
	dram := float64(12<<24) / 3.0e12
	dram += waveIdle(H100, tm.Waves, 8, dram)
	if got, want := H100.Kernel(l), seconds(math.Pow(math.Pow(dram, 4)+math.Pow(tm.Chain, 4)+math.Pow(tm.Blocks, 4)+math.Pow(tm.L1, 4)+math.Pow(tm.L2, 4)+math.Pow(tm.Issue, 4), 0.25)); got != want || tm.DRAM != dram {
		t.Errorf("DRAM-bound vector add: %v, want %v (DRAM term %v, want %v)", got, want, tm.DRAM, dram)
	}
	if got := H100.Kernel(Launch{}); got != 0 {
		t.Errorf("empty launch: %v", got)
	}
	// Fewer blocks per SM: more waves of the same per-warp chain.
	one := H100.Kernel(Launch{Counters: vecadd(1 << 20), ThreadsPerBlock: 256, BlocksPerSM: 1})
	eight := H100.Kernel(Launch{Counters: vecadd(1 << 20), ThreadsPerBlock: 256, BlocksPerSM: 8})
	if one <= eight {
		t.Errorf("one block per SM %v not slower than eight %v", one, eight)
	}
}

// Coalesced loads that re-read sectors (a stencil's neighbours) hit L1;
// scattered loads reach L2 whatever they re-read.
func TestL1Hits(t *testing.T) {
	c := counters.Counters{Blocks: 1 << 12, GlobalLoadRequests: 1 << 20, DRAMSectors: 1 << 20}
	c.GlobalLoadSectors, c.GlobalLoadBytes = 4<<20, 128<<20 // coalesced floats, each sector read 4 times
	coalesced := H100.Terms(Launch{Counters: c, ThreadsPerBlock: 256, BlocksPerSM: 8}).L2
	c.GlobalLoadSectors = 32 << 20 // a sector a lane, each read 32 times
	scattered := H100.Terms(Launch{Counters: c, ThreadsPerBlock: 256, BlocksPerSM: 8}).L2
	if want := float64(1<<20) * 32 / H100.L2BytesPerSec; coalesced != want || scattered != 32*want {
		t.Errorf("L2 terms %v (coalesced), %v (scattered); want %v, %v", coalesced, scattered, want, 32*want)
	}
}

// A grid resident all at once whose warps loop over data that does not
// fit in L2 (a grid-stride copy) reaches less DRAM bandwidth than a grid
// of many short blocks moving the same bytes.
func TestLoopDRAM(t *testing.T) {
	sweep := vecadd(1 << 24) // 65536 blocks: 63 waves
	loop := sweep
	loop.Blocks = 132 * 8 // one wave, each warp looping ~62 times
	a := H100.Terms(Launch{Counters: sweep, ThreadsPerBlock: 256, BlocksPerSM: 8})
	b := H100.Terms(Launch{Counters: loop, ThreadsPerBlock: 256, BlocksPerSM: 8})
	data := float64(sweep.DRAMSectors) * 32
	sweepDRAM := data/H100.DRAMBytesPerSec + waveIdle(H100, a.Waves, 8, data/H100.DRAMBytesPerSec)
	if a.DRAM != sweepDRAM || b.DRAM != data/H100.LoopDRAMBytesPerSec || b.Waves != 1 {
		t.Errorf("DRAM terms %v (sweep), %v (loop, %d waves); want %v, %v", a.DRAM, b.DRAM, b.Waves,
			sweepDRAM, data/H100.LoopDRAMBytesPerSec)
	}
}

// bench/microbench's grid-stride sum of 2^26 floats from DRAM, one load
// an iteration, by 1, 16 and 132 blocks of 256 threads: the model waits
// the cycles a load that the H100 took (198, 198, 244), within 5 %.
func TestDRAMLatencyMicrobench(t *testing.T) {
	const n = 1 << 26
	for _, c := range []struct {
		blocks int64
		cycles float64
	}{{1, 198}, {16, 198.1}, {132, 243.7}} {
		warps := c.blocks * 8
		loads := int64(n / 32) // warp-level load requests
		perWarp := loads / warps
		cnt := counters.Counters{Blocks: c.blocks, Threads: c.blocks * 256, WarpInstrs: 6 * loads, MaxWarpInstrs: 6 * perWarp,
			GlobalLoadRequests: loads, GlobalLoadSectors: 4 * loads, GlobalLoadBytes: 128 * loads, MaxWarpGlobalLoads: perWarp,
			Branches: loads, DRAMSectors: 4 * loads, DRAMChunks: 2 * loads}
		tm := H100.Terms(Launch{Counters: cnt, ThreadsPerBlock: 256, BlocksPerSM: 8})
		// The chain less its instructions and warp starts, a load.
		got := (tm.Chain*H100.ClockHz - float64(6*perWarp)*H100.InstrCycles - 7*H100.WarpStartCycles) / float64(perWarp)
		if math.Abs(got/c.cycles-1) > 0.05 || tm.Bound() != "latency" {
			t.Errorf("%d blocks: %.1f cycles a load (bound %s), the H100 %.1f", c.blocks, got, tm.Bound(), c.cycles)
		}
	}
}

// A warp with few loads from DRAM issues them together and waits one
// round: the latency and the bytes its whole wave has in flight; between
// waves DRAM idles (waveIdle).
func TestDRAMRound(t *testing.T) {
	c := vecadd(1 << 24) // 2 loads a warp, 192 MiB: DRAM
	tm := H100.Terms(Launch{Counters: c, ThreadsPerBlock: 256, BlocksPerSM: 8})
	// 132 × 8 blocks of 8 warps, 12 sectors a warp, at most a latency queued.
	queue := math.Min(132*8*8*12*32/H100.DRAMBytesPerSec*H100.ClockHz, H100.DRAMLatencyCycles)
	want := float64(tm.Waves) * (20*H100.InstrCycles + H100.DRAMLatencyCycles + queue + 7*H100.WarpStartCycles) / H100.ClockHz
	if math.Abs(tm.Chain-want) > 1e-12 {
		t.Errorf("chain of a DRAM-bound vector add: %v, want %v", tm.Chain, want)
	}
	data := float64(c.DRAMSectors) * 32
	if want := data/H100.DRAMBytesPerSec + waveIdle(H100, tm.Waves, 8, data/H100.DRAMBytesPerSec); math.Abs(tm.DRAM-want) > 1e-12 {
		t.Errorf("DRAM term %v, want %v (an idle between waves)", tm.DRAM, want)
	}
	c = vecadd(1 << 16) // 768 KiB: L2, no loaded DRAM latency
	if tm := H100.Terms(Launch{Counters: c, ThreadsPerBlock: 256, BlocksPerSM: 8}); tm.Chain*H100.ClockHz >= H100.DRAMLatencyCycles+20*H100.InstrCycles+7*H100.WarpStartCycles {
		t.Errorf("chain of an L2-resident vector add: %v cycles", tm.Chain*H100.ClockHz)
	}
}

// A loop's loads of one iteration are in flight together: two loads an
// iteration (a backward branch) wait the miss latency once.
func TestLoadsInFlight(t *testing.T) {
	c := counters.Counters{Blocks: 16, Threads: 16 * 256, WarpInstrs: 16 * 8 * 1000, GlobalLoadRequests: 16 * 8 * 1000,
		GlobalLoadSectors: 4 * 16 * 8 * 1000, GlobalLoadBytes: 128 * 16 * 8 * 1000, MaxWarpGlobalLoads: 1000,
		DRAMSectors: 4 * 16 * 8 * 1000 * 1000, Branches: 16 * 8 * 1000}
	one := H100.Terms(Launch{Counters: c, ThreadsPerBlock: 256, BlocksPerSM: 8}).Chain
	c.Branches /= 2
	two := H100.Terms(Launch{Counters: c, ThreadsPerBlock: 256, BlocksPerSM: 8}).Chain
	if r := two / one; r > 0.6 || r < 0.4 {
		t.Errorf("two loads an iteration wait %.2f of one a load's chain, want about half", r)
	}
	c.Barriers = c.Branches * 2 // a barrier after every load: one at a time again
	tm := H100.Terms(Launch{Counters: c, ThreadsPerBlock: 256, BlocksPerSM: 8})
	barriers := 1000*H100.BarrierCycles/H100.ClockHz + max(tm.Issue, tm.Shared)
	if b := tm.Chain - barriers; math.Abs(b-one) > 1e-12 {
		t.Errorf("a barrier a load: chain %v without the barriers' own cost, want %v", b, one)
	}
}

// Atomics over a small footprint are applied by few L2 slices: a uniform
// 256-bin histogram of 2^22 values (bench/microbench: 3.86 G
// operations/s, the zoo's histo-uniform: 1.09 ms) is bound by them; an
// atomic a thread on words of its own is not held up by another, and costs
// only the L2's atomic rate over many words.
func TestAtomicFootprint(t *testing.T) {
	lanes := int64(1 << 22)
	c := counters.Counters{Blocks: lanes / 256, Threads: lanes, WarpInstrs: lanes / 32 * 18, AtomicRequests: lanes / 32,
		MaxAddressAtomics: lanes / 256 * 102 / 100, AtomicAddresses: 256, AtomicSectorOps: int64(float64(lanes/32) * opsHit(256))}
	tm := H100.Terms(Launch{Counters: c, ThreadsPerBlock: 256, BlocksPerSM: 8})
	if want := float64(lanes) / 3.86e9; tm.Bound() != "atomics" || math.Abs(tm.Atomics/want-1) > 0.01 {
		t.Errorf("uniform histogram: bound %s, atomics %v, want %v", tm.Bound(), tm.Atomics, want)
	}
	own := counters.Counters{Blocks: lanes / 256, Threads: lanes, WarpInstrs: lanes / 32 * 18, AtomicRequests: lanes / 32,
		MaxAddressAtomics: 1, AtomicAddresses: lanes, AtomicSectorOps: lanes / 8}
	// A warp's lanes on 32 words of 4 sectors: 4 L2 operations, none held
	// up by another on its word, each at the L2's atomic rate.
	if tm, want := H100.Terms(Launch{Counters: own, ThreadsPerBlock: 256, BlocksPerSM: 8}), float64(lanes/8)/6.30e10; math.Abs(tm.Atomics/want-1) > 1e-9 {
		t.Errorf("an atomic a thread on its own word: atomics term %v, want %v", tm.Atomics, want)
	}
	if r := footprintRate(H100.FootprintAtomics, 8); r != 0 {
		t.Errorf("a sector's words: footprint rate %v, want none (the busiest word bounds)", r)
	}
	if a, b := footprintRate(H100.FootprintAtomics, 1<<20), footprintRate(H100.FootprintAtomics, 65536); math.Abs(a/b-1) > 1e-12 {
		t.Errorf("beyond the table: %v, want its end's %v", a, b)
	}
}

// Only a single block re-reads all its data from its SM's L1: the blocks
// of a grid each fetch their share through L2.
func TestL1ResidentOneBlock(t *testing.T) {
	c := counters.Counters{Blocks: 1, WarpInstrs: 8 * 100, GlobalLoadRequests: 8 * 1000,
		GlobalLoadSectors: 8 * 2000, GlobalLoadBytes: 8 * 64000, DRAMSectors: 1000}
	one := H100.Terms(Launch{Counters: c, ThreadsPerBlock: 256, BlocksPerSM: 8}).Chain
	c.Blocks, c.WarpInstrs, c.GlobalLoadRequests, c.GlobalLoadSectors, c.GlobalLoadBytes = 64, 64*c.WarpInstrs, 64*c.GlobalLoadRequests, 64*c.GlobalLoadSectors, 64*c.GlobalLoadBytes
	grid := H100.Terms(Launch{Counters: c, ThreadsPerBlock: 256, BlocksPerSM: 8}).Chain
	if grid <= 2*one {
		t.Errorf("a warp of a 64-block grid waits %v, of one block %v: want the grid's re-reads to cost L2 hits", grid, one)
	}
}

// A store sector the warp writes only partly costs a partial write; a
// full one moves at L2's bandwidth.
func TestPartialStores(t *testing.T) {
	c := counters.Counters{Blocks: 1 << 12, GlobalStoreRequests: 1 << 20, GlobalStoreSectors: 4 << 20, GlobalStoreBytes: 128 << 20}
	full := H100.Terms(Launch{Counters: c, ThreadsPerBlock: 256, BlocksPerSM: 8}).L2
	c.GlobalStoreSectors = 32 << 20 // a sector a lane, 4 of its 32 bytes written
	partial := H100.Terms(Launch{Counters: c, ThreadsPerBlock: 256, BlocksPerSM: 8}).L2
	if want := float64(128<<20) / H100.L2BytesPerSec; full != want {
		t.Errorf("full sectors: %v, want %v", full, want)
	}
	if want := float64(128<<20)/H100.L2BytesPerSec + float64(28<<20)/H100.StoreSectorsPerSec; partial != want {
		t.Errorf("partial sectors: %v, want %v", partial, want)
	}
}

// The busiest SM sets the per-SM terms: 133 blocks take two blocks' time
// on one SM, 132 one.
func TestBusiestSM(t *testing.T) {
	one := counters.Counters{Blocks: 132, WarpInstrs: 132 * 1 << 20}
	two := counters.Counters{Blocks: 133, WarpInstrs: 133 * 1 << 20}
	a := H100.Terms(Launch{Counters: one, ThreadsPerBlock: 1024, BlocksPerSM: 2}).Issue
	b := H100.Terms(Launch{Counters: two, ThreadsPerBlock: 1024, BlocksPerSM: 2}).Issue
	if b != 2*a {
		t.Errorf("issue of 133 blocks %v, want twice that of 132 (%v)", b, a)
	}
}

// Barriers keep a block's warps in step: their issue and latency add.
func TestBarriersAddIssue(t *testing.T) {
	c := counters.Counters{Blocks: 1, WarpInstrs: 32 * 1000, SharedLoadRequests: 32 * 100}
	free := H100.Terms(Launch{Counters: c, ThreadsPerBlock: 1024, BlocksPerSM: 2})
	c.Barriers = 32 * 10
	synced := H100.Terms(Launch{Counters: c, ThreadsPerBlock: 1024, BlocksPerSM: 2})
	want := free.Chain + 10*H100.BarrierCycles/H100.ClockHz + synced.Issue
	if d := synced.Chain - want; d > 1e-15 || d < -1e-15 {
		t.Errorf("chain with barriers %v, want %v", synced.Chain, want)
	}
}

func TestTotal(t *testing.T) {
	us := time.Microsecond
	for _, c := range []struct {
		name string
		work []time.Duration
		want time.Duration
	}{
		{"none", nil, 0},
		{"one", []time.Duration{us}, H100.LaunchOverhead + us},
		{"two long", []time.Duration{20 * us, 30 * us}, H100.LaunchOverhead + 50*us + H100.LaunchGap},
		// Tiny kernels wait for the host to enqueue them.
		{"three tiny", []time.Duration{us / 10, us / 10, us / 10}, H100.LaunchOverhead + 2*H100.HostLaunch + us/10},
	} {
		if got := H100.Total(c.work); got != c.want {
			t.Errorf("%s: Total(%v) = %v, want %v", c.name, c.work, got, c.want)
		}
	}
	if got, want := H100.Copy(3e6), H100.CopySetup+seconds(3e6/H100.ResidentBytesPerSec); got != want {
		t.Errorf("Copy(3 MB, in L2) = %v, want %v", got, want)
	}
	if got, want := H100.Copy(1e9), H100.CopySetup+seconds(1e9/H100.CopyBytesPerSec); got != want {
		t.Errorf("Copy(1 GB) = %v, want %v", got, want)
	}
}

func TestTime(t *testing.T) {
	a := Launch{Kernel: "a", Counters: vecadd(1 << 24), ThreadsPerBlock: 256, BlocksPerSM: 8}
	work := []Work{{CopyBytes: 1e9}, {Launch: a}, {Launch: a}}
	k := H100.Kernel(a)
	if got, want := H100.Time(work), H100.Total([]time.Duration{H100.Copy(1e9), k, k}); got != want {
		t.Errorf("Time = %v, want %v", got, want)
	}
	// Another kernel between them changes nothing.
	b := a
	b.Kernel = "b"
	work = []Work{{Launch: a}, {Launch: b}, {Launch: a}}
	if got, want := H100.Time(work), H100.Total([]time.Duration{k, k, k}); got != want {
		t.Errorf("Time of a, b, a = %v, want %v", got, want)
	}
}

// One block whose data all fits in its SM's L1 re-reads it there: the
// same loads wait less than when the data is larger than L1.
func TestL1Resident(t *testing.T) {
	c := counters.Counters{Blocks: 1, WarpInstrs: 8, GlobalLoadRequests: 8 << 10, GlobalLoadSectors: 16 << 10, GlobalLoadBytes: 1 << 20}
	c.DRAMSectors = 1 << 10 // 32 KB
	small := H100.Terms(Launch{Counters: c, ThreadsPerBlock: 256, BlocksPerSM: 8}).Chain
	// 512 KB, with the same share of new sectors.
	c.DRAMSectors, c.GlobalLoadSectors, c.GlobalLoadBytes = 1<<14, 256<<10, 16<<20
	large := H100.Terms(Launch{Counters: c, ThreadsPerBlock: 256, BlocksPerSM: 8}).Chain
	// 8 warps, each one instruction and 1024 loads, the last starting 7
	// warp starts after the first.
	perLoad := func(chain float64) float64 {
		return (chain*H100.ClockHz - H100.InstrCycles - 7*H100.WarpStartCycles) / 1024
	}
	miss := 1.0 / 16
	if want := H100.L1ResidentCycles + miss*(H100.L2MissCycles-H100.L1ResidentCycles); math.Abs(perLoad(small)-want) > 1e-6 {
		t.Errorf("load in L1-resident data: %v cycles, want %v", perLoad(small), want)
	}
	if small >= large {
		t.Errorf("chain with 32 KB of data %v, not shorter than with 512 KB %v", small, large)
	}
}

// One resource bounds a launch alone at its own rate; two at their limit
// at once take longer than either (the roofline's corner is rounded), and
// a norm of 0 is the plain max.
func TestCombined(t *testing.T) {
	one := Terms{DRAM: 10e-6, Blocks: 1e-6}
	two := Terms{DRAM: 10e-6, Blocks: 10e-6}
	if got := one.combined(4); math.Abs(got-10e-6) > 0.01e-6 {
		t.Errorf("one bound: %v, want about 10 µs", got)
	}
	if got, want := two.combined(4), 10e-6*math.Pow(2, 0.25); math.Abs(got-want) > 1e-12 {
		t.Errorf("two bounds: %v, want %v", got, want)
	}
	if got := two.combined(0); got != 10e-6 {
		t.Errorf("norm 0: %v, want the max", got)
	}
}

// A block's warps start one after another, and the block holds its slots
// until its last ends: the same work in blocks of 1024 threads has a
// longer chain than in blocks of 256, by 24 warp starts a wave.
func TestWarpStart(t *testing.T) {
	c := vecadd(1 << 22)
	small := H100.Terms(Launch{Counters: c, ThreadsPerBlock: 256, BlocksPerSM: 8})
	c.Blocks /= 4
	large := H100.Terms(Launch{Counters: c, ThreadsPerBlock: 1024, BlocksPerSM: 2})
	if small.Waves != large.Waves {
		t.Fatalf("waves %d and %d", small.Waves, large.Waves)
	}
	want := float64(small.Waves) * 24 * H100.WarpStartCycles / H100.ClockHz
	if got := large.Chain - small.Chain; math.Abs(got-want) > 1e-12 {
		t.Errorf("1024 threads a block wait %v longer than 256, want %v", got, want)
	}
}

// TestExplain: a histogram whose values fall in one bin is bound by its
// atomics on that address, and Explain says so with the runner-up; the
// longest launch of a sequence is the one explained.
func TestExplain(t *testing.T) {
	c := counters.Counters{Blocks: 4096, Threads: 4096 * 256, WarpInstrs: 4096 * 8 * 20, GlobalLoadRequests: 4096 * 8,
		GlobalLoadSectors: 4096 * 8 * 4, GlobalLoadBytes: 4096 * 8 * 128, DRAMSectors: 4096 * 8 * 4, AtomicRequests: 4096 * 8,
		MaxAddressAtomics: 1 << 20}
	hot := Launch{Kernel: "histo", Counters: c, ThreadsPerBlock: 256, BlocksPerSM: 8}
	tm := H100.Terms(hot)
	if tm.Bound() != "atomics" || math.Abs(tm.Atomics-float64(1<<20)/H100.AddressAtomicsPerSec) > 1e-12 {
		t.Fatalf("bound %s, atomics %v", tm.Bound(), tm.Atomics)
	}
	cold := hot
	cold.Counters.MaxAddressAtomics = 1
	got := H100.Explain([]Work{{Launch: cold}, {CopyBytes: 1 << 20}, {Launch: hot}})
	if !strings.HasPrefix(got, "atomics bound: 832.") || !strings.Contains(got, "; next ") {
		t.Errorf("Explain: %q", got)
	}
	if H100.Explain([]Work{{CopyBytes: 8}}) != "" {
		t.Error("a copy alone explained")
	}
	// The FP64 pipe: a launch of only FP64 instructions is bound by it at
	// the rate it measured (1.93 warp-instructions a cycle an SM).
	d := counters.Counters{Blocks: 132 * 8, Threads: 132 * 8 * 256, WarpInstrs: 132 * 8 * 8 * 1000, FP64WarpInstrs: 132 * 8 * 8 * 1000}
	if tm := H100.Terms(Launch{Counters: d, ThreadsPerBlock: 256, BlocksPerSM: 8}); tm.Bound() != "FP64 pipe" || math.Abs(tm.FP64/tm.Issue-H100.IssuePerSM/H100.FP64PerSM) > 1e-9 {
		t.Errorf("FP64: bound %s, FP64 %v, issue %v", tm.Bound(), tm.FP64, tm.Issue)
	}
	// The SFU: a launch of __sinf at 0.49 warp-instructions a cycle an SM.
	sfu := counters.Counters{Blocks: 132 * 8, Threads: 132 * 8 * 256, WarpInstrs: 132 * 8 * 8 * 2000, SFUWarpInstrs: 132 * 8 * 8 * 1000}
	if tm := H100.Terms(Launch{Counters: sfu, ThreadsPerBlock: 256, BlocksPerSM: 8}); tm.Bound() != "SFU" || math.Abs(tm.SFU-8*8*1000/(0.49*H100.ClockHz)) > 1e-12 {
		t.Errorf("SFU: bound %s, SFU %v", tm.Bound(), tm.SFU)
	}
}

// The pipes narrower than issue, as bench/microbench/pipes.cu measured
// them on an H200 (docs/results/2026-11-29m-issue-pipes): 64 warps an SM
// of independent xors (LOP3, the ALU) or IMADs (the FMA pipe's heavy
// half) complete two a cycle an SM, IMAD.HI one, POPC (the XU) half one;
// FFMAs four, and FFMAs beside IMADs four in all.
func TestIssuePipes(t *testing.T) {
	const per = 8 * 8 * 1000 // an SM's warp-instructions
	cycles := func(c counters.Counters) float64 {
		c.Blocks, c.Threads, c.WarpInstrs, c.SASSWarpInstrs = 132*8, 132*8*256, 132*8*8*1000, 132*8*8*1000
		return H100.Kernel(Launch{Counters: c, ThreadsPerBlock: 256, BlocksPerSM: 8}).Seconds() * H100.ClockHz
	}
	all := int64(132 * per)
	for _, tc := range []struct {
		name     string
		c        counters.Counters
		perCycle float64
	}{
		{"xor", counters.Counters{ALUWarpInstrs: all}, 2},
		{"imad", counters.Counters{IMADWarpSlots: all}, 2},
		{"imad.hi", counters.Counters{IMADWarpSlots: 2 * all}, 1},
		{"popc", counters.Counters{XUWarpInstrs: all}, 0.49},
		{"ffma", counters.Counters{FP32WarpInstrs: all}, 4},
		{"ffma and imad", counters.Counters{FP32WarpInstrs: all / 2, IMADWarpSlots: all / 2}, 4},
		{"rotate and fmul", counters.Counters{FP32WarpInstrs: all / 2, ALUWarpInstrs: all / 2}, 4},
	} {
		// Within 10 %: the launch's other terms round the corner.
		if got, want := cycles(tc.c), per/tc.perCycle; got < 0.999*want || got > 1.1*want {
			t.Errorf("%s: %.0f cycles, want %.0f (%.2f a cycle an SM)", tc.name, got, want, tc.perCycle)
		}
	}
}

// Warp shuffles as bench/microbench/shfl.cu measured them (H200,
// docs/results/2026-11-28j-shuffle): a lone warp's chain of dependent
// shuffles takes 24–26 cycles a shuffle; 32 warps an SM of 8 independent
// ones each complete one shuffle a cycle an SM (0.97–1.00). The model
// is held within 1.4×: its chain also charges the loop's add and branch,
// which the GPU overlaps with the shuffle's wait.
func TestShuffles(t *testing.T) {
	const k = 1024
	loop := func(warps, chains int64) Launch {
		// The loop's shuffles, a counter add and a branch an iteration.
		instrs := k * (chains + 2)
		c := counters.Counters{Blocks: 132, Threads: 132 * 32 * warps, WarpInstrs: 132 * warps * instrs, SASSWarpInstrs: 132 * warps * instrs,
			ShuffleWarpInstrs: 132 * warps * k * chains, MaxWarpInstrs: instrs, Branches: 132 * warps * k}
		return Launch{Counters: c, ThreadsPerBlock: int(32 * warps), BlocksPerSM: 1}
	}
	cyclesPerIter := func(l Launch) float64 { return H100.Kernel(l).Seconds() * H100.ClockHz / k }
	if got := cyclesPerIter(loop(1, 1)); got < 24 || got > 26.2*1.4 {
		t.Errorf("one warp, one chain: %.1f cycles an iteration, measured 24.2–26.2", got)
	}
	tm := H100.Terms(loop(32, 8))
	if got := cyclesPerIter(loop(32, 8)); tm.Bound() != "shuffles" || got < 256 || got > 264*1.4 {
		t.Errorf("32 warps of 8 chains: %.1f cycles an iteration (bound %s), measured 257–264", got, tm.Bound())
	}
}

// A thread per row of an n×n matrix, 128 threads a block, one block per
// SM (n = 1024: the zoo's matvec): each iteration loads a[row][k] and x[k].
// Walking the rows, a warp's a-load touches 32 lines (a sector each),
// which it re-reads for 8 steps; walking the transposed matrix's columns,
// it touches one new line a step. The H100 runs the column walk 2× faster
// (0.040 against 0.083 ms): L1 serves the row walk a line a cycle, and
// the column walk's misses of an iteration (8 loads, unrolled) overlap.
func matvec(n int64, rows bool) counters.Counters {
	warps := n / 32
	steps := warps * n // warp-steps, each an a-load and an x-load
	aSectors := 4 * steps
	if rows {
		aSectors = 32 * steps
	}
	return counters.Counters{
		Blocks: n / 128, Threads: n, WarpInstrs: 5 * steps, MaxWarpInstrs: 5 * n,
		GlobalLoadRequests: 2 * steps, GlobalLoadSectors: aSectors + steps, GlobalLoadBytes: 256 * steps,
		GlobalStoreRequests: warps, GlobalStoreSectors: 4 * warps, GlobalStoreBytes: 128 * warps,
		DRAMSectors: n*n/8 + n/8 + n/8, MaxWarpGlobalLoads: 2 * n, Branches: steps / 4, // NVRTC unrolls the loop 4 times
	}
}

func TestCoalescedWalkFaster(t *testing.T) {
	l := func(rows bool) Launch {
		return Launch{Counters: matvec(1024, rows), ThreadsPerBlock: 128, BlocksPerSM: 16}
	}
	byRow, byCol := H100.Kernel(l(true)), H100.Kernel(l(false))
	if byCol >= byRow {
		t.Errorf("column walk %v, row walk %v: want the coalesced column walk faster", byCol, byRow)
	}
	if b := H100.Terms(l(true)).Bound(); b != "L1" {
		t.Errorf("row walk bound by %s, want L1", b)
	}
	// The row walk's lines (4 warps × 32 lines of 128 B) fit in L1: only
	// the new sectors reach L2.
	if tm := H100.Terms(l(true)); tm.L2 > 2*H100.Terms(l(false)).L2 {
		t.Errorf("row walk's L2 term %v, column walk's %v: its re-reads should hit L1", tm.L2, H100.Terms(l(false)).L2)
	}
}

// The lanes of a warp's atomic that meet on one word are applied one
// after another, those on the words of one sector together
// (Counters.AtomicSectorOps). bench/microbench/atommult.cu on an H200
// (docs/results/2026-11-28-atommult; the H100's L2 and clock): m of 32
// lanes on each word, the warp's words in one sector, 2^24 lanes over
// 2^20 words; requests a second, median of three runs. The model follows
// within 1.6× and in order.
func TestAtomicLanesOnAWord(t *testing.T) {
	const lanes, requests = 1 << 24, 1 << 19
	prev := time.Duration(0)
	for _, c := range []struct {
		m          int64   // lanes a word
		reqsPerSec float64 // measured
	}{{8, 7.74e9}, {16, 3.836e9}, {32, 2.929e9}} {
		words := requests * (32 / c.m) / 16 // the warps wrap 16 times round the 2^20 words
		cnt := counters.Counters{Blocks: lanes / 256, Threads: lanes, WarpInstrs: requests * 16, AtomicRequests: requests,
			AtomicSectorOps: requests * c.m, AtomicAddresses: words, MaxAddressAtomics: lanes / words}
		got := H100.Kernel(Launch{Counters: cnt, ThreadsPerBlock: 256, BlocksPerSM: 8})
		want := time.Duration(float64(requests) / c.reqsPerSec * 1e9)
		t.Logf("%d lanes a word: modelled %v, measured %v", c.m, got, want)
		if r := float64(got) / float64(want); r < 1/1.6 || r > 1.6 {
			t.Errorf("%d lanes a word: modelled %v, measured %v", c.m, got, want)
		}
		if got <= prev {
			t.Errorf("%d lanes a word: modelled %v, no slower than fewer lanes (%v)", c.m, got, prev)
		}
		prev = got
	}
}
