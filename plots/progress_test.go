package plots

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/culab/culab/display"
	"github.com/culab/culab/kernel/comm"
	"github.com/culab/culab/widgets"
)

type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time          { return c.t }
func (c *fakeClock) advance(d time.Duration) { c.t = c.t.Add(d) }

type message struct {
	data   map[string]any
	id     string
	update bool
}

// fakeSink records what a notebook front end would receive.
type fakeSink struct {
	mu   sync.Mutex
	msgs []message
}

func (s *fakeSink) Display(data, _ map[string]any, id string, update bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.msgs = append(s.msgs, message{data, id, update})
}

func (s *fakeSink) Clear(bool) {}

func TestProgressTerminal(t *testing.T) {
	var buf bytes.Buffer
	clk := &fakeClock{t: time.Unix(0, 0)}
	p := newProgress("sweep", 4, nil, &buf, true, clk.now)
	for _, l := range []string{"n=1K", "n=4K", "n=16K", "n=64K"} {
		clk.advance(150 * time.Millisecond)
		p.Step(l)
	}
	p.Done()
	p.Step("after done") // ignored
	out := buf.String()
	for _, want := range []string{"\rsweep [", "░", "2/4 (50%) · 300ms, ~300ms left · n=4K", "█" + "] 4/4 (100%)", "done: 4 steps in 600ms"} {
		if !strings.Contains(out, want) {
			t.Errorf("terminal output lacks %q:\n%q", want, out)
		}
	}
	if !strings.HasSuffix(out, "\n") {
		t.Errorf("Done does not end the line: %q", out)
	}
	if n := strings.Count(out, "\r"); n != 6 { // start, 4 steps, done
		t.Errorf("%d redraws, want 6:\n%q", n, out)
	}
	if strings.Contains(out, "after done") {
		t.Error("a Step after Done was shown")
	}

	// Fast steps redraw at most 10 times a second.
	buf.Reset()
	p = newProgress("fast", 1000, nil, &buf, true, clk.now)
	for range 999 {
		clk.advance(time.Millisecond)
		p.Step("x")
	}
	if n := strings.Count(buf.String(), "\r"); n > 12 {
		t.Errorf("%d redraws for 999 steps in ~1s", n)
	}
}

func TestProgressPlainLines(t *testing.T) {
	var buf bytes.Buffer
	clk := &fakeClock{t: time.Unix(0, 0)}
	p := newProgress("sweep", 10, nil, &buf, false, clk.now)
	for range 10 {
		clk.advance(300 * time.Millisecond)
		p.Step("step")
	}
	p.Done()
	out := buf.String()
	if strings.Contains(out, "\r") {
		t.Errorf("plain output has carriage returns: %q", out)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	// Step 1, then one a second (steps 5 and 9), step 10, Done.
	if len(lines) != 5 || lines[0] != "sweep: 1/10 (10%) · 300ms, ~2.7s left · step" || lines[4] != "sweep: done: 10 steps in 3s" {
		t.Errorf("plain lines:\n%s", out)
	}
}

func TestProgressNotebook(t *testing.T) {
	sink := &fakeSink{}
	defer display.SetSink(sink)()
	if p := NewProgress("auto", 3); p.handle == nil {
		t.Fatal("NewProgress in a notebook does not use a display handle")
	}
	sink.msgs = nil

	clk := &fakeClock{t: time.Unix(0, 0)}
	p := newProgress("sweep <n>", 40, display.New(), nil, false, clk.now)
	for range 40 {
		clk.advance(20 * time.Millisecond) // 50 steps/s
		p.Step("tile 16×16")
	}
	p.Done()
	msgs := sink.msgs
	// 0.8s at ≤ 10 updates/s: the first show, step 1, ~8 throttled, Done.
	if len(msgs) < 5 || len(msgs) > 12 {
		t.Fatalf("%d display messages for 40 steps in 0.8s", len(msgs))
	}
	for i, m := range msgs {
		if m.id == "" || m.id != msgs[0].id || m.update != (i > 0) {
			t.Errorf("message %d: id %q update %v; want one display then updates in place", i, m.id, m.update)
		}
	}
	first, last := msgs[0].data[display.MIMEHTML].(string), msgs[len(msgs)-1].data[display.MIMEHTML].(string)
	if !strings.Contains(first, "<b>sweep &lt;n&gt;</b>") || !strings.Contains(first, "width:0.0%") {
		t.Errorf("first update: %s", first)
	}
	if !strings.Contains(last, "width:100.0%") || !strings.Contains(last, "done: 40 steps in 800ms") {
		t.Errorf("last update: %s", last)
	}
	if txt := msgs[1].data[display.MIMEText].(string); !strings.Contains(txt, "1/40") || !strings.Contains(txt, "tile 16×16") {
		t.Errorf("text/plain of an update: %q", txt)
	}
}

func TestProgressStoppedAndConcurrent(t *testing.T) {
	var buf bytes.Buffer
	p := newProgress("sweep", 100, nil, &buf, false, time.Now)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 5 {
				p.Step("s")
			}
		})
	}
	wg.Wait()
	p.Done()
	if !strings.Contains(buf.String(), "stopped at 20/100") {
		t.Errorf("an early Done does not say where it stopped: %q", buf.String())
	}

	// An unknown total counts steps without a bar.
	buf.Reset()
	clk := &fakeClock{t: time.Unix(0, 0)}
	p = newProgress("scan", 0, nil, &buf, true, clk.now)
	clk.advance(time.Second)
	p.Step("a")
	p.Done()
	if out := buf.String(); strings.Contains(out, "[") || !strings.Contains(out, "step 1 · 1s · a") || !strings.Contains(out, "done: 1 step in 1s") {
		t.Errorf("unknown total: %q", out)
	}
}

