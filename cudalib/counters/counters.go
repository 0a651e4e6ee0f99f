// Package counters holds one launch's hardware counters with Nsight
// Compute's definitions: the type the virtual GPU counts into, ncu's results
// are read into, and the time model reads. It is a leaf, so that none of
// those needs another of them for the type alone.
package counters

import "slices"

// Counters are one launch's counts, with Nsight Compute's definitions
// (cudalib/vgpu/COUNTERS.md has the details and what differs). The virtual GPU executes
// PTX, not SASS: instruction counts are PTX instructions, and a memory
// instruction is counted as the PTX names it (ptxas may merge or split
// accesses; tools/ncucompare shows where).
type Counters struct {
	// WarpInstrs (smsp__inst_executed.sum) counts PTX instructions issued
	// for a warp with at least one active lane, predicated off or not;
	// ThreadInstrs (smsp__thread_inst_executed.sum) adds the active lanes
	// of each, predicate regardless.
	WarpInstrs, ThreadInstrs int64
	// SASSWarpInstrs estimates the SASS warp-instructions the GPU issues
	// for them: WarpInstrs with each PTX instruction that ptxas expands
	// into a sequence (32-bit integer division and remainder, IEEE float
	// division) counted as its sequence's length, or, where the virtual
	// GPU has the kernel's SASS, that SASS counted per basic block
	// (package sasscount); FP64WarpInstrs counts
	// those that run on the FP64 pipe (double add, multiply, FMA, compare,
	// conversions). Zero where they were not counted (recordings older
	// than them).
	SASSWarpInstrs, FP64WarpInstrs int64
	// ChainWarpInstrs are the steps a warp waits through one after
	// another, as the time model's latency chain counts them: the PTX's
	// warp-instructions with each one ptxas expands into a dependent
	// sequence (a division) counted as its sequence's length, which is
	// SASSWarpInstrs where there is no SASS. The SASS ptxas adds beside
	// them (address arithmetic, a 64-bit value's halves) takes issue
	// slots but mostly not steps of a warp's chain. Zero where not counted
	// (recordings older than it: the chain takes SASSWarpInstrs).
	ChainWarpInstrs int64
	// SFUWarpInstrs counts those that issue a MUFU instruction on the
	// special-function unit (sin, cos, ex2, lg2, tanh, rsqrt, rcp and sqrt
	// of f32, a float division's reciprocal): 16 lanes an SM, an eighth of
	// the FP32 rate. Zero where not counted.
	SFUWarpInstrs int64
	// FP32WarpInstrs counts those that run on the FP32 (FMA) pipe: f32
	// add, subtract, multiply, FMA. An SM issues up to four a cycle where
	// it has 128 FP32 lanes (Hopper, GA10x, AD10x), two where it has 64
	// (Turing, GA100). Zero where not counted.
	FP32WarpInstrs int64
	// ALUWarpInstrs, IMADWarpSlots and XUWarpInstrs split the SASS by the
	// pipes narrower than issue (sass.Pipe): the integer and logic ALU's
	// instructions, the FMA pipe's heavy half's slots (integer
	// multiply-adds, a 64-bit one two), the XU's conversions and bit counts
	// (MUFU is SFUWarpInstrs). An SM issues up to two a cycle on the ALU
	// and on the heavy half, half one on the XU
	// (bench/microbench/pipes.cu). Counted only where the virtual GPU has
	// the kernel's SASS; zero elsewhere.
	ALUWarpInstrs, IMADWarpSlots, XUWarpInstrs int64
	// ShuffleWarpInstrs counts the warp shuffles (shfl.sync: SHFL), which
	// an SM completes one a cycle, a quarter of its issue rate, each
	// waiting about 25 cycles for its lanes' values
	// (bench/microbench/shfl.cu). Zero where not counted.
	ShuffleWarpInstrs int64

	// Global memory (ld/st .global, and generic accesses that land in
	// global memory). A request
	// (l1tex__t_requests_pipe_lsu_mem_global_op_{ld,st}.sum) is one
	// warp-level instruction with at least one lane whose guard holds (a
	// predicated-off one makes no request; a shared one does, below); its
	// sectors (l1tex__t_sectors_pipe_lsu_mem_global_op_{ld,st}.sum)
	// are the distinct 32-byte aligned segments its lanes touch. Bytes are
	// what the lanes asked for (lanes × access size): Bytes / (32 ×
	// Sectors) is the coalescing efficiency.
	GlobalLoadRequests, GlobalLoadSectors   int64
	GlobalStoreRequests, GlobalStoreSectors int64
	GlobalLoadBytes, GlobalStoreBytes       int64
	// GlobalLoadLines sums, over global load requests, the distinct
	// 128-byte aligned lines (4 sectors under one L1 tag) each request's
	// lanes touch, for the time model's L1 term
	// (bench/microbench/l1lines.cu measures what a line costs). No ncu
	// counter; zero where not counted (recordings older than it).
	GlobalLoadLines int64
	// GlobalLoadWavefronts sums, over global load requests, the L1 data
	// wavefronts each takes: the most distinct 4-byte words its lanes
	// touch in one of L1's 32 banks (word address mod 32; lanes on one
	// word share it), over the whole warp — not shared memory's phases: a
	// warp of 16-byte loads of two words is one. No ncu counter; zero
	// where not counted.
	GlobalLoadWavefronts int64

	// Shared memory (ld/st .shared and generic accesses landing there).
	// Requests (smsp__inst_executed_op_shared_{ld,st}.sum) are the
	// instructions a warp issues, predicated off or not — also those that
	// ptxas predicates where the PTX branches around them. Wavefronts
	// (l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{ld,st}.sum): 32 banks
	// of 4 bytes; a warp's access is processed in phases of 128 bytes of
	// data — the whole warp for accesses of up to 4 bytes per lane,
	// half-warps for 8, quarter-warps for 16 (half-warps for a 16-byte
	// load whose lanes read in pairs) — and a phase takes as many
	// wavefronts as the largest number of distinct 32-bit words its lanes
	// touch in one bank (lanes touching the same word share it: a
	// broadcast). Bank conflicts
	// (l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{ld,st}.sum) are
	// the wavefronts beyond one per phase with an active lane. These are
	// what a warp's addresses give, as ncu's SASS-patched metrics
	// (smsp__sass_l1tex_data_*) count them; its hardware counters also
	// count accesses that lost the data banks to other L1 traffic.
	SharedLoadRequests, SharedLoadWavefronts, SharedLoadBankConflicts    int64
	SharedStoreRequests, SharedStoreWavefronts, SharedStoreBankConflicts int64

	// Local memory (ld/st .local and generic accesses landing there):
	// requests as above; sectors with local memory's interleaving, where
	// the same 32-bit word of the 32 lanes of a warp lies in 128
	// consecutive bytes (l1tex__t_{requests,sectors}_pipe_lsu_mem_local_op_{ld,st}.sum).
	LocalLoadRequests, LocalLoadSectors, LocalStoreRequests, LocalStoreSectors int64

	// AtomicRequests counts warp-level atom and red instructions, global
	// and shared (requests as above).
	AtomicRequests int64
	// Barriers counts warp-level bar.sync/barrier.sync/bar.red executions
	// with at least one lane whose predicate holds.
	Barriers int64
	// Branches counts warp-level bra executions (smsp__inst_executed_op_branch.sum);
	// DivergentBranches those whose active lanes split between target and
	// fall-through (smsp__sass_branch_targets_threads_divergent.sum).
	Branches, DivergentBranches int64
	// Blocks and Threads are the launch's.
	Blocks, Threads int64
	// DRAMSectors is the number of distinct 32-byte global sectors the
	// launch touched, loads and stores together: what DRAM must move at
	// least if nothing was cached before (dram__sectors.sum is at least
	// this for data that was not in L2).
	DRAMSectors int64
	// DRAMChunks is the number of distinct 64-byte aligned chunks that
	// hold a touched sector: the L2 fetches from DRAM 64 bytes at a time
	// (cudaLimitMaxL2FetchGranularity), so a strided walk that touches
	// one sector of each pair moves twice its sectors' bytes.
	DRAMChunks int64
	// LoadSectors are those of DRAMSectors that loads touched: the data
	// the launch's blocks draw their loads from (the time model's L1
	// misses take an SM's blocks' union from it). Zero where not counted.
	LoadSectors int64

	// The longest warp: the most instructions (as WarpInstrs counts them),
	// global load requests and shared load requests any one warp of the
	// launch issued, each on its own. Nsight Compute has no such counter;
	// the time model needs it because a block holds its SM's slots until
	// its last warp ends, so a launch whose warps work unevenly (a fixed
	// grid larger than the data) takes its busiest warp's time, not the
	// average's. Zero per line; Add sums them (the longest warps of a
	// sequence of launches, one after another).
	MaxWarpInstrs, MaxWarpGlobalLoads, MaxWarpSharedLoads int64
	// The same per block, summed over the blocks: each block's longest
	// warp's instructions, global and shared load requests (each on its
	// own). Divided by Blocks, what a typical block holds its slots for:
	// a launch with one outlier warp (the longest probe sequence of a hash
	// table) pays for it once, in one block, not in every wave. No ncu
	// counter; zero per line and where not counted; Add sums them.
	BlockWarpInstrs, BlockWarpGlobalLoads, BlockWarpSharedLoads int64
	// BlockLoadSectors counts, per block, the distinct 32-byte sectors its
	// global loads touch, summed over the blocks: the sectors its SM's L1
	// must fetch from L2 at least once whatever the block re-reads (its
	// cold misses; blocks that share an SM at once rarely share data, the
	// GPU spreading neighbouring blocks over SMs). A block that touches
	// more than blockWindowSectors (8192 sectors, 256 KB: an H100 SM's
	// L1) starts counting afresh there: its re-reads beyond that miss L1
	// anyway. Counted on the instruction that first touches a sector. No
	// ncu counter; zero where not counted.
	BlockLoadSectors int64
	// BlockScatteredSectors are those of BlockLoadSectors that scattered
	// requests fetch: requests whose sectors hold more than twice the
	// bytes their lanes ask for (a gather's lanes each in a sector of its
	// own), which L2 serves a sector at a time (bench/microbench/l1cold.cu).
	// No ncu counter; zero where not counted.
	BlockScatteredSectors int64

	// MaxAddressAtomics is the most atomic operations the launch made on
	// one global address, as the GPU performs them: ptxas turns a 32-bit
	// integer add, min, max, and, or or xor whose active lanes all share
	// one address into one operation per warp; otherwise every lane is
	// one. (ptxas does so only where it can prove the address uniform:
	// the virtual GPU applies the same proof to the PTX, an address
	// computed from no lane's own value, so c[i/32], whose lanes meet on
	// one address at run time, counts a lane each, as on the GPU.) The L2
	// applies the operations on one address
	// one after another (a histogram of skewed data), so this bounds the
	// launch. No ncu counter; zero per line; Add sums it, as the MaxWarp
	// counters.
	MaxAddressAtomics int64
	// AtomicSectorOps are the operations the L2 applies for the launch's
	// global atomics: per warp instruction and distinct 32-byte sector its
	// lanes touch, the most lanes on one word of it (the words of a sector
	// go together, the lanes on one word one after another:
	// bench/microbench/atommult.cu; SectorOps), so one a lane where they all share
	// one address (one a warp where ptxas aggregates, as above). AtomicAddresses are the distinct 4-byte
	// words they touched. Atomics over a small footprint reach few L2
	// slices (bench/microbench's footprint sweep: a 256-bin histogram
	// runs at 3 times one address's rate, 65536 bins at 50 times), so
	// together they bound a launch that no single address does. No ncu
	// counter; Add sums them.
	AtomicSectorOps, AtomicAddresses int64
	// AtomicSectors are the distinct 32-byte sectors those words lie in:
	// the data the L2 must hold for the atomics (beyond it DRAM reads and
	// writes each operation's sector: bench/microbench/atomfoot.cu). No
	// ncu counter; zero where not counted.
	AtomicSectors int64

	// ConstLoadRequests counts warp-level loads of .const memory at an
	// address a lane computes (LDC; a constant at a fixed offset is an
	// operand, not a load); ConstLoadWords the distinct 4-byte words of
	// each: the constant cache serves a warp's distinct words one after
	// another (bench/microbench/mech.cu). No ncu counter; zero where not
	// counted.
	ConstLoadRequests, ConstLoadWords int64
	// SerialLoadRequests counts the global load (and returning atomic)
	// requests a warp waits for one after another, one for each level of
	// an iteration's dependent loads (four chains interleaved wait once a
	// step, not four times): in an innermost loop,
	// a load whose address depends on a value a load of an earlier
	// iteration returned (a pointer chase), or any load of a loop with a
	// branch on a value a load of the same iteration returned (a probe, a
	// search: the GPU issues nothing past a branch it has not resolved).
	// No ncu counter; zero where not counted.
	SerialLoadRequests int64
	// SerialHits4K and SerialHits64K count the serial load requests
	// (atomics never) whose every sector the warp's own earlier serial
	// loads left in a cache of 4 KB (128 sectors: a warp's share of L1
	// with 64 warps an SM) or 64 KB (2048 sectors: with 3), 8-way, least
	// recently used first out, emptied at each block: a sequential walk (a
	// merge, a linear probe, an adjacency list) re-reads its sector, a
	// search the top of its list, a chase over a large array nothing. The
	// time model charges a hit L1's latency, a miss the footprint's, taking
	// the hit share its occupancy's L1 share gives. No ncu counter; zero
	// where not counted.
	SerialHits4K, SerialHits64K int64
	// DependentLoadRequests counts the global load requests outside loops
	// that wait for a load before them, one for each level of dependent
	// loads from the second on (a gather a[idx[t]] waits for idx[t]: one).
	// No ncu counter; zero where not counted.
	DependentLoadRequests int64
}

