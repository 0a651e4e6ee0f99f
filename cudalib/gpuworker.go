package cudalib

import (
	"io"
	"sync"

	"github.com/culab/culab/cudalib/internal/compileproc"
	"github.com/culab/culab/cudalib/internal/cudabackend"
	"github.com/culab/culab/cudalib/internal/worker"
)

// A kernel fault leaves the CUDA driver unusable for the whole process, so
// a program that must survive faults (the notebook kernel) keeps the GPU
// in a worker process (package internal/worker), and Reset replaces it.

var (
	workerMu   sync.Mutex
	workerArgs []string // how to start a worker: this executable with these arguments
)

// An interrupt that a worker's GPU does not answer (an endless kernel)
// stops the worker: nothing else frees the GPU.
func init() { worker.OnInterrupt(interruptDone) }

// UseWorker makes OpenDevice run the GPU in a child process started as
// this executable with args (a program's "gpu-worker" command, which calls
// ServeWorker). Faults then cost the worker, not the program, and
// Device.Reset recovers. Call it before the first OpenDevice.
func UseWorker(args ...string) {
	workerMu.Lock()
	defer workerMu.Unlock()
	workerArgs = append([]string(nil), args...)
}

func workerCommand() []string {
	workerMu.Lock()
	defer workerMu.Unlock()
	return workerArgs
}

// ServeWorker serves the GPU of the given ordinal to a parent over r and w
// (the worker process's stdin and stdout) until r closes. A worker started
// under a profiler (HardwareProfile) serves over the socket named in
// $CULAB_WORKER_SOCKET instead: the profiler's output shares its stdout.
func ServeWorker(r io.Reader, w io.Writer) error { return worker.Serve(r, w, cudabackend.Open) }

// UseCompileWorker makes NVRTC's compiles run in child processes started as
// this executable with args (a program's command that calls
// ServeCompileWorker), where an interrupt or a runaway compile's memory
// can stop them: NVRTC itself cannot stop a compile.
func UseCompileWorker(args ...string) { compileproc.Use(args...) }

// ServeCompileWorker compiles the requests of a parent (UseCompileWorker)
// read from r, answering on w, until r closes.
func ServeCompileWorker(r io.Reader, w io.Writer) error { return compileproc.Serve(r, w) }
