// Package timemodel estimates the device time of a kernel launch on an
// H100 SXM, or another GPU of package gpus (For), from what the virtual
// GPU counted while it ran the launch.
//
// The model is a roofline per launch with a latency floor, its corner
// rounded:
//
//	time = (issue⁴ + fp64⁴ + sfu⁴ + shared⁴ + l1⁴ + l2⁴ + dram⁴ + blocks⁴ + atomics⁴ + chain⁴)^¼
//
// which is the largest term when one bounds the launch, and more than it
// when two are close (resources near their limit at once each slow the
// other: a one-element-per-thread copy, bound by DRAM and nearly by block
// dispatch, is 5–10 % slower on the H100 than a grid-stride loop over the
// same data, which dispatches a tenth of the blocks).
//
// and a timed sequence of launches and copies (what Kernel.Time and
// Device.TimeFunc time) is laid out as the GPU runs it (Total): the host
// enqueues a piece every HostLaunch, the GPU starts it then or LaunchGap
// after the previous piece ends, whichever is later, and LaunchOverhead is
// paid once.
//
// The blocks are spread evenly over the SMs; the busiest SM runs
// ceil(blocks/SMs) of them, in waves of the blocks the occupancy lets it
// hold at once. The per-SM terms are that SM's:
//
//   - issue: its warp-instructions / (4 schedulers × clock), counted as
//     the SASS the GPU issues where the virtual GPU estimated it
//     (SASSWarpInstrs: the kernel's SASS per basic block where the tools
//     are installed, else PTX with an integer division a sequence of
//     10–13), or
//     its FP32 warp-instructions / the FP32 pipe's rate, if longer (an
//     SM of 64 FP32 lanes issues two a cycle).
//   - fp64, sfu, shuffle: its FP64, MUFU and SHFL warp-instructions / the
//     pipe's measured rate (1.93, 0.49 and 1 a cycle).
//   - shared: its shared-memory wavefronts / (1 per cycle × clock).
//   - l1: its global loads' 128-byte lines / (0.95 per cycle × clock):
//     L1 serves about a line a cycle, so a request whose lanes touch 32
//     lines (a thread walking its own row) takes 34 cycles, hit or miss;
//     shared memory's wavefronts and these are one data pipe's, one term.
//     Where the virtual GPU counted bank ways (GlobalLoadWavefronts), a
//     scattered request's hits take a cycle a way or a cycle per 4 lines,
//     whichever is more, and its missed lines the line rate.
//   - chain: what the launch's longest warp (vgpu's MaxWarp counters: a
//     block holds its slots until its last warp ends, and its warps start
//     one after another, so larger blocks end later) waits for in turn —
//     each of its instructions (InstrCycles), each global load (the L1
//     re-read cost, plus the miss share of the L2 or DRAM latency, from
//     how often the launch's requests touch a new sector; the loads a
//     warp issues between two waits for them, the loads of a loop's
//     iteration, wait the miss latency together; a DRAM load also waits
//     its share of what the whole GPU's resident warps have in flight,
//     Little's law; a warp with few loads issues them together and waits
//     one such round), each round of shared loads, each barrier — times
//     the waves. It is what a launch with too few warps to hide latency
//     takes (a single block, a 16-block grid-stride loop, many waves of
//     one-load warps). A block's warps that meet at barriers move in step,
//     so its own issue (or shared) time adds to it, and the other resident
//     blocks' partly (the geometric mean of all and none of it).
//
// The device-wide terms:
//
//   - l2: the global load sectors that miss L1 (where the virtual GPU
//     counted each block's: an SM's blocks' union, and for scattered
//     loads beyond L1 the share it cannot hold; l1Misses) × 32 B / L2
//     bandwidth, the scattered requests' share a sector at a time at the
//     scattered rate (in recordings made before: all sectors, or for
//     coalesced loads, and scattered ones whose lines for one request of
//     every resident warp fit in L1, only the share new to the launch),
//     plus stored bytes / L2 bandwidth, plus each store sector the warp
//     wrote only partly / the partial-sector rate (the uncoalesced writes
//     of a naive transpose).
//   - dram: distinct global sectors touched × 32 B (the 64-byte chunks
//     holding them × 64 B, if more: DRAM moves 64 bytes at a time) /
//     DRAM bandwidth (less of it for a grid resident at once whose warps
//     loop over the data), plus an idle between waves of warps with few
//     loads (a round trip and a start a warp of the block, less the share
//     of the wave's own DRAM time that hides it: none for a copy of 16
//     bytes a thread); data that fits in L2 stays there between the
//     repeated runs that time a kernel on a GPU, and moves at the
//     L2-resident rate instead.
//   - blocks: blocks / the rate the GPU dispatches blocks, or the warps /
//     the rate an SM takes them, whichever is longer (a grid of many tiny
//     blocks is bound by it).
//   - atomics: the most atomic operations on one global address
//     (MaxAddressAtomics) / the rate the L2 applies operations to one
//     address, one after another (a histogram whose values fall mostly in
//     one bin, a counter every warp increments); or the L2's operations
//     beyond one a word / the rate atomics over so many words reach
//     (few words are served by few L2 slices: a uniform 256-bin
//     histogram), or every operation at the rate over many words, or,
//     over more data than half the L2, the share missed at DRAM's rate,
//     whichever is longest.
//
// Every constant of H100 (docs/timemodel.md names its source) is a
// microbenchmark of bench/microbench on the H100, the device's own report,
// public figures, or calibration against the H100 times recorded in
// tools/timecompare/testdata, where no microbenchmark measures it.
// Another GPU's model (For, gpus.go) is the same mechanisms with that
// GPU's published figures in place of the H100's. The model is for ranking variants and seeing why they differ, not a
// simulator: it knows no caches beyond the hit share, L1's line rate and
// whether a scattered request's lines stay in it, and 64-byte DRAM
// fetches; of the instruction mix only division sequences, the FP32 and
// FP64 pipes and the SFU; which loads depend on others (it counts a loop's loads an
// iteration as independent); and no clock boost.
package timemodel

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/culab/culab/cudalib/counters"
	"github.com/culab/culab/cudalib/warpissue"
)

