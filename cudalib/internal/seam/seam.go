// Package seam is the interface between cudalib's public API and its
// backends: the CUDA driver in this process (package cudabackend), the
// driver in a worker process (package worker) and the virtual GPU (package
// virtual). cudalib's buffers, modules and kernels use only Backend and
// the interfaces it hands out; what a backend can do beyond them (inspect
// a launch, model its times) it offers as a capability interface here, so
// that the public files never name a backend's type. The types both sides
// share (Info, errors, attributes) live here too; cudalib re-exports them
// as aliases.
package seam

import (
	"unsafe"

	"github.com/culab/culab/cudalib/counters"
	"github.com/culab/culab/cudalib/gpus"
	"github.com/culab/culab/cudalib/sasscount"
	"github.com/culab/culab/cudalib/timemodel"
	"github.com/culab/culab/cudalib/vgpu"
)

// Backend is what a device implementation provides.
type Backend interface {
	Info() Info
	// Hardware says whether kernels run on a physical GPU: only there are
	// there hardware counters to read and a GPU other processes share (the
	// timing queue); the virtual GPU interprets them on the CPU.
	Hardware() bool
	MemInfo() (free, total uint64, err error)
	Alloc(bytes int) (DevPtr, error)
	Free(p DevPtr) error
	CopyHtoD(dst DevPtr, src unsafe.Pointer, bytes int) error
	CopyDtoH(dst unsafe.Pointer, src DevPtr, bytes int) error
	CopyDtoD(dst, src DevPtr, bytes int) error
	// Fill writes count copies of pattern (1, 2, 4 or 8 bytes) at dst.
	Fill(dst DevPtr, pattern uint64, size, count int) error
	Compile(req CompileRequest) (Module, error)
	NewStream() (Stream, error)
	NewTimer() (Timer, error)
	Synchronize() error
	// Reset recovers the device after a sticky fault; every allocation,
	// module and stream made before it is gone.
	Reset() error
	Close() error
}

// DevPtr is a device address as the backend understands it.
type DevPtr uint64

// CompileRequest is one module to compile: CUDA C source, NVRTC options
// and the name expressions (kernels, template instances) to look up.
type CompileRequest struct {
	Name      string
	Source    string
	Options   []string
	NameExprs []string

	// Cancel, when closed, asks to stop the compile: nobody waits for it
	// any more. Only a compile in a child process can be stopped.
	Cancel <-chan struct{}
}

// Module is a compiled and loaded module.
type Module interface {
	// Function looks a kernel up by its lowered (mangled) or extern "C" name.
	Function(lowered string) (Function, error)
	// Global looks a module-scope variable (__device__, __constant__) up
	// by its lowered or extern "C" name: its address, valid for the
	// backend's copies, and its size in bytes.
	Global(lowered string) (addr DevPtr, size int, err error)
	// Lowered maps each name expression given at compile time to its symbol.
	Lowered() map[string]string
	CompileLog() string
	Cached() bool
	Unload() error
}

// Function is one kernel of a Module.
type Function interface {
	Attributes() (Attributes, error)
	// ParamSizes returns the byte size of each parameter, or ok=false where
	// the backend cannot tell.
	ParamSizes() (sizes []int, ok bool)
	SetMaxDynamicShared(bytes int) error
	// Launch enqueues the kernel; params are kept alive until the backend
	// has copied them. A failure may surface at the next call instead.
	Launch(cfg LaunchConfig, params []unsafe.Pointer) error
	// LaunchTimed is Launch between the timer's start and stop points, with
	// nothing of the host's in between.
	LaunchTimed(cfg LaunchConfig, params []unsafe.Pointer, t Timer) error
	SuggestBlock(dynamicShared int) (minGrid, block int, err error)
	ActiveBlocksPerSM(block, dynamicShared int) (int, error)
}

// LaunchConfig is a launch's shape: grid and block with every dimension
// at least 1, dynamic shared bytes, and the stream (nil: the default one).
type LaunchConfig struct {
	Grid, Block [3]int
	Shared      int
	Stream      Stream
}

// Stream is a stream of the backend.
type Stream interface {
	Synchronize() error
	Destroy() error
}

