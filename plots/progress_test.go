package plots

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/culab/culab/display"
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
