package kernel_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/culab/culab/kernel"
	"github.com/culab/culab/kernel/kerneltest"
)

// timeout bounds every wait; tests normally take milliseconds.
const timeout = 30 * time.Second

// fakeEngine runs cells written in a tiny command language, one command
// per line: "print X", "eprint X", "result X", "display X", "update X",
// "clear", "fail X", "block" (until interrupted), "input PROMPT",
// "panic X".
type fakeEngine struct {
	started chan string // each cell's code as it starts

	mu     sync.Mutex
	events []string // "execute", "interrupt", "shutdown restart=…", in order
	cursor int      // the byte cursor Complete/Inspect last got
}

func newFakeEngine() *fakeEngine { return &fakeEngine{started: make(chan string, 64)} }

func (e *fakeEngine) event(s string) {
	e.mu.Lock()
	e.events = append(e.events, s)
	e.mu.Unlock()
}

func (e *fakeEngine) Events() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), e.events...)
}

func (e *fakeEngine) Info() kernel.Info {
	return kernel.Info{Banner: "fake engine", HelpLinks: []kernel.HelpLink{{Text: "Go", URL: "https://go.dev"}}}
}

func (e *fakeEngine) Execute(ctx context.Context, req kernel.ExecuteRequest, out kernel.Output) kernel.ExecuteReply {
	e.started <- req.Code
	defer e.event("executed")
	for _, line := range strings.Split(req.Code, "\n") {
		cmd, arg, _ := strings.Cut(line, " ")
		switch cmd {
		case "print":
			out.Stream("stdout", arg)
		case "eprint":
			out.Stream("stderr", arg)
		case "result":
			out.Result(kernel.MIMEBundle{"text/plain": arg}, nil)
		case "display":
			out.Display(kernel.MIMEBundle{"text/plain": arg}, nil, "d1", false)
		case "update":
			out.Display(kernel.MIMEBundle{"text/plain": arg}, map[string]any{"m": 1}, "d1", true)
		case "clear":
			out.Clear(true)
		case "fail":
			return kernel.ExecuteReply{Error: &kernel.ExecError{Name: "TestError", Value: arg, Traceback: []string{"cell:1: " + arg}}}
		case "block":
			<-ctx.Done()
			return kernel.ExecuteReply{Error: &kernel.ExecError{Name: "Interrupted", Value: context.Cause(ctx).Error()}}
		case "input":
			v, err := out.Input(arg, false)
			if err != nil {
				return kernel.ExecuteReply{Error: &kernel.ExecError{Name: "InputError", Value: err.Error()}}
			}
			out.Stream("stdout", "got "+v)
		case "panic":
			panic(arg)
		}
	}
	return kernel.ExecuteReply{}
}

// Complete offers "Println" and "Printf" for the two bytes before the
// cursor.
func (e *fakeEngine) Complete(code string, cursor int) kernel.CompleteReply {
	e.mu.Lock()
	e.cursor = cursor
	e.mu.Unlock()
	return kernel.CompleteReply{Matches: []string{"Printf", "Println"}, CursorStart: cursor - 2, CursorEnd: cursor}
}

func (e *fakeEngine) Inspect(code string, cursor, detail int) kernel.InspectReply {
	return kernel.InspectReply{Found: true, Data: kernel.MIMEBundle{"text/plain": fmt.Sprintf("doc %q %d", code[:cursor], detail)}}
}

func (e *fakeEngine) IsComplete(code string) kernel.IsCompleteReply {
	if strings.HasSuffix(code, "{") {
		return kernel.IsCompleteReply{Status: "incomplete", Indent: "\t"}
	}
	return kernel.IsCompleteReply{Status: "complete"}
}

func (e *fakeEngine) Interrupt() { e.event("interrupt") }

func (e *fakeEngine) Shutdown(restart bool) error {
	e.event(fmt.Sprintf("shutdown restart=%v", restart))
	return nil
}

// syncBuffer collects the kernel's log; it is shown when a test fails.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// harness is a running kernel with a connected client.
type harness struct {
	t      *testing.T
	ctx    context.Context
	k      *kernel.Kernel
	eng    *fakeEngine
	c      *kerneltest.Client
	log    *syncBuffer
	cancel context.CancelFunc
	done   chan error // Run's result
}

