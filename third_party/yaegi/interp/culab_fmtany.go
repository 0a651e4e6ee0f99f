//go:build go1.24

// The build constraint gives this file the language version of weak and
// runtime.AddCleanup; the module's go.mod says 1.22.

package interp

// culab patch 47 (see PATCHES.md at the module's root): fmt knows the
// interpreted type of a value that interpreted code put in an any.
//
// A value of an interpreted type goes into an empty interface as its
// reflect value when its type has no methods of its own: an any holding a
// []ID holds a []int, one holding a map[ID]ID a map[int]int, and fmt
// (patch 20's cellValue included) cannot know that their elements are IDs
// with a String method. A type with methods is wrapped instead (a
// valueInterface), but compiled code that reads an any gets that wrapper
// (json writes {} for it, see json_any_cell_method in difftest's
// known_failures.txt), and wrapping these types too would make the same
// of []any{[]ID{7}}, whose json is right. So the value stays as it is and
// its type is noted aside: the interface's data word (the copy of the
// value that the interface points to, or the map's or pointer's own
// pointer) is a heap object of its own, which the interface's copies
// share, and a table maps it, with its reflect type, to the interpreted
// type. Only fmt's printing (dynamicValue) reads the table: what compiled
// code gets is what it got, a []int in an any. A weak pointer tells a
// noted object from a new one at the same address; a cleanup removes the
// entry when the object is freed.

import (
	"reflect"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
	"weak"
)

// anyKey is an interface's data word and dynamic type.
type anyKey struct {
	data uintptr // not a pointer: the table must not keep the object alive
	rt   reflect.Type
}

// anyTag is the interpreted type of the values whose data word is data.
type anyTag struct {
	key  anyKey
	data weak.Pointer[byte]
	typ  *itype
}

var (
	anyTags   sync.Map     // anyKey → *anyTag
	anyTagged atomic.Int64 // the entries in anyTags: none, no look-up
)

// genValueTagged returns the generator of the value of n, of a type
// without methods of its own, as it goes into an empty interface: a
// reflect.Value of type any whose data word is noted with n's type when
// the type holds one with a method that fmt calls (fmtTagged), n's value
// otherwise. It returns nil where n's static type cannot hold one
// (mayTag): the caller keeps its generator.
func genValueTagged(n *node) func(*frame) reflect.Value {
	if !mayTagNode(n) {
		return nil
	}
	t := concreteType(n)
	value := genValue(n)
	in := n.interp
	tagged := sync.OnceValue(func() bool { return in.fmtTagged(t) })
	return func(f *frame) reflect.Value {
		v := value(f)
		if !tagged() {
			return v
		}
		return tagAny(v, t)
	}
}

// mayTagNode reports whether genValueTagged may note the type of n's
// value.
func mayTagNode(n *node) bool {
	t := concreteType(n)
	return t != nil && mayTag(t, map[*itype]bool{})
}

// concreteType returns the static type of n's value, not an interface:
// that of the operand of a conversion any(v), whose node has the
// interface type (with the operand's as its val) and the operand's value.
func concreteType(n *node) *itype {
	t := n.typ
	if t == nil {
		return nil
	}
	if isInterfaceSrc(t) {
		if n.action != aConvert || t.val == nil || isInterface(t.val) {
			return nil
		}
		t = t.val
	}
	if t.cat == valueT || t.cat == nilT || t.untyped || len(t.method) > 0 {
		return nil // compiled, nil, constant, or wrapped with its methods
	}
	return t
}

// mayTag reports whether a value of type t may hold, in its elements,
// keys, fields or through pointers, a value of a type with methods, or
// has promoted ones: the static part of fmtTagged, when the code is
// compiled and methods may be missing still.
func mayTag(t *itype, seen map[*itype]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	if len(t.method) > 0 {
		return true
	}
	switch t.cat {
	case linkedT, ptrT, sliceT, arrayT, variadicT:
		return mayTag(t.val, seen)
	case mapT:
		return mayTag(t.key, seen) || mayTag(t.val, seen)
	case structT:
		for _, f := range t.field {
			if f.embed || mayTag(f.typ, seen) {
				return true
			}
		}
	}
	return false
}

// fmtTagged reports whether a value of interpreted type t holds, or is
// through embedding, one of a type with a method that fmt calls (Format,
// GoString, Error, String): one whose printing fmt cannot get right from
// its reflect value.
func (in *Interpreter) fmtTagged(t *itype) bool {
	return in.holdsFmtMethods(t, map[*itype]bool{})
}

