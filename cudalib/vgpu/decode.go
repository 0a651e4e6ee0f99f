package vgpu

import (
	"errors"
	"fmt"
	"strings"

	"github.com/culab/culab/cudalib/ptx"
	"github.com/culab/culab/cudalib/vgpu/alu"
)

// vec is one register across the lanes of a warp (see package alu).
type vec = alu.Vec

// ctl says how the warp loop treats an instruction.
type ctl uint8

const (
	ctlExec ctl = iota // call exec, go on with the next instruction
	ctlBra
	ctlCall
	ctlRet
	ctlExit
	ctlBar // bar.sync and friends: wait for the block
)

// inst is one decoded instruction. Operands are rows of the function's
// register frame: registers, then a sink, scratch rows and broadcast
// immediates.
type inst struct {
	ctl      ctl
	guardNeg bool
	guard    int32 // predicate row; -1: none
	exec     func(w *warp, in *inst, m uint32)
	fn       alu.Fn
	fn4      alu.Fn4
	fnCC     alu.FnCC
	d, a     int32
	b, c, e  int32

	// Memory and vector operands.
	space   space
	size    uint8 // bytes per element
	nvec    uint8 // elements (v2, v4)
	signed  bool  // sign-extend loaded values; signed atomic min/max
	float   bool  // float atomic add
	uniform bool  // an atomic whose address ptxas can prove warp-uniform
	dbits   uint8 // width of the destination registers
	base    int32 // address register; -1: none
	off     uint64
	elems   [4]int32
	special special // mov from a special register; atom/shfl/vote flavour

	// Which operand rows an instruction writes (for register allocation):
	// d always; elems[:nvec] for ld and vector unpacking; e for the second
	// destination of shfl and match. Every other row is read.
	elemsDef, eDef bool

	target int32 // branch target
	reconv int32 // where the lanes of a divergent branch meet again
	// spin marks a backward branch whose loop holds an atomic exchange or
	// compare-and-swap: a spin lock, whose lanes may have to yield to
	// lanes of their warp waiting after the loop (see warp.spin).
	spin   bool
	lock   bool // atom.cas or atom.exch
	callee *function
	args   []paramCopy // call: caller slot -> callee parameter
	rets   []paramCopy // call: callee return -> caller slot

	src *ptx.Instr

	// id indexes the kernel's per-instruction counters (see counters.go);
	// aux marks a helper the decoder added (no instruction of the PTX, so
	// not counted as one); count, when set, tallies a memory access's
	// requests, sectors or wavefronts before exec runs.
	id    int32
	aux   bool
	count func(w *warp, in *inst, m uint32)
	// san, when not sanNone, is what a sanitized launch checks before
	// exec runs (sanitize_mem.go).
	san sanOp
	// pred, on a bra, lists the shared ld/st it jumps over that ptxas
	// predicates instead (see markPredicated in counters.go).
	pred *predRegion
}

// newInst returns an instruction with no operands (every row -1).
func newInst() inst {
	return inst{guard: -1, d: -1, a: -1, b: -1, c: -1, e: -1, base: -1}
}

// paramCopy copies a .param value between frames of local memory.
type paramCopy struct{ from, to, size uint64 }

// function is a decoded .entry or .func.
type function struct {
	name      string
	code      []inst
	nregs     int32   // register rows; rows after come from template
	readFirst []int32 // register rows some path reads before writing: zeroed at entry
	template  []vec   // rows [nregs, rows): immediates and scratch
	localSize uint64  // bytes of the local frame: .local vars, then .param slots
	localVars uint64  // bytes of .local variables
	params    []uint64
	paramSize []uint64
	returns   []uint64
	retSize   []uint64
	polls     bool // it waits in a loop on a flag another block sets (pollLoop)
	ordered   bool // its outputs can depend on the order its global atomics land (orderedAtomics)
}

func (f *function) rows() int { return int(f.nregs) + len(f.template) }

// space is a state space of a memory access.
type space uint8

const (
	spGeneric space = iota
	spGlobal
	spShared
	spLocal
	spParam // a kernel's parameters (read-only)
	spFrame // local memory relative to the current frame: .local variables and .param slots named directly
)

