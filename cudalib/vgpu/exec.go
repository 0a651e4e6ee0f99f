package vgpu

import (
	"fmt"
	"io"
	"math/bits"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/culab/culab/cudalib/counters"
)

// DefaultBudget is the warp-instructions a launch may execute when its
// Budget is 0.
const DefaultBudget = 1 << 32

// maxCallDepth bounds call chains (and recursion).
const maxCallDepth = 1024

// maxLocalPerThread bounds a thread's local memory, all frames together
// (CUDA's limit).
const maxLocalPerThread = 512 << 10

// maxLaunchThreads bounds a launch's threads (grid × block): its counters,
// scaled from a sample to the grid, are int64s, and the largest grid of
// 1024-thread blocks (2^71 threads) passed them, giving negative times.
// 2^40 threads is a thousand times a class's largest launches, and leaves
// each thread 2^23 instructions before a counter overflows.
const maxLaunchThreads = 1 << 40

// warpQuantum is how many warp-instructions a warp runs before the next
// warp of its block gets its turn, so that warps waiting on each other
// through memory (a spin on a flag another warp sets) make progress.
const warpQuantum = 1024

// budgetChunk is how many warp-instructions a worker takes from the launch
// budget at a time; Interrupted is polled at each refill.
const budgetChunk = 4096

// Launch is one kernel launch.
type Launch struct {
	Grid, Block   [3]int
	DynamicShared int
	Params        [][]byte // one little-endian value per .param, in order
	Budget        int64    // max warp-instructions for the launch; 0: DefaultBudget
	// Interrupted is polled every few thousand warp-instructions, from the
	// goroutines running blocks; nil: never.
	Interrupted func() bool
	// Printf receives the output of device printf (a warp's lines
	// together, at most 1 MiB per launch as CUDA's printf buffer); nil:
	// os.Stdout, as with a real GPU.
	Printf io.Writer
	// Sampling chooses between running every block and a sample of them
	// (sample.go); the zero value runs every block.
	Sampling Sampling
}

// MaxSharedPerBlock is the largest shared memory (static and dynamic) a
// block may use, as on an H100 with the opt-in maximum.
const MaxSharedPerBlock = 227 << 10

// launch is the state of one Run shared by its workers.
type launch struct {
	k       *Kernel
	grid    [3]int
	block   [3]int
	nblocks int64
	threads int
	nwarps  int
	shared  int // bytes of shared memory per block
	dynamic int // of those, the launch's dynamic shared memory
	params  []byte
	table   *memTable

	budget      int64
	spent       atomic.Int64
	interrupted func() bool
	next        atomic.Int64 // next block to run (an index into list, when it is set)
	// list, when set, is the blocks the current phase runs; else it runs
	// every block not in skip (ascending), the blocks an earlier phase ran.
	list, skip []int64
	stopAt     atomic.Int64 // blocks at or after this index need not run
	limit      atomic.Pointer[LimitError]

	mu      sync.Mutex
	fault   *Fault
	faultAt int64

	printMu   sync.Mutex
	printf    io.Writer
	printed   int
	printFull bool // past maxPrintf: the notice is written, lines are dropped

	profile bool       // count per instruction and analyse memory accesses
	dram    *sectorSet // global sectors touched, when profiling
	san     *sanLaunch // findings, when sanitizing
	track   bool       // without san: mark the bytes stores write (trackStores)

	atomics *addressCounts // global atomics per address, when profiling
}

// Info receives what a launch records besides running, in the manner of
// go/types.Info: each non-nil field is filled in, and asks for the work that
// fills it. Stats costs nothing extra; Profile counts per instruction and
// analyses every memory access (counters.go); Report turns the sanitizer on
// (sanitize.go). A launch that faults or runs out of budget records what
// ran; one that could not start (an *Error) leaves info as it was.
type Info struct {
	Stats   *Stats   // what the launch executed (the speed benchmarks divide ThreadInstrs by wall time)
	Profile *Profile // counters in total and per source line
	Report  *Report  // the sanitizer's findings
}

