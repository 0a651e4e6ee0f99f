package interp

import (
	"errors"
	"reflect"
	"runtime"
)

// culab patch 27: errors of cell types in the errors package.
//
// A value of a cell type becomes a compiled error through a wrapper struct,
// whose methods call the interpreted ones. yaegi's wrapper for error has
// only Error, so errors.Is, errors.As and errors.Unwrap did not see a cell
// type's Unwrap, Is and As methods, and it lost the cell type. A value of a
// cell type is wrapped as an error by errorChain or errorTree (by its
// Unwrap's result), which have them all: a missing Is or As reports false
// and a missing Unwrap returns nil, which the errors package takes as no
// method. They keep the cell type, for type switches and assertions
// (dynamicOf) and errors.As.
//
// errors.As compares the dynamic type of each error of the chain with the
// target's element type through reflect, which knows no cell type (an error
// of a cell type held by a wrapper, a target of a cell interface type): a
// call with a target of a cell type runs errorsAs instead, which does what
// errors.As does with the interpreter's types.

type errorChain struct {
	IValue  any
	WError  func() string
	WUnwrap func() error
	WIs     func(error) bool
	WAs     func(any) bool
	typ     *node
}

func (w errorChain) Error() string { return w.WError() }

func (w errorChain) Unwrap() error {
	if w.WUnwrap == nil {
		return nil
	}
	return w.WUnwrap()
}

func (w errorChain) Is(target error) bool { return w.WIs != nil && w.WIs(target) }
func (w errorChain) As(target any) bool   { return w.WAs != nil && w.WAs(target) }

type errorTree struct {
	IValue  any
	WError  func() string
	WUnwrap func() []error
	WIs     func(error) bool
	WAs     func(any) bool
	typ     *node
}

func (w errorTree) Error() string         { return w.WError() }
func (w errorTree) Unwrap() []error       { return w.WUnwrap() }
func (w errorTree) Is(target error) bool  { return w.WIs != nil && w.WIs(target) }
func (w errorTree) As(target any) bool    { return w.WAs != nil && w.WAs(target) }
func (w errorTree) wrapped() (any, *node) { return w.IValue, w.typ }

func (w errorChain) wrapped() (any, *node) { return w.IValue, w.typ }

var (
	errorsType    = reflect.TypeOf([]error(nil))
	stringType    = reflect.TypeOf("")
	boolType      = reflect.TypeOf(false)
	anyType       = reflect.TypeOf((*any)(nil)).Elem()
	errorsAsValue = reflect.ValueOf(errors.As)
	errorsIsValue = reflect.ValueOf(errors.Is)
)

// wrappedNode returns the cell type's node that a wrapper of this file
// keeps, or nil.
func wrappedNode(v reflect.Value) *node {
	if w, ok := v.Interface().(interface{ wrapped() (any, *node) }); ok {
		_, n := w.wrapped()
		return n
	}
	return nil
}

// methodOf returns the interpreted method name of n's type if its
// signature is func(in...) out..., else nil.
func methodOf(n *node, name string, in, out []reflect.Type) (*node, []int) {
	m, index := n.typ.lookupMethod(name)
	if m == nil || m.typ == nil || m.typ.cat != funcT {
		return nil, nil
	}
	t := m.typ
	if len(t.arg) != len(in) || len(t.ret) != len(out) {
		return nil, nil
	}
	for i, a := range t.arg {
		if a.TypeOf() != in[i] {
			return nil, nil
		}
	}
	for i, r := range t.ret {
		if r.TypeOf() != out[i] {
			return nil, nil
		}
	}
	return m, index
}

