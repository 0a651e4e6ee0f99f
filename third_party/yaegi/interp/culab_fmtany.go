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
// (json wrote {} for it until patch 112 unwrapped it for json's calls),
// and wrapping these types too would make the same of []any{[]ID{7}},
// whose json is right. So the value stays as it is and
// its type is noted aside, by the interface's data word: the object that
// holds the interface's copy of the value (its box), which the
// interface's copies share, or for a map or a pointer the value itself.
// The interpreter makes the box: a value without pointers goes in a slot
// of a chunk, an array of boxes of its type, noted once; one with
// pointers in a box of its own (a chunk would keep what the dead boxes
// point to alive as long as one of its boxes is). Only fmt's printing
// (dynamicValue) reads the notes: what compiled code gets is what it got,
// a []int in an any. A weak pointer tells a noted object from a new one at
// the address of a freed one; the notes of freed ones are swept out as
// notes are added.

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
	// minSweep is the number of notes below which none is swept.
	minSweep = 1024
)

// anyTags is what an interpreter noted of the objects that its values in
// empty interfaces point to: their interpreted types.
type anyTags struct {
	mu      sync.RWMutex
	objects map[anyKey]*anyTag    // a box of its own, a map, a pointer
	regions map[uintptr][]*anyTag // chunks, by address >> tagRegionShift
	count   atomic.Int64          // the notes: none, no look-up
	swept   int64                 // the notes that the last sweep left
	boxes   sync.Map              // *itype → *boxAlloc
}

// anyKey is an object's address and the reflect type of the interface
// that holds it.
type anyKey struct {
	p  uintptr
	rt reflect.Type
}

// anyTag notes the interpreted type of the values of reflect type rt at
// the addresses lo, lo+size, … below hi (a chunk), or at lo (an object).
type anyTag struct {
	lo, hi, size uintptr
	rt           reflect.Type
	obj          weak.Pointer[byte] // the chunk or object
	typ          *itype             // nil: several (see noteObject); under mu
	boxed        bool               // a box of the interpreter's (patch 84)
}

// boxAlloc says how the values of one type are noted in an any, and
// hands out the boxes of its chunks.
type boxAlloc struct {
	kind   int // ownBox, inChunk, asIs
	mu     sync.Mutex
	typ    *itype
	rt     reflect.Type
	rtWord unsafe.Pointer // the type word of an interface holding an rt
	n      int            // the boxes of a chunk
	chunk  reflect.Value  // the current chunk, an addressable [n]rt
	next   int
	last   *anyTag // the note of the last box of its own, map or object
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
	ident := needsTypeNote(t) // culab patch 84
	value := genValue(n)
	in := n.interp
	tagged := sync.OnceValue(func() bool { return ident || in.fmtTagged(t) })
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
	return t != nil && (needsTypeNote(t) || mayTag(t, map[*itype]bool{}))
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
// has promoted ones, or an unexported field of a compiled type with a
// method that fmt calls: the static part of fmtTagged, when the code is
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
			if f.embed || mayTag(f.typ, seen) || hiddenCompiledFmt(f) {
				return true
			}
		}
	}
	return false
}

// hiddenCompiledFmt reports whether f is an unexported field that holds a
// compiled type with a method that fmt calls: fmt calls none under an
// unexported field, but the interpreter's reflect type exports it.
func hiddenCompiledFmt(f structField) bool {
	return !canExport(f.name) && !f.embed && hasCompiledFmt(f.typ, map[*itype]bool{})
}

// fmtTagged reports whether a value of interpreted type t holds, or is
// through embedding, one of a type with a method that fmt calls (Format,
// GoString, Error, String), or holds an unexported field of a compiled
// type with one: a value whose printing fmt cannot get right from its
// reflect value.
func (in *Interpreter) fmtTagged(t *itype) bool {
	return in.holdsFmtMethods(t, map[*itype]bool{})
}

