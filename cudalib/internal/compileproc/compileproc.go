// Package compileproc runs NVRTC in a child process that an interrupt or a
// memory limit can kill. NVRTC has no way to stop a compile: in the
// kernel's own process, an interrupted compile ran on, and a source whose
// macros or templates expand without end grew it until the whole engine ran
// out of memory. A child process is killed instead.
//
// Children are started as this executable with the arguments given to Use
// (a program's command that calls Serve), one compile at a time each; idle
// ones are kept for the next compile, so a compile costs a process start
// only when several run at once or the last one was killed.
package compileproc

import (
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/culab/culab/cudalib/nvrtc"
	"github.com/culab/culab/internal/memlimit"
)

// DefaultMemoryLimit is the resident memory a compile may reach before it
// is stopped, unless EnvMemory says otherwise. NVRTC compiles a lab's
// kernel in about 100 MiB, and a heavy template library in well under
// 1 GiB; 2 GiB leaves that room and stops a runaway expansion long before
// it takes the machine.
const DefaultMemoryLimit = 2 << 30

// EnvMemory sets the limit of a compile's memory ("4GiB").
const EnvMemory = "CULAB_COMPILE_MEMORY"

// memoryLimit is EnvMemory's limit, or DefaultMemoryLimit.
func memoryLimit() (int64, error) {
	v := os.Getenv(EnvMemory)
	if v == "" {
		return DefaultMemoryLimit, nil
	}
	n, err := memlimit.ParseSize(v)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%s=%s: want the memory a compile may use, such as 2GiB", EnvMemory, v)
	}
	return n, nil
}

// pollEvery is how often a compile's child is checked for its memory.
const pollEvery = 50 * time.Millisecond

// maxIdle is how many idle children are kept.
const maxIdle = 2

// running holds a slot for each compile under way in a child: a cell that
// compiles from a thousand goroutines at once must not start a thousand
// NVRTC processes, each up to the memory limit. NVRTC compiles on one
// thread, so more compiles than cores at once gain nothing.
var running = make(chan struct{}, min(max(runtime.NumCPU(), 2), 8))

var (
	mu   sync.Mutex
	args []string // nil: compile in this process
	idle []*child
)

// Use makes Compile run NVRTC in children started as this executable with
// args; no args compiles in this process again.
func Use(a ...string) {
	mu.Lock()
	defer mu.Unlock()
	args = append([]string(nil), a...)
	for _, c := range idle {
		c.kill()
	}
	idle = nil
}

// Compile is l.Compile(req), in a child process when Use asked for one.
// There, closing req.Cancel stops the compile, and so does the memory
// limit; in this process neither can.
func Compile(l *nvrtc.Lib, req nvrtc.Request) (*nvrtc.Result, error) {
	mu.Lock()
	a := args
	mu.Unlock()
	if len(a) == 0 {
		return l.Compile(req)
	}
	limit, err := memoryLimit()
	if err != nil {
		return nil, err
	}
	select {
	case running <- struct{}{}:
		defer func() { <-running }()
	case <-req.Cancel:
		return nil, fmt.Errorf("compile %s: stopped", nameOf(req))
	}
	c, err := take(a)
	if err != nil {
		return nil, err
	}
	res, err := c.compile(l, req, limit)
	var ended *endedError
	if errors.As(err, &ended) {
		// A child can die of something else than its source (the thread
		// that started it ended, taking it along; the system's OOM killer
		// chose it): a fresh one decides whether the source is to blame.
		if c, err = start(a); err != nil {
			return nil, err
		}
		res, err = c.compile(l, req, limit)
	}
	return res, err
}

// take returns an idle child, or a new one.
func take(a []string) (*child, error) {
	mu.Lock()
	if n := len(idle); n > 0 {
		c := idle[n-1]
		idle = idle[:n-1]
		mu.Unlock()
		return c, nil
	}
	mu.Unlock()
	return start(a)
}

// putBack keeps c for the next compile, or ends it.
func putBack(c *child, a []string) {
	mu.Lock()
	defer mu.Unlock()
	if len(idle) < maxIdle && slices.Equal(a, args) {
		idle = append(idle, c)
		return
	}
	c.kill()
}

// request and reply are the wire, gob-encoded over the child's stdin and
// stdout.
type request struct {
	Lib string // the library's path: the child opens the parent's NVRTC
	Req nvrtc.Request
}

type reply struct {
	Result  *nvrtc.Result
	Compile *nvrtc.CompileError // the source did not compile
	NVRTC   *nvrtc.Error        // another NVRTC failure, inside Err's message
	Err     string              // the error's message, when there is one
}

// child is one compile process.
type child struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	enc    *gob.Encoder
	dec    *gob.Decoder
	stderr *tail
}

func start(a []string) (*child, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("start NVRTC's process: %w", err)
	}
	cmd := exec.Command(exe, a...)
	cmd.SysProcAttr = procAttr()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("start NVRTC's process: %w", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("start NVRTC's process: %w", err)
	}
	c := &child{cmd: cmd, stdin: stdin, enc: gob.NewEncoder(stdin), dec: gob.NewDecoder(stdout), stderr: &tail{}}
	cmd.Stderr = c.stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start NVRTC's process: %w", err)
	}
	return c, nil
}

