package vgpu

import (
	"fmt"
	"math/bits"

	"github.com/culab/culab/cudalib/ptx"
)

// sanOp is what the sanitizer checks at an instruction.
type sanOp uint8

const (
	sanNone sanOp = iota
	sanLoad
	sanStore
	sanAtomic
	sanCopy     // cp.async: a global read and a shared write
	sanWarpSync // bar.warp.sync: ends the warp's race interval
)

// sanitizerOp classifies a decoded instruction for the sanitizer.
func sanitizerOp(p *ptx.Instr, in *inst) sanOp {
	switch p.Op {
	case "ld", "ldu":
		if in.space == spParam && in.base < 0 {
			return sanNone // a kernel parameter, checked at decode
		}
		return sanLoad
	case "st":
		return sanStore
	case "atom", "red":
		return sanAtomic
	case "cp":
		if in.size > 0 {
			return sanCopy
		}
	case "bar", "barrier":
		if hasMod(p.Mods, "warp") {
			return sanWarpSync
		}
	}
	return sanNone
}

// markInit marks device memory written by the host (copy in, fill).
func (g *GPU) markInit(addr uint64, n int) {
	if a := g.table.Load().find(addr, n); a != nil {
		a.init.mark(addr-a.addr, n)
	}
}

// copyInit gives the n bytes at dst the initialisation of those at src (a
// device copy): the shadow travels with the data.
func (g *GPU) copyInit(dst, src uint64, n int) {
	t := g.table.Load()
	d, s := t.find(dst, n), t.find(src, n)
	if d != nil && s != nil {
		d.init.copyFrom(dst-d.addr, &s.init, src-s.addr, n)
	}
}

// trackStores marks the global bytes the lanes m of a store or atomic
// will write as initialised, in a launch without the sanitizer (the
// sanitizer does its own): so that an allocation a plain launch wrote
// counts as written, and one it did not write does not. Launches run it
// only while some allocation is not wholly written (launch.track); runs
// of consecutive lanes are marked at once.
func (wk *worker) trackStores(w *warp, in *inst, m uint32) {
	if in.san != sanStore && in.san != sanAtomic || (in.space != spGlobal && in.space != spGeneric) {
		return
	}
	n := uint64(in.size) * uint64(in.nvec)
	if in.san == sanAtomic {
		n = uint64(in.size)
	}
	f := w.frame
	var lo, hi uint64
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		addr := in.off
		if in.base >= 0 {
			addr += f[in.base][l]
		}
		if addr == hi && hi != lo {
			hi += n
			continue
		}
		wk.markRun(lo, hi)
		lo, hi = addr, addr+n
	}
	wk.markRun(lo, hi)
}

// markRun marks the global bytes [lo, hi) a plain launch stores to.
func (wk *worker) markRun(lo, hi uint64) {
	if lo == hi || genericSpace(lo) != spGlobal {
		return
	}
	a := wk.stored
	if a == nil || lo < a.addr || hi > a.end() {
		if a = wk.st.table.find(lo, int(hi-lo)); a == nil {
			// Across allocations or outside any (a fault): per piece.
			for p := lo; p < hi; p++ {
				if b := wk.st.table.find(p, 1); b != nil {
					b.init.mark(p-b.addr, int(min(hi, b.end())-p))
					p = b.end() - 1
				}
			}
			return
		}
		wk.stored = a
	}
	a.init.mark(lo-a.addr, int(hi-lo))
}

// sanAccess is one thread's access to a byte of shared memory.
type sanAccess struct {
	interval uint32 // the block's barrier interval; stale if not current
	clock    uint32 // the warp's instruction count: one warp-instruction
	syncs    uint32 // the warp's bar.warp.sync count
	tid      uint16 // linear thread index in the block
	changed  bool   // a write that changed the bytes' value
	id       int32  // instruction id (Kernel.insts)
}

// sanWorker is a worker's sanitizer state: the findings of its current
// block and the shadow of its shared memory.
type sanWorker struct {
	l     *sanLaunch
	st    *launch
	block int64
	found []Finding
	index map[findingKey]int

	interval uint32   // current barrier interval; never 0
	blockNo  uint32   // current block, counted per worker from 1
	written  []uint32 // per shared byte: blockNo of its last write
	// The last write and two readers (of different threads) of each shared
	// byte in the current interval.
	wr, r1, r2 []sanAccess

	// own has the global bytes this block wrote: a bit per byte, keyed
	// by address/64.
	own  map[uint64]uint64
	pend map[*allocation]*initSet
}

func newSanWorker(st *launch) *sanWorker {
	n := st.shared
	return &sanWorker{l: st.san, st: st, index: map[findingKey]int{},
		written: make([]uint32, n), wr: make([]sanAccess, n), r1: make([]sanAccess, n), r2: make([]sanAccess, n),
		own: map[uint64]uint64{}, pend: map[*allocation]*initSet{}}
}