var spaceNames = [...]string{"generic", "global", "shared", "local", "param", "local"}

func (s space) String() string { return spaceNames[s] }

// kdec decodes one kernel and the functions it calls.
type kdec struct {
	m      *Module
	k      *Kernel
	byName map[string]*ptx.Func
	funcs  map[string]*function
	shared map[*ptx.Var]uint64
	dynOff uint64
}

func (m *Module) decodeKernel(f *ptx.Func) (*Kernel, error) {
	kd := &kdec{m: m, k: &Kernel{m: m, name: f.Name}, byName: map[string]*ptx.Func{},
		funcs: map[string]*function{}, shared: map[*ptx.Var]uint64{}}
	for _, g := range m.src.Funcs {
		if !g.Extern || kd.byName[g.Name] == nil {
			kd.byName[g.Name] = g
		}
	}
	for _, a := range m.src.Aliases {
		if t := kd.byName[a.Target]; t != nil {
			kd.byName[a.Name] = t
		}
	}
	kd.layoutShared(f)
	off := 0
	for _, p := range f.Params {
		n := varSize(p)
		off = alignUp(off, varAlign(p))
		kd.k.paramOffs = append(kd.k.paramOffs, off)
		kd.k.paramSizes = append(kd.k.paramSizes, n)
		off += n
	}
	kd.k.paramBytes = off
	fn, err := kd.function(f)
	if err != nil {
		return nil, err
	}
	kd.k.entry = fn
	kd.numberInsts()
	return kd.k, nil
}

// reachable returns f and the functions it calls, transitively.
func (kd *kdec) reachable(f *ptx.Func) []*ptx.Func {
	seen := map[*ptx.Func]bool{f: true}
	out := []*ptx.Func{f}
	for i := 0; i < len(out); i++ {
		for _, in := range out[i].Body {
			if in.Op != "call" {
				continue
			}
			for _, o := range in.Operands {
				if o.Kind == ptx.Symbol {
					if g := kd.byName[o.Name]; g != nil && !seen[g] {
						seen[g] = true
						out = append(out, g)
					}
				}
			}
		}
	}
	return out
}

// layoutShared places the static shared variables the kernel uses, in
// declaration order with their alignment, then the dynamic (extern) ones
// at the end, aligned.
func (kd *kdec) layoutShared(entry *ptx.Func) {
	funcs := kd.reachable(entry)
	used := map[string]bool{}
	for _, f := range funcs {
		for _, in := range f.Body {
			for _, o := range in.Operands {
				markSymbols(o, used)
			}
		}
	}
	off, dynAlign := 0, 16
	place := func(v *ptx.Var) {
		if v.Space != ptx.Shared {
			return
		}
		if v.Extern {
			dynAlign = max(dynAlign, varAlign(v))
			return
		}
		off = alignUp(off, varAlign(v))
		kd.shared[v] = uint64(off)
		off += varSize(v)
	}
	for _, v := range kd.m.src.Vars {
		if used[v.Name] {
			place(v)
		}
	}
	for _, f := range funcs {
		for _, v := range f.Vars {
			place(v)
		}
	}
	kd.k.static = off
	kd.k.dynAlign = dynAlign
	kd.dynOff = uint64(alignUp(off, dynAlign))
}

func markSymbols(o ptx.Operand, used map[string]bool) {
	switch o.Kind {
	case ptx.Symbol, ptx.Addr:
		used[o.Name] = true
	case ptx.Vec, ptx.List, ptx.Pair:
		for _, e := range o.Elems {
			markSymbols(e, used)
		}
	}
}

// fdec decodes one function.
type fdec struct {
	kd     *kdec
	f      *ptx.Func
	fn     *function
	regs   map[regKey]int32
	bits   []uint8 // width of each register row
	extra  []vec   // rows after the registers
	consts map[uint64]int32
	sink   int32
	carry  int32               // the carry flag's row; -1 until an instruction uses it
	local  map[*ptx.Var]uint64 // .local variables and .param slots
	cur    *ptx.Instr
	vary   map[string]bool // registers ptxas cannot prove warp-uniform
}

type regKey struct {
	scope int
	name  string
}

