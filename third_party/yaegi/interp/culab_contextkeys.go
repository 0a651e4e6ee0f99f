package interp

import "reflect"

// culab patch 118: context.WithValue and a Context's Value compare keys
// with == in compiled code, which sees a value of a cell type without
// methods as its underlying type's value: ctx.Value("user") found the
// value stored under ctxKey("user"), the idiom for keys that cannot
// collide; and a key held in an any reached Value as the interpreter's
// wrapper or box, so var k any = strKey("a"); ctx.Value(k) missed what
// ctx.Value(strKey("a")) found. Both calls now pass a key of a cell type
// whose type the interpreter can tell, from its static type or from an
// any (a type with methods, or a basic, slice or array type: patch 84),
// as a cellKey: its type's name and its value.

// cellKey is a context key of a cell type, as compiled code sees it.
type cellKey struct {
	typ string
	v   any
}

// String is what a Context's String shows for the key.
func (k cellKey) String() string { return k.typ }

// contextKeyArg is the position of the key argument of n, a call of a
// compiled function or method, where it is context.WithValue or a
// Context's Value.
func contextKeyArg(n *node) (int, bool) {
	c0 := n.child[0]
	if c0.kind != selectorExpr || len(c0.child) < 2 || c0.child[0].typ == nil {
		return 0, false
	}
	recv, name := c0.child[0].typ, c0.child[1].ident
	switch {
	case recv.cat == binPkgT && recv.path == "context" && name == "WithValue":
		return 1, true
	case recv.cat == valueT && recv.rtype != nil && recv.rtype.PkgPath() == "context" && recv.rtype.Name() == "Context" && name == "Value":
		return 0, true
	case isSyncMap(recv) && syncMapKeyMethods[name]: // culab patch 124
		return 0, true
	}
	return 0, false
}

// syncMapKeyMethods are the methods of sync.Map whose first argument is a
// key (culab patch 124).
var syncMapKeyMethods = map[string]bool{
	"Load": true, "Store": true, "LoadOrStore": true, "LoadAndDelete": true, "Delete": true,
	"Swap": true, "CompareAndSwap": true, "CompareAndDelete": true,
}

// isSyncMap reports whether t is sync.Map or *sync.Map.
func isSyncMap(t *itype) bool {
	rt := binRecvType(t) // culab patch 129: or a pointer of the cell's to one
	return rt != nil && rt.PkgPath() == "sync" && rt.Name() == "Map"
}

// keyTypeKnown reports whether the interpreter can tell a value of cell
// type t held in an any: one with methods (held wrapped) or noted by
// patch 84.
func keyTypeKnown(t *itype) bool {
	return t != nil && t.name != "" && t.path != "" && t.cat != valueT && !isInterface(t) && (hasMethods(t) || needsTypeNote(t))
}

// contextKeyGuard returns value, the function of n, a call of a compiled
// function or method, wrapped so that its key argument is a cellKey where
// n is a call of context.WithValue or a Context's Value. WithValue's value
// of a cell type with methods is given as the interpreter's wrapper, as
// an any of the cell's holds it: Value gives it back to the cell with its
// type (fmt.Println(ctx.Value(k)) printed a struct's fields, not its
// String).
func contextKeyGuard(n *node, value func(*frame) reflect.Value) func(*frame) reflect.Value {
	arg, ok := contextKeyArg(n)
	if !ok || arg+1 >= len(n.child) {
		return value
	}
	st := n.child[arg+1].typ
	keys, fixed := false, "" // fixed: the key's cell type, when static
	switch {
	case st == nil:
	case isInterface(st):
		keys = true
	case keyTypeKnown(st):
		keys, fixed = true, st.id()
		n.interp.noteKeyType(st)
	}
	var val *node // WithValue's value, of a cell type with methods
	if arg == 1 && len(n.child) > 3 {
		if vt := n.child[3].typ; vt != nil && vt.cat != valueT && !isInterface(vt) && hasMethods(vt) {
			val = n.child[3]
		}
	}
	if !keys && val == nil {
		return value
	}
	in := n.interp
	return func(f *frame) reflect.Value {
		fn := value(f)
		if !fn.IsValid() || fn.Kind() != reflect.Func || fn.Type().IsVariadic() || fn.Type().NumIn() <= arg || val != nil && fn.Type().NumIn() <= arg+1 {
			return fn
		}
		return reflect.MakeFunc(fn.Type(), func(args []reflect.Value) []reflect.Value {
			if k, ok := in.contextKey(args[arg], fixed); keys && ok {
				args[arg] = reflect.ValueOf(k)
			}
			if val != nil {
				args[arg+1] = in.wrapCellArg(val.typ, args[arg+1])
			}
			return fn.Call(args)
		})
	}
}