func (s *sanWorker) startBlock(b int64) {
	s.block = b
	s.found = s.found[:0]
	clear(s.index)
	clear(s.own)
	s.blockNo++
	s.interval++
}

func (s *sanWorker) endBlock() {
	if len(s.found) > 0 {
		s.l.addBlock(s.block, append([]Finding(nil), s.found...))
	}
}

// add records a finding of the current block, or counts it again.
func (s *sanWorker) add(f Finding) {
	f.Count = 1
	if f.Severity == "warning" {
		f.warnings = 1
	}
	k := keyOf(&f)
	if i, ok := s.index[k]; ok {
		s.found[i] = merge(s.found[i], f)
		return
	}
	s.index[k] = len(s.found)
	s.found = append(s.found, f)
}

// finding starts a finding at instruction in for lane l.
func (s *sanWorker) finding(w *warp, in *inst, l int, kind string) Finding {
	f := Finding{Kind: kind, Severity: "error", Kernel: s.st.k.name, Block: w.wk.blockIdx,
		Thread: [3]int{int(w.tid[0][l]), int(w.tid[1][l]), int(w.tid[2][l])}}
	if src := in.src; src != nil {
		f.File, f.Line, f.PTXLine = s.st.k.m.src.Files[src.Loc.File], src.Loc.Line, src.Line
	}
	return f
}

func accessName(op sanOp, write bool) string {
	switch {
	case op == sanAtomic:
		return "atomic"
	case write:
		return "write"
	}
	return "read"
}

// access checks the lanes m of a memory instruction before it executes and
// returns the lanes that may: a lane whose access is out of bounds or
// misaligned is reported and left out (its load reads 0).
func (s *sanWorker) access(w *warp, in *inst, m uint32) uint32 {
	if in.san == sanWarpSync {
		w.syncs++
		return m
	}
	f := w.frame
	n := int(in.size) * int(in.nvec)
	if in.san == sanAtomic {
		n = int(in.size)
	}
	write := in.san != sanLoad
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros32(mm)
		addr := in.off
		if in.base >= 0 {
			addr += f[in.base][l]
		}
		if in.san == sanCopy {
			if !s.copyLane(w, in, l, addr) {
				m &^= 1 << l
			}
			continue
		}
		p, bad := w.locate(in.space, addr, n, l, write)
		if prov := s.l.provOf[in.id]; prov != 0 && (bad == nil || bad.reason == reasonBounds) &&
			(in.space == spGlobal || in.space == spGeneric && genericSpace(addr) == spGlobal) {
			// Outside its pointer's allocation (also where no allocation
			// is): said relative to that allocation.
			if pb := s.provCheck(prov, addr, n); pb != nil {
				bad = pb
			}
		}
		if bad != nil {
			s.bad(w, in, l, bad, accessName(in.san, write), n)
			m &^= 1 << l
			switch in.san {
			case sanLoad:
				for e := 0; e < int(in.nvec); e++ {
					f[in.elems[e]][l] = 0
				}
			case sanAtomic:
				if in.d >= 0 {
					f[in.d][l] = 0
				}
			}
			continue
		}
		s.track(w, in, l, in.space, addr, p, n, in.san)
	}
	return m
}

// changes reports whether lane l's store of instruction in changes the
// bytes p it writes.
func changes(w *warp, in *inst, l int, p []byte) bool {
	var buf [32]byte
	size := int(in.size)
	for e := 0; e < int(in.nvec); e++ {
		store(buf[e*size:], size, w.frame[in.elems[e]][l])
	}
	return string(buf[:len(p)]) != string(p)
}

// copyLane checks a cp.async of lane l to shared address dst; false: the
// sanitizer did the lane's copy itself (zeros for a bad source) or
// dropped it.
func (s *sanWorker) copyLane(w *warp, in *inst, l int, dst uint64) bool {
	f := w.frame
	n := int(in.size)
	p, bad := w.locate(in.space, dst, n, l, true)
	if bad != nil {
		s.bad(w, in, l, bad, "write", n)
		return false
	}
	k := min(int(f[in.c][l]), n)
	ok := true
	if k > 0 {
		src := f[in.a][l] + f[in.e][l]
		q, bad := w.locate(spGlobal, src, n, l, false)
		if prov := s.l.provOf[in.id]; prov != 0 && (bad == nil || bad.reason == reasonBounds) {
			if pb := s.provCheck(prov, src, n); pb != nil {
				bad = pb
			}
		}
		if bad != nil {
			s.bad(w, in, l, bad, "read", n)
			clear(p)
			ok = false
		} else {
			s.track(w, in, l, spGlobal, src, q, k, sanLoad)
		}
	}
	s.track(w, in, l, in.space, dst, p, n, sanStore)
	return ok
}