func (kd *kdec) function(f *ptx.Func) (*function, error) {
	if fn := kd.funcs[f.Name]; fn != nil {
		return fn, nil
	}
	fn := &function{name: f.Name}
	kd.funcs[f.Name] = fn // before decoding, for recursion
	d := &fdec{kd: kd, f: f, fn: fn, regs: map[regKey]int32{}, consts: map[uint64]int32{}, local: map[*ptx.Var]uint64{}, carry: -1,
		vary: varyingRegs(f)}
	d.declare()
	if f.Entry {
		kd.k.prov, kd.k.provSrc = provenance(f, kd.m.vars)
	}
	if err := d.body(); err != nil {
		return nil, err
	}
	return fn, nil
}

// declare numbers the registers and lays out the local frame.
func (d *fdec) declare() {
	for _, r := range d.f.Regs {
		w := uint8(64)
		if r.Type == "pred" {
			w = 1
		} else if s := typeSize(r.Type); s > 0 && s < 8 {
			w = uint8(8 * s)
		}
		if r.Count == 0 {
			d.regs[regKey{r.Scope, r.Prefix}] = int32(len(d.bits))
			d.bits = append(d.bits, w)
			continue
		}
		for i := 0; i < r.Count; i++ {
			d.regs[regKey{r.Scope, fmt.Sprintf("%s%d", r.Prefix, i)}] = int32(len(d.bits))
			d.bits = append(d.bits, w)
		}
	}
	d.fn.nregs = int32(len(d.bits))
	d.sink = d.scratch()
	d.kd.k.registers = max(d.kd.k.registers, int(d.fn.nregs))

	var off uint64
	slot := func(v *ptx.Var) uint64 {
		off = uint64(alignUp(int(off), varAlign(v)))
		d.local[v] = off
		off += uint64(varSize(v))
		return d.local[v]
	}
	for _, v := range d.f.Vars {
		if v.Space == ptx.Local {
			slot(v)
		}
	}
	d.fn.localVars = off
	if !d.f.Entry {
		for _, v := range d.f.Params {
			d.fn.params = append(d.fn.params, slot(v))
			d.fn.paramSize = append(d.fn.paramSize, uint64(varSize(v)))
		}
		for _, v := range d.f.Returns {
			d.fn.returns = append(d.fn.returns, slot(v))
			d.fn.retSize = append(d.fn.retSize, uint64(varSize(v)))
		}
	}
	for _, v := range d.f.Vars {
		if v.Space == ptx.Param {
			slot(v)
		}
	}
	d.fn.localSize = uint64(alignUp(int(off), 16))
}

// scratch adds a row after the registers.
func (d *fdec) scratch() int32 {
	d.extra = append(d.extra, vec{})
	return d.fn.nregs + int32(len(d.extra)) - 1
}

// imm returns the row holding x in every lane.
func (d *fdec) imm(x uint64) int32 {
	if r, ok := d.consts[x]; ok {
		return r
	}
	r := d.scratch()
	for i := range d.extra[len(d.extra)-1] {
		d.extra[len(d.extra)-1][i] = x
	}
	d.consts[x] = r
	return r
}

// unsupported builds the error for the instruction being decoded.
func (d *fdec) unsupported(why string, args ...any) error {
	in := d.cur
	op := in.Op
	if len(in.Mods) > 0 {
		op += "." + strings.Join(in.Mods, ".")
	}
	return &UnsupportedError{Instr: in.Text, Op: op, File: d.kd.m.src.Files[in.Loc.File], Line: in.Loc.Line,
		PTXLine: in.Line, Why: fmt.Sprintf(why, args...)}
}

// reg resolves a register name as seen from the current instruction's scope.
func (d *fdec) reg(name string) (int32, bool) {
	if r, ok := d.regs[regKey{d.cur.Scope, name}]; ok {
		return r, true
	}
	r, ok := d.regs[regKey{0, name}]
	return r, ok
}