type setup struct {
	key        string // "" disables signing
	historyDir string // "" means a fresh temporary directory
}

func start(t *testing.T, s setup) *harness {
	t.Helper()
	ctx, cancelTest := context.WithTimeout(context.Background(), timeout)
	t.Cleanup(cancelTest)
	if s.historyDir == "" {
		s.historyDir = t.TempDir()
	}
	h := &harness{t: t, ctx: ctx, eng: newFakeEngine(), log: &syncBuffer{}, done: make(chan error, 1)}
	conn := kernel.ConnectionInfo{IP: "127.0.0.1", Key: s.key, SignatureScheme: "hmac-sha256", KernelName: "culab"}
	k, err := kernel.New(conn, h.eng, kernel.Options{Log: h.log, HistoryDir: s.historyDir, Version: "0.0.0-test"})
	if err != nil {
		t.Fatal(err)
	}
	h.k = k
	runCtx, cancel := context.WithCancel(context.Background())
	h.cancel = cancel
	go func() { h.done <- k.Run(runCtx) }()
	t.Cleanup(func() {
		h.cancel()
		select {
		case <-h.done:
		case <-time.After(timeout):
			t.Error("Run did not return after cancel")
		}
		if t.Failed() {
			t.Logf("kernel log:\n%s", h.log)
		}
	})
	c, err := kerneltest.Dial(k.Conn())
	if err != nil {
		t.Fatal(err)
	}
	h.c = c
	t.Cleanup(func() {
		if err := c.Err(); err != nil {
			t.Errorf("client saw bad messages: %v", err)
		}
		c.Close()
	})
	if err := c.WaitReady(ctx); err != nil {
		t.Fatal(err)
	}
	return h
}

func (h *harness) request(channel, msgType string, content any) kerneltest.Message {
	h.t.Helper()
	m, err := h.c.Request(h.ctx, channel, msgType, content)
	if err != nil {
		h.t.Fatal(err)
	}
	return m
}

func (h *harness) execute(content map[string]any) (kerneltest.Message, []kerneltest.Message) {
	h.t.Helper()
	rep, pubs, err := h.c.Execute(h.ctx, content)
	if err != nil {
		h.t.Fatal(err)
	}
	return rep, pubs
}

func (h *harness) send(channel, msgType string, content any) string {
	h.t.Helper()
	id, err := h.c.Send(channel, msgType, content)
	if err != nil {
		h.t.Fatal(err)
	}
	return id
}

func (h *harness) reply(id string) kerneltest.Message {
	h.t.Helper()
	m, err := h.c.Reply(h.ctx, id)
	if err != nil {
		h.t.Fatal(err)
	}
	return m
}

// waitStarted waits for the engine to start running a cell.
func (h *harness) waitStarted() {
	h.t.Helper()
	select {
	case <-h.eng.started:
	case <-h.ctx.Done():
		h.t.Fatal("cell did not start")
	}
}

// waitReceived waits until the kernel has taken in n verified messages:
// the only way to know a request sits in the shell queue.
func (h *harness) waitReceived(n uint64) {
	h.t.Helper()
	for h.k.Stats().Received < n {
		select {
		case <-h.ctx.Done():
			h.t.Fatalf("kernel received %d messages, want %d", h.k.Stats().Received, n)
		case <-time.After(time.Millisecond):
		}
	}
}

// runResult waits for Run to return.
func (h *harness) runResult() error {
	h.t.Helper()
	select {
	case err := <-h.done:
		h.done <- err // for the cleanup
		return err
	case <-h.ctx.Done():
		h.t.Fatal("Run did not return")
		return nil
	}
}

// types lists the msg_types of iopub messages, in order.
func types(ms []kerneltest.Message) []string {
	var out []string
	for _, m := range ms {
		t := m.Header.MsgType
		if t == "status" {
			t += ":" + m.Content["execution_state"].(string)
		}
		out = append(out, t)
	}
	return out
}

