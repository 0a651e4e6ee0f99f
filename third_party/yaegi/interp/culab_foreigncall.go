package interp

import (
	"runtime"
	"runtime/debug"
	"strings"
)

// culab patch 160: a cell's function that compiled code calls on a
// goroutine of its own (net/http's handler goroutines, exec.Cmd's copier
// of a cell's Stdin, a Transport's dialer) ended the process when it
// panicked there, or read a wild address (Go's "fatal error: fault"): no
// interpreted code below it recovers. The embedder's goroutines and the
// interpreter's run with faults as panics (patch 42), which is how such a
// goroutine is told apart: a call that finds the setting off turns it on,
// and a panic that leaves the call goes to Options.GoroutinePanic and ends
// the goroutine with runtime.Goexit, which runs the compiled code's
// deferred calls (net/http closes the connection, as after a panic).

// enterCall reports whether a call of interpreted code from compiled code
// runs on a goroutine that no interpreted code began: then the caller
// defers leaveForeignCall.
func (interp *Interpreter) enterCall() bool {
	return interp.opt.goPanic != nil && !debug.SetPanicOnFault(true)
}

// leaveForeignCall ends a call that enterCall found on a foreign
// goroutine: the setting goes back, and a panic is reported and ends the
// goroutine, except in iter.Pull's coroutine, whose panic goes on to the
// caller of next, interpreted code.
func (interp *Interpreter) leaveForeignCall(n *node) {
	r := recover()
	debug.SetPanicOnFault(false)
	if r == nil {
		return
	}
	if inPull() {
		panic(r)
	}
	interp.opt.goPanic(GoroutinePanic{Value: r, Pos: interp.fset.Position(n.pos), Stack: takePanicStack(), Text: takePanicText(), Called: true})
	runtime.Goexit()
}

// inPull reports whether the calling goroutine is iter.Pull's coroutine.
func inPull() bool {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	for {
		f, more := frames.Next()
		if strings.HasPrefix(f.Function, "iter.Pull") {
			return true
		}
		if !more {
			return false
		}
	}
}
