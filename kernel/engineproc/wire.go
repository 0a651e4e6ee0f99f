// Package engineproc runs a kernel.Engine in a child process that the
// kernel supervises: what Go cannot recover (a fatal runtime error such as
// concurrent map writes, the OOM killer, a crash in native code, os.Exit)
// ends the child, not the kernel, which keeps its sockets, history and
// execution count. The running cell then fails with an error that says
// what happened, and the next cell runs in a fresh engine.
//
// Supervisor is the kernel.Engine of the kernel's process; RunChild runs
// the real engine in the child. They speak in frames over two pipes, the
// child's file descriptors 3 (requests) and 4 (events): JSON messages, and
// stream text raw. What cells print goes through two more pipes (fds 5
// and 6, stdout and stderr) that the kernel reads itself, so that no death
// of the engine loses it (see relay.go). The child's own stderr is its
// log, and says why it died.
package engineproc

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"

	"github.com/culab/culab/kernel"
)

// wireVersion is the version of the frames and their messages: raise it
// with any change to request, event or the frames. The engine process is
// the kernel's executable started again, which may have been rebuilt
// since the kernel started; the first request, hello, checks that both
// speak the same version.
const wireVersion = 2

// request goes from the kernel to the engine process.
type request struct {
	ID uint64 `json:"id"`
	// Op is hello (always first), info, execute, comm (a comm message of
	// the front end, handled as a cell is run), complete, inspect,
	// is_complete, interrupt, input (the line a cell asked for) or
	// shutdown.
	Op       string                 `json:"op"`
	Version  int                    `json:"version,omitempty"` // hello: the kernel's wire version
	Execute  *kernel.ExecuteRequest `json:"execute,omitempty"`
	Comm     *kernel.CommMessage    `json:"comm,omitempty"`
	Code     string                 `json:"code,omitempty"`
	Cursor   int                    `json:"cursor,omitempty"`
	Detail   int                    `json:"detail,omitempty"`
	Restart  bool                   `json:"restart,omitempty"`
	Line     string                 `json:"line,omitempty"`
	InputErr string                 `json:"input_err,omitempty"`
}

// hello is the engine's reply to hello: its wire version.
type hello struct {
	Version int `json:"version"`
}

// versionErr says that the kernel and the engine process speak different
// versions of the wire (0: one from before versions).
func versionErr(kernelV, engineV int) error {
	return fmt.Errorf("the kernel speaks version %d of the engine wire, the engine process %d: they are different builds of culab (was it rebuilt since the kernel started?); restart the kernel", kernelV, engineV)
}

// checkHello reads the engine's answer to hello: its version, or the words
// of an engine that refused (one of another version, or an older build's
// "unknown op").
func checkHello(raw []byte) error {
	var h hello
	if err := json.Unmarshal(raw, &h); err == nil {
		if h.Version != wireVersion {
			return versionErr(wireVersion, h.Version)
		}
		return nil
	}
	var words string
	if err := json.Unmarshal(raw, &words); err != nil {
		return fmt.Errorf("the engine process answered hello with %s", raw)
	}
	return fmt.Errorf("the engine process does not speak version %d of the engine wire (it answered %q): it is another build of culab; restart the kernel", wireVersion, words)
}

// event goes from the engine process to the kernel: output of the running
// cell (request ID), a request for input, the reply to a request, or a
// comm message of the engine when no request runs (ID 0).
type event struct {
	ID uint64 `json:"id"`
	// Kind is stream, display, result, clear, input, comm, comms_lost or
	// reply.
	Kind      string              `json:"kind"`
	Comm      *kernel.CommMessage `json:"comm,omitempty"`
	Name      string              `json:"name,omitempty"`
	Text      string              `json:"text,omitempty"`
	Data      kernel.MIMEBundle   `json:"data,omitempty"`
	Meta      map[string]any      `json:"meta,omitempty"`
	DisplayID string              `json:"display_id,omitempty"`
	Update    bool                `json:"update,omitempty"`
	Wait      bool                `json:"wait,omitempty"`
	Password  bool                `json:"password,omitempty"`
	Reply     json.RawMessage     `json:"reply,omitempty"`
	// Mark is the sequence number of the marker that the engine wrote
	// into its output pipes before this event of a cell; 0: none.
	Mark uint64 `json:"mark,omitempty"`
}