// commHost is a front end that takes comms: it records what is sent.
type commHost struct {
	mu   sync.Mutex
	msgs []commSent
}

type commSent struct {
	typ, id string
	data    map[string]any
}

func (h *commHost) Send(typ, id, _ string, m comm.Message) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.msgs = append(h.msgs, commSent{typ, id, m.Data})
	return nil
}
func (h *commHost) Online() bool      { return true }
func (h *commHost) RequestID() string { return "" }
func (h *commHost) Queued() bool      { return false }

// Where the front end takes comms the bar is an IntProgress with a Label:
// steps update them through comms, the display is shown once and, at
// Done, replaced by the final state with the HTML bar beside the view.
func TestProgressWidgets(t *testing.T) {
	sink := &fakeSink{}
	defer display.SetSink(sink)()
	host := &commHost{}
	defer comm.SetHost(host)()
	clk := &fakeClock{t: time.Unix(0, 0)}
	p := newProgress("sweep", 4, display.New(), nil, false, clk.now)
	if p.bar == nil {
		t.Fatal("no widget bar though the front end takes comms")
	}
	for range 4 {
		clk.advance(200 * time.Millisecond)
		p.Step("n=4K")
	}
	p.Done()

	if len(sink.msgs) != 2 || sink.msgs[0].update || !sink.msgs[1].update || sink.msgs[0].id != sink.msgs[1].id {
		t.Fatalf("display messages %+v: want one show and one update at Done", sink.msgs)
	}
	for i, m := range sink.msgs {
		view, _ := m.data[widgets.MIMEView].(map[string]any)
		if view["model_id"] != p.box.ModelID() {
			t.Errorf("display %d: view %v, want the box %s", i, m.data[widgets.MIMEView], p.box.ModelID())
		}
	}
	if html := sink.msgs[1].data[display.MIMEHTML].(string); !strings.Contains(html, "width:100.0%") || !strings.Contains(html, "done: 4 steps in 800ms") {
		t.Errorf("the final HTML fallback: %s", html)
	}
	var values []any
	var style any
	var status string
	for _, m := range host.msgs {
		state, _ := m.data["state"].(map[string]any)
		switch {
		case m.typ != "msg":
		case m.id == p.bar.ModelID() && state["value"] != nil:
			values = append(values, state["value"])
		case m.id == p.bar.ModelID() && state["bar_style"] != nil:
			style = state["bar_style"]
		case m.id == p.status.ModelID():
			status, _ = state["value"].(string)
		}
	}
	if fmt.Sprint(values) != "[1 2 3 4]" || style != "success" || status != "sweep · done: 4 steps in 800ms" {
		t.Errorf("bar values %v, style %v, status %q", values, style, status)
	}
}