// Run executes the kernel over the grid and returns when every block has
// finished: nil, or the *Fault of the lowest faulting block, a *LimitError,
// or an *Error for a bad launch configuration. With a non-nil info it also
// records what info asks for.
func (g *GPU) Run(k *Kernel, l Launch, info *Info) error {
	if info == nil {
		info = &Info{}
	}
	var san *sanLaunch
	if info.Report != nil {
		san = &sanLaunch{blocks: map[int64][]Finding{}}
	}
	r, err := g.run(k, l, info.Profile != nil, san)
	if r == nil {
		return err
	}
	if info.Stats != nil {
		*info.Stats = r.stats()
	}
	if info.Profile != nil {
		*info.Profile = *r.profile(k, l)
	}
	if san != nil {
		*info.Report = *san.report()
	}
	return err
}

// run executes the launch. With profile, the workers count per
// instruction and analyse every memory access (counters.go); without, they
// count only the instructions, all in one slot. With san, they check every
// memory access and barrier (sanitize.go). The result is nil only for
// a launch that could not start. An observer (Observe) gets every launch's
// profile.
func (g *GPU) run(k *Kernel, l Launch, profile bool, san *sanLaunch) (*result, error) {
	// Only a launch whose profile is asked for is sampled: the profile
	// says which blocks ran.
	sampling := l.Sampling
	if !profile {
		sampling.Mode = SampleFull
	}
	obs := observer.Load()
	profile = profile || obs != nil
	if k == nil {
		return nil, errorf(Invalid, "nil kernel")
	}
	k.m.mu.Lock()
	unloaded := k.m.unloaded
	k.m.mu.Unlock()
	if unloaded {
		return nil, errorf(Invalid, "kernel %s: its module was unloaded", k.name)
	}
	if k.m.g != g {
		return nil, errorf(Invalid, "kernel %s was loaded on another GPU", k.name)
	}
	st, err := newLaunch(k, l)
	if err != nil {
		return nil, err
	}
	st.table = g.table.Load()
	st.profile = profile
	st.san = san
	if san != nil {
		san.start(st)
	} else {
		// A plain launch marks what it stores as written while something
		// is not (sanitize_mem.go's trackStores).
		for _, a := range st.table.allocs {
			if !a.init.full.Load() {
				st.track = true
				break
			}
		}
	}
	if profile {
		st.dram = newSectorSet()
		st.atomics = newAddressCounts()
	}
	r := &result{blocks: st.nblocks, threads: st.threads}
	if rs := newRecorder(st, sampling); rs != nil {
		r.counts = make([]counters.Counters, len(k.insts))
		rs.run(g, r)
	} else {
		slots := 1 // without profile, the workers count in one slot
		if profile {
			slots = len(k.insts)
		}
		r.counts = make([]counters.Counters, slots)
		st.runPhase(g, r, nil)
	}
	if profile && (r.sample == nil || !r.sample.Sampled) {
		r.dram, r.loadDram = st.dram.count()
		r.chunks = st.dram.chunks64()
		r.atomics = st.atomics.most.Load()
		r.atomicOps = st.atomics.sectorOps.Load()
		r.atomicWords = st.atomics.touched.Load()
		r.atomicSectors = st.atomics.sectors()
	}
	if san != nil {
		san.finish()
	}
	if obs != nil {
		(*obs)(r.profile(k, l))
	}
	if st.fault != nil {
		return r, st.fault
	}
	if e := st.limit.Load(); e != nil {
		return r, e
	}
	return r, nil
}

