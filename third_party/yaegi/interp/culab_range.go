package interp

// culab patch 12 (see PATCHES.md at the module's root): range over an
// integer and over a function (Go 1.22 and 1.23).

import (
	"reflect"
	"sync/atomic"
)

// rangeIntOrFunc declares the hidden frame slots of a range loop over
// an integer or a function and returns the types of its iteration
// variables. For a range over something else it returns ok false and
// declares nothing. r is the rangeStmt, with the key k, the value v (or
// nil) and the range expression o.
func (sc *scope) rangeIntOrFunc(r, k, v, o *node) (ktyp, vtyp *itype, ok bool, err error) {
	t := o.typ.underlying()
	rt := t.TypeOf()
	switch {
	case rt != nil && (isInt(rt) || isUint(rt)):
		if v != nil {
			return nil, nil, true, v.cfgErrorf("range over %s permits only one iteration variable", o.typ.id())
		}
		r.gen = rangeInt
		sc.add(sc.getType("int")) // the count
		sc.add(sc.getType("int")) // the next value
		ktyp = o.typ
		if ktyp.untyped {
			ktyp = sc.getType("int")
		}
		return ktyp, nil, true, nil
	case rt != nil && rt.Kind() == reflect.Func:
		yield := t.in(0)
		if t.numIn() != 1 || t.numOut() != 0 || yield == nil || yield.TypeOf().Kind() != reflect.Func ||
			yield.numOut() != 1 || yield.out(0).TypeOf().Kind() != reflect.Bool || yield.numIn() > 2 {
			return nil, nil, true, o.cfgErrorf("cannot range over %s: func must be func(yield func(...) bool): wrong signature", o.typ.id())
		}
		n := 0
		if k.ident != "_" || v != nil {
			n++
		}
		if v != nil {
			n++
		}
		if n > yield.numIn() {
			permits := "only one iteration variable"
			if yield.numIn() == 0 {
				permits = "no iteration variables"
			}
			return nil, nil, true, k.cfgErrorf("range over %s permits %s", o.typ.id(), permits)
		}
		r.gen = rangeFunc
		sc.add(valueTOf(reflect.TypeOf((*rangeFuncState)(nil))))
		ktyp = sc.getType("int") // the slot of an absent key
		if yield.numIn() > 0 {
			ktyp = yield.in(0)
		}
		if v != nil {
			vtyp = yield.in(1)
		}
		return ktyp, vtyp, true, nil
	}
	return nil, nil, false, nil
}

// iterationVar returns the frame slot of the range loop's iteration
// variable v: at each call a new variable if the loop's body may keep it
// past its iteration (culab patch 11).
func iterationVar(v, body *node) func(*frame) reflect.Value {
	i := v.findex
	if loopVarsEscape([]*symbol{v.sym}, body) {
		return func(f *frame) reflect.Value { return freshVar(f, i) }
	}
	return func(f *frame) reflect.Value { return f.data[i] }
}

// rangeInt runs "for i := range n", n of an integer type: n is evaluated
// once, i goes from 0 to n-1, and the body may change i without changing
// the next one.
func rangeInt(n *node) {
	k, o := n.child[0], n.child[1]
	count, next := k.findex-1, k.findex-2
	fnext, tnext := getExec(n.fnext), getExec(n.tnext)
	key := iterationVar(k, n.lastChild())
	value := genValue(o)
	unsigned := isUint(o.typ.TypeOf())
	n.exec = func(f *frame) bltn {
		i, c := f.data[next].Int(), f.data[count].Int()
		if unsigned && uint64(i) >= uint64(c) || !unsigned && i >= c {
			return fnext
		}
		f.data[next].SetInt(i + 1)
		if kv := key(f); unsigned {
			kv.SetUint(uint64(i))
		} else {
			kv.SetInt(i)
		}
		return tnext
	}
	loop := n.exec
	k.exec = func(f *frame) bltn {
		v := value(f)
		if unsigned {
			f.data[count].SetInt(int64(v.Uint()))
		} else {
			f.data[count].SetInt(v.Int())
		}
		f.data[next].SetInt(0)
		return loop
	}
}

// A rangeFuncState is the state of a range loop over a function while it
// runs, in a hidden slot of the frame: the body runs inside the yield
// function, and ends at a node that says how.
type rangeFuncState struct {
	exit     loopExit
	done     bool  // yield returned false: it must not be called again
	over     bool  // seq returned: yield must not be called
	returned bool  // the body ended without going to an exit node: a return statement
	jump     *node // the exit node of exitJump
}

type loopExit int

const (
	exitNone loopExit = iota
	exitContinue
	exitBreak
	exitJump // to the exit node's tnext
)

// rangeError is the panic of a range function that calls yield when it
// must not, a runtime.Error as in Go.
type rangeError string

func (e rangeError) Error() string { return "runtime error: " + string(e) }
func (rangeError) RuntimeError()   {}

const (
	errRangeContinued rangeError = "range function continued iteration after function for loop body returned false"
	errRangeExited    rangeError = "range function continued iteration after whole loop exit"
)

