package vgpu

import (
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/culab/culab/cudalib/ptx"
)

// The memory counters of a profiled launch (see Counters): each memory
// instruction's addresses are analysed for the warp as a whole before it
// executes (its destination may be its address register), into fixed
// arrays on the stack — nothing is allocated per lane or per access.

// accessCounter returns the counting function of a decoded instruction, or
// nil for one that is no memory access the counters see: loads of kernel
// parameters and of .const memory go through the constant cache, and
// cp.async copies (LDGSTS) have counters of their own.
func accessCounter(p *ptx.Instr, in *inst) func(*warp, *inst, uint32) {
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
}

// countBranch counts a bra for the lanes in taken (active, guard true).
func (w *warp) countBranch(c *Counters, taken uint32) {
	c.Branches++
	all := w.stack[len(w.stack)-1].mask & w.alive
	if taken != 0 && taken != all {
		c.DivergentBranches++
	}
}

// countAccess adds one warp-level ld or st of the lanes in m.
func (w *warp) countAccess(in *inst, m uint32, store bool) {
	var addrs [32]uint64
	var lanes [32]uint8
	n := 0
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros32(mm)
		a := in.off
		if in.base >= 0 {
			a += w.frame[in.base][l]
		}
		addrs[n], lanes[n] = a, uint8(l)
		n++
	}
	size := int(in.size) * int(in.nvec)
	sp := in.space
	if sp == spGeneric {
		sp = genericSpace(addrs[0])
	}
	c := &w.wk.counts[in.id]
	switch sp {
	case spGlobal:
		sectors := w.globalSectors(addrs[:n])
		if store {
			c.GlobalStoreRequests++
			c.GlobalStoreSectors += sectors
			c.GlobalStoreBytes += int64(n * size)
		} else {
			c.GlobalLoadRequests++
			c.GlobalLoadSectors += sectors
			c.GlobalLoadBytes += int64(n * size)
		}
	case spShared:
		wf, ideal := sharedWavefronts(addrs[:n], lanes[:n], size)
		if store {
			c.SharedStoreRequests++
			c.SharedStoreWavefronts += wf
			c.SharedStoreBankConflicts += wf - ideal
		} else {
			c.SharedLoadRequests++
			c.SharedLoadWavefronts += wf
			c.SharedLoadBankConflicts += wf - ideal
		}
	case spLocal, spFrame:
		if sp == spFrame {
			for i := range n {
				addrs[i] += w.localBase
			}
		}
		sectors := localSectors(addrs[:n], lanes[:n], size)
		if store {
			c.LocalStoreRequests++
			c.LocalStoreSectors += sectors
		} else {
			c.LocalLoadRequests++
			c.LocalLoadSectors += sectors
		}
	}
}

// globalSectors returns the distinct 32-byte sectors of the accesses at
// addrs (an aligned access of up to 32 bytes lies in one sector), and
// marks them in the launch's set of touched sectors.
func (w *warp) globalSectors(addrs []uint64) int64 {
	var buf [32]uint64
	s := buf[:len(addrs)]
	for i, a := range addrs {
		s[i] = a >> 5
	}
	s = distinct(s)
	w.wk.st.dram.add(w, s)
	return int64(len(s))
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
// size bytes per lane at addrs (of lanes, in increasing order), and the
// ideal: one per phase with an active lane. A phase is the lanes whose
// data fill 128 bytes (32 banks of 4 bytes): the warp for sizes up to 4,
// half-warps for 8, quarter-warps for 16, lanes by 4 for 32; it takes as
// many wavefronts as its busiest bank has distinct 32-bit words.
func sharedWavefronts(addrs []uint64, lanes []uint8, size int) (wavefronts, ideal int64) {
	words := max(size/4, 1)
	perPhase := 32 / words
	for i := 0; i < len(addrs); {
		phase := int(lanes[i]) / perPhase
		var buf [32]uint64
		k := 0
		for ; i < len(addrs) && int(lanes[i])/perPhase == phase; i++ {
			a := addrs[i]
			if a >= sharedWindow {
				a -= sharedWindow
			}
			for j := range words {
				buf[k] = a>>2 + uint64(j)
				k++
			}
		}
		var perBank [32]uint8
		most := uint8(0)
		for _, wd := range distinct(buf[:k]) {
			b := wd & 31
			perBank[b]++
			most = max(most, perBank[b])
		}
		wavefronts += int64(most)
		ideal++
	}
	return wavefronts, ideal
}

// localSectors returns the distinct 32-byte sectors of a local-memory
// access: local memory interleaves the threads of a warp by 32-bit word,
// so word w of lane l lies at byte 4·(32·w + l) of the warp's memory.
func localSectors(addrs []uint64, lanes []uint8, size int) int64 {
	words := max(size/4, 1)
	var buf [256]uint64
	k := 0
	for i, a := range addrs {
		if a >= localWindow {
			a -= localWindow
		}
		for j := range words {
			buf[k] = (a>>2+uint64(j))*4 + uint64(lanes[i])>>3
			k++
		}
	}
	return int64(len(distinct(buf[:k])))
}

// sectorSet is the set of global sectors a launch touched: a bitmap per
// allocation, shared by the workers (a union does not depend on order).
type sectorSet struct {
	mu   sync.Mutex
	maps map[*allocation][]atomic.Uint64
}

func newSectorSet() *sectorSet {
	return &sectorSet{maps: map[*allocation][]atomic.Uint64{}}
}

// add marks the sectors (addresses >> 5) of an access of warp w.
func (s *sectorSet) add(w *warp, sectors []uint64) {
	for _, sec := range sectors {
		a := w.cache
		addr := sec << 5
		if addr-a.addr >= uint64(len(a.data)) {
			if a = w.wk.st.table.find(addr, 1); a == nil {
				continue // the access faults
			}
		}
		if a != w.dramAlloc {
			w.dramAlloc, w.dramBits = a, s.bitmap(a)
		}
		i := (addr - a.addr) >> 5
		w.dramBits[i>>6].Or(1 << (i & 63))
	}
}

// bitmap returns allocation a's bitmap, made on first use.
func (s *sectorSet) bitmap(a *allocation) []atomic.Uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.maps[a]
	if !ok {
		b = make([]atomic.Uint64, (len(a.data)+32*64-1)/(32*64))
		s.maps[a] = b
	}
	return b
}

// count returns the number of sectors marked.
func (s *sectorSet) count() int64 {
	var n int64
	for _, b := range s.maps {
		for i := range b {
			n += int64(bits.OnesCount64(b[i].Load()))
		}
	}
	return n
}
