package interp

import (
	"reflect"
	"sync"
)

// culab patch 137: json encodes a cell interface's field, element or map
// value. A place of a cell interface type (a struct's Shape field, a
// []Shape, a map[string]Shape) is, in the interpreter's reflect types, the
// interpreter's valueInterface struct; patch 112 unwraps what it holds for
// json, but the concrete value cannot be put back there, so json.Marshal
// of a struct with an interface field of the cell's panicked "values of
// cell types with methods held in an interface are not supported", where
// Go encodes the dynamic values. The value to encode is now copied into a
// type of the same shape, names and tags where each such place is an any
// (json encodes an interface's dynamic value), which patch 112 unwraps. A
// recursive type that holds such a place (a list node with a Shape field
// and a *node one) cannot be made by reflect (StructOf makes no named,
// recursive types): its reference to itself is an any too, holding the
// copy of what it points to.

var retypedTypes sync.Map // reflect.Type → reflect.Type, nil where it cannot be made

// retypedFor returns t with each valueInterface reachable through
// structs, pointers, slices, arrays and maps (not interfaces) an any, t
// itself where there is none, or nil where such a type cannot be made.
func retypedFor(t reflect.Type) reflect.Type {
	if r, ok := retypedTypes.Load(t); ok {
		rt, _ := r.(reflect.Type)
		return rt
	}
	rt := retype(t, map[reflect.Type]bool{})
	retypedTypes.Store(t, rt)
	return rt
}

// recursiveMark is what retype returns for a type that it is making.
var recursiveMark = reflect.TypeOf(struct{ recursive byte }{})

func retype(t reflect.Type, busy map[reflect.Type]bool) (out reflect.Type) {
	if t == valueInterfaceType {
		return emptyInterfaceType
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Ptr, reflect.Slice, reflect.Array, reflect.Map:
	default:
		return t
	}
	if t.PkgPath() != "" && t.Name() != "" {
		return t // a compiled named type holds no interpreter's value
	}
	if busy[t] {
		return recursiveMark
	}
	busy[t] = true
	defer delete(busy, t)
	defer func() {
		if recover() != nil {
			out = nil // reflect refused the type
		}
	}()
	// through is what a pointer, slice or map of t is made: itself
	// where its element is unchanged, an any where the element is a
	// type being made (a reference to itself, which reflect cannot make:
	// json encodes the value that the any holds as it would the pointer).
	through := func(es ...reflect.Type) (reflect.Type, bool) {
		same := true
		for _, e := range es {
			switch e {
			case nil:
				return nil, true
			case recursiveMark:
				if holdsValueInterface(t, map[reflect.Type]bool{}) {
					return emptyInterfaceType, true
				}
				return t, true
			}
			same = same && e == t.Elem()
		}
		if same && t.Kind() != reflect.Map {
			return t, true
		}
		return nil, false
	}
	switch t.Kind() {
	case reflect.Ptr:
		e := retype(t.Elem(), busy)
		if r, done := through(e); done {
			return r
		}
		return reflect.PointerTo(e)
	case reflect.Slice:
		e := retype(t.Elem(), busy)
		if r, done := through(e); done {
			return r
		}
		return reflect.SliceOf(e)
	case reflect.Array:
		e := retype(t.Elem(), busy)
		if r, done := through(e); done {
			return r
		}
		return reflect.ArrayOf(t.Len(), e)
	case reflect.Map:
		k, e := retype(t.Key(), busy), retype(t.Elem(), busy)
		if r, done := through(k, e); done {
			return r
		}
		if k == t.Key() && e == t.Elem() {
			return t
		}
		if !k.Comparable() {
			return nil
		}
		return reflect.MapOf(k, e)
	}
	fields := make([]reflect.StructField, t.NumField())
	changed := false
	for i := range fields {
		f := t.Field(i)
		ft := retype(f.Type, busy)
		switch {
		case ft == nil:
			return nil
		case ft == recursiveMark && holdsValueInterface(f.Type, map[reflect.Type]bool{}):
			ft = emptyInterfaceType // a reference to a type being made, as through does
		case ft == recursiveMark:
			ft = f.Type
		}
		if ft != f.Type {
			changed = true
			if f.Anonymous && ft.Kind() == reflect.Interface {
				f.Anonymous = false // json names an embedded interface field by its type, as a field
			}
			f.Type = ft
		}
		f.Offset, f.Index = 0, nil
		fields[i] = f
	}
	if !changed {
		return t
	}
	return reflect.StructOf(fields)
}

// holdsValueInterface reports whether a value of t may hold a
// valueInterface outside interfaces.
func holdsValueInterface(t reflect.Type, seen map[reflect.Type]bool) bool {
	if t == valueInterfaceType {
		return true
	}
	if seen[t] || t.PkgPath() != "" && t.Name() != "" {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Ptr, reflect.Slice, reflect.Array:
		return holdsValueInterface(t.Elem(), seen)
	case reflect.Map:
		return holdsValueInterface(t.Key(), seen) || holdsValueInterface(t.Elem(), seen)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if holdsValueInterface(t.Field(i).Type, seen) {
				return true
			}
		}
	}
	return false
}

// retypeValue returns v copied into type rt, retypedFor(v.Type()).
func retypeValue(v reflect.Value, rt reflect.Type, seen map[uintptr]reflect.Value) reflect.Value {
	t := v.Type()
	if rt == t {
		return v
	}
	if t == valueInterfaceType {
		nv := reflect.New(rt).Elem()
		nv.Set(v)
		return nv
	}
	if rt == emptyInterfaceType {
		// A reference to a type being made (see retype).
		nv := reflect.New(rt).Elem()
		if it := retypedFor(t); it != nil {
			nv.Set(retypeValue(v, it, seen))
		}
		return nv
	}
	switch t.Kind() {
	case reflect.Ptr:
		if v.IsNil() {
			return reflect.Zero(rt)
		}
		if p, ok := seen[v.Pointer()]; ok {
			return p
		}
		np := reflect.New(rt.Elem())
		seen[v.Pointer()] = np
		np.Elem().Set(retypeValue(v.Elem(), rt.Elem(), seen))
		return np
	case reflect.Slice:
		if v.IsNil() {
			return reflect.Zero(rt)
		}
		nv := reflect.MakeSlice(rt, v.Len(), v.Len())
		for i := 0; i < v.Len(); i++ {
			nv.Index(i).Set(retypeValue(v.Index(i), rt.Elem(), seen))
		}
		return nv
	case reflect.Array:
		nv := reflect.New(rt).Elem()
		for i := 0; i < v.Len(); i++ {
			nv.Index(i).Set(retypeValue(v.Index(i), rt.Elem(), seen))
		}
		return nv
	case reflect.Map:
		if v.IsNil() {
			return reflect.Zero(rt)
		}
		nv := reflect.MakeMapWithSize(rt, v.Len())
		it := v.MapRange()
		for it.Next() {
			nv.SetMapIndex(retypeValue(it.Key(), rt.Key(), seen), retypeValue(it.Value(), rt.Elem(), seen))
		}
		return nv
	case reflect.Struct:
		nv := reflect.New(rt).Elem()
		for i := 0; i < v.NumField(); i++ {
			f := v.Field(i)
			if !f.CanInterface() {
				continue // unexported: json does not encode it
			}
			nv.Field(i).Set(retypeValue(f, rt.Field(i).Type, seen))
		}
		return nv
	}
	return v
}