// lookupVar resolves a variable name from the current instruction's scope.
func (d *fdec) lookupVar(name string) *ptx.Var {
	var outer *ptx.Var
	for _, v := range d.f.Vars {
		if v.Name == name {
			if v.Scope == d.cur.Scope {
				return v
			}
			if outer == nil || v.Scope == 0 {
				outer = v
			}
		}
	}
	if outer != nil {
		return outer
	}
	for _, v := range d.f.Params {
		if v.Name == name {
			return v
		}
	}
	for _, v := range d.f.Returns {
		if v.Name == name {
			return v
		}
	}
	for _, v := range d.kd.m.src.Vars {
		if v.Name == name {
			return v
		}
	}
	return nil
}

// mainType is the instruction's operand type: its last type modifier.
func mainType(mods []string) string {
	for i := len(mods) - 1; i >= 0; i-- {
		if typeSize(mods[i]) > 0 {
			return mods[i]
		}
	}
	return ""
}

func hasMod(mods []string, m string) bool {
	for _, x := range mods {
		if x == m {
			return true
		}
	}
	return false
}

// body decodes the instructions, then the branch targets and reconvergence
// points, and appends the implicit ret at the end.
func (d *fdec) body() error {
	f := d.f
	start := make([]int32, len(f.Body)+1)
	var code []inst
	var fixups []int // instructions whose target is an original index
	serial, dependent := serialLoads(f), dependentLoads(f)
	for i, in := range f.Body {
		start[i] = int32(len(code))
		d.cur = in
		pre, ins, post, err := d.decode(in)
		if err != nil {
			return err
		}
		guard := int32(-1)
		if in.Guard != "" {
			g, ok := d.reg(in.Guard)
			if !ok {
				return d.unsupported("unknown guard predicate %s", in.Guard)
			}
			guard = g
		}
		for _, p := range pre {
			p.guard, p.guardNeg, p.src, p.aux = guard, in.GuardNeg, in, true
			code = append(code, p)
		}
		ins.guard, ins.guardNeg, ins.src = guard, in.GuardNeg, in
		ins.count = accessCounter(in)
		ins.count = mechCounter(in, &ins, i, d.vary, serial, dependent)
		ins.san = sanitizerOp(in, &ins)
		if ins.ctl == ctlBra {
			fixups = append(fixups, len(code))
		}
		code = append(code, ins)
		for _, p := range post {
			p.guard, p.guardNeg, p.src, p.aux = guard, in.GuardNeg, in, true
			code = append(code, p)
		}
	}
	start[len(f.Body)] = int32(len(code))
	end := &ptx.Instr{Op: "ret", Text: "ret; // end of " + f.Name, Line: f.Line}
	if n := len(f.Body); n > 0 {
		end.Loc = f.Body[n-1].Loc
		end.Line = f.Body[n-1].Line
	}
	ret := newInst()
	ret.ctl, ret.src, ret.aux = ctlRet, end, true
	code = append(code, ret)
	for _, i := range fixups {
		code[i].target = start[code[i].target]
		for j := code[i].target; int(j) < i; j++ {
			if code[j].lock {
				code[i].spin = true
			}
		}
	}
	computeReconvergence(code)
	d.fn.nregs, d.fn.readFirst = allocateRows(code, d.fn.nregs)
	d.fn.code = code
	d.fn.polls = pollLoop(f)
	d.fn.ordered = orderedAtomics(f)
	d.fn.template = d.extra
	return nil
}

