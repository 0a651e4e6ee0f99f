package vgpu

import "math/bits"

// A warp's bank wavefronts depend on its lanes' addresses only through
// their pattern: the addresses less the first active lane's, and that
// lane's address mod 4. Moved by a multiple of 4 bytes, a pattern's words
// move alike and its banks rotate, so each bank holds as many distinct
// words as before. A loop reads its next tile with the pattern of the
// last (a tiled matmul's A and B rows, each half-warp its own), so each
// memory instruction keeps its last pattern and wavefronts, and a warp
// whose pattern matches takes them without a look at the banks.

// wavefrontMemo is an instruction's last pattern and its wavefronts.
type wavefrontMemo struct {
	mask      uint32
	align     uint8 // the first active lane's address mod 4
	space     space // a generic access's space may change
	valid     bool
	rel       vec // lanes' addresses less the first active lane's
	wf, ideal int64
}

// memo returns instruction in's memo, made on first need.
func (wk *worker) memo(in *inst) *wavefrontMemo {
	if wk.memos == nil {
		wk.memos = make([]wavefrontMemo, len(wk.st.k.insts))
	}
	return &wk.memos[in.id]
}

// matches reports whether the lanes m of base+off have the memo's pattern.
func (e *wavefrontMemo) matches(base *vec, off uint64, m uint32, sp space) bool {
	b0 := base[bits.TrailingZeros32(m)]
	if !e.valid || e.mask != m || e.space != sp || uint8((b0+off)&3) != e.align {
		return false
	}
	if m == 1<<32-1 {
		for l := range base {
			if base[l]-b0 != e.rel[l] {
				return false
			}
		}
		return true
	}
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros32(mm)
		if base[l]-b0 != e.rel[l] {
			return false
		}
	}
	return true
}

// keep makes the lanes m of base+off, with wavefronts wf and ideal, the
// memo's pattern.
func (e *wavefrontMemo) keep(base *vec, off uint64, m uint32, sp space, wf, ideal int64) {
	b0 := base[bits.TrailingZeros32(m)]
	e.mask, e.align, e.space, e.valid, e.wf, e.ideal = m, uint8((b0+off)&3), sp, true, wf, ideal
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros32(mm)
		e.rel[l] = base[l] - b0
	}
}

// sharedWavefrontsOf is sharedWavefronts through the instruction's memo.
func (w *warp) sharedWavefrontsOf(in *inst, base *vec, m uint32, size int, load bool) (wf, ideal int64) {
	if m == 0 {
		return 0, 0
	}
	e := w.wk.memo(in)
	if e.matches(base, in.off, m, spShared) {
		return e.wf, e.ideal
	}
	wf, ideal = sharedWavefronts(base, in.off, m, size, load)
	e.keep(base, in.off, m, spShared, wf, ideal)
	return wf, ideal
}

// globalWavefrontsOf is a global load's phaseWavefronts through the
// instruction's memo.
func (w *warp) globalWavefrontsOf(in *inst, base *vec, m uint32, size int) int64 {
	e := w.wk.memo(in)
	if e.matches(base, in.off, m, spGlobal) {
		return e.wf
	}
	wf := int64(phaseWavefronts(base, in.off, m, max(size/4, 1)))
	e.keep(base, in.off, m, spGlobal, wf, 0)
	return wf
}
