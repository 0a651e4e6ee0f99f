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
// its type is noted aside, by the interface's data word: the object that
// holds the interface's copy of the value, which the interface's copies
// share, or for a map or a pointer the value itself. The interpreter puts
// such a value in a box of its own, a slot of an array of boxes of the
// type (a chunk), and notes the chunk's addresses with the type; a map or
// a pointer is noted by itself. Only fmt's printing (dynamicValue) reads
// the notes: what compiled code gets is what it got, a []int in an any. A
// weak pointer tells a noted object from a new one at the address of a
// freed one; a cleanup removes the note of a freed one.

import (
	"reflect"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
	"weak"
)

const (
	// tagRegionShift sets the size of the index's regions, and that of
	// a chunk of boxes: a chunk spans two regions at most.
	tagRegionShift = 9
	chunkBytes     = 1 << tagRegionShift
	// maxBoxBytes bounds the values that are boxed; a larger one (an
	// array of thousands of elements) keeps its value without a type,
	// as before.
	maxBoxBytes = 8 * chunkBytes
)

// anyTags is what an interpreter noted of the objects that its values in
// empty interfaces point to: their interpreted types.
type anyTags struct {
	mu      sync.RWMutex
	regions map[uintptr][]*anyTag // by address >> tagRegionShift
	count   atomic.Int64          // the notes: none, no look-up
	boxes   sync.Map              // *itype → *boxAlloc
}

// anyTag notes the interpreted type of the values of reflect type rt at
// the addresses lo, lo+size, … below hi: the boxes of a chunk, or a map or
// pointer (size 0, hi = lo+1).
type anyTag struct {
	lo, hi, size uintptr
	rt           reflect.Type
	obj          weak.Pointer[byte] // the chunk, or the map or pointed-to object
	typ          *itype             // nil: several (see noteObject); under mu
}

// boxAlloc hands out the boxes of one type, from its current chunk.
type boxAlloc struct {
	mu     sync.Mutex
	typ    *itype
	rt     reflect.Type
	rtWord unsafe.Pointer // the type word of an interface holding an rt
	n      int            // the boxes of a chunk
	chunk  reflect.Value  // the current chunk, an addressable [n]rt
	next   int
}

// genValueTagged returns the generator of the value of n, of a type
// without methods of its own, as it goes into an empty interface: a
// reflect.Value of type any noted with n's type when the type holds one
// with a method that fmt calls (fmtTagged), n's value otherwise. It
// returns nil where n's static type cannot hold one (mayTag): the caller
// keeps its generator.
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
		return in.tagAny(v, t)
	}
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

// genSelectSendValue returns the generator of the value v that a select
// case sends on channel ch.
func genSelectSendValue(ch, v *node) func(*frame) reflect.Value {
	if g := genValueAsAny(chanElement(ch.typ), v); g != nil {
		return g
	}
	return genValue(v)
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

// tagAny returns v, a value of interpreted type t, in an any noted with
// t: in a box, or for a map or a pointer as it is.
func (in *Interpreter) tagAny(v reflect.Value, t *itype) reflect.Value {
	if !v.IsValid() || v.Kind() == reflect.Interface || !v.CanInterface() {
		return v
	}
	rt := v.Type()
	if size := rt.Size(); size == 0 || size > maxBoxBytes {
		return v // a zero-size value's data word is shared by all of them
	}
	a := in.boxAllocFor(t, rt)
	var x any
	if a == nil {
		// A map, a pointer: the interface's data word is the value.
		x = v.Interface()
		if p := dataWord(x); p != nil {
			in.anyTags.noteObject(p, rt, t)
		}
	} else if rt == a.rt {
		x = a.box(in, v)
	} else {
		return v // not the reflect type of t's first value: left as it is
	}
	return reflect.ValueOf(&x).Elem()
}

// boxAllocFor returns the boxes of type t, of reflect type rt, nil where
// rt is a pointer's shape (a map, a pointer, a struct of one pointer…),
// which an interface holds as it is.
func (in *Interpreter) boxAllocFor(t *itype, rt reflect.Type) *boxAlloc {
	if a, ok := in.anyTags.boxes.Load(t); ok {
		return a.(*boxAlloc)
	}
	var a *boxAlloc
	// The runtime's own choice: an interface holding the zero value of
	// a pointer's shape has a nil data word; that of a value in a box,
	// the box.
	if x := reflect.New(rt).Elem().Interface(); dataWord(x) != nil {
		a = &boxAlloc{typ: t, rt: rt, rtWord: typeWord(x), n: max(1, chunkBytes/int(rt.Size()))}
	}
	v, _ := in.anyTags.boxes.LoadOrStore(t, a)
	return v.(*boxAlloc)
}

// box returns v in an interface whose data word is a box of a's chunk.
func (a *boxAlloc) box(in *Interpreter, v reflect.Value) any {
	a.mu.Lock()
	defer a.mu.Unlock()
	if !a.chunk.IsValid() || a.next == a.n {
		a.chunk = reflect.New(reflect.ArrayOf(a.n, a.rt)).Elem()
		a.next = 0
		in.anyTags.noteChunk(a.chunk.Addr().UnsafePointer(), uintptr(a.n)*a.rt.Size(), a.rt, a.typ)
	}
	slot := a.chunk.Index(a.next)
	a.next++
	slot.Set(v)
	var x any
	e := (*[2]unsafe.Pointer)(unsafe.Pointer(&x))
	e[0], e[1] = a.rtWord, slot.Addr().UnsafePointer()
	return x
}

// dataWord returns the data word of x: the object that holds its value,
// or its value where that is a pointer.
func dataWord(x any) unsafe.Pointer {
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&x))[1]
}

