package interp

import "reflect"

// culab patch 129: compare-and-swap of a value of a cell type with
// methods. Patch 119 gives such a value to atomic.Value and sync.Map as
// the interpreter's wrapper (a valueInterface), so that it comes back with
// its methods; but each wrapper of a struct value holds its own copy, and
// the compiled == of two wrappers of equal values is false:
// v.CompareAndSwap(config{"x", 1}, config{"y", 2}) was false where Go
// swaps. The old value is now compared as Go compares it, with the value
// held (the wrapped values' types and values), and, when they are equal,
// the call is made with the held wrapper itself as the old value.

// casOldArg returns, for n a call of atomic.Value's CompareAndSwap or
// sync.Map's CompareAndSwap or CompareAndDelete, the index of the old
// value's argument and whether the method takes a key first.
func casOldArg(n *node) (int, bool, bool) {
	c0 := n.child[0]
	if c0.kind != selectorExpr || len(c0.child) < 2 || c0.child[0].typ == nil {
		return 0, false, false
	}
	recv, name := c0.child[0].typ, c0.child[1].ident
	rt := binRecvType(recv)
	if rt == nil {
		return 0, false, false
	}
	switch {
	case rt.PkgPath() == "sync/atomic" && rt.Name() == "Value" && name == "CompareAndSwap":
		return 0, false, true
	case rt.PkgPath() == "sync" && rt.Name() == "Map" && (name == "CompareAndSwap" || name == "CompareAndDelete"):
		return 1, true, true
	}
	return 0, false, false
}

// simpleOperand reports whether n can be evaluated twice without effects:
// a variable, a field, a dereference of one.
func simpleOperand(n *node) bool {
	switch n.kind {
	case identExpr:
		return true
	case selectorExpr:
		return len(n.child) == 2 && simpleOperand(n.child[0])
	case starExpr, parenExpr:
		return len(n.child) == 1 && simpleOperand(n.child[0])
	}
	return false
}

// casGuard returns value, the function of n, wrapped as patch 129 says,
// where n is a compare-and-swap call whose old value may be a cell value
// with methods.
func casGuard(n *node, value func(*frame) reflect.Value) func(*frame) reflect.Value {
	old, keyed, ok := casOldArg(n)
	if !ok || old+1 >= len(n.child) {
		return value
	}
	if t := n.child[old+1].typ; t == nil || t.cat == valueT && !isInterface(t) {
		return value // a compiled value: == as it is
	}
	recvNode := n.child[0].child[0]
	if !simpleOperand(recvNode) {
		return value
	}
	recv := genValue(recvNode)
	fixed := ""
	if keyed {
		if st := n.child[1].typ; st != nil && !isInterface(st) && keyTypeKnown(st) {
			fixed = st.id()
		}
	}
	in := n.interp
	return func(f *frame) reflect.Value {
		fn := value(f)
		if !fn.IsValid() || fn.Kind() != reflect.Func || fn.Type().IsVariadic() || fn.Type().NumIn() <= old {
			return fn
		}
		r := recv(f)
		if r.Kind() != reflect.Ptr {
			if !r.CanAddr() {
				return fn
			}
			r = r.Addr()
		}
		if r.IsNil() {
			return fn
		}
		load := r.MethodByName("Load")
		if !load.IsValid() {
			return fn
		}
		return reflect.MakeFunc(fn.Type(), func(args []reflect.Value) []reflect.Value {
			var cur reflect.Value
			if keyed {
				k := args[0]
				if ck, ok := in.contextKey(k, fixed); ok {
					k = reflect.ValueOf(ck)
				}
				if k.Kind() != reflect.Interface {
					w := reflect.New(load.Type().In(0)).Elem()
					w.Set(k)
					k = w
				}
				res := load.Call([]reflect.Value{k})
				if !res[1].Bool() {
					return fn.Call(args)
				}
				cur = res[0]
			} else {
				cur = load.Call(nil)[0]
			}
			if cur.Kind() == reflect.Interface && !cur.IsNil() && cur.Elem().Type() == valueInterfaceType && sameHeldValue(cur, args[old]) {
				w := reflect.New(args[old].Type()).Elem()
				w.Set(cur)
				args[old] = w
			}
			return fn.Call(args)
		})
	}
}

// heldValue returns the value that v, an any as the interpreter passes it
// to compiled code, holds, with its interpreted type where v is a wrapper.
func heldValue(v reflect.Value) (reflect.Value, *itype) {
	var t *itype
	for v.IsValid() {
		switch {
		case v.Kind() == reflect.Interface:
			if v.IsNil() {
				return reflect.Value{}, nil
			}
			v = v.Elem()
		case v.Type() == valueInterfaceType:
			vi := v.Interface().(valueInterface)
			if vi.node != nil {
				t = vi.node.typ
			}
			v = vi.value
		default:
			return v, t
		}
	}
	return v, t
}

// sameHeldValue reports whether the values that a and b hold are of the
// same type and ==, where that can be told without a panic.
func sameHeldValue(a, b reflect.Value) bool {
	va, ta := heldValue(a)
	vb, tb := heldValue(b)
	if !va.IsValid() || !vb.IsValid() || va.Type() != vb.Type() || !va.Type().Comparable() {
		return false
	}
	if ta != nil && tb != nil && ta.id() != tb.id() {
		return false
	}
	if !va.CanInterface() || !vb.CanInterface() {
		return false
	}
	defer func() { _ = recover() }() // an interface field holding an uncomparable value
	return va.Interface() == vb.Interface()
}