// GPU is the modelled device's throughputs and latencies.
type GPU struct {
	SMs                  int           // streaming multiprocessors
	ClockHz              float64       // SM clock
	IssuePerSM           float64       // warp-instructions issued per SM per cycle (4 schedulers)
	FP32PerSM            float64       // FP32 warp-instructions per SM per cycle (128 FP32 lanes: 4)
	FP64PerSM            float64       // FP64 warp-instructions per SM per cycle (64 FP64 lanes)
	SFUPerSM             float64       // MUFU (and other XU) warp-instructions per SM per cycle (16 SFU lanes)
	ALUPerSM             float64       // integer and logic ALU warp-instructions per SM per cycle
	IMADPerSM            float64       // slots of the FMA pipe's heavy half (integer multiply-adds) per SM per cycle
	ShufflePerSM         float64       // SHFL warp-instructions per SM per cycle
	WavefrontsPerSM      float64       // shared-memory wavefronts per SM per cycle
	L2BytesPerSec        float64       // L2 bandwidth for loads
	StoreSectorsPerSec   float64       // global store sectors L2 takes per second
	DRAMBytesPerSec      float64       // reachable DRAM bandwidth
	DRAMFetchBytes       float64       // what the L2 fetches from DRAM at once (0: a sector)
	LoopDRAMBytesPerSec  float64       // reachable DRAM bandwidth of a resident grid that loops over the data
	L2Bytes              float64       // data up to this size stays in L2 between timed runs
	ResidentBytesPerSec  float64       // what DRAM's term moves at for L2-resident data
	BlocksPerSec         float64       // blocks the GPU dispatches per second
	AddressAtomicsPerSec float64       // atomic operations the L2 applies to one address per second
	FootprintAtomics     []Footprint   // atomics a second, each lane on a random one of so many words (by words)
	DRAMAtomicsPerSec    float64       // atomics a second at random addresses of data beyond L2
	InstrCycles          float64       // cycles a warp waits between dependent instructions
	FP64Cycles           float64       // the same for FP64 instructions
	ShuffleCycles        float64       // the same for warp shuffles (SHFL)
	L1HitCycles          float64       // a re-read global load, as one warp waits for it (mostly L2 hits)
	L1Bytes              float64       // data up to this size stays in each SM's L1
	L1ResidentCycles     float64       // a re-read global load when all the data stays in L1
	L1LinesPerSM         float64       // 128-byte lines of global loads L1 serves per SM per cycle (uncounted wavefronts)
	L1WavefrontsPerSM    float64       // global load data wavefronts (bank ways) L1 serves per SM per cycle
	L1TagsPerSM          float64       // 128-byte lines of global loads L1 looks up per SM per cycle
	L2MissCycles         float64       // an L1 miss served by L2, as one warp waits for it
	L2HitCycles          float64       // a global load served by L2, as a lone warp's scoreboard waits for it (mlp.cu)
	DRAMLoadCycles       float64       // a global load served by DRAM, as a lone warp's scoreboard waits for it (mlp.cu)
	DRAMLatencyCycles    float64       // a load from DRAM, as one warp of an unloaded GPU waits for it
	WarpStartCycles      float64       // a block's warps start one after another, this far apart
	WarpDispatchCycles   float64       // an SM takes a new warp at most once in so many cycles
	WaveIdleCycles       float64       // DRAM's idle between waves of a one-shot grid, before the rest
	WaveIdleWarpCycles   float64       // the idle's more for each warp of a block
	WaveIdleOverlap      float64       // the share of a wave's DRAM time that hides the idle
	TermNorm             float64       // the terms combine as their TermNorm-norm (∞: their max)
	BarrierCycles        float64       // cost of one bar.sync to each warp
	SharedLoadCycles     float64       // latency of a shared-memory load to the warp waiting on it
	LaunchOverhead       time.Duration // first launch of a timed sequence, as events see it
	LaunchGap            time.Duration // between back-to-back launches on one stream
	HostLaunch           time.Duration // host time to enqueue one launch or copy
	CopyBytesPerSec      float64       // device-to-device copies and fills (read + written bytes)
	CopySetup            time.Duration // a driver copy's own start beyond a kernel's

	// Mechanisms measured by bench/microbench/mech.cu (docs/timemodel.md).
	ConstWordsPerSM            float64 // distinct words of LDC requests the constant cache serves per SM per cycle
	ConstCycles                float64 // an LDC of one word, as a warp waits for it
	ConstWordCycles            float64 // each further distinct word of a warp's LDC
	SerialL1Cycles             float64 // a dependent load whose data stays in L1
	SerialL2Cycles             float64 // a dependent load from L2 (data beyond L1)
	SerialDRAMCycles           float64 // a dependent load from DRAM (data beyond L2)
	ScatteredL2SectorsPerSec   float64 // sectors of scattered loads L2 serves (data beyond L1)
	ScatteredDRAMSectorsPerSec float64 // sectors of scattered loads DRAM serves (data beyond L2)
	LocalLoadCycles            float64 // a local load, as a warp waits for it (L1 hit)
	LocalStoreCycles           float64 // a local store a later local load waits for (written through to L2)
	LocalStoreSectorsPerSec    float64 // local store sectors L2 takes per second (partial writes)
}

// H100 is an H100 SXM 80 GB HBM3, as docs/timemodel.md explains.
var H100 = GPU{
	SMs:                  132,
	ClockHz:              1.98e9,
	IssuePerSM:           4,
	FP32PerSM:            4,
	FP64PerSM:            1.93,
	SFUPerSM:             0.49,
	ALUPerSM:             2,
	IMADPerSM:            2,
	ShufflePerSM:         1,
	WavefrontsPerSM:      1,
	L2BytesPerSec:        7.5e12,
	StoreSectorsPerSec:   50e9,
	DRAMBytesPerSec:      3.0e12,
	DRAMFetchBytes:       64,
	LoopDRAMBytesPerSec:  2.78e12,
	L2Bytes:              50 << 20,
	ResidentBytesPerSec:  6.6e12,
	BlocksPerSec:         1.64e9,
	AddressAtomicsPerSec: 1.26e9,
	FootprintAtomics: []Footprint{{16, 5.37e9}, {64, 3.44e9}, {256, 3.86e9},
		{1024, 1.16e10}, {4096, 3.43e10}, {16384, 6.13e10}, {65536, 6.30e10}},
	InstrCycles:       4.65,
	FP64Cycles:        8.4,
	ShuffleCycles:     25,
	L1HitCycles:       49.5,
	L1Bytes:           200 << 10,
	L1ResidentCycles:  10,
	L1LinesPerSM:      0.95,
	L1WavefrontsPerSM: 1,
	L1TagsPerSM:       4,
	L2MissCycles:      92,
	L2HitCycles:       292.0,
	DRAMLoadCycles:    673.3,
	DRAMLatencyCycles: 198,
	WarpStartCycles:   8,
	// blocksize.cu: empty blocks of 1024 threads at 1.465 G/s, 178
	// cycles a block an SM (of up to 512 threads at 1.64 G/s).
	WarpDispatchCycles: 5.57,
	// wavewidth.cu (docs/results/2026-11-29p-wave-width): least squares
	// over copies of 4, 8 and 16 bytes a thread in blocks of 256–1024.
	WaveIdleCycles:     673,
	WaveIdleWarpCycles: 14.69,
	WaveIdleOverlap:    0.254,
	TermNorm:           4,
	BarrierCycles:      150,
	SharedLoadCycles:   29,
	LaunchOverhead:     6 * time.Microsecond,
	LaunchGap:          1500 * time.Nanosecond,
	HostLaunch:         4500 * time.Nanosecond,
	CopyBytesPerSec:    2.95e12,
	CopySetup:          2 * time.Microsecond,

	ConstWordsPerSM:            0.49,
	ConstCycles:                37,
	ConstWordCycles:            11,
	SerialL1Cycles:             47,
	SerialL2Cycles:             418,
	SerialDRAMCycles:           1143,
	ScatteredL2SectorsPerSec:   1.377e11,
	ScatteredDRAMSectorsPerSec: 3.55e10,
	// atomfoot.cu's 15.2 G/s over 512 MB on the H200, times the H100's
	// peak DRAM bandwidth over the H200's (3352 / 4814 GB/s).
	DRAMAtomicsPerSec:       15.2e9 * 3352 / 4814,
	LocalLoadCycles:         47,
	LocalStoreCycles:        323,
	LocalStoreSectorsPerSec: 6.25e10,
}