// runPhase runs the phase's blocks (st.list, or every block not in
// st.skip) on as many workers as the blocks' registers fit, each keeping
// the frames of a block's warps, and adds their counts to r. With rs, each
// block is recorded for the sample's estimates (sample.go).
func (st *launch) runPhase(g *GPU, r *result, rs *recorder) {
	n := st.nblocks - int64(len(st.skip))
	if st.list != nil {
		n = int64(len(st.list))
	}
	workers := int(min(int64(g.workers), n, max(frameBudget/blockFrames(st.k, st.nwarps), 1)))
	if st.k.entry.polls || st.k.entry.ordered {
		// Waits on other blocks are not counted by how long the workers
		// happened to spin, nor do atomics land in the order the workers
		// happened to reach them: the blocks run one after another, in
		// the order the GPU dispatches them (countmech.go's pollLoop,
		// orderedAtomics).
		workers = 1
	}
	st.next.Store(0)
	var wg sync.WaitGroup
	for i := 0; i < workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			wk := newWorker(st)
			if rs != nil {
				wk.startRecording(rs)
			}
			wk.loop()
			// Sums do not depend on the order the workers finish in.
			st.mu.Lock()
			for i := range wk.counts {
				r.counts[i].Add(&wk.counts[i])
			}
			r.longest.fold(&wk.longest)
			r.blockLongest.add(&wk.blockLongest)
			r.ran.WarpInstrs += wk.ran.WarpInstrs
			r.ran.ThreadInstrs += wk.ran.ThreadInstrs
			if rs != nil {
				rs.merge(wk)
			}
			st.mu.Unlock()
		}()
	}
	wg.Wait()
}

func newLaunch(k *Kernel, l Launch) (*launch, error) {
	st := &launch{k: k, grid: l.Grid, block: l.Block, budget: l.Budget, interrupted: l.Interrupted, printf: l.Printf}
	if st.printf == nil {
		st.printf = os.Stdout
	}
	if st.budget <= 0 {
		st.budget = DefaultBudget
	}
	st.nblocks = 1
	for i, n := range l.Grid {
		lim := 65535
		if i == 0 {
			lim = 1<<31 - 1
		}
		if n < 1 || n > lim {
			return nil, errorf(Invalid, "kernel %s: grid dimension %c is %d (1 to %d)", k.name, "xyz"[i], n, lim)
		}
		st.nblocks *= int64(n)
	}
	st.threads = 1
	for i, n := range l.Block {
		lim := 1024
		if i == 2 {
			lim = 64
		}
		if n < 1 || n > lim {
			return nil, errorf(Invalid, "kernel %s: block dimension %c is %d (1 to %d)", k.name, "xyz"[i], n, lim)
		}
		st.threads *= n
	}
	if st.threads > 1024 {
		return nil, errorf(Invalid, "kernel %s: %d threads per block (at most 1024)", k.name, st.threads)
	}
	if st.nblocks > maxLaunchThreads/int64(st.threads) {
		return nil, errorf(Invalid, "kernel %s: %d blocks of %d threads, more than the virtual GPU's %d threads a launch"+
			" (a GPU would take days or more: launch fewer blocks)", k.name, st.nblocks, st.threads, int64(maxLaunchThreads))
	}
	st.nwarps = (st.threads + 31) / 32
	if frames := blockFrames(k, st.nwarps); frames > frameBudget {
		return nil, errorf(OutOfMemory, "kernel %s: a block of %d threads needs %d MiB of registers on the virtual GPU"+
			" (%d rows of 32 lanes a warp: the registers live at once and one row for each distinct constant), more than its %d MiB;"+
			" launch smaller blocks", k.name, st.threads, (frames+1<<20-1)>>20, k.entry.rows(), frameBudget>>20)
	}
	if l.DynamicShared < 0 {
		return nil, errorf(Invalid, "kernel %s: negative dynamic shared memory", k.name)
	}
	if k.entry.localSize > maxLocalPerThread {
		return nil, errorf(Invalid, "kernel %s: %d bytes of local memory per thread (at most %d)", k.name, k.entry.localSize, maxLocalPerThread)
	}
	st.shared, st.dynamic = k.static, l.DynamicShared
	if l.DynamicShared > 0 {
		st.shared = alignUp(k.static, k.dynAlign) + l.DynamicShared
	}
	if st.shared > MaxSharedPerBlock {
		return nil, errorf(Invalid, "kernel %s: %d bytes of shared memory per block (at most %d)", k.name, st.shared, MaxSharedPerBlock)
	}
	if len(l.Params) != len(k.paramSizes) {
		return nil, errorf(Invalid, "kernel %s takes %d parameters, got %d", k.name, len(k.paramSizes), len(l.Params))
	}
	st.params = zeroed(k.paramBytes)
	for i, p := range l.Params {
		if len(p) != k.paramSizes[i] {
			return nil, errorf(Invalid, "kernel %s: parameter %d is %d bytes, got %d", k.name, i, k.paramSizes[i], len(p))
		}
		copy(st.params[k.paramOffs[i]:], p)
	}
	st.stopAt.Store(st.nblocks)
	return st, nil
}