func find(t *testing.T, ms []kerneltest.Message, msgType string) kerneltest.Message {
	t.Helper()
	for _, m := range ms {
		if m.Header.MsgType == msgType {
			return m
		}
	}
	t.Fatalf("no %s among %v", msgType, types(ms))
	return kerneltest.Message{}
}

func equal(t *testing.T, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s = %#v, want %#v", what, got, want)
	}
}

func TestKernelInfo(t *testing.T) {
	h := start(t, setup{key: "secret"})
	for _, ch := range []string{kerneltest.Shell, kerneltest.Control} {
		id := h.send(ch, "kernel_info_request", map[string]any{})
		rep := h.reply(id)
		equal(t, ch+" reply type", rep.Header.MsgType, "kernel_info_reply")
		equal(t, "parent msg_id", rep.ParentHeader.MsgID, id)
		equal(t, "header version", rep.Header.Version, kernel.ProtocolVersion)
		if rep.Header.Session == "" || rep.Header.Session == h.c.Session || rep.Header.MsgID == "" || rep.Header.Date == "" {
			t.Errorf("reply header incomplete: %+v", rep.Header)
		}
		if _, err := time.Parse(time.RFC3339Nano, rep.Header.Date); err != nil {
			t.Errorf("date %q is not ISO 8601: %v", rep.Header.Date, err)
		}
		c := rep.Content
		equal(t, "status", c["status"], "ok")
		equal(t, "protocol_version", c["protocol_version"], kernel.ProtocolVersion)
		equal(t, "implementation", c["implementation"], "culab")
		equal(t, "implementation_version", c["implementation_version"], "0.0.0-test")
		equal(t, "banner", c["banner"], "fake engine")
		equal(t, "help_links", c["help_links"], []any{map[string]any{"text": "Go", "url": "https://go.dev"}})
		li := c["language_info"].(map[string]any)
		for k, v := range map[string]any{"name": "go", "mimetype": "text/x-go", "file_extension": ".go", "pygments_lexer": "go", "codemirror_mode": "go"} {
			equal(t, "language_info."+k, li[k], v)
		}
		if li["version"] == "" {
			t.Error("language_info.version is empty")
		}
		pubs, err := h.c.IOPub(h.ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		equal(t, ch+" iopub", types(pubs), []string{"status:busy", "status:idle"})
	}
}

func TestExecute(t *testing.T) {
	h := start(t, setup{key: "secret"})
	rep, pubs := h.execute(map[string]any{"code": "print hello\neprint oops\nresult 42"})
	equal(t, "reply", rep.Content["status"], "ok")
	equal(t, "execution_count", rep.Content["execution_count"], 1.0)
	equal(t, "user_expressions", rep.Content["user_expressions"], map[string]any{})
	equal(t, "iopub", types(pubs), []string{"status:busy", "execute_input", "stream", "stream", "execute_result", "status:idle"})
	equal(t, "execute_input", pubs[1].Content, map[string]any{"code": "print hello\neprint oops\nresult 42", "execution_count": 1.0})
	equal(t, "stdout", pubs[2].Content, map[string]any{"name": "stdout", "text": "hello"})
	equal(t, "stderr", pubs[3].Content, map[string]any{"name": "stderr", "text": "oops"})
	equal(t, "execute_result", pubs[4].Content, map[string]any{
		"execution_count": 1.0, "data": map[string]any{"text/plain": "42"}, "metadata": map[string]any{},
	})
	for _, m := range pubs {
		equal(t, m.Header.MsgType+" parent", m.ParentHeader.MsgID, rep.ParentHeader.MsgID)
	}
	rep, _ = h.execute(map[string]any{"code": "print again"})
	equal(t, "second execution_count", rep.Content["execution_count"], 2.0)
}

func TestExecuteError(t *testing.T) {
	h := start(t, setup{key: "secret"})
	rep, pubs := h.execute(map[string]any{"code": "print before\nfail boom"})
	equal(t, "iopub", types(pubs), []string{"status:busy", "execute_input", "stream", "error", "status:idle"})
	want := map[string]any{"ename": "TestError", "evalue": "boom", "traceback": []any{"cell:1: boom"}}
	equal(t, "error broadcast", pubs[3].Content, want)
	want["status"], want["execution_count"] = "error", 1.0
	equal(t, "reply", rep.Content, want)

	// A panicking engine costs the request, not the kernel.
	rep, _ = h.execute(map[string]any{"code": "panic kaboom"})
	equal(t, "panic reply status", rep.Content["status"], "error")
	equal(t, "panic ename", rep.Content["ename"], "EnginePanic")
	rep, _ = h.execute(map[string]any{"code": "print alive"})
	equal(t, "after panic", rep.Content["status"], "ok")
}

func TestSilentAndStoreHistory(t *testing.T) {
	h := start(t, setup{key: "secret"})
	rep, pubs := h.execute(map[string]any{"code": "print x\nresult 1\nfail no", "silent": true})
	equal(t, "silent iopub", types(pubs), []string{"status:busy", "status:idle"})
	equal(t, "silent status", rep.Content["status"], "error")
	equal(t, "silent count", rep.Content["execution_count"], 0.0)

	rep, pubs = h.execute(map[string]any{"code": "print y", "store_history": false})
	equal(t, "unstored iopub", types(pubs), []string{"status:busy", "execute_input", "stream", "status:idle"})
	equal(t, "unstored count", rep.Content["execution_count"], 0.0)

	rep, _ = h.execute(map[string]any{"code": "print z"})
	equal(t, "stored count", rep.Content["execution_count"], 1.0)

	// A silent error does not abort what follows.
	h.execute(map[string]any{"code": "fail quietly", "silent": true})
	rep, _ = h.execute(map[string]any{"code": "print w"})
	equal(t, "after silent error", rep.Content["status"], "ok")
}

func TestDisplay(t *testing.T) {
	h := start(t, setup{key: "secret"})
	_, pubs := h.execute(map[string]any{"code": "display one\nupdate two\nclear"})
	equal(t, "iopub", types(pubs), []string{"status:busy", "execute_input", "display_data", "update_display_data", "clear_output", "status:idle"})
	equal(t, "display_data", pubs[2].Content, map[string]any{
		"data": map[string]any{"text/plain": "one"}, "metadata": map[string]any{}, "transient": map[string]any{"display_id": "d1"},
	})
	equal(t, "update_display_data", pubs[3].Content, map[string]any{
		"data": map[string]any{"text/plain": "two"}, "metadata": map[string]any{"m": 1.0}, "transient": map[string]any{"display_id": "d1"},
	})
	equal(t, "clear_output", pubs[4].Content, map[string]any{"wait": true})
}

func TestInput(t *testing.T) {
	h := start(t, setup{key: "secret"})
	id := h.send(kerneltest.Shell, "execute_request", map[string]any{"code": "input name?", "allow_stdin": true})
	req, err := h.c.NextInputRequest(h.ctx)
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "input_request", req.Header.MsgType, "input_request")
	equal(t, "input_request parent", req.ParentHeader.MsgID, id)
	equal(t, "input_request content", req.Content, map[string]any{"prompt": "name?", "password": false})
	if err := h.c.SendInputReply(req, "gopher"); err != nil {
		t.Fatal(err)
	}
	rep := h.reply(id)
	equal(t, "reply", rep.Content["status"], "ok")
	pubs, err := h.c.IOPub(h.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "echo", find(t, pubs, "stream").Content["text"], "got gopher")

	// jupyter_client answers with no parent header; a reply naming another
	// request is stale and dropped.
	id = h.send(kerneltest.Shell, "execute_request", map[string]any{"code": "input again?", "allow_stdin": true})
	if _, err := h.c.NextInputRequest(h.ctx); err != nil {
		t.Fatal(err)
	}
	if err := h.c.SendInputReply(kerneltest.Message{Header: kerneltest.Header{MsgID: "old-prompt"}}, "stale"); err != nil {
		t.Fatal(err)
	}
	if err := h.c.SendInputReply(kerneltest.Message{}, "parentless"); err != nil {
		t.Fatal(err)
	}
	h.reply(id)
	pubs, err = h.c.IOPub(h.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "parentless echo", find(t, pubs, "stream").Content["text"], "got parentless")

	// Without allow_stdin the engine gets ErrNoStdin, and nothing is asked.
	rep, _ = h.execute(map[string]any{"code": "input name?", "allow_stdin": false})
	equal(t, "no stdin status", rep.Content["status"], "error")
	equal(t, "no stdin error", rep.Content["evalue"], kernel.ErrNoStdin.Error())

	// An interrupt ends a pending input.
	id = h.send(kerneltest.Shell, "execute_request", map[string]any{"code": "input never?", "allow_stdin": true})
	if _, err := h.c.NextInputRequest(h.ctx); err != nil {
		t.Fatal(err)
	}
	h.request(kerneltest.Control, "interrupt_request", map[string]any{})
	rep = h.reply(id)
	equal(t, "interrupted input", rep.Content["evalue"], "kernel: input: "+kernel.ErrInterrupted.Error())
}