// Footprint is the rate at which the L2 applies atomic operations spread
// evenly over Words distinct 4-byte words.
type Footprint struct {
	Words     int64
	OpsPerSec float64
}

// footprintRate is the rate, in L2 operations (Counters.AtomicSectorOps),
// at which atomics spread over words distinct words are applied: the
// footprint table, whose rates are of lanes each on a random one of
// Words words, turned into L2 operations (a warp's 32 lanes over Words/8
// sectors take opsHit operations) and interpolated in log–log; beyond
// its end, the end's rate; below its start none (0): on a sector or less
// the operations on the busiest word bound the launch.
func footprintRate(table []Footprint, words int64) float64 {
	if len(table) == 0 || words < table[0].Words {
		return 0
	}
	rate := func(f Footprint) float64 { return f.OpsPerSec * opsHit(f.Words) / 32 }
	for i := 1; i < len(table); i++ {
		a, b := table[i-1], table[i]
		if words <= b.Words {
			f := math.Log(float64(words)/float64(a.Words)) / math.Log(float64(b.Words)/float64(a.Words))
			return math.Exp(math.Log(rate(a)) + f*math.Log(rate(b)/rate(a)))
		}
	}
	return rate(table[len(table)-1])
}

// opsHit is the L2 operations (Counters.AtomicSectorOps) of a warp whose
// 32 lanes are each on a random one of words 4-byte words (8 to a
// sector): per sector touched, the most lanes on one of its words. The
// mean over opsHitWarps random warps of a fixed seed, made once a size.
func opsHit(words int64) float64 {
	if v, ok := opsHitMemo.Load(words); ok {
		return v.(float64)
	}
	rng := rand.New(rand.NewPCG(uint64(words), 0x0b5))
	var lanes [32]uint64
	var total int64
	for range opsHitWarps {
		for l := range lanes {
			lanes[l] = 4 * uint64(rng.Int64N(words))
		}
		total += counters.SectorOps(lanes[:])
	}
	v := float64(total) / opsHitWarps
	opsHitMemo.Store(words, v)
	return v
}

const opsHitWarps = 1 << 14

var opsHitMemo sync.Map // words → opsHit

// coalescedWaste is the most sector bytes per requested byte of loads
// whose re-reads the model lets hit L1: misaligned or neighbouring rows
// (a stencil's doubles: 12 sectors for 8 of data) still hit, a sector per
// lane (a strided walk: 8 bytes of sector per byte) thrashes L1.
const coalescedWaste = 2

// lineBytes is an L1 line: 4 sectors under one tag.
const lineBytes = 128

// loopingLoads is the loads a warp issues at least to count as looping
// over its data (a warp with fewer waits out one DRAM round instead).
const loopingLoads = 8

// Launch is one kernel launch as the model needs it.
type Launch struct {
	Kernel   string `json:",omitempty"` // its name, which recordings show
	Counters counters.Counters
	// Loop is the kernel's hottest SASS loop, for a launch of one block
	// (nil: none known; the chain is then taken from the counters).
	Loop            *warpissue.Loop `json:"-"`
	ThreadsPerBlock int
	BlocksPerSM     int // resident blocks per SM by the occupancy rules; 0 counts as 1
}

// Terms are the parts of a launch's modelled time, in seconds, for
// explaining which one bounds it.
type Terms struct {
	Issue, FP64, SFU, Shuffle, Shared, Const, L1, L2, DRAM, Blocks, Atomics, Chain float64
	Waves                                                                          int
}

// Bound names the largest term (the first of equals, in the order issue,
// FP64 pipe, SFU, shuffles, shared memory, constant cache, L1, L2, DRAM,
// block dispatch, atomics, latency).
func (t Terms) Bound() string {
	named := t.named()
	b := named[0]
	for _, c := range named[1:] {
		if c.v > b.v {
			b = c
		}
	}
	return b.n
}

// Terms computes the terms of one launch.
func (g GPU) Terms(l Launch) Terms {
	t := g.terms(l, false)
	if t.Waves > 1 && l.Counters.BlockWarpInstrs > 0 {
		// The busiest SM runs its blocks in waves; the longest warp holds
		// up one of them, the others take a typical block's longest warp
		// (a hash table's longest probe sequence is paid once, not in
		// every wave).
		typical := g.terms(l, true)
		t.Chain = (typical.Chain*float64(t.Waves-1) + t.Chain) / float64(t.Waves)
	}
	return t
}