// frameBudget bounds the register frames of a launch's workers together:
// a frame is a row of 32 lanes for each register row and each distinct
// constant of the kernel, so a generated kernel with a hundred thousand
// constants has frames of tens of megabytes a warp.
const frameBudget = 1 << 30

// blockFrames is the bytes of the register frames of a block's warps.
func blockFrames(k *Kernel, warps int) int64 {
	return int64(k.entry.rows()) * int64(unsafe.Sizeof(vec{})) * int64(warps)
}

// recordFault keeps the fault of the lowest block.
func (st *launch) recordFault(block int64, f *Fault) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.fault == nil || block < st.faultAt {
		st.fault, st.faultAt = f, block
	}
	for {
		cur := st.stopAt.Load()
		if block >= cur || st.stopAt.CompareAndSwap(cur, block) {
			break
		}
	}
}

// worker runs blocks one after another, reusing its warps and shared
// memory.
type worker struct {
	st       *launch
	warps    []*warp
	shared   []byte
	blockIdx [3]int
	linear   int64
	left     int64 // warp-instructions left of the worker's budget chunk
	stopped  bool  // the launch is over for this worker (limit or fault)
	bar      barState

	// counts are the worker's counters per instruction id; idMask is
	// all ones when profiling, else 0 so that every instruction counts in
	// slot 0.
	counts []counters.Counters
	idMask int32
	// longest is the most any warp the worker ran did (warpCounts.fold);
	// blockLongest sums each block's longest warp's counts.
	longest, blockLongest warpCounts
	// loaded holds the global sectors the current block has loaded.
	loaded blockSectors
	// memos are each memory instruction's last lane pattern and its
	// bank wavefronts (countmemo.go), made on first need.
	memos []wavefrontMemo

	// ran is what the worker's blocks executed, counted once a block ends
	// (Stats: a sampled launch's counts are scaled).
	ran Stats
	// The recording of a sample's blocks (sample.go): rec is the block
	// being recorded (nil when not recording), blockLimit the
	// warp-instructions a block may take (0: no limit), blockUsed what it
	// took, blockOver that it ran past the limit and was stopped.
	rs                    *recorder
	rec                   *blockRecord
	sums                  [27][]counters.Counters // per class, per instruction
	recs                  []*blockRecord
	sectorBuf, loadBuf    []uint64 // the sector lists a recorded block grows, reused by the next
	blockLimit, blockUsed int64
	blockOver             bool

	san    *sanWorker  // shadow state, when sanitizing; nil otherwise
	track  bool        // st.track, at hand
	stored *allocation // the allocation trackStores marked last
}

// barState accumulates bar.red's reduction while warps arrive.
type barState struct {
	popc     uint64
	and, or  bool
	reducing bool
}

func newWorker(st *launch) *worker {
	wk := &worker{st: st, shared: zeroed(st.shared), counts: make([]counters.Counters, 1), track: st.track}
	if st.profile {
		wk.counts, wk.idMask = make([]counters.Counters, len(st.k.insts)), -1
	}
	if st.san != nil {
		wk.san = newSanWorker(st)
	}
	for i := 0; i < st.nwarps; i++ {
		wk.warps = append(wk.warps, newWarp(wk, i))
	}
	return wk
}

func (wk *worker) loop() {
	st := wk.st
	for !wk.stopped {
		i := st.next.Add(1) - 1
		b := i
		if st.list != nil {
			if i >= int64(len(st.list)) {
				return
			}
			b = st.list[i]
		}
		if b >= st.nblocks || b >= st.stopAt.Load() {
			return
		}
		if st.list == nil && isIn(st.skip, b) {
			continue
		}
		if wk.rs != nil {
			wk.recordBlock(b)
		} else {
			wk.runBlock(b)
		}
	}
}

