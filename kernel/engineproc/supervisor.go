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
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/culab/culab/internal/spawn"
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
	// runs: its Path, Args and Env (nil: the kernel's).
	Command func() *exec.Cmd
	// Log receives the engine process's stderr.
	Log io.Writer
	// OutputLimit caps the bytes of stdout and stderr that one cell
	// shows; the rest is dropped with a notice. ≤ 0: no limit.
	OutputLimit int
}

// Supervisor is a kernel.Engine that runs the engine in a child process
// and starts a fresh one when it dies.
type Supervisor struct {
	cfg  Config
	info kernel.Info

	mu sync.Mutex // guards p and hub; calls other than Interrupt come one at a time
	p  *proc
	// hub takes the engine's comm messages sent while no request runs.
	hub kernel.CommHub
}

var (
	_ kernel.Engine = (*Supervisor)(nil)
	_ kernel.Comms  = (*Supervisor)(nil)
)

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
	// process is the engine's; state says how it ended once exited is
	// closed.
	process *os.Process
	state   *os.ProcessState
	out     *sender
	reqW    *os.File
	events  chan event // closed when the engine's event pipe ends
	exited  chan struct{}
	tail    *tailWriter
	nextID  atomic.Uint64
	// The read ends of the engine's stdout and stderr pipes, and who
	// their text goes to.
	ends  [2]*os.File
	relay *relay
	// killed: the supervisor sent the SIGKILL (kill), not the system.
	killed atomic.Bool
	// corrupt: its event pipe held bytes that are no message.
	corrupt atomic.Bool
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
	token, err := newToken()
	var pipes [2][2]*os.File
	if err == nil {
		pipes, err = outputPipes()
	}
	if err != nil {
		reqR.Close()
		reqW.Close()
		evR.Close()
		evW.Close()
		return nil, err
	}
	p := &proc{out: newSender(reqW), reqW: reqW, events: make(chan event, 64), exited: make(chan struct{}),
		tail: &tailWriter{w: s.cfg.Log}, ends: [2]*os.File{pipes[0][0], pipes[1][0]}}
	p.process, err = s.spawn(p, token, [4]*os.File{reqR, evW, pipes[0][1], pipes[1][1]})
	reqR.Close()
	evW.Close()
	pipes[0][1].Close()
	pipes[1][1].Close()
	if err != nil {
		reqW.Close()
		evR.Close()
		p.closeEnds()
		return nil, fmt.Errorf("engineproc: start the engine: %w", err)
	}
	p.relay = startReaders(p.ends, token)
	p.relay.keep()
	go func() {
		defer close(p.events)
		defer evR.Close()
		in := newReceiver(evR)
		for {
			e, err := in.event()
			if err != nil {
				if errors.Is(err, errCorrupt) {
					p.corrupt.Store(true)
				}
				return
			}
			if e.ID == 0 && (e.Kind == "comm" || e.Kind == "comms_lost") {
				// Of no request: out at once, even between cells.
				s.toHub(e)
				continue
			}
			p.events <- e
		}
	}()
	var raw json.RawMessage
	err = p.call(request{Op: "hello", Version: wireVersion}, &raw)
	if err == nil {
		err = checkHello(raw)
	} else {
		err = fmt.Errorf("%w (it %s)", err, p.why(nil))
	}
	if err != nil {
		p.kill()
		return nil, fmt.Errorf("engineproc: the engine did not start: %w", err)
	}
	return p, nil
}

// spawn starts the engine process of cfg.Command (its Path, Args and
// Env) with the request and event pipes and the output pipes' write ends
// on descriptors 3 to 6, its stderr copied to p.tail. p.exited closes when
// it has ended and its stderr is read. It starts through internal/spawn,
// so that NVIDIA's tools running the kernel follow the engine and its GPU
// worker.
func (s *Supervisor) spawn(p *proc, token string, fds [4]*os.File) (*os.Process, error) {
	cmd := s.cfg.Command()
	if cmd.Err != nil {
		return nil, cmd.Err
	}
	env := cmd.Env
	if env == nil {
		env = os.Environ()
	}
	env = append(env, markEnv+"="+token, parentEnv+"="+strconv.Itoa(os.Getpid()))
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	defer null.Close()
	errR, errW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	process, err := spawn.Start(cmd.Path, cmd.Args, env, []*os.File{null, null, errW, fds[0], fds[1], fds[2], fds[3]})
	errW.Close()
	if err != nil {
		errR.Close()
		return nil, err
	}
	copied := make(chan struct{})
	go func() {
		io.Copy(p.tail, errR)
		errR.Close()
		close(copied)
	}()
	go func() {
		p.state, _ = process.Wait()
		<-copied
		close(p.exited)
	}()
	return process, nil
}