// bad reports an access that has no memory.
func (s *sanWorker) bad(w *warp, in *inst, l int, b *badAccess, access string, n int) {
	kind, msg := "out-of-bounds", fmt.Sprintf("the access is outside the %s memory it addresses and did not happen", b.space)
	switch b.reason {
	case reasonMisaligned:
		kind, msg = "misaligned", fmt.Sprintf("the address is not a multiple of %d: the access did not happen", n)
	case reasonBounds:
	default:
		msg = b.reason + ": the access did not happen"
	}
	if access != "write" {
		msg += " (the load read 0)"
	}
	f := s.finding(w, in, l, kind)
	f.Access, f.Space, f.Addr, f.Size, f.Allocation, f.Message = access, b.space.String(), b.addr, n, b.nearest, msg
	s.add(f)
}

// track follows a valid access of n bytes at addr (p its memory): shared
// races and initialisation, global initialisation.
func (s *sanWorker) track(w *warp, in *inst, l int, sp space, addr uint64, p []byte, n int, op sanOp) {
	if sp == spGeneric {
		sp = genericSpace(addr)
	}
	switch sp {
	case spShared:
		if addr >= sharedWindow {
			addr -= sharedWindow
		}
		s.shared(w, in, l, addr, p[:n], op)
	case spGlobal:
		s.global(w, in, l, w.cache, addr, n, op)
	}
}

// shared checks and records an access to shared bytes [off, off+n) (p).
// As racecheck, it reports a hazard only where a write changes the value:
// a write of the value already there (racecheck's INFO level) is benign.
func (s *sanWorker) shared(w *warp, in *inst, l int, off uint64, p []byte, op sanOp) {
	n := len(p)
	tid := uint16(w.id*32 + l)
	cur := sanAccess{interval: s.interval, clock: uint32(w.clock), syncs: w.syncs, tid: tid, id: in.id}
	if op == sanStore {
		// cp.async's destination counts as changed, and so does a first
		// write in the block (on a GPU the old bytes are garbage, not
		// the zeros the virtual GPU starts a block with).
		cur.changed = in.san != sanStore || changes(w, in, l, p) || !s.allWritten(off, n)
	}
	if op == sanLoad {
		if !s.allWritten(off, n) {
			f := s.finding(w, in, l, "uninitialized")
			f.Access, f.Space, f.Addr, f.Size = "read", "shared", off, n
			f.Message = fmt.Sprintf("no thread of the block wrote these %d shared bytes before this read: they hold whatever the previous block left", n)
			s.add(f)
		}
	} else {
		for i := off; i < off+uint64(n); i++ {
			s.written[i] = s.blockNo
		}
	}
	if op == sanAtomic {
		return
	}
	raced := false
	for i := off; i < off+uint64(n); i++ {
		if !raced {
			if o := s.conflict(w, &s.wr[i], &cur); o != nil && (op == sanLoad && o.changed || op == sanStore && cur.changed) {
				s.race(w, in, l, off, n, op, o, "write")
				raced = true
			} else if op == sanStore && cur.changed {
				if o := s.conflict(w, &s.r1[i], &cur); o != nil {
					s.race(w, in, l, off, n, op, o, "read")
					raced = true
				} else if o := s.conflict(w, &s.r2[i], &cur); o != nil {
					s.race(w, in, l, off, n, op, o, "read")
					raced = true
				}
			}
		}
		if op == sanStore {
			s.wr[i] = cur
		} else if r := &s.r1[i]; r.interval != cur.interval || r.tid == tid {
			*r = cur
		} else {
			s.r2[i] = cur
		}
	}
}

// allWritten reports whether the block wrote every shared byte [off, off+n).
func (s *sanWorker) allWritten(off uint64, n int) bool {
	for i := off; i < off+uint64(n); i++ {
		if s.written[i] != s.blockNo {
			return false
		}
	}
	return true
}

// conflict returns the earlier access a if it races with cur.
func (s *sanWorker) conflict(w *warp, a, cur *sanAccess) *sanAccess {
	if a.interval != cur.interval || a.tid == cur.tid {
		return nil
	}
	if int(a.tid)/32 == w.id && (a.syncs != cur.syncs || a.clock == cur.clock) {
		return nil // the same warp: __syncwarp between, or one warp-instruction
	}
	return a
}

