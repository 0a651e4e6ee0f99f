// Package engineproc runs a kernel.Engine in a child process that the
// kernel supervises: what Go cannot recover (a fatal runtime error such as
// concurrent map writes, the OOM killer, a crash in native code, os.Exit)
// ends the child, not the kernel, which keeps its sockets, history and
// execution count. The running cell then fails with an error that says
// what happened, and the next cell runs in a fresh engine.
//
// Supervisor is the kernel.Engine of the kernel's process; RunChild runs
// the real engine in the child. They speak newline-delimited JSON over two
// pipes, the child's file descriptors 3 (requests) and 4 (events), as the
// engine points 1 and 2 at the running cell. The pipes that the engine
// captures stdout and stderr with are the kernel's (fds 5 to 8): after a
// crash it reads what the engine left in them. The child's own stderr is
// its log, and says why it died.
package engineproc

import (
	"encoding/json"
	"io"
	"sync"

	"github.com/culab/culab/kernel"
)

// request goes from the kernel to the engine process.
type request struct {
	ID uint64 `json:"id"`
	// Op is info, execute, complete, inspect, is_complete, interrupt,
	// input (the line a cell asked for) or shutdown.
	Op       string                 `json:"op"`
	Execute  *kernel.ExecuteRequest `json:"execute,omitempty"`
	Code     string                 `json:"code,omitempty"`
	Cursor   int                    `json:"cursor,omitempty"`
	Detail   int                    `json:"detail,omitempty"`
	Restart  bool                   `json:"restart,omitempty"`
	Line     string                 `json:"line,omitempty"`
	InputErr string                 `json:"input_err,omitempty"`
}

// event goes from the engine process to the kernel: output of the running
// cell (request ID), a request for input, or the reply to a request.
type event struct {
	ID uint64 `json:"id"`
	// Kind is stream, display, result, clear, input or reply.
	Kind      string            `json:"kind"`
	Name      string            `json:"name,omitempty"`
	Text      string            `json:"text,omitempty"`
	Data      kernel.MIMEBundle `json:"data,omitempty"`
	Meta      map[string]any    `json:"meta,omitempty"`
	DisplayID string            `json:"display_id,omitempty"`
	Update    bool              `json:"update,omitempty"`
	Wait      bool              `json:"wait,omitempty"`
	Password  bool              `json:"password,omitempty"`
	Reply     json.RawMessage   `json:"reply,omitempty"`
}

// sender writes messages one at a time.
type sender struct {
	mu  sync.Mutex
	enc *json.Encoder
}

func newSender(w io.Writer) *sender { return &sender{enc: json.NewEncoder(w)} }

func (s *sender) send(v any) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.enc.Encode(v)
}
