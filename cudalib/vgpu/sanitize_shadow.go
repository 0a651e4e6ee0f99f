package vgpu

import (
	"math/bits"
	"sync/atomic"
)

// initSet is an allocation's shadow of initialisation: which of its bytes
// something wrote (a host copy or fill, a device copy of written bytes, a
// module variable's initializer, a kernel's store, sanitized or not). It
// costs nothing while the allocation is wholly unwritten or wholly
// written, the common states: in between it keeps one pointer per
// chunk of shadowChunk bytes, and a bitmap (a bit per byte) only for the
// chunks partly written. Kernels mark bytes concurrently (atomics); host
// copies, which also clear bytes (a copy of unwritten bytes makes its
// destination unwritten), run between launches.
type initSet struct {
	n    uint64
	full atomic.Bool // every byte written: the fast path
	tab  atomic.Pointer[[]atomic.Pointer[initChunk]]
	// fullChunks counts the chunks whose pointer is fullChunk.
	fullChunks atomic.Int64
}

// shadowChunk is the bytes of one chunk (a 512-byte bitmap when partly written).
const shadowChunk = 4096

// initChunk is a partly written chunk: a bit per byte and their count.
type initChunk struct {
	bits [shadowChunk / 64]atomic.Uint64
	set  atomic.Int64
}

// fullChunk stands for a chunk wholly written.
var fullChunk = &initChunk{}

func (s *initSet) chunks() int { return int((s.n + shadowChunk - 1) / shadowChunk) }

// chunkLen is the bytes of chunk c (the last may be short).
func (s *initSet) chunkLen(c int) uint64 {
	return min(s.n-uint64(c)*shadowChunk, shadowChunk)
}

// table returns the chunk table, made on first need. A set that was full
// starts with every chunk full.
func (s *initSet) table() []atomic.Pointer[initChunk] {
	if t := s.tab.Load(); t != nil {
		return *t
	}
	t := make([]atomic.Pointer[initChunk], s.chunks())
	if s.full.Load() {
		for i := range t {
			t[i].Store(fullChunk)
		}
		s.fullChunks.Store(int64(len(t)))
	}
	if !s.tab.CompareAndSwap(nil, &t) {
		return *s.tab.Load()
	}
	return t
}

// all reports whether [off, off+n) is wholly written.
func (s *initSet) all(off uint64, n int) bool {
	if s.full.Load() || n <= 0 {
		return true
	}
	tp := s.tab.Load()
	if tp == nil {
		return false
	}
	t := *tp
	for i, end := off, off+uint64(n); i < end; {
		c := int(i / shadowChunk)
		hi := min(end, uint64(c+1)*shadowChunk)
		p := t[c].Load()
		switch {
		case p == fullChunk:
		case p == nil:
			return false
		default:
			if !p.allSet(i%shadowChunk, hi-i) {
				return false
			}
		}
		i = hi
	}
	return true
}

// allSet reports whether bits [lo, lo+n) of the chunk are set.
func (p *initChunk) allSet(lo, n uint64) bool {
	for i, end := lo, lo+n; i < end; {
		w, b := i/64, i%64
		k := min(64-b, end-i)
		m := ^uint64(0) >> (64 - k) << b
		if p.bits[w].Load()&m != m {
			return false
		}
		i += k
	}
	return true
}

// mark records [off, off+n) as written.
func (s *initSet) mark(off uint64, n int) {
	if n <= 0 || s.full.Load() {
		return
	}
	if off == 0 && uint64(n) >= s.n && s.tab.Load() == nil {
		s.full.Store(true)
		return
	}
	t := s.table()
	for i, end := off, off+uint64(n); i < end; {
		c := int(i / shadowChunk)
		hi := min(end, uint64(c+1)*shadowChunk)
		s.markChunk(t, c, i%shadowChunk, hi-i)
		i = hi
	}
}

func (s *initSet) markChunk(t []atomic.Pointer[initChunk], c int, lo, n uint64) {
	size := s.chunkLen(c)
	for {
		p := t[c].Load()
		if p == fullChunk {
			return
		}
		if n == size {
			if t[c].CompareAndSwap(p, fullChunk) {
				s.chunkFull()
			}
			continue
		}
		if p == nil {
			t[c].CompareAndSwap(nil, &initChunk{})
			continue
		}
		added := int64(0)
		for i, end := lo, lo+n; i < end; {
			w, b := i/64, i%64
			k := min(64-b, end-i)
			m := ^uint64(0) >> (64 - k) << b
			if old := p.bits[w].Or(m); old&m != m {
				added += int64(bits.OnesCount64(m &^ old))
			}
			i += k
		}
		if added > 0 && uint64(p.set.Add(added)) == size && t[c].CompareAndSwap(p, fullChunk) {
			s.chunkFull()
		}
		return
	}
}

