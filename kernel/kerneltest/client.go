// Package kerneltest is a Jupyter client for tests: it connects to a
// running kernel over ZeroMQ as jupyter_client does (DEALER sockets for
// shell, control and stdin sharing one identity, SUB for iopub, REQ for the
// heartbeat), signs what it sends, checks what it receives, and files
// replies and broadcasts by their parent msg_id.
//
// Its wire code is written independently of package kernel so that tests
// check the kernel against the protocol, not against itself.
package kerneltest

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"log"
	"net"
	"strconv"
	"sync"
	"time"

	"github.com/go-zeromq/zmq4"

	"github.com/culab/culab/kernel"
)

// Channels a request can be sent on.
const (
	Shell   = "shell"
	Control = "control"
	Stdin   = "stdin"
)

const delimiter = "<IDS|MSG>"

// Header is a message header.
type Header struct {
	MsgID    string `json:"msg_id"`
	Session  string `json:"session"`
	Username string `json:"username"`
	Date     string `json:"date"`
	MsgType  string `json:"msg_type"`
	Version  string `json:"version"`
}

// Message is a received message.
type Message struct {
	Channel      string // "shell", "control", "stdin" or "iopub"
	Header       Header
	ParentHeader Header
	Metadata     map[string]any
	Content      map[string]any
	RawContent   json.RawMessage
}

// Client is connected to one kernel. Its methods are safe for concurrent
// use.
type Client struct {
	// Session is the client's session id, also its sockets' identity.
	Session string

	mac    hash.Hash // nil when the connection has no key
	macMu  sync.Mutex
	cancel context.CancelFunc

	shell, control, stdin, iopub, hb zmq4.Socket
	hbMu                             sync.Mutex
	wg                               sync.WaitGroup

	mu      sync.Mutex
	replies map[string]Message   // shell and control replies by parent id
	pubs    map[string][]Message // iopub messages by parent id
	inputs  []Message            // stdin requests not yet taken
	errs    []error              // messages from the kernel that failed checks
	changed chan struct{}        // closed and replaced on every arrival
}

// Dial connects to the kernel described by conn. Only hmac-sha256 signing
// (or none, with an empty key) is supported.
func Dial(conn kernel.ConnectionInfo) (*Client, error) {
	if s := conn.SignatureScheme; s != "" && s != "hmac-sha256" {
		return nil, fmt.Errorf("kerneltest: unsupported signature scheme %q", s)
	}
	ctx, cancel := context.WithCancel(context.Background())
	c := &Client{
		Session: newID(),
		cancel:  cancel,
		replies: map[string]Message{},
		pubs:    map[string][]Message{},
		changed: make(chan struct{}),
	}
	if conn.Key != "" {
		c.mac = hmac.New(sha256.New, []byte(conn.Key))
	}
	quiet := zmq4.WithLogger(log.New(io.Discard, "", 0))
	id := zmq4.WithID(zmq4.SocketIdentity(c.Session))
	c.shell = zmq4.NewDealer(ctx, quiet, id)
	c.control = zmq4.NewDealer(ctx, quiet, id)
	c.stdin = zmq4.NewDealer(ctx, quiet, id)
	c.iopub = zmq4.NewSub(ctx, quiet)
	c.hb = zmq4.NewReq(ctx, quiet)
	if err := c.iopub.SetOption(zmq4.OptionSubscribe, ""); err != nil {
		c.Close()
		return nil, fmt.Errorf("kerneltest: subscribe: %w", err)
	}
	ep := func(port int) string {
		if conn.Transport == "ipc" {
			return "ipc://" + conn.IP + "-" + strconv.Itoa(port)
		}
		return "tcp://" + net.JoinHostPort(conn.IP, strconv.Itoa(port))
	}
	for _, d := range []struct {
		name string
		sock zmq4.Socket
		port int
	}{
		{Shell, c.shell, conn.ShellPort},
		{Control, c.control, conn.ControlPort},
		{Stdin, c.stdin, conn.StdinPort},
		{"iopub", c.iopub, conn.IOPubPort},
		{"hb", c.hb, conn.HBPort},
	} {
		if err := d.sock.Dial(ep(d.port)); err != nil {
			c.Close()
			return nil, fmt.Errorf("kerneltest: dial %s: %w", d.name, err)
		}
	}
	for _, r := range []struct {
		name string
		sock zmq4.Socket
	}{{Shell, c.shell}, {Control, c.control}, {Stdin, c.stdin}, {"iopub", c.iopub}} {
		c.wg.Go(func() { c.read(ctx, r.name, r.sock) })
	}
	return c, nil
}

// Close disconnects.
func (c *Client) Close() error {
	c.cancel()
	var errs []error
	for _, s := range []zmq4.Socket{c.shell, c.control, c.stdin, c.iopub, c.hb} {
		if err := s.Close(); err != nil && !errors.Is(err, net.ErrClosed) {
			errs = append(errs, err)
		}
	}
	c.wg.Wait()
	return errors.Join(errs...)
}

// Err reports the kernel's messages that failed the client's checks (bad
// signature, framing or JSON); nil when all were well-formed.
func (c *Client) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return errors.Join(c.errs...)
}

