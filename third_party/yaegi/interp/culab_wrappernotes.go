//go:build go1.24

package interp

// culab patch 136: a wrapper knows the cell type of its value. A value of
// a cell type in a compiled interface (an io.Writer parameter, a
// fmt.Stringer variable) is the interpreter's wrapper, a struct of the
// value (IValue) and of method funcs, which did not say the value's cell
// type: an assertion to another interface (out.(io.Closer),
// out.(fmt.Stringer), the optional methods a writer is asked for) failed
// where Go finds the method, %T printed stdlib._io_Writer for *main.w, and
// an assertion back to a cell interface with more methods failed. The
// interpreter now notes the node whose type is the value's when it makes
// a wrapper, by the object of its first method func (made for that
// wrapper), with a weak pointer as patch 47 notes; dynamicOf and fmt's
// dynamicValue read the note.

import (
	"reflect"
	"sync"
	"unsafe"
	"weak"
)

type wrapperNote struct {
	obj weak.Pointer[byte]
	n   *node // nil: the object was noted with several types
}

var wrapperNotes struct {
	mu    sync.Mutex
	m     map[uintptr]wrapperNote
	swept int
}

// wrapperFuncObject returns the object of w's first method func, or nil.
func wrapperFuncObject(w reflect.Value) unsafe.Pointer {
	if w.Kind() != reflect.Struct || w.NumField() < 2 {
		return nil
	}
	fv := w.Field(1)
	if fv.Kind() != reflect.Func || fv.IsNil() || !fv.CanInterface() {
		return nil
	}
	return dataWord(fv.Interface())
}

// noteWrapper notes that wrapper w holds a value of n's type.
func noteWrapper(w reflect.Value, n *node) {
	if n == nil || n.typ == nil || n.typ.cat == valueT || n.typ.cat == nilT || isInterface(n.typ) {
		return
	}
	p := wrapperFuncObject(w)
	if p == nil {
		return
	}
	wrapperNotes.mu.Lock()
	defer wrapperNotes.mu.Unlock()
	if wrapperNotes.m == nil {
		wrapperNotes.m = map[uintptr]wrapperNote{}
	}
	if old, ok := wrapperNotes.m[uintptr(p)]; ok && old.obj.Value() != nil {
		if old.n != nil && old.n.typ != n.typ && old.n.typ.id() != n.typ.id() {
			old.n = nil
			wrapperNotes.m[uintptr(p)] = old
		}
		return
	}
	wrapperNotes.m[uintptr(p)] = wrapperNote{obj: weak.Make((*byte)(p)), n: n}
	if len(wrapperNotes.m) >= minSweep && len(wrapperNotes.m) >= 2*wrapperNotes.swept {
		for k, note := range wrapperNotes.m {
			if note.obj.Value() == nil {
				delete(wrapperNotes.m, k)
			}
		}
		wrapperNotes.swept = len(wrapperNotes.m)
	}
}

// notedWrapperNode returns the node noted for wrapper w, whose type is
// that of the value w holds, or nil.
func notedWrapperNode(w reflect.Value) *node {
	p := wrapperFuncObject(w)
	if p == nil {
		return nil
	}
	wrapperNotes.mu.Lock()
	defer wrapperNotes.mu.Unlock()
	note, ok := wrapperNotes.m[uintptr(p)]
	if !ok || note.obj.Value() == nil {
		return nil
	}
	return note.n
}