func (s *sanWorker) race(w *warp, in *inst, l int, off uint64, n int, op sanOp, o *sanAccess, other string) {
	f := s.finding(w, in, l, "race")
	f.Access, f.Space, f.Addr, f.Size = accessName(op, op == sanStore), "shared", off, n
	oi := s.st.k.insts[o.id]
	b := s.st.block
	t := int(o.tid)
	site := &Site{Thread: [3]int{t % b[0], t / b[0] % b[1], t / (b[0] * b[1])}, Access: other}
	if src := oi.src; src != nil {
		site.File, site.Line, site.PTXLine = s.st.k.m.src.Files[src.Loc.File], src.Loc.Line, src.Line
	}
	f.Other = site
	hazard := map[string]string{"write/read": "RAW", "write/write": "WAW", "read/write": "WAR"}[other+"/"+f.Access]
	f.Message = fmt.Sprintf("%s hazard: thread (%d,%d,%d) %s this shared address at line %d and this thread %s it at line %d with nothing between that orders them",
		hazard, site.Thread[0], site.Thread[1], site.Thread[2], map[string]string{"read": "read", "write": "wrote"}[other], site.Line,
		map[string]string{"read": "reads", "write": "writes"}[f.Access], f.Line)
	if int(o.tid)/32 == w.id {
		// racecheck's WARNING level: warp-synchronous code, which
		// independent thread scheduling no longer guarantees.
		f.Severity = "warning"
		f.Message += " (both threads are in one warp: Volta and later GPUs schedule its threads independently; __syncwarp() between the two accesses orders them)"
	} else {
		f.Message += " (the threads are in different warps: only a block barrier, __syncthreads(), between the two accesses orders them; __syncwarp() does not, and a memory fence alone orders neither)"
	}
	s.add(f)
}

// global checks and records an access to bytes [addr, addr+n) of a.
func (s *sanWorker) global(w *warp, in *inst, l int, a *allocation, addr uint64, n int, op sanOp) {
	off := addr - a.addr
	if op != sanStore && !a.init.all(off, n) && !s.ownWrote(addr, n) {
		f := s.finding(w, in, l, "uninitialized")
		f.Access, f.Space, f.Addr, f.Size = accessName(op, false), "global", addr, n
		f.Allocation = fmt.Sprintf("%d bytes into the %s at 0x%x", off, a.describe(), a.addr)
		f.Message = "nothing wrote these bytes since they were allocated (no host copy, memset or store; a device copy of unwritten bytes leaves them unwritten)"
		s.add(f)
	}
	if op == sanLoad {
		return
	}
	for i, end := addr, addr+uint64(n); i < end; {
		k, m := byteMask(i, end)
		s.own[i/64] |= m
		i += k
	}
	p := s.pend[a]
	if p == nil {
		p = s.l.pending(a)
		s.pend[a] = p
	}
	p.mark(off, n)
}

func (s *sanWorker) ownWrote(addr uint64, n int) bool {
	for i, end := addr, addr+uint64(n); i < end; {
		k, m := byteMask(i, end)
		if s.own[i/64]&m != m {
			return false
		}
		i += k
	}
	return true
}

// byteMask is the bits of bytes [i, end) within i's 64-byte block, and
// how many they are.
func byteMask(i, end uint64) (uint64, uint64) {
	b := i % 64
	k := min(64-b, end-i)
	return k, ^uint64(0) >> (64 - k) << b
}

// barrier checks a release of the block's barrier (see worker.release):
// every thread of the block should wait at the same barrier instruction.
// It also starts a new race interval.
func (s *sanWorker) barrier(wk *worker) {
	defer func() { s.interval++ }()
	var first *warp
	arrived, exited, other := 0, 0, 0
	missing := -1
	for _, w := range wk.warps {
		var at uint32
		if w.state == atBarrier {
			if first == nil {
				first = w
			}
			if w.barInst == first.barInst {
				at = w.barMask
			}
		}
		arrived += bits.OnesCount32(at)
		gone := w.full &^ w.alive
		exited += bits.OnesCount32(gone &^ at)
		other += bits.OnesCount32(w.full &^ at &^ gone)
		if miss := w.full &^ at; miss != 0 && missing < 0 {
			missing = w.id*32 + bits.TrailingZeros32(miss)
		}
	}
	if first == nil || missing < 0 {
		return
	}
	in := first.barInst
	f := s.finding(first, in, bits.TrailingZeros32(first.barMask), "barrier-divergence")
	f.Severity, f.Access = "warning", "barrier"
	b := s.st.block
	f.Thread = [3]int{missing % b[0], missing / b[0] % b[1], missing / (b[0] * b[1])}
	f.Message = fmt.Sprintf("the barrier at line %d was reached by %d of the block's %d threads; %d did not (%d had exited, the others returned early, took another branch or wait at another barrier)",
		f.Line, arrived, s.st.threads, exited+other, exited)
	f.Message += ": every thread of a block must reach the same __syncthreads(), otherwise the behaviour is undefined (a GPU may hang or release early); the virtual GPU counts exited threads as arrived"
	s.add(f)
}
