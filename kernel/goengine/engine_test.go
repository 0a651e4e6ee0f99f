package goengine

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/culab/culab/kernel"
)

// event is one call the engine made on its Output.
type event struct {
	at     time.Time
	kind   string // stream, display, result, clear
	name   string // the stream
	text   string // stream text
	data   kernel.MIMEBundle
	meta   map[string]any
	id     string
	update bool
	wait   bool
}

// recorder is a kernel.Output that remembers what it got.
type recorder struct {
	mu     sync.Mutex
	events []event
	input  func(prompt string) (string, error)
}

func (r *recorder) add(e event) {
	e.at = time.Now()
	r.mu.Lock()
	r.events = append(r.events, e)
	r.mu.Unlock()
}

func (r *recorder) Stream(name, text string) { r.add(event{kind: "stream", name: name, text: text}) }
func (r *recorder) Display(data kernel.MIMEBundle, meta map[string]any, id string, update bool) {
	r.add(event{kind: "display", data: data, meta: meta, id: id, update: update})
}
func (r *recorder) Result(data kernel.MIMEBundle, meta map[string]any) {
	r.add(event{kind: "result", data: data, meta: meta})
}
func (r *recorder) Clear(wait bool) { r.add(event{kind: "clear", wait: wait}) }
func (r *recorder) Input(prompt string, password bool) (string, error) {
	if r.input == nil {
		return "", errors.New("no stdin")
	}
	return r.input(prompt)
}

// text is everything a stream received.
func (r *recorder) text(stream string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var b strings.Builder
	for _, e := range r.events {
		if e.kind == "stream" && e.name == stream {
			b.WriteString(e.text)
		}
	}
	return b.String()
}

// result is the text/plain of the execute_result, "" when none came.
func (r *recorder) result() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, e := range r.events {
		if e.kind == "result" {
			s, _ := e.data["text/plain"].(string)
			return s
		}
	}
	return ""
}

func (r *recorder) hasResult() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, e := range r.events {
		if e.kind == "result" {
			return true
		}
	}
	return false
}

// The interpreter's standard library takes a while to load: most tests
// share one engine (without fd capture, which is process-wide).
var (
	sharedOnce sync.Once
	sharedEng  *Engine
	sharedErr  error
	countMu    sync.Mutex
	count      int
)

func shared(t *testing.T) *Engine {
	t.Helper()
	sharedOnce.Do(func() { sharedEng, sharedErr = New(Options{}) })
	if sharedErr != nil {
		t.Fatal(sharedErr)
	}
	return sharedEng
}

func nextCount() int {
	countMu.Lock()
	defer countMu.Unlock()
	count++
	return count
}

// exec executes a cell and returns what it showed.
func exec(t *testing.T, e *Engine, code string) (*recorder, kernel.ExecuteReply) {
	t.Helper()
	return runWith(t, e, &recorder{}, kernel.ExecuteRequest{Code: code}, context.Background())
}

func runWith(t *testing.T, e *Engine, r *recorder, req kernel.ExecuteRequest, ctx context.Context) (*recorder, kernel.ExecuteReply) {
	t.Helper()
	req.ExecutionCount = nextCount()
	return r, e.Execute(ctx, req, r)
}

// ok runs a cell that must succeed.
func ok(t *testing.T, e *Engine, code string) *recorder {
	t.Helper()
	r, rep := exec(t, e, code)
	if rep.Error != nil {
		t.Fatalf("cell %q failed: %s: %s\n%s", code, rep.Error.Name, rep.Error.Value, strings.Join(rep.Error.Traceback, "\n"))
	}
	return r
}

// fails runs a cell that must fail and returns its error.
func fails(t *testing.T, e *Engine, code string) *kernel.ExecError {
	t.Helper()
	_, rep := exec(t, e, code)
	if rep.Error == nil {
		t.Fatalf("cell %q succeeded; want an error", code)
	}
	return rep.Error
}