func TestInterruptAndControlWhileRunning(t *testing.T) {
	h := start(t, setup{key: "secret"})
	exec := h.send(kerneltest.Shell, "execute_request", map[string]any{"code": "block"})
	h.waitStarted()

	// Control, heartbeat and the shell reader all keep working.
	info := h.request(kerneltest.Control, "kernel_info_request", map[string]any{})
	equal(t, "control kernel_info while running", info.Content["status"], "ok")
	if _, err := h.c.Heartbeat(h.ctx, []byte("ping")); err != nil {
		t.Fatal(err)
	}
	complete := h.send(kerneltest.Shell, "complete_request", map[string]any{"code": "fmt.Pr", "cursor_pos": 6})

	rep := h.request(kerneltest.Control, "interrupt_request", map[string]any{})
	equal(t, "interrupt_reply", rep.Header.MsgType, "interrupt_reply")
	equal(t, "interrupt status", rep.Content["status"], "ok")
	ex := h.reply(exec)
	equal(t, "interrupted cell", ex.Content["status"], "error")
	equal(t, "cause", ex.Content["evalue"], kernel.ErrInterrupted.Error())
	// Queued shell requests are still answered, in order, after the cell.
	equal(t, "queued complete", h.reply(complete).Content["status"], "ok")
	if ev := h.eng.Events(); !slices.Contains(ev, "interrupt") {
		t.Errorf("engine events %v, want an interrupt", ev)
	}
}