// isIn reports whether b is in the ascending list s.
func isIn(s []int64, b int64) bool {
	_, ok := slices.BinarySearch(s, b)
	return ok
}

// refill takes another chunk of the launch's budget, and polls for an
// interruption or a fault in an earlier block. false: stop the block.
func (wk *worker) refill() bool {
	st := wk.st
	if st.limit.Load() != nil || wk.linear > st.stopAt.Load() {
		wk.stopped = true
		return false
	}
	if wk.blockLimit > 0 {
		// A sampled block that runs this long may wait on a block the
		// sample does not run: it stops, and the sample is not trusted.
		if wk.blockUsed += budgetChunk; wk.blockUsed > wk.blockLimit || wk.rs.over.Load() {
			wk.rs.over.Store(true)
			wk.blockOver = true
			return false
		}
	}
	if st.interrupted != nil && st.interrupted() {
		st.limit.CompareAndSwap(nil, &LimitError{Kernel: st.k.name, Budget: st.budget, Interrupted: true})
		wk.stopped = true
		return false
	}
	before := st.spent.Add(budgetChunk) - budgetChunk
	if before >= st.budget {
		st.limit.CompareAndSwap(nil, &LimitError{Kernel: st.k.name, Budget: st.budget})
		wk.stopped = true
		return false
	}
	wk.left = min(budgetChunk, st.budget-before)
	return true
}

func (wk *worker) runBlock(b int64) {
	st := wk.st
	defer func() {
		// A bug of the virtual GPU must not end the process: it becomes
		// the launch's fault.
		if r := recover(); r != nil {
			wk.stopped = true
			st.recordFault(b, &Fault{Kernel: st.k.name, Block: wk.blockIdx,
				Reason: fmt.Sprintf("internal error of the virtual GPU: %v", r)})
		}
	}()
	wk.linear = b
	wk.blockUsed, wk.blockOver = 0, false
	gx, gy := int64(st.grid[0]), int64(st.grid[1])
	wk.blockIdx = [3]int{int(b % gx), int(b / gx % gy), int(b / (gx * gy))}
	clear(wk.shared)
	wk.loaded.reset()
	for _, w := range wk.warps {
		w.reset()
	}
	if wk.san != nil {
		wk.san.startBlock(b)
		defer wk.san.endBlock()
	}
	for {
		active, waiting := 0, 0
		for _, w := range wk.warps {
			if w.state == running {
				w.run()
				if w.fault != nil {
					st.recordFault(b, w.fault)
					return
				}
				if wk.stopped || wk.blockOver {
					return
				}
			}
			switch w.state {
			case running:
				active++
			case atBarrier:
				waiting++
			}
		}
		if active > 0 {
			continue
		}
		if waiting == 0 {
			var most warpCounts
			for _, w := range wk.warps {
				most.fold(&w.own)
			}
			wk.longest.fold(&most)
			wk.blockLongest.add(&most)
			return
		}
		wk.release()
	}
}