// Line holds the counters of the instructions that carry one source
// line (.loc).
type Line struct {
	File string
	Line int
	Counters
}

// Add adds o to c, field by field (the counters of several launches, or
// of several workers' shares of one).
func (c *Counters) Add(o *Counters) {
	c.WarpInstrs += o.WarpInstrs
	c.ThreadInstrs += o.ThreadInstrs
	c.SASSWarpInstrs += o.SASSWarpInstrs
	c.ChainWarpInstrs += o.ChainWarpInstrs
	c.FP64WarpInstrs += o.FP64WarpInstrs
	c.SFUWarpInstrs += o.SFUWarpInstrs
	c.FP32WarpInstrs += o.FP32WarpInstrs
	c.ALUWarpInstrs += o.ALUWarpInstrs
	c.IMADWarpSlots += o.IMADWarpSlots
	c.XUWarpInstrs += o.XUWarpInstrs
	c.ShuffleWarpInstrs += o.ShuffleWarpInstrs
	c.GlobalLoadRequests += o.GlobalLoadRequests
	c.GlobalLoadSectors += o.GlobalLoadSectors
	c.GlobalStoreRequests += o.GlobalStoreRequests
	c.GlobalStoreSectors += o.GlobalStoreSectors
	c.GlobalLoadBytes += o.GlobalLoadBytes
	c.GlobalLoadLines += o.GlobalLoadLines
	c.GlobalLoadWavefronts += o.GlobalLoadWavefronts
	c.GlobalStoreBytes += o.GlobalStoreBytes
	c.SharedLoadRequests += o.SharedLoadRequests
	c.SharedLoadWavefronts += o.SharedLoadWavefronts
	c.SharedLoadBankConflicts += o.SharedLoadBankConflicts
	c.SharedStoreRequests += o.SharedStoreRequests
	c.SharedStoreWavefronts += o.SharedStoreWavefronts
	c.SharedStoreBankConflicts += o.SharedStoreBankConflicts
	c.LocalLoadRequests += o.LocalLoadRequests
	c.LocalLoadSectors += o.LocalLoadSectors
	c.LocalStoreRequests += o.LocalStoreRequests
	c.LocalStoreSectors += o.LocalStoreSectors
	c.AtomicRequests += o.AtomicRequests
	c.Barriers += o.Barriers
	c.Branches += o.Branches
	c.DivergentBranches += o.DivergentBranches
	c.Blocks += o.Blocks
	c.Threads += o.Threads
	c.DRAMSectors += o.DRAMSectors
	c.DRAMChunks += o.DRAMChunks
	c.LoadSectors += o.LoadSectors
	c.MaxWarpInstrs += o.MaxWarpInstrs
	c.MaxWarpGlobalLoads += o.MaxWarpGlobalLoads
	c.MaxWarpSharedLoads += o.MaxWarpSharedLoads
	c.BlockWarpInstrs += o.BlockWarpInstrs
	c.BlockWarpGlobalLoads += o.BlockWarpGlobalLoads
	c.BlockWarpSharedLoads += o.BlockWarpSharedLoads
	c.BlockLoadSectors += o.BlockLoadSectors
	c.BlockScatteredSectors += o.BlockScatteredSectors
	c.MaxAddressAtomics += o.MaxAddressAtomics
	c.AtomicSectorOps += o.AtomicSectorOps
	c.AtomicAddresses += o.AtomicAddresses
	c.AtomicSectors += o.AtomicSectors
	c.ConstLoadRequests += o.ConstLoadRequests
	c.ConstLoadWords += o.ConstLoadWords
	c.SerialLoadRequests += o.SerialLoadRequests
	c.SerialHits4K += o.SerialHits4K
	c.SerialHits64K += o.SerialHits64K
	c.DependentLoadRequests += o.DependentLoadRequests
}

// SectorOps is the L2 operations (AtomicSectorOps) of one warp's global
// atomic whose lanes are at the byte addresses addrs: per distinct 32-byte
// sector, the most lanes on one 4-byte word of it. It sorts addrs.
func SectorOps(addrs []uint64) int64 {
	slices.Sort(addrs)
	var ops, busiest, run int64
	for i, a := range addrs {
		switch {
		case i > 0 && a == addrs[i-1]:
			run++
		case i > 0 && a/32 == addrs[i-1]/32:
			run = 1
		default: // a new sector
			ops += busiest
			busiest, run = 0, 1
		}
		busiest = max(busiest, run)
	}
	return ops + busiest
}
