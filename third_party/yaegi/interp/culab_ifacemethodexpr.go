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
		// culab patch 128: a method promoted from an embedded interface
		// field is that field's dynamic value's method.
		if index := embeddedIfaceIndex(t, name); index != nil {
			v := d.v
			for v.Kind() == reflect.Pointer {
				if v.IsNil() {
					panic(runtimeError("invalid memory address or nil pointer dereference"))
				}
				v = v.Elem()
			}
			if fv, err := v.FieldByIndexErr(index); err == nil {
				return callDynamicMethod(f, dynamicOf(fv), name, args)
			}
			panic(runtimeError("invalid memory address or nil pointer dereference"))
		}
	}
	if m := d.v.MethodByName(name); m.IsValid() {
		return m.Call(args)
	}
	return d.bin.MethodByName(name).Call(args)
}

// embeddedIfaceIndex returns the index path, in struct type t (or the
// struct t points to), of the shallowest embedded field of an interface
// type that has the method name, or nil if there is none. The path goes
// through embedded structs, not through pointers to them.
func embeddedIfaceIndex(t *itype, name string) []int {
	for t != nil && (t.cat == ptrT || t.cat == linkedT) {
		t = t.val
	}
	if t == nil || t.cat != structT {
		return nil
	}
	type step struct {
		t     *itype
		index []int
	}
	level := []step{{t, nil}}
	seen := map[*itype]bool{t: true}
	for len(level) > 0 {
		var next []step
		for _, s := range level {
			for i, f := range s.t.field {
				if !f.embed {
					continue
				}
				index := append(append([]int{}, s.index...), i)
				ft := f.typ
				for ft != nil && ft.cat == linkedT {
					ft = ft.val
				}
				switch {
				case ft == nil:
				case isInterfaceSrc(ft):
					if ft.interfaceMethod(name) != nil {
						return index
					}
				case isInterfaceBin(ft):
					if _, ok := ft.rtype.MethodByName(name); ok {
						return index
					}
				case ft.cat == structT && !seen[ft]:
					seen[ft] = true
					next = append(next, step{ft, index})
				}
			}
		}
		level = next
	}
	return nil
}
