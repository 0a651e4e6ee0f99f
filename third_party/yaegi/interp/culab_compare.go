package interp

import "reflect"

// culab patch 36: a value of an unnamed composite type compares with a
// value of a named type of the same underlying type (`anon == Point{1, 2}`),
// each being assignable to the other's type; the check of comparisons
// refused any two types of different names.

// unnamedIdentical reports whether one of t0 and t1 is an unnamed struct,
// array, pointer or channel type, and both have the same underlying type
// (their reflect types, which are the underlying types', are the same).
func unnamedIdentical(t0, t1 *itype) bool {
	unnamed := func(t *itype) bool {
		if t.name != "" {
			return false
		}
		switch t.cat {
		case structT, arrayT, ptrT, chanT, chanSendT, chanRecvT:
			return true
		}
		return false
	}
	return (unnamed(t0) || unnamed(t1)) && t0.TypeOf() == t1.TypeOf()
}

// culab patch 73: a bidirectional channel compares with a directional
// channel of the same element type (`send == bidir` with send of type
// chan<- int), the one being assignable to the other's type. The check of
// comparisons refused them ("mismatched types chan<- int and chan int"),
// and their reflect types differ, so the values are compared as channels.

// chanDirIdentical reports whether t0 and t1 are channel types, one of them
// bidirectional, at most one of them named, with identical element types.
func chanDirIdentical(t0, t1 *itype) bool {
	isChan := func(t *itype) bool {
		switch t.cat {
		case chanT, chanSendT, chanRecvT:
			return true
		}
		return false
	}
	if !isChan(t0) || !isChan(t1) || t0.cat != chanT && t1.cat != chanT {
		return false
	}
	if t0.name != "" && t1.name != "" {
		return false
	}
	return t0.val != nil && t1.val != nil && t0.val.TypeOf() == t1.val.TypeOf()
}

// chanEqual sets the exec of n, a comparison a == b (eq) or a != b, if its
// operands are channels of different directions (see chanDirIdentical):
// they are equal if they are the same channel.
func chanEqual(n *node, eq bool) bool {
	c0, c1 := n.child[0], n.child[1]
	if c0.typ == nil || c1.typ == nil || c0.typ.cat == c1.typ.cat || !chanDirIdentical(c0.typ, c1.typ) {
		return false
	}
	tnext, fnext := getExec(n.tnext), getExec(n.fnext)
	v0, v1 := genValue(c0), genValue(c1)
	dest := genValueOutput(n, boolType)
	n.exec = func(f *frame) bltn {
		r := (v0(f).Pointer() == v1(f).Pointer()) == eq
		dest(f).SetBool(r)
		if fnext != nil && !r {
			return fnext
		}
		return tnext
	}
	return true
}

// culab patch 87: == and != of a constant of a defined type (Exec == 4,
// Read|Exec == 5, Exec a constant of type Perm uint8): yaegi compared the
// constant's value as cfg left it, a constant.Value, with the other
// operand's (a uint8, or an int for an untyped constant), which differ,
// and said false.

// constNamedEqual sets the exec of n, a comparison == (eq) or != of
// operands of a defined basic type one of which is a constant, and
// reports whether it did: constants are converted to the operands' type.
func constNamedEqual(n *node, eq bool) bool {
	c0, c1 := n.child[0], n.child[1]
	if c0.typ == nil || c1.typ == nil || c0.typ.cat != linkedT && c1.typ.cat != linkedT {
		return false
	}
	if !isConstantRval(c0.rval) && !isConstantRval(c1.rval) {
		return false
	}
	t := c0.typ
	if t.untyped {
		t = c1.typ
	}
	if t.untyped || isInterface(t) || c0.isNil() || c1.isNil() {
		return false
	}
	rt := t.TypeOf()
	switch rt.Kind() {
	case reflect.Struct, reflect.Array, reflect.Interface, reflect.Func, reflect.Map, reflect.Slice, reflect.Ptr, reflect.Chan, reflect.UnsafePointer:
		return false
	}
	v0, v1 := genValueAs(c0, rt), genValueAs(c1, rt)
	tnext, fnext := getExec(n.tnext), getExec(n.fnext)
	dest := genValueOutput(n, boolType)
	n.exec = func(f *frame) bltn {
		r := (v0(f).Interface() == v1(f).Interface()) == eq
		dest(f).SetBool(r)
		if fnext != nil && !r {
			return fnext
		}
		return tnext
	}
	return true
}

// isConstantRval reports whether v is a go/constant value.
func isConstantRval(v reflect.Value) bool {
	return v.IsValid() && isConstantValue(v.Type())
}