// errorWrapper returns what wraps a value of n's type as an error, or nil
// if the type has no Error method.
func errorWrapper(n *node) func(*frame, reflect.Value) reflect.Value {
	if n.typ == nil || isInterface(n.typ) || n.typ.cat == valueT {
		return nil
	}
	errMethod, errIndex := methodOf(n, "Error", nil, []reflect.Type{stringType})
	if errMethod == nil {
		return nil
	}
	unwrap1, unwrap1Index := methodOf(n, "Unwrap", nil, []reflect.Type{errorType})
	unwrapN, unwrapNIndex := methodOf(n, "Unwrap", nil, []reflect.Type{errorsType})
	is, isIndex := methodOf(n, "Is", []reflect.Type{errorType}, []reflect.Type{boolType})
	as, asIndex := methodOf(n, "As", []reflect.Type{anyType}, []reflect.Type{boolType})
	// bind returns the method m of the receiver v as a compiled func.
	bind := func(f *frame, m *node, index []int, v reflect.Value) any {
		if m == nil {
			return nil
		}
		nod := *m
		nod.recv = &receiver{nil, v, index, false}
		return genFunctionWrapper(&nod)(f).Interface()
	}
	return func(f *frame, v reflect.Value) reflect.Value {
		rv := valueInterfaceValue(v)
		errf := bind(f, errMethod, errIndex, rv).(func() string)
		isf, _ := bind(f, is, isIndex, rv).(func(error) bool)
		asf, _ := bind(f, as, asIndex, rv).(func(any) bool)
		if unwrapN != nil {
			return reflect.ValueOf(errorTree{rv.Interface(), errf, bind(f, unwrapN, unwrapNIndex, rv).(func() []error), isf, asf, n})
		}
		unwrapf, _ := bind(f, unwrap1, unwrap1Index, rv).(func() error)
		return reflect.ValueOf(errorChain{rv.Interface(), errf, unwrapf, isf, asf, n})
	}
}

// binFuncValue returns what gives the function that a call of the compiled
// function c0 calls: c0's value, or the interpreter's errors.As for a
// target of a cell type, or its errors.Is.
func binFuncValue(n *node, value func(*frame) reflect.Value) func(*frame) reflect.Value {
	c0 := n.child[0]
	if !c0.rval.IsValid() || c0.rval.Kind() != reflect.Func || len(n.child) != 3 {
		return value
	}
	if c0.rval.Pointer() == errorsIsValue.Pointer() {
		is := reflect.ValueOf(errorsIs)
		return func(*frame) reflect.Value { return is }
	}
	if c0.rval.Pointer() != errorsAsValue.Pointer() {
		return value
	}
	target := n.child[2].typ
	if target == nil || target.cat != ptrT || target.val == nil || target.val.cat == valueT {
		return value
	}
	elem := target.val
	return func(f *frame) reflect.Value {
		return reflect.ValueOf(func(err error, target any) bool { return errorsAs(f, err, target, elem) })
	}
}

// errorsAs is errors.As for a target whose element type is t, a cell type.
func errorsAs(f *frame, err error, target any, t *itype) bool {
	if target == nil {
		panic("errors: target cannot be nil")
	}
	tv := reflect.ValueOf(target)
	if tv.Kind() != reflect.Ptr || tv.IsNil() {
		panic("errors: target must be a non-nil pointer")
	}
	if !isInterface(t) {
		if _, ok := t.methods()["Error"]; !ok {
			panic("errors: *target must be interface or implement error")
		}
	}
	return errorsAsChain(f, err, tv, t)
}

