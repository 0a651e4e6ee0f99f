package vgpu

import (
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/culab/culab/cudalib/counters"
	"github.com/culab/culab/cudalib/ptx"
)

// The memory counters of a profiled launch (see Counters): each memory
// instruction's addresses are analysed for the warp as a whole before it
// executes (its destination may be its address register), into fixed
// arrays on the stack — nothing is allocated per lane or per access.

// accessCounter returns the counting function of an instruction, or
// nil for one that is no memory access the counters see: loads of kernel
// parameters and of .const memory go through the constant cache, and
// cp.async copies (LDGSTS) have counters of their own.
func accessCounter(p *ptx.Instr) func(*warp, *inst, uint32) {
	sp := instrSpace(p.Mods)
	if sp == spParam || hasMod(p.Mods, "const") {
		return nil
	}
	switch p.Op {
	case "ld", "ldu":
		return countLoad
	case "st":
		return countStore
	case "atom", "red":
		return countAtomic
	}
	return nil
}

func countLoad(w *warp, in *inst, m uint32)  { w.countAccess(in, m, false) }
func countStore(w *warp, in *inst, m uint32) { w.countAccess(in, m, true) }

func countAtomic(w *warp, in *inst, m uint32) {
	w.wk.counts[in.id].AtomicRequests++
	w.countAddresses(in, m)
}

// countBranch counts a bra for the lanes in taken (active, guard true).
// A warp that jumps as a whole over accesses ptxas predicates still
// issues them on the GPU: each is a shared request with no wavefronts.
func (w *warp) countBranch(in *inst, c *counters.Counters, taken uint32) {
	c.Branches++
	all := w.stack[len(w.stack)-1].mask & w.alive
	if taken != 0 && taken != all {
		c.DivergentBranches++
	}
	if r := in.pred; r != nil {
		switch taken {
		case all:
			w.countPredicated(r.jumped)
		case 0:
			w.countPredicated(r.fallen)
		}
	}
}

// countPredicated counts shared accesses the warp issues with no lane on.
func (w *warp) countPredicated(accesses []*inst) {
	for _, p := range accesses {
		c := &w.wk.counts[p.id]
		if p.src.Op == "st" {
			c.SharedStoreRequests++
		} else {
			c.SharedLoadRequests++
			w.own.sharedLoads++
		}
	}
}

// zeroRow is the address row of an access without a base register.
var zeroRow vec

// countAccess adds one warp-level ld or st of the lanes in m (those whose
// guard holds). With none, a shared access is still a request with no
// wavefronts (smsp__inst_executed_op_shared_* counts issued
// instructions); a global or local one sends no request to L1TEX, and a
// generic one, whose space no lane tells, is not counted (measured on
// H100: COUNTERS.md). Addresses are read from the base row
// lane by lane: a whole warp's contiguous access (contiguousAt) is
// counted from its first address, a pattern an instruction had before
// takes its bank wavefronts from the memo (countmemo.go), and the other
// common patterns (lanes in increasing order, at most one word per bank)
// take one pass.
func (w *warp) countAccess(in *inst, m uint32, store bool) {
	base := &zeroRow
	if in.base >= 0 {
		base = &w.frame[in.base]
	}
	size := int(in.size) * int(in.nvec)
	sp := in.space
	if m == 0 && sp != spShared {
		return
	}
	if sp == spGeneric {
		sp = genericSpace(base[bits.TrailingZeros32(m)] + in.off)
	}
	c := &w.wk.counts[in.id]
	switch sp {
	case spGlobal:
		first, contiguous := contiguousAt(base, in.off, m, size)
		sectors, lines, fresh := w.globalSectors(base, in.off, m, !store, first, contiguous, size)
		bytes := int64(bits.OnesCount32(m) * size)
		if store {
			c.GlobalStoreRequests++
			c.GlobalStoreSectors += sectors
			c.GlobalStoreBytes += bytes
		} else {
			c.GlobalLoadRequests++
			c.GlobalLoadSectors += sectors
			c.GlobalLoadLines += lines
			c.BlockLoadSectors += fresh
			if sectors*32 > 2*bytes {
				c.BlockScatteredSectors += fresh
			}
			if contiguous {
				c.GlobalLoadWavefronts += int64(contiguousWavefronts(first, size))
			} else {
				c.GlobalLoadWavefronts += w.globalWavefrontsOf(in, base, m, size)
			}
			c.GlobalLoadBytes += bytes
			w.own.globalLoads++
		}
	case spShared:
		var wf, ideal int64
		if _, ok := contiguousAt(base, in.off, m, size); ok {
			// Each phase's lanes fill its 32 banks once.
			wf, ideal = int64(max(size/4, 1)), int64(max(size/4, 1))
		} else {
			wf, ideal = w.sharedWavefrontsOf(in, base, m, size, !store)
		}
		if store {
			c.SharedStoreRequests++
			c.SharedStoreWavefronts += wf
			c.SharedStoreBankConflicts += wf - ideal
		} else {
			c.SharedLoadRequests++
			c.SharedLoadWavefronts += wf
			w.own.sharedLoads++
			c.SharedLoadBankConflicts += wf - ideal
		}
	case spLocal, spFrame:
		off := in.off
		if sp == spFrame {
			off += w.localBase
		}
		sectors := localSectors(base, off, m, size)
		if store {
			c.LocalStoreRequests++
			c.LocalStoreSectors += sectors
		} else {
			c.LocalLoadRequests++
			c.LocalLoadSectors += sectors
		}
	}
}

