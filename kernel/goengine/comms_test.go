package goengine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/culab/culab/kernel"
	"github.com/culab/culab/kernel/comm"
	"github.com/culab/culab/widgets"
)

// commRecorder is a recorder that also takes comm messages, in order with
// the rest (event kind "comm", text the message as JSON).
type commRecorder struct{ recorder }

func (r *commRecorder) Comm(msg kernel.CommMessage) {
	b, _ := json.Marshal(msg)
	r.add(event{kind: "comm", text: string(b)})
}

// comms decodes the comm messages, each with its data.
func (r *commRecorder) comms(t *testing.T) []sentComm {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []sentComm
	for _, e := range r.events {
		if e.kind != "comm" {
			continue
		}
		var c sentComm
		if err := json.Unmarshal([]byte(e.text), &c.CommMessage); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(c.CommMessage.Data, &c.data); err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

type sentComm struct {
	kernel.CommMessage
	data map[string]any
}

// fakeHub records the comm messages sent between requests.
type fakeHub struct {
	mu     sync.Mutex
	msgs   []kernel.CommMessage
	closed int
}

func (h *fakeHub) Send(msg kernel.CommMessage) {
	h.mu.Lock()
	h.msgs = append(h.msgs, msg)
	h.mu.Unlock()
}

func (h *fakeHub) CloseAll() {
	h.mu.Lock()
	h.closed++
	h.mu.Unlock()
}

// commEngine is an engine whose comms reach a (fake) front end; each test
// has its own, since package comm's host is the last engine made.
func commEngine(t *testing.T) *Engine {
	t.Helper()
	e, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Shutdown(false) })
	e.StartComms(&fakeHub{})
	return e
}

func runCell(t *testing.T, e *Engine, msgID, code string) *commRecorder {
	t.Helper()
	r := &commRecorder{}
	rep := e.Execute(context.Background(), kernel.ExecuteRequest{Code: code, MsgID: msgID, ExecutionCount: nextCount()}, r)
	if rep.Error != nil {
		t.Fatalf("cell %q failed: %s: %s", code, rep.Error.Name, rep.Error.Value)
	}
	return r
}

// frontEnd sends a comm message of the front end and returns what its
// handling output.
func frontEnd(t *testing.T, e *Engine, msg kernel.CommMessage) (*commRecorder, error) {
	t.Helper()
	r := &commRecorder{}
	return r, e.Comm(context.Background(), msg, r)
}

func update(id, msgID string, state string, queued bool) kernel.CommMessage {
	return kernel.CommMessage{Type: "msg", CommID: id, MsgID: msgID, Queued: queued,
		Data: json.RawMessage(`{"method":"update","state":` + state + `,"buffer_paths":[]}`)}
}

func TestWidgetOpenUpdateAndCallback(t *testing.T) {
	e := commEngine(t)
	r := runCell(t, e, "m1", `s := widgets.NewIntSlider("n", 5, 0, 10, 1)
s.Observe(func(v int) { fmt.Println("observed", v) })
s`)
	opens := r.comms(t)
	if len(opens) != 3 {
		t.Fatalf("comm messages of the cell: %+v; want 3 opens (layout, style, slider)", opens)
	}
	slider := opens[2]
	state, _ := slider.data["state"].(map[string]any)
	if slider.Type != "open" || slider.Target != "jupyter.widget" || slider.Metadata["version"] != "2.1.0" ||
		state["_model_name"] != "IntSliderModel" || state["value"] != 5.0 || state["layout"] != "IPY_MODEL_"+opens[0].CommID ||
		state["style"] != "IPY_MODEL_"+opens[1].CommID {
		t.Errorf("slider's comm_open: %+v %v", slider.CommMessage, slider.data)
	}
	view, _ := r.recorder.events[len(r.recorder.events)-1].data[widgets.MIMEView].(map[string]any)
	if view["model_id"] != slider.CommID || view["version_major"] != 2 {
		t.Errorf("the cell's result shows %v; want the slider's view", r.recorder.events[len(r.recorder.events)-1].data)
	}
	if got := r.result(); got != "IntSlider(value=5, min=0, max=10, step=1, description='n')" {
		t.Errorf("text form %q", got)
	}

	u, err := frontEnd(t, e, update(slider.CommID, "m2", `{"value": 7}`, false))
	if err != nil {
		t.Fatal(err)
	}
	sent := u.comms(t)
	if len(sent) != 1 || sent[0].data["method"] != "echo_update" || fmt.Sprint(sent[0].data["state"]) != "map[value:7]" {
		t.Errorf("after an update: %+v; want one echo_update of value 7", sent)
	}
	if got := u.text("stdout"); got != "observed 7\n" {
		t.Errorf("the callback printed %q", got)
	}
	if got := runCell(t, e, "m3", "s.Value()").result(); got != "7" {
		t.Errorf("s.Value() = %s after the update", got)
	}

	// A bad value is refused (said on fd 2, which the kernel captures),
	// and the front end is sent the value kept.
	u, _ = frontEnd(t, e, update(slider.CommID, "m4", `{"value": "x"}`, false))
	if sent := u.comms(t); len(sent) != 1 || sent[0].data["method"] != "update" || fmt.Sprint(sent[0].data["state"]) != "map[value:7]" {
		t.Errorf("a bad value: %+v", sent)
	}
	// Out of range: clamped, echoed as sent, then the clamped value.
	u, _ = frontEnd(t, e, update(slider.CommID, "m5", `{"value": 99}`, false))
	if sent := u.comms(t); len(sent) != 2 || sent[0].data["method"] != "echo_update" || fmt.Sprint(sent[1].data["state"]) != "map[value:10]" {
		t.Errorf("an update out of range: %+v", sent)
	}
	if got := runCell(t, e, "m6", "s.Value()").result(); got != "10" {
		t.Errorf("s.Value() = %s after an update to 99 of a slider to 10", got)
	}
}

