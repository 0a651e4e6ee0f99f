package cudalib

import (
	"errors"
	"fmt"
	"strings"
)

// ErrorKind classifies a device error so callers can react without knowing
// the backend's codes.
type ErrorKind int

const (
	// KindOther is any error not listed below.
	KindOther ErrorKind = iota
	// KindUnavailable: no device can be used (library missing, no GPU, ...).
	KindUnavailable
	// KindOutOfMemory: an allocation did not fit.
	KindOutOfMemory
	// KindFault: a kernel faulted (illegal address, misaligned access, ...).
	// The context is unusable until Device.Reset.
	KindFault
	// KindInvalid: the driver refused a call's arguments.
	KindInvalid
)

// DeviceError is an error reported by the device backend, with the call that
// failed and the backend's own name and text for it.
type DeviceError struct {
	Op   string // the backend call, e.g. "cuLaunchKernel"
	Code int
	Name string // e.g. "CUDA_ERROR_ILLEGAL_ADDRESS"
	Msg  string // the backend's description
	Kind ErrorKind
}

func (e *DeviceError) Error() string {
	s := fmt.Sprintf("%s: %s (%s)", e.Op, e.Name, e.Msg)
	if e.Kind == KindFault {
		s += "; a kernel faulted: check its indexing and bounds (every i < n?), then call dev.Reset() to recover the device — buffers and modules made before the reset are gone"
	}
	return s
}

// IsFault reports whether err is (or wraps) a kernel fault that needs Reset.
func IsFault(err error) bool { return kindOf(err) == KindFault }

func isOutOfMemory(err error) bool { return kindOf(err) == KindOutOfMemory }

func kindOf(err error) ErrorKind {
	var de *DeviceError
	if errors.As(err, &de) {
		return de.Kind
	}
	return KindOther
}

// OutOfMemoryError says how much was asked for and how much was free.
type OutOfMemoryError struct {
	Requested, Free, Total uint64
	Err                    error
}

func (e *OutOfMemoryError) Error() string {
	return fmt.Sprintf("out of device memory: asked for %s, %s free of %s", human(e.Requested), human(e.Free), human(e.Total))
}

func (e *OutOfMemoryError) Unwrap() error { return e.Err }

func human(b uint64) string {
	const unit = 1024
	if b < unit {
		return fmt.Sprintf("%d B", b)
	}
	div, exp := uint64(unit), 0
	for n := b / unit; n >= unit; n /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(b)/float64(div), "KMGTPE"[exp])
}

// LaunchError is a launch refused before it reached the device: a bad
// configuration or argument list.
type LaunchError struct {
	Kernel string
	Reason string
}

func (e *LaunchError) Error() string { return fmt.Sprintf("launch %s: %s", e.Kernel, e.Reason) }

// Diagnostic is one message of a compiler log.
type Diagnostic struct {
	File     string
	Line     int // 1-based; 0 when the log gives none
	Column   int // 1-based; 0 when the log gives none
	Severity string
	Message  string
}

func (d Diagnostic) String() string {
	pos := d.File
	if d.Line > 0 {
		pos += fmt.Sprintf(":%d", d.Line)
		if d.Column > 0 {
			pos += fmt.Sprintf(":%d", d.Column)
		}
	}
	return fmt.Sprintf("%s: %s: %s", pos, d.Severity, d.Message)
}

// CompileError is a failed compilation: the parsed diagnostics and the
// compiler's raw log.
type CompileError struct {
	Name        string
	Diagnostics []Diagnostic
	Log         string
}

func (e *CompileError) Error() string {
	var errs []string
	for _, d := range e.Diagnostics {
		if d.Severity == "error" || d.Severity == "catastrophic error" || d.Severity == "fatal" {
			errs = append(errs, d.String())
		}
	}
	if len(errs) == 0 {
		return fmt.Sprintf("compile %s failed:\n%s", e.Name, strings.TrimSpace(e.Log))
	}
	return fmt.Sprintf("compile %s: %d error(s):\n%s", e.Name, len(errs), strings.Join(errs, "\n"))
}
