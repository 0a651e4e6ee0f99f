package interp

import (
	"fmt"
	"reflect"
)

// culab patch 32: run-time errors with Go's values and messages.

// runtimeError is a run-time error of the interpreter with Go's message, a
// runtime.Error.
type runtimeError string

func (e runtimeError) Error() string { return "runtime error: " + string(e) }

// RuntimeError makes it a runtime.Error.
func (runtimeError) RuntimeError() {}

// sliceToArrayCheck returns value, checked to convert to typ: a slice
// shorter than the array type typ (or than the array typ points to) is
// Go's run-time error, a runtime.Error, where reflect panicked with its own
// message.
func sliceToArrayCheck(value func(*frame) reflect.Value, typ reflect.Type) func(*frame) reflect.Value {
	at := typ
	if at.Kind() == reflect.Ptr {
		at = at.Elem()
	}
	if at.Kind() != reflect.Array {
		return value
	}
	n := at.Len()
	return func(f *frame) reflect.Value {
		v := value(f)
		if v.Kind() == reflect.Slice && v.Len() < n {
			panic(runtimeError(fmt.Sprintf("cannot convert slice with length %d to array or pointer to array with length %d", v.Len(), n)))
		}
		return v
	}
}
