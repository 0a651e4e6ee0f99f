package vgpu

import (
	"math/bits"

	"github.com/culab/culab/cudalib/ptx"
)

// Barrier flavours (inst.special of a ctlBar instruction).
const (
	barSync special = iota + 1
	barPopc
	barAnd
	barOr
)

// decodeBar: bar.sync / barrier.sync{.aligned} a{, b} wait for the whole
// block: blocks run their warps one at a time, so a barrier id and a thread
// count change nothing. bar.red also reduces a predicate over the block.
// bar.arrive does not wait, and bar.warp.sync is a no-op because a warp
// always runs in lock-step here.
func (d *fdec) decodeBar(in *ptx.Instr, out *inst, pre *[]inst) error {
	mode := ""
	for _, m := range in.Mods {
		switch m {
		case "sync", "arrive", "red", "warp":
			if mode == "" {
				mode = m
			}
		case "cluster":
			return d.unsupported("cluster barriers")
		}
	}
	switch mode {
	case "warp", "arrive":
		out.exec = execNop
		return nil
	case "sync", "":
		out.ctl, out.special = ctlBar, barSync
		return nil
	}
	// bar.red.popc.u32 d, a{, b}, {!}c ; bar.red.and|or.pred p, a{, b}, {!}c
	switch {
	case hasMod(in.Mods, "popc"):
		out.special = barPopc
	case hasMod(in.Mods, "and"):
		out.special = barAnd
	case hasMod(in.Mods, "or"):
		out.special = barOr
	default:
		return d.unsupported("unknown barrier reduction")
	}
	ops := in.Operands
	if len(ops) < 3 || len(ops) > 4 {
		return d.unsupported("bar.red takes 3 or 4 operands")
	}
	var err error
	if out.d, err = d.dst(ops[0]); err != nil {
		return err
	}
	if out.c, err = d.src(ops[len(ops)-1], "pred", pre); err != nil {
		return err
	}
	out.ctl = ctlBar
	return nil
}

// decodeShfl: shfl.sync.mode.b32 d{|p}, a, b, c, membermask (also the
// pre-sync form without membermask).
func (d *fdec) decodeShfl(in *ptx.Instr, out *inst, pre *[]inst) error {
	switch {
	case hasMod(in.Mods, "up"):
		out.special = shflUp
	case hasMod(in.Mods, "down"):
		out.special = shflDown
	case hasMod(in.Mods, "bfly"):
		out.special = shflBfly
	case hasMod(in.Mods, "idx"):
		out.special = shflIdx
	default:
		return d.unsupported("unknown shfl mode")
	}
	ops := in.Operands
	if len(ops) != 4 && len(ops) != 5 {
		return d.unsupported("shfl takes 4 or 5 operands")
	}
	if err := d.pairDst(ops[0], out); err != nil {
		return err
	}
	var err error
	for i, r := range []*int32{&out.a, &out.b, &out.c} {
		if *r, err = d.src(ops[1+i], "b32", pre); err != nil {
			return err
		}
	}
	out.exec = execShfl
	return nil
}

// pairDst decodes "d" or "d|p" into out.d and out.e (-1 without p).
func (d *fdec) pairDst(o ptx.Operand, out *inst) error {
	var err error
	if o.Kind == ptx.Pair && len(o.Elems) == 2 {
		if out.e, err = d.dst(o.Elems[1]); err != nil {
			return err
		}
		out.eDef = true
		o = o.Elems[0]
	}
	out.d, err = d.dst(o)
	return err
}

const (
	shflUp special = iota + 1
	shflDown
	shflBfly
	shflIdx
)

// execShfl follows the PTX ISA's pseudo-code; a lane outside the segment
// or reading an inactive lane gets its own value and a false predicate.
func execShfl(w *warp, in *inst, m uint32) {
	f := w.frame
	a, bv, cv := &f[in.a], &f[in.b], &f[in.c]
	var res vec
	var ok uint32
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros32(mm)
		b, c := uint32(bv[l])&31, uint32(cv[l])
		seg := (c >> 8) & 31
		maxLane := uint32(l)&seg | c&31&^seg
		minLane := uint32(l) & seg
		var j uint32
		var p bool
		switch in.special {
		case shflUp:
			j = uint32(l) - b
			p = int32(j) >= int32(maxLane)
		case shflDown:
			j = uint32(l) + b
			p = j <= maxLane
		case shflBfly:
			j = uint32(l) ^ b
			p = j <= maxLane
		default:
			j = minLane | b&^seg
			p = j <= maxLane
		}
		if !p || m&(1<<j) == 0 {
			j = uint32(l)
		}
		res[l] = a[j]
		if p {
			ok |= 1 << l
		}
	}
	d := &f[in.d]
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros32(mm)
		d[l] = res[l]
		if in.e >= 0 {
			f[in.e][l] = uint64(ok >> l & 1)
		}
	}
}

