// Command culab is the one binary of culab: the Jupyter kernel, its
// installer, the headless notebook runner and the device report.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

type command struct {
	name, usage string
	run         func(args []string, stdout, stderr io.Writer) error
}

func commands() []command {
	return []command{
		{"info", "report the driver, NVRTC and GPUs (or why none can be used)", runInfo},
		{"kernel", "serve the Go engine to Jupyter: kernel -f CONNECTION_FILE", runKernel},
		{"run", "execute notebooks headlessly: run NOTEBOOK... [-o DIR] [-p name=value ...]", runNotebooks},
		{"install", "install the Jupyter kernelspec [--user | --sys-prefix | --prefix DIR] [--list]", runInstall},
		{"uninstall", "remove the kernelspec [--user | --sys-prefix | --prefix DIR]", runUninstall},
		{workerCommand, "serve the GPU to a parent culab process (internal)", runGPUWorker},
		{compileCommand, "run NVRTC's compiles for a parent culab process (internal)", runCompileWorker},
		{engineCommand, "run the Go engine for a parent culab kernel (internal)", runEngine},
		{"version", "print the version", func(_ []string, stdout, _ io.Writer) error {
			_, err := fmt.Fprintln(stdout, "culab", version)
			return err
		}},
	}
}

func main() {
	os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
}

func dispatch(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range commands() {
		if c.name == args[0] {
			defer cpuProfile(c.name, stderr)()
			if err := c.run(args[1:], stdout, stderr); err != nil {
				fmt.Fprintf(stderr, "culab %s: %v\n", c.name, err)
				return 1
			}
			return 0
		}
	}
	fmt.Fprintf(stderr, "culab: unknown command %q\n", args[0])
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: culab COMMAND [ARGS]\n\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.usage)
	}
}

// envCPUProfile names a path prefix: every culab process (run, kernel,
// engine, gpu-worker) then writes a Go CPU profile of its command to
// PREFIX.COMMAND.PID.pprof (go tool pprof reads it), a new file: the name
// is predictable, so under a shared /tmp another user could have put a
// link or a file of theirs there first.
const envCPUProfile = "CULAB_CPUPROFILE"

// cpuProfile starts the profile envCPUProfile asks for and returns its stop.
func cpuProfile(cmd string, stderr io.Writer) (stop func()) {
	prefix := os.Getenv(envCPUProfile)
	if prefix == "" {
		return func() {}
	}
	f, err := os.OpenFile(fmt.Sprintf("%s.%s.%d.pprof", prefix, cmd, os.Getpid()), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		fmt.Fprintf(stderr, "culab: %s: %v\n", envCPUProfile, err)
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			fmt.Fprintf(stderr, "culab: %s: %v\n", envCPUProfile, err)
		}
	}
}