func (in *Interpreter) holdsFmtMethods(t *itype, seen map[*itype]bool) bool {
	if t == nil || seen[t] || t.cat == valueT || isInterface(t) {
		return false
	}
	seen[t] = true
	for _, m := range in.infoOf(t).methods {
		if m.m != nil {
			return true
		}
	}
	switch t.cat {
	case linkedT, ptrT, sliceT, arrayT, variadicT:
		return in.holdsFmtMethods(t.val, seen)
	case mapT:
		return in.holdsFmtMethods(t.key, seen) || in.holdsFmtMethods(t.val, seen)
	case structT:
		for _, f := range t.field {
			if in.holdsFmtMethods(f.typ, seen) {
				return true
			}
		}
	}
	return false
}

// tagAny returns v, a value of interpreted type t, in an any whose data
// word is noted with t.
func tagAny(v reflect.Value, t *itype) reflect.Value {
	if !v.IsValid() || v.Kind() == reflect.Interface || !v.CanInterface() || v.Type().Size() == 0 {
		return v // a zero-size value's data word is shared by all of them
	}
	if !v.CanAddr() {
		// The data word of v's interface would be v's own storage, which
		// may be shared (reflect.Zero's); a copy has a fresh one.
		c := reflect.New(v.Type()).Elem()
		c.Set(v)
		v = c
	}
	x := v.Interface() // a copy in an object of its own, or v's pointer
	if data := dataWord(x); data != nil {
		noteAnyType(data, v.Type(), t)
	}
	return reflect.ValueOf(&x).Elem()
}

// dataWord returns the data word of x: the object that holds its value,
// or its value where that is a pointer.
func dataWord(x any) unsafe.Pointer {
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&x))[1]
}

// noteAnyType notes that the object at data, with reflect type rt, holds
// a value of interpreted type t, if it is a heap object.
func noteAnyType(data unsafe.Pointer, rt reflect.Type, t *itype) {
	key := anyKey{uintptr(data), rt}
	if old, ok := anyTags.Load(key); ok {
		// A map or pointer put in an any again: one entry (and one
		// cleanup) for it.
		if o := old.(*anyTag); o.typ == t && o.data.Value() != nil {
			return
		}
	}
	tag := &anyTag{key: key, typ: t}
	if !addTagCleanup((*byte)(data), tag) {
		return
	}
	tag.data = weak.Make((*byte)(data))
	if _, loaded := anyTags.Swap(key, tag); !loaded {
		anyTagged.Add(1)
	}
}

// addTagCleanup removes tag from the table once the object at p is
// freed, and reports whether p is a heap object (a pointer may point to a
// global variable, whose weak pointer the runtime refuses).
func addTagCleanup(p *byte, tag *anyTag) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false // not a Go pointer that the runtime knows
		}
	}()
	return runtime.AddCleanup(p, forgetAnyTag, tag) != runtime.Cleanup{}
}

// forgetAnyTag removes tag from the table, unless a new entry replaced it.
func forgetAnyTag(tag *anyTag) {
	if anyTags.CompareAndDelete(tag.key, tag) {
		anyTagged.Add(-1)
	}
}

// anyCellType returns the interpreted type that interpreted code noted
// for the value of v, an empty interface, or nil.
func anyCellType(v reflect.Value) *itype {
	if anyTagged.Load() == 0 || !v.CanInterface() || v.NumMethod() != 0 || v.IsNil() {
		return nil
	}
	x := v.Interface()
	rt := reflect.TypeOf(x)
	switch rt.Kind() {
	case reflect.Array, reflect.Slice, reflect.Map, reflect.Struct, reflect.Ptr:
	default:
		return nil
	}
	data := dataWord(x)
	e, ok := anyTags.Load(anyKey{uintptr(data), rt})
	if !ok {
		return nil
	}
	tag := e.(*anyTag)
	if tag.data.Value() != (*byte)(data) {
		return nil // another object, at the address of a freed one
	}
	return tag.typ
}

// genValueAsAny returns the generator of n's value for an empty
// interface of type dst (genValueTagged), or nil where dst is not one
// or n's value is not tagged.
func genValueAsAny(dst *itype, n *node) func(*frame) reflect.Value {
	if !isEmptyInterface(dst) {
		return nil
	}
	return genValueTagged(n)
}
