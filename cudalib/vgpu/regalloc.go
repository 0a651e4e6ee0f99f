package vgpu

import "math/bits"

// allocateRows packs the registers of a decoded function (rows [0, nregs))
// into as few rows as their lifetimes allow, and renumbers every operand;
// rows from nregs on (scratch rows, immediates) move down behind them. It
// returns the new number of register rows, and the rows of the registers
// that some path reads before writing: only those need zeros at entry for
// a run to be deterministic.
//
// PTX from NVRTC is in SSA-like form with a fresh virtual register for
// nearly every value: an unrolled kernel declares thousands, of which a
// few dozen are live at once. One row per declared register made frames
// of megabytes per warp for such kernels, and clearing and touching them
// dominated. Liveness is per thread (each lane follows its own path
// through the control-flow graph, and an instruction writes only the lanes
// that execute it), so two registers never live at the same instruction
// can share a row; a register's live range here is the interval from the
// first to the last instruction where it is live, read or written, which
// covers loops conservatively. A guarded write may leave some lanes'
// previous value, so it does not end a lifetime.
func allocateRows(code []inst, nregs int32) (rows int32, readFirst []int32) {
	if nregs == 0 {
		return 0, nil
	}
	n := len(code)
	words := (int(nregs) + 63) / 64
	uses := make([][]int32, n)
	defs := make([][]int32, n)
	for i := range code {
		uses[i], defs[i] = operandRows(&code[i], nregs)
	}
	// Backward liveness to a fixed point: live[i] is live-in of code[i].
	live := make([]uint64, n*words)
	out := make([]uint64, words)
	for changed := true; changed; {
		changed = false
		for i := n - 1; i >= 0; i-- {
			clear(out)
			for _, s := range successors(code, i) {
				for w, x := range live[s*words : (s+1)*words] {
					out[w] |= x
				}
			}
			for _, r := range defs[i] {
				out[r/64] &^= 1 << (r % 64)
			}
			for _, r := range uses[i] {
				out[r/64] |= 1 << (r % 64)
			}
			in := live[i*words : (i+1)*words]
			for w := range out {
				if in[w] != out[w] {
					copy(in, out)
					changed = true
					break
				}
			}
		}
	}
	lo := make([]int, nregs)
	hi := make([]int, nregs)
	for r := range lo {
		lo[r], hi[r] = n, -1
	}
	touch := func(r int32, i int) {
		lo[r], hi[r] = min(lo[r], i), max(hi[r], i)
	}
	for i := 0; i < n; i++ {
		for w, x := range live[i*words : (i+1)*words] {
			for ; x != 0; x &= x - 1 {
				touch(int32(w*64+bits.TrailingZeros64(x)), i)
			}
		}
		for _, r := range defs[i] {
			touch(r, i)
		}
		for _, r := range uses[i] {
			touch(r, i)
		}
	}
	// Interval colouring, sweeping the instructions: a row is free again
	// after the last instruction of its register (never at it, so no
	// instruction reads and writes one row for two registers).
	starts := make([][]int32, n+1)
	ends := make([][]int32, n+1)
	for r := int32(0); r < nregs; r++ {
		if lo[r] <= hi[r] {
			starts[lo[r]] = append(starts[lo[r]], r)
			ends[hi[r]+1] = append(ends[hi[r]+1], r)
		}
	}
	row := make([]int32, nregs)
	var free []int32
	var used int32
	for i := 0; i < n; i++ {
		for _, r := range ends[i] {
			free = append(free, row[r])
		}
		for _, r := range starts[i] {
			if k := len(free); k > 0 {
				row[r], free = free[k-1], free[:k-1]
			} else {
				row[r] = used
				used++
			}
		}
	}
	remap := func(v *int32) {
		switch {
		case *v < 0:
		case *v < nregs:
			*v = row[*v]
		default:
			*v = *v - nregs + used
		}
	}
	for i := range code {
		in := &code[i]
		for _, v := range []*int32{&in.guard, &in.d, &in.a, &in.b, &in.c, &in.e, &in.base} {
			remap(v)
		}
		for e := 0; e < int(in.nvec); e++ {
			remap(&in.elems[e])
		}
	}
	for w, x := range live[:words] {
		for ; x != 0; x &= x - 1 {
			readFirst = append(readFirst, row[w*64+bits.TrailingZeros64(x)])
		}
	}
	return used, readFirst
}

// operandRows lists the register rows (below nregs) an instruction reads
// and writes.
func operandRows(in *inst, nregs int32) (uses, defs []int32) {
	use := func(r int32) {
		if r >= 0 && r < nregs {
			uses = append(uses, r)
		}
	}
	def := func(r int32) {
		if r >= 0 && r < nregs {
			defs = append(defs, r)
			if in.guard >= 0 {
				uses = append(uses, r) // lanes whose guard fails keep the old value
			}
		}
	}
	use(in.guard)
	use(in.a)
	use(in.b)
	use(in.c)
	use(in.base)
	def(in.d)
	if in.eDef {
		def(in.e)
	} else {
		use(in.e)
	}
	for e := 0; e < int(in.nvec); e++ {
		if in.elemsDef {
			def(in.elems[e])
		} else {
			use(in.elems[e])
		}
	}
	return uses, defs
}

// successors are the instructions that may follow code[i] in a thread.
func successors(code []inst, i int) []int {
	in := &code[i]
	next := i + 1
	switch in.ctl {
	case ctlBra:
		if in.guard >= 0 && next < len(code) {
			return []int{int(in.target), next}
		}
		return []int{int(in.target)}
	case ctlRet, ctlExit:
		if in.guard >= 0 && next < len(code) {
			return []int{next}
		}
		return nil
	}
	if next < len(code) {
		return []int{next}
	}
	return nil
}
