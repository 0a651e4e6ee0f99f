package interp

import (
	"reflect"
	"unsafe"
)

// culab patch 140: reflect.DeepEqual of cell values. A value of a cell
// type with methods held in an any is the interpreter's valueInterface, a
// node and a reflect.Value, which reflect.DeepEqual compares by their
// internals: two anys holding equal point values were not deeply equal
// (reflect.DeepEqual(x, y) false where Go says true), and a value of a
// cell type with methods given directly was its bare reflect value, equal
// to one of its underlying type (named{"a"} and []string{"a"}), silent
// wrong answers. reflect.DeepEqual's calls now get their arguments with
// their cell types (as an any of the cell holds them) and compare them as
// Go does: the dynamic types, then the values, deeply.

// isDeepEqualCall reports whether n calls reflect.DeepEqual.
func isDeepEqualCall(n *node) bool {
	c0 := n.child[0]
	return c0.kind == selectorExpr && len(c0.child) == 2 && c0.child[0].kind == identExpr && c0.child[0].typ != nil &&
		c0.child[0].typ.path == "reflect" && c0.child[1].ident == "DeepEqual" && c0.typ != nil && c0.typ.cat == valueT
}

// deepEqualGuard returns value, the function of n, replaced by one that
// compares as patch 140 says where n calls reflect.DeepEqual.
func deepEqualGuard(n *node, value func(*frame) reflect.Value) func(*frame) reflect.Value {
	if !isDeepEqualCall(n) {
		return value
	}
	fnType := reflect.TypeOf(reflect.DeepEqual)
	return func(f *frame) reflect.Value {
		v := value(f)
		if !v.IsValid() || v.Type() != fnType {
			return v
		}
		// v is the embedder's reflect.DeepEqual (it may bound the depth of
		// what it compares): values that hold no cell value go to it.
		return reflect.ValueOf(func(a, b any) bool {
			d := deepEq{visited: map[deepVisit]bool{}, plain: v}
			return d.equal(reflect.ValueOf(&a).Elem(), reflect.ValueOf(&b).Elem(), 0)
		})
	}
}

// deepEq is one comparison: the pairs under way, and the DeepEqual that
// compares values holding no cell value.
type deepEq struct {
	visited map[deepVisit]bool
	plain   reflect.Value
}

// plainEqual compares a and b with d.plain.
func (d *deepEq) plainEqual(a, b reflect.Value) bool {
	return d.plain.Call([]reflect.Value{a, b})[0].Bool()
}

type deepVisit struct {
	a, b unsafe.Pointer
	t    reflect.Type
}

// deepDynamic returns the value that v holds through interfaces and
// valueInterfaces, with the id of its cell type where a valueInterface
// said it.
func deepDynamic(v reflect.Value) (reflect.Value, string) {
	id := ""
	for v.IsValid() {
		switch {
		case v.Kind() == reflect.Interface:
			if v.IsNil() {
				return reflect.Value{}, id
			}
			v = v.Elem()
		case v.Type() == valueInterfaceType:
			vi := v.Interface().(valueInterface)
			if vi.node != nil && vi.node.typ != nil {
				if vi.node.typ.cat == nilT {
					return reflect.Value{}, ""
				}
				if !isInterface(vi.node.typ) {
					id = vi.node.typ.id()
				}
			}
			v = vi.value
		default:
			return v, id
		}
	}
	return v, id
}

func (d *deepEq) equal(a, b reflect.Value, depth int) bool {
	if depth > maxPrintDepth {
		// A value nested millions deep (v = []any{v} in a loop) would end
		// the process with Go's fatal stack overflow, as fmt's would.
		panic(&StackOverflow{Depth: maxPrintDepth, Func: "reflect.DeepEqual, comparing a value nested that deep (does it hold itself?)"})
	}
	if a.Kind() == reflect.Interface || b.Kind() == reflect.Interface || a.IsValid() && a.Type() == valueInterfaceType || b.IsValid() && b.Type() == valueInterfaceType {
		da, ia := deepDynamic(a)
		db, ib := deepDynamic(b)
		if !da.IsValid() || !db.IsValid() {
			return da.IsValid() == db.IsValid()
		}
		if ia != ib {
			return false
		}
		a, b = da, db
	}
	if !a.IsValid() || !b.IsValid() {
		return a.IsValid() == b.IsValid()
	}
	if a.Type() != b.Type() {
		return false
	}
	if a.CanInterface() && b.CanInterface() && !holdsValueInterfaceOrAny(a.Type(), map[reflect.Type]bool{}) {
		return d.plainEqual(a, b)
	}
	switch a.Kind() {
	case reflect.Ptr, reflect.Slice, reflect.Map:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		if a.Kind() != reflect.Slice || a.Len() == b.Len() {
			if a.UnsafePointer() == b.UnsafePointer() {
				return true
			}
		}
		k := deepVisit{a.UnsafePointer(), b.UnsafePointer(), a.Type()}
		if d.visited[k] {
			return true
		}
		d.visited[k] = true
	}
	switch a.Kind() {
	case reflect.Ptr:
		return d.equal(a.Elem(), b.Elem(), depth+1)
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return false
		}
		for i := 0; i < a.Len(); i++ {
			if !d.equal(a.Index(i), b.Index(i), depth+1) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.Len() != b.Len() {
			return false
		}
		it := a.MapRange()
		for it.Next() {
			bv := b.MapIndex(it.Key())
			if !bv.IsValid() || !d.equal(it.Value(), bv, depth+1) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if !d.equal(a.Field(i), b.Field(i), depth+1) {
				return false
			}
		}
		return true
	case reflect.Func:
		return a.IsNil() && b.IsNil()
	}
	if a.CanInterface() && b.CanInterface() {
		return reflect.DeepEqual(a.Interface(), b.Interface())
	}
	return a.Equal(b)
}

// holdsValueInterfaceOrAny reports whether a value of t may hold a
// valueInterface, directly or in an interface.
func holdsValueInterfaceOrAny(t reflect.Type, seen map[reflect.Type]bool) bool {
	if t == valueInterfaceType || t.Kind() == reflect.Interface {
		return true
	}
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Ptr, reflect.Slice, reflect.Array:
		return holdsValueInterfaceOrAny(t.Elem(), seen)
	case reflect.Map:
		return holdsValueInterfaceOrAny(t.Key(), seen) || holdsValueInterfaceOrAny(t.Elem(), seen)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if holdsValueInterfaceOrAny(t.Field(i).Type, seen) {
				return true
			}
		}
	}
	return false
}
