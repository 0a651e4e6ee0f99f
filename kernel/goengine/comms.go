package goengine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/display"
	"github.com/culab/culab/internal/memlimit"
	"github.com/culab/culab/kernel"
	"github.com/culab/culab/kernel/comm"
)

var _ kernel.Comms = (*Engine)(nil)

// StartComms takes the kernel's hub: from now on comms reach a front end.
func (e *Engine) StartComms(hub kernel.CommHub) { e.hub.Store(&hub) }

// Comm runs the handler of a comm message of the front end (package comm)
// as a cell runs: under the engine's lock, its output the request's, an
// interrupt stopping it. A panic in a handler is reported on the request's
// stderr and the comm lives on, as a cell's panic leaves the notebook.
func (e *Engine) Comm(ctx context.Context, msg kernel.CommMessage, out kernel.Output) error {
	m := comm.Message{Metadata: msg.Metadata, Buffers: msg.Buffers}
	if len(msg.Data) > 0 {
		if err := json.Unmarshal(msg.Data, &m.Data); err != nil {
			return fmt.Errorf("goengine: comm %s: data is not a JSON object: %w", msg.CommID, err)
		}
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return errors.New("goengine: the Go engine is shut down")
	}
	var err error
	e.asRequest(ctx, out, requestInfo{msgID: msg.MsgID, queued: msg.Queued}, false, func(ctx context.Context, c *cell) cellResult {
		e.runHandler(ctx, c, "a widget callback", func() { err = comm.Deliver(msg.Type, msg.CommID, msg.Target, m) })
		return cellResult{}
	})
	return err
}

// asRequest runs f, which runs cell code for a request of the front end
// (a cell, a comm message), with the engine set up for it: output to out,
// displays, device calls cancelled with ctx, interrupts; then it sends
// f's result. e.mu must be held.
func (e *Engine) asRequest(ctx context.Context, out kernel.Output, req requestInfo, allowStdin bool, f func(context.Context, *cell) cellResult) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	e.setCancel(cancel)
	defer e.setCancel(nil)
	defer e.guard.watch(cancel)()
	if err := e.sess.renewStdio(e.cap); err != nil {
		e.logf("%v", err)
	}
	c := newCell(out, allowStdin, e.opts.OutputLimit)
	if err := e.cap.attach(c); err != nil {
		e.logf("%v", err)
	}
	restoreSink := display.SetSink(sink{e.cap, c})
	restoreCtx := cudalib.SetContext(ctx)
	restoreNotices := cudalib.SetNotices(e.cap.streams[stdout].w)
	e.cellCtx.Store(&ctx)
	e.request.Store(&req)

	res := f(ctx, c)

	e.request.Store(nil)
	e.cellCtx.Store(nil)
	restoreNotices()
	restoreCtx()
	restoreSink()
	if err := e.cap.detach(); err != nil {
		e.logf("%v", err)
	}
	c.finish(res.data, res.meta)
}

// requestInfo is what package comm asks about the request being handled.
type requestInfo struct {
	msgID  string
	queued bool
}

// runHandler runs f, compiled code that calls functions of the cells
// (widget callbacks), on a goroutine of its own, as exec runs a chunk: an
// interrupt stops the interpreter, a panic is reported on stderr.
func (e *Engine) runHandler(ctx context.Context, c *cell, what string, f func()) {
	s := e.sess
	if s.straggler != nil {
		select {
		case <-s.straggler:
			s.straggler = nil
		case <-time.After(stragglerGrace):
			fmt.Fprintf(e.cap.streams[stderr].w, "warning: an interrupted cell is still inside a Go call that cannot be interrupted\n")
			s.straggler = nil
		}
	}
	if err := s.ready(); err != nil {
		fmt.Fprintf(e.cap.streams[stderr].w, "%s: %v\n", what, err)
		return
	}
	done := goCell(f)
	select {
	case end := <-done:
		switch {
		case end.panicked != nil:
			e.cap.sync()
			fmt.Fprintf(e.cap.streams[stderr].w, "panic in %s: %s\n(the widget lives on)\n", what, panicMessage(end.panicked, nil))
		case end.goexit:
			fmt.Fprintf(e.cap.streams[stderr].w, "runtime.Goexit ended %s\n", what)
		}
	case <-ctx.Done():
		s.halt()
		select {
		case <-done:
		case <-time.After(interruptGrace):
			s.straggler = done
		}
		if ms := memoryStopOf(ctx); ms != nil {
			fmt.Fprintf(e.cap.streams[stderr].w, "%s was stopped: the engine's heap held %s, at or past its cap of %s for a running cell (%s sets it)\n",
				what, memlimit.Format(ms.held), memlimit.Format(ms.limit), CellMemoryEnv)
			debug.FreeOSMemory()
		} else {
			fmt.Fprintf(e.cap.streams[stderr].w, "interrupted: %s was stopped\n", what)
		}
	}
	c.flush()
}

// settleComms runs what comm messages put off (an interactive function's
// last rerun) before a cell.
func (e *Engine) settleComms(ctx context.Context, c *cell) {
	if e.hub.Load() != nil {
		e.runHandler(ctx, c, "a widget callback", comm.Settle)
	}
}

// commHost is package comm's Host.
type commHost struct{ e *Engine }

func (h commHost) Send(typ, id, target string, m comm.Message) error {
	hub := h.e.hub.Load()
	if hub == nil {
		return errors.New("goengine: no front end takes comms")
	}
	data := m.Data
	if data == nil {
		data = map[string]any{}
	}
	b, err := json.Marshal(data)
	if err != nil {
		return fmt.Errorf("comm %s: %w", id, err)
	}
	msg := kernel.CommMessage{Type: typ, CommID: id, Target: target, Data: b, Metadata: m.Metadata, Buffers: m.Buffers}
	if c := h.e.cap.running(); c != nil {
		h.e.cap.sync() // after what was printed before
		if c.comm(msg) {
			return nil
		}
	}
	(*hub).Send(msg)
	return nil
}

func (h commHost) Online() bool { return h.e.hub.Load() != nil }

func (h commHost) RequestID() string {
	if r := h.e.request.Load(); r != nil {
		return r.msgID
	}
	return ""
}

func (h commHost) Queued() bool {
	r := h.e.request.Load()
	return r != nil && r.queued
}

// comm sends a comm message with the cell's output, after its text; false
// when the cell has ended or its Output carries no comm messages.
func (c *cell) comm(msg kernel.CommMessage) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	co, ok := c.out.(kernel.CommOutput)
	if c.closed || !ok {
		return false
	}
	c.flushLocked(true)
	co.Comm(msg)
	return true
}
