package kernel

import (
	"context"
	"encoding/json"
	"runtime"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-zeromq/zmq4"
)

// handleShell answers one shell request between busy and idle, which
// jupyter_client waits for (kernel_info included).
func (k *Kernel) handleShell(ctx context.Context, m *message) {
	k.parent.Store(m)
	k.publishStatus(m, "busy")
	var abort aborting
	stop := false
	switch m.header.MsgType {
	case "kernel_info_request":
		k.reply(k.shell, m, "kernel_info_reply", k.kernelInfo())
	case "execute_request":
		abort = k.execute(ctx, m)
	case "complete_request":
		k.complete(m)
	case "inspect_request":
		k.inspect(m)
	case "is_complete_request":
		k.isComplete(m)
	case "history_request":
		k.history(m)
	case "comm_info_request":
		k.commInfo(m)
	case "comm_open", "comm_msg", "comm_close":
		k.comm(ctx, m)
	case "shutdown_request":
		k.shutdown(k.shell, m, true)
		stop = true
	default:
		k.ignore("shell", m)
	}
	k.publishStatus(m, "idle")
	if stop {
		k.stop()
	}
	k.abortQueued(ctx, abort)
}

// handleControl answers control requests at once, even while a cell runs.
// Only requests that do not need the engine's attention are taken here:
// the engine is not asked to complete or inspect while it executes.
func (k *Kernel) handleControl(_ context.Context, m *message) {
	k.publishStatus(m, "busy")
	stop := false
	switch m.header.MsgType {
	case "kernel_info_request":
		k.reply(k.control, m, "kernel_info_reply", k.kernelInfo())
	case "interrupt_request":
		k.Interrupt()
		k.reply(k.control, m, "interrupt_reply", map[string]any{"status": "ok"})
	case "shutdown_request":
		k.shutdown(k.control, m, false)
		stop = true
	default:
		k.ignore("control", m)
	}
	k.publishStatus(m, "idle")
	if stop {
		k.stop()
	}
}

// handleStdin passes input_reply messages to the waiting Input call.
func (k *Kernel) handleStdin(_ context.Context, m *message) {
	if m.header.MsgType != "input_reply" {
		k.ignore("stdin", m)
		return
	}
	select {
	case k.stdinReplies <- m:
	default:
		k.log.Printf("stdin: input_reply with no input_request waiting: dropped")
	}
}

func (k *Kernel) ignore(channel string, m *message) {
	k.unknown.Add(1)
	k.log.Printf("%s: ignoring unsupported %s", channel, m.header.MsgType)
}

// decodeContent parses a request's content, answering a bad request with
// an error reply; it reports whether the content was usable.
func (k *Kernel) decodeContent(m *message, replyType string, v any) bool {
	if err := json.Unmarshal(m.content, v); err != nil {
		k.log.Printf("%s: bad content: %v", m.header.MsgType, err)
		k.replyError(m, replyType, "BadRequest", err.Error())
		return false
	}
	return true
}

// replyError answers a shell request that could not be served.
func (k *Kernel) replyError(m *message, replyType, ename, evalue string) {
	k.reply(k.shell, m, replyType, map[string]any{
		"status": "error", "ename": ename, "evalue": evalue, "traceback": []string{},
	})
}

// executeRequest is the content of execute_request.
type executeRequest struct {
	Code            string            `json:"code"`
	Silent          bool              `json:"silent"`
	StoreHistory    *bool             `json:"store_history"` // default !silent
	UserExpressions map[string]string `json:"user_expressions"`
	AllowStdin      bool              `json:"allow_stdin"`
	StopOnError     *bool             `json:"stop_on_error"` // default true
}

// aborting is what a failed cell leaves to abortQueued: the n requests
// queued when its error reply left, and the execute requests still on
// their way then — those that arrive within abortGrace and whose header
// says they were sent before the reply (the client cannot have seen the
// error when it sent them). "Run All" sends every cell at once, and the
// last ones may still be on the socket when the error is answered.
//
// before is on the client's clock, as the headers' dates are: the failed
// request's date plus the time the kernel took over it (a monotonic
// reading). The client saw the error no earlier, whatever its clock says
// against the kernel's (another host's; a clock stepped back while the
// cell ran let a request of "Run All" run after the error).
type aborting struct {
	n      int
	before time.Time
}

