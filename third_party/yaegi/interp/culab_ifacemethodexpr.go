package interp

import "reflect"

// culab patch 31: a method expression of an interface type of the cell
// (Speaker.Speak) is a function whose first parameter is the interface
// value, which it calls the method of. yaegi took the selector for the
// method of a value, without the receiver parameter: a call with the
// receiver was "too many arguments".

// ifaceMethodExprType is the type of the method expression n, I.M, m being
// the type of the method M of the interface type iface.
func ifaceMethodExprType(n *node, iface, m *itype) *itype {
	return funcOf(append([]*itype{iface}, m.arg...), m.ret, withNode(n), withScope(m.scope))
}

// ifaceMethodExpr makes n, a selector I.M, that method expression.
func ifaceMethodExpr(n *node, sc *scope, m *itype) {
	name := n.child[1].ident
	n.typ = ifaceMethodExprType(n, n.typ, m)
	n.findex = sc.add(n.typ)
	n.gen = func(n *node) {
		value := genValue(n)
		next := getExec(n.tnext)
		funcType := n.typ.frameType()
		n.exec = func(f *frame) bltn {
			value(f).Set(reflect.MakeFunc(funcType, func(in []reflect.Value) []reflect.Value {
				return callDynamicMethod(f, dynamicOf(in[0]), name, in[1:])
			}))
			return next
		}
	}
	n.action = aNop
}

// callDynamicMethod calls the method name of d, the dynamic value of an
// interface value: a method of the cell's if d has a cell type, else of
// compiled code.
func callDynamicMethod(f *frame, d dynValue, name string, args []reflect.Value) []reflect.Value {
	if !d.v.IsValid() {
		panic(runtimeError("invalid memory address or nil pointer dereference"))
	}
	if t := d.typ(); t != nil {
		if m, index := t.lookupMethod(name); m != nil {
			nod := *m
			nod.recv = &receiver{nil, d.v, index, false}
			return genFunctionWrapper(&nod)(f).Call(args)
		}
	}
	if m := d.v.MethodByName(name); m.IsValid() {
		return m.Call(args)
	}
	return d.bin.MethodByName(name).Call(args)
}
