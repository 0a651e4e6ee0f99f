package interp

import (
	"fmt"
	"reflect"
	"strings"
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

// culab patch 34: index, slice-bounds, makeslice and nil-dereference panics
// are Go's runtime errors, where reflect's own panics (plain strings, not
// runtime.Error values) came through.

// indexChecked is a.Index(i), with Go's run-time error for an index out of
// range of an array, a slice or a string.
func indexChecked(a reflect.Value, i int) reflect.Value {
	if n := a.Len(); i < 0 || i >= n {
		if i < 0 {
			panic(runtimeError(fmt.Sprintf("index out of range [%d]", i)))
		}
		panic(runtimeError(fmt.Sprintf("index out of range [%d] with length %d", i, n)))
	}
	return a.Index(i)
}

// sliceBound is the bound that a slice expression's high (or max) index is
// checked against, as Go names it: a slice's capacity, the length of a
// string or array.
func sliceBound(a reflect.Value) (int, string) {
	if a.Kind() == reflect.Slice {
		return a.Cap(), "capacity"
	}
	return a.Len(), "length"
}

// sliceChecked is a[lo:hi], checked in Go's order, with its messages.
func sliceChecked(a reflect.Value, lo, hi int) reflect.Value {
	bound, what := sliceBound(a)
	switch {
	case hi < 0:
		panic(runtimeError(fmt.Sprintf("slice bounds out of range [:%d]", hi)))
	case hi > bound:
		panic(runtimeError(fmt.Sprintf("slice bounds out of range [:%d] with %s %d", hi, what, bound)))
	case lo < 0:
		panic(runtimeError(fmt.Sprintf("slice bounds out of range [%d:]", lo)))
	case lo > hi:
		panic(runtimeError(fmt.Sprintf("slice bounds out of range [%d:%d]", lo, hi)))
	}
	return a.Slice(lo, hi)
}

// slice3Checked is a[lo:hi:max], checked in Go's order, with its messages.
func slice3Checked(a reflect.Value, lo, hi, max int) reflect.Value {
	bound, what := sliceBound(a)
	switch {
	case max < 0:
		panic(runtimeError(fmt.Sprintf("slice bounds out of range [::%d]", max)))
	case max > bound:
		panic(runtimeError(fmt.Sprintf("slice bounds out of range [::%d] with %s %d", max, what, bound)))
	case hi < 0:
		panic(runtimeError(fmt.Sprintf("slice bounds out of range [:%d:]", hi)))
	case hi > max:
		panic(runtimeError(fmt.Sprintf("slice bounds out of range [:%d:%d]", hi, max)))
	case lo < 0:
		panic(runtimeError(fmt.Sprintf("slice bounds out of range [%d::]", lo)))
	case lo > hi:
		panic(runtimeError(fmt.Sprintf("slice bounds out of range [%d:%d:]", lo, hi)))
	}
	return a.Slice3(lo, hi, max)
}

// makeSliceChecked is make(typ, n, c) with Go's run-time errors: a
// negative length or capacity, a capacity below the length, or a size
// beyond what may be allocated (reflect panicked, or the runtime ended the
// process with "out of memory", which no recover catches).
// The embedder's AllocGuard is asked before it allocates (culab patch 43).
func makeSliceChecked(typ reflect.Type, n, c int, o *opt) reflect.Value {
	limit := maxSliceLen(typ, o.maxAlloc)
	if n < 0 || n > limit {
		panic(runtimeError("makeslice: len out of range"))
	}
	if c < n || c > limit {
		panic(runtimeError("makeslice: cap out of range"))
	}
	o.guardAlloc("make", bytesOf(c, typ.Elem().Size())) // culab patch 43
	return reflect.MakeSlice(typ, n, c)
}

// goMaxAlloc is Go's limit on one allocation on 64-bit Linux (runtime's
// maxAlloc, 2⁴⁸ bytes).
const goMaxAlloc = 1 << 48

// maxSliceLen is the most elements of a slice of type typ that make may
// allocate, under maxAlloc bytes (Options.MaxAlloc; ≤ 0: Go's limit).
func maxSliceLen(typ reflect.Type, maxAlloc int64) int {
	if maxAlloc <= 0 || maxAlloc > goMaxAlloc {
		maxAlloc = goMaxAlloc
	}
	size := int64(typ.Elem().Size())
	if size == 0 {
		return int(^uint(0) >> 1)
	}
	return int(maxAlloc / size)
}

// goRuntimeError is the panic value p as Go would have it: reflect's panics
// for a nil pointer dereference, or for a method called on a nil interface
// value, become Go's runtime error. Other values are p.
func goRuntimeError(p any) any {
	switch v := p.(type) {
	case *reflect.ValueError:
		if v.Kind == reflect.Invalid {
			return runtimeError("invalid memory address or nil pointer dereference")
		}
	case string:
		switch v {
		case "reflect: Method on nil interface value", "reflect.Value.Call: call of nil function",
			"reflect: call of reflect.Value.Field on zero Value",
			"reflect: call of reflect.Value.Elem on zero Value",
			"reflect: indirection through nil pointer to embedded struct": // culab patch 58
			return runtimeError("invalid memory address or nil pointer dereference")
		}
	case error:
		// culab patch 58: reflect's map functions say "hash of unhashable
		// type: T"; the runtime's map statements, whose message Go
		// programs print, "runtime error: hash of unhashable type T".
		if t, ok := strings.CutPrefix(v.Error(), "hash of unhashable type: "); ok {
			return runtimeError("hash of unhashable type " + t)
		}
	}
	return p
}