func TestWidgetCallbackPanicAndUnknownComm(t *testing.T) {
	e := commEngine(t)
	r := runCell(t, e, "m1", `b := widgets.NewButton("go")
clicks := 0
b.OnClick(func() { clicks++; if clicks == 1 { panic("first click") }; fmt.Println("click", clicks) })
b`)
	opens := r.comms(t)
	id := opens[len(opens)-1].CommID
	click := kernel.CommMessage{Type: "msg", CommID: id, Data: json.RawMessage(`{"method":"custom","content":{"event":"click"}}`)}
	u, err := frontEnd(t, e, click)
	if err != nil || !strings.Contains(u.text("stderr"), "panic in a widget callback: first click") {
		t.Errorf("a panicking callback: %v, stderr %q", err, u.text("stderr"))
	}
	u, err = frontEnd(t, e, click)
	if err != nil || u.text("stdout") != "click 2\n" {
		t.Errorf("the button after a panic: %v, stdout %q", err, u.text("stdout"))
	}
	if _, err := frontEnd(t, e, kernel.CommMessage{Type: "msg", CommID: "nope", Data: json.RawMessage(`{}`)}); !errors.Is(err, comm.ErrUnknown) {
		t.Errorf("a message to no comm: %v", err)
	}
	if _, err := frontEnd(t, e, kernel.CommMessage{Type: "open", CommID: "c9", Target: "no.such.target"}); !errors.Is(err, comm.ErrUnknown) {
		t.Errorf("an open of no target: %v", err)
	}
	// The control comm answers request_states with every open widget.
	if _, err := frontEnd(t, e, kernel.CommMessage{Type: "open", CommID: "ctl", Target: "jupyter.widget.control"}); err != nil {
		t.Fatal(err)
	}
	u, err = frontEnd(t, e, kernel.CommMessage{Type: "msg", CommID: "ctl", Data: json.RawMessage(`{"method":"request_states"}`)})
	sent := u.comms(t)
	if err != nil || len(sent) != 1 || sent[0].data["method"] != "update_states" {
		t.Fatalf("request_states: %v %+v", err, sent)
	}
	if st, _ := sent[0].data["states"].(map[string]any)[id].(map[string]any); st["model_name"] != "ButtonModel" {
		t.Errorf("update_states for the button: %v", st)
	}
}

func TestInteractCoalesces(t *testing.T) {
	e := commEngine(t)
	r := runCell(t, e, "m0", `n := widgets.NewIntSlider("n", 0, 0, 100, 1)
runs := 0
widgets.Interact(func() { runs++; fmt.Println("run", n.Value()) }, n)`)
	opens := r.comms(t)
	var slider string
	for _, c := range opens {
		if st, _ := c.data["state"].(map[string]any); c.Type == "open" && st["_model_name"] == "IntSliderModel" {
			slider = c.CommID
		}
	}
	// 20 updates in a burst: all but the last have more queued behind them.
	var last *commRecorder
	for i := 1; i <= 20; i++ {
		u, err := frontEnd(t, e, update(slider, fmt.Sprintf("u%d", i), fmt.Sprintf(`{"value": %d}`, i), i < 20))
		if err != nil {
			t.Fatal(err)
		}
		last = u
	}
	if got := runCell(t, e, "m1", "runs").result(); got != "2" {
		t.Errorf("runs = %s after 20 queued updates; want 2 (the first and the last)", got)
	}
	// The last run's output went to the Output widget: msg_id set to the
	// update's id, the output, msg_id cleared, in that order.
	var order []string
	for _, ev := range last.events {
		switch ev.kind {
		case "stream":
			order = append(order, "stream:"+ev.text)
		case "clear":
			order = append(order, "clear")
		case "comm":
			if strings.Contains(ev.text, "msg_id") {
				var c kernel.CommMessage
				_ = json.Unmarshal([]byte(ev.text), &c)
				order = append(order, "msg_id:"+string(c.Data))
			}
		}
	}
	want := []string{
		`msg_id:{"buffer_paths":[],"method":"update","state":{"msg_id":"u20"}}`, "clear", "stream:run 20\n",
		`msg_id:{"buffer_paths":[],"method":"update","state":{"msg_id":""}}`,
	}
	if fmt.Sprint(order) != fmt.Sprint(want) {
		t.Errorf("the last update's output:\n%q\nwant\n%q", order, want)
	}

	// Queued updates followed by a cell: the run comes before the cell.
	for i := 21; i <= 23; i++ {
		if _, err := frontEnd(t, e, update(slider, fmt.Sprintf("u%d", i), fmt.Sprintf(`{"value": %d}`, i), true)); err != nil {
			t.Fatal(err)
		}
	}
	r = runCell(t, e, "m2", "runs")
	if got := r.result(); got != "3" || !strings.Contains(r.text("stdout"), "run 23") {
		t.Errorf("runs = %s, stdout %q; want the run for 23 before the cell", got, r.text("stdout"))
	}
}