// globalSectors returns the distinct 32-byte sectors of the lanes'
// accesses at base+off (an aligned access of up to 32 bytes lies in one
// sector) and the distinct 128-byte lines that hold them, and marks the
// sectors in the launch's set of touched sectors; for a load, also those
// new to the worker's block (Counters.BlockLoadSectors).
func (w *warp) globalSectors(base *vec, off uint64, m uint32, load bool, first uint64, contiguous bool, size int) (sectors, lines, fresh int64) {
	var buf [32]uint64
	secs := accessSectors(&buf, base, off, m, first, contiguous, size)
	w.wk.st.dram.add(w, secs, load)
	if rec := w.wk.rec; rec != nil {
		rec.addSectors(secs, load)
	}
	if load {
		fresh = w.wk.loaded.add(secs)
	}
	return int64(len(secs)), linesOf(secs), fresh
}

// accessSectors returns the distinct sectors of the lanes' accesses at
// base+off, ascending, in buf. A contiguous access (contiguousAt: its
// lanes' size bytes follow each other from first) covers its sectors
// without a gap.
func accessSectors(buf *[32]uint64, base *vec, off uint64, m uint32, first uint64, contiguous bool, size int) []uint64 {
	if s0, s1 := first>>5, (first+31*uint64(size))>>5; contiguous && s1-s0 < uint64(len(buf)) {
		secs := buf[:s1-s0+1]
		for i := range secs {
			secs[i] = s0 + uint64(i)
		}
		return secs
	}
	n, sorted := 0, true
	for mm := m; mm != 0; mm &= mm - 1 {
		s := (base[bits.TrailingZeros32(mm)] + off) >> 5
		if n > 0 {
			if s == buf[n-1] {
				continue
			}
			sorted = sorted && s > buf[n-1]
		}
		buf[n] = s
		n++
	}
	if !sorted {
		return distinct(buf[:n])
	}
	return buf[:n]
}

// linesOf returns the distinct 128-byte lines (4 sectors) of sorted,
// distinct sectors: one pass, the sectors of a line being adjacent.
func linesOf(secs []uint64) int64 {
	var n int64
	for i, s := range secs {
		if i == 0 || s>>2 != secs[i-1]>>2 {
			n++
		}
	}
	return n
}

// distinct sorts s and returns its distinct values (lanes' addresses
// usually come in order, which costs one pass).
func distinct(s []uint64) []uint64 {
	for i := 1; i < len(s); i++ {
		if s[i] < s[i-1] {
			slices.Sort(s)
			break
		}
	}
	return slices.Compact(s)
}

