// Package holds tells a value that fmt would print without end: one that
// holds itself.
package holds

import (
	"fmt"
	"reflect"
	"unsafe"
)

// Itself reports whether fmt, printing v, would follow it back into
// itself: through a slice, a map or an interface (x[0] = x with x a []any),
// which fmt prints without end; its stack overflow is a fatal error that
// ended the engine, from a cell's result, a panic's value or display.Show.
// (A pointer below the top fmt prints as an address, and a value with a
// String, Error or Format method is the method's to print.) Values nested
// deeper than maxNest count too.
func Itself(v any) bool {
	w := nestWalk{open: map[nestKey]bool{}, budget: nestBudget}
	return w.loops(reflect.ValueOf(v), 0)
}

const (
	maxNest    = 10_000     // as the interpreter's fmt (yaegi patch 42)
	nestBudget = 10_000_000 // values looked at, at most: then it is let be
)

// nestKey names a slice (its array, length and type) or a map that is
// being printed.
type nestKey struct {
	p unsafe.Pointer
	n int
	t reflect.Type
}

type nestWalk struct {
	open   map[nestKey]bool // the containers being printed, outermost first
	budget int
}

var (
	formatterType = reflect.TypeFor[fmt.Formatter]()
	stringerType  = reflect.TypeFor[fmt.Stringer]()
	errorType     = reflect.TypeFor[error]()
)

func (w *nestWalk) loops(v reflect.Value, depth int) bool {
	if !v.IsValid() || w.budget <= 0 {
		return false
	}
	w.budget--
	if depth > maxNest {
		return true
	}
	if t := v.Type(); v.CanInterface() && (t.Implements(formatterType) || t.Implements(stringerType) || t.Implements(errorType)) {
		return false
	}
	switch v.Kind() {
	case reflect.Interface:
		return w.loops(v.Elem(), depth+1)
	case reflect.Pointer:
		// fmt follows only the top pointer, to a struct, array, slice or map.
		if depth > 0 || v.IsNil() {
			return false
		}
		return w.loops(v.Elem(), depth+1)
	case reflect.Struct:
		for i := range v.NumField() {
			if w.loops(v.Field(i), depth+1) {
				return true
			}
		}
	case reflect.Array:
		if !mayNest(v.Type().Elem()) {
			return false
		}
		for i := range v.Len() {
			if w.loops(v.Index(i), depth+1) {
				return true
			}
		}
	case reflect.Slice:
		if v.IsNil() || !mayNest(v.Type().Elem()) {
			return false
		}
		return w.inside(nestKey{v.UnsafePointer(), v.Len(), v.Type()}, func() bool {
			for i := range v.Len() {
				if w.loops(v.Index(i), depth+1) {
					return true
				}
			}
			return false
		})
	case reflect.Map:
		if v.IsNil() || !mayNest(v.Type().Key()) && !mayNest(v.Type().Elem()) {
			return false
		}
		return w.inside(nestKey{v.UnsafePointer(), 0, v.Type()}, func() bool {
			for it := v.MapRange(); it.Next(); {
				if w.loops(it.Key(), depth+1) || w.loops(it.Value(), depth+1) {
					return true
				}
			}
			return false
		})
	}
	return false
}

// inside walks a container: one already being printed is a loop.
func (w *nestWalk) inside(k nestKey, walk func() bool) bool {
	if w.open[k] {
		return true
	}
	w.open[k] = true
	defer delete(w.open, k)
	return walk()
}

// mayNest reports whether a value of t may hold a slice, map or interface
// that fmt follows.
func mayNest(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Interface, reflect.Slice, reflect.Map, reflect.Array, reflect.Struct:
		return true
	}
	return false
}