// terms computes the terms of one launch whose warps all take the longest
// warp's time, or, if typical, a typical block's longest warp's
// (Counters.BlockWarpInstrs).
func (g GPU) terms(l Launch, typical bool) Terms {
	c := l.Counters
	if c.Blocks <= 0 || l.ThreadsPerBlock <= 0 {
		return Terms{}
	}
	// The blocks are spread evenly over the SMs; the busiest SM runs
	// ceil(blocks/SMs) of them, in waves of the blocks that fit at once.
	// Its issue and shared-memory work and its latency chain set the
	// per-SM terms (a grid of 144 blocks takes two blocks' time, not 1.09).
	perSM := int64(max(l.BlocksPerSM, 1))
	onBusiest := (c.Blocks + int64(g.SMs) - 1) / int64(g.SMs)
	waves := (onBusiest + perSM - 1) / perSM
	blocks := float64(c.Blocks)
	warpsPerBlock := float64((l.ThreadsPerBlock + 31) / 32)
	warps := blocks * warpsPerBlock

	var t Terms
	t.Waves = int(waves)
	issued := c.WarpInstrs
	if c.SASSWarpInstrs > 0 {
		issued = c.SASSWarpInstrs
	}
	t.Issue = float64(onBusiest) * float64(issued) / blocks / (g.IssuePerSM * g.ClockHz)
	if g.FP32PerSM > 0 {
		// An SM with fewer FP32 lanes than its schedulers issue to (64 on
		// Turing and GA100: two FP32 warp-instructions a cycle) issues
		// FP32 arithmetic at its pipe's rate, the rest beside it. Integer
		// multiply-adds share the FMA pipe, on its heavy half only.
		t.Issue = max(t.Issue, float64(onBusiest)*float64(c.FP32WarpInstrs+c.IMADWarpSlots)/blocks/(g.FP32PerSM*g.ClockHz))
	}
	if g.ALUPerSM > 0 && g.IMADPerSM > 0 {
		// The integer and logic ALU and the FMA pipe's heavy half each
		// take two warp-instructions a cycle an SM, half the issue rate
		// (bench/microbench/pipes.cu on an H200: xor, rotate, min at
		// 1.93 a cycle; IMAD at 1.93, IMAD.HI and IMAD.WIDE at half that),
		// so integer code bound by one of them issues at half the rate:
		// ptxas moves adds and moves to the heavy half (IMAD.IADD,
		// IMAD.MOV, VIADD) to balance the two where it can.
		t.Issue = max(t.Issue, float64(onBusiest)*float64(c.ALUWarpInstrs)/blocks/(g.ALUPerSM*g.ClockHz),
			float64(onBusiest)*float64(c.IMADWarpSlots)/blocks/(g.IMADPerSM*g.ClockHz))
	}
	if g.FP64PerSM > 0 {
		t.FP64 = float64(onBusiest) * float64(c.FP64WarpInstrs) / blocks / (g.FP64PerSM * g.ClockHz)
	}
	if g.SFUPerSM > 0 {
		// POPC and the slow conversions run on the XU beside MUFU
		// (pipes.cu: 0.49 a cycle an SM, as MUFU).
		t.SFU = float64(onBusiest) * float64(c.SFUWarpInstrs+c.XUWarpInstrs) / blocks / (g.SFUPerSM * g.ClockHz)
	}
	if g.ShufflePerSM > 0 {
		t.Shuffle = float64(onBusiest) * float64(c.ShuffleWarpInstrs) / blocks / (g.ShufflePerSM * g.ClockHz)
	}
	t.Shared = float64(onBusiest) * float64(c.SharedLoadWavefronts+c.SharedStoreWavefronts) / blocks / (g.WavefrontsPerSM * g.ClockHz)
	if g.ConstWordsPerSM > 0 {
		// The constant cache serves a warp's distinct words one after
		// another, about one every two cycles an SM (mech.cu: 0.47–0.50
		// words a cycle for 1 to 32 distinct words a request).
		t.Const = float64(onBusiest) * float64(c.ConstLoadWords) / blocks / (g.ConstWordsPerSM * g.ClockHz)
	}
	// L1 serves a load one 128-byte line a cycle: a coalesced request is
	// a line (or a few, for wide or misaligned lanes), a scattered one (a
	// sector a lane, each in a line of its own) up to 32.
	scattered := c.GlobalLoadSectors*32 > coalescedWaste*c.GlobalLoadBytes
	lines := math.Max(float64(c.GlobalLoadRequests), float64(c.GlobalLoadSectors)*32/lineBytes)
	switch {
	case scattered:
		lines = float64(c.GlobalLoadSectors)
	case c.GlobalLoadLines > 0:
		// Counted, a coalesced request's lines are the data pipe's
		// wavefronts (l1mix.cu): a half-warp on each of two rows is two
		// lines, however few its sectors.
		lines = float64(c.GlobalLoadLines)
	}
	if g.L1LinesPerSM > 0 {
		t.L1 = float64(onBusiest) * lines / blocks / (g.L1LinesPerSM * g.ClockHz)
	}
	// The share of requested sectors that are new to the launch (the rest
	// hit in L1 or L2) sets a load's latency. Coalesced loads (a few
	// sectors a request) that re-read sectors hit L1, so only that share
	// reaches L2. Scattered loads do too while the lines of one request of
	// every warp resident on an SM fit in its L1 (a thread per row walking
	// its row re-reads each sector 8 times, 4 bytes a step); beyond that
	// they thrash L1 and all reach L2.
	miss := 1.0
	if sectors := c.GlobalLoadSectors + c.GlobalStoreSectors; sectors > 0 {
		miss = math.Min(1, float64(c.DRAMSectors)/float64(sectors))
	}
	l2Loads := float64(c.GlobalLoadSectors)
	residentWarps := float64(min(perSM, onBusiest)) * warpsPerBlock
	// L1 holds lines: a request's lines where counted (GlobalLoadLines;
	// a lane's 32 bytes four to a line, 8 lines for 32 sectors), its
	// sectors each a line in recordings made before.
	reqLines := float64(c.GlobalLoadSectors)
	if c.GlobalLoadLines > 0 {
		reqLines = float64(c.GlobalLoadLines)
	}
	walkFits := c.GlobalLoadRequests > 0 && residentWarps*reqLines/float64(c.GlobalLoadRequests)*lineBytes <= g.L1Bytes
	if !scattered || walkFits {
		l2Loads *= miss
	}
	// Where the virtual GPU counted what each block loads, the loads' L1
	// misses (l1Misses), of which L2 serves the scattered requests' a
	// sector at a time (l1cold.cu's gathers: 120–144 sectors a ns on the
	// H200, as a chase's).
	l2Time := l2Loads * 32 / g.L2BytesPerSec
	// The share of the loaded sectors that miss L1: where a dependent
	// load's data lies.
	l1Miss := miss
	if m := g.l1Misses(c, onBusiest, min(perSM, onBusiest), scattered && !walkFits); m >= 0 {
		if c.GlobalLoadSectors > 0 {
			l1Miss = math.Min(1, m/float64(c.GlobalLoadSectors))
		}
		l2Loads = m
		scat := 0.0
		if g.ScatteredL2SectorsPerSec > 0 {
			scat = float64(c.BlockScatteredSectors) / float64(c.BlockLoadSectors)
		}
		l2Time = l2Loads * (1 - scat) * 32 / g.L2BytesPerSec
		if scat > 0 {
			l2Time += l2Loads * scat / g.ScatteredL2SectorsPerSec
		}
	}
	if scattered && c.GlobalLoadWavefronts > 0 && g.L1WavefrontsPerSM > 0 && g.L1TagsPerSM > 0 {
		// Where the virtual GPU counted them, a scattered request that
		// hits L1 is served as shared memory serves one, a wavefront a
		// bank way (the most distinct words its lanes touch in one bank),
		// its lines' tags looked up beside (l1lines.cu): 32 lanes on 8
		// lines of a 1 KB table take 2–3 cycles, not the 14 of its
		// sectors. A line that misses is filled at the line rate: the
		// share new to the launch where the data, or the lines of one
		// request of every resident warp, fit in L1 (a table), all of
		// them otherwise. Recordings made before have no wavefronts and
		// keep the sector charge above.
		lines := float64(c.GlobalLoadLines)
		hits := math.Max(float64(c.GlobalLoadWavefronts)/g.L1WavefrontsPerSM, lines/g.L1TagsPerSM)
		missed := 1.0
		if float64(c.DRAMSectors)*32 <= g.L1Bytes || residentWarps*lines/float64(c.GlobalLoadRequests)*lineBytes <= g.L1Bytes {
			missed = miss
		}
		fills := lines * missed / g.L1LinesPerSM
		t.L1 = float64(onBusiest) * (hits + fills) / blocks / g.ClockHz
	}
	// Shared memory and L1 are one unit (L1TEX) whose data stage serves an
	// SM one wavefront a cycle, a shared one or a global load's: where a
	// loop mixes them their times add (bench/microbench/l1mix.cu on the
	// H200: 64 mixes of shared and L1-hit loads at 1.00–1.12 of the sum,
	// 1.12–2.03 of the larger). The pipe is one term, named for the
	// larger share: a conflicted shared tile stays bound by shared memory.
	sharedOnly := t.Shared
	if pipe := t.Shared + t.L1; t.Shared >= t.L1 {
		t.Shared, t.L1 = pipe, 0
	} else {
		t.Shared, t.L1 = 0, pipe
	}
	// A store sector the warp fills moves at L2's bandwidth; one it writes
	// only partly (a naive transpose writes 4 of its 32 bytes) costs L2 a
	// partial write each, at the partial-sector rate.
	full := math.Min(float64(c.GlobalStoreSectors), float64(c.GlobalStoreBytes)/32)
	t.L2 = l2Time + full*32/g.L2BytesPerSec + (float64(c.GlobalStoreSectors)-full)/g.StoreSectorsPerSec
	if scatteredLocal(c) && g.LocalStoreSectorsPerSec > 0 {
		// Local stores are written through to L2, a lane's word at a time
		// where the lanes' indices differ (mech.cu's local
		// read-modify-write: 62.5 G sectors/s).
		t.L2 += float64(c.LocalStoreSectors) / g.LocalStoreSectorsPerSec
	} else {
		t.L2 += float64(c.LocalStoreSectors) * 32 / g.L2BytesPerSec
	}
	data := float64(c.DRAMSectors) * 32
	// The L2 fetches from DRAM DRAMFetchBytes at a time: a walk that
	// touches one sector of each pair moves, and keeps in L2, both.
	fetched := max(data, float64(c.DRAMChunks)*g.DRAMFetchBytes)
	resident := fetched <= g.L2Bytes
	// Scattered dependent loads (a chase, a probe: no re-reads of a
	// request's lines in the steps after it) over more data than L1
	// holds reach L2 a sector at a time (mech.cu's chase in 4 MiB: 0.52
	// sectors a cycle an SM, however many chains and warps).
	// Only the share of the sectors of dependent loads that miss L1 is
	// taken so: a kernel with a few (a branch on a run's row) streams the
	// rest, a sequential walk re-reads its sectors.
	serialMisses := g.serialMisses(c, residentWarps)
	chased := 0.0
	if scattered && c.GlobalLoadRequests > 0 {
		chased = math.Min(1, serialMisses/float64(c.GlobalLoadRequests)) * float64(c.GlobalLoadSectors)
	}
	if chased > 0 && data > g.L1Bytes && g.ScatteredL2SectorsPerSec > 0 {
		t.L2 = max(t.L2, chased/g.ScatteredL2SectorsPerSec)
	}
	if resident {
		t.DRAM = data / g.ResidentBytesPerSec
	} else {
		bw := g.DRAMBytesPerSec
		if waves == 1 && c.GlobalLoadRequests > int64(warps) {
			// The GPU hands out blocks in index order, so a grid of many
			// short blocks sweeps memory as one compact window, each DRAM
			// row read out while it is open. A grid resident all at once
			// whose warps loop over the data (a grid-stride loop) has every
			// warp walk the whole array; the warps drift apart and their
			// accesses spread over many rows at a time.
			bw = g.LoopDRAMBytesPerSec
		}
		t.DRAM = fetched / bw
		if chased > 0 && g.ScatteredDRAMSectorsPerSec > 0 {
			// Scattered loads over more data than L2 holds miss it in the
			// share it cannot hold, and DRAM serves them a random sector at
			// a time (mech.cu's chase in 256 MiB: 35 G sectors/s).
			t.DRAM = max(t.DRAM, chased*(1-g.L2Bytes/fetched)/g.ScatteredDRAMSectorsPerSec)
		}
		if c.GlobalLoadRequests > 0 && c.MaxWarpGlobalLoads < loopingLoads && waves > 1 {
			// Warps with few loads each wait one DRAM round, and the next
			// wave's blocks start as the last one's end: DRAM idles
			// between waves, the longer the more warps a block starts,
			// less the share the wave's own data hides (its blocks end
			// over the time DRAM takes to serve it, and the first to end
			// are replaced while it still serves the others).
			// wavewidth.cu: copies of 4, 8 and 16 bytes a thread. Warps
			// that load nothing wait for no round (depth.cu's store alone).
			wave := t.DRAM / float64(waves) * g.ClockHz
			idle := max(0, g.WaveIdleCycles+g.WaveIdleWarpCycles*warpsPerBlock-g.WaveIdleOverlap*wave)
			t.DRAM += float64(waves) * idle / g.ClockHz
		}
	}
	// The GPU hands out blocks at BlocksPerSec whatever their size up to
	// 512 threads, and an SM takes a new warp at most once each
	// WarpDispatchCycles: larger blocks go slower (blocksize.cu).
	t.Blocks = max(blocks/g.BlocksPerSec, warps*g.WarpDispatchCycles/(float64(g.SMs)*g.ClockHz))
	if g.AddressAtomicsPerSec > 0 {
		t.Atomics = float64(c.MaxAddressAtomics) / g.AddressAtomicsPerSec
	}
	if r := footprintRate(g.FootprintAtomics, c.AtomicAddresses); r > 0 {
		// Atomics over few words reach few L2 slices: a histogram of 256
		// bins runs at 3.9 G operations/s whatever the spread of its
		// values. The first operation on each word is not held up by the
		// others, but every operation takes the L2's atomic rate over
		// many words (atomfoot.cu on the H200: 69–70 G/s, a CAS or add a
		// word, over 4 to 32 MB).
		t.Atomics = max(t.Atomics, float64(max(c.AtomicSectorOps-c.AtomicAddresses, 0))/r,
			float64(c.AtomicSectorOps)/g.FootprintAtomics[len(g.FootprintAtomics)-1].OpsPerSec)
	}
	if f := float64(c.AtomicSectors) * 32; g.DRAMAtomicsPerSec > 0 && f > g.L2Bytes/2 {
		// Atomics over more data than L2 keeps wait for DRAM to read and
		// write their sectors (atomfoot.cu on the H200: 15.2 G operations
		// a second over 512 MB, 70 over up to 32 MB of its 60). L2 keeps
		// half its size of data that every SM reaches, each of its two
		// partitions caching what its own SMs read (atomfoot's rates fit
		// 25–38 MB); the rest miss.
		missed := 1 - g.L2Bytes/2/f
		inL2 := 0.0
		if r := footprintRate(g.FootprintAtomics, c.AtomicAddresses); r > 0 {
			inL2 = (1 - missed) / r
		}
		t.Atomics = max(t.Atomics, float64(c.AtomicSectorOps)*(inL2+missed/g.DRAMAtomicsPerSec))
	}

	hit := g.L1HitCycles
	if c.Blocks == 1 && data <= g.L1Bytes {
		// One block, whose data all fits in its SM's L1, re-reads it all
		// from there. The blocks of a larger grid each fetch their own
		// share into their SM's L1 at the launch (L1 keeps nothing from
		// the launch before), so their re-reads stay L2 hits and misses.
		hit = g.L1ResidentCycles
	}
	// The chain is the longest warp's: a block holds its slots until its
	// last warp ends (a fixed grid larger than the data has idle warps
	// beside busy ones). Counters without the longest warp's counts give
	// the average warp.
	longest := func(most, total int64) float64 { return math.Max(float64(most), float64(total)/warps) }
	if typical {
		c.MaxWarpInstrs = c.BlockWarpInstrs / c.Blocks
		c.MaxWarpGlobalLoads = c.BlockWarpGlobalLoads / c.Blocks
		c.MaxWarpSharedLoads = c.BlockWarpSharedLoads / c.Blocks
	}
	maxLoads := longest(c.MaxWarpGlobalLoads, c.GlobalLoadRequests)
	// A warp waits for a load at its first use; the loads it issues
	// between two such waits are in flight together. In a loop that uses
	// its loads each iteration (a sum, an update) that is the loads of
	// one iteration: about the loads a branch, or a barrier, where a
	// shared tile is staged each iteration (inFlight).
	rounds := maxLoads
	if c.Blocks > 1 {
		// Not on one SM alone: vecadd's one block (a load, a load and a
		// store an iteration) waits 808 cycles an iteration on the H100,
		// 2.9 times its 16 blocks, where the load-only grid-stride sum of
		// bench/microbench takes 198 with 1 block and with 16. Why is not
		// known.
		rounds /= inFlight(c)
	}
	loads := maxLoads*hit + rounds*miss*(g.L2MissCycles-hit)
	if c.GlobalLoadRequests > 0 && !resident {
		// A load from DRAM waits its latency, and its share of the
		// requests queued ahead of it: the warps resident on the whole GPU
		// have pending bytes in flight, which DRAM delivers in
		// pending/bandwidth (Little's law); a load arrives on average
		// halfway through that, and beyond one latency's worth the DRAM
		// term bounds the launch instead.
		pending := warpsPerBlock * float64(min(c.Blocks, int64(g.SMs)*perSM)) * fetched / warps
		if maxLoads < loopingLoads {
			// A warp with few loads issues them together and waits one
			// round, as loaded as its whole wave makes DRAM.
			queue := math.Min(pending/g.DRAMBytesPerSec*g.ClockHz, g.DRAMLatencyCycles)
			loads = max(maxLoads*(hit+miss*(g.DRAMLatencyCycles-hit)), g.DRAMLatencyCycles+queue)
		} else {
			// A warp that loops has an iteration's requests in flight at
			// a time.
			perLoad := pending / (float64(c.GlobalLoadRequests) / warps) * inFlight(c)
			queue := math.Min(perLoad/g.DRAMBytesPerSec*g.ClockHz, g.DRAMLatencyCycles) / 2
			loads = maxLoads*hit + rounds*miss*(g.DRAMLatencyCycles+queue-hit)
		}
	}

	// The longest warp's steps (its share of the launch's chain steps:
	// PTX instructions with their dependent SASS sequences, FP64
	// instructions and shuffles): an FP64 instruction waits FP64Cycles for
	// the one it depends on, a shuffle ShuffleCycles.
	instrCycles := g.InstrCycles
	if c.WarpInstrs > 0 {
		if c.ChainWarpInstrs > 0 {
			instrCycles *= float64(c.ChainWarpInstrs) / float64(c.WarpInstrs)
		} else if c.SASSWarpInstrs > 0 {
			instrCycles *= float64(c.SASSWarpInstrs) / float64(c.WarpInstrs)
		}
		if g.FP64Cycles > 0 {
			instrCycles += float64(c.FP64WarpInstrs) / float64(c.WarpInstrs) * (g.FP64Cycles - g.InstrCycles)
		}
		if g.ShuffleCycles > 0 {
			instrCycles += float64(c.ShuffleWarpInstrs) / float64(c.WarpInstrs) * (g.ShuffleCycles - g.InstrCycles)
		}
	}
	issue := longest(c.MaxWarpInstrs, c.WarpInstrs) * instrCycles
	if lp := l.Loop; c.Blocks == 1 && data > g.L1Bytes && lp != nil && lp.Loads > 0 && g.L2HitCycles > 0 {
		// One block alone on its SM, its data beyond L1: a warp waits
		// for its loads as ptxas scheduled them, once for each group it
		// issues before the first use of one (package warpissue;
		// bench/microbench/mlp.cu: matmul's one block costs 39 cycles a
		// load on an H100 and H200, 8 loads in flight, and about 10 on an
		// RTX 2080 Ti, 32). A load waits L2's latency, or, where the data
		// does not stay in L2 between runs, DRAM's for the share of
		// sectors new to the launch. The hottest loop's
		// iterations are its loads over its loads an iteration; its
		// instructions are timed with it, the rest as the others.
		iters := maxLoads / float64(lp.Loads)
		lat := g.L2HitCycles
		if !resident {
			lat += miss * max(g.DRAMLoadCycles-g.L2HitCycles, 0)
		}
		loads = iters * lp.Cycles(warpissue.Latencies{Global: lat, Shared: g.SharedLoadCycles, ALU: g.InstrCycles})
		issue = max(issue-iters*float64(len(lp.Ops))*g.InstrCycles, 0)
	}
	// Shared loads wait as global ones do: a warp issues those of an
	// iteration (ptxas hoists a tile's loads above the arithmetic that
	// uses them) and waits a latency for them together.
	perWarp := issue +
		longest(c.MaxWarpSharedLoads, c.SharedLoadRequests)/perWait(c.SharedLoadRequests, c)*g.SharedLoadCycles +
		float64(c.Barriers)*g.BarrierCycles/warps + loads + (warpsPerBlock-1)*g.WarpStartCycles
	perWarp += g.mechCycles(c, warps, maxLoads, instrCycles, data, fetched, serialMisses, l1Miss)
	t.Chain = float64(waves) * perWarp / g.ClockHz
	if c.Barriers > 0 {
		// A block's warps meet at barriers and move in step: between two
		// barriers its warps' instructions issue and their shared-memory
		// wavefronts are served, then the last warp's latency is waited
		// out, so the block's own work adds to its chain. Where several
		// blocks share an SM, the SM's whole work adds to the chain while
		// they move in step with one another, and only the block's own
		// while they are out of step (the others' work then fills its
		// waits). bench/microbench/barphase.cu (1–8 blocks an SM, 4–128
		// shared loads between barriers) runs between the two accounts,
		// at their geometric mean within 0.89–1.13
		// (docs/results/2026-11-29l-barrier-blocks).
		// (Shared memory's wavefronts alone: the data pipe's, global
		// loads' included, made conv2d's shared tiles 1.49× slow, see
		// docs/results/2026-11-29g-l1-data-pipe.)
		work := max(t.Issue, sharedOnly)
		inStep, ownOnly := t.Chain+work, t.Chain+work*float64(waves)/float64(onBusiest)
		t.Chain = math.Sqrt(inStep * ownOnly)
	}
	return t
}

