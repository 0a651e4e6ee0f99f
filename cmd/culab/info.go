package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/culab/culab/cudalib"
)

// probe inspects the machine; tests replace it.
var probe = cudalib.Probe

// runInfo prints the device report. Having no GPU is not a failure: the
// report says why, and the exit status stays 0 unless -require-gpu is set.
func runInfo(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("info", flag.ContinueOnError)
	fs.SetOutput(stderr)
	requireGPU := fs.Bool("require-gpu", false, "exit with an error when no GPU can be used")
	if err := fs.Parse(args); err != nil {
		return err
	}
	r := probe()
	fmt.Fprintf(stdout, "culab %s\n%s", version, r)
	hw := "Hardware counters (Nsight Compute, Kernel.HardwareProfile): " + cudalib.HardwareCounters().String()
	if !r.GPU() {
		hw += "; they need a GPU"
	}
	fmt.Fprintln(stdout, hw)
	if *requireGPU && !r.GPU() {
		return fmt.Errorf("no GPU can be used: %v", r.DeviceErr)
	}
	return nil
}
