package goengine

import (
	"context"
	"errors"
	"fmt"
	osexec "os/exec"
	"reflect"
	"runtime/debug"
	"strings"

	"github.com/culab/culab/kernel"
	"github.com/traefik/yaegi/interp"
)

// goroutinePanic reports the panic that ended a goroutine a cell started
// (the patched interpreter recovers it): on the stderr of the cell that is
// running, or of the next one (see capture.emit). The kernel goes on.
func (e *Engine) goroutinePanic(p interp.GoroutinePanic) {
	if stoppedCall(p.Value) {
		return // the goroutine of a stopped cell, ended as the cell was
	}
	at := fmt.Sprintf("%s line %d", strings.TrimSuffix(p.Pos.Filename, "/_.go"), p.Pos.Line)
	where := "a goroutine started at " + at
	if p.Called {
		where = "the function at " + at + ", called by compiled code on a goroutine of its own"
	}
	if code, ok := interp.ExitCode(p.Value); ok {
		// A compiled program would end here: the running cell ends (its
		// code waited for the goroutine's deferred calls, which os.Exit
		// does not run, until interrupted).
		e.cancelMu.Lock()
		running := e.cancel != nil
		if running {
			e.cancel(&goroutineExit{code: code, where: where})
		}
		e.cancelMu.Unlock()
		note := "it ended the running cell, as it would end a program"
		if !running {
			note = "it ended that goroutine (no cell was running; the notebook goes on)"
		}
		e.cap.sync()
		e.cap.emit(stderr, []byte(fmt.Sprintf("exit status %d in %s: %s\n", code, where, note)))
		return
	}
	value := panicMessage(p.Value, p.Text)
	var b strings.Builder
	fmt.Fprintf(&b, "panic in %s: %s\n", where, value)
	for _, f := range nativeFrames(string(p.Stack)) {
		b.WriteString("    in " + f + "\n")
	}
	b.WriteString("(the goroutine ended; the notebook goes on)\n")
	// After what the goroutine printed; handed over directly rather than
	// through the pipe, so that the cell that shows it comes after the
	// goroutine's end (as the race detector sees it too).
	e.cap.sync()
	e.cap.emit(stderr, []byte(b.String()))
}

// callback wraps f, a cell's function that native code calls on a
// goroutine of its own (time.AfterFunc's, context.AfterFunc's): a panic
// there ended the engine, as it ends a compiled program, and the
// notebook's variables with it. It is reported as a goroutine's panic is,
// and the notebook goes on.
func (e *Engine) callback(what string, f func()) func() {
	return func() {
		// A fault at a wild address is a panic here too, as in goCell
		// (time.AfterFunc of a cell's unsafe.Pointer read ended the engine).
		debug.SetPanicOnFault(true)
		defer func() {
			if r := recover(); r != nil {
				e.callbackPanic(what, r)
			}
		}()
		f()
	}
}

func (e *Engine) callbackPanic(what string, r any) {
	if stoppedCall(r) {
		return
	}
	e.cap.sync()
	e.cap.emit(stderr, []byte(fmt.Sprintf("panic in %s: %s\n(the call ended; the notebook goes on)\n", what, panicMessage(r, nil))))
}

// cellCommand is the cells' exec.Command: a process that a cell started is
// killed when the cell is interrupted (or stopped by the memory guard),
// as a shell's Ctrl-C ends its job; one still running when the cell ends
// normally lives on. An interrupt left exec.Command("sleep", "1000").Run()
// running, and the cell's goroutine with it, past the next cells.
func (e *Engine) cellCommand(name string, arg ...string) *osexec.Cmd {
	p := e.cellCtx.Load()
	if p == nil { // a goroutine between cells
		return osexec.Command(name, arg...)
	}
	cell := *p
	ctx, kill := context.WithCancel(context.Background())
	context.AfterFunc(cell, func() {
		if context.Cause(cell) != context.Canceled { // not the cell's end
			kill()
		}
	})
	return osexec.CommandContext(ctx, name, arg...)
}

// stoppedCall reports whether v is the panic of a cell's function called
// by compiled code after an interrupt stopped the cell (yaegi patch 120):
// not the cell's error, which the interrupt reported.
func stoppedCall(v any) bool {
	if rv, ok := v.(reflect.Value); ok && rv.IsValid() && rv.CanInterface() {
		v = rv.Interface()
	}
	err, ok := v.(error)
	return ok && errors.Is(err, interp.ErrStopped)
}

// goroutineExit is the cause that ends the running cell when a goroutine
// calls os.Exit or log.Fatal.
type goroutineExit struct {
	code  int
	where string
}

func (g *goroutineExit) Error() string { return fmt.Sprintf("exit status %d in %s", g.code, g.where) }

// goroutineExitOf is the goroutineExit that ended ctx, or nil.
func goroutineExitOf(ctx context.Context) *goroutineExit {
	var ge *goroutineExit
	if errors.As(context.Cause(ctx), &ge) {
		return ge
	}
	return nil
}

// goroutineExitError is the cell's end by a goroutine's os.Exit: none for
// status 0, as for os.Exit(0) in the cell itself.
func goroutineExitError(ge *goroutineExit) *kernel.ExecError {
	if ge.code == 0 {
		return nil
	}
	msg := fmt.Sprintf("exit status %d (os.Exit in %s ended the cell, as it would end a program, without running deferred calls; the notebook and its variables are kept)", ge.code, ge.where)
	return &kernel.ExecError{Name: "Exit", Value: msg, Traceback: []string{"Exit: " + msg}}
}
