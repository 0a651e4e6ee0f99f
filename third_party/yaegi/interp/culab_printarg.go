package interp

import (
	"fmt"
	"reflect"
)

// culab patch 113: an embedder's function given fmt's MapTypes (formatter,
// error, stringer: a printing function, patch 20) gets, for an argument
// that may hold values of interpreted types, a fmt.Formatter that prints
// it as Go prints it (a cell type's String inside a slice, a map, a
// struct). Such a function that also needs the value itself (to tell an
// error, or to show an image) asks PrintedValue for it, while it is
// called; it prints the argument with Sprint, which, as the interpreter's
// printing functions do, panics with a stack overflow of a method that fmt
// called (fmt recovers the panics of methods).

// PrintedValue returns, for v, an argument of a call of a printing
// function, the value as the interpreter passes it to other functions
// (wrapped as the first of the function's MapTypes that its type
// implements), and true where v is the printing argument of such a value;
// v and false otherwise. It must be called during the call: the value may
// be read from the caller's frame.
func PrintedValue(v any) (value any, ok bool) {
	c, ok := v.(*cellValue)
	if !ok {
		return v, false
	}
	if c.v.Kind() == reflect.Ptr && c.v.IsNil() {
		// Wrapped for a method of a value receiver, a nil pointer
		// panics; what it is, is nil.
		return c.v.Interface(), true
	}
	o := c.orig.get(c.f)
	if !o.IsValid() || (o.Kind() == reflect.Interface && o.IsNil()) {
		return nil, true
	}
	return o.Interface(), true
}

// Sprint is fmt.Sprint of a, arguments of a printing function, panicking
// with the stack overflow of a method that fmt called to print one.
func Sprint(a ...any) string {
	s := fmt.Sprint(a...)
	rethrowOverflow(a)
	return s
}