// typeWord returns the type word of x.
func typeWord(x any) unsafe.Pointer {
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&x))[0]
}

// noteChunk notes the chunk of boxes at lo, of size bytes, of values of
// type t.
func (ts *anyTags) noteChunk(lo unsafe.Pointer, size uintptr, rt reflect.Type, t *itype) {
	tag := &anyTag{lo: uintptr(lo), hi: uintptr(lo) + size, size: rt.Size(), rt: rt, typ: t}
	// The chunk was just allocated: a heap object of its own.
	runtime.AddCleanup((*byte)(lo), forgetTag, tagRef{weak.Make(ts), tag.lo})
	tag.obj = weak.Make((*byte)(lo))
	ts.add(tag)
}

// noteObject notes that the map or the object that p points to, in an
// interface with reflect type rt, is a value of type t.
func (ts *anyTags) noteObject(p unsafe.Pointer, rt reflect.Type, t *itype) {
	if old := ts.find(uintptr(p), rt); old != nil {
		ts.mu.Lock()
		defer ts.mu.Unlock()
		// Put in an any again: one note (and one cleanup) for it. Put
		// there as another type of the same reflect type (type M
		// map[ID]ID and map[ID]ID, *A and *B of two struct types with the
		// same fields), it has no type for fmt, rather than the latest.
		if old.typ != t {
			old.typ = nil
		}
		return
	}
	tag := &anyTag{lo: uintptr(p), hi: uintptr(p) + 1, rt: rt, typ: t}
	if !addTagCleanup((*byte)(p), tagRef{weak.Make(ts), tag.lo}) {
		return
	}
	tag.obj = weak.Make((*byte)(p))
	ts.add(tag)
}

// addTagCleanup forgets the note of ref once the object at p is freed,
// and reports whether p is a heap object: a pointer may point to a global
// variable, whose weak pointer the runtime refuses.
func addTagCleanup(p *byte, ref tagRef) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false // not a Go pointer that the runtime knows
		}
	}()
	return runtime.AddCleanup(p, forgetTag, ref) != runtime.Cleanup{}
}

// add indexes tag.
func (ts *anyTags) add(tag *anyTag) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if ts.regions == nil {
		ts.regions = map[uintptr][]*anyTag{}
	}
	for r := tag.lo >> tagRegionShift; r <= (tag.hi-1)>>tagRegionShift; r++ {
		ts.regions[r] = append(ts.regions[r], tag)
	}
	ts.count.Add(1)
}

// tagRef is what a cleanup needs to forget a note: not the note, which
// holds a type, which holds its interpreter, which holds the current
// chunk of boxes (a cleanup's argument is a root of the collector).
type tagRef struct {
	tags weak.Pointer[anyTags]
	lo   uintptr
}

// forgetTag removes the notes at ref.lo whose object was freed.
func forgetTag(ref tagRef) {
	ts := ref.tags.Value()
	if ts == nil {
		return // the interpreter is gone
	}
	ts.mu.Lock()
	defer ts.mu.Unlock()
	for _, tag := range ts.regions[ref.lo>>tagRegionShift] {
		if tag.lo != ref.lo || tag.obj.Value() != nil {
			continue
		}
		for r := tag.lo >> tagRegionShift; r <= (tag.hi-1)>>tagRegionShift; r++ {
			ts.regions[r] = remove(ts.regions[r], tag)
			if len(ts.regions[r]) == 0 {
				delete(ts.regions, r)
			}
		}
		ts.count.Add(-1)
	}
}

// remove returns tags without tag, in a new slice (readers may hold the
// old one).
func remove(tags []*anyTag, tag *anyTag) []*anyTag {
	out := make([]*anyTag, 0, len(tags))
	for _, t := range tags {
		if t != tag {
			out = append(out, t)
		}
	}
	return out
}

// find returns the live note of the value at address p of reflect type
// rt, or nil.
func (ts *anyTags) find(p uintptr, rt reflect.Type) *anyTag {
	ts.mu.RLock()
	defer ts.mu.RUnlock()
	for _, tag := range ts.regions[p>>tagRegionShift] {
		if tag.rt != rt || p < tag.lo || p >= tag.hi || tag.size != 0 && (p-tag.lo)%tag.size != 0 {
			continue
		}
		if tag.obj.Value() != nil {
			return tag
		}
	}
	return nil
}

// anyCellType returns the interpreted type that interpreted code noted
// for the value of v, an empty interface, or nil.
func (in *Interpreter) anyCellType(v reflect.Value) *itype {
	if in == nil || in.anyTags.count.Load() == 0 || !v.CanInterface() || v.NumMethod() != 0 || v.IsNil() {
		return nil
	}
	x := v.Interface()
	rt := reflect.TypeOf(x)
	switch rt.Kind() {
	case reflect.Array, reflect.Slice, reflect.Map, reflect.Struct, reflect.Ptr:
	default:
		return nil
	}
	tag := in.anyTags.find(uintptr(dataWord(x)), rt)
	if tag == nil {
		return nil
	}
	in.anyTags.mu.RLock()
	defer in.anyTags.mu.RUnlock()
	return tag.typ
}