// release lets every warp waiting at a barrier go on, once no warp of the
// block can run: threads that exited count as arrived.
func (wk *worker) release() {
	if wk.san != nil {
		wk.san.barrier(wk)
	}
	bs := &wk.bar
	for _, w := range wk.warps {
		if w.state != atBarrier {
			continue
		}
		in := w.barInst
		if bs.reducing && in.d >= 0 {
			var v uint64
			switch in.special {
			case barPopc:
				v = bs.popc
			case barAnd:
				v = b2u(bs.and)
			case barOr:
				v = b2u(bs.or)
			}
			row := &w.frame[in.d]
			for m := w.barMask; m != 0; m &= m - 1 {
				row[bits.TrailingZeros32(m)] = v
			}
		}
		w.stack[len(w.stack)-1].pc++
		w.state = running
	}
	*bs = barState{}
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// warp states.
const (
	running = iota
	atBarrier
	done
)

// entry is one level of the reconvergence stack: lanes in mask run from pc
// until they reach rpc.
type entry struct {
	pc, rpc int32
	mask    uint32
}

// callFrame is an active call.
type callFrame struct {
	code      []inst
	fn        *function
	frameBase int    // caller's first register row
	localBase uint64 // caller's local frame
	stackBase int    // index of the callee's bottom stack entry
	mask      uint32 // lanes that made the call
	call      *inst
}

// warp is the state of one warp; a worker reuses it for every block.
type warp struct {
	wk    *worker
	id    int
	full  uint32 // lanes that exist
	alive uint32 // lanes that have not exited
	state int

	fn        *function
	code      []inst
	regs      []vec // register frames of the call stack
	frame     []vec // the current function's rows
	frameBase int
	stack     []entry
	calls     []callFrame

	tid       [3]vec
	local     [32][]byte
	localBase uint64 // current frame's start in local memory
	localTop  uint64 // current frame's end
	cache     *allocation

	barInst *inst
	barMask uint32
	spins   int // turns of spin-lock loops since the last yield
	clock   uint64
	syncs   uint32     // bar.warp.sync executed in this block, when sanitizing
	own     warpCounts // this block's, for the launch's longest warp

	fault *Fault

	dram   dramCache    // bitmaps of global sectors touched, when profiling
	serial *serialCache // sectors its serial loads read (countSerialLoad)
}

var noAllocation = &allocation{}

func newWarp(wk *worker, id int) *warp {
	st := wk.st
	w := &warp{wk: wk, id: id, cache: noAllocation}
	for l := 0; l < 32; l++ {
		t := id*32 + l
		if t >= st.threads {
			break
		}
		w.full |= 1 << l
		w.tid[0][l] = uint64(t % st.block[0])
		w.tid[1][l] = uint64(t / st.block[0] % st.block[1])
		w.tid[2][l] = uint64(t / (st.block[0] * st.block[1]))
	}
	fn := st.k.entry
	w.regs = make([]vec, fn.rows())
	copy(w.regs[fn.nregs:], fn.template)
	local := fn.localSize
	for l := range w.local {
		if w.full&(1<<l) != 0 && local > 0 {
			w.local[l] = zeroed(int(local))
		}
	}
	return w
}

// reset prepares the warp for a new block.
func (w *warp) reset() {
	fn := w.wk.st.k.entry
	w.fn, w.code = fn, fn.code
	w.frameBase = 0
	w.frame = w.regs[:fn.rows()]
	for _, r := range fn.readFirst {
		w.frame[r] = vec{}
	}
	w.stack = append(w.stack[:0], entry{pc: 0, rpc: -1, mask: w.full})
	w.calls = w.calls[:0]
	w.alive = w.full
	w.state = running
	w.localBase, w.localTop = 0, fn.localSize
	if fn.localSize > 0 {
		for m := w.full; m != 0; m &= m - 1 {
			clear(w.local[bits.TrailingZeros32(m)][:fn.localSize])
		}
	}
	w.clock = 0
	w.own = warpCounts{}
	if w.serial != nil {
		*w.serial = serialCache{}
	}
	w.syncs = 0
	w.spins = 0
	w.fault = nil
}

// predMask returns the lanes whose predicate row is set (clear when neg).
func predMask(p *vec, neg bool) uint32 {
	var m uint32
	for l := 0; l < 32; l++ {
		m |= uint32(p[l]&1) << l
	}
	if neg {
		return ^m
	}
	return m
}

// run executes the warp until it finishes, waits at a barrier, faults,
// the launch stops or its quantum is spent.
func (w *warp) run() {
	wk := w.wk
	for quantum := warpQuantum; quantum > 0; quantum-- {
		n := len(w.stack)
		top := &w.stack[n-1]
		m := top.mask & w.alive
		if m == 0 || top.pc == top.rpc {
			w.stack = w.stack[:n-1]
			if k := len(w.calls); k > 0 && n-1 == w.calls[k-1].stackBase {
				w.ret()
				continue
			}
			if n == 1 {
				w.state = done
				return
			}
			continue
		}
		in := &w.code[top.pc]
		wk.left--
		if wk.left <= 0 && !wk.refill() {
			return
		}
		w.clock++
		if !in.aux {
			w.own.instrs++
		}
		c := &wk.counts[in.id&wk.idMask]
		c.WarpInstrs++
		c.ThreadInstrs += int64(bits.OnesCount32(m))
		if in.guard >= 0 {
			m &= predMask(&w.frame[in.guard], in.guardNeg)
		}
		switch in.ctl {
		case ctlExec:
			top.pc++
			// A memory instruction counts even when every lane's guard is
			// false: the GPU issues it as a request with no sectors.
			if in.count != nil && wk.idMask != 0 {
				in.count(w, in, m)
			}
			if in.san != sanNone {
				if wk.san != nil {
					m = wk.san.access(w, in, m)
				} else if wk.track {
					wk.trackStores(w, in, m)
				}
			}
			if m != 0 {
				in.exec(w, in, m)
				if w.fault != nil {
					return
				}
			}
		case ctlBra:
			if wk.idMask != 0 {
				w.countBranch(in, c, m)
			}
			w.branch(in, m)
			if in.spin {
				w.spin()
			}
		case ctlBar:
			if m == 0 {
				top.pc++
				continue
			}
			c.Barriers++
			w.arrive(in, m)
			return
		case ctlCall:
			if m == 0 {
				top.pc++
				continue
			}
			w.call(in, m)
			if w.fault != nil {
				return
			}
		case ctlRet:
			if len(w.calls) == 0 {
				w.alive &^= m
			} else {
				// The lanes leave the function: they wait in the caller's
				// entry until every lane of the call has returned.
				for i := w.calls[len(w.calls)-1].stackBase; i < len(w.stack); i++ {
					w.stack[i].mask &^= m
				}
			}
			top.pc++
		case ctlExit:
			w.alive &^= m
			top.pc++
		}
	}
}

// branch executes bra for the lanes in taken (the active lanes whose guard
// holds).
func (w *warp) branch(in *inst, taken uint32) {
	n := len(w.stack)
	e := &w.stack[n-1]
	all := e.mask & w.alive
	if taken == all {
		e.pc = in.target
		return
	}
	if taken == 0 {
		e.pc++
		return
	}
	pc, r := e.pc, in.reconv
	if r == e.rpc {
		// The lanes not pushed below already wait at r in an outer entry.
		w.stack = w.stack[:n-1]
	} else {
		e.pc = r
	}
	if pc+1 != r {
		w.stack = append(w.stack, entry{pc: pc + 1, rpc: r, mask: all &^ taken})
	}
	if in.target != r {
		w.stack = append(w.stack, entry{pc: in.target, rpc: r, mask: taken})
	}
}

// spinLimit is how many turns of spin-lock loops a warp makes before the
// spinning lanes yield to those waiting after the loop.
const spinLimit = 64

// spin counts a turn of a spin-lock loop. Lanes that left the loop wait
// at its reconvergence point until the spinning lanes follow — forever, if
// one of the waiting lanes holds the lock (as on GPUs before Volta). After
// spinLimit turns, the waiting lanes go first instead: the entry below the
// spinning one, waiting at the loop's exit, is split so that its waiting
// lanes run on from there, and the spinning lanes resume once they are
// done; both meet again where the split entry would have.
func (w *warp) spin() {
	w.spins++
	if w.spins < spinLimit {
		return
	}
	if rec := w.wk.rec; rec != nil {
		rec.spun = true
	}
	w.spins = 0
	n := len(w.stack)
	if n < 2 || (len(w.calls) > 0 && n-2 < w.calls[len(w.calls)-1].stackBase) {
		return
	}
	t, e := w.stack[n-1], w.stack[n-2]
	waiting := e.mask & w.alive &^ t.mask
	if e.pc != t.rpc || waiting == 0 {
		return
	}
	w.stack[n-2] = entry{pc: t.pc, rpc: e.rpc, mask: t.mask}
	w.stack[n-1] = entry{pc: e.pc, rpc: e.rpc, mask: waiting}
}

// arrive stops the warp at a barrier; bar.red adds its lanes' predicates.
func (w *warp) arrive(in *inst, m uint32) {
	w.state = atBarrier
	w.barInst, w.barMask = in, m
	if in.special == barSync {
		return
	}
	bs := &w.wk.bar
	if !bs.reducing {
		*bs = barState{reducing: true, and: true}
	}
	p := predMask(&w.frame[in.c], false) & m
	bs.popc += uint64(bits.OnesCount32(p))
	bs.and = bs.and && p == m
	bs.or = bs.or || p != 0
}

// call enters in.callee for the lanes in m.
func (w *warp) call(in *inst, m uint32) {
	callee := in.callee
	if len(w.calls) >= maxCallDepth {
		w.raise(in, m, "stack overflow", fmt.Sprintf("call depth %d", maxCallDepth), "", 0, 0)
		return
	}
	calleeLocal := w.localTop
	top := calleeLocal + callee.localSize
	if top > maxLocalPerThread {
		w.raise(in, m, "stack overflow", fmt.Sprintf("more than %d bytes of local memory per thread", maxLocalPerThread), "", 0, 0)
		return
	}
	for l := range w.local {
		if w.full&(1<<l) != 0 && uint64(len(w.local[l])) < top {
			grown := zeroed(int(max(top, 2*uint64(len(w.local[l])))))
			copy(grown, w.local[l])
			w.local[l] = grown
		}
	}
	for _, a := range in.args {
		for mm := m; mm != 0; mm &= mm - 1 {
			lm := w.local[bits.TrailingZeros32(mm)]
			copy(lm[calleeLocal+a.to:calleeLocal+a.to+a.size], lm[w.localBase+a.from:])
		}
	}
	w.calls = append(w.calls, callFrame{code: w.code, fn: w.fn, frameBase: w.frameBase, localBase: w.localBase,
		stackBase: len(w.stack), mask: m, call: in})
	base := w.frameBase + w.fn.rows()
	need := base + callee.rows()
	if need > len(w.regs) {
		grown := make([]vec, max(need, 2*len(w.regs)))
		copy(grown, w.regs)
		w.regs = grown
	}
	w.frameBase = base
	w.frame = w.regs[base:need]
	for _, r := range callee.readFirst {
		w.frame[r] = vec{}
	}
	copy(w.frame[callee.nregs:], callee.template)
	w.fn, w.code = callee, callee.code
	w.localBase, w.localTop = calleeLocal, top
	w.stack = append(w.stack, entry{pc: 0, rpc: -1, mask: m})
}

// ret returns from the current call once all its lanes have returned or
// exited: it copies the return values and resumes the caller after the
// call.
func (w *warp) ret() {
	cf := w.calls[len(w.calls)-1]
	w.calls = w.calls[:len(w.calls)-1]
	calleeLocal := w.localBase
	m := cf.mask & w.alive
	for _, r := range cf.call.rets {
		for mm := m; mm != 0; mm &= mm - 1 {
			lm := w.local[bits.TrailingZeros32(mm)]
			copy(lm[cf.localBase+r.to:cf.localBase+r.to+r.size], lm[calleeLocal+r.from:])
		}
	}
	w.fn, w.code = cf.fn, cf.code
	w.frameBase = cf.frameBase
	w.frame = w.regs[cf.frameBase : cf.frameBase+cf.fn.rows()]
	w.localBase, w.localTop = cf.localBase, cf.localBase+cf.fn.localSize
	w.stack[len(w.stack)-1].pc++
}

// raise records a fault at the lowest lane of m.
func (w *warp) raise(in *inst, m uint32, reason, nearest string, sp string, addr uint64, size int) {
	l := bits.TrailingZeros32(m)
	st := w.wk.st
	src := in.src
	f := &Fault{Kernel: st.k.name, Block: w.wk.blockIdx,
		Thread: [3]int{int(w.tid[0][l]), int(w.tid[1][l]), int(w.tid[2][l])},
		Reason: reason, Nearest: nearest, Space: sp, Addr: addr, Size: size}
	if src != nil {
		f.File = st.k.m.src.Files[src.Loc.File]
		f.Line = src.Loc.Line
		f.PTXLine = src.Line
		f.Instr = src.Text
	}
	w.fault = f
}
