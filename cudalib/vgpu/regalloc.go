package vgpu

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
	ops := newOperandLists(code, nregs)
	preds := newPredecessors(code)
	lo := make([]int, nregs)
	hi := make([]int, nregs)
	for r := range lo {
		lo[r], hi[r] = n, -1
	}
	touch := func(r int32, i int) {
		lo[r], hi[r] = min(lo[r], i), max(hi[r], i)
	}
	for i := 0; i < n; i++ {
		for _, r := range ops.defs(i) {
			touch(r, i)
		}
		for _, r := range ops.uses(i) {
			touch(r, i)
		}
	}
	// Liveness, one register at a time: a register is live into every
	// instruction from which a path reaches a read of it without passing
	// a write that replaces it. Walking back from its reads over the
	// predecessors visits each such instruction once, so the work and the
	// memory follow the size of the code and of the live ranges, never
	// instructions times registers (a table of those took gigabytes for a
	// kernel of a few hundred thousand instructions).
	mark := make([]int32, n) // r+1 where register r's walk has been
	var stack []int32
	for r := int32(0); r < nregs; r++ {
		stack = append(stack, ops.readers(r)...)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if mark[i] == r+1 {
				continue
			}
			mark[i] = r + 1
			touch(r, int(i))
			for _, p := range preds.of(i) {
				if mark[p] != r+1 && !ops.replaces(int(p), r) {
					stack = append(stack, p)
				}
			}
		}
		if mark[0] == r+1 {
			readFirst = append(readFirst, r) // renumbered below
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
	for k, r := range readFirst {
		readFirst[k] = row[r]
	}
	return used, readFirst
}

// operandLists are the register rows (below nregs) each instruction reads
// and writes, and the instructions that read each register, in flat
// arrays (a slice per instruction cost more than the rows themselves).
type operandLists struct {
	useAt, defAt []int32 // instruction i: use[useAt[i]:useAt[i+1]]
	use, def     []int32
	readAt       []int32 // register r: reader[readAt[r]:readAt[r+1]]
	reader       []int32
}

func newOperandLists(code []inst, nregs int32) *operandLists {
	o := &operandLists{useAt: make([]int32, 1, len(code)+1), defAt: make([]int32, 1, len(code)+1)}
	for i := range code {
		o.use, o.def = appendOperandRows(&code[i], nregs, o.use, o.def)
		o.useAt = append(o.useAt, int32(len(o.use)))
		o.defAt = append(o.defAt, int32(len(o.def)))
	}
	// Readers by register: counted, then placed.
	o.readAt = make([]int32, nregs+1)
	for _, r := range o.use {
		o.readAt[r+1]++
	}
	for r := int32(0); r < nregs; r++ {
		o.readAt[r+1] += o.readAt[r]
	}
	o.reader = make([]int32, len(o.use))
	next := append([]int32(nil), o.readAt[:nregs]...)
	for i := range code {
		for _, r := range o.uses(i) {
			o.reader[next[r]] = int32(i)
			next[r]++
		}
	}
	return o
}

func (o *operandLists) uses(i int) []int32      { return o.use[o.useAt[i]:o.useAt[i+1]] }
func (o *operandLists) defs(i int) []int32      { return o.def[o.defAt[i]:o.defAt[i+1]] }
func (o *operandLists) readers(r int32) []int32 { return o.reader[o.readAt[r]:o.readAt[r+1]] }

// replaces reports whether instruction i writes register r in every lane
// that runs it, so that r is not live before it (unless i reads r).
func (o *operandLists) replaces(i int, r int32) bool {
	for _, d := range o.defs(i) {
		if d == r {
			for _, u := range o.uses(i) {
				if u == r {
					return false
				}
			}
			return true
		}
	}
	return false
}

// predecessors are the instructions that may run just before each one,
// in flat arrays: instruction i's are pred[at[i]:at[i+1]].
type predecessors struct{ at, pred []int32 }

func newPredecessors(code []inst) predecessors {
	p := predecessors{at: make([]int32, len(code)+1)}
	for i := range code {
		for _, s := range successors(code, i) {
			p.at[s+1]++
		}
	}
	for i := range code {
		p.at[i+1] += p.at[i]
	}
	p.pred = make([]int32, p.at[len(code)])
	next := append([]int32(nil), p.at[:len(code)]...)
	for i := range code {
		for _, s := range successors(code, i) {
			p.pred[next[s]] = int32(i)
			next[s]++
		}
	}
	return p
}

func (p predecessors) of(i int32) []int32 { return p.pred[p.at[i]:p.at[i+1]] }

// appendOperandRows appends the register rows (below nregs) an
// instruction reads and writes to uses and defs.
func appendOperandRows(in *inst, nregs int32, uses, defs []int32) ([]int32, []int32) {
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
