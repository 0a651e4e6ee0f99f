package vgpu

import (
	"math/bits"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/culab/culab/cudalib/counters"
	"github.com/culab/culab/cudalib/ptx"
	"github.com/culab/culab/cudalib/vgpu/alu"
)

// atomic operations.
const (
	atomAdd special = iota + 1
	atomMin
	atomMax
	atomExch
	atomCas
	atomAnd
	atomOr
	atomXor
	atomInc
	atomDec
)

var atomOps = map[string]special{"add": atomAdd, "min": atomMin, "max": atomMax, "exch": atomExch,
	"cas": atomCas, "and": atomAnd, "or": atomOr, "xor": atomXor, "inc": atomInc, "dec": atomDec}

// decodeAtom: "atom.space.op.type d, [a], b{, c}" and "red.space.op.type
// [a], b". The memory-order and scope modifiers need nothing here: blocks
// run sequentially inside and every atomic is sequentially consistent.
func (d *fdec) decodeAtom(in *ptx.Instr, out *inst, pre *[]inst) error {
	for _, m := range in.Mods {
		if op, ok := atomOps[m]; ok {
			out.special = op
		}
	}
	typ := mainType(in.Mods)
	size := typeSize(typ)
	if out.special == 0 || (size != 4 && size != 8) || hasMod(in.Mods, "v2") || hasMod(in.Mods, "v4") {
		return d.unsupported("unsupported atomic operation or type")
	}
	out.size, out.nvec = uint8(size), 1
	out.signed = typ[0] == 's'
	isFloat := typ[0] == 'f'
	if isFloat && out.special != atomAdd && out.special != atomExch {
		return d.unsupported("float atomics other than add and exch")
	}
	out.float = isFloat
	out.lock = out.special == atomCas || out.special == atomExch
	ops := in.Operands
	if in.Op == "atom" {
		if len(ops) < 3 {
			return d.unsupported("atom needs d, [a], b")
		}
		var err error
		if out.d, err = d.dst(ops[0]); err != nil {
			return err
		}
		ops = ops[1:]
	} else {
		out.d = d.sink
	}
	want := 2
	if out.special == atomCas {
		want = 3
	}
	if len(ops) != want {
		return d.unsupported("%d operands", len(in.Operands))
	}
	if err := d.decodeAddr(ops[0], instrSpace(in.Mods), out); err != nil {
		return err
	}
	out.uniform = !d.vary[ops[0].Name]
	if out.space == spParam || out.space == spLocal || out.space == spFrame {
		return d.unsupported("atomics on %s memory", out.space)
	}
	var err error
	if out.a, err = d.src(ops[1], typ, pre); err != nil {
		return err
	}
	if want == 3 {
		if out.b, err = d.src(ops[2], typ, pre); err != nil {
			return err
		}
	}
	out.exec = execAtom
	return nil
}

// execAtom applies the atomic lane by lane, in lane order, with
// sync/atomic on the backing memory: blocks on other workers may touch the
// same word.
func execAtom(w *warp, in *inst, m uint32) {
	f := w.frame
	size := int(in.size)
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		addr := in.off
		if in.base >= 0 {
			addr += f[in.base][l]
		}
		p := w.mem(in, in.space, addr, size, l, true)
		if p == nil {
			return
		}
		var b, c uint64 = f[in.a][l], 0
		if in.b >= 0 {
			c = f[in.b][l]
		}
		// Float adds differ in shared memory (alu.AtomAddF32, AtomAddF64Shared).
		sp := in.space
		if sp == spGeneric {
			sp = genericSpace(addr)
		}
		shared := sp == spShared
		if size == 4 {
			f[in.d][l] = uint64(rmw((*uint32)(unsafe.Pointer(&p[0])), in.special, in.signed, in.float, shared, uint32(b), uint32(c)))
		} else {
			f[in.d][l] = rmw((*uint64)(unsafe.Pointer(&p[0])), in.special, in.signed, in.float, shared, b, c)
		}
	}
}

// rmw atomically replaces *p by op(*p, b, c) and returns the old value.
func rmw[T word](p *T, op special, signed, float, shared bool, b, c T) T {
	for {
		old := atomicLoad(p)
		if op == atomCas && old != b {
			return old
		}
		if atomicCAS(p, old, combine(op, signed, float, shared, old, b, c)) {
			return old
		}
	}
}

func atomicLoad[T word](p *T) T {
	if unsafe.Sizeof(*p) == 4 {
		return T(atomic.LoadUint32((*uint32)(unsafe.Pointer(p))))
	}
	return T(atomic.LoadUint64((*uint64)(unsafe.Pointer(p))))
}

func atomicCAS[T word](p *T, old, v T) bool {
	if unsafe.Sizeof(*p) == 4 {
		return atomic.CompareAndSwapUint32((*uint32)(unsafe.Pointer(p)), uint32(old), uint32(v))
	}
	return atomic.CompareAndSwapUint64((*uint64)(unsafe.Pointer(p)), uint64(old), uint64(v))
}

