package interp

import (
	"fmt"
	"math"
	"reflect"
)

// culab patch 43: append's growth, make of a map or a channel, make of a
// slice and a string concatenation of 1 MiB or more ask
// Options.AllocGuard first; append and a channel's buffer obey
// Options.MaxAlloc with Go's run-time errors, as make of a slice does
// (patch 34).

// plainRuntimeError is a run-time error whose message Go gives without the
// "runtime error: " prefix (makechan's).
type plainRuntimeError string

func (e plainRuntimeError) Error() string { return string(e) }

// RuntimeError makes it a runtime.Error.
func (plainRuntimeError) RuntimeError() {}

// guardAlloc asks the embedder's AllocGuard about an allocation of bytes;
// its error is the panic.
func (o *opt) guardAlloc(what string, bytes int64) {
	if o.allocGuard == nil || bytes <= 0 {
		return
	}
	if err := o.allocGuard(what, bytes); err != nil {
		panic(err)
	}
}

// limit is the most bytes one allocation may take: Options.MaxAlloc, or
// Go's own limit.
func (o *opt) limit() int64 {
	if o.maxAlloc <= 0 || o.maxAlloc > goMaxAlloc {
		return goMaxAlloc
	}
	return o.maxAlloc
}

// bytesOf is n elements of size bytes, saturating at math.MaxInt64.
func bytesOf(n int, size uintptr) int64 {
	if size != 0 && uint64(n) > uint64(math.MaxInt64)/uint64(size) {
		return math.MaxInt64
	}
	return int64(n) * int64(size)
}

// checkAppend checks that appending k elements to s may allocate what it
// needs: nothing when they fit its capacity, else a new array about as
// large as the runtime's growth makes it (double a small slice, a quarter
// more for a large one, at least what is needed).
func (o *opt) checkAppend(s reflect.Value, k int) {
	l, c := s.Len(), s.Cap()
	if k <= c-l {
		return
	}
	need := l + k
	if need < 0 {
		panic(runtimeError("growslice: len out of range"))
	}
	grown := c + c/4
	if c < 256 {
		grown = 2 * c
	}
	size := s.Type().Elem().Size()
	bytes := bytesOf(max(need, grown), size)
	if bytesOf(need, size) > o.limit() {
		panic(runtimeError("growslice: len out of range"))
	}
	o.guardAlloc("append", bytes)
}

// makeMapChecked is make(typ, n) for a map type. Past the limit Go ignores
// the size hint, as here; below it the guard is asked about the table of n
// entries (a slot per key and element, a control byte each, 7 in 8 slots
// full).
func (o *opt) makeMapChecked(typ reflect.Type, n int) reflect.Value {
	bytes := bytesOf(n, typ.Key().Size()+typ.Elem().Size()+1)
	if bytes != math.MaxInt64 {
		bytes += bytes / 7
	}
	if n < 0 || bytes > o.limit() {
		return reflect.MakeMap(typ)
	}
	o.guardAlloc("make", bytes)
	return reflect.MakeMapWithSize(typ, n)
}

// makeChanChecked is make(typ, n) for a channel type, with Go's run-time
// error for a negative or too large buffer (reflect panicked with its own
// message, or the runtime ended the process).
func (o *opt) makeChanChecked(typ reflect.Type, n int) reflect.Value {
	bytes := bytesOf(n, typ.Elem().Size())
	if n < 0 || bytes > o.limit() {
		panic(plainRuntimeError("makechan: size out of range"))
	}
	o.guardAlloc("make", bytes)
	return makeChan(typ, n)
}

// makeChan is reflect.MakeChan, which refuses a directional channel type:
// make(chan<- int) is Go (culab patch 95), a bidirectional channel
// converted to the type.
func makeChan(typ reflect.Type, n int) reflect.Value {
	if typ.ChanDir() == reflect.BothDir {
		return reflect.MakeChan(typ, n)
	}
	return reflect.MakeChan(reflect.ChanOf(reflect.BothDir, typ.Elem()), n).Convert(typ)
}

// concatGuarded is the length from which a string concatenation asks the
// guard: below it, a call per + would cost more than it could save.
const concatGuarded = 1 << 20

// concat is a + b, asking the guard first when it is long.
func (o *opt) concat(a, b string) string {
	if n := len(a) + len(b); n >= concatGuarded {
		o.guardAlloc("+", int64(n))
	}
	return a + b
}

// culab patch 45: an array type larger than one allocation may be
// (Options.MaxAlloc, or Go's limit) is a compile error: a variable, new or
// a composite literal of it ended the process with the runtime's fatal
// "out of memory" (Go's compiler takes types up to 2⁵⁰ bytes, and the
// program dies the same way). new asks Options.AllocGuard.

// checkArraySize refuses the array type t (its length at n) when its size
// passes the limit.
func (interp *Interpreter) checkArraySize(t *itype, n *node) error {
	if t.incomplete || t.length < 0 {
		return nil
	}
	rt := t.val.TypeOf()
	if rt == nil {
		return nil
	}
	size, limit := bytesOf(t.length, rt.Size()), interp.opt.limit()
	if size > limit {
		return n.cfgErrorf("array too large: %s takes %s, past the %s that one allocation may take", t.str, sizeText(size), sizeText(limit))
	}
	// culab patch 146: one the embedder's AllocGuard refuses is a compile
	// error too. A variable's storage is made with the frame, unguarded:
	// var a [1 << 34]byte took 16 GiB past the engine's cap for a cell,
	// which the variable's reset could not give back (its zero value is
	// as large), and the next such variable ended the process.
	if size >= concatGuarded && interp.opt.allocGuard != nil {
		if err := interp.opt.allocGuard("array "+t.str, size); err != nil {
			return n.cfgErrorf("array too large: %v", err)
		}
	}
	return nil
}

// sizeText writes bytes in the largest binary unit that keeps a whole
// number of them.
func sizeText(bytes int64) string {
	if bytes == math.MaxInt64 {
		return "more than 2⁶³ bytes"
	}
	for _, u := range []struct {
		shift uint
		name  string
	}{{40, "TiB"}, {30, "GiB"}, {20, "MiB"}, {10, "KiB"}} {
		if bytes >= 1<<u.shift {
			return fmt.Sprintf("%d %s", bytes>>u.shift, u.name)
		}
	}
	return fmt.Sprintf("%d bytes", bytes)
}

// failedTypeDecl returns the error of the declaration of the struct type
// of sym when its type failed (culab patch 152): a method of it said
// "cannot define new methods on non-local type struct {}" of the type
// made before its fields, hiding why.
func failedTypeDecl(sym *symbol) error {
	if sym.node == nil || sym.node.anc == nil || sym.node.anc.kind != typeSpec {
		return nil
	}
	err, _ := sym.node.anc.meta.(error)
	return err
}