// mechCycles is what a warp waits beyond its instructions for the
// mechanisms of bench/microbench/mech.cu: its LDCs (a word's latency and
// each further distinct word's), its dependent global loads that miss L1
// (serialMisses of the launch, the longest warp's share: each waits the
// latency of where the data lies, L1, L2 or DRAM, less the re-read cost
// every load is charged; a hit waits L1's, which that cost covers), its
// local loads and its scattered local stores (which a later load waits
// for).
func (g GPU) mechCycles(c counters.Counters, warps, maxLoads, instrCycles, data, fetched, serialMisses, l1Miss float64) float64 {
	w := 0.0
	if c.ConstLoadRequests > 0 {
		w += (float64(c.ConstLoadRequests)*max(g.ConstCycles-instrCycles, 0) +
			float64(c.ConstLoadWords-c.ConstLoadRequests)*g.ConstWordCycles) / warps
	}
	lat := g.SerialL1Cycles
	switch {
	case fetched > g.L2Bytes:
		lat = g.SerialDRAMCycles
	case data > g.L1Bytes:
		lat = g.SerialL2Cycles
	}
	if c.DependentLoadRequests > 0 {
		// A load outside loops at an address another load returned waits
		// for it: a level more of latency, where its data lies, for the
		// share that misses L1 (bench/microbench/depth.cu on the H200:
		// 300–390 cycles a level a wave in L2, 820–950 from DRAM; a
		// table's lookups hit L1).
		w += float64(c.DependentLoadRequests) / warps * l1Miss * max(lat-g.L1HitCycles, 0)
	}
	if serialMisses > 0 {
		// The longest warp's share: as its loads, or as its instructions
		// where those are more (its atomics, a CAS loop's retries, are
		// not among its loads).
		scale := 1.0
		if avg := float64(c.GlobalLoadRequests) / warps; avg > 0 && maxLoads > avg {
			scale = maxLoads / avg
		}
		if avg := float64(c.WarpInstrs) / warps; avg > 0 && float64(c.MaxWarpInstrs) > avg*scale {
			scale = float64(c.MaxWarpInstrs) / avg
		}
		serial := serialMisses / warps * scale
		w += serial * max(lat-g.L1HitCycles, 0)
	}
	w += float64(c.LocalLoadRequests) * max(g.LocalLoadCycles-instrCycles, 0) / warps
	if scatteredLocal(c) {
		w += float64(c.LocalStoreRequests) * max(g.LocalStoreCycles-instrCycles, 0) / warps
	}
	return w
}

