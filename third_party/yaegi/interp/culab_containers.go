package interp

import "reflect"

// culab patch 119: a value of a cell type with methods given to a
// compiled container as an any (container/list's PushBack, sync.Map's
// Store, sync.Pool's Put) reached it as its reflect value, which has no
// methods: read back, e.Value.(Shape) failed and a type switch took the
// default case (a list of shapes summed to 0), and fmt printed its fields
// instead of its String, silent wrong answers. These calls now pass such a
// value as the interpreter's wrapper, as an any of the cell holds it, so
// that it comes back with its type. Not done: atomic.Value (its Store
// checks that the values' types agree, and CompareAndSwap compares them
// with ==, which the wrapper defeats), and sync.Map's CompareAndSwap and
// CompareAndDelete, which compare the values stored with ==: they fail
// for a value stored wrapped.

// storedValueArgs are the compiled methods that keep a value for the cell
// to read back, with the position of that argument.
var storedValueArgs = map[string]int{
	"container/list.List.PushBack":     0,
	"container/list.List.PushFront":    0,
	"container/list.List.InsertBefore": 0,
	"container/list.List.InsertAfter":  0,
	"sync.Map.Store":                   1,
	"sync.Map.LoadOrStore":             1,
	"sync.Map.Swap":                    1,
	"sync.Pool.Put":                    0,
}

// storedValueArg is the argument of n, a call of a compiled method, whose
// value its receiver keeps, where it is of a cell type with methods.
func storedValueArg(n *node) (int, *node, bool) {
	c0 := n.child[0]
	if c0.kind != selectorExpr || len(c0.child) < 2 || c0.child[0].typ == nil {
		return 0, nil, false
	}
	recv := c0.child[0].typ
	if recv.cat != valueT || recv.rtype == nil {
		return 0, nil, false
	}
	t := recv.rtype
	if t.Kind() == reflect.Ptr {
		t = t.Elem()
	}
	arg, ok := storedValueArgs[t.PkgPath()+"."+t.Name()+"."+c0.child[1].ident]
	if !ok || arg+1 >= len(n.child) {
		return 0, nil, false
	}
	c := n.child[arg+1]
	if vt := c.typ; vt == nil || vt.cat == valueT || isInterface(vt) || !hasMethods(vt) {
		return 0, nil, false
	}
	return arg, c, true
}

// storedValueGuard returns value, the function of n, wrapped so that the
// value that it keeps is given as the interpreter's wrapper (see above).
func storedValueGuard(n *node, value func(*frame) reflect.Value) func(*frame) reflect.Value {
	arg, c, ok := storedValueArg(n)
	if !ok {
		return value
	}
	return func(f *frame) reflect.Value {
		fn := value(f)
		if !fn.IsValid() || fn.Kind() != reflect.Func || fn.Type().IsVariadic() || fn.Type().NumIn() <= arg {
			return fn
		}
		return reflect.MakeFunc(fn.Type(), func(args []reflect.Value) []reflect.Value {
			args[arg] = wrapCellArg(c, args[arg])
			return fn.Call(args)
		})
	}
}

// wrapCellArg is v, an argument of a compiled function of type any,
// holding the value of c, of a cell type with methods, as the
// interpreter's wrapper, as a cell's any holds it.
func wrapCellArg(c *node, v reflect.Value) reflect.Value {
	if v.Kind() != reflect.Interface || v.IsNil() || v.Elem().Type() == valueInterfaceType {
		return v
	}
	w := reflect.New(v.Type()).Elem()
	w.Set(reflect.ValueOf(valueInterface{c, v.Elem()}))
	return w
}
