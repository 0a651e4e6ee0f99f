package interp

// culab patches 121 and 126 (see PATCHES.md at the module's root): a call
// of a method of a compiled type, and a method value of one, asks the
// embedder's Options.MethodGuard.

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

// methodValueGuard returns, for n, a selector that takes a method value of
// a compiled type (g := b.Grow), what wraps that value with the embedder's
// MethodGuard, or nil when the guard does not name the method (culab patch
// 126: a method value called later escaped the check of patch 121).
func methodValueGuard(n *node) func(reflect.Value) reflect.Value {
	guard := n.interp.opt.methodGuard
	if guard == nil || len(n.child) != 2 || n.child[0].typ == nil {
		return nil
	}
	recv := n.child[0].typ.TypeOf()
	if recv == nil {
		return nil
	}
	check := guard(recv, n.child[1].ident)
	if check == nil {
		return nil
	}
	return func(v reflect.Value) reflect.Value {
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