// l1Misses estimates the sectors of a launch's global loads that miss L1
// (bench/microbench/l1cold.cu against ncu's lookup misses; -1 where the
// virtual GPU did not count BlockLoadSectors). An SM fetches once each
// sector the blocks it runs load: the union of its onBusiest blocks'
// sectors, each block a random subset of the launch's loaded sectors as
// large as the average block's (ncu's misses within 1 %, for blocks with
// private data and for blocks that all read one table, while the data
// fits in L1). A re-read hits unless, with thrash (scattered loads whose
// warps' current lines do not fit in L1 either), the resident blocks'
// data exceeds L1: then it misses in the share L1 cannot hold (random
// re-reads of 512 KB an SM: 81 % of the sectors miss, 70 % estimated).
func (g GPU) l1Misses(c counters.Counters, onBusiest, resident int64, thrash bool) float64 {
	if c.BlockLoadSectors <= 0 || c.Blocks <= 0 {
		return -1
	}
	d := float64(c.BlockLoadSectors) / float64(c.Blocks)
	u := float64(c.LoadSectors)
	if u == 0 {
		u = float64(c.DRAMSectors)
	}
	u = max(u, d)
	union := func(k int64) float64 { return u * (1 - math.Pow(1-d/u, float64(k))) }
	loaded := float64(c.GlobalLoadSectors)
	m := math.Min(float64(c.BlockLoadSectors), float64(min(int64(g.SMs), c.Blocks))*union(onBusiest))
	if held := union(resident) * 32; thrash && held > g.L1Bytes {
		m += max(loaded-m, 0) * (1 - g.L1Bytes/held)
	}
	return math.Min(m, loaded)
}

