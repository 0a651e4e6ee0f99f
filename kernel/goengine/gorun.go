package goengine

import (
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"io"
	"os"
	osexec "os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/culab/culab/internal/memlimit"
	"github.com/culab/culab/kernel"
)

// interpretedNote follows every time the engine shows for cell code. A
// SAXPY loop over 2^22 floats in a cell takes 74 ns per element where the
// same loop built by %%gorun takes 0.36 ns (2-core AMD EPYC; the issue
// measured 72 ns against 1.1 ns on the GPU machine's host; kernelbench
// reruns it), so a CPU time measured in a cell overstates a compiled
// program's by two orders of magnitude.
const interpretedNote = "(interpreted Go: loops run ~70-200× slower than compiled; %%gorun runs a cell compiled)"

// goToolDirs are where the official archives (and the culab image) put
// the toolchain, for a kernel started without it on PATH.
var goToolDirs = []string{"/usr/local/go/bin"}

// envGo names the go command %%gorun uses, instead of looking for it.
const envGo = "CULAB_GO"

// goTool finds the Go toolchain: $CULAB_GO, else PATH, then goToolDirs.
func goTool() (string, error) {
	if p := os.Getenv(envGo); p != "" {
		if _, err := osexec.LookPath(p); err != nil {
			return "", fmt.Errorf("%s=%s is not a command (%v)", envGo, p, err)
		}
		return p, nil
	}
	if p, err := osexec.LookPath("go"); err == nil {
		return p, nil
	}
	for _, d := range goToolDirs {
		p := filepath.Join(d, "go")
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", errors.New("no `go` command was found on PATH or in /usr/local/go/bin " +
		"(install Go from https://go.dev/dl, or use the culab Docker image, which has it)")
}

// gorun builds the cell as a Go program with the Go toolchain and runs it
// compiled, in the kernel's directory and environment, its output streamed
// into the cell: the way to time a CPU baseline at compiled speed. The
// program sees none of the notebook's variables (pass values in arguments
// or with os.Setenv); "-o name" keeps its stdout in a string variable. A
// cell without a package clause is package main.
func (x *run) gorun(m *magic, body string) (cellResult, *kernel.ExecError) {
	outVar, args, err := gorunArgs(m.args)
	if err != nil {
		return cellResult{}, usageError(err)
	}
	if outVar != "" {
		// The name is checked before the program runs (-o nb ran it, then
		// refused the name and dropped its output).
		def := fmt.Sprintf("\n%s := \"\"", outVar)
		if _, xe := x.parseGo(def, []chunk{{kind: stmtChunk, start: 0, end: len(def)}}); xe != nil {
			return cellResult{}, xe
		}
	}
	tool, err := goTool()
	if err != nil {
		return x.gorunSkipped(err, outVar)
	}
	// The %%gorun line stays, blank (or as the package clause), so that the
	// compiler's line numbers are the cell's.
	src := body
	if !hasPackageClause(body) {
		src = "package main" + body[strings.IndexByte(body+"\n", '\n'):]
	}
	dir, err := os.MkdirTemp("", "culab-gorun-")
	if err != nil {
		return cellResult{}, x.gorunError(err)
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		return cellResult{}, x.gorunError(err)
	}

	var buildOut bytes.Buffer
	build := x.command(tool, dir, "build", "-o", "prog", "main.go")
	build.Stdout, build.Stderr = &buildOut, &buildOut
	build.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=") // never download a toolchain; no inherited flags
	if err := runGroup(build); err != nil {
		if x.ctx.Err() != nil {
			return cellResult{}, x.runError(errInterrupted, 0, false)
		}
		return cellResult{}, x.buildError(buildOut.String(), err)
	}

	prog := x.command(filepath.Join(dir, "prog"), "", args...)
	prog.Stdout, prog.Stderr = x.e.cap.streams[stdout].w, x.e.cap.streams[stderr].w
	var kept bytes.Buffer
	if outVar != "" {
		prog.Stdout = io.MultiWriter(prog.Stdout, &kept)
	}
	held, err := runWatched(prog, x.e.guard.limit)
	if held > 0 {
		msg := fmt.Sprintf("the program was stopped: it held %s, past the cap of %s for a running cell (%s sets it)",
			memlimit.Format(held), memlimit.Format(x.e.guard.limit), CellMemoryEnv)
		return cellResult{}, &kernel.ExecError{Name: memoryErrorName, Value: msg, Traceback: []string{memoryErrorName + ": " + msg}}
	}
	if outVar != "" && x.ctx.Err() == nil {
		def := fmt.Sprintf("\n%s := %q", outVar, kept.String())
		if _, xe := x.chunk(def, chunk{kind: stmtChunk, start: 0, end: len(def)}); xe != nil {
			return cellResult{}, xe
		}
	}
	switch {
	case x.ctx.Err() != nil:
		return cellResult{}, x.runError(errInterrupted, 0, false)
	case err != nil:
		var exit *osexec.ExitError
		if errors.As(err, &exit) {
			msg := "the program " + exit.ProcessState.String() // "exit status 2", "signal: killed"
			return cellResult{}, &kernel.ExecError{Name: "ProgramFailed", Value: msg, Traceback: []string{"ProgramFailed: " + msg}}
		}
		return cellResult{}, x.gorunError(err)
	}
	return cellResult{}, nil
}