// Frames builds a signed message ready to send, and returns its msg_id;
// tests tamper with the frames to make bad messages.
func (c *Client) Frames(msgType string, content any) ([][]byte, string, error) {
	h := Header{
		MsgID: newID(), Session: c.Session, Username: "kerneltest",
		Date: time.Now().UTC().Format(time.RFC3339Nano), MsgType: msgType, Version: "5.3",
	}
	hb, err := json.Marshal(h)
	if err != nil {
		return nil, "", err
	}
	cb, err := json.Marshal(content)
	if err != nil {
		return nil, "", err
	}
	parts := [][]byte{hb, []byte("{}"), []byte("{}"), cb}
	return append([][]byte{[]byte(delimiter), c.Sign(parts)}, parts...), h.MsgID, nil
}

// Send sends a request on channel and returns its msg_id.
func (c *Client) Send(channel, msgType string, content any) (string, error) {
	frames, id, err := c.Frames(msgType, content)
	if err != nil {
		return "", fmt.Errorf("kerneltest: %s: %w", msgType, err)
	}
	return id, c.SendFrames(channel, frames)
}

// SendFrames sends raw frames on channel.
func (c *Client) SendFrames(channel string, frames [][]byte) error {
	s, err := c.socket(channel)
	if err != nil {
		return err
	}
	if err := s.Send(zmq4.NewMsgFrom(frames...)); err != nil {
		return fmt.Errorf("kerneltest: send on %s: %w", channel, err)
	}
	return nil
}

// Reply waits for the shell or control reply to msgID.
func (c *Client) Reply(ctx context.Context, msgID string) (Message, error) {
	var m Message
	err := c.wait(ctx, func() bool {
		r, ok := c.replies[msgID]
		m = r
		return ok
	})
	if err != nil {
		return Message{}, fmt.Errorf("kerneltest: reply to %s: %w", msgID, err)
	}
	return m, nil
}

// Request sends a request and waits for its reply.
func (c *Client) Request(ctx context.Context, channel, msgType string, content any) (Message, error) {
	id, err := c.Send(channel, msgType, content)
	if err != nil {
		return Message{}, err
	}
	return c.Reply(ctx, id)
}

// IOPub waits for the status idle of request msgID and returns every iopub
// message it parented, in order (status busy first, idle last).
func (c *Client) IOPub(ctx context.Context, msgID string) ([]Message, error) {
	var ms []Message
	err := c.wait(ctx, func() bool {
		ms = append([]Message(nil), c.pubs[msgID]...)
		for _, m := range ms {
			if m.Header.MsgType == "status" && m.Content["execution_state"] == "idle" {
				return true
			}
		}
		return false
	})
	if err != nil {
		return ms, fmt.Errorf("kerneltest: iopub for %s (have %d messages): %w", msgID, len(ms), err)
	}
	return ms, nil
}

// Welcome waits for the iopub_welcome messages (JEP 65) the kernel has
// sent since the client subscribed, and returns them.
func (c *Client) Welcome(ctx context.Context) ([]Message, error) {
	var ws []Message
	err := c.wait(ctx, func() bool {
		ws = ws[:0]
		for _, m := range c.pubs[""] {
			if m.Header.MsgType == "iopub_welcome" {
				ws = append(ws, m)
			}
		}
		return len(ws) > 0
	})
	if err != nil {
		return nil, fmt.Errorf("kerneltest: iopub_welcome: %w", err)
	}
	return ws, nil
}

// Execute sends execute_request with content (code, silent, ...) and
// returns its reply and its iopub messages.
func (c *Client) Execute(ctx context.Context, content map[string]any) (Message, []Message, error) {
	id, err := c.Send(Shell, "execute_request", content)
	if err != nil {
		return Message{}, nil, err
	}
	rep, err := c.Reply(ctx, id)
	if err != nil {
		return Message{}, nil, err
	}
	pubs, err := c.IOPub(ctx, id)
	return rep, pubs, err
}

// NextInputRequest waits for the kernel's next message on stdin.
func (c *Client) NextInputRequest(ctx context.Context) (Message, error) {
	var m Message
	err := c.wait(ctx, func() bool {
		if len(c.inputs) == 0 {
			return false
		}
		m, c.inputs = c.inputs[0], c.inputs[1:]
		return true
	})
	if err != nil {
		return Message{}, fmt.Errorf("kerneltest: stdin: %w", err)
	}
	return m, nil
}

// SendInputReply answers an input_request. A zero req sends the reply
// with an empty parent header, as jupyter_client's input() does.
func (c *Client) SendInputReply(req Message, value string) error {
	h := Header{
		MsgID: newID(), Session: c.Session, Username: "kerneltest",
		Date: time.Now().UTC().Format(time.RFC3339Nano), MsgType: "input_reply", Version: "5.3",
	}
	hb, err := json.Marshal(h)
	if err != nil {
		return err
	}
	ph := []byte("{}")
	if req.Header.MsgID != "" {
		if ph, err = json.Marshal(req.Header); err != nil {
			return err
		}
	}
	cb, err := json.Marshal(map[string]any{"value": value})
	if err != nil {
		return err
	}
	parts := [][]byte{hb, ph, []byte("{}"), cb}
	return c.SendFrames(Stdin, append([][]byte{[]byte(delimiter), c.Sign(parts)}, parts...))
}

