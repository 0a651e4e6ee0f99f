package engineproc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"sync"
	"syscall"

	"github.com/culab/culab/kernel"
)

// Serve runs eng for the kernel that started this process: requests come
// from r, events go to w; pipes are the output pipes that the kernel reads
// (stdout, stderr), into which each event of a cell is marked with token.
// It returns when the kernel asks for shutdown or closes r (it died); eng
// is shut down either way.
func Serve(eng kernel.Engine, r io.Reader, w io.Writer, pipes [2]*os.File, token string) error {
	s := &server{eng: eng, out: newSender(w), inputs: make(chan request, 1), pipes: pipes, token: token}
	s.mem.idle = idleRelease
	if c, ok := eng.(kernel.Comms); ok {
		c.StartComms(serverHub{s})
	}
	in := newReceiver(r)
	if err := s.hello(in); err != nil {
		err = errors.Join(err, eng.Shutdown(false))
		if errors.Is(err, io.EOF) {
			return nil
		}
		return err
	}
	for {
		req, err := in.request()
		if err != nil {
			s.interrupt()
			s.cells.Wait()
			err = errors.Join(eng.Shutdown(false))
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		switch req.Op {
		case "info":
			s.reply(req.ID, eng.Info())
		case "execute":
			s.execute(req)
		case "comm":
			s.comm(req)
		case "input":
			s.inputs <- req
		case "interrupt":
			s.interrupt()
		case "complete":
			s.reply(req.ID, eng.Complete(req.Code, req.Cursor))
		case "inspect":
			s.reply(req.ID, eng.Inspect(req.Code, req.Cursor, req.Detail))
		case "is_complete":
			s.reply(req.ID, eng.IsComplete(req.Code))
		case "shutdown":
			s.interrupt()
			s.cells.Wait()
			err := eng.Shutdown(req.Restart)
			msg := ""
			if err != nil {
				msg = err.Error()
			}
			s.reply(req.ID, msg)
			return err
		default:
			s.reply(req.ID, fmt.Sprintf("unknown op %q", req.Op))
		}
	}
}

// hello answers the kernel's first request, which must be hello in this
// wire's version; any other is answered with why, and nothing is served.
func (s *server) hello(in *receiver) error {
	req, err := in.request()
	if err != nil {
		return err
	}
	if req.Op != "hello" || req.Version != wireVersion {
		err := fmt.Errorf("engineproc: %w", versionErr(req.Version, wireVersion))
		s.reply(req.ID, err.Error())
		return err
	}
	s.reply(req.ID, hello{Version: wireVersion})
	return nil
}

type server struct {
	eng    kernel.Engine
	out    *sender
	inputs chan request // input replies, by the ID of the cell that asked

	cells  sync.WaitGroup
	mu     sync.Mutex
	cancel context.CancelCauseFunc // the running cell's

	pipes  [2]*os.File
	token  string
	markMu sync.Mutex // orders markers as their events
	seq    uint64

	mem releaser
}

func (s *server) reply(id uint64, v any) {
	// A kernel that is gone cannot be told; Serve ends on its next read.
	_ = s.out.send(replyEvent(id, v))
}

func replyEvent(id uint64, v any) event {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(fmt.Sprintf("engineproc: encode the reply: %v", err))
	}
	return event{ID: id, Kind: "reply", Reply: b}
}

// sendCell sends an event of a cell after a marker in both output pipes,
// so that the kernel shows it after what the cell printed before it.
func (s *server) sendCell(e event) {
	s.markMu.Lock()
	defer s.markMu.Unlock()
	s.seq++
	e.Mark = s.seq
	m := marker(s.token, s.seq)
	for _, f := range s.pipes {
		if _, err := f.Write(m); err != nil {
			e.Mark = 0 // nothing to wait for
		}
	}
	if e.Kind == "stream" {
		_ = s.out.sendStream(e.ID, e.Mark, e.Name, e.Text)
		return
	}
	_ = s.out.send(e)
}

// execute runs a cell on its own goroutine, so that interrupts and input
// replies are read while it runs.
func (s *server) execute(req request) {
	s.run(req, func(ctx context.Context, out *output) any {
		return s.eng.Execute(ctx, *req.Execute, out)
	})
}

// comm has the engine handle a comm message as it runs a cell; the reply
// is the error's words, "" for none.
func (s *server) comm(req request) {
	s.run(req, func(ctx context.Context, out *output) any {
		c, ok := s.eng.(kernel.Comms)
		if !ok || req.Comm == nil {
			return "this engine takes no comms"
		}
		if err := c.Comm(ctx, *req.Comm, out); err != nil {
			return err.Error()
		}
		return ""
	})
}