// gorunSkipped ends a %%gorun cell that cannot run for want of the Go
// toolchain, an optional tool (a GPU machine may have only culab): the
// cell says why on stderr and succeeds, with the -o variable empty, so
// that the rest of the notebook runs; the cell's program result is all
// that is lost.
func (x *run) gorunSkipped(why error, outVar string) (cellResult, *kernel.ExecError) {
	note := "%%gorun skipped: it needs the Go toolchain, and " + why.Error() + ".\nThe program did not run"
	if outVar != "" {
		note += "; " + outVar + " is the empty string"
		def := fmt.Sprintf("\n%s := \"\"", outVar)
		if _, xe := x.chunk(def, chunk{kind: stmtChunk, start: 0, end: len(def)}); xe != nil {
			return cellResult{}, xe
		}
	}
	x.eprintf("%s; the notebook goes on.\n", note)
	return cellResult{}, nil
}

// gorunArgs reads "[-o name] [args...]": name is the Go variable that gets
// the program's stdout as a string.
func gorunArgs(line string) (outVar string, args []string, err error) {
	args = strings.Fields(line)
	if len(args) == 0 || args[0] != "-o" {
		return "", args, nil
	}
	if len(args) < 2 || !token.IsIdentifier(args[1]) || args[1] == "_" {
		return "", nil, errors.New("usage: %%gorun [-o variable] [program arguments]")
	}
	return args[1], args[2:], nil
}

// command is a process of its own group, killed whole on interrupt: a
// program's own children must not outlive the cell either.
func (x *run) command(name, dir string, args ...string) *osexec.Cmd {
	cmd := osexec.CommandContext(x.ctx, name, args...)
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
	return cmd
}

// runGroup runs cmd, then kills what is left of its process group: the
// children that a program started and left running when it ended outlived
// the cell, printing into later cells' output.
func runGroup(cmd *osexec.Cmd) error {
	err := cmd.Run()
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // ESRCH: nothing left
	}
	return err
}

// runWatched runs cmd as runGroup does, and kills its process group when
// the program's resident memory passes limit (the cap for a running cell;
// ≤ 0: none): a program that grew without end was ended only by the
// system's out-of-memory killer, once it had taken the machine's memory,
// another process perhaps with it. held is what it held then, 0 if it was
// not stopped.
func runWatched(cmd *osexec.Cmd, limit int64) (held int64, err error) {
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	done := make(chan struct{})
	stopped := make(chan int64, 1)
	if limit > 0 {
		go func() {
			tick := time.NewTicker(20 * time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-done:
					return
				case <-tick.C:
				}
				if rss := memlimit.Resident(cmd.Process.Pid); rss > limit {
					stopped <- rss
					_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
					return
				}
			}
		}()
	}
	err = cmd.Wait()
	close(done)
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // ESRCH: nothing left
	select {
	case held = <-stopped:
	default:
	}
	return held, err
}

func (x *run) gorunError(err error) *kernel.ExecError {
	msg := "%%gorun: " + err.Error()
	return &kernel.ExecError{Name: "GoRunError", Value: msg, Traceback: []string{"GoRunError: " + msg}}
}

var buildPos = regexp.MustCompile(`(?m)^(?:\./)?main\.go:(\d+):(\d+): (.*)$`)

// buildError points at the compiler's first error in the cell; the rest
// of its output follows.
func (x *run) buildError(out string, err error) *kernel.ExecError {
	m := buildPos.FindStringSubmatch(out)
	if m == nil {
		msg := strings.TrimSpace(out)
		if msg == "" {
			msg = err.Error()
		}
		return &kernel.ExecError{Name: "CompileError", Value: msg, Traceback: []string{"CompileError: " + msg}}
	}
	line, _ := strconv.Atoi(m[1])
	col, _ := strconv.Atoi(m[2])
	xe := x.at("CompileError", x.file, line, col, 0, m[3])
	for _, l := range buildPos.FindAllStringSubmatch(out, -1)[1:] {
		xe.Traceback = append(xe.Traceback, fmt.Sprintf("line %s: %s", l[1], l[3]))
	}
	return xe
}

var packageClause = regexp.MustCompile(`(?m)^\s*package\s+\w+`)

// hasPackageClause reports whether src has a package clause before any
// other code; comments before it are allowed.
func hasPackageClause(src string) bool {
	loc := packageClause.FindStringIndex(src)
	if loc == nil {
		return false
	}
	for _, l := range strings.Split(src[:loc[0]], "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "//") {
			return false
		}
	}
	return true
}
