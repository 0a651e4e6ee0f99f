package worker

import (
	"encoding/binary"
	"errors"
	"fmt"
	"unsafe"

	"github.com/culab/culab/cudalib/internal/seam"
)

// Launches travel to the GPU worker as compact binary records, not as
// gob-encoded requests, and inside a timed region (from a timer's start
// to its stop) the records of the region's launches, device-to-device
// copies and timer events are sent together, batchMax bytes at a time:
// the worker then records the start event, launches and records the stop
// event back to back, as a native program's loop does, instead of
// decoding a message per launch while the GPU waits (bench/launchpace,
// issue 19). Outside a timed region every launch is sent at once, so the
// GPU starts on it while the host goes on. A batched copy is posted like
// a launch: a failure is reported by the next call.

// Record kinds.
const (
	recLaunch byte = iota + 1
	recTimerStart
	recTimerStop
	recCopy
)

// batchMax is how many bytes of records a timed region collects before
// sending them, so that the worker reads a long sequence while the rest
// is built (a launch of four arguments is 81 bytes); its backend queues
// the region's calls until the stop (driver/queue.go).
const batchMax = 16 << 10

var le = binary.LittleEndian

// postLocked sends the records collected so far unless a timed region is
// open and the batch is still small; p.mu is held.
func (p *procBackend) postLocked() error {
	if p.regions > 0 && len(p.batch) < batchMax {
		return nil
	}
	return p.flushLocked()
}

// flushLocked sends the collected records as one posted message.
func (p *procBackend) flushLocked() error {
	if len(p.batch) == 0 {
		return nil
	}
	q := wreq{Op: "batch", Data: p.batch, Post: true}
	p.batch = p.batch[:0] // the encoder has written the bytes when send returns
	_, err := p.send(q)
	return err
}

func (f *procFunction) Launch(c seam.LaunchConfig, params []unsafe.Pointer) error {
	p := f.p
	p.mu.Lock()
	defer p.mu.Unlock()
	b := append(p.batch, recLaunch)
	b = le.AppendUint64(b, f.id)
	b = le.AppendUint64(b, streamID(c.Stream))
	for _, v := range [...]int{c.Grid[0], c.Grid[1], c.Grid[2], c.Block[0], c.Block[1], c.Block[2], c.Shared, len(params)} {
		b = le.AppendUint32(b, uint32(v))
	}
	for _, ptr := range params {
		b = le.AppendUint64(b, *(*uint64)(ptr)) // every argument slot is 8 bytes (argBlock)
	}
	p.batch = b
	return p.postLocked()
}

// Start opens a timed region: its event is the region's first record.
func (t *procTimer) Start(s seam.Stream) error {
	p := t.p
	p.mu.Lock()
	defer p.mu.Unlock()
	p.batch = le.AppendUint64(le.AppendUint64(append(p.batch, recTimerStart), t.id), streamID(s))
	p.regions++
	return p.postLocked()
}

// Stop closes the region and sends its records, waiting for the reply.
func (t *procTimer) Stop(s seam.Stream) error {
	p := t.p
	p.mu.Lock()
	defer p.mu.Unlock()
	p.batch = le.AppendUint64(le.AppendUint64(append(p.batch, recTimerStop), t.id), streamID(s))
	p.regions = max(p.regions-1, 0)
	q := wreq{Op: "batch", Data: p.batch}
	p.batch = p.batch[:0]
	_, err := p.send(q)
	return err
}

func (p *procBackend) CopyDtoD(dst, src seam.DevPtr, n int) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.regions == 0 {
		_, err := p.callLocked(wreq{Op: "dtod", Ptr: uint64(dst), Ptr2: uint64(src), N: n})
		return err
	}
	p.batch = le.AppendUint64(le.AppendUint64(le.AppendUint64(append(p.batch, recCopy), uint64(dst)), uint64(src)), uint64(n))
	return p.postLocked()
}

// errBatch is a batch the worker cannot read: a bug, never user input.
var errBatch = errors.New("gpu worker: malformed batch of records")

// records reads a batch: fixed-size little-endian fields; a short read
// sets bad and yields zeros.
type records struct {
	b   []byte
	bad bool
}

func (r *records) u64() uint64 {
	if len(r.b) < 8 {
		r.bad, r.b = true, nil
		return 0
	}
	v := le.Uint64(r.b)
	r.b = r.b[8:]
	return v
}

func (r *records) int32() int {
	if len(r.b) < 4 {
		r.bad, r.b = true, nil
		return 0
	}
	v := le.Uint32(r.b)
	r.b = r.b[4:]
	return int(int32(v))
}

// batch runs a batch's records in order, stopping at the first failure.
func (s *server) batch(data []byte) error {
	r := records{b: data}
	for len(r.b) > 0 && !r.bad {
		kind := r.b[0]
		r.b = r.b[1:]
		var err error
		switch kind {
		case recLaunch:
			err = s.launchRecord(&r)
		case recTimerStart, recTimerStop:
			id, stream := r.u64(), r.u64()
			t, ok := s.handles[id].(seam.Timer)
			switch {
			case r.bad:
			case !ok:
				err = fmt.Errorf("gpu worker: no timer %d", id)
			case kind == recTimerStart:
				err = t.Start(s.stream(stream))
			default:
				err = t.Stop(s.stream(stream))
			}
		case recCopy:
			dst, src, n := r.u64(), r.u64(), r.u64()
			if !r.bad {
				err = s.b.CopyDtoD(seam.DevPtr(dst), seam.DevPtr(src), int(n))
			}
		default:
			return fmt.Errorf("%w: record kind %d", errBatch, kind)
		}
		if err != nil {
			return err
		}
	}
	if r.bad {
		return errBatch
	}
	return nil
}

// launchRecord launches one launch record; s.slots is reused, since the
// driver copies the arguments when the launch is enqueued.
func (s *server) launchRecord(r *records) error {
	id, stream := r.u64(), r.u64()
	var v [8]int
	for i := range v {
		v[i] = r.int32()
	}
	n := v[7]
	if r.bad || n < 0 || n > len(r.b)/8 {
		r.bad = true
		return nil
	}
	s.slots, s.ptrs = s.slots[:0], s.ptrs[:0]
	for range n {
		s.slots = append(s.slots, r.u64())
	}
	for i := range s.slots {
		s.ptrs = append(s.ptrs, unsafe.Pointer(&s.slots[i]))
	}
	f, ok := s.handles[id].(seam.Function)
	if !ok {
		return fmt.Errorf("gpu worker: no function %d", id)
	}
	c := seam.LaunchConfig{Grid: [3]int{v[0], v[1], v[2]}, Block: [3]int{v[3], v[4], v[5]}, Shared: v[6], Stream: s.stream(stream)}
	return f.Launch(c, s.ptrs)
}
