package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/kernel"
	"github.com/culab/culab/kernel/goengine"
)

// runKernel serves the Go engine to a Jupyter front end: the argv of the
// kernelspec (`culab kernel -f {connection_file}`).
func runKernel(args []string, _, stderr io.Writer) error {
	fs := flag.NewFlagSet("kernel", flag.ContinueOnError)
	fs.SetOutput(stderr)
	connFile := fs.String("f", "", "Jupyter connection `file`")
	limit := fs.Int("output-limit", 0, "bytes of stdout/stderr one cell may send (0: 1 MiB, <0: no limit)")
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
	cudalib.UseWorker(workerCommand)
	eng, err := goengine.New(goengine.Options{CaptureFD: true, OutputLimit: *limit, Version: version})
	if err != nil {
		return err
	}
	// Once fds 1 and 2 are captured, the kernel's own log goes to the saved
	// stderr that Jupyter shows in its server log.
	return kernel.Serve(context.Background(), conn, eng, kernel.Options{Log: eng.LogWriter(), Version: version})
}
