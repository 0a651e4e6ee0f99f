package driver

import (
	"fmt"
	"unsafe"
)

// A timed sequence of small launches is paced by the host: when a kernel
// takes 3.4 µs on the GPU, each launch must cost the host less than that,
// or the GPU waits between kernels and the timer counts the waits. A
// launch from Go costs the driver's time plus culab's checks and
// marshalling (bench/RESULTS.md, issue 19). So between BeginBatch and
// EndBatch (a timer's start and stop) launches and device-to-device
// copies are queued, their arguments copied, and run back to back by the
// next call that must see them (the timer's stop event, a copy to the
// host, a synchronize): one thread, one lock, and per launch only the
// driver's call, as a native program's loop does. Outside a batch every
// launch is enqueued at once, so that the GPU starts on it while the host
// goes on.

// maxQueued bounds a batch: past it the queue is run and a new one begun.
const maxQueued = 1 << 14

// queued is one queued call.
type queued struct {
	kind      byte // qLaunch, qCopy, qRecord
	f         Function
	grid      [3]uint32
	block     [3]uint32
	shared    uint32
	s         Stream
	arg, args int // the launch's argument values: vals[arg : arg+args]
	dst, src  DevicePtr
	n         int
	e         Event
}

const (
	qLaunch byte = iota + 1
	qCopy
	qRecord
)

// queue is a Context's batch: calls, their argument values, how many of
// the calls have run, and a pointer array reused for each launch.
type queue struct {
	calls []queued
	vals  []uint64
	ran   int
	ptrs  []unsafe.Pointer
}

// BeginBatch starts queuing launches and device-to-device copies (see
// above); batches nest, and EndBatch ends one.
func (c *Context) BeginBatch() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.batches++
}

// EndBatch ends a batch and runs what is still queued once the last one
// has ended. Its error is a queued call's failure.
func (c *Context) EndBatch() error {
	c.mu.Lock()
	c.batches = max(c.batches-1, 0)
	flush := c.batches == 0 && len(c.q.calls) > 0
	c.mu.Unlock()
	if !flush {
		return nil
	}
	return c.do(func() error { return nil })
}

// queuing reports whether a call is to be queued, not run; c.mu is held.
// After a failure not yet reported, calls are dropped as posted ones are.
func (c *Context) queuing() bool {
	return c.batches > 0 && c.pending == nil && len(c.q.calls) < maxQueued
}

// queueLaunch queues a launch, after the armed event if any; c.mu is held.
// Each params[i] points to an 8-byte slot (see Launch).
func (c *Context) queueLaunch(f Function, grid, block [3]uint32, shared uint32, s Stream, params []unsafe.Pointer) {
	c.queueArmed()
	q := &c.q
	call := queued{kind: qLaunch, f: f, grid: grid, block: block, shared: shared, s: s, arg: len(q.vals), args: len(params)}
	for _, p := range params {
		q.vals = append(q.vals, *(*uint64)(p))
	}
	q.calls = append(q.calls, call)
}

// queueCopy queues a device-to-device copy; c.mu is held.
func (c *Context) queueCopy(dst, src DevicePtr, n int) {
	c.queueArmed()
	c.q.calls = append(c.q.calls, queued{kind: qCopy, dst: dst, src: src, n: n})
}

func (c *Context) queueArmed() {
	if c.armed != 0 {
		c.q.calls = append(c.q.calls, queued{kind: qRecord, e: c.armed, s: c.armedStream})
		c.armed, c.armedStream = 0, 0
	}
}

// drain runs the queued calls in order; it runs inside do or post, before
// their own call. A call that failed stays first in the queue, so that run
// may retry it once the context is current; do and post then drop the
// rest (dropQueue).
func (c *Context) drain() error {
	q := &c.q
	for ; q.ran < len(q.calls); q.ran++ {
		if err := c.runQueued(&q.calls[q.ran]); err != nil {
			what := "kernel launch"
			if q.calls[q.ran].kind == qCopy {
				what = "device-to-device copy"
			}
			return &earlierError{what, err}
		}
	}
	c.dropQueue()
	return nil
}

// earlierError is the failure of a call that did not wait for it (a
// posted launch, a queued call), reported by a later call.
type earlierError struct {
	what string
	err  error
}

func (e *earlierError) Error() string { return fmt.Sprintf("an earlier %s failed: %v", e.what, e.err) }
func (e *earlierError) Unwrap() error { return e.err }

func (c *Context) dropQueue() {
	c.q.calls, c.q.vals, c.q.ran = c.q.calls[:0], c.q.vals[:0], 0
}

func (c *Context) runQueued(x *queued) error {
	switch x.kind {
	case qLaunch:
		q := &c.q
		q.ptrs = q.ptrs[:0]
		for i := x.arg; i < x.arg+x.args; i++ {
			q.ptrs = append(q.ptrs, unsafe.Pointer(&q.vals[i]))
		}
		var p unsafe.Pointer
		if len(q.ptrs) > 0 {
			p = unsafe.Pointer(&q.ptrs[0])
		}
		return launchKernel(x.f, x.grid, x.block, x.shared, x.s, p)
	case qCopy:
		return memcpyDtoD(x.dst, x.src, x.n)
	default:
		return check("cuEventRecord", call(sym.cuEventRecord, uintptr(x.e), uintptr(x.s)))
	}
}
