package interp

import (
	"reflect"
	"sync"
)

// culab patch 132: a value of a cell interface type given to a compiled
// function for a parameter of a compiled interface type with methods
// (type RC interface{ io.Reader; Close() error }; io.ReadAll(rc)) was
// passed as its dynamic value's reflect value, which has none of the
// methods: the call panicked "reflect: Call using *struct {...} as type
// io.Reader". The dynamic value is now made a value of the parameter's
// type when the call runs, as a value of its type given there statically
// is (a compiled value as it is, a cell value through the interpreter's
// wrapper); a nil interface is the parameter's nil.

// genIfaceArgAsBin returns the generator of the value of n, of a cell
// interface type, as a value of the compiled interface type typ.
func genIfaceArgAsBin(n *node, typ reflect.Type) func(*frame) reflect.Value {
	value := genValue(n)
	var wrappers sync.Map // *node → func(*frame, reflect.Value) reflect.Value
	return func(f *frame) reflect.Value {
		return ifaceAsBin(f, value(f), typ, &wrappers)
	}
}

// ifaceAsBin is v, the value of an interface of the cell's, as a value of
// the compiled interface type typ.
func ifaceAsBin(f *frame, v reflect.Value, typ reflect.Type, wrappers *sync.Map) reflect.Value {
	var nd *node
	for v.IsValid() {
		if v.Kind() == reflect.Interface {
			if v.IsNil() {
				break
			}
			v = v.Elem()
			continue
		}
		vi, ok := v.Interface().(valueInterface)
		if !ok {
			break
		}
		if vi.node != nil {
			nd = vi.node
		}
		v = vi.value
	}
	if !v.IsValid() || v.Kind() == reflect.Interface || nd == nil || nd.typ == nil || nd.typ.cat == nilT {
		return reflect.Zero(typ)
	}
	if v.Type().Implements(typ) {
		return v
	}
	if nd.typ.cat == valueT || isInterface(nd.typ) {
		return v // not made by the cell: let the call say what is wrong
	}
	w, ok := wrappers.Load(nd)
	if !ok {
		w, _ = wrappers.LoadOrStore(nd, interfaceWrapper(nd, typ))
	}
	return w.(func(*frame, reflect.Value) reflect.Value)(f, v)
}
