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

// useWorker arranges for the GPU to live in a worker process unless
// envGPUWorker says off.
func useWorker(stderr io.Writer) {
	if inProcess() {
		fmt.Fprintf(stderr, "culab: %s=off: the GPU runs in this process; a kernel fault ends it\n", envGPUWorker)
		return
	}
	cudalib.UseWorker(workerCommand)
}

// runGPUWorker serves the GPU to its parent over stdin and stdout.
func runGPUWorker(_ []string, _, _ io.Writer) error {
	// The protocol owns the original stdout; anything else that writes to
	// fd 1 (the driver, NVRTC) goes to stderr instead of corrupting it.
	fd, err := syscall.Dup(1)
	if err != nil {
		return fmt.Errorf("gpu worker: %w", err)
	}
	if err := syscall.Dup3(2, 1, 0); err != nil {
		return fmt.Errorf("gpu worker: %w", err)
	}
	return cudalib.ServeWorker(os.Stdin, os.NewFile(uintptr(fd), "protocol"))
}