// contextKey is the cellKey of v, a key as the interpreter passes it to
// compiled code, of the cell type named typ, or of the cell type that v,
// an any, holds when typ is "".
func (in *Interpreter) contextKey(v reflect.Value, typ string) (cellKey, bool) {
	if v.Kind() == reflect.Interface {
		if v.IsNil() {
			return cellKey{}, false
		}
		if typ == "" {
			ct := in.anyCellType(v)
			if ct == nil {
				ct = in.anyBoxType(v)
			}
			if ct != nil && keyTypeKnown(ct) {
				typ = ct.id()
				in.noteKeyType(ct)
			}
		}
		v = v.Elem()
	}
	if v.IsValid() && v.Type() == valueInterfaceType {
		vi := v.Interface().(valueInterface)
		if vi.node == nil || !vi.value.IsValid() {
			return cellKey{}, false
		}
		if typ == "" && keyTypeKnown(vi.node.typ) {
			typ = vi.node.typ.id()
			in.noteKeyType(vi.node.typ)
		}
		v = vi.value
	}
	if typ == "" || !v.IsValid() || !v.CanInterface() || !v.Type().Comparable() {
		// An uncomparable key is refused by context.WithValue, as in Go.
		return cellKey{}, false
	}
	return cellKey{typ: typ, v: v.Interface()}, true
}

// noteKeyType notes t, the type of keys made cellKeys, by its name, for
// keyValue.
func (in *Interpreter) noteKeyType(t *itype) {
	if t != nil {
		in.keyTypes.LoadOrStore(t.id(), t)
	}
}

// keyValue is the key that k stands for, as the cell gets it in an any:
// the interpreter's wrapper for a type with methods (culab patch 124:
// sync.Map's Range gives its keys back).
func (in *Interpreter) keyValue(k cellKey) reflect.Value {
	w := reflect.New(emptyInterfaceType).Elem()
	v := reflect.ValueOf(k.v)
	if t, ok := in.keyTypes.Load(k.typ); ok && hasMethods(t.(*itype)) {
		return in.wrapCellArg(t.(*itype), reflect.ValueOf(&k.v).Elem())
	}
	w.Set(v)
	return w
}

// syncMapRangeGuard returns value, the function of n, wrapped, where n is
// a call of sync.Map's Range, so that the function it calls gets the keys
// that patch 124 made cellKeys as the keys they stand for.
func syncMapRangeGuard(n *node, value func(*frame) reflect.Value) func(*frame) reflect.Value {
	c0 := n.child[0]
	if c0.kind != selectorExpr || len(c0.child) < 2 || !isSyncMap(c0.child[0].typ) || c0.child[1].ident != "Range" {
		return value
	}
	in := n.interp
	return func(f *frame) reflect.Value {
		fn := value(f)
		if !fn.IsValid() || fn.Kind() != reflect.Func || fn.Type().NumIn() != 1 || fn.Type().In(0).Kind() != reflect.Func {
			return fn
		}
		return reflect.MakeFunc(fn.Type(), func(args []reflect.Value) []reflect.Value {
			if cb := args[0]; !cb.IsNil() {
				args[0] = reflect.MakeFunc(cb.Type(), func(kv []reflect.Value) []reflect.Value {
					if k, ok := kv[0].Interface().(cellKey); ok {
						kv[0] = in.keyValue(k)
					}
					return cb.Call(kv)
				})
			}
			return fn.Call(args)
		})
	}
}
