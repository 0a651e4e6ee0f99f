package cudalib

import (
	"context"
	"fmt"
	"sync"
)

// A notebook cell that runs a long sweep must stop when the user interrupts
// it. The engine hands cudalib the cell's context; long operations (timing
// loops, lab sweeps) check it between device calls.
var (
	interruptMu  sync.Mutex
	interruptCtx = context.Background()
)

// SetContext makes ctx the context long operations check; the returned
// function restores the previous one.
func SetContext(ctx context.Context) (restore func()) {
	interruptMu.Lock()
	prev := interruptCtx
	interruptCtx = ctx
	interruptMu.Unlock()
	return func() {
		interruptMu.Lock()
		interruptCtx = prev
		interruptMu.Unlock()
	}
}

// Interrupted returns a non-nil error once the current context is done.
// Code that loops over device work (labs, user cells) calls it between
// steps.
func Interrupted() error { return checkInterrupt() }

func checkInterrupt() error {
	if err := interruptCause(); err != nil {
		return fmt.Errorf("interrupted: %w", err)
	}
	return nil
}

// interruptDone is the current context's Done channel.
func interruptDone() <-chan struct{} {
	interruptMu.Lock()
	defer interruptMu.Unlock()
	return interruptCtx.Done()
}

// interruptCause is the current context's error: nil until it is done.
func interruptCause() error {
	interruptMu.Lock()
	ctx := interruptCtx
	interruptMu.Unlock()
	return ctx.Err()
}