const (
	voteAll special = iota + 1
	voteAny
	voteUni
	voteBallot
)

// decodeVote: vote{.sync}.mode.pred d, {!}a{, membermask} and
// vote{.sync}.ballot.b32 d, {!}a{, membermask}.
func (d *fdec) decodeVote(in *ptx.Instr, out *inst, pre *[]inst) error {
	switch {
	case hasMod(in.Mods, "all"):
		out.special = voteAll
	case hasMod(in.Mods, "any"):
		out.special = voteAny
	case hasMod(in.Mods, "uni"):
		out.special = voteUni
	case hasMod(in.Mods, "ballot"):
		out.special = voteBallot
	default:
		return d.unsupported("unknown vote mode")
	}
	ops := in.Operands
	if len(ops) != 2 && len(ops) != 3 {
		return d.unsupported("vote takes 2 or 3 operands")
	}
	var err error
	if out.d, err = d.dst(ops[0]); err != nil {
		return err
	}
	if out.a, err = d.src(ops[1], "pred", pre); err != nil {
		return err
	}
	if out.b, err = d.memberMask(ops, 2, pre); err != nil {
		return err
	}
	out.exec = execVote
	return nil
}

// memberMask decodes the member mask operand ops[i]; all lanes when the
// instruction has none (the forms before .sync).
func (d *fdec) memberMask(ops []ptx.Operand, i int, pre *[]inst) (int32, error) {
	if i >= len(ops) {
		return d.imm(0xffffffff), nil
	}
	return d.src(ops[i], "b32", pre)
}

// group is the lanes lane l computes a warp-wide result over: those of its
// member mask that execute the instruction. Lanes of one warp may name
// different groups (a tiled partition's tiles vote side by side).
func group(member *vec, l int, m uint32) uint32 { return uint32(member[l]) & m }

func execVote(w *warp, in *inst, m uint32) {
	f := w.frame
	p := predMask(&f[in.a], false) & m
	member, d := &f[in.b], &f[in.d]
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros32(mm)
		g := group(member, l, m)
		var v uint64
		switch in.special {
		case voteAll:
			v = b2u(p&g == g)
		case voteAny:
			v = b2u(p&g != 0)
		case voteUni:
			v = b2u(p&g == 0 || p&g == g)
		case voteBallot:
			v = uint64(p & g)
		}
		d[l] = v
	}
}

// decodeMatch: match.any.sync.b32 d, a, membermask and
// match.all.sync.b32 d{|p}, a, membermask (and .b64).
func (d *fdec) decodeMatch(in *ptx.Instr, out *inst, pre *[]inst) error {
	if len(in.Operands) != 3 {
		return d.unsupported("match takes 3 operands")
	}
	out.special = voteAny
	if hasMod(in.Mods, "all") {
		out.special = voteAll
	}
	if err := d.pairDst(in.Operands[0], out); err != nil {
		return err
	}
	var err error
	if out.a, err = d.src(in.Operands[1], mainType(in.Mods), pre); err != nil {
		return err
	}
	if out.b, err = d.memberMask(in.Operands, 2, pre); err != nil {
		return err
	}
	out.exec = execMatch
	return nil
}

func execMatch(w *warp, in *inst, m uint32) {
	f := w.frame
	a, member := &f[in.a], &f[in.b]
	var same [32]uint32 // lanes of l's group holding l's value
	var all [32]bool    // every lane of l's group holds one value
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros32(mm)
		g := group(member, l, m)
		for nn := g; nn != 0; nn &= nn - 1 {
			if k := bits.TrailingZeros32(nn); a[k] == a[l] {
				same[l] |= 1 << k
			}
		}
		all[l] = same[l] == g
	}
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros32(mm)
		v := uint64(same[l])
		if in.special == voteAll {
			v = 0
			if all[l] {
				v = uint64(group(member, l, m))
			}
		}
		f[in.d][l] = v
		if in.e >= 0 {
			f[in.e][l] = b2u(all[l])
		}
	}
}