// abortGrace bounds the wait for requests in flight after an error. It
// delays nothing: a request that arrives meanwhile is answered at once,
// and one sent after the client saw the error ends the wait. Generous,
// because on a loaded machine a request already sent may take a while to
// be read off the socket (500 ms once let a "Run All" cell run).
const abortGrace = 5 * time.Second

// execute runs a cell; when it fails and stop_on_error holds, it returns
// what abortQueued must abort, so that nothing sent after the client saw
// the error is aborted.
func (k *Kernel) execute(ctx context.Context, m *message) aborting {
	start := time.Now()
	var req executeRequest
	if !k.decodeContent(m, "execute_reply", &req) {
		return aborting{}
	}
	// silent forces store_history off; only stored cells advance the count.
	store := !req.Silent && (req.StoreHistory == nil || *req.StoreHistory)
	if store {
		k.count++
	}
	n := k.count
	if !req.Silent {
		k.publish(m, "execute_input", map[string]any{"code": req.Code, "execution_count": n})
	}

	var rep ExecuteReply
	out, perr := k.runEngine(ctx, m, req.Silent, func(ctx context.Context, out *cellOutput) {
		out.allowStdin, out.count = req.AllowStdin, n
		rep = k.eng.Execute(ctx, ExecuteRequest{
			Code:            req.Code,
			Silent:          req.Silent,
			StoreHistory:    store,
			UserExpressions: req.UserExpressions,
			AllowStdin:      req.AllowStdin,
			ExecutionCount:  n,
			MsgID:           m.header.MsgID,
		}, out)
	})
	if perr != nil {
		rep.Error = &ExecError{Name: "EnginePanic", Value: perr.Error()}
	}

	if store && k.hist != nil {
		if err := k.hist.add(n, req.Code, out.resultText()); err != nil {
			k.log.Print(err)
		}
	}
	if e := rep.Error; e != nil {
		tb := e.Traceback
		if tb == nil {
			tb = []string{}
		}
		if !req.Silent {
			k.publish(m, "error", map[string]any{"ename": e.Name, "evalue": e.Value, "traceback": tb})
		}
		var abort aborting
		if !req.Silent && (req.StopOnError == nil || *req.StopOnError) {
			abort = aborting{n: len(k.queue), before: clientTime(m, start)}
		}
		k.reply(k.shell, m, "execute_reply", map[string]any{
			"status": "error", "execution_count": n,
			"ename": e.Name, "evalue": e.Value, "traceback": tb,
		})
		return abort
	}
	ue := rep.UserExpressions
	if ue == nil {
		ue = map[string]any{}
	}
	k.reply(k.shell, m, "execute_reply", map[string]any{
		"status": "ok", "execution_count": n, "user_expressions": ue, "payload": []any{},
	})
	return aborting{}
}

// runEngine runs an engine call that handles request m (a cell, a comm
// message) as a cell: interrupt_request cancels its context, and its
// output goes out with m as parent. A panic of the engine is returned.
func (k *Kernel) runEngine(ctx context.Context, m *message, silent bool, f func(context.Context, *cellOutput)) (*cellOutput, error) {
	cellCtx, cancel := context.WithCancelCause(ctx)
	k.cellMu.Lock()
	k.cellCancel = cancel
	k.cellMu.Unlock()
	out := &cellOutput{k: k, req: m, ctx: cellCtx, silent: silent}
	perr := k.guard(m.header.MsgType, func() { f(cellCtx, out) })
	k.cellMu.Lock()
	k.cellCancel = nil
	k.cellMu.Unlock()
	// Ends Input calls left behind by goroutines the request started.
	cancel(context.Canceled)
	return out, perr
}