// Run All sends every cell at once; after a failure the queued cells are
// aborted (as in ipykernel) and other queued requests are still served.
func TestAbortQueuedAfterError(t *testing.T) {
	h := start(t, setup{key: "secret"})
	base := h.k.Stats().Received
	first := h.send(kerneltest.Shell, "execute_request", map[string]any{"code": "block"})
	h.waitStarted()
	second := h.send(kerneltest.Shell, "execute_request", map[string]any{"code": "print never"})
	info := h.send(kerneltest.Shell, "kernel_info_request", map[string]any{})
	h.waitReceived(base + 3)
	h.request(kerneltest.Control, "interrupt_request", map[string]any{})

	equal(t, "first", h.reply(first).Content["status"], "error")
	equal(t, "second", h.reply(second).Content, map[string]any{"status": "aborted"})
	equal(t, "kernel_info", h.reply(info).Content["status"], "ok")
	pubs, err := h.c.IOPub(h.ctx, second)
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "aborted iopub", types(pubs), []string{"status:busy", "status:idle"})
	rep, _ := h.execute(map[string]any{"code": "print later"})
	equal(t, "later cell", rep.Content["status"], "ok")
	equal(t, "later count", rep.Content["execution_count"], 2.0)
}

func TestCompleteInspectIsComplete(t *testing.T) {
	h := start(t, setup{key: "secret"})
	// "é" is two bytes but one code point: cursors are converted both ways.
	code := "é := fmt.Pr"
	rep := h.request(kerneltest.Shell, "complete_request", map[string]any{"code": code, "cursor_pos": 11})
	equal(t, "complete", rep.Content, map[string]any{
		"status": "ok", "matches": []any{"Printf", "Println"}, "cursor_start": 9.0, "cursor_end": 11.0, "metadata": map[string]any{},
	})
	h.eng.mu.Lock()
	equal(t, "engine byte cursor", h.eng.cursor, 12)
	h.eng.mu.Unlock()

	rep = h.request(kerneltest.Shell, "inspect_request", map[string]any{"code": code, "cursor_pos": 1, "detail_level": 1})
	equal(t, "inspect", rep.Content, map[string]any{
		"status": "ok", "found": true, "data": map[string]any{"text/plain": `doc "é" 1`}, "metadata": map[string]any{},
	})

	rep = h.request(kerneltest.Shell, "is_complete_request", map[string]any{"code": "for {"})
	equal(t, "incomplete", rep.Content, map[string]any{"status": "incomplete", "indent": "\t"})
	rep = h.request(kerneltest.Shell, "is_complete_request", map[string]any{"code": "x := 1"})
	equal(t, "complete", rep.Content, map[string]any{"status": "complete"})

	rep = h.request(kerneltest.Shell, "complete_request", map[string]any{"code": 42})
	equal(t, "bad content", rep.Content["status"], "error")
}