// decodeRedux: redux.sync.op.type d, a, membermask.
func (d *fdec) decodeRedux(in *ptx.Instr, out *inst, pre *[]inst) error {
	for _, m := range in.Mods {
		if op, ok := atomOps[m]; ok && (op == atomAdd || op == atomMin || op == atomMax ||
			op == atomAnd || op == atomOr || op == atomXor) {
			out.special = op
		}
	}
	typ := mainType(in.Mods)
	if out.special == 0 || typeSize(typ) != 4 || typ[0] == 'f' || len(in.Operands) != 3 {
		return d.unsupported("unsupported redux")
	}
	out.signed = typ[0] == 's'
	var err error
	if out.d, err = d.dst(in.Operands[0]); err != nil {
		return err
	}
	if out.a, err = d.src(in.Operands[1], typ, pre); err != nil {
		return err
	}
	if out.b, err = d.memberMask(in.Operands, 2, pre); err != nil {
		return err
	}
	out.exec = execRedux
	return nil
}

func execRedux(w *warp, in *inst, m uint32) {
	f := w.frame
	a, member := &f[in.a], &f[in.b]
	var res vec
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros32(mm)
		g := group(member, l, m)
		first := true
		var acc uint32
		for nn := g; nn != 0; nn &= nn - 1 {
			x := uint32(a[bits.TrailingZeros32(nn)])
			if first {
				acc, first = x, false
				continue
			}
			switch in.special {
			case atomAdd:
				acc += x
			case atomAnd:
				acc &= x
			case atomOr:
				acc |= x
			case atomXor:
				acc ^= x
			case atomMin, atomMax:
				less := x < acc
				if in.signed {
					less = int32(x) < int32(acc)
				}
				if less == (in.special == atomMin) {
					acc = x
				}
			}
		}
		res[l] = uint64(acc)
	}
	d := &f[in.d]
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros32(mm)
		d[l] = res[l]
	}
}

// decodeCall: call{.uni} {(rets),} f{, (args)}; arguments and results
// travel through .param slots in the frames' local memory.
func (d *fdec) decodeCall(in *ptx.Instr, out *inst) error {
	var rets, args []ptx.Operand
	name := ""
	for _, o := range in.Operands {
		switch {
		case o.Kind == ptx.List && name == "":
			rets = o.Elems
		case o.Kind == ptx.List:
			args = o.Elems
		case o.Kind == ptx.Symbol && name == "":
			name = o.Name
		case o.Kind == ptx.Reg && name == "":
			return d.unsupported("indirect calls")
		}
	}
	g := d.kd.byName[name]
	if g == nil {
		return d.unsupported("call of unknown function %s", name)
	}
	if g.Extern || g.Body == nil {
		if ok, err := d.decodeBuiltin(name, args, rets, out); ok {
			return err
		}
		return d.unsupported("call of external function %s (of the device runtime, only printf and assert are supported)", name)
	}
	callee, err := d.kd.function(g)
	if err != nil {
		return err
	}
	if len(args) != len(callee.params) || len(rets) > len(callee.returns) {
		return d.unsupported("call of %s with %d arguments and %d results", name, len(args), len(rets))
	}
	slotOf := func(o ptx.Operand) (uint64, uint64, error) {
		v := d.lookupVar(o.Name)
		if o.Kind != ptx.Symbol || v == nil || v.Space != ptx.Param {
			return 0, 0, d.unsupported("call operand %s is not a .param variable", operandString(o))
		}
		off, ok := d.local[v]
		if !ok {
			return 0, 0, d.unsupported("call operand %s has no slot", o.Name)
		}
		return off, uint64(varSize(v)), nil
	}
	for i, a := range args {
		off, size, err := slotOf(a)
		if err != nil {
			return err
		}
		out.args = append(out.args, paramCopy{from: off, to: callee.params[i], size: min(size, callee.paramSize[i])})
	}
	for i, r := range rets {
		off, size, err := slotOf(r)
		if err != nil {
			return err
		}
		out.rets = append(out.rets, paramCopy{from: callee.returns[i], to: off, size: min(size, callee.retSize[i])})
	}
	out.ctl, out.callee = ctlCall, callee
	return nil
}

// decodeElect: elect.sync d|p, membermask elects the lowest active lane:
// d is its lane number in every lane, p is true in it alone.
func (d *fdec) decodeElect(in *ptx.Instr, out *inst) error {
	if len(in.Operands) != 2 {
		return d.unsupported("elect.sync takes two operands")
	}
	if err := d.pairDst(in.Operands[0], out); err != nil {
		return err
	}
	out.exec = execElect
	return nil
}

func execElect(w *warp, in *inst, m uint32) {
	leader := bits.TrailingZeros32(m)
	broadcast(&w.frame[in.d], uint64(leader), m)
	if in.e >= 0 {
		p := &w.frame[in.e]
		broadcast(p, 0, m)
		p[leader] = 1
	}
}