// chunkFull counts a chunk made full; with the last one the set is full
// and drops its table.
func (s *initSet) chunkFull() {
	if s.fullChunks.Add(1) == int64(s.chunks()) {
		s.full.Store(true)
		s.tab.Store(nil)
	}
}

// clear records [off, off+n) as unwritten (a host copy of unwritten
// bytes). Not concurrent with kernels' marks on the same bytes.
func (s *initSet) clear(off uint64, n int) {
	if n <= 0 || (!s.full.Load() && s.tab.Load() == nil) {
		return
	}
	if off == 0 && uint64(n) >= s.n { // all of it: no table
		s.full.Store(false)
		s.tab.Store(nil)
		s.fullChunks.Store(0)
		return
	}
	t := s.table()
	s.full.Store(false)
	for i, end := off, off+uint64(n); i < end; {
		c := int(i / shadowChunk)
		hi := min(end, uint64(c+1)*shadowChunk)
		lo, size := i%shadowChunk, s.chunkLen(c)
		p := t[c].Load()
		if p == fullChunk {
			s.fullChunks.Add(-1)
		}
		switch {
		case p == nil:
		case hi-i == size:
			t[c].Store(nil)
		default:
			if p == fullChunk {
				p = &initChunk{}
				for j := uint64(0); j < size; j += 64 {
					k := min(64, size-j)
					p.bits[j/64].Store(^uint64(0) >> (64 - k))
				}
				p.set.Store(int64(size))
				t[c].Store(p)
			}
			for j := lo; j < lo+(hi-i); {
				w, b := j/64, j%64
				k := min(64-b, lo+(hi-i)-j)
				m := ^uint64(0) >> (64 - k) << b
				if old := p.bits[w].And(^m); old&m != 0 {
					p.set.Add(-int64(bits.OnesCount64(old & m)))
				}
				j += k
			}
		}
		i = hi
	}
}

// initRun is a run of bytes of one state.
type initRun struct {
	off, n uint64
	set    bool
}

// runs returns [off, off+n) as maximal runs of written and unwritten bytes.
func (s *initSet) runs(off uint64, n int) []initRun {
	var out []initRun
	add := func(o, k uint64, set bool) {
		if k == 0 {
			return
		}
		if l := len(out); l > 0 && out[l-1].set == set && out[l-1].off+out[l-1].n == o {
			out[l-1].n += k
			return
		}
		out = append(out, initRun{o, k, set})
	}
	end := off + uint64(n)
	tp := s.tab.Load()
	if s.full.Load() || tp == nil {
		add(off, end-off, s.full.Load())
		return out
	}
	t := *tp
	for i := off; i < end; {
		c := int(i / shadowChunk)
		hi := min(end, uint64(c+1)*shadowChunk)
		switch p := t[c].Load(); p {
		case fullChunk, nil:
			add(i, hi-i, p == fullChunk)
		default:
			base := uint64(c) * shadowChunk
			for j := i; j < hi; {
				w := p.bits[(j-base)/64].Load() >> ((j - base) % 64)
				k := min(64-(j-base)%64, hi-j)
				// Runs inside the word.
				for k > 0 {
					set := w&1 != 0
					r := uint64(bits.TrailingZeros64(^w))
					if !set {
						r = uint64(bits.TrailingZeros64(w))
					}
					r = min(r, k)
					add(j, r, set)
					j, k, w = j+r, k-r, w>>r
				}
			}
		}
		i = hi
	}
	return out
}

// copyFrom makes the state of [dst, dst+n) that of src's [soff, soff+n).
func (s *initSet) copyFrom(dst uint64, src *initSet, soff uint64, n int) {
	for _, r := range src.runs(soff, n) {
		if r.set {
			s.mark(dst+r.off-soff, int(r.n))
		} else {
			s.clear(dst+r.off-soff, int(r.n))
		}
	}
}
