package seam

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/culab/culab/cudalib/vgpu"
)

// The types of this file are cudalib's (it re-exports them as aliases):
// both the public API and the backends make and read them.

// Info is the device report of the seed labs' device queries.
type Info struct {
	Ordinal             int
	Name                string
	UUID                string // "GPU-…" as nvidia-smi prints it; "" on the virtual GPU
	Backend             string // e.g. "CUDA driver 13.0"
	Major, Minor        int    // compute capability
	SMCount             int
	TotalMem            uint64
	ConstMem            int
	SharedPerBlock      int
	SharedPerBlockOptin int // the most a kernel may opt in to (dynamic shared memory)
	SharedPerSM         int
	RegsPerBlock        int
	WarpSize            int
	MaxThreadsPerBlock  int
	MaxThreadsPerSM     int
	MaxBlockDim         [3]int
	MaxGridDim          [3]int
	ClockKHz            int
	MemClockKHz         int
	MemBusWidth         int // bits
	L2Bytes             int
	MemPitch            int64
	TextureAlignment    int
	AsyncEngines        int // copy engines: "deviceOverlap" in the seeds
}

// Arch is the device's architecture name, e.g. "sm_90".
func (i Info) Arch() string { return fmt.Sprintf("sm_%d%d", i.Major, i.Minor) }

// PeakBandwidth is the theoretical memory bandwidth in GB/s (DDR: two
// transfers per clock).
func (i Info) PeakBandwidth() float64 {
	return 2 * float64(i.MemClockKHz) * 1e3 * float64(i.MemBusWidth/8) / 1e9
}

func (i Info) String() string {
	var b strings.Builder
	row := func(k string, format string, v ...any) {
		fmt.Fprintf(&b, "%-28s "+format+"\n", append([]any{k + ":"}, v...)...)
	}
	row("Device", "%d: %s", i.Ordinal, i.Name)
	if i.UUID != "" {
		row("UUID", "%s", i.UUID)
	}
	row("Backend", "%s", i.Backend)
	row("Compute capability", "%d.%d (%s)", i.Major, i.Minor, i.Arch())
	row("Multiprocessors (SMs)", "%d", i.SMCount)
	row("Total global memory", "%d MiB (%d bytes)", i.TotalMem>>20, i.TotalMem)
	row("Total constant memory", "%d bytes", i.ConstMem)
	row("Shared memory per block", "%d bytes (opt-in max %d)", i.SharedPerBlock, i.SharedPerBlockOptin)
	row("Shared memory per SM", "%d bytes", i.SharedPerSM)
	row("Registers per block", "%d", i.RegsPerBlock)
	row("Warp size", "%d", i.WarpSize)
	row("Max threads per block", "%d", i.MaxThreadsPerBlock)
	row("Max threads per SM", "%d", i.MaxThreadsPerSM)
	row("Max block dimensions", "%d x %d x %d", i.MaxBlockDim[0], i.MaxBlockDim[1], i.MaxBlockDim[2])
	row("Max grid dimensions", "%d x %d x %d", i.MaxGridDim[0], i.MaxGridDim[1], i.MaxGridDim[2])
	row("Clock rate", "%d kHz", i.ClockKHz)
	row("Memory clock rate", "%d kHz", i.MemClockKHz)
	row("Memory bus width", "%d bits", i.MemBusWidth)
	row("Peak memory bandwidth", "%.0f GB/s", i.PeakBandwidth())
	row("L2 cache size", "%d bytes", i.L2Bytes)
	row("Memory pitch", "%d bytes", i.MemPitch)
	row("Texture alignment", "%d bytes", i.TextureAlignment)
	row("Async copy engines", "%d", i.AsyncEngines)
	return b.String()
}

// Attributes are a compiled kernel's resource use.
type Attributes struct {
	Registers     int // per thread
	StaticShared  int // bytes
	LocalBytes    int // per thread (spills and local arrays)
	ConstBytes    int
	MaxThreads    int // most threads per block this kernel can launch with
	PTXVersion    int // e.g. 90
	BinaryVersion int
}

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

// SanitizerError is the error of a launch on a device with SetSanitizer
// on whose sanitizer found something, reported where a kernel's fault
// would be (the next synchronize, copy or Run).
type SanitizerError struct {
	Report *vgpu.Report
	Err    error // what else went wrong in the kernel (a trap, the budget); nil if nothing
}

func (e *SanitizerError) Error() string {
	r := e.Report
	s := fmt.Sprintf("sanitizer: kernel %s: %d errors, %d warnings", r.Kernel, r.Errors, r.Warnings)
	if len(r.Findings) > 0 {
		f := &r.Findings[0]
		s += fmt.Sprintf("; first: %s at %s:%d by thread (%d,%d,%d) of block (%d,%d,%d)", f.Kind, filepath.Base(f.File), f.Line,
			f.Thread[0], f.Thread[1], f.Thread[2], f.Block[0], f.Block[1], f.Block[2])
	}
	if e.Err != nil {
		s += "; and " + e.Err.Error()
	}
	return s
}

func (e *SanitizerError) Unwrap() error { return e.Err }