// run runs f, a request that runs cell code, on its own goroutine and
// sends its reply.
func (s *server) run(req request, f func(context.Context, *output) any) {
	ctx, cancel := context.WithCancelCause(context.Background())
	s.mu.Lock()
	s.cancel = cancel
	s.mu.Unlock()
	s.mem.beforeCell()
	s.cells.Go(func() {
		defer cancel(nil)
		rep := f(ctx, &output{s: s, id: req.ID, ctx: ctx})
		s.mu.Lock()
		s.cancel = nil
		s.mu.Unlock()
		s.mem.afterCell() // before the reply, so before the next cell's beforeCell
		s.sendCell(replyEvent(req.ID, rep))
	})
}

// serverHub is the engine's CommHub: its comm messages of no request go to
// the kernel at once.
type serverHub struct{ s *server }

func (h serverHub) Send(msg kernel.CommMessage) { _ = h.s.out.send(event{Kind: "comm", Comm: &msg}) }
func (h serverHub) CloseAll()                   { _ = h.s.out.send(event{Kind: "comms_lost"}) }

// interrupt cancels the running cell as the kernel would, and stops it.
func (s *server) interrupt() {
	s.mu.Lock()
	if s.cancel != nil {
		s.cancel(kernel.ErrInterrupted)
	}
	s.mu.Unlock()
	s.eng.Interrupt()
}

// output is the kernel.Output of a cell in the engine process.
type output struct {
	s   *server
	id  uint64
	ctx context.Context
}

func (o *output) send(e event) {
	e.ID = o.id
	o.s.sendCell(e)
}

func (o *output) Stream(name, text string) { o.send(event{Kind: "stream", Name: name, Text: text}) }
func (o *output) Display(data kernel.MIMEBundle, meta map[string]any, id string, update bool) {
	o.send(event{Kind: "display", Data: data, Meta: meta, DisplayID: id, Update: update})
}
func (o *output) Result(data kernel.MIMEBundle, meta map[string]any) {
	o.send(event{Kind: "result", Data: data, Meta: meta})
}
func (o *output) Clear(wait bool) { o.send(event{Kind: "clear", Wait: wait}) }

// Comm sends a comm message of the request, in order with its output.
func (o *output) Comm(msg kernel.CommMessage) { o.send(event{Kind: "comm", Comm: &msg}) }

func (o *output) Input(prompt string, password bool) (string, error) {
	o.send(event{Kind: "input", Text: prompt, Password: password})
	for {
		select {
		case r := <-o.s.inputs:
			if r.ID != o.id {
				continue // the answer to an earlier cell, which gave up waiting
			}
			if r.InputErr != "" {
				if r.InputErr == kernel.ErrNoStdin.Error() {
					return "", kernel.ErrNoStdin
				}
				return "", errors.New(r.InputErr)
			}
			return r.Line, nil
		case <-o.ctx.Done():
			return "", context.Cause(o.ctx)
		}
	}
}

// parentEnv names the kernel's process ID in the engine's environment.
const parentEnv = "CULAB_ENGINE_PARENT"

// dieWithParent has the kernel's death kill the engine, whose cell may
// loop forever and never read the end of its request pipe. The kernel
// starts it through the C library (internal/spawn), which cannot ask for
// that, so the engine asks itself, and ends at once if the kernel died
// before it could.
func dieWithParent() error {
	parent := os.Getenv(parentEnv)
	os.Unsetenv(parentEnv)
	if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, syscall.PR_SET_PDEATHSIG, uintptr(syscall.SIGKILL), 0); errno != 0 {
		return fmt.Errorf("engineproc: die with the kernel: %w", errno)
	}
	if parent != "" && parent != strconv.Itoa(os.Getppid()) {
		return errors.New("engineproc: the kernel that started this engine has ended")
	}
	return nil
}

// RunChild serves the engine that newEngine makes, in a process that a
// Supervisor started: requests and events on fds 3 and 4, and on fds 5
// and 6 the write ends of the pipes that the engine must point stdout and
// stderr at (the kernel reads them). It ignores SIGINT: the kernel relays
// interrupts as requests.
func RunChild(newEngine func(pipes [2]*os.File) (kernel.Engine, error)) error {
	if err := dieWithParent(); err != nil {
		return err
	}
	signal.Ignore(os.Interrupt)
	setMemoryLimit("/")
	token := os.Getenv(markEnv)
	os.Unsetenv(markEnv) // not the cells' business
	var files [4]*os.File
	for i := range files {
		if files[i] = os.NewFile(uintptr(3+i), "engine pipe"); files[i] == nil || token == "" {
			return errors.New("engineproc: no pipes on fds 3 to 6: the kernel starts this command")
		}
		// Not the business of the processes that cells start (which would
		// keep the pipes open after the engine's death).
		syscall.CloseOnExec(3 + i)
	}
	pipes := [2]*os.File{files[2], files[3]}
	eng, err := newEngine(pipes)
	if err != nil {
		return err
	}
	return Serve(eng, files[0], files[1], pipes, token)
}
