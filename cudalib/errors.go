package cudalib

import (
	"errors"
	"fmt"

	"github.com/culab/culab/cudalib/internal/seam"
)

// ErrorKind classifies a device error so callers can react without knowing
// the backend's codes.
type ErrorKind = seam.ErrorKind

// The kinds of device errors.
const (
	// KindOther is any error not listed below.
	KindOther = seam.KindOther
	// KindUnavailable: no device can be used (library missing, no GPU, ...).
	KindUnavailable = seam.KindUnavailable
	// KindOutOfMemory: an allocation did not fit.
	KindOutOfMemory = seam.KindOutOfMemory
	// KindFault: a kernel faulted (illegal address, misaligned access, ...).
	// The context is unusable until Device.Reset.
	KindFault = seam.KindFault
	// KindInvalid: the driver refused a call's arguments.
	KindInvalid = seam.KindInvalid
)

// DeviceError is an error reported by the device backend, with the call that
// failed and the backend's own name and text for it.
type DeviceError = seam.DeviceError

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
type Diagnostic = seam.Diagnostic

// CompileError is a failed compilation: the parsed diagnostics and the
// compiler's raw log.
type CompileError = seam.CompileError