// serialMisses is the launch's dependent load requests that miss L1: all
// but the hits of a warp's share of L1 at its occupancy (L1Bytes over the
// warps resident on an SM), interpolated in log between the two shares
// the virtual GPU counts (SerialHits4K, SerialHits64K), and clamped to
// them. Recordings without those counters: all of them.
func (g GPU) serialMisses(c counters.Counters, residentWarps float64) float64 {
	if c.SerialLoadRequests == 0 {
		return 0
	}
	f := math.Log(g.L1Bytes/max(residentWarps, 1)/serialSmallBytes) / math.Log(serialLargeBytes/serialSmallBytes)
	f = math.Min(math.Max(f, 0), 1)
	hits := float64(c.SerialHits4K) + f*float64(c.SerialHits64K-c.SerialHits4K)
	return max(float64(c.SerialLoadRequests)-hits, 0)
}

// The warp's shares of L1 in which the virtual GPU counts dependent
// loads' hits (cudalib/vgpu's serialCache).
const (
	serialSmallBytes = 4 << 10
	serialLargeBytes = 64 << 10
)

// scatteredLocal reports whether a launch's local stores are scattered:
// more sectors a request than the 4 of 32 lanes storing the same 4-byte
// element (local memory interleaves the lanes' words). Insertion sort's
// shifts (5.4 a request) are; Needleman–Wunsch's row, indexed by the loop
// counter (4.0), is not, and its stores cost the warp nothing more (its
// 0.37 ms on the H100 is its loads' and instructions' time). A coalesced
// store of 8- or 16-byte elements would count as scattered: the counters
// hold no local bytes.
func scatteredLocal(c counters.Counters) bool {
	return c.LocalStoreRequests > 0 && c.LocalStoreSectors > 4*c.LocalStoreRequests
}