// abortQueued answers the execute requests a failed cell leaves (see
// aborting) with status "aborted", as ipykernel does: "Run All" sends every
// cell at once, and cells after a failure must not run. Other requests are
// served.
func (k *Kernel) abortQueued(ctx context.Context, a aborting) {
	for ; a.n > 0 && !k.isStopped(); a.n-- {
		m := <-k.queue
		if m.header.MsgType != "execute_request" {
			k.handleShell(ctx, m)
			continue
		}
		k.abort(m)
	}
	if a.before.IsZero() {
		return
	}
	grace := time.NewTimer(abortGrace)
	defer grace.Stop()
	for !k.isStopped() {
		select {
		case m := <-k.queue:
			switch {
			case m.header.MsgType != "execute_request":
				k.handleShell(ctx, m) // served, as above
			case sentBefore(m, a.before):
				k.abort(m)
			default:
				k.handleShell(ctx, m) // sent after the error: all goes on
				return
			}
		case <-grace.C:
			return
		case <-k.stopping: // a shutdown ends the wait
			return
		case <-ctx.Done():
			return
		}
	}
}

// abort answers an execute request with status "aborted".
func (k *Kernel) abort(m *message) {
	k.publishStatus(m, "busy")
	k.reply(k.shell, m, "execute_reply", map[string]any{"status": "aborted"})
	k.publishStatus(m, "idle")
}

// clientTime is now on the clock of m's sender, at the earliest: m's date
// plus the time since m arrived (since start, when the kernel took m up,
// for a message made here); the kernel's clock for a header without a
// readable date. Counting from the arrival, not from when the cell
// started, keeps the time m waited behind the cell before it: a "Run All"
// whose client sent its next cell while this one waited, on a loaded
// machine later than this one's run took, had that cell run.
func clientTime(m *message, start time.Time) time.Time {
	d, err := time.Parse(time.RFC3339Nano, m.header.Date)
	if err != nil {
		return time.Now()
	}
	if !m.arrived.IsZero() {
		start = m.arrived
	}
	return d.Add(time.Since(start))
}

// sentBefore reports whether m's header dates it before t; a header
// without a readable date is not.
func sentBefore(m *message, t time.Time) bool {
	d, err := time.Parse(time.RFC3339Nano, m.header.Date)
	return err == nil && d.Before(t)
}

// codeRequest is the content of complete_request, inspect_request and
// is_complete_request.
type codeRequest struct {
	Code        string `json:"code"`
	CursorPos   *int   `json:"cursor_pos"` // code points; absent means the end
	DetailLevel int    `json:"detail_level"`
}

func (k *Kernel) complete(m *message) {
	var req codeRequest
	if !k.decodeContent(m, "complete_reply", &req) {
		return
	}
	var rep CompleteReply
	if err := k.guard("complete", func() { rep = k.eng.Complete(req.Code, byteOffset(req.Code, req.CursorPos)) }); err != nil {
		k.replyError(m, "complete_reply", "EnginePanic", err.Error())
		return
	}
	matches := rep.Matches
	if matches == nil {
		matches = []string{}
	}
	k.reply(k.shell, m, "complete_reply", map[string]any{
		"status":       "ok",
		"matches":      matches,
		"cursor_start": runeOffset(req.Code, rep.CursorStart),
		"cursor_end":   runeOffset(req.Code, rep.CursorEnd),
		"metadata":     meta(rep.Metadata),
	})
}

func (k *Kernel) inspect(m *message) {
	var req codeRequest
	if !k.decodeContent(m, "inspect_reply", &req) {
		return
	}
	var rep InspectReply
	if err := k.guard("inspect", func() {
		rep = k.eng.Inspect(req.Code, byteOffset(req.Code, req.CursorPos), req.DetailLevel)
	}); err != nil {
		k.replyError(m, "inspect_reply", "EnginePanic", err.Error())
		return
	}
	k.reply(k.shell, m, "inspect_reply", map[string]any{
		"status": "ok", "found": rep.Found, "data": bundle(rep.Data), "metadata": map[string]any{},
	})
}

