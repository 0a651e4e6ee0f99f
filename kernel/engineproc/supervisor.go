package engineproc

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/culab/culab/kernel"
)

const (
	// tailSize bounds a line of the engine's stderr kept to say why it died.
	tailSize = 64 << 10
	// exitGrace is how long a dying engine may take to exit, and a shut
	// down one to end.
	exitGrace = 5 * time.Second
)

// Supervisor is a kernel.Engine that runs the engine in a child process
// and starts a fresh one when it dies.
type Supervisor struct {
	command func() *exec.Cmd
	log     io.Writer
	info    kernel.Info

	mu sync.Mutex // guards p; calls other than Interrupt come one at a time
	p  *proc
}

var _ kernel.Engine = (*Supervisor)(nil)

// Start starts the engine process that command makes (Serve must run in
// it, on fds 3 and 4); its stderr is copied to log.
func Start(command func() *exec.Cmd, log io.Writer) (*Supervisor, error) {
	s := &Supervisor{command: command, log: log}
	p, err := s.start()
	if err != nil {
		return nil, err
	}
	s.p = p
	var info kernel.Info
	if err := p.call(request{Op: "info"}, &info); err != nil {
		p.kill()
		return nil, fmt.Errorf("engineproc: the engine did not start: %w%s", err, p.why())
	}
	s.info = info
	return s, nil
}

// proc is one engine process.
type proc struct {
	cmd    *exec.Cmd
	out    *sender
	reqW   *os.File
	events chan event // closed when the engine's event pipe ends
	exited chan struct{}
	tail   *tailWriter
	nextID atomic.Uint64
}

