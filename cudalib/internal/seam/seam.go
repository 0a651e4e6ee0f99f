package cudalib

//go:generate go run gen_buffers.go

import (
	"unsafe"

	"github.com/culab/culab/cudalib/vgpu"
)

// backend is what a device implementation provides: the CUDA driver
// in-process (cudabackend.go), the driver in a worker process (worker.go) and
// the virtual GPU (virtualbackend.go). Buffers, modules and kernels use only
// this seam; what a backend can do beyond it, the public files ask for by
// capability (inspector, modeledTimer), never by the backend's type.
type backend interface {
	info() Info
	memInfo() (free, total uint64, err error)
	alloc(bytes int) (devPtr, error)
	free(p devPtr) error
	copyHtoD(dst devPtr, src unsafe.Pointer, bytes int) error
	copyDtoH(dst unsafe.Pointer, src devPtr, bytes int) error
	copyDtoD(dst, src devPtr, bytes int) error
	// fill writes count copies of pattern (1, 2, 4 or 8 bytes) at dst.
	fill(dst devPtr, pattern uint64, size, count int) error
	compile(req compileRequest) (moduleImpl, error)
	newStream() (streamImpl, error)
	newTimer() (timerImpl, error)
	synchronize() error
	// reset recovers the device after a sticky fault; every allocation,
	// module and stream made before it is gone.
	reset() error
	close() error
}

// devPtr is a device address as the backend understands it.
type devPtr uint64

type compileRequest struct {
	name      string
	source    string
	options   []string
	nameExprs []string
}

type moduleImpl interface {
	// function looks a kernel up by its lowered (mangled) or extern "C" name.
	function(lowered string) (functionImpl, error)
	// lowered maps each name expression given at compile time to its symbol.
	lowered() map[string]string
	compileLog() string
	cached() bool
	unload() error
}

type functionImpl interface {
	attributes() (Attributes, error)
	// paramSizes returns the byte size of each parameter, or ok=false where
	// the backend cannot tell.
	paramSizes() (sizes []int, ok bool)
	setMaxDynamicShared(bytes int) error
	// launch enqueues the kernel; params are kept alive until the backend
	// has copied them. A failure may surface at the next call instead.
	launch(cfg launchConfig, params []unsafe.Pointer) error
	// launchTimed is launch between the timer's start and stop points, with
	// nothing of the host's in between.
	launchTimed(cfg launchConfig, params []unsafe.Pointer, t timerImpl) error
	suggestBlock(dynamicShared int) (minGrid, block int, err error)
	activeBlocksPerSM(block, dynamicShared int) (int, error)
}

type launchConfig struct {
	grid, block Dim3
	shared      int
	stream      streamImpl
}

type streamImpl interface {
	synchronize() error
	destroy() error
}

// timerImpl measures device time between two points on a stream.
type timerImpl interface {
	// start marks the start point: the next work enqueued on the device.
	start(s streamImpl) error
	stop(s streamImpl) error
	// elapsed waits for the stop point and returns milliseconds.
	elapsed() (float64, error)
	destroy() error
}

// inspector is what a backend that executes kernels itself (the virtual
// GPU) adds to the seam: a launch watched as it runs, counted per source
// line and, when asked, sanitized; the user's own work kept apart from it;
// a sanitizer for every launch. Profile and Sanitize run on such a backend,
// on a GPU device on the companion virtual GPU.
type inspector interface {
	// inspect runs one launch of fn, counted (and sanitized with san); kerr
	// is the kernel's own failure (a GPU would report it at the next
	// synchronize), err a launch the driver would refuse. The report is nil
	// without san.
	inspect(fn functionImpl, c launchConfig, params []unsafe.Pointer, san bool) (p *vgpu.Profile, rep *vgpu.Report, kerr, err error)
	// aside keeps what follows, until restore is called, out of a timer's
	// recording and clear of the error an earlier launch left.
	aside() (restore func())
	// setSanitizer sanitizes every later launch, or stops.
	setSanitizer(on bool)
}

// modeledTimer is a timer whose times come from a model over what the
// timed work executed (the virtual GPU's), not from a clock: it gives the
// counters the model read and which of its mechanisms bounds the time.
type modeledTimer interface {
	timerImpl
	counters() Counters
	bound() string
}