// inFlight is the global loads a warp issues between two waits for them
// (perWait).
func inFlight(c counters.Counters) float64 { return perWait(c.GlobalLoadRequests, c) }

// perWait is how many of a launch's loads a warp issues between two waits
// for them: the loads of a loop's iteration, counted as loads per branch
// (a loop's backward branch; a branch inside the loop counts too, which
// only makes it fewer) or per barrier, whichever is fewer, at least one.
func perWait(loads int64, c counters.Counters) float64 {
	n := 1.0
	if c.Branches > 0 {
		n = float64(loads) / float64(c.Branches)
	}
	if c.Barriers > 0 {
		n = math.Min(n, float64(loads)/float64(c.Barriers))
	}
	return max(n, 1)
}

// combined is the terms' p-norm: their max when p is 0 or infinite.
func (t Terms) combined(p float64) float64 {
	terms := [...]float64{t.Issue, t.FP64, t.SFU, t.Shuffle, t.Shared, t.Const, t.L1, t.L2, t.DRAM, t.Blocks, t.Atomics, t.Chain}
	if p <= 0 || math.IsInf(p, 1) {
		return slices.Max(terms[:])
	}
	sum := 0.0
	for _, v := range terms {
		sum += math.Pow(v, p)
	}
	return math.Pow(sum, 1/p)
}

// Kernel is the modelled time one launch keeps the GPU busy.
func (g GPU) Kernel(l Launch) time.Duration {
	return seconds(g.Terms(l).combined(g.TermNorm))
}

// Copy is the modelled time of a device-to-device copy or fill that moves
// bytes (read plus written): at the measured copy rate, or at the
// L2-resident rate when both buffers fit in L2, as a kernel's data does.
func (g GPU) Copy(bytes int64) time.Duration {
	if float64(bytes) <= g.L2Bytes {
		return g.CopySetup + seconds(float64(bytes)/g.ResidentBytesPerSec)
	}
	return g.CopySetup + seconds(float64(bytes)/g.CopyBytesPerSec)
}

// Work is one piece of a timed sequence: a kernel launch, or a device
// copy or fill of CopyBytes (read plus written) when CopyBytes > 0.
type Work struct {
	Launch    Launch `json:",omitempty"`
	CopyBytes int64  `json:",omitempty"`
}

// A Model turns a timed sequence of work, in the order it was enqueued,
// into its device time. GPU is the model the virtual GPU uses; a tool may
// wrap it to record what was timed.
type Model interface {
	Time(work []Work) time.Duration
}

// Time is the modelled time of a timed sequence of work: Total of each
// piece's busy time. Which kernel a launch runs does not matter: three
// kernels in turn run at the pace of one launched again
// (bench/microbench/launchseq.cu).
func (g GPU) Time(work []Work) time.Duration {
	busy := make([]time.Duration, len(work))
	for i, w := range work {
		if w.CopyBytes > 0 {
			busy[i] = g.Copy(w.CopyBytes)
			continue
		}
		busy[i] = g.Kernel(w.Launch)
	}
	return g.Total(busy)
}

// Total is the modelled time of a timed sequence of work, each piece's
// busy time given in order. The host enqueues a piece every HostLaunch;
// the GPU starts it when it is enqueued and LaunchGap after the previous
// piece ends, whichever is later (back-to-back tiny kernels run at the
// host's launch rate), and the launch overhead is paid once. No work is
// no time.
func (g GPU) Total(work []time.Duration) time.Duration {
	if len(work) == 0 {
		return 0
	}
	var end time.Duration
	for i, w := range work {
		if i > 0 {
			end = max(end+g.LaunchGap, time.Duration(i)*g.HostLaunch)
		}
		end += w
	}
	return g.LaunchOverhead + end
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// Explain says what bounds a timed sequence: the largest term of its
// longest launch, that launch's modelled time, and the runner-up term
// (how far the bound is from the next mechanism). "" without launches.
func (g GPU) Explain(work []Work) string {
	var best Terms
	var longest time.Duration
	for _, w := range work {
		if w.CopyBytes > 0 {
			continue
		}
		if k := g.Kernel(w.Launch); k > longest || longest == 0 {
			best, longest = g.Terms(w.Launch), k
		}
	}
	if longest == 0 {
		return ""
	}
	named := best.named()
	slices.SortStableFunc(named, func(a, b namedTerm) int { return cmp.Compare(b.v, a.v) })
	return fmt.Sprintf("%s bound: %v of the longest launch's %v; next %s, %v",
		named[0].n, seconds(named[0].v), longest, named[1].n, seconds(named[1].v))
}

type namedTerm struct {
	n string
	v float64
}

// named lists the terms with their names, in Bound's order.
func (t Terms) named() []namedTerm {
	return []namedTerm{{"issue", t.Issue}, {"FP64 pipe", t.FP64}, {"SFU", t.SFU}, {"shuffles", t.Shuffle}, {"shared memory", t.Shared}, {"constant cache", t.Const}, {"L1", t.L1}, {"L2", t.L2},
		{"DRAM", t.DRAM}, {"block dispatch", t.Blocks}, {"atomics", t.Atomics}, {"latency", t.Chain}}
}