func errorsAsChain(f *frame, err error, tv reflect.Value, t *itype) bool {
	for err != nil {
		d := dynamicOf(reflect.ValueOf(&err).Elem())
		if d.is(t) {
			tv.Elem().Set(d.as(f, t))
			return true
		}
		if x, ok := err.(interface{ As(any) bool }); ok && x.As(tv.Interface()) {
			return true
		}
		switch x := err.(type) {
		case interface{ Unwrap() error }:
			err = x.Unwrap()
		case interface{ Unwrap() []error }:
			for _, e := range x.Unwrap() {
				if errorsAsChain(f, e, tv, t) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
	return false
}

// interfaceWrapper returns what makes a value of n's type, v, a value of the
// compiled interface type typ: structWrapper's, or for error errorWrapper's.
func interfaceWrapper(n *node, typ reflect.Type) func(*frame, reflect.Value) reflect.Value {
	plain := structWrapper(n, typ)
	if typ != errorType {
		return plain
	}
	static := errorWrapper(n)
	return func(f *frame, v reflect.Value) reflect.Value {
		switch {
		case v.Kind() == reflect.Interface && v.IsNil(), n.typ.cat == nilT:
			return reflect.New(typ).Elem()
		case static != nil:
			return static(f, v)
		}
		if vi, ok := v.Interface().(valueInterface); ok && vi.node != nil {
			if w := errorWrapper(vi.node); w != nil {
				return w(f, vi.value)
			}
		}
		return plain(f, v)
	}
}

// panicValue returns what gives the value of a panic call's argument: a
// value of a cell type that implements error panics as the error that
// wraps it, so that recover gives an error (a bare value of a cell type
// had no methods for Go, nor its type for a type switch).
func panicValue(arg *node) func(*frame) reflect.Value {
	value := genValue(arg)
	if t := arg.typ; t != nil && !isInterface(t) && !isBin(t) && errorWrapper(arg) != nil {
		value = genInterfaceWrapper(arg, errorType)
	} else if t != nil && !isInterface(t) && !isBin(t) && len(t.methods()) > 0 {
		// culab patch 70: a value of a cell type with methods (a
		// Stringer) goes into the panic's any as into any other any,
		// with its type: recover gave the bare value, which fmt printed
		// by its fields and r.(fmt.Stringer) did not match.
		value = genValueInterface(arg)
	}
	// panic(nil), or of a nil interface, panics with a *runtime.PanicNilError
	// since Go 1.21: recover returned nil, as for no panic.
	return func(f *frame) reflect.Value {
		v := value(f)
		if d := dynamicOf(v); !d.v.IsValid() {
			return reflect.ValueOf(new(runtime.PanicNilError))
		}
		return v
	}
}

// interfaceEqual sets the exec of n, a comparison a == b (eq) or a != b, if
// an operand has an interface type, and reports whether it did. Go compares
// an interface value with another or with a value by dynamic type and
// value; the interpreter compared its representations, and a value of a
// cell type held by a compiled interface is a wrapper struct (that Go
// cannot compare: a run-time panic), so error(p) == p was false.
func interfaceEqual(n *node, eq bool) bool {
	c0, c1 := n.child[0], n.child[1]
	if c0.typ == nil || c1.typ == nil || !isInterface(c0.typ) && !isInterface(c1.typ) {
		return false
	}
	tnext, fnext := getExec(n.tnext), getExec(n.fnext)
	v0, v1 := genValue(c0), genValue(c1)
	dest := genValueOutput(n, boolType)
	n.exec = func(f *frame) bltn {
		r := caseEqual(n.interp, v0(f), v1(f), c0.typ, c1.typ) == eq
		dest(f).SetBool(r)
		if fnext != nil && !r {
			return fnext
		}
		return tnext
	}
	return true
}

// errorsIs is errors.Is with Go's comparison of interface values (see
// interfaceEqual): a target of a cell type was never equal.
func errorsIs(err, target error) bool {
	if err == nil || target == nil {
		return err == target
	}
	tv := reflect.ValueOf(&target).Elem()
	return errorsIsChain(err, target, tv, dynamicOf(tv).v.Type().Comparable())
}

func errorsIsChain(err, target error, tv reflect.Value, comparable bool) bool {
	for err != nil {
		if comparable && caseEqual(nil, reflect.ValueOf(&err).Elem(), tv, nil, nil) {
			return true
		}
		if x, ok := err.(interface{ Is(error) bool }); ok && x.Is(target) {
			return true
		}
		switch x := err.(type) {
		case interface{ Unwrap() error }:
			err = x.Unwrap()
		case interface{ Unwrap() []error }:
			for _, e := range x.Unwrap() {
				if errorsIsChain(e, target, tv, comparable) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
	return false
}
