package interp

// culab patch 121 (see PATCHES.md at the module's root): a call of a
// method of a compiled type asks the embedder's Options.MethodGuard.

import "reflect"

// guardedMethod returns value, the function of call n, checked before
// each call by the embedder's MethodGuard when n calls a method of a
// compiled type that the guard names.
func guardedMethod(n *node, value func(*frame) reflect.Value) func(*frame) reflect.Value {
	guard := n.interp.opt.methodGuard
	c0 := n.child[0]
	if guard == nil || c0.kind != selectorExpr || len(c0.child) != 2 || c0.child[0].typ == nil || c0.child[0].typ.cat == binPkgT {
		return value
	}
	recv := c0.child[0].typ.TypeOf()
	if recv == nil {
		return value
	}
	check := guard(recv, c0.child[1].ident)
	if check == nil {
		return value
	}
	return func(f *frame) reflect.Value {
		v := value(f)
		if !v.IsValid() || v.Kind() != reflect.Func {
			return v
		}
		return reflect.MakeFunc(v.Type(), func(in []reflect.Value) []reflect.Value {
			check(in)
			if v.Type().IsVariadic() {
				return v.CallSlice(in)
			}
			return v.Call(in)
		})
	}
}
