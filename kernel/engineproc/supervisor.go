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
	// drainGrace bounds the reading of what a dead engine left unread.
	drainGrace = time.Second
	// eventPipeSize is asked of the kernel for the engine's event pipe.
	eventPipeSize = 1 << 20
)

// Config says how to run the engine process.
type Config struct {
	// Command makes the command of an engine process, in which RunChild
	// runs.
	Command func() *exec.Cmd
	// Log receives the engine process's stderr.
	Log io.Writer
	// Clean, when set, filters what a crashed engine left unread in its
	// output pipes before the cell shows it.
	Clean func([]byte) []byte
}

// Supervisor is a kernel.Engine that runs the engine in a child process
// and starts a fresh one when it dies.
type Supervisor struct {
	cfg  Config
	info kernel.Info

	mu sync.Mutex // guards p; calls other than Interrupt come one at a time
	p  *proc
}

var _ kernel.Engine = (*Supervisor)(nil)

// Start starts the engine process.
func Start(cfg Config) (*Supervisor, error) {
	s := &Supervisor{cfg: cfg}
	p, err := s.start()
	if err != nil {
		return nil, err
	}
	s.p = p
	var info kernel.Info
	if err := p.call(request{Op: "info"}, &info); err != nil {
		p.kill()
		return nil, fmt.Errorf("engineproc: the engine did not start: %w (it %s)", err, p.why(nil))
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
	// The read ends of the engine's stdout and stderr pipes (RunChild
	// hands it the pipes): once it is dead, what it left there unread is
	// its cell's last output. nil once closed.
	capture [2]*os.File
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
	// Best effort: a pipe that holds several frames of output lets the
	// engine print on while the kernel publishes.
	syscall.Syscall(syscall.SYS_FCNTL, evW.Fd(), syscall.F_SETPIPE_SZ, eventPipeSize)
	pipes, err := capturePipes()
	if err != nil {
		reqR.Close()
		reqW.Close()
		evR.Close()
		evW.Close()
		return nil, err
	}
	p := &proc{out: newSender(reqW), reqW: reqW, events: make(chan event, 64), exited: make(chan struct{}),
		tail: &tailWriter{w: s.cfg.Log}, capture: [2]*os.File{pipes[0][0], pipes[1][0]}}
	p.cmd = s.cfg.Command()
	p.cmd.ExtraFiles = []*os.File{reqR, evW, pipes[0][0], pipes[0][1], pipes[1][0], pipes[1][1]} // fds 3 to 8
	p.cmd.Stderr = p.tail
	// The engine dies with the kernel, and ignores the SIGINT that a
	// front end may send to the kernel's process group: the kernel
	// relays interrupts.
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	err = p.cmd.Start()
	reqR.Close()
	evW.Close()
	pipes[0][1].Close()
	pipes[1][1].Close()
	if err != nil {
		reqW.Close()
		evR.Close()
		p.closeCapture()
		return nil, fmt.Errorf("engineproc: start the engine: %w", err)
	}
	go func() {
		defer close(p.events)
		defer evR.Close()
		in := newReceiver(evR)
		for {
			e, err := in.event()
			if err != nil {
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

// capturePipes makes the pipes of the engine's stdout and stderr, each
// {read end, write end}, blocking as the engine wants them. The read ends
// stay open here after the engine has them too.
func capturePipes() ([2][2]*os.File, error) {
	var pipes [2][2]*os.File
	for i := range pipes {
		var fds [2]int
		if err := syscall.Pipe2(fds[:], syscall.O_CLOEXEC); err != nil {
			for _, p := range pipes[:i] {
				p[0].Close()
				p[1].Close()
			}
			return pipes, fmt.Errorf("engineproc: capture pipe: %w", err)
		}
		pipes[i] = [2]*os.File{os.NewFile(uintptr(fds[0]), "engine capture"), os.NewFile(uintptr(fds[1]), "engine capture")}
	}
	return pipes, nil
}

// leftover reads what the dead engine left in its output pipes, waiting
// drainGrace at most (a process it started may still hold a write end).
func (p *proc) leftover() [2][]byte {
	var out [2][]byte
	for i, f := range p.capture {
		if f == nil {
			continue
		}
		p.capture[i] = nil
		out[i] = drain(f)
	}
	return out
}

// drain reads f to its end, or for drainGrace, and closes it. A
// non-blocking duplicate is pollable, so its reads can time out; f's own
// descriptor stays f's, to be closed once.
func drain(f *os.File) []byte {
	defer f.Close()
	fd, err := syscall.Dup(int(f.Fd()))
	if err != nil {
		return nil
	}
	if err := syscall.SetNonblock(fd, true); err != nil {
		syscall.Close(fd)
		return nil
	}
	nb := os.NewFile(uintptr(fd), f.Name())
	defer nb.Close()
	nb.SetReadDeadline(time.Now().Add(drainGrace))
	b, _ := io.ReadAll(nb)
	return b
}

// closeCapture closes the read ends kept for leftover.
func (p *proc) closeCapture() {
	for i, f := range p.capture {
		if f != nil {
			f.Close()
			p.capture[i] = nil
		}
	}
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
	p.closeCapture()
}

// why says how the process ended, after "the Go engine ": it crashed
// with the runtime's fatal error or a panic, found in the stderr of its
// cell or in its own (the log), or it exited, or a signal killed it. It
// waits a little for the process to end.
func (p *proc) why(stderr *tailWriter) string {
	select {
	case <-p.exited:
	case <-time.After(exitGrace):
		p.kill()
	}
	if stderr != nil {
		if l := stderr.line(); l != "" {
			return "crashed: " + l
		}
	}
	if r := p.tail.reason(); r != "" {
		return "crashed: " + r
	}
	if st := p.cmd.ProcessState; st != nil {
		if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL {
			// Nothing in the engine sends it: the kernel's OOM killer
			// does, or a person.
			return "was killed by signal 9 (SIGKILL), most likely by the system's out-of-memory killer as the cell used too much memory"
		}
		return "crashed: " + st.String()
	}
	return "crashed"
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
		return kernel.ExecuteReply{Error: s.crashed(p, out, nil)}
	}
	stop := context.AfterFunc(ctx, func() { p.out.send(request{Op: "interrupt"}) })
	defer stop()
	// The runtime writes a fatal error's first line to fd 2, which the
	// engine captures for the cell: it comes as the cell's stderr.
	cellErr := &tailWriter{w: io.Discard, cell: true}
	text := &batch{out: out}
	for {
		var e event
		select {
		case <-text.due:
			text.flush()
			continue
		case ev, ok := <-p.events:
			if !ok {
				text.flush()
				return kernel.ExecuteReply{Error: s.crashed(p, out, cellErr)}
			}
			e = ev
		}
		if e.ID != id {
			continue
		}
		if e.Kind == "stream" {
			if e.Name == "stderr" {
				cellErr.Write([]byte(e.Text))
			}
			text.add(e.Name, e.Text)
			continue
		}
		text.flush()
		switch e.Kind {
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

// crashed reports the death of p, with what it left unread of its cell's
// output when out is the cell's (cellErr: the stderr the cell showed), and
// starts the next engine.
func (s *Supervisor) crashed(p *proc, out kernel.Output, cellErr *tailWriter) *kernel.ExecError {
	select {
	case <-p.exited:
	case <-time.After(exitGrace):
		p.kill()
	}
	p.reqW.Close()
	left := p.leftover()
	for i, name := range [2]string{"stdout", "stderr"} {
		if s.cfg.Clean != nil {
			left[i] = s.cfg.Clean(left[i])
		}
		if out != nil && len(left[i]) > 0 {
			out.Stream(name, string(left[i]))
		}
	}
	if cellErr == nil {
		cellErr = &tailWriter{w: io.Discard, cell: true}
	}
	cellErr.Write(append(left[1], '\n'))
	why := p.why(cellErr)
	s.mu.Lock()
	if s.p == p {
		s.p = nil
	}
	s.mu.Unlock()
	msg := "the Go engine " + why + " — its variables are lost; the engine was restarted"
	if _, xe := s.engine(); xe != nil {
		msg = "the Go engine " + why + " — its variables are lost, and a new engine did not start: " + xe.Value
	}
	fmt.Fprintf(s.cfg.Log, "engineproc: %s\n", msg)
	return &kernel.ExecError{Name: "EngineCrashed", Value: msg, Traceback: []string{"EngineCrashed: " + msg}}
}

// ask sends a request that a dead engine answers with the zero reply.
func (s *Supervisor) ask(req request, v any) {
	p, xe := s.engine()
	if xe != nil {
		return
	}
	if err := p.call(req, v); errors.Is(err, errCrashed) {
		s.crashed(p, nil, nil)
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
	done := make(chan error, 1)
	go func() {
		var msg string
		err := p.call(request{Op: "shutdown", Restart: restart}, &msg)
		if err == nil && msg != "" {
			err = errors.New(msg)
		}
		done <- err
	}()
	var err error
	select {
	case err = <-done:
	case <-time.After(exitGrace):
		// A cell stuck in a call that no interrupt stops.
		err = errors.New("engineproc: the engine did not shut down in time")
	}
	p.reqW.Close()
	select {
	case <-p.exited:
		p.closeCapture()
	case <-time.After(exitGrace):
		p.kill()
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
	w io.Writer
	// cell: this is a cell's stderr, where a fatal error's dump comes as
	// "MESSAGE", "", "goroutine N [running]:" (the runtime's "fatal
	// error: " prefix does not make it there).
	cell bool

	mu      sync.Mutex
	partial []byte    // the line being written
	prev    [2]string // the two lines before
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
			if t.running && t.cell && t.why == "" && t.prev[1] == "" && strings.TrimSpace(t.prev[0]) != "" {
				t.why = "fatal error: " + strings.TrimSpace(t.prev[0])
			}
			t.prev = [2]string{t.prev[1], line}
		}
		if len(t.partial) > tailSize {
			t.partial = t.partial[len(t.partial)-tailSize:]
		}
	}
	t.mu.Unlock()
	return t.w.Write(p)
}

// line is the first line that says why the program died, or "".
func (t *tailWriter) line() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.why
}

// reason is line, or else what the start of a goroutine dump says.
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