// combine is the value an atomic operation stores.
func combine[T word](op special, signed, float, shared bool, old, b, c T) T {
	n := 8 * uint(unsafe.Sizeof(old))
	switch op {
	case atomAdd:
		switch {
		case float && n == 32:
			return T(alu.AtomAddF32(uint32(old), uint32(b), !shared))
		case float && shared:
			return T(alu.AtomAddF64Shared(uint64(old), uint64(b)))
		case float:
			return T(alu.AtomAddF64(uint64(old), uint64(b)))
		}
		return old + b
	case atomExch:
		return b
	case atomCas:
		return c
	case atomAnd:
		return old & b
	case atomOr:
		return old | b
	case atomXor:
		return old ^ b
	case atomMin, atomMax:
		less := old < b
		if signed {
			less = int64(uint64(old)<<(64-n)) < int64(uint64(b)<<(64-n))
		}
		if less == (op == atomMin) {
			return old
		}
		return b
	case atomInc:
		if old >= b {
			return 0
		}
		return old + 1
	case atomDec:
		if old == 0 || old > b {
			return b
		}
		return old - 1
	}
	return old
}

// addressCounts counts a launch's global atomic operations per 4-byte
// word, as the GPU performs them, for the largest count on one address
// (Counters.MaxAddressAtomics): the L2 applies the operations on one
// address one after another, so that count bounds the launch however many
// warps issue them. A count array per allocation, made on its first
// atomic; the workers share it.
type addressCounts struct {
	mu        sync.Mutex
	words     map[*allocation][]atomic.Int32
	most      atomic.Int64
	sectorOps atomic.Int64 // operations as the L2 applies them (Counters.AtomicSectorOps)
	touched   atomic.Int64 // words with at least one (Counters.AtomicAddresses)
}

func newAddressCounts() *addressCounts {
	return &addressCounts{words: map[*allocation][]atomic.Int32{}}
}

// of returns allocation a's counts.
func (s *addressCounts) of(a *allocation) []atomic.Int32 {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.words[a]
	if !ok {
		c = make([]atomic.Int32, (len(a.data)+3)/4)
		s.words[a] = c
	}
	return c
}

// add counts n operations at addr.
func (s *addressCounts) add(w *warp, addr uint64, n int32) {
	a := w.wk.st.table.find(addr, 1)
	if a == nil {
		return // the access faults
	}
	if rec := w.wk.rec; rec != nil {
		rec.addAtomic(addr/4, int64(n))
	}
	v := int64(s.of(a)[(addr-a.addr)/4].Add(n))
	if v == int64(n) {
		s.touched.Add(1)
	}
	for m := s.most.Load(); v > m && !s.most.CompareAndSwap(m, v); m = s.most.Load() {
	}
}

// sectors returns the 32-byte sectors holding a word with an operation
// (after the run).
func (s *addressCounts) sectors() int64 {
	var n int64
	for _, c := range s.words {
		for i := 0; i < len(c); i += 8 {
			for j := i; j < min(i+8, len(c)); j++ {
				if c[j].Load() != 0 {
					n++
					break
				}
			}
		}
	}
	return n
}

// aggregated reports whether ptxas makes one operation per warp of the
// atomic when its lanes share one address: a 32-bit integer add, min,
// max, and, or or xor at an address it can prove warp-uniform becomes a
// warp reduction (REDUX) and one RED or ATOM by the first lane
// (cudalib/sass on tools/zoo's atomics_one and compact_atomic).
func aggregated(in *inst) bool {
	if !in.uniform {
		return false
	}
	switch in.special {
	case atomAdd, atomMin, atomMax, atomAnd, atomOr, atomXor:
		return in.size == 4 && !in.float
	}
	return false
}

// countAddresses counts a warp's global atomic for the lanes in m.
func (w *warp) countAddresses(in *inst, m uint32) {
	if m == 0 {
		return
	}
	base := &zeroRow
	if in.base >= 0 {
		base = &w.frame[in.base]
	}
	first := base[bits.TrailingZeros32(m)] + in.off
	sp := in.space
	if sp == spGeneric {
		sp = genericSpace(first)
	}
	if sp != spGlobal {
		return
	}
	uniform := true
	for mm := m; mm != 0; mm &= mm - 1 {
		if base[bits.TrailingZeros32(mm)]+in.off != first {
			uniform = false
			break
		}
	}
	if uniform {
		n := int32(bits.OnesCount32(m))
		if aggregated(in) {
			n = 1
		}
		w.wk.st.atomics.add(w, first, n)
		w.addSectorOps(int64(n))
		return
	}
	// The L2 applies the lanes of a warp that fall in one sector together,
	// a word each, and the lanes on one word one after another: a sector
	// takes as many operations as its busiest word has lanes
	// (bench/microbench/atommult.cu: 4 words of a sector with 8 lanes
	// each run at half the rate of 8 words with 4).
	var addrs [32]uint64
	n := 0
	for mm := m; mm != 0; mm &= mm - 1 {
		a := base[bits.TrailingZeros32(mm)] + in.off
		w.wk.st.atomics.add(w, a, 1)
		addrs[n] = a
		n++
	}
	w.addSectorOps(counters.SectorOps(addrs[:n]))
}

// addSectorOps counts L2 operations of global atomics.
func (w *warp) addSectorOps(n int64) {
	w.wk.st.atomics.sectorOps.Add(n)
	if rec := w.wk.rec; rec != nil {
		rec.atomicOps += n
	}
}
