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
