package main

import (
	"fmt"
	"io"
	"os"
	"syscall"

	"github.com/culab/culab/cudalib"
)

// workerCommand is how the kernel and `culab run` start the process that
// owns the GPU (cudalib.UseWorker): a kernel fault then costs that process,
// not the notebook, and dev.Reset() starts a fresh one.
const workerCommand = "gpu-worker"

// compileCommand starts the process that runs NVRTC's compiles
// (cudalib.UseCompileWorker), so that an interrupt or a compile's runaway
// memory kills it, not the notebook's engine.
const compileCommand = "compile-worker"

// envGPUWorker set to "off" keeps the GPU, and in the kernel the Go
// engine too, in the one process that NVIDIA's tools start: they follow no
// child process that Go starts (see the README). The cost: a kernel fault,
// or anything Go cannot recover from (os.Exit, a concurrent map write),
// then ends that process, `culab run` or the Jupyter kernel, with the
// notebook's state, instead of a worker that dev.Reset() replaces or an
// engine the kernel restarts; and Kernel.HardwareProfile, which starts a
// worker under ncu, is off.
const envGPUWorker = "CULAB_GPU_WORKER"

func inProcess() bool { return os.Getenv(envGPUWorker) == "off" }

// useWorker arranges for the GPU, and NVRTC's compiles, to live in worker
// processes unless envGPUWorker says off.
func useWorker(stderr io.Writer) {
	if inProcess() {
		fmt.Fprintf(stderr, "culab: %s=off: the GPU and NVRTC run in this process; a kernel fault ends it,"+
			" and an interrupt cannot stop a compile\n", envGPUWorker)
		return
	}
	cudalib.UseWorker(workerCommand)
	cudalib.UseCompileWorker(compileCommand)
}

// runGPUWorker serves the GPU to its parent over stdin and stdout. Its
// compiles run in compile workers of its own: their memory is bounded.
func runGPUWorker(_ []string, _, _ io.Writer) error {
	w, err := protocolStdout("gpu worker")
	if err != nil {
		return err
	}
	cudalib.UseCompileWorker(compileCommand)
	return cudalib.ServeWorker(os.Stdin, w)
}

// runCompileWorker serves NVRTC's compiles to its parent over stdin and
// stdout.
func runCompileWorker(_ []string, _, _ io.Writer) error {
	w, err := protocolStdout("compile worker")
	if err != nil {
		return err
	}
	return cudalib.ServeCompileWorker(os.Stdin, w)
}

// protocolStdout returns the original stdout for a worker's protocol and
// points fd 1 at stderr: anything else that writes there (the driver,
// NVRTC) then cannot corrupt the protocol.
func protocolStdout(who string) (*os.File, error) {
	fd, err := syscall.Dup(1)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", who, err)
	}
	if err := syscall.Dup3(2, 1, 0); err != nil {
		return nil, fmt.Errorf("%s: %w", who, err)
	}
	return os.NewFile(uintptr(fd), "protocol"), nil
}