func (k *Kernel) isComplete(m *message) {
	var req codeRequest
	if !k.decodeContent(m, "is_complete_reply", &req) {
		return
	}
	var rep IsCompleteReply
	if err := k.guard("is_complete", func() { rep = k.eng.IsComplete(req.Code) }); err != nil {
		k.replyError(m, "is_complete_reply", "EnginePanic", err.Error())
		return
	}
	content := map[string]any{"status": rep.Status}
	switch rep.Status {
	case "incomplete":
		content["indent"] = rep.Indent
	case "complete", "invalid", "unknown":
	default:
		content["status"] = "unknown"
	}
	k.reply(k.shell, m, "is_complete_reply", content)
}

func (k *Kernel) history(m *message) {
	var req historyRequest
	if !k.decodeContent(m, "history_reply", &req) {
		return
	}
	list := []any{}
	if k.hist != nil {
		var err error
		if list, err = k.hist.query(req); err != nil {
			k.replyError(m, "history_reply", "HistoryError", err.Error())
			return
		}
	}
	k.reply(k.shell, m, "history_reply", map[string]any{"status": "ok", "history": list})
}

// shutdown releases the engine and answers; the caller then stops Run.
// The reply is also broadcast on iopub, as ipykernel does, for front ends
// that did not send the request.
func (k *Kernel) shutdown(sock zmq4.Socket, m *message, holdsEngine bool) {
	var req struct {
		Restart bool `json:"restart"`
	}
	if err := json.Unmarshal(m.content, &req); err != nil {
		k.log.Printf("shutdown_request: bad content (%v): shutting down without restart", err)
	}
	if err := k.stopEngine(req.Restart, holdsEngine); err != nil {
		k.log.Print(err)
	}
	// The engine's comms end with it: the front end drops their models.
	k.closeComms(m)
	content := map[string]any{"status": "ok", "restart": req.Restart}
	k.reply(sock, m, "shutdown_reply", content)
	k.publish(m, "shutdown_reply", content)
}

// kernelInfo is the content of kernel_info_reply.
func (k *Kernel) kernelInfo() map[string]any {
	i := k.info
	links := make([]map[string]string, 0, len(i.HelpLinks))
	for _, l := range i.HelpLinks {
		links = append(links, map[string]string{"text": l.Text, "url": l.URL})
	}
	return map[string]any{
		"status":                 "ok",
		"protocol_version":       ProtocolVersion,
		"implementation":         i.Implementation,
		"implementation_version": i.ImplementationVersion,
		"language_info": map[string]any{
			"name":            i.LanguageName,
			"version":         i.LanguageVersion,
			"mimetype":        i.Mimetype,
			"file_extension":  i.FileExtension,
			"pygments_lexer":  i.PygmentsLexer,
			"codemirror_mode": i.CodemirrorMode,
		},
		"banner":             i.Banner,
		"help_links":         links,
		"debugger":           false,
		"supported_features": []string{},
	}
}

// withDefaults fills what the engine left empty with culab's Go defaults.
func withDefaults(i Info, version string) Info {
	def := func(s *string, v string) {
		if *s == "" {
			*s = v
		}
	}
	def(&i.Implementation, "culab")
	def(&i.ImplementationVersion, version)
	def(&i.LanguageName, "go")
	def(&i.LanguageVersion, strings.TrimPrefix(runtime.Version(), "go"))
	def(&i.Mimetype, "text/x-go")
	def(&i.FileExtension, ".go")
	def(&i.PygmentsLexer, "go")
	def(&i.CodemirrorMode, "go")
	return i
}

// byteOffset converts a protocol cursor (Unicode code points since
// protocol 5.2) to the byte offset the engine works with.
func byteOffset(code string, cursor *int) int {
	if cursor == nil {
		return len(code)
	}
	n := *cursor
	for i := range code {
		if n <= 0 {
			return i
		}
		n--
	}
	return len(code)
}

// runeOffset converts an engine byte offset back to code points.
func runeOffset(code string, off int) int {
	off = min(max(off, 0), len(code))
	return utf8.RuneCountInString(code[:off])
}