func TestCommsAndUnknown(t *testing.T) {
	h := start(t, setup{key: "secret"})
	rep := h.request(kerneltest.Shell, "comm_info_request", map[string]any{})
	equal(t, "comm_info", rep.Content, map[string]any{"status": "ok", "comms": map[string]any{}})

	id := h.send(kerneltest.Shell, "comm_open", map[string]any{"comm_id": "c1", "target_name": "jupyter.widget", "data": map[string]any{}})
	pubs, err := h.c.IOPub(h.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "comm_open iopub", types(pubs), []string{"status:busy", "comm_close", "status:idle"})
	equal(t, "comm_close", pubs[1].Content, map[string]any{"comm_id": "c1", "data": map[string]any{}})

	for _, typ := range []string{"comm_msg", "comm_close", "no_such_request"} {
		id := h.send(kerneltest.Shell, typ, map[string]any{"comm_id": "c1", "data": map[string]any{}})
		pubs, err := h.c.IOPub(h.ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		equal(t, typ+" iopub", types(pubs), []string{"status:busy", "status:idle"})
	}
	equal(t, "unknown count", h.k.Stats().Unknown, uint64(1))
}

func TestHistoryAcrossRestarts(t *testing.T) {
	dir := t.TempDir()
	h := start(t, setup{key: "secret", historyDir: dir})
	h.execute(map[string]any{"code": "print a"})
	h.execute(map[string]any{"code": "result b"})
	h.execute(map[string]any{"code": "print silent", "silent": true})
	h.execute(map[string]any{"code": "print unstored", "store_history": false})
	hist := func(h *harness, q map[string]any) any {
		t.Helper()
		rep := h.request(kerneltest.Shell, "history_request", q)
		equal(t, "history status", rep.Content["status"], "ok")
		return rep.Content["history"]
	}
	equal(t, "tail", hist(h, map[string]any{"hist_access_type": "tail", "n": 10.0}),
		[]any{[]any{1.0, 1.0, "print a"}, []any{1.0, 2.0, "result b"}})
	equal(t, "tail with output", hist(h, map[string]any{"hist_access_type": "tail", "n": 10, "output": true}),
		[]any{[]any{1.0, 1.0, []any{"print a", nil}}, []any{1.0, 2.0, []any{"result b", "b"}}})
	h.request(kerneltest.Control, "shutdown_request", map[string]any{"restart": true})
	if err := h.runResult(); err != nil {
		t.Fatal(err)
	}

	// The restarted kernel is a new process: a new session, same file.
	h2 := start(t, setup{key: "secret", historyDir: dir})
	h2.execute(map[string]any{"code": "print c"})
	h2.execute(map[string]any{"code": "print a"})
	equal(t, "tail 2", hist(h2, map[string]any{"hist_access_type": "tail", "n": 2}),
		[]any{[]any{2.0, 1.0, "print c"}, []any{2.0, 2.0, "print a"}})
	equal(t, "range previous session", hist(h2, map[string]any{"hist_access_type": "range", "session": -1, "start": 2}),
		[]any{[]any{1.0, 2.0, "result b"}})
	equal(t, "range this session", hist(h2, map[string]any{"hist_access_type": "range", "session": 0, "start": 1, "stop": 2}),
		[]any{[]any{2.0, 1.0, "print c"}})
	equal(t, "search", hist(h2, map[string]any{"hist_access_type": "search", "pattern": "print *"}),
		[]any{[]any{1.0, 1.0, "print a"}, []any{2.0, 1.0, "print c"}, []any{2.0, 2.0, "print a"}})
	equal(t, "search unique", hist(h2, map[string]any{"hist_access_type": "search", "pattern": "print *", "unique": true}),
		[]any{[]any{2.0, 1.0, "print c"}, []any{2.0, 2.0, "print a"}})
	equal(t, "search n", hist(h2, map[string]any{"hist_access_type": "search", "pattern": "*b", "n": 1}),
		[]any{[]any{1.0, 2.0, "result b"}})
	rep := h2.request(kerneltest.Shell, "history_request", map[string]any{"hist_access_type": "sideways"})
	equal(t, "bad access type", rep.Content["status"], "error")
}

func TestBadSignatureReplayAndMalformed(t *testing.T) {
	h := start(t, setup{key: "secret"})
	before := h.k.Stats()

	forged, forgedID, err := h.c.Frames("execute_request", map[string]any{"code": "print forged"})
	if err != nil {
		t.Fatal(err)
	}
	forged[1] = []byte(strings.Repeat("0", 64))
	notHex := append([][]byte(nil), forged...)
	notHex[1] = []byte("not a signature")
	good, goodID, err := h.c.Frames("kernel_info_request", map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	signed := func(parts ...string) [][]byte {
		ps := make([][]byte, len(parts))
		for i, p := range parts {
			ps[i] = []byte(p)
		}
		return append([][]byte{[]byte("<IDS|MSG>"), h.c.Sign(ps)}, ps...)
	}
	okHeader := `{"msg_id":"x1","msg_type":"kernel_info_request","session":"s","username":"u","date":"","version":"5.3"}`
	for _, frames := range [][][]byte{
		forged,
		notHex,
		good,
		good, // a replay
		{[]byte("no delimiter at all")},
		{[]byte("<IDS|MSG>"), []byte("sig"), []byte("{}")},
		signed(`{"msg_type": `, "{}", "{}", "{}"),
		signed(okHeader, "{}", "{}", "[1, 2]"),
		signed(`{"msg_id":"x2"}`, "{}", "{}", "{}"),
		signed(okHeader, `"parent"`, "{}", "{}"),
	} {
		if err := h.c.SendFrames(kerneltest.Shell, frames); err != nil {
			t.Fatal(err)
		}
	}
	// The kernel keeps serving; messages on one socket are taken in order,
	// so once this reply is in, every bad one above has been seen.
	rep := h.request(kerneltest.Shell, "kernel_info_request", map[string]any{})
	equal(t, "still serving", rep.Content["status"], "ok")
	equal(t, "good reply", h.reply(goodID).Content["status"], "ok")
	done, cancel := context.WithCancel(h.ctx)
	cancel()
	if _, err := h.c.Reply(done, forgedID); !errors.Is(err, context.Canceled) {
		t.Errorf("forged request was answered")
	}
	got := h.k.Stats()
	equal(t, "bad signatures", got.BadSignature-before.BadSignature, uint64(2))
	equal(t, "replays", got.Replayed-before.Replayed, uint64(1))
	equal(t, "malformed", got.Malformed-before.Malformed, uint64(6))
	equal(t, "received", got.Received-before.Received, uint64(2))
	if !strings.Contains(h.log.String(), "bad signature") {
		t.Errorf("bad signature not logged:\n%s", h.log)
	}
}

func TestNoKeyDisablesSigning(t *testing.T) {
	h := start(t, setup{key: ""})
	rep, pubs := h.execute(map[string]any{"code": "print unsigned"})
	equal(t, "status", rep.Content["status"], "ok")
	equal(t, "stream", find(t, pubs, "stream").Content["text"], "unsigned")
	// Without a key any signature is ignored, as in jupyter_client.
	frames, id, err := h.c.Frames("kernel_info_request", map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	frames[1] = []byte("whatever")
	if err := h.c.SendFrames(kerneltest.Shell, frames); err != nil {
		t.Fatal(err)
	}
	equal(t, "unchecked signature", h.reply(id).Content["status"], "ok")
}

func TestHeartbeat(t *testing.T) {
	h := start(t, setup{key: "secret"})
	for _, p := range []string{"ping", "pong", strings.Repeat("x", 1000)} {
		got, err := h.c.Heartbeat(h.ctx, []byte(p))
		if err != nil {
			t.Fatal(err)
		}
		equal(t, "echo", string(got), p)
	}
}

func TestShutdownOnControlWhileRunning(t *testing.T) {
	h := start(t, setup{key: "secret"})
	exec := h.send(kerneltest.Shell, "execute_request", map[string]any{"code": "block"})
	h.waitStarted()
	rep := h.request(kerneltest.Control, "shutdown_request", map[string]any{"restart": true})
	equal(t, "shutdown_reply", rep.Header.MsgType, "shutdown_reply")
	equal(t, "content", rep.Content, map[string]any{"status": "ok", "restart": true})
	equal(t, "cell reply", h.reply(exec).Content["status"], "error")
	if err := h.runResult(); err != nil {
		t.Fatalf("Run = %v, want nil after shutdown_request", err)
	}
	// The cell is stopped (ctx and Engine.Interrupt, in either order)
	// before the engine is released, exactly once.
	ev := h.eng.Events()
	if len(ev) != 3 || !slices.Contains(ev[:2], "interrupt") || !slices.Contains(ev[:2], "executed") || ev[2] != "shutdown restart=true" {
		t.Errorf("engine events %v, want interrupt and executed, then shutdown restart=true", ev)
	}
}

func TestShutdownOnShell(t *testing.T) {
	h := start(t, setup{key: "secret"})
	rep := h.request(kerneltest.Shell, "shutdown_request", map[string]any{"restart": false})
	equal(t, "content", rep.Content, map[string]any{"status": "ok", "restart": false})
	if err := h.runResult(); err != nil {
		t.Fatalf("Run = %v", err)
	}
	equal(t, "engine events", h.eng.Events(), []string{"interrupt", "shutdown restart=false"})
}

func TestCancelStopsRun(t *testing.T) {
	h := start(t, setup{key: "secret"})
	h.cancel()
	if err := h.runResult(); !errors.Is(err, context.Canceled) {
		t.Fatalf("Run = %v, want context.Canceled", err)
	}
	equal(t, "engine events", h.eng.Events(), []string{"interrupt", "shutdown restart=false"})
}

func TestIPCTransport(t *testing.T) {
	eng := newFakeEngine()
	dir := t.TempDir()
	conn := kernel.ConnectionInfo{
		Transport: "ipc", IP: dir + "/kernel", Key: "k",
		ShellPort: 1, IOPubPort: 2, StdinPort: 3, ControlPort: 4, HBPort: 5,
	}
	k, err := kernel.New(conn, eng, kernel.Options{Log: &syncBuffer{}, HistoryDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- k.Run(ctx) }()
	c, err := kerneltest.Dial(k.Conn())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.WaitReady(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Request(ctx, kerneltest.Control, "shutdown_request", map[string]any{"restart": false}); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// Each IOPub subscriber is welcomed (JEP 65) with its subscription, "" for
// everything; a second client gets its own welcome.
func TestIOPubWelcome(t *testing.T) {
	h := start(t, setup{key: "k"})
	ws, err := h.c.Welcome(h.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if sub, ok := ws[0].Content["subscription"]; !ok || sub != "" {
		t.Errorf("welcome content %v", ws[0].Content)
	}
	c2, err := kerneltest.Dial(h.k.Conn())
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	if _, err := c2.Welcome(h.ctx); err != nil {
		t.Fatal(err)
	}
}