func (s *Supervisor) start() (*proc, error) {
	reqR, reqW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("engineproc: %w", err)
	}
	evR, evW, err := os.Pipe()
	if err != nil {
		reqR.Close()
		reqW.Close()
		return nil, fmt.Errorf("engineproc: %w", err)
	}
	p := &proc{out: newSender(reqW), reqW: reqW, events: make(chan event, 64), exited: make(chan struct{}),
		tail: &tailWriter{w: s.log}}
	p.cmd = s.command()
	p.cmd.ExtraFiles = []*os.File{reqR, evW} // fds 3 and 4
	p.cmd.Stderr = p.tail
	// The engine dies with the kernel, and ignores the SIGINT that a
	// front end may send to the kernel's process group: the kernel
	// relays interrupts.
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	err = p.cmd.Start()
	reqR.Close()
	evW.Close()
	if err != nil {
		reqW.Close()
		evR.Close()
		return nil, fmt.Errorf("engineproc: start the engine: %w", err)
	}
	go func() {
		defer close(p.events)
		defer evR.Close()
		dec := json.NewDecoder(evR)
		for {
			var e event
			if dec.Decode(&e) != nil {
				return
			}
			p.events <- e
		}
	}()
	go func() {
		p.cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

// call sends a request and decodes its reply into v. It fails when the
// engine dies first.
func (p *proc) call(req request, v any) error {
	req.ID = p.nextID.Add(1)
	if err := p.out.send(req); err != nil {
		return err
	}
	for e := range p.events {
		if e.Kind == "reply" && e.ID == req.ID {
			return json.Unmarshal(e.Reply, v)
		}
	}
	return errCrashed
}

var errCrashed = errors.New("the engine process ended")

// kill ends the process and waits for it.
func (p *proc) kill() {
	p.cmd.Process.Kill()
	p.reqW.Close()
	<-p.exited
}

// why says why the process ended: the runtime's fatal error, a panic, or
// its exit status. It waits a little for the process to end.
func (p *proc) why() string {
	select {
	case <-p.exited:
	case <-time.After(exitGrace):
		p.kill()
	}
	if r := p.tail.reason(); r != "" {
		return ": " + r
	}
	if st := p.cmd.ProcessState; st != nil {
		if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL {
			return ": killed (out of memory?)"
		}
		return ": " + st.String()
	}
	return ""
}

// Info describes the engine, as it said when it started.
func (s *Supervisor) Info() kernel.Info { return s.info }

// Execute runs the cell in the engine process. When the process dies, the
// cell fails with what happened, and a fresh engine is started.
func (s *Supervisor) Execute(ctx context.Context, req kernel.ExecuteRequest, out kernel.Output) kernel.ExecuteReply {
	p, xe := s.engine()
	if xe != nil {
		return kernel.ExecuteReply{Error: xe}
	}
	id := p.nextID.Add(1)
	if err := p.out.send(request{ID: id, Op: "execute", Execute: &req}); err != nil {
		return kernel.ExecuteReply{Error: s.crashed(p)}
	}
	stop := context.AfterFunc(ctx, func() { p.out.send(request{Op: "interrupt"}) })
	defer stop()
	for e := range p.events {
		if e.ID != id {
			continue
		}
		switch e.Kind {
		case "stream":
			out.Stream(e.Name, e.Text)
		case "display":
			out.Display(e.Data, e.Meta, e.DisplayID, e.Update)
		case "result":
			out.Result(e.Data, e.Meta)
		case "clear":
			out.Clear(e.Wait)
		case "input":
			// Off the event loop: the cell's goroutines may print meanwhile.
			go func() {
				line, err := out.Input(e.Text, e.Password)
				r := request{ID: id, Op: "input", Line: line}
				if err != nil {
					r.InputErr = err.Error()
				}
				p.out.send(r)
			}()
		case "reply":
			var rep kernel.ExecuteReply
			if err := json.Unmarshal(e.Reply, &rep); err != nil {
				return kernel.ExecuteReply{Error: &kernel.ExecError{Name: "EngineError", Value: err.Error(),
					Traceback: []string{"EngineError: " + err.Error()}}}
			}
			return rep
		}
	}
	return kernel.ExecuteReply{Error: s.crashed(p)}
}

// engine is the running engine process, started anew if needed.
func (s *Supervisor) engine() (*proc, *kernel.ExecError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.p != nil {
		return s.p, nil
	}
	p, err := s.start()
	if err != nil {
		return nil, &kernel.ExecError{Name: "EngineError", Value: err.Error(), Traceback: []string{"EngineError: " + err.Error()}}
	}
	s.p = p
	return p, nil
}

// crashed reports the death of p and starts the next engine.
func (s *Supervisor) crashed(p *proc) *kernel.ExecError {
	why := p.why()
	s.mu.Lock()
	if s.p == p {
		s.p = nil
	}
	s.mu.Unlock()
	msg := "the Go engine crashed" + why + " — its variables are lost; the engine was restarted"
	if _, xe := s.engine(); xe != nil {
		msg = "the Go engine crashed" + why + " — its variables are lost, and a new engine did not start: " + xe.Value
	}
	fmt.Fprintf(s.log, "engineproc: %s\n", msg)
	return &kernel.ExecError{Name: "EngineCrashed", Value: msg, Traceback: []string{"EngineCrashed: " + msg}}
}

// ask sends a request that a dead engine answers with the zero reply.
func (s *Supervisor) ask(req request, v any) {
	p, xe := s.engine()
	if xe != nil {
		return
	}
	if err := p.call(req, v); errors.Is(err, errCrashed) {
		s.crashed(p)
	}
}

func (s *Supervisor) Complete(code string, cursor int) (r kernel.CompleteReply) {
	r = kernel.CompleteReply{CursorStart: cursor, CursorEnd: cursor}
	s.ask(request{Op: "complete", Code: code, Cursor: cursor}, &r)
	return r
}

func (s *Supervisor) Inspect(code string, cursor, detailLevel int) (r kernel.InspectReply) {
	s.ask(request{Op: "inspect", Code: code, Cursor: cursor, Detail: detailLevel}, &r)
	return r
}

func (s *Supervisor) IsComplete(code string) (r kernel.IsCompleteReply) {
	r = kernel.IsCompleteReply{Status: "unknown"}
	s.ask(request{Op: "is_complete", Code: code}, &r)
	return r
}

// Interrupt stops the running cell.
func (s *Supervisor) Interrupt() {
	s.mu.Lock()
	p := s.p
	s.mu.Unlock()
	if p != nil {
		p.out.send(request{Op: "interrupt"})
	}
}

// Shutdown shuts the engine down and waits for its process to end.
func (s *Supervisor) Shutdown(restart bool) error {
	s.mu.Lock()
	p := s.p
	s.p = nil
	s.mu.Unlock()
	if p == nil {
		return nil
	}
	var msg string
	err := p.call(request{Op: "shutdown", Restart: restart}, &msg)
	p.reqW.Close()
	select {
	case <-p.exited:
	case <-time.After(exitGrace):
		p.kill()
	}
	if err == nil && msg != "" {
		err = errors.New(msg)
	}
	return err
}

// tailWriter copies the engine's stderr to the kernel's log and keeps the
// first line that says why a Go program dies: the goroutine dump after it
// may be long. The runtime writes the "fatal error: " line of a fatal
// error only to fd 2, which the engine points at the running cell's
// capture, so the dump that it copies to stderr (debug.SetCrashOutput)
// starts at "goroutine N [running]:"; the function on the line after says
// where it died.
type tailWriter struct {
	w       io.Writer
	mu      sync.Mutex
	partial []byte // the line being written
	why     string
	running bool   // the last line was "goroutine N [running]:"
	died    string // the function below the first such line
}

// fatalFuncs name the runtime functions that end a program on a misuse
// that a cell can make.
var fatalFuncs = map[string]string{
	"internal/runtime/maps.fatal": "fatal error: concurrent map access (a map written while used by another goroutine)",
}

var deathLines = []string{"fatal error: ", "panic: ", "runtime: out of memory"}

func (t *tailWriter) Write(p []byte) (int, error) {
	t.mu.Lock()
	if t.why == "" {
		t.partial = append(t.partial, p...)
		for t.why == "" {
			i := bytes.IndexByte(t.partial, '\n')
			if i < 0 {
				break
			}
			line := string(t.partial[:i])
			t.partial = t.partial[i+1:]
			for _, prefix := range deathLines {
				if strings.HasPrefix(line, prefix) {
					t.why = strings.TrimSpace(line)
				}
			}
			if t.running && t.died == "" {
				t.died, _, _ = strings.Cut(line, "(")
			}
			t.running = strings.HasPrefix(line, "goroutine ") && strings.HasSuffix(line, "[running]:")
		}
		if len(t.partial) > tailSize {
			t.partial = t.partial[len(t.partial)-tailSize:]
		}
	}
	t.mu.Unlock()
	return t.w.Write(p)
}

func (t *tailWriter) reason() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.why != "":
		return t.why
	case fatalFuncs[t.died] != "":
		return fatalFuncs[t.died]
	case t.died != "":
		return "fatal error in " + t.died
	}
	return ""
}
