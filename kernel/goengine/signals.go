package goengine

import (
	"context"
	"os"
	"os/signal"
	"reflect"
	"sync"
	"syscall"
)

// The engine's process ignores SIGINT (engineproc: the kernel relays
// interrupts as requests), and is in the kernel's process group, which an
// interrupt of Jupyter's "signal" mode or a terminal's Ctrl-C signals as a
// whole. A cell's signal.Notify of SIGINT then signal.Stop, or its
// signal.Reset, gave SIGINT back to Go's default, which ends the process:
// the next such interrupt ended the engine. The cells' os/signal puts the
// engine's setting back once no cell channel takes SIGINT.
type interruptSignals struct {
	ignored bool // SIGINT was ignored when the engine started

	mu    sync.Mutex
	cells map[chan<- os.Signal]bool // the cells' channels notified of SIGINT
}

// takesInterrupt reports whether sigs, a signal list of os/signal's (all
// signals when empty), holds SIGINT.
func takesInterrupt(sigs []os.Signal) bool {
	if len(sigs) == 0 {
		return true
	}
	for _, s := range sigs {
		if s == os.Interrupt || s == syscall.SIGINT {
			return true
		}
	}
	return false
}

// restore ignores SIGINT again when the engine did and no cell channel
// takes it. Called with mu held.
func (is *interruptSignals) restore() {
	if is.ignored && len(is.cells) == 0 {
		signal.Ignore(os.Interrupt)
	}
}

// exports are the cells' os/signal functions that change SIGINT's
// handling.
func (is *interruptSignals) exports() map[string]reflect.Value {
	return map[string]reflect.Value{
		"Notify": reflect.ValueOf(func(c chan<- os.Signal, sigs ...os.Signal) {
			is.mu.Lock()
			defer is.mu.Unlock()
			signal.Notify(c, sigs...)
			if c != nil && takesInterrupt(sigs) {
				is.cells[c] = true
			}
		}),
		"Stop": reflect.ValueOf(func(c chan<- os.Signal) {
			is.mu.Lock()
			defer is.mu.Unlock()
			signal.Stop(c)
			delete(is.cells, c)
			is.restore()
		}),
		"Reset": reflect.ValueOf(func(sigs ...os.Signal) {
			is.mu.Lock()
			defer is.mu.Unlock()
			signal.Reset(sigs...)
			if takesInterrupt(sigs) {
				clear(is.cells)
				is.restore()
			}
		}),
		"Ignore": reflect.ValueOf(func(sigs ...os.Signal) {
			is.mu.Lock()
			defer is.mu.Unlock()
			signal.Ignore(sigs...)
			if takesInterrupt(sigs) {
				clear(is.cells)
			}
		}),
		// Its stop calls Go's signal.Stop, not the cells'.
		"NotifyContext": reflect.ValueOf(func(parent context.Context, sigs ...os.Signal) (context.Context, context.CancelFunc) {
			ctx, stop := signal.NotifyContext(parent, sigs...)
			if !takesInterrupt(sigs) {
				return ctx, stop
			}
			return ctx, func() {
				is.mu.Lock()
				defer is.mu.Unlock()
				stop()
				is.restore()
			}
		}),
	}
}
