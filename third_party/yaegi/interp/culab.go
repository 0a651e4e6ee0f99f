package interp

// culab patches 2 and 3 (see PATCHES.md at the module's root): runaway
// recursion becomes a panic of the interpreted code, and a panic in a
// goroutine that interpreted code started is handed to the embedder.

import (
	"errors"
	"fmt"
	"go/token"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// ErrStopped is the panic of a call of an interpreted function by compiled
// code after the interpreter was stopped (culab patch 120).
var ErrStopped = errors.New("the cell was stopped: compiled code called one of its functions after the stop")

// StackOverflow is the panic value of an interpreted call made when its
// goroutine had more than Options.MaxStackFrames Go frames.
type StackOverflow struct {
	Depth int            // interpreted calls on the goroutine's stack
	Func  string         // the function called, as in panic traces: main.f
	Pos   token.Position // where the function is declared
}

func (e *StackOverflow) Error() string {
	return fmt.Sprintf("stack overflow: recursion deeper than %d calls in %s", e.Depth, strings.TrimPrefix(e.Func, "main."))
}

// A goroutine's depth is measured by walking its stack, which takes a
// time in the depth: it is measured now and then, often only near the
// limit. After a measure of depth frames, no goroutine can pass the limit
// by much before (limit-depth)/maxFramesPerCall more interpreted calls
// (2 to 7 frames each, more with compiled code between): the next measure
// comes then. Another goroutine, deeper than the one measured, may pass
// the limit by that much (less than the limit again) before it is
// measured.
const maxFramesPerCall = 16

var (
	stackCalls     atomic.Uint64 // interpreted calls so far, in all goroutines
	nextStackCheck atomic.Uint64 // the call that measures its goroutine's stack next
	stackBuffers   = sync.Pool{New: func() any { return new([]uintptr) }}
)

// checkStack panics with a *StackOverflow when the goroutine has more Go
// frames than the limit, before running funcNode's body from n.
func (interp *Interpreter) checkStack(n, funcNode *node) {
	limit := interp.opt.maxFrames
	if limit <= 0 {
		return
	}
	call := stackCalls.Add(1)
	if call < nextStackCheck.Load() {
		return
	}
	pcs := stackBuffers.Get().(*[]uintptr)
	if len(*pcs) < limit+1 {
		*pcs = make([]uintptr, limit+1)
	}
	depth := runtime.Callers(0, (*pcs)[:limit+1])
	stackBuffers.Put(pcs)
	nextStackCheck.Store(call + uint64(max((limit-depth)/maxFramesPerCall, 1)))
	if depth <= limit {
		return
	}
	so := &StackOverflow{Depth: interpretedDepth(limit), Func: panicFunc(n.scope)}
	if funcNode != nil {
		so.Pos = interp.fset.Position(funcNode.pos)
	}
	panic(so)
}

// interpretedDepth counts the interpreted calls on the stack: the frames
// of runCfgFrame.
func interpretedDepth(limit int) int {
	pcs := make([]uintptr, limit+1024)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(1, pcs)])
	depth := 0
	for {
		fr, more := frames.Next()
		if strings.HasSuffix(fr.Function, "/interp.runCfgFrame") {
			depth++
		}
		if !more {
			return depth
		}
	}
}

// A panic unwinds the interpreted frames one at a time: each frame's
// runCfgFrame recovers it to run the frame's deferred calls, and runCfg
// panics again with it from a plain frame (see runCfg). The Go stack of a
// rethrown panic no longer holds the frames where the panic began, which
// Panic.Stack and GoroutinePanic.Stack show: the first frame to recover it
// keeps that stack here, by goroutine, until the panic is recovered or
// reported.
var panicStacks sync.Map // goroutine ID → []byte

// notePanicStack keeps the stack of a panic that began below the calling
// deferred call of runCfgFrame, not in runCfg's rethrow.
func notePanicStack() {
	var pcs [16]uintptr
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs[:])])
	for {
		fr, more := frames.Next()
		if fr.Function == "runtime.gopanic" {
			if next, _ := frames.Next(); strings.HasSuffix(next.Function, "/interp.runCfg") {
				return // rethrown: its stack is kept already
			}
			break
		}
		if !more {
			break
		}
	}
	panicStacks.Store(goroutineID(), debug.Stack())
}

// forgetPanicStack drops the stack of the goroutine's panic: it was
// recovered.
func forgetPanicStack() {
	id := goroutineID()
	panicStacks.Delete(id)
	panicTexts.Delete(id) // culab patch 9
}

// takePanicStack returns the stack of the panic being recovered: the one
// kept where it began, or the goroutine's current one.
func takePanicStack() []byte {
	if s, ok := panicStacks.LoadAndDelete(goroutineID()); ok {
		return s.([]byte)
	}
	return debug.Stack()
}

// goroutineID is the ID of the calling goroutine, which its stack trace
// starts with: "goroutine 7 [running]:".
func goroutineID() uint64 {
	var b [64]byte
	s := strings.TrimPrefix(string(b[:runtime.Stack(b[:], false)]), "goroutine ")
	id, _ := strconv.ParseUint(s[:max(strings.IndexByte(s, ' '), 0)], 10, 64)
	return id
}

// GoroutinePanic is a panic that ended a goroutine started by
// interpreted code.
type GoroutinePanic struct {
	Value any            // what was passed to panic
	Pos   token.Position // the go statement
	Stack []byte         // the goroutine's stack when the panic was recovered
	Text  *PanicText     // the value's message, when its type is interpreted (culab patch 9)
	// Called: the goroutine is compiled code's, which called the function
	// at Pos (culab patch 160), not one that a go statement at Pos began.
	Called bool
}

// goroutine runs fn, the body of a goroutine that interpreted code started
// at n, handing a panic that ends it to Options.GoroutinePanic when set.
func (interp *Interpreter) goroutine(n *node, fn func()) {
	if h := interp.opt.goPanic; h != nil {
		// culab patch 42: a fault at a wild address (through unsafe) is a
		// panic of the goroutine, which h gets, not a fatal error of the
		// process; the embedder does the same on the goroutines it runs
		// interpreted code on.
		debug.SetPanicOnFault(true)
		defer func() {
			if r := recover(); r != nil {
				h(GoroutinePanic{Value: r, Pos: interp.fset.Position(n.pos), Stack: takePanicStack(), Text: takePanicText()})
			}
		}()
	}
	fn()
}
