// Package comm is Jupyter's comms for Go code in a notebook: a channel of
// JSON messages between a kernel-side object and its front-end peer (a
// widget's model). The kernel's engine installs a Host; without one (a
// plain program, `culab run`), or while the front end takes no comms,
// comms are offline: they open and send nothing, and their owners (the
// widgets) keep working as plain values.
//
// Handlers of the front end's messages (OnMsg, OnClose, a target's open
// function) run in the engine as a cell does: one at a time, interrupted
// by an interrupt, their output shown under the message that caused it.
package comm

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
)

// Message is the content of a comm message.
type Message struct {
	Data     map[string]any // a JSON object
	Metadata map[string]any // the message's metadata
	Buffers  [][]byte       // binary buffers
}

// Host is the engine's side; it installs one with SetHost.
type Host interface {
	// Send sends a message of type "open", "msg" or "close" to the front
	// end.
	Send(typ, id, target string, m Message) error
	// Online reports whether a front end takes comms.
	Online() bool
	// RequestID is the msg_id of the front end's request being handled
	// (a cell, a comm message): its output has it as parent. "" for none.
	RequestID() string
	// Queued reports whether more of the front end's requests wait behind
	// the comm message being handled.
	Queued() bool
}

// Comm is one comm. Its methods may be called from any goroutine.
type Comm struct {
	id, target string
	online     bool

	mu      sync.Mutex
	closed  bool
	onMsg   func(Message)
	onClose func(Message)
}

var (
	mu      sync.Mutex
	host    Host
	comms   = map[string]*Comm{}
	targets = map[string]func(*Comm, Message) error{}
	settle  []func()
)

// ErrClosed is returned by Send on a closed comm.
var ErrClosed = errors.New("comm: closed")

// SetHost installs h and returns a function that restores the previous
// host. The kernel's engine calls it.
func SetHost(h Host) (restore func()) {
	mu.Lock()
	prev := host
	host = h
	mu.Unlock()
	return func() {
		mu.Lock()
		host = prev
		mu.Unlock()
	}
}

func currentHost() Host {
	mu.Lock()
	defer mu.Unlock()
	return host
}

// Online reports whether comms reach a front end now.
func Online() bool {
	h := currentHost()
	return h != nil && h.Online()
}

// RequestID is the msg_id of the front end's request being handled, or ""
// (an Output widget captures the output of that parent).
func RequestID() string {
	if h := currentHost(); h != nil {
		return h.RequestID()
	}
	return ""
}

// Queued reports whether more front-end requests wait behind the comm
// message being handled: work that a later message would redo (a rerun of
// an interactive function) can wait for the last one (see OnSettle).
func Queued() bool {
	h := currentHost()
	return h != nil && h.Queued()
}

// OnSettle registers f to run when the messages waiting have been handled:
// after a comm message with none queued behind it, and before a cell runs.
func OnSettle(f func()) {
	mu.Lock()
	settle = append(settle, f)
	mu.Unlock()
}

// Settle runs the OnSettle functions; the engine calls it before a cell.
func Settle() {
	mu.Lock()
	fs := append([]func(){}, settle...)
	mu.Unlock()
	for _, f := range fs {
		f()
	}
}

// newID is a comm id as ipykernel makes them: 32 hex digits.
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Open opens a comm to target in the front end, with m as comm_open's
// data and metadata. Offline, the comm is kept but sends nothing.
func Open(target string, m Message) *Comm {
	c := &Comm{id: newID(), target: target}
	h := currentHost()
	if h != nil && h.Online() {
		if err := h.Send("open", c.id, target, m); err == nil {
			c.online = true
		}
	}
	if c.online {
		mu.Lock()
		comms[c.id] = c
		mu.Unlock()
	}
	return c
}

// ID is the comm's id (a widget's model id).
func (c *Comm) ID() string { return c.id }

// Target is the comm's target name.
func (c *Comm) Target() string { return c.target }

// Online reports whether the comm reaches a front end.
func (c *Comm) Online() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.online && !c.closed
}

// Send sends a comm_msg. Offline it does nothing.
func (c *Comm) Send(m Message) error {
	c.mu.Lock()
	closed, online := c.closed, c.online
	c.mu.Unlock()
	switch {
	case closed:
		return fmt.Errorf("comm %s: %w", c.id, ErrClosed)
	case !online:
		return nil
	}
	h := currentHost()
	if h == nil {
		return nil
	}
	return h.Send("msg", c.id, c.target, m)
}

// Close closes the comm, telling the front end; closing twice does
// nothing.
func (c *Comm) Close(m Message) error {
	if !c.markClosed() {
		return nil
	}
	if h := currentHost(); h != nil && c.online {
		return h.Send("close", c.id, c.target, m)
	}
	return nil
}

// markClosed closes c here and reports whether it was open.
func (c *Comm) markClosed() bool {
	c.mu.Lock()
	was := !c.closed
	c.closed = true
	c.mu.Unlock()
	mu.Lock()
	delete(comms, c.id)
	mu.Unlock()
	return was
}

// OnMsg sets the handler of the front end's messages.
func (c *Comm) OnMsg(f func(Message)) {
	c.mu.Lock()
	c.onMsg = f
	c.mu.Unlock()
}

// OnClose sets the handler of the front end's closing the comm.
func (c *Comm) OnClose(f func(Message)) {
	c.mu.Lock()
	c.onClose = f
	c.mu.Unlock()
}

// Register makes target openable by the front end: open runs with each
// new comm and the comm_open's content; an error refuses the comm.
func Register(target string, open func(c *Comm, m Message) error) {
	mu.Lock()
	targets[target] = open
	mu.Unlock()
}

// ErrUnknown is Deliver's error for a message to no comm or target.
var ErrUnknown = errors.New("comm: unknown")

// Deliver hands a message of the front end to its comm: typ "open" (to
// target's open function), "msg" or "close". The engine calls it; after a
// message with none queued behind it, it runs Settle.
func Deliver(typ, id, target string, m Message) error {
	if m.Data == nil {
		m.Data = map[string]any{}
	}
	err := deliver(typ, id, target, m)
	if !Queued() {
		Settle()
	}
	return err
}

func deliver(typ, id, target string, m Message) error {
	mu.Lock()
	c := comms[id]
	open := targets[target]
	mu.Unlock()
	switch typ {
	case "open":
		if open == nil {
			return fmt.Errorf("%w target %q", ErrUnknown, target)
		}
		c := &Comm{id: id, target: target, online: true}
		mu.Lock()
		comms[id] = c
		mu.Unlock()
		if err := open(c, m); err != nil {
			c.markClosed()
			return err
		}
		return nil
	case "msg":
		if c == nil {
			return fmt.Errorf("%w comm %s", ErrUnknown, id)
		}
		c.mu.Lock()
		f := c.onMsg
		c.mu.Unlock()
		if f != nil {
			f(m)
		}
		return nil
	case "close":
		if c == nil {
			return fmt.Errorf("%w comm %s", ErrUnknown, id)
		}
		c.markClosed()
		c.mu.Lock()
		f := c.onClose
		c.mu.Unlock()
		if f != nil {
			f(m)
		}
		return nil
	}
	return fmt.Errorf("comm: a message of type %q", typ)
}
