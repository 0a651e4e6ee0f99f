// Package kernel speaks the Jupyter messaging protocol. It knows nothing of
// Go: it drives an Engine (the shape of xeus's interpreter interface), and
// the engine knows nothing of ZeroMQ.
package kernel

import "context"

// Engine runs code for the protocol core.
//
// The core calls Info once, at start; Execute, Complete, Inspect and
// IsComplete one at a time, never concurrently with each other; Interrupt
// from another goroutine, typically while Execute runs; Shutdown once, last,
// after the running cell has returned (or failed to within a grace period).
type Engine interface {
	// Info describes the language and the implementation for kernel_info.
	Info() Info
	// Execute runs one cell. Output produced while it runs goes to out, in
	// order. ctx is cancelled when the cell is interrupted, with
	// context.Cause(ctx) == ErrInterrupted, or when the kernel stops.
	Execute(ctx context.Context, req ExecuteRequest, out Output) ExecuteReply
	// Complete and Inspect take cursor as a byte offset into code; the
	// core converts from and to the protocol's code points.
	Complete(code string, cursor int) CompleteReply
	Inspect(code string, cursor, detailLevel int) InspectReply
	IsComplete(code string) IsCompleteReply
	// Interrupt stops the running cell, if any (interrupt_request, SIGINT).
	Interrupt()
	// Shutdown releases the engine. The kernel then stops serving and the
	// process exits; on restart the kernel manager starts a new process,
	// so restart only says that one is coming (no state needs resetting).
	Shutdown(restart bool) error
}

// MIMEBundle maps MIME types to data as the wire carries it: strings for
// text and base64-encoded binary types, JSON values for application/json.
type MIMEBundle map[string]any

// Output is where a running cell sends what it shows.
type Output interface {
	Stream(name, text string) // name is "stdout" or "stderr"
	// Display sends display_data; a non-empty displayID lets it be updated
	// later, and update=true sends update_display_data for that id.
	Display(data MIMEBundle, metadata map[string]any, displayID string, update bool)
	// Result sends the cell's execute_result.
	Result(data MIMEBundle, metadata map[string]any)
	Clear(wait bool)
	// Input asks the front end for a line (input_request on stdin); it
	// fails with ErrNoStdin when the request did not allow stdin, and
	// when the cell is interrupted while waiting.
	Input(prompt string, password bool) (string, error)
}

// Info is what kernel_info_reply says about the language.
type Info struct {
	Implementation        string
	ImplementationVersion string
	LanguageName          string
	LanguageVersion       string
	Mimetype              string
	FileExtension         string
	PygmentsLexer         string
	CodemirrorMode        string
	Banner                string
	HelpLinks             []HelpLink
}

// HelpLink is one entry of the front end's help menu.
type HelpLink struct{ Text, URL string }

// ExecuteRequest is the content of execute_request.
type ExecuteRequest struct {
	Code            string
	Silent          bool
	StoreHistory    bool
	UserExpressions map[string]string
	AllowStdin      bool
	ExecutionCount  int // the count this cell runs as
	// MsgID is the request's msg_id, the parent of the cell's output (an
	// Output widget captures the output of that parent).
	MsgID string
}

// ExecuteReply is what the engine reports back; the core adds the status,
// the execution count and the error broadcast.
type ExecuteReply struct {
	Error           *ExecError     // nil on success
	UserExpressions map[string]any // name → {status, data, metadata} or error
}

// ExecError is a failed cell: ename, evalue and a traceback whose lines
// point at the cell's code.
type ExecError struct {
	Name      string
	Value     string
	Traceback []string
}

// CompleteReply lists completions replacing code[CursorStart:CursorEnd]
// (byte offsets).
type CompleteReply struct {
	Matches     []string
	CursorStart int
	CursorEnd   int
	Metadata    map[string]any
}

// InspectReply is the documentation for the name at the cursor.
type InspectReply struct {
	Found bool
	Data  MIMEBundle
}

// IsCompleteReply answers is_complete_request: Status is "complete",
// "incomplete", "invalid" or "unknown"; Indent is set when incomplete.
type IsCompleteReply struct {
	Status string
	Indent string
}
