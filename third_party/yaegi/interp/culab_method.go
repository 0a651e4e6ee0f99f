package interp

// culab patch 8 (see PATCHES.md at the module's root): method expressions
// of compiled types, and of interpreted types used as values.

import "reflect"

// binMethodExpr makes n, a selector on a compiled type (T.M, (*T).M,
// I.M), the method expression: the method's function, with the receiver
// as its first argument. It reports whether n is one. yaegi took the
// selector for a method value bound to a zero receiver ("reflect: Method
// index out of range", or the type without its receiver argument).
func binMethodExpr(sc *scope, n *node) (bool, error) {
	base := n.typ
	if base.cat == ptrT {
		base = base.val
	}
	if base.cat != valueT && base.cat != errorT || !n.child[0].isType(sc) {
		return false, nil
	}
	rt, name := n.typ.TypeOf(), n.child[1].ident
	m, ok := rt.MethodByName(name)
	if !ok {
		if _, onPtr := reflect.PointerTo(rt).MethodByName(name); onPtr && rt.Kind() != reflect.Pointer {
			return true, n.cfgErrorf("invalid method expression %s.%s (needs pointer receiver (*%s).%s)", rt, name, rt, name)
		}
		return true, n.cfgErrorf("%s.%s undefined (type %s has no method %s)", rt, name, rt, name)
	}
	fn := m.Func
	if rt.Kind() == reflect.Interface {
		// An interface's method has no function: call it on the receiver.
		in := []reflect.Type{rt}
		for i := range m.Type.NumIn() {
			in = append(in, m.Type.In(i))
		}
		out := make([]reflect.Type, m.Type.NumOut())
		for i := range out {
			out[i] = m.Type.Out(i)
		}
		variadic := m.Type.IsVariadic()
		fn = reflect.MakeFunc(reflect.FuncOf(in, out, variadic), func(args []reflect.Value) []reflect.Value {
			if variadic {
				return args[0].MethodByName(name).CallSlice(args[1:])
			}
			return args[0].MethodByName(name).Call(args[1:])
		})
	}
	n.typ = valueTOf(fn.Type())
	n.rval = fn
	n.action = aGetSym
	n.gen = nop
	n.findex = notInFrame
	return true, nil
}

// methodExprDef returns the method of n when n is a method expression of
// an interpreted type (T.M, (*T).M): a selector with the method's
// declaration as value and no receiver bound (matchSelectorMethod).
func methodExprDef(n *node) (*node, bool) {
	def, ok := n.val.(*node)
	if !ok || n.kind != selectorExpr || n.recv != nil || def.kind != funcDecl || !isMethod(def) {
		return nil, false
	}
	return def, true
}

// genMethodExprWrapper is the function value of a method expression of an
// interpreted type: its first argument is the receiver, bound to the
// method at each call. yaegi made the method's function without the
// receiver parameter, which a call then gave too many arguments
// ("reflect: Call with too many input arguments").
//
// culab patch 63: the method of an embedded field (promoted to T) takes
// that field of the receiver, by the path lookupMethod gives; the whole
// receiver was passed ("reflect.Set: value of type struct {...} is not
// assignable").
func genMethodExprWrapper(n, def *node) func(*frame) reflect.Value {
	funcType := n.typ.TypeOf()
	var path []int
	if len(n.child) == 2 && n.child[0].typ != nil {
		_, path = n.child[0].typ.lookupMethod(n.child[1].ident)
	}
	return func(f *frame) reflect.Value {
		return reflect.MakeFunc(funcType, func(in []reflect.Value) []reflect.Value {
			m := *def
			m.recv = &receiver{val: in[0], index: path}
			return genFunctionWrapper(&m)(f).Call(in[1:])
		})
	}
}

// methodExprReceiver returns what gives the receiver of the method def
// called as the method expression n (T.M(x, ...), (*T).M(p, ...)) from
// value, its first argument: the embedded field the method is promoted
// from, dereferenced for a value receiver, or its address for a pointer
// receiver. yaegi passed the argument as it was, which a method with a
// value receiver called through (*T).M refused ("reflect.Set: value of
// type *struct {...} is not assignable").
func methodExprReceiver(n, def *node, value func(*frame) reflect.Value) func(*frame) reflect.Value {
	var path []int
	if len(n.child) == 2 && n.child[0].typ != nil {
		_, path = n.child[0].typ.lookupMethod(n.child[1].ident)
	}
	numRet := len(def.typ.ret)
	return func(f *frame) reflect.Value {
		r := value(f)
		for _, i := range path {
			if r.Kind() == reflect.Ptr {
				if r.IsNil() {
					panic(runtimeError("invalid memory address or nil pointer dereference"))
				}
				r = r.Elem()
			}
			r = r.Field(i)
			if vi, ok := r.Interface().(valueInterface); ok {
				r = vi.value
			}
		}
		return boundReceiver(r, def.types[numRet])
	}
}

// promotedBinMethodExpr makes n, a method expression T.M or (*T).M of a
// cell type T whose method M is a compiled type's, promoted from the
// embedded field at path index (event.Year, with event embedding
// time.Time), the function of the receiver then M's parameters. yaegi
// typed it as the method bound to a receiver, without the receiver
// parameter: a call was "too many arguments" (culab patch 72).
func promotedBinMethodExpr(n *node, name string, m reflect.Method, index []int) {
	rt := n.typ.TypeOf()
	mt := m.Type
	first := 1 // a concrete type's method has its receiver first
	if n.typ.fieldSeq(index).TypeOf().Kind() == reflect.Interface {
		first = 0
	}
	in := []reflect.Type{rt}
	for i := first; i < mt.NumIn(); i++ {
		in = append(in, mt.In(i))
	}
	out := make([]reflect.Type, mt.NumOut())
	for i := range out {
		out[i] = mt.Out(i)
	}
	variadic := mt.IsVariadic()
	fn := reflect.MakeFunc(reflect.FuncOf(in, out, variadic), func(args []reflect.Value) []reflect.Value {
		v := args[0]
		for _, i := range index {
			if v.Kind() == reflect.Ptr {
				if v.IsNil() {
					panic(runtimeError("invalid memory address or nil pointer dereference"))
				}
				v = v.Elem()
			}
			v = v.Field(i)
			if vi, ok := asValueInterface(v); ok {
				v = vi.value
			}
		}
		mv := v.MethodByName(name)
		if !mv.IsValid() && v.CanAddr() {
			mv = v.Addr().MethodByName(name)
		}
		if !mv.IsValid() {
			c := reflect.New(v.Type())
			c.Elem().Set(v)
			mv = c.MethodByName(name)
		}
		if variadic {
			return mv.CallSlice(args[1:])
		}
		return mv.Call(args[1:])
	})
	n.typ = valueTOf(fn.Type())
	n.rval = fn
	n.action = aGetSym
	n.gen = nop
	n.findex = notInFrame
}