// decode turns one PTX instruction into the decoded instruction, with
// helper instructions to run before it (materialising a negated predicate
// or a special register) and after it (setp's second destination).
func (d *fdec) decode(in *ptx.Instr) (pre []inst, out inst, post []inst, err error) {
	out = newInst()
	switch in.Op {
	case "mov":
		err = d.decodeMov(in, &out, &pre)
	case "cvta":
		err = d.decodeCvta(in, &out, &pre)
	case "ld", "ldu":
		err = d.decodeLdSt(in, &out, true)
	case "st":
		err = d.decodeLdSt(in, &out, false)
	case "atom", "red":
		err = d.decodeAtom(in, &out, &pre)
	case "bar", "barrier":
		err = d.decodeBar(in, &out, &pre)
	case "membar", "fence", "brkpt", "nanosleep", "prefetch", "prefetchu", "pmevent", "griddepcontrol",
		"discard", "applypriority", "setmaxnreg":
		out.exec = execNop
	case "createpolicy":
		// A cache policy only steers caches: any value will do.
		if len(in.Operands) < 1 {
			return nil, out, nil, d.unsupported("createpolicy needs a destination")
		}
		out.d, err = d.dst(in.Operands[0])
		out.a = d.imm(0)
		out.exec = execMov
	case "cp":
		if !hasMod(in.Mods, "async") {
			return nil, out, nil, d.unsupported("cp other than cp.async")
		}
		err = d.decodeCpAsync(in, &out, &pre)
	case "isspacep":
		err = d.decodeIsspacep(in, &out, &pre)
	case "shfl":
		err = d.decodeShfl(in, &out, &pre)
	case "vote":
		err = d.decodeVote(in, &out, &pre)
	case "activemask":
		if len(in.Operands) != 1 {
			return nil, out, nil, d.unsupported("activemask takes one operand")
		}
		out.d, err = d.dst(in.Operands[0])
		out.exec = execActivemask
	case "match":
		err = d.decodeMatch(in, &out, &pre)
	case "elect":
		err = d.decodeElect(in, &out)
	case "redux":
		err = d.decodeRedux(in, &out, &pre)
	case "bra":
		if len(in.Operands) != 1 || in.Operands[0].Kind != ptx.Symbol {
			return nil, out, nil, d.unsupported("bra needs a label")
		}
		t, ok := d.f.Labels[in.Operands[0].Name]
		if !ok {
			return nil, out, nil, d.unsupported("unknown label %s", in.Operands[0].Name)
		}
		out.ctl, out.target = ctlBra, int32(t)
	case "call":
		err = d.decodeCall(in, &out)
	case "ret":
		out.ctl = ctlRet
	case "exit":
		out.ctl = ctlExit
	case "trap":
		out.exec = execTrap
	default:
		err = d.decodeALU(in, &out, &pre, &post)
	}
	return pre, out, post, err
}

// dst resolves a destination register ("_" is the sink).
func (d *fdec) dst(o ptx.Operand) (int32, error) {
	if o.Kind != ptx.Reg {
		return -1, d.unsupported("destination %s is not a register", operandString(o))
	}
	if o.Name == "_" {
		return d.sink, nil
	}
	r, ok := d.reg(o.Name)
	if !ok {
		return -1, d.unsupported("unknown register %s", o.Name)
	}
	return r, nil
}

// src resolves a source operand of type typ to a row, adding helper
// instructions to pre where the value must be computed at run time.
func (d *fdec) src(o ptx.Operand, typ string, pre *[]inst) (int32, error) {
	switch o.Kind {
	case ptx.Reg:
		if o.Name == "_" {
			return d.sink, nil
		}
		r, ok := d.reg(o.Name)
		if !ok {
			sp, ok := specialReg(o.Name)
			if !ok {
				return -1, d.unsupported("unknown register %s", o.Name)
			}
			r = d.scratch()
			mv := newInst()
			mv.exec, mv.d, mv.special = execMovSpecial, r, sp
			*pre = append(*pre, mv)
		}
		if o.Not {
			n := d.scratch()
			inv := newInst()
			inv.exec, inv.d, inv.a = execNotPred, n, r
			*pre = append(*pre, inv)
			r = n
		}
		return r, nil
	case ptx.Int:
		return d.imm(uint64(o.Int)), nil
	case ptx.Float:
		return d.imm(floatBits(o, typ)), nil
	case ptx.Symbol:
		v := d.lookupVar(o.Name)
		if v == nil {
			return -1, d.unsupported("unknown symbol %s", o.Name)
		}
		sp, addr, err := d.varAddr(v)
		if err != nil {
			return -1, err
		}
		addr += uint64(o.Int)
		if sp == spLocal || sp == spFrame {
			r := d.scratch()
			mv := newInst()
			mv.exec, mv.d, mv.off = execMovLocal, r, addr
			*pre = append(*pre, mv)
			return r, nil
		}
		return d.imm(addr), nil
	}
	return -1, d.unsupported("operand %s not allowed here", operandString(o))
}