func (in *Interpreter) holdsFmtMethods(t *itype, seen map[*itype]bool) bool {
	if t == nil || seen[t] || t.cat == valueT || isInterface(t) {
		return false
	}
	seen[t] = true
	for _, m := range in.infoOf(t).methods {
		if m.ok() {
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
			if in.holdsFmtMethods(f.typ, seen) || hiddenCompiledFmt(f) {
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
	if rt != a.rt {
		return v // not the reflect type of t's first value: left as it is
	}
	var x any
	switch a.kind {
	case inChunk:
		x = a.box(in, v)
	case asIs:
		x = v.Interface()
		if p := dataWord(x); p != nil {
			a.noteObject(in, p)
		}
	default:
		if !v.CanAddr() {
			// The interface would hold v's own storage, which may be
			// shared (reflect.Zero's); a copy has its own.
			c := reflect.New(rt).Elem()
			c.Set(v)
			v = c
		}
		x = a.ownBox(in, v)
	}
	return reflect.ValueOf(&x).Elem()
}

// noteObject notes the map or object p of a's type, unless it is the
// last one.
func (a *boxAlloc) noteObject(in *Interpreter, p unsafe.Pointer) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.last != nil && a.last.lo == uintptr(p) && a.last.obj.Value() != nil {
		return
	}
	if tag := in.anyTags.noteObject(p, a.rt, a.typ); tag != nil {
		a.last = tag
	}
}

// ownBox returns v, addressable, in an interface whose data word is a box
// of its own, noted: the last one of a's type, where it holds the same
// bytes (a box is never written to, and a loop that puts one slice in an
// any again and again would note a box each time), or a new one.
func (a *boxAlloc) ownBox(in *Interpreter, v reflect.Value) any {
	size := int(a.rt.Size())
	bytes := unsafe.Slice((*byte)(v.Addr().UnsafePointer()), size)
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.last != nil {
		if p := a.last.obj.Value(); p != nil && string(unsafe.Slice(p, size)) == string(bytes) {
			var x any
			e := (*[2]unsafe.Pointer)(unsafe.Pointer(&x))
			e[0], e[1] = a.rtWord, unsafe.Pointer(p)
			return x
		}
	}
	x := v.Interface() // a copy, in a box of its own
	a.last = in.anyTags.noteBox(dataWord(x), a.rt, a.typ)
	return x
}

// How the values of a type are noted in an any.
const (
	ownBox  = iota // in a box of its own: a value that holds pointers
	inChunk        // in a box of a chunk: one without pointers
	asIs           // by itself: a map, a pointer, a struct of one pointer…
)

// boxAllocFor returns how the values of type t, of reflect type rt, are
// noted in an any, and their chunks.
func (in *Interpreter) boxAllocFor(t *itype, rt reflect.Type) *boxAlloc {
	if a, ok := in.anyTags.boxes.Load(t); ok {
		return a.(*boxAlloc)
	}
	x := reflect.New(rt).Elem().Interface()
	a := &boxAlloc{typ: t, rt: rt, rtWord: typeWord(x), n: max(1, chunkBytes/int(rt.Size()))}
	switch {
	case dataWord(x) == nil:
		// The runtime's choice: an interface holding the zero value of
		// a pointer's shape has a nil data word; one holding a value in
		// a box, the box.
		a.kind = asIs
	case !hasPointers(rt):
		a.kind = inChunk
	}
	v, _ := in.anyTags.boxes.LoadOrStore(t, a)
	return v.(*boxAlloc)
}

// hasPointers reports whether a value of rt holds pointers.
func hasPointers(rt reflect.Type) bool {
	switch rt.Kind() {
	case reflect.Array:
		return rt.Len() > 0 && hasPointers(rt.Elem())
	case reflect.Struct:
		for i := 0; i < rt.NumField(); i++ {
			if hasPointers(rt.Field(i).Type) {
				return true
			}
		}
		return false
	case reflect.String, reflect.Slice, reflect.Map, reflect.Ptr, reflect.Chan, reflect.Func, reflect.Interface, reflect.UnsafePointer:
		return true
	}
	return false
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
// type t; the chunk was just allocated, a heap object of its own.
func (ts *anyTags) noteChunk(lo unsafe.Pointer, size uintptr, rt reflect.Type, t *itype) {
	tag := &anyTag{lo: uintptr(lo), hi: uintptr(lo) + size, size: rt.Size(), rt: rt, typ: t, obj: weak.Make((*byte)(lo)), boxed: true}
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if ts.regions == nil {
		ts.regions = map[uintptr][]*anyTag{}
	}
	for r := tag.lo >> tagRegionShift; r <= (tag.hi-1)>>tagRegionShift; r++ {
		ts.regions[r] = append(ts.regions[r], tag)
	}
	ts.added()
}

// noteBox notes that the box at p, just allocated, holds a value of type
// t of reflect type rt, and returns the note.
func (ts *anyTags) noteBox(p unsafe.Pointer, rt reflect.Type, t *itype) *anyTag {
	tag := &anyTag{lo: uintptr(p), hi: uintptr(p) + 1, rt: rt, typ: t, obj: weak.Make((*byte)(p)), boxed: true}
	ts.addObject(tag)
	return tag
}

// noteObject notes that the map or the object that p points to, in an
// interface with reflect type rt, is a value of type t, and returns the
// note, nil where p is not a heap object.
func (ts *anyTags) noteObject(p unsafe.Pointer, rt reflect.Type, t *itype) *anyTag {
	if old := ts.find(uintptr(p), rt); old != nil {
		ts.mu.Lock()
		defer ts.mu.Unlock()
		// Put in an any again: one note for it. Put there as another
		// type of the same reflect type (type M map[ID]ID and
		// map[ID]ID, *A and *B of two struct types with the same
		// fields), it has no type for fmt, rather than the latest.
		if old.typ != t {
			old.typ = nil
		}
		return old
	}
	if !onHeap((*byte)(p)) {
		return nil
	}
	tag := &anyTag{lo: uintptr(p), hi: uintptr(p) + 1, rt: rt, typ: t, obj: weak.Make((*byte)(p))}
	ts.addObject(tag)
	return tag
}

// onHeap reports whether p points into a heap object, which the runtime
// makes a weak pointer to: a pointer may point to a global variable
// (through a conversion of *int to *ID), or to the zero-size values'
// address. The runtime's cleanups tell (they are no-ops for a global and
// refuse other non-heap pointers).
func onHeap(p *byte) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	c := runtime.AddCleanup(p, func(struct{}) {}, struct{}{})
	if c == (runtime.Cleanup{}) {
		return false
	}
	c.Stop()
	return true
}

// addObject indexes tag, of an object.
func (ts *anyTags) addObject(tag *anyTag) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if ts.objects == nil {
		ts.objects = map[anyKey]*anyTag{}
	}
	ts.objects[anyKey{tag.lo, tag.rt}] = tag
	ts.added()
}

// added counts a note added, and sweeps out the notes of freed objects
// when the notes have doubled since the last sweep; under mu.
func (ts *anyTags) added() {
	if n := ts.count.Add(1); n >= minSweep && n >= 2*ts.swept {
		ts.sweep()
	}
}

// sweep removes the notes of freed objects; under mu.
func (ts *anyTags) sweep() {
	n := ts.count.Load()
	for k, tag := range ts.objects {
		if tag.obj.Value() == nil {
			delete(ts.objects, k)
			n--
		}
	}
	for r, tags := range ts.regions {
		live := tags[:0:0]
		for _, tag := range tags {
			if tag.obj.Value() != nil {
				live = append(live, tag)
			} else if r == tag.lo>>tagRegionShift {
				n-- // counted once, in its first region
			}
		}
		if len(live) == 0 {
			delete(ts.regions, r)
		} else {
			ts.regions[r] = live
		}
	}
	ts.count.Store(n)
	ts.swept = n
}

// find returns the live note of the value at address p of reflect type
// rt, or nil.
func (ts *anyTags) find(p uintptr, rt reflect.Type) *anyTag {
	ts.mu.RLock()
	defer ts.mu.RUnlock()
	if tag := ts.objects[anyKey{p, rt}]; tag != nil && tag.obj.Value() != nil {
		return tag
	}
	for _, tag := range ts.regions[p>>tagRegionShift] {
		if tag.rt != rt || p < tag.lo || p >= tag.hi || (p-tag.lo)%tag.size != 0 {
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

// culab patch 84: a value of a defined cell type without methods, of a
// basic, slice or array type, put in an any is noted too, for its
// dynamic type: its reflect type is its underlying type's, so a type
// switch took celsius(20) for a float64 (and fahrenheit(68) for a
// celsius), and any(name("x")) == any("x") was true. Type switches,
// assertions and comparisons of interfaces look the note up
// (dynamicIn). Only the interpreter's own boxes tell: a map, a pointer,
// a channel or a function is its own data word, which the same value
// put in an any as another type shares.

// needsTypeNote reports whether a value of type t goes into an any with a
// note of its type, for its dynamic type.
func needsTypeNote(t *itype) bool {
	if t == nil || t.name == "" || t.path == "" || t.cat == valueT || len(t.method) > 0 {
		return false
	}
	switch t.underlying().cat {
	case boolT, intT, int8T, int16T, int32T, int64T, uintT, uint8T, uint16T, uint32T, uint64T, uintptrT,
		float32T, float64T, complex64T, complex128T, stringT, sliceT, arrayT:
		return true
	}
	return false
}

// anyBoxType returns the interpreted type noted for the value of the
// empty interface v when it is in a box of the interpreter's, or nil.
func (in *Interpreter) anyBoxType(v reflect.Value) *itype {
	if in == nil || in.anyTags.count.Load() == 0 || !v.CanInterface() || v.NumMethod() != 0 || v.IsNil() {
		return nil
	}
	x := v.Interface()
	p := dataWord(x)
	if p == nil {
		return nil
	}
	tag := in.anyTags.find(uintptr(p), reflect.TypeOf(x))
	if tag == nil || !tag.boxed {
		return nil
	}
	in.anyTags.mu.RLock()
	defer in.anyTags.mu.RUnlock()
	if tag.typ == nil || !needsTypeNote(tag.typ) {
		return nil
	}
	return tag.typ
}

// dynamicIn is dynamicOf(v), with the type that interpreted code noted
// for a value it put in an any (patch 84).
func dynamicIn(in *Interpreter, v reflect.Value) dynValue {
	d := dynamicOf(v)
	if d.node == nil && d.iface.IsValid() {
		if t := in.anyBoxType(d.iface); t != nil {
			d.node = &node{typ: t, interp: in}
		}
	}
	return d
}