// sharedWavefronts returns the wavefronts of one shared-memory access of
// size bytes per lane at base+off, and the ideal: one per phase with an
// active lane. A phase is the lanes whose data fill 128 bytes (32 banks of
// 4 bytes): the warp for sizes up to 4, half-warps for 8, quarter-warps
// for 16, lanes by 4 for 32; it takes as many wavefronts as its busiest
// bank has distinct 32-bit words. A 16-byte load whose lanes pair up
// (pairedLanes) returns two lanes' data at once: half-warp phases
// (measured on H100: COUNTERS.md).
func sharedWavefronts(base *vec, off uint64, m uint32, size int, load bool) (wavefronts, ideal int64) {
	words := max(size/4, 1)
	perPhase := 32 / words
	if load && words == 4 && pairedLanes(base, m) {
		perPhase = 16
	}
	phase := uint32(1)<<perPhase - 1 // all ones for the whole warp
	for p := 0; p < 32/perPhase; p++ {
		pm := m & (phase << (p * perPhase))
		if pm != 0 {
			ideal++
			wavefronts += int64(phaseWavefronts(base, off, pm, words))
		}
	}
	return wavefronts, ideal
}

// pairedLanes says whether the active lanes read in pairs: lane l and
// lane l^1 at the same address wherever both are active, or else lane l
// and l^2 (NVIDIA's forum answer "Unexpected shared memory bank
// conflict", confirmed by ncu on H100 for LDS.128).
func pairedLanes(base *vec, m uint32) bool {
	for _, d := range [2]int{1, 2} {
		ok := true
		for mm := m; mm != 0 && ok; mm &= mm - 1 {
			l := bits.TrailingZeros32(mm)
			if p := l ^ d; m&(1<<p) != 0 && base[l] != base[p] {
				ok = false
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// contiguousAt reports whether a whole warp's lanes access size bytes each
// one after another (lane l at first + l·size), the coalesced access most
// kernels make, whose counts need no look at banks or sorting.
func contiguousAt(base *vec, off uint64, m uint32, size int) (first uint64, ok bool) {
	if m != 1<<32-1 {
		return 0, false
	}
	first = base[0] + off
	a, step := first, uint64(size)
	for l := 1; l < 32; l++ {
		a += step
		if base[l]+off != a {
			return 0, false
		}
	}
	return first, true
}

// contiguousWavefronts is phaseWavefronts of a contiguous access from
// first: its distinct words are a run, which spreads over the banks
// evenly, so the busiest holds the run's length / 32, rounded up.
func contiguousWavefronts(first uint64, size int) int {
	words := (first+31*uint64(size))>>2 + uint64(max(size/4, 1)) - first>>2
	return int((words + 31) / 32)
}

// phaseWavefronts is the wavefronts of one phase: 1 unless a bank holds
// two distinct words, which one pass with a word per bank tells.
func phaseWavefronts(base *vec, off uint64, pm uint32, words int) int {
	var first [32]uint64
	var seen uint32
	for mm := pm; mm != 0; mm &= mm - 1 {
		a := (base[bits.TrailingZeros32(mm)] + off) >> 2
		for j := range uint64(words) {
			wd := a + j
			b := uint32(wd & 31)
			if seen&(1<<b) == 0 {
				seen |= 1 << b
				first[b] = wd
			} else if first[b] != wd {
				return busiestBank(base, off, pm, words)
			}
		}
	}
	return 1
}

// busiestBank returns the largest number of distinct words in one bank
// among the phase's words (at most 128: a global load's whole warp of
// 16-byte lanes), sorted.
func busiestBank(base *vec, off uint64, pm uint32, words int) int {
	var buf [128]uint64
	k := 0
	ascending := true // lanes' words after the words before: distinct
	for mm := pm; mm != 0; mm &= mm - 1 {
		a := (base[bits.TrailingZeros32(mm)] + off) >> 2
		ascending = ascending && (k == 0 || a > buf[k-1])
		for j := range uint64(words) {
			buf[k] = a + j
			k++
		}
	}
	all := buf[:k]
	if !ascending {
		all = distinct(all)
	}
	var perBank [32]int
	most := 0
	for _, wd := range all {
		b := wd & 31
		perBank[b]++
		most = max(most, perBank[b])
	}
	return most
}

// localSectors returns the distinct 32-byte sectors of a local-memory
// access: local memory interleaves the threads of a warp by 32-bit word,
// so word w of lane l lies at byte 4·(32·w + l) of the warp's memory.
func localSectors(base *vec, off uint64, m uint32, size int) int64 {
	words := max(size/4, 1)
	var buf [256]uint64
	k := 0
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros32(mm)
		a := base[l] + off
		if a >= localWindow {
			a -= localWindow
		}
		for j := range uint64(words) {
			buf[k] = (a>>2+j)*4 + uint64(l)>>3
			k++
		}
	}
	return int64(len(distinct(buf[:k])))
}

// sectorSet is the set of global sectors a launch touched, and of those
// its loads touched: bitmaps per allocation, shared by the workers (a
// union does not depend on order).
type sectorSet struct {
	mu   sync.Mutex
	maps map[*allocation]sectorBits
}

// sectorBits are an allocation's bitmaps: every access's sectors, loads'.
type sectorBits struct{ all, loads []atomic.Uint64 }

func newSectorSet() *sectorSet {
	return &sectorSet{maps: map[*allocation]sectorBits{}}
}

// add marks the sectors (addresses >> 5) of an access of warp w, a load's
// in the loads' bitmap too. The warp keeps the bitmaps of the last few
// allocations it touched (a kernel reads a few arrays in turn); others
// are looked up in the memory table.
func (s *sectorSet) add(w *warp, sectors []uint64, load bool) {
	for i := 0; i < len(sectors); {
		addr := sectors[i] << 5
		d := w.dram.find(addr)
		if d == nil {
			a := w.wk.st.table.find(addr, 1)
			if a == nil {
				i++
				continue // the access faults
			}
			d = w.dram.put(a, s.bitmap(a))
		}
		// The sectors (ascending) of one bitmap word in this allocation
		// are marked at once.
		k := (addr - d.a.addr) >> 5
		word, bits := k>>6, uint64(0)
		for ; i < len(sectors); i++ {
			a := sectors[i] << 5
			if a-d.a.addr >= uint64(len(d.a.data)) {
				break
			}
			k := (a - d.a.addr) >> 5
			if k>>6 != word {
				break
			}
			bits |= 1 << (k & 63)
		}
		// Read before writing: re-reads, the common case, leave the
		// shared words' cache lines unwritten.
		if all := &d.bits.all[word]; all.Load()&bits != bits {
			all.Or(bits)
		}
		if ld := &d.bits.loads[word]; load && ld.Load()&bits != bits {
			ld.Or(bits)
		}
	}
}

// dramCache holds a warp's last allocations and their bitmaps.
type dramCache struct {
	e    [4]dramEntry
	next int
}

type dramEntry struct {
	a    *allocation
	bits sectorBits
}

func (c *dramCache) find(addr uint64) *dramEntry {
	for i := range c.e {
		if e := &c.e[i]; e.a != nil && addr-e.a.addr < uint64(len(e.a.data)) {
			return e
		}
	}
	return nil
}

func (c *dramCache) put(a *allocation, bits sectorBits) *dramEntry {
	e := &c.e[c.next]
	c.next = (c.next + 1) % len(c.e)
	*e = dramEntry{a, bits}
	return e
}

// bitmap returns allocation a's bitmaps, made on first use.
func (s *sectorSet) bitmap(a *allocation) sectorBits {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.maps[a]
	if !ok {
		n := (len(a.data) + 32*64 - 1) / (32 * 64)
		b = sectorBits{make([]atomic.Uint64, n), make([]atomic.Uint64, n)}
		s.maps[a] = b
	}
	return b
}

// count returns the number of sectors marked, and of those loads marked.
func (s *sectorSet) count() (all, loads int64) {
	for _, b := range s.maps {
		for i := range b.all {
			all += int64(bits.OnesCount64(b.all[i].Load()))
			loads += int64(bits.OnesCount64(b.loads[i].Load()))
		}
	}
	return all, loads
}