// varAddr returns the space and address of a variable in its own space
// (local and frame addresses are relative to the frame).
func (d *fdec) varAddr(v *ptx.Var) (space, uint64, error) {
	switch v.Space {
	case ptx.Global, ptx.Const:
		a := d.kd.m.vars[v.Name]
		if a == nil {
			return 0, 0, d.unsupported("variable %s has no storage (extern?)", v.Name)
		}
		return spGlobal, a.addr, nil
	case ptx.Shared:
		if v.Extern {
			return spShared, d.kd.dynOff, nil
		}
		return spShared, d.kd.shared[v], nil
	case ptx.Local:
		return spLocal, d.local[v], nil
	case ptx.Param:
		if d.f.Entry && d.isParam(v) {
			for i, p := range d.f.Params {
				if p == v {
					return spParam, uint64(d.kd.k.paramOffs[i]), nil
				}
			}
		}
		off, ok := d.local[v]
		if !ok {
			return 0, 0, d.unsupported("parameter %s has no slot", v.Name)
		}
		return spFrame, off, nil
	}
	return 0, 0, d.unsupported("variable %s in space %s", v.Name, v.Space)
}

func (d *fdec) isParam(v *ptx.Var) bool {
	for _, p := range d.f.Params {
		if p == v {
			return true
		}
	}
	return false
}

func operandString(o ptx.Operand) string {
	switch o.Kind {
	case ptx.Reg, ptx.Symbol:
		return o.Name
	case ptx.Int:
		return fmt.Sprint(o.Int)
	case ptx.Float:
		return fmt.Sprintf("0x%x", o.Bits)
	case ptx.Addr:
		return fmt.Sprintf("[%s+%d]", o.Name, o.Int)
	}
	return fmt.Sprintf("operand kind %d", o.Kind)
}

// decodeALU looks the instruction up in package alu.
func (d *fdec) decodeALU(in *ptx.Instr, out *inst, pre, post *[]inst) error {
	k, err := alu.Lookup(in.Op, in.Mods)
	if err != nil {
		var why string
		if errors.Is(err, alu.ErrNotImplemented) {
			why = "not implemented by the virtual GPU"
		} else {
			why = err.Error()
		}
		return d.unsupported("%s", why)
	}
	srcs := k.Srcs
	if k.Fn4 != nil {
		srcs = 4
	}
	if len(in.Operands) != 1+srcs {
		return d.unsupported("%d operands, want %d", len(in.Operands), 1+srcs)
	}
	typ := mainType(in.Mods)
	dop := in.Operands[0]
	var second int32 = -1
	if dop.Kind == ptx.Pair && len(dop.Elems) == 2 {
		if in.Op != "setp" || hasMod(in.Mods, "and") || hasMod(in.Mods, "or") || hasMod(in.Mods, "xor") {
			// q of "setp.cmp.bop p|q" is (!cmp) bop c, not !p.
			return d.unsupported("two destinations")
		}
		if second, err = d.dst(dop.Elems[1]); err != nil {
			return err
		}
		dop = dop.Elems[0]
	}
	if out.d, err = d.dst(dop); err != nil {
		return err
	}
	rows := []*int32{&out.a, &out.b, &out.c, &out.e}
	for i := 0; i < srcs; i++ {
		if *rows[i], err = d.src(in.Operands[1+i], typ, pre); err != nil {
			return err
		}
	}
	out.fn, out.fn4, out.fnCC = k.Fn, k.Fn4, k.FnCC
	switch {
	case k.FnCC != nil:
		// The condition code's carry flag: one row per function, as PTX
		// does not keep it across calls.
		if d.carry < 0 {
			d.carry = d.scratch()
		}
		out.e = d.carry
		out.exec = execALUCC
		return nil
	}
	switch srcs {
	case 1:
		out.exec = execALU1
	case 2:
		out.exec = execALU2
	case 3:
		out.exec = execALU3
	case 4:
		out.exec = execALU4
	default:
		return d.unsupported("%d source operands", srcs)
	}
	if second >= 0 {
		// setp's "p|q": q is the complement of p.
		inv := newInst()
		inv.exec, inv.d, inv.a = execNotPred, second, out.d
		*post = append(*post, inv)
	}
	return nil
}