// endedError is a child that ended or broke the protocol.
type endedError struct {
	name   string
	cause  error
	stderr string
}

func (e *endedError) Error() string {
	s := fmt.Sprintf("compile %s: NVRTC's process ended: %v", e.name, e.cause)
	if e.stderr != "" {
		s += "\n" + e.stderr
	}
	return s
}

func (e *endedError) Unwrap() error { return e.cause }

// compile runs one request in c, which it puts back or kills.
func (c *child) compile(l *nvrtc.Lib, req nvrtc.Request, limit int64) (*nvrtc.Result, error) {
	name := nameOf(req)
	done := make(chan error, 1)
	var rep reply
	go func() {
		if err := c.enc.Encode(request{Lib: l.Path(), Req: req}); err != nil {
			done <- err
			return
		}
		done <- c.dec.Decode(&rep)
	}()
	tick := time.NewTicker(pollEvery)
	defer tick.Stop()
	for {
		select {
		case err := <-done:
			if err != nil {
				if exit := c.kill(); exit != nil {
					err = exit // how it ended says more than the broken pipe
				}
				return nil, &endedError{name: name, cause: err, stderr: c.stderr.String()}
			}
			putBack(c, argsOf(c))
			return rep.result()
		case <-req.Cancel:
			c.kill()
			<-done
			return nil, fmt.Errorf("compile %s: stopped", name)
		case <-tick.C:
			if rss := memlimit.Resident(c.cmd.Process.Pid); rss > limit {
				c.kill()
				<-done
				return nil, fmt.Errorf("compile %s: stopped at %s of memory, past the %s a compile may use"+
					" (a macro or template that expands without end? %s sets the limit)",
					name, memlimit.Format(rss), memlimit.Format(limit), EnvMemory)
			}
		}
	}
}

// nameOf is the file name a request's diagnostics show.
func nameOf(req nvrtc.Request) string {
	if req.Name == "" {
		return "kernel.cu"
	}
	return req.Name
}

// argsOf is the arguments c was started with.
func argsOf(c *child) []string { return c.cmd.Args[1:] }

// kill ends c and returns how it ended: "signal: killed" when this killed
// it, its own exit status when it had ended before.
func (c *child) kill() error {
	c.stdin.Close()
	_ = c.cmd.Process.Kill()
	return c.cmd.Wait()
}

// result turns a reply into what Lib.Compile returns.
func (r *reply) result() (*nvrtc.Result, error) {
	switch {
	case r.Compile != nil:
		return nil, r.Compile
	case r.Err != "":
		return nil, &remoteError{msg: r.Err, nvrtc: r.NVRTC}
	case r.Result == nil:
		return nil, errors.New("NVRTC's process answered nothing")
	}
	return r.Result, nil
}

// remoteError is an error of the child's, with the NVRTC failure it wraps.
type remoteError struct {
	msg   string
	nvrtc *nvrtc.Error
}

func (e *remoteError) Error() string { return e.msg }

func (e *remoteError) Unwrap() error {
	if e.nvrtc == nil {
		return nil
	}
	return e.nvrtc
}

// Serve compiles the requests read from r, answering on w, until r ends.
func Serve(r io.Reader, w io.Writer) error {
	dec, enc := gob.NewDecoder(r), gob.NewEncoder(w)
	libs := map[string]*nvrtc.Lib{}
	for {
		var q request
		if err := dec.Decode(&q); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("compile worker: %w", err)
		}
		if err := enc.Encode(serve(libs, q)); err != nil {
			return fmt.Errorf("compile worker: %w", err)
		}
	}
}

func serve(libs map[string]*nvrtc.Lib, q request) reply {
	l := libs[q.Lib]
	if l == nil {
		var err error
		if l, err = nvrtc.Open(q.Lib); err != nil {
			return reply{Err: err.Error()}
		}
		libs[q.Lib] = l
	}
	res, err := l.Compile(q.Req)
	var ce *nvrtc.CompileError
	var ne *nvrtc.Error
	switch {
	case err == nil:
		return reply{Result: res}
	case errors.As(err, &ce) && error(ce) == err:
		return reply{Compile: ce}
	case errors.As(err, &ne):
		return reply{Err: err.Error(), NVRTC: ne}
	}
	return reply{Err: err.Error()}
}

// tail keeps the last bytes a child wrote to its stderr, for the error
// that says why it ended.
type tail struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

const tailBytes = 4 << 10

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf.Write(p)
	if n := t.buf.Len(); n > 2*tailBytes {
		t.buf.Next(n - tailBytes)
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.buf.Bytes()
	if len(b) > tailBytes {
		b = b[len(b)-tailBytes:]
	}
	return strings.TrimSpace(string(b))
}

// procAttr ends a child with its parent: a compile nobody waits for any
// more must not run on.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
