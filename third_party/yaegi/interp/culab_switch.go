package interp

import "reflect"

// culab patch 23: an expression switch evaluates the expressions of a case
// one after the other, up to the first equal to the tag, and compares with
// Go's ==, interface operands by dynamic type and value.

// chainCaseExprs wires the clause c of an expression switch, when it has
// several expressions, as one test per expression: the first's value is
// compared with the tag, then, if it differs, the second is evaluated, and
// so on. yaegi evaluated only the first expression before the clause's test,
// which then read the results of calls that never ran.
func chainCaseExprs(c *node) {
	exprs := c.child[:len(c.child)-1]
	if len(exprs) < 2 {
		return
	}
	body := c.lastChild()
	next := c.fnext
	for i := len(exprs) - 1; i >= 0; i-- {
		test := *c
		test.child = []*node{exprs[i], body}
		test.fnext = next
		exprs[i].tnext = &test
		next = exprs[i].start
	}
	c.start = exprs[0].start
}

// caseEqual reports whether a switch's tag equals a case's value, as tag ==
// val does in Go; ttag and tval are their static types (nil if unknown).
func caseEqual(in *Interpreter, tag, val reflect.Value, ttag, tval *itype) bool {
	if tag.Type() == val.Type() && tag.Kind() != reflect.Interface && tag.Type() != valueInterfaceType {
		return tag.Interface() == val.Interface()
	}
	isIface := func(v reflect.Value) bool {
		return v.Kind() == reflect.Interface || v.Type() == valueInterfaceType || isWrapperStruct(v.Type())
	}
	if tval != nil && tval.cat == nilT && tag.IsValid() && !isIface(tag) {
		// culab patch 86: case nil of a switch on a func, map, pointer,
		// slice or channel (the case's nil is an interface's zero).
		switch tag.Kind() {
		case reflect.Func, reflect.Map, reflect.Ptr, reflect.Slice, reflect.Chan, reflect.UnsafePointer:
			return tag.IsNil()
		}
	}
	if !isIface(tag) && !isIface(val) {
		// An untyped constant of another representation than the tag's.
		if !val.Type().ConvertibleTo(tag.Type()) {
			return false
		}
		return tag.Interface() == val.Convert(tag.Type()).Interface()
	}
	a, b := dynamicIn(in, tag), dynamicIn(in, val) // culab patch 84
	if !a.v.IsValid() || !b.v.IsValid() {
		return a.v.IsValid() == b.v.IsValid()
	}
	at, bt := a.typ(), b.typ()
	if at == nil {
		at = cellType(ttag, isIface(tag))
	}
	if bt == nil {
		bt = cellType(tval, isIface(val))
	}
	switch {
	case at != nil && bt != nil:
		if at.id() != bt.id() {
			return false
		}
	case at != nil && !b.bin.IsValid(), bt != nil && !a.bin.IsValid():
		// A cell type with methods, and a value of another type (not a
		// value that a compiled interface's wrapper holds, whose type is
		// known by its reflect type only).
		return false
	case a.v.Type() != b.v.Type():
		return false
	}
	if !a.v.Type().Comparable() {
		panic(uncomparable(in, a.v.Type(), at))
	}
	return a.v.Interface() == b.v.Interface()
}

// uncomparable is Go's run-time error for == on interfaces holding values
// of the uncomparable type rt, of the cell type t where known (culab patch
// 153): the runtime's own named the reflect type of a cell struct,
// struct { Xf []int "json:\"-\" xml:\"-\"" }, where Go names main.s.
func uncomparable(in *Interpreter, rt reflect.Type, t *itype) error {
	if t == nil {
		t = in.cellTypeOf(rt)
	}
	name := rt.String()
	if t != nil {
		name = goTypeName(t)
	}
	return runtimeError("comparing uncomparable type " + name)
}

// cellType returns t if it is the static type of a value that the
// interpreter holds with its type in an interface (a type with methods,
// not compiled), else nil; iface says whether the value is an interface
// value: one that is not has its static type (patch 84's types, noted in
// an any, are known then).
func cellType(t *itype, iface bool) *itype {
	if t == nil || isInterface(t) || isBin(t) || t.untyped {
		return nil
	}
	if len(t.methods()) == 0 && (iface || !needsTypeNote(t)) {
		return nil
	}
	return t
}

// culab patch 59: a default clause that is not the last one of a switch.
// yaegi wants the default clause last, to chain the other clauses' tests
// and end on it, and swapped it with the last clause: the cases after the
// default were then tested out of their order (a later case could win over
// an earlier one that also matched), and a fallthrough went to the clause
// that followed in the swapped order, not in the source.

// moveDefaultLast moves the default clause of the switch n to the end, the
// other clauses keeping their order, after it has noted, on each clause
// body ending in a fallthrough statement, the clause that follows in the
// source (see fallthroughTarget).
func moveDefaultLast(n *node) {
	c := n.lastChild().child
	for i, cl := range c {
		if len(cl.child) == 0 {
			continue
		}
		if body := cl.lastChild(); len(body.child) > 0 && body.lastChild().kind == fallthroughtStmt {
			if i+1 < len(c) {
				body.lastChild().val = c[i+1]
			} else {
				body.lastChild().val = nil
			}
		}
	}
	i, l := getDefault(n), len(c)-1
	if i < 0 || i == l {
		return
	}
	d := c[i]
	copy(c[i:], c[i+1:])
	c[l] = d
}

// fallthroughTarget returns the clause that the case body ends by falling
// through to, in the order of the source, or nil if it does not end in a
// fallthrough statement (or falls through from the last clause, which Go
// refuses).
func fallthroughTarget(body *node) *node {
	if len(body.child) == 0 || body.lastChild().kind != fallthroughtStmt {
		return nil
	}
	next, _ := body.lastChild().val.(*node)
	return next
}

// culab patch 85: a select statement is what an unlabeled break in one of
// its cases ends, and a case whose last statement is a break, continue,
// goto or return keeps that statement's target.

// isBranchStmt reports whether n is a statement that goes elsewhere than
// to the next one.
func isBranchStmt(n *node) bool {
	switch n.kind {
	case breakStmt, continueStmt, gotoStmt, returnStmt:
		return true
	}
	return false
}
