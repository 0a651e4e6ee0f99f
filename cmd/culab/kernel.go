package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"

	"github.com/culab/culab/kernel"
	"github.com/culab/culab/kernel/engineproc"
	"github.com/culab/culab/kernel/goengine"
)

// runKernel serves the Go engine to a Jupyter front end: the argv of the
// kernelspec (`culab kernel -f {connection_file}`).
func runKernel(args []string, _, stderr io.Writer) error {
	fs := flag.NewFlagSet("kernel", flag.ContinueOnError)
	fs.SetOutput(stderr)
	connFile := fs.String("f", "", "Jupyter connection `file`")
	limit := fs.Int("output-limit", 0, "bytes of stdout/stderr one cell may send, and of the text of each value it shows (0: 1 MiB, <0: no limit)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *connFile == "" {
		return fmt.Errorf("-f CONNECTION_FILE is required")
	}
	conn, err := kernel.LoadConnectionFile(*connFile)
	if err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	if inProcess() {
		// For NVIDIA's tools, which follow no process that Go starts:
		// the engine and the GPU in this one (useWorker).
		useWorker(stderr)
		eng, err := goengine.New(goengine.Options{CaptureFD: true, OutputLimit: *limit, Version: version})
		if err != nil {
			return err
		}
		return kernel.Serve(context.Background(), conn, eng, kernel.Options{Log: eng.LogWriter(), Version: version})
	}
	// The engine runs in a child process, so that what Go cannot recover
	// (a fatal error, os.Exit, the OOM killer) costs the notebook its
	// variables, not the kernel.
	eng, err := engineproc.Start(engineproc.Config{
		Command: func() *exec.Cmd {
			return exec.Command(self, engineCommand, "-output-limit", strconv.Itoa(*limit))
		},
		Log:         stderr,
		OutputLimit: outputLimit(*limit),
	})
	if err != nil {
		return err
	}
	return kernel.Serve(context.Background(), conn, eng, kernel.Options{Log: stderr, Version: version})
}

// engineCommand runs the Go engine in the kernel's child process.
const engineCommand = "engine"

func runEngine(args []string, _, stderr io.Writer) error {
	fs := flag.NewFlagSet(engineCommand, flag.ContinueOnError)
	fs.SetOutput(stderr)
	limit := fs.Int("output-limit", 0, "bytes of stdout/stderr one cell may send, and of the text of each value it shows (0: 1 MiB, <0: no limit)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	useWorker(stderr)
	return engineproc.RunChild(func(pipes [2]*os.File) (kernel.Engine, error) {
		return goengine.New(goengine.Options{CaptureFD: true, Pipes: &pipes, OutputLimit: *limit, Version: version})
	})
}

// outputLimit is the kernel's limit of a cell's output for the -output-limit
// flag: the engine's cells print through the kernel's process, which
// enforces it.
func outputLimit(flag int) int {
	if flag == 0 {
		return goengine.DefaultOutputLimit
	}
	return flag
}
