package vgpu

import (
	"fmt"
	"strings"
)

// Fault is an illegal access or a trap in a kernel: what a real GPU reports
// as an illegal address, a misaligned address or an illegal instruction.
// The virtual GPU stays usable afterwards.
type Fault struct {
	Kernel        string
	Block, Thread [3]int
	File          string // CUDA source file from .loc; "" when unknown
	Line          int    // CUDA source line from .loc; 0 when unknown
	PTXLine       int
	Instr         string // the PTX instruction as written
	Space         string // "global", "shared", "local", "param", "const"; "" for a trap
	Addr          uint64
	Size          int
	// Reason says what went wrong: "out of bounds", "misaligned",
	// "trap", "stack overflow", ….
	Reason string
	// Nearest places Addr relative to the closest allocation or window.
	Nearest string
}

func (f *Fault) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "vgpu: kernel %s: %s", f.Kernel, f.Reason)
	if f.Size > 0 {
		fmt.Fprintf(&b, ": %d-byte %s access at 0x%x", f.Size, f.Space, f.Addr)
	}
	if f.Nearest != "" {
		fmt.Fprintf(&b, " (%s)", f.Nearest)
	}
	fmt.Fprintf(&b, " by thread (%d,%d,%d) of block (%d,%d,%d)",
		f.Thread[0], f.Thread[1], f.Thread[2], f.Block[0], f.Block[1], f.Block[2])
	if f.File != "" || f.Line > 0 {
		fmt.Fprintf(&b, " at %s:%d", f.File, f.Line)
	}
	if f.PTXLine > 0 {
		fmt.Fprintf(&b, " (PTX line %d: %s)", f.PTXLine, f.Instr)
	}
	b.WriteString("; the virtual GPU stays usable (a real GPU would need dev.Reset())")
	return b.String()
}

// LimitError says a launch stopped before its end: its instruction budget
// ran out, or Interrupted returned true.
type LimitError struct {
	Kernel      string
	Budget      int64 // warp-instructions allowed
	Interrupted bool
}

func (e *LimitError) Error() string {
	if e.Interrupted {
		return fmt.Sprintf("vgpu: kernel %s interrupted", e.Kernel)
	}
	return fmt.Sprintf("vgpu: kernel %s ran past its budget of %d warp-instructions (an endless loop?)", e.Kernel, e.Budget)
}

// UnsupportedError names an instruction the virtual GPU cannot execute.
type UnsupportedError struct {
	Instr   string // as written
	Op      string // opcode with modifiers
	File    string
	Line    int
	PTXLine int
	Why     string // detail, may be ""
}

func (e *UnsupportedError) Error() string {
	s := fmt.Sprintf("vgpu: unsupported instruction %s (PTX line %d: %s)", e.Op, e.PTXLine, e.Instr)
	if e.File != "" || e.Line > 0 {
		s += fmt.Sprintf(" from %s:%d", e.File, e.Line)
	}
	if e.Why != "" {
		s += ": " + e.Why
	}
	return s
}

// ErrorKind classifies an *Error.
type ErrorKind int

// The kinds of *Error.
const (
	OutOfMemory ErrorKind = iota + 1
	Invalid
)

func (k ErrorKind) String() string {
	switch k {
	case OutOfMemory:
		return "out of memory"
	case Invalid:
		return "invalid argument"
	}
	return fmt.Sprintf("ErrorKind(%d)", int(k))
}

// Error is an API misuse or resource error: out of memory, a bad pointer,
// a bad launch configuration.
type Error struct {
	Kind ErrorKind
	Msg  string
}

func (e *Error) Error() string { return "vgpu: " + e.Kind.String() + ": " + e.Msg }

func errorf(kind ErrorKind, format string, args ...any) *Error {
	return &Error{Kind: kind, Msg: fmt.Sprintf(format, args...)}
}
