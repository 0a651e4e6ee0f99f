package interp

import "reflect"

// culab patch 119: a value of a cell type with methods given to a
// compiled container as an any (container/list's PushBack, sync.Map's
// Store, sync.Pool's Put, atomic.Value's Store) reached it as its reflect
// value, which has no methods: read back, e.Value.(Shape) failed and a
// type switch took the default case (a list of shapes summed to 0), and
// fmt printed its fields instead of its String, silent wrong answers.
// These calls now pass such a value as the interpreter's wrapper, as an
// any of the cell holds it, so that it comes back with its type. The
// wrapper's node is one per type, so that two wrappers of one pointer
// are ==, as the compare-and-swap methods, also wrapped, need. Not done:
// a struct value's wrappers are not == (each holds its copy), so a
// compare-and-swap of a struct value of such a type fails; atomic.Value's
// check that its values' types agree sees the wrapper's type. An
// assignment of such a value to a compiled any (e.Value = v) is wrapped
// too (genDestValue).

// storedValueArgs are the compiled functions and methods that keep or
// compare values for the cell to read back, or hand them to a cell's
// method (heap.Push), with the positions of those arguments.
var storedValueArgs = map[string][]int{
	"container/list.List.PushBack":     {0},
	"container/list.List.PushFront":    {0},
	"container/list.List.InsertBefore": {0},
	"container/list.List.InsertAfter":  {0},
	"sync.Map.Store":                   {1},
	"sync.Map.LoadOrStore":             {1},
	"sync.Map.Swap":                    {1},
	"sync.Map.CompareAndSwap":          {1, 2},
	"sync.Map.CompareAndDelete":        {1},
	"sync.Pool.Put":                    {0},
	"sync/atomic.Value.Store":          {0},
	"sync/atomic.Value.Swap":           {0},
	"sync/atomic.Value.CompareAndSwap": {0, 1},
	"container/heap.Push":              {1}, // to the heap's own Push, a cell's method
}

// storedValueArgs returns the arguments of n, a call of a compiled
// method, that its receiver keeps or compares and that are of a cell type
// with methods, and their nodes.
func storedCellArgs(n *node) ([]int, []*node) {
	c0 := n.child[0]
	if c0.kind != selectorExpr || len(c0.child) < 2 || c0.child[0].typ == nil {
		return nil, nil
	}
	recv, key := c0.child[0].typ, ""
	switch {
	case recv.cat == binPkgT:
		key = recv.path + "." + c0.child[1].ident
	case binRecvType(recv) != nil:
		t := binRecvType(recv)
		key = t.PkgPath() + "." + t.Name() + "." + c0.child[1].ident
	default:
		return nil, nil
	}
	var args []int
	var nodes []*node
	for _, arg := range storedValueArgs[key] {
		if arg+1 >= len(n.child) {
			continue
		}
		c := n.child[arg+1]
		if vt := c.typ; vt == nil || vt.cat == valueT || isInterface(vt) || !hasMethods(vt) {
			continue // a cell interface's value: storedIfaceArg
		}
		args, nodes = append(args, arg), append(nodes, c)
	}
	return args, nodes
}

// storedIfaceArg reports whether argument i of n, a call of a compiled
// function or method of storedValueArgs, is kept or compared by it and
// has a cell interface type: callBin then gives it as the interpreter's
// wrapper of its dynamic value, as a cell's any holds it (culab patch
// 142: it gave the dynamic value bare, so heap.Push(q, t) with t a Task
// of the cell's reached the queue's Push without its methods, and
// x.(Task) panicked).
func storedIfaceArg(n *node, i int) bool {
	if i+1 >= len(n.child) || !isInterfaceSrc(n.child[i+1].typ) || isEmptyInterface(n.child[i+1].typ) {
		return false
	}
	c0 := n.child[0]
	if c0.kind != selectorExpr || len(c0.child) < 2 || c0.child[0].typ == nil {
		return false
	}
	recv, key := c0.child[0].typ, ""
	switch {
	case recv.cat == binPkgT:
		key = recv.path + "." + c0.child[1].ident
	case binRecvType(recv) != nil:
		t := binRecvType(recv)
		key = t.PkgPath() + "." + t.Name() + "." + c0.child[1].ident
	default:
		return false
	}
	for _, a := range storedValueArgs[key] {
		if a == i {
			return true
		}
	}
	return false
}

// storedValueGuard returns value, the function of n, wrapped so that the
// values that it keeps are given as the interpreter's wrapper (see above).
func storedValueGuard(n *node, value func(*frame) reflect.Value) func(*frame) reflect.Value {
	args, nodes := storedCellArgs(n)
	if len(args) == 0 {
		return value
	}
	in := n.interp
	return func(f *frame) reflect.Value {
		fn := value(f)
		if !fn.IsValid() || fn.Kind() != reflect.Func || fn.Type().IsVariadic() || fn.Type().NumIn() <= args[len(args)-1] {
			return fn
		}
		return reflect.MakeFunc(fn.Type(), func(in2 []reflect.Value) []reflect.Value {
			for i, arg := range args {
				in2[arg] = in.wrapCellArg(nodes[i].typ, in2[arg])
			}
			return fn.Call(in2)
		})
	}
}

// wrapCellArg is v, an argument of a compiled function of type any,
// holding a value of t, a cell type with methods, as the interpreter's
// wrapper, as a cell's any holds it, with t's one node.
func (in *Interpreter) wrapCellArg(t *itype, v reflect.Value) reflect.Value {
	if v.Kind() != reflect.Interface || v.IsNil() || v.Elem().Type() == valueInterfaceType {
		return v
	}
	nd, ok := in.typeNodes.Load(t)
	if !ok {
		nd, _ = in.typeNodes.LoadOrStore(t, &node{typ: t, interp: in})
	}
	w := reflect.New(v.Type()).Elem()
	w.Set(reflect.ValueOf(valueInterface{nd.(*node), v.Elem()}))
	return w
}

// isCompiledAny reports whether t is a compiled empty interface type.
func isCompiledAny(t *itype) bool {
	return t != nil && t.cat == valueT && t.rtype != nil && t.rtype.Kind() == reflect.Interface && t.rtype.NumMethod() == 0
}

// binRecvType returns the compiled type that t, the type of a method's
// receiver, is or points to, or nil if it is no compiled type. A pointer
// to a compiled type (pv := &v, v an atomic.Value) is a pointer of the
// interpreter's to it (culab patch 129; patch 119 missed its calls).
func binRecvType(t *itype) reflect.Type {
	if t != nil && t.cat == ptrT && t.val != nil && t.val.cat == valueT {
		t = t.val
	}
	if t == nil || t.cat != valueT || t.rtype == nil {
		return nil
	}
	rt := t.rtype
	if rt.Kind() == reflect.Ptr {
		rt = rt.Elem()
	}
	return rt
}