// A frame is a byte that says what it holds, the payload's length (4
// bytes, big endian) and the payload. Stream text, megabytes at times,
// goes raw: JSON would escape it on one side and scan it byte by byte on
// the other, which halved the throughput of a printing cell.
const (
	frameJSON   = 'j' // a request or an event, in JSON
	frameStream = 's' // an event{Kind: "stream"}: ID, Mark (8 bytes each), len(Name) (1 byte), Name, Text
	headerSize  = 5
	streamHead  = 17 // a stream frame's ID, Mark and len(Name)
	// maxFrame is more than any message the engine sends (its stream
	// text goes in reads of 64 KiB, a cell's result and displays are cut
	// at the output limit).
	maxFrame = 1 << 30
)

// errCorrupt is the error of bytes on a pipe that are no frame.
var errCorrupt = errors.New("engineproc: the pipe holds bytes that are no message")

// sender writes frames one at a time.
type sender struct {
	mu sync.Mutex
	w  io.Writer
}

func newSender(w io.Writer) *sender { return &sender{w: w} }

// send writes v as JSON.
func (s *sender) send(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return s.frame(frameJSON, append(make([]byte, headerSize, headerSize+len(b)), b...))
}

// sendStream writes the stream text of request id, after marker mark.
func (s *sender) sendStream(id, mark uint64, name, text string) error {
	if len(name) > math.MaxUint8 {
		return fmt.Errorf("engineproc: stream name of %d bytes", len(name))
	}
	b := make([]byte, headerSize, headerSize+streamHead+len(name)+len(text))
	b = binary.BigEndian.AppendUint64(b, id)
	b = binary.BigEndian.AppendUint64(b, mark)
	b = append(b, byte(len(name)))
	b = append(append(b, name...), text...)
	return s.frame(frameStream, b)
}

// frame fills in the header that b starts with and writes b.
func (s *sender) frame(kind byte, b []byte) error {
	n := len(b) - headerSize
	if n > math.MaxUint32 {
		return fmt.Errorf("engineproc: a message of %d bytes", n)
	}
	b[0] = kind
	binary.BigEndian.PutUint32(b[1:headerSize], uint32(n))
	s.mu.Lock()
	defer s.mu.Unlock()
	_, err := s.w.Write(b)
	return err
}

// receiver reads frames.
type receiver struct {
	r   *bufio.Reader
	hdr [headerSize]byte
}

func newReceiver(r io.Reader) *receiver { return &receiver{r: bufio.NewReaderSize(r, 64<<10)} }

// next reads a frame: its kind and payload.
func (r *receiver) next() (byte, []byte, error) {
	if _, err := io.ReadFull(r.r, r.hdr[:]); err != nil {
		return 0, nil, err
	}
	// Bytes that are no frame (a cell that wrote into the engine's pipe)
	// end the reading at once: read as a length, they waited for
	// gigabytes that never came, and the kernel hung.
	if k := r.hdr[0]; k != frameJSON && k != frameStream {
		return 0, nil, fmt.Errorf("%w: a frame of unknown kind %q", errCorrupt, k)
	}
	n := binary.BigEndian.Uint32(r.hdr[1:])
	if n > maxFrame {
		return 0, nil, fmt.Errorf("%w: a frame of %d bytes", errCorrupt, n)
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(r.r, b); err != nil {
		return 0, nil, fmt.Errorf("engineproc: a frame cut short: %w", err)
	}
	return r.hdr[0], b, nil
}

// request reads the next request.
func (r *receiver) request() (request, error) {
	var req request
	kind, b, err := r.next()
	if err == nil {
		err = decodeJSON(kind, b, &req)
	}
	return req, err
}

// event reads the next event.
func (r *receiver) event() (event, error) {
	kind, b, err := r.next()
	if err != nil {
		return event{}, err
	}
	if kind != frameStream {
		var e event
		return e, decodeJSON(kind, b, &e)
	}
	if len(b) < streamHead || len(b) < streamHead+int(b[streamHead-1]) {
		return event{}, errors.New("engineproc: a stream frame cut short")
	}
	k := streamHead + int(b[streamHead-1])
	return event{ID: binary.BigEndian.Uint64(b), Mark: binary.BigEndian.Uint64(b[8:]), Kind: "stream",
		Name: string(b[streamHead:k]), Text: string(b[k:])}, nil
}

func decodeJSON(kind byte, b []byte, v any) error {
	if kind != frameJSON {
		return fmt.Errorf("%w: a frame of unknown kind %q", errCorrupt, kind)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%w: %v", errCorrupt, err)
	}
	return nil
}
