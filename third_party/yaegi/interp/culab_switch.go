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
// val does in Go.
func caseEqual(tag, val reflect.Value) bool {
	if tag.Type() == val.Type() && tag.Kind() != reflect.Interface && tag.Type() != valueInterfaceType {
		return tag.Interface() == val.Interface()
	}
	isIface := func(v reflect.Value) bool {
		return v.Kind() == reflect.Interface || v.Type() == valueInterfaceType || isWrapperStruct(v.Type())
	}
	if !isIface(tag) && !isIface(val) {
		// An untyped constant of another representation than the tag's.
		if !val.Type().ConvertibleTo(tag.Type()) {
			return false
		}
		return tag.Interface() == val.Convert(tag.Type()).Interface()
	}
	a, b := dynamicOf(tag), dynamicOf(val)
	if !a.v.IsValid() || !b.v.IsValid() {
		return a.v.IsValid() == b.v.IsValid()
	}
	if at, bt := a.typ(), b.typ(); at != nil && bt != nil {
		if at.id() != bt.id() {
			return false
		}
	} else if a.v.Type() != b.v.Type() {
		return false
	}
	return a.v.Interface() == b.v.Interface()
}