// rangeFunc runs "for k, v := range seq": seq is called with a yield
// function that sets k and v (new variables at each call), runs the body
// in the loop's frame, and returns true at its end or at a continue, false
// at a break or a return. A return then ends the function of the loop
// once seq has returned. A panic goes through seq as in Go.
func rangeFunc(n *node) {
	state := n.child[0].findex - 1
	var vars []*node
	o := n.child[len(n.child)-2]
	if k := n.child[0]; k.ident != "_" || len(n.child) == 4 {
		vars = append(vars, k)
	}
	if len(n.child) == 4 {
		vars = append(vars, n.child[1])
	}
	seq := genFunctionWrapper(o)
	fnext := getExec(n.fnext)
	body := getExec(n.tnext)
	interp := n.interp
	n.exec = func(f *frame) bltn {
		st := &rangeFuncState{}
		f.data[state] = reflect.ValueOf(st)
		fn := seq(f)
		yield := reflect.MakeFunc(fn.Type().In(0), func(in []reflect.Value) []reflect.Value {
			if st.over {
				panic(errRangeExited)
			}
			if st.done {
				panic(errRangeContinued)
			}
			for i, v := range vars {
				setArg(freshVar(f, v.findex), v.typ, in[i])
			}
			st.exit = exitNone
			for exec := body; exec != nil && f.runid() == interp.runid(); {
				exec = exec(f)
			}
			if st.exit == exitContinue {
				return []reflect.Value{reflect.ValueOf(true)}
			}
			st.returned = st.exit == exitNone
			st.done = true
			return []reflect.Value{reflect.ValueOf(false)}
		})
		fn.Call([]reflect.Value{yield})
		st.over = true
		switch {
		case st.returned:
			return nil
		case st.exit == exitJump:
			return st.jump.tnext.exec
		}
		return fnext
	}
	loop := n.exec
	n.child[0].exec = func(*frame) bltn { return loop }
}

// wireRangeFunc makes the body of the range loop over a function end at
// nodes that tell rangeFunc how it ended: its end and a continue go to
// the range node, a break to the loop or its label. A jump further out
// (a break or continue of an outer loop, a goto) goes to a node that
// says where: rangeFunc goes there once the function has returned. Such
// nodes are kept in the loop's exits: an outer loop over a function
// wires them as the statements of its body.
func wireRangeFunc(loop *node) {
	r := loop.child[0]
	if !isRangeFunc(r) {
		return
	}
	label := loop
	if loop.anc != nil && loop.anc.kind == labeledStmt {
		label = loop.anc
	}
	body := r.lastChild()
	state := r.child[0].findex - 1
	cont, brk := loopExitNode(r, state, exitContinue), loopExitNode(r, state, exitBreak)
	loop.exits = []*node{cont, brk}
	var inside []*node
	in := map[*node]bool{}
	body.Walk(func(m *node) bool {
		inside = append(inside, m)
		in[m] = true
		if m.kind == forRangeStmt {
			for _, j := range m.exits {
				inside = append(inside, j)
				in[j] = true
			}
		}
		return m.kind != funcLit
	}, nil)
	for _, m := range inside {
		for _, next := range []**node{&m.tnext, &m.fnext} {
			switch t := *next; {
			case t == nil || in[t]:
			case t == r:
				*next = cont
			case t == loop || t == label:
				*next = brk
			default:
				j := loopExitNode(r, state, exitJump)
				j.tnext = t
				loop.exits = append(loop.exits, j)
				*next = j
				if m.sym != nil && m.sym.kind == labelSym {
					// A goto to a label not yet compiled: the label
					// sets the target of its gotos in sym.from.
					j.sym = m.sym
					for i, g := range m.sym.from {
						if g == m {
							m.sym.from[i] = j
						}
					}
				}
			}
		}
	}
}

// isRangeFunc reports whether the rangeStmt r ranges over a function.
func isRangeFunc(r *node) bool {
	o := r.child[len(r.child)-2]
	if o.typ == nil {
		return false
	}
	t := o.typ.underlying().TypeOf()
	return t != nil && t.Kind() == reflect.Func
}

// loopExitNode makes a node that ends a run of the range loop r's body
// and records how in the loop's state.
func loopExitNode(r *node, state int, exit loopExit) *node {
	x := &node{
		anc: r, interp: r.interp, index: atomic.AddInt64(&r.interp.nindex, 1), pos: r.pos,
		kind: exprStmt, action: aNop, scope: r.scope,
	}
	x.start = x
	x.gen = func(x *node) {
		x.exec = func(f *frame) bltn {
			st := f.data[state].Interface().(*rangeFuncState)
			st.exit, st.jump = exit, x
			return nil
		}
	}
	return x
}

// setArg sets the variable d of type typ to the argument arg of a call
// from compiled code.
func setArg(d reflect.Value, typ *itype, arg reflect.Value) {
	switch {
	case isEmptyInterface(typ) || typ.TypeOf() == valueInterfaceType:
		d.Set(arg)
	case isInterfaceSrc(typ):
		d.Set(reflect.ValueOf(valueInterface{value: arg.Elem()}))
	default:
		d.Set(arg)
	}
}