// Timer measures device time between two points on a stream.
type Timer interface {
	// Start marks the start point: the next work enqueued on the device.
	Start(s Stream) error
	Stop(s Stream) error
	// Elapsed waits for the stop point and returns milliseconds.
	Elapsed() (float64, error)
	Destroy() error
}

// Inspector is what a backend that executes kernels itself (the virtual
// GPU) adds to the seam: a launch watched as it runs, counted per source
// line and, when asked, sanitized; the user's own work kept apart from it;
// a sanitizer for every launch. Profile and Sanitize run on such a backend,
// on a GPU device on the companion virtual GPU.
type Inspector interface {
	// Inspect runs one launch of fn, counted (and sanitized with san); kerr
	// is the kernel's own failure (a GPU would report it at the next
	// synchronize), err a launch the driver would refuse. The report is nil
	// without san.
	Inspect(fn Function, c LaunchConfig, params []unsafe.Pointer, san bool) (p *vgpu.Profile, rep *vgpu.Report, kerr, err error)
	// Aside keeps what follows, until restore is called, out of a timer's
	// recording and clear of the error an earlier launch left.
	Aside() (restore func())
	// SetSanitizer sanitizes every later launch, or stops.
	SetSanitizer(on bool)
}

// ModuleVariables is a function of a backend that knows its module's
// variables (the virtual GPU, from the PTX): an inspected launch (Profile,
// a sanitizer's check) runs with the variables as the user's launch would
// see them, and leaves them as they were.
type ModuleVariables interface {
	// Variables lists the (lowered) names of the module's __device__ and
	// __constant__ variables, for the function's module's Global.
	Variables() []string
	// SaveVariables keeps a copy of every variable's bytes; restore
	// writes them back.
	SaveVariables() (restore func())
}

// SASSCounter is a backend that counts, beside the PTX it runs, the SASS
// the GPU would run for a launch (the virtual GPU, where NVRTC 13 and
// nvdisasm are installed). CountSASS returns the SASS of fn counted from
// p, a profile of fn's launch, or why it cannot (the tools missing, the
// kernel's code beyond the estimate): the profile then keeps PTX counts.
type SASSCounter interface {
	CountSASS(fn Function, p *vgpu.Profile) (*sasscount.Launch, error)
}

// Sampler is a backend that can run a sample of a launch's blocks (the
// virtual GPU); SetSampling chooses when (nil: its environment's choice).
type Sampler interface {
	SetSampling(s *vgpu.Sampling)
}

// LaunchSampler is a backend that lets its caller sample launches (the
// virtual GPU): Sampling is what the next launch will use, LastLaunch is
// the profile of the last launch run (nil before any), and RepeatLaunches
// counts the last count launches again, times more times, in an open
// timer's recording without running them.
type LaunchSampler interface {
	Sampling() (vgpu.Sampling, error)
	LastLaunch() *vgpu.Profile
	RepeatLaunches(count, times int) error
}

// WriteTracker is a backend that knows which bytes of device memory were
// written (the virtual GPU): Discard makes n bytes at p unwritten (zero,
// their pages given back), Written lists the runs of them written since.
type WriteTracker interface {
	Discard(p DevPtr, n int) error
	Written(p DevPtr, n int) ([]vgpu.Span, error)
}

// HostMapper is a backend that makes host memory device memory without a
// copy (the virtual GPU, whose memory is the host's): the n bytes at p
// stay the caller's, kept alive until freed.
type HostMapper interface {
	MapHost(p unsafe.Pointer, n int) (DevPtr, error)
}

// TimeModeler is a backend whose times come from a model (the virtual
// GPU's); SetTimeModel replaces the model.
type TimeModeler interface {
	SetTimeModel(m timemodel.Model)
	// GPU is the GPU it models: its device query, limits and time
	// model's figures.
	GPU() gpus.GPU
}

// ModeledTimer is a timer whose times come from a model over what the
// timed work executed (the virtual GPU's), not from a clock: it gives the
// counters the model read and which of its mechanisms bounds the time.
type ModeledTimer interface {
	Timer
	Counters() counters.Counters
	Bound() string
}
