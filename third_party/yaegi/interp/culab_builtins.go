package interp

// culab patch 4 (see PATCHES.md at the module's root): Go 1.21's builtins
// min, max and clear, which yaegi 0.16.1 lacks. They are declared in the
// universe scope (interp.go) like the other builtins; this file holds their
// type checking, result type, constant folding and execution.

import (
	"cmp"
	"go/constant"
	"go/token"
	"reflect"
)

// minMax type checks a call of min or max: one or more operands of one
// ordered type. Typed operands must have identical types, to which the
// untyped constants convert; if all are untyped constants, they take the
// kind that comes last of integer, rune and floating-point, as for the
// operands of a binary operator.
func (check typecheck) minMax(name string, n *node, child []*node, params []param) error {
	if len(params) != len(child) {
		return n.cfgErrorf("multiple-value %s in single-value context", child[0].child[0].typ.id())
	}
	var typ *itype
	for _, p := range params {
		t := p.Type()
		switch {
		case t.untyped:
		case typ == nil:
			typ = t
		case !t.equals(typ):
			return p.nod.cfgErrorf("invalid argument: mismatched types %s and %s in %s", typ.id(), t.id(), name)
		}
	}
	if typ == nil {
		typ = params[0].Type()
		for _, p := range params[1:] {
			t := p.Type()
			if isNumber(t.TypeOf()) != isNumber(typ.TypeOf()) || !isNumber(t.TypeOf()) && kindOf(t) != kindOf(typ) {
				return p.nod.cfgErrorf("invalid argument: mismatched types %s and %s in %s", typ.id(), t.id(), name)
			}
			if kindOf(t) > kindOf(typ) {
				typ = t
			}
		}
	}
	if rt := typ.TypeOf(); !isString(rt) && (!isNumber(rt) || isComplex(rt)) {
		return n.cfgErrorf("invalid argument: %s cannot be ordered (argument to %s)", typ.id(), name)
	}
	for _, p := range params {
		if err := check.convertUntyped(p.nod, typ); err != nil {
			return err
		}
	}
	return nil
}

// minMaxType returns the type of a call of min or max, as minMax makes it:
// that of the first typed operand, or else the last untyped kind.
func minMaxType(interp *Interpreter, sc *scope, n *node, seen []*node) (*itype, error) {
	var res *itype
	for _, c := range n.child[1:] {
		t, err := nodeType2(interp, sc, c, seen)
		if err != nil {
			return nil, err
		}
		if !t.untyped || t.incomplete {
			return t, nil
		}
		if res == nil || isNumber(t.TypeOf()) && kindOf(t) > kindOf(res) {
			res = t
		}
	}
	if res == nil {
		return &itype{cat: builtinT}, nil
	}
	return res, nil
}

// kindOf returns the kind of t's Go type, Invalid for none (untyped nil).
func kindOf(t *itype) reflect.Kind {
	if rt := t.TypeOf(); rt != nil {
		return rt.Kind()
	}
	return reflect.Invalid
}

func minConst(n *node) { minMaxConst(n, false) }
func maxConst(n *node) { minMaxConst(n, true) }

// minMaxConst folds a call of min or max whose operands are all constant.
// Untyped constants are compared exactly, as constant.Values; no NaN or
// negative zero is among them.
func minMaxConst(n *node, isMax bool) {
	args := n.child[1:]
	for _, c := range args {
		if !c.rval.IsValid() {
			return
		}
	}
	if n.typ.untyped {
		op := token.LSS
		if isMax {
			op = token.GTR
		}
		r := vConstantValue(args[0].rval)
		for _, c := range args[1:] {
			x := vConstantValue(c.rval)
			if r == nil || x == nil {
				return
			}
			if constant.Compare(x, op, r) {
				r = x
			}
		}
		if isFloat(n.typ.TypeOf()) {
			// max(1, 2.5) is an untyped float; so is max(3, 2.5).
			r = constant.ToFloat(r)
		}
		n.rval = reflect.ValueOf(r)
		n.gen = nop
		return
	}
	typ := n.typ.TypeOf()
	for _, c := range args {
		convertLiteralValue(c, typ)
	}
	v := reflect.New(typ).Elem()
	setMinMax(v, isMax, len(args), func(i int) reflect.Value { return args[i].rval })
	n.rval = v
	n.gen = nop
}

func _min(n *node) { genMinMax(n, false) }
func _max(n *node) { genMinMax(n, true) }

func genMinMax(n *node, isMax bool) {
	typ := n.typ.TypeOf()
	values := make([]func(*frame) reflect.Value, len(n.child)-1)
	for i, c := range n.child[1:] {
		convertLiteralValue(c, typ)
		values[i] = genValue(c)
	}
	dest := genValueOutput(n, typ)
	next := getExec(n.tnext)

	if wantEmptyInterface(n) {
		n.exec = func(f *frame) bltn {
			v := reflect.New(typ).Elem()
			setMinMax(v, isMax, len(values), func(i int) reflect.Value { return values[i](f) })
			dest(f).Set(v)
			return next
		}
		return
	}
	n.exec = func(f *frame) bltn {
		setMinMax(dest(f), isMax, len(values), func(i int) reflect.Value { return values[i](f) })
		return next
	}
}

// setMinMax sets v, of an ordered kind, to the least (or greatest) of the
// n values of that kind that arg returns.
func setMinMax(v reflect.Value, isMax bool, n int, arg func(int) reflect.Value) {
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(minMaxOf(isMax, n, func(i int) int64 { return arg(i).Int() }))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(minMaxOf(isMax, n, func(i int) uint64 { return arg(i).Uint() }))
	case reflect.Float32, reflect.Float64:
		// Go's own min and max give the spec's NaN and signed zero rules; a
		// float32 compared as a float64 converts back exactly.
		v.SetFloat(minMaxOf(isMax, n, func(i int) float64 { return arg(i).Float() }))
	case reflect.String:
		v.SetString(minMaxOf(isMax, n, func(i int) string { return arg(i).String() }))
	}
}

func minMaxOf[T cmp.Ordered](isMax bool, n int, arg func(int) T) T {
	r := arg(0)
	for i := 1; i < n; i++ {
		if isMax {
			r = max(r, arg(i))
		} else {
			r = min(r, arg(i))
		}
	}
	return r
}

// clear type checks a call of clear: its operand is a map or a slice.
func (check typecheck) clear(p param) error {
	switch kindOf(p.Type()) {
	case reflect.Map, reflect.Slice:
		return nil
	}
	return p.nod.cfgErrorf("invalid argument: cannot clear %s: argument must be a map or slice", p.Type().id())
}

// _clear deletes all the entries of a map, or sets all the elements of a
// slice to their zero value.
func _clear(n *node) {
	in := []func(*frame) reflect.Value{genValue(n.child[1])}
	genBuiltinDeferWrapper(n, in, nil, func(args []reflect.Value) []reflect.Value {
		args[0].Clear()
		return nil
	})
}