// Heartbeat sends payload on the heartbeat channel and returns the echo.
func (c *Client) Heartbeat(ctx context.Context, payload []byte) ([]byte, error) {
	c.hbMu.Lock()
	defer c.hbMu.Unlock()
	if err := c.hb.Send(zmq4.NewMsg(payload)); err != nil {
		return nil, fmt.Errorf("kerneltest: heartbeat: %w", err)
	}
	type result struct {
		m   zmq4.Msg
		err error
	}
	ch := make(chan result, 1)
	go func() {
		m, err := c.hb.Recv()
		ch <- result{m, err}
	}()
	select {
	case r := <-ch:
		if r.err != nil {
			return nil, fmt.Errorf("kerneltest: heartbeat: %w", r.err)
		}
		return r.m.Bytes(), nil
	case <-ctx.Done():
		return nil, fmt.Errorf("kerneltest: heartbeat: %w", ctx.Err())
	}
}

// WaitReady returns once the kernel answers on shell and its broadcasts
// reach the client. A SUB socket only receives what is published after
// the kernel has processed its subscription, so, like jupyter_client, it
// sends kernel_info_request until one's status shows up on iopub.
func (c *Client) WaitReady(ctx context.Context) error {
	for {
		id, err := c.Send(Shell, "kernel_info_request", map[string]any{})
		if err != nil {
			return err
		}
		if _, err := c.Reply(ctx, id); err != nil {
			return err
		}
		short, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
		err = c.wait(short, func() bool { return len(c.pubs[id]) > 0 })
		cancel()
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return fmt.Errorf("kerneltest: kernel not ready: %w", ctx.Err())
		}
	}
}

func (c *Client) socket(channel string) (zmq4.Socket, error) {
	switch channel {
	case Shell:
		return c.shell, nil
	case Control:
		return c.control, nil
	case Stdin:
		return c.stdin, nil
	}
	return nil, fmt.Errorf("kerneltest: no channel %q", channel)
}

// wait blocks until cond (called with c.mu held) is true or ctx ends.
func (c *Client) wait(ctx context.Context, cond func() bool) error {
	for {
		c.mu.Lock()
		ok := cond()
		ch := c.changed
		c.mu.Unlock()
		if ok {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// read files every message arriving on one socket until the client closes
// or the kernel goes away.
func (c *Client) read(ctx context.Context, channel string, s zmq4.Socket) {
	for {
		zm, err := s.Recv()
		if err != nil || ctx.Err() != nil {
			return
		}
		m, err := c.decode(channel, zm.Frames)
		c.mu.Lock()
		switch {
		case err != nil:
			c.errs = append(c.errs, fmt.Errorf("%s: %w", channel, err))
		case channel == "iopub":
			c.pubs[m.ParentHeader.MsgID] = append(c.pubs[m.ParentHeader.MsgID], m)
		case channel == Stdin:
			c.inputs = append(c.inputs, m)
		default:
			c.replies[m.ParentHeader.MsgID] = m
		}
		close(c.changed)
		c.changed = make(chan struct{})
		c.mu.Unlock()
	}
}

func (c *Client) decode(channel string, frames [][]byte) (Message, error) {
	d := -1
	for i, f := range frames {
		if string(f) == delimiter {
			d = i
			break
		}
	}
	if d < 0 || len(frames)-d-1 < 5 {
		return Message{}, fmt.Errorf("bad framing: %q", frames)
	}
	sig, parts := frames[d+1], frames[d+2:d+6]
	if want := c.Sign(parts); !hmac.Equal(sig, want) {
		return Message{}, fmt.Errorf("bad signature %q, want %q", sig, want)
	}
	m := Message{Channel: channel, RawContent: parts[3]}
	for i, v := range []any{&m.Header, &m.ParentHeader, &m.Metadata, &m.Content} {
		if err := json.Unmarshal(parts[i], v); err != nil {
			return Message{}, fmt.Errorf("part %d: %w", i, err)
		}
	}
	return m, nil
}

// Sign returns the signature frame for the four signed parts (header,
// parent_header, metadata, content): hex HMAC-SHA256, or empty without a
// key. Tests use it to sign hand-made frames.
func (c *Client) Sign(parts [][]byte) []byte {
	if c.mac == nil {
		return []byte{}
	}
	c.macMu.Lock()
	defer c.macMu.Unlock()
	c.mac.Reset()
	for _, p := range parts {
		c.mac.Write(p)
	}
	return []byte(hex.EncodeToString(c.mac.Sum(nil)))
}

func newID() string {
	var u [16]byte
	_, _ = rand.Read(u[:]) // never fails since Go 1.24
	u[6] = u[6]&0x0f | 0x40
	u[8] = u[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", u[0:4], u[4:6], u[6:8], u[8:10], u[10:16])
}