// closeEnds closes the pipes' read ends: their readers stop.
func (p *proc) closeEnds() {
	for _, f := range p.ends {
		f.Close() // again after its reader: os.File closes the fd once
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

// interrupt asks the engine to stop its running cell, after a SIGCONT: a
// cell that stopped its own process (kill -STOP from os/exec) left it
// deaf to interrupts, the kernel hung for good.
func (p *proc) interrupt() {
	_ = p.process.Signal(syscall.SIGCONT)
	p.out.send(request{Op: "interrupt"})
}

// kill ends the process and waits for it.
func (p *proc) kill() {
	p.killed.Store(true)
	p.process.Kill()
	p.reqW.Close()
	<-p.exited
	p.closeEnds()
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
	if st := p.state; st != nil {
		ws, ok := st.Sys().(syscall.WaitStatus)
		if p.corrupt.Load() && p.killed.Load() {
			return "wrote bytes that are no message into its pipe to the kernel (did the cell write to a file descriptor it did not open?) and was ended by the kernel"
		}
		if ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL && p.killed.Load() {
			// It lived on after its pipes to the kernel ended: a cell
			// closed or replaced a descriptor of the engine's (the OOM
			// killer's guess misled).
			return "stopped answering (its pipes to the kernel were closed: did the cell close or replace a file descriptor it did not open?) and was ended by the kernel"
		}
		if ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL {
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
	raw, xe := s.serve(ctx, p, request{ID: id, Op: "execute", Execute: &req}, out)
	if xe != nil {
		return kernel.ExecuteReply{Error: xe}
	}
	var rep kernel.ExecuteReply
	if err := json.Unmarshal(raw, &rep); err != nil {
		return kernel.ExecuteReply{Error: &kernel.ExecError{Name: "EngineError", Value: err.Error(),
			Traceback: []string{"EngineError: " + err.Error()}}}
	}
	return rep
}

// serve sends req, a request that runs cell code (execute, comm), and
// relays the events of its run to out until its reply, which it returns;
// when the process dies, the error says what happened, and a fresh engine
// is started.
//
// The run's stream text comes from the engine's output pipes and from
// its events; each event of the run shows after the pipes' text up to
// its marker (see relay.go). After the reply, what the pipes bring is the
// next run's.
func (s *Supervisor) serve(ctx context.Context, p *proc, req request, out kernel.Output) (json.RawMessage, *kernel.ExecError) {
	text := newCellText(batch{out: out}, s.cfg.OutputLimit)
	p.relay.take(text)
	id := req.ID
	if err := p.out.send(req); err != nil {
		return nil, s.crashed(p, text)
	}
	stop := context.AfterFunc(ctx, p.interrupt)
	defer stop()
	for {
		var e event
		select {
		case <-text.due:
			text.flush()
			continue
		case pc, ok := <-p.relay.source(0):
			p.relay.deliver(0, pc, ok, text)
			continue
		case pc, ok := <-p.relay.source(1):
			p.relay.deliver(1, pc, ok, text)
			continue
		case ev, ok := <-p.events:
			if !ok {
				return nil, s.crashed(p, text)
			}
			e = ev
		}
		p.relay.handle(e.Mark, text)
		if e.ID != id {
			continue
		}
		if e.Kind == "stream" {
			text.addEvent(e.Name, e.Text)
			continue
		}
		text.flushAll()
		switch e.Kind {
		case "display":
			out.Display(e.Data, e.Meta, e.DisplayID, e.Update)
		case "result":
			text.end()
			out.Result(e.Data, e.Meta)
		case "clear":
			out.Clear(e.Wait)
		case "comm":
			if co, ok := out.(kernel.CommOutput); ok && e.Comm != nil {
				co.Comm(*e.Comm)
			} else {
				s.toHub(e)
			}
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
			text.end()
			p.relay.keep()
			return e.Reply, nil
		}
	}
}

// StartComms takes the hub for the engine's comm messages.
func (s *Supervisor) StartComms(hub kernel.CommHub) {
	s.mu.Lock()
	s.hub = hub
	s.mu.Unlock()
}

// toHub hands the hub a comm event that no request's output carries.
func (s *Supervisor) toHub(e event) {
	s.mu.Lock()
	hub := s.hub
	s.mu.Unlock()
	switch {
	case hub == nil:
	case e.Kind == "comms_lost":
		hub.CloseAll()
	case e.Comm != nil:
		hub.Send(*e.Comm)
	}
}

// Comm has the engine process handle a comm message of the front end, as
// a cell runs.
func (s *Supervisor) Comm(ctx context.Context, msg kernel.CommMessage, out kernel.Output) error {
	p, xe := s.engine()
	if xe != nil {
		return errors.New(xe.Value)
	}
	raw, xe := s.serve(ctx, p, request{ID: p.nextID.Add(1), Op: "comm", Comm: &msg}, out)
	if xe != nil {
		return errors.New(xe.Value)
	}
	var words string
	if err := json.Unmarshal(raw, &words); err != nil {
		return fmt.Errorf("engineproc: the reply to a comm message: %w", err)
	}
	if words != "" {
		return errors.New(words)
	}
	return nil
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

// crashed reports the death of p, after what is left in its output pipes
// (text: the running cell's, whose stderr may say why it died; nil: none
// runs), and starts the next engine.
func (s *Supervisor) crashed(p *proc, text *cellText) *kernel.ExecError {
	var cellErr *tailWriter
	if text == nil {
		p.relay.take(nil)
	}
	p.relay.drain(text, drainGrace, p.closeEnds)
	if text != nil {
		text.end()
		cellErr = text.stderr
		cellErr.Write([]byte("\n")) // ends a last line cut short
	}
	select {
	case <-p.exited:
	case <-time.After(exitGrace):
		p.kill()
	}
	p.reqW.Close()
	why := p.why(cellErr)
	s.mu.Lock()
	if s.p == p {
		s.p = nil
	}
	s.mu.Unlock()
	// Its comms are gone with it: the front end's widgets must let go.
	s.toHub(event{Kind: "comms_lost"})
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
		s.crashed(p, nil)
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
		p.interrupt()
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
		p.closeEnds()
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

// raceBanner reports whether s is the race detector's "=====" line: in a
// race build its report of the same misuse can come between the runtime's
// "fatal error: " and the message, which then follows the report.
func raceBanner(s string) bool {
	s = strings.TrimSpace(s)
	return s != "" && strings.Trim(s, "=") == ""
}

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
				if strings.HasPrefix(line, prefix) && !raceBanner(line[len(prefix):]) {
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
