// Package widgets is Jupyter widgets for Go cells: the controls that
// ipywidgets offers (sliders, dropdowns, toggles, buttons, text, progress
// bars, an output area, layout boxes), speaking the standard widget
// protocol (version 2, the @jupyter-widgets/controls 2.0.0 and output 1.0.0
// models of JupyterLab's widget manager), and Interact, which reruns a
// function when its controls change. Cells see it preloaded as widgets.
//
//	block := widgets.NewIntSlider("block", 256, 32, 1024, 32)
//	widgets.Interact(func() { fmt.Println("blocks of", block.Value()) }, block)
//
// A widget shows as the last value of a cell or through display.Show. Where
// no front end renders widgets (culab run, nbclient, report.html) it shows
// as text, its current value, and Interact's function runs once into the
// cell's output.
//
// Callbacks (Observe, OnClick, Interact's function) run in the notebook's
// engine one at a time, as cells do: an interrupt stops one, a panic in
// one is reported and the widget lives on. Their output goes to the
// notebook's log unless an Output widget captures it.
package widgets

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"sort"
	"sync"

	"github.com/culab/culab/kernel/comm"
)

// MIMEView is the MIME type of a widget's view in a display.
const MIMEView = "application/vnd.jupyter.widget-view+json"

const (
	protocolVersion = "2.1.0" // the widget message protocol
	target          = "jupyter.widget"
	controlTarget   = "jupyter.widget.control"
	controlsModule  = "@jupyter-widgets/controls"
	baseModule      = "@jupyter-widgets/base"
	outputModule    = "@jupyter-widgets/output"
	modulesVersion  = "2.0.0" // of controls and base
	outputVersion   = "1.0.0"
)

// Widget is any widget of this package: boxes and Interact take them.
type Widget interface {
	// ModelID is the id of the widget's model (its comm's id).
	ModelID() string
	// String is the widget's text form.
	String() string
	base() *model
}

// spec names a widget model and its view in the front end.
type spec struct {
	class              string // as ipywidgets names it, for the text form
	model, modelModule string
	view, viewModule   string
	moduleVersion      string
	// settable are the keys the front end may set, with their check: it
	// returns the value to keep, given the state.
	settable map[string]func(v any, state map[string]any) (any, error)
	textKeys []string // shown in the text form
}

// model is the kernel's side of one widget model: its state, kept in sync
// with the front end through its comm.
type model struct {
	spec spec
	c    *comm.Comm

	mu        sync.Mutex
	state     map[string]any
	observers map[string][]func()
	anyChange []func()
	onCustom  func(map[string]any)
	parts     []*model      // layout and style: closed with it
	text      func() string // the text form, when not the state's
}

var (
	liveMu sync.Mutex
	live   = map[string]*model{} // the open models, for the control comm
)

func init() {
	comm.Register(controlTarget, openControl)
	comm.OnSettle(settleInteractions)
}

// newModel opens a model with its full state, as comm_open's data.
func newModel(sp spec, state map[string]any) *model {
	st := map[string]any{
		"_model_name": sp.model, "_model_module": sp.modelModule, "_model_module_version": sp.moduleVersion,
		"_view_name": sp.view, "_view_module": sp.viewModule, "_view_module_version": sp.moduleVersion,
		"_view_count": nil,
	}
	for k, v := range state {
		st[k] = v
	}
	m := &model{spec: sp, state: st, observers: map[string][]func(){}}
	m.c = comm.Open(target, comm.Message{
		Data:     map[string]any{"state": copyState(st), "buffer_paths": []any{}},
		Metadata: map[string]any{"version": protocolVersion},
	})
	m.c.OnMsg(m.handle)
	m.c.OnClose(func(comm.Message) { m.forget() })
	if m.c.Online() {
		liveMu.Lock()
		live[m.c.ID()] = m
		liveMu.Unlock()
	}
	return m
}

func copyState(st map[string]any) map[string]any {
	out := make(map[string]any, len(st))
	for k, v := range st {
		out[k] = v
	}
	return out
}

func (m *model) forget() {
	liveMu.Lock()
	delete(live, m.c.ID())
	liveMu.Unlock()
}

// ref is how another model's state names this one.
func (m *model) ref() string { return "IPY_MODEL_" + m.c.ID() }

// get is the value of key.
func (m *model) get(key string) any {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.state[key]
}

// set changes keys (key, value pairs) and tells the front end and the
// observers what changed.
func (m *model) set(kv ...any) {
	changed := map[string]any{}
	m.mu.Lock()
	for i := 0; i+1 < len(kv); i += 2 {
		k := kv[i].(string)
		if !reflect.DeepEqual(m.state[k], kv[i+1]) {
			m.state[k] = kv[i+1]
			changed[k] = kv[i+1]
		}
	}
	if len(changed) > 0 {
		m.send("update", changed)
	}
	m.mu.Unlock()
	m.notify(changed)
}

// send sends a state message (update, echo_update); m.mu is held, so that
// the front end gets the updates in the order of the state's changes.
func (m *model) send(method string, state map[string]any) {
	if err := m.c.Send(comm.Message{Data: map[string]any{"method": method, "state": state, "buffer_paths": []any{}}}); err != nil {
		fmt.Fprintf(os.Stderr, "widgets: %s: %v\n", m.spec.class, err)
	}
}

// notify calls the observers of the changed keys, outside the lock.
func (m *model) notify(changed map[string]any) {
	if len(changed) == 0 {
		return
	}
	keys := make([]string, 0, len(changed))
	for k := range changed {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	m.mu.Lock()
	var fs []func()
	for _, k := range keys {
		fs = append(fs, m.observers[k]...)
	}
	fs = append(fs, m.anyChange...)
	m.mu.Unlock()
	for _, f := range fs {
		f()
	}
}

// observe calls f after each change of key.
func (m *model) observe(key string, f func()) {
	m.mu.Lock()
	m.observers[key] = append(m.observers[key], f)
	m.mu.Unlock()
}

// handle serves the front end's messages to the model.
func (m *model) handle(msg comm.Message) {
	switch method, _ := msg.Data["method"].(string); method {
	case "update":
		state, ok := msg.Data["state"].(map[string]any)
		if !ok {
			fmt.Fprintf(os.Stderr, "widgets: %s: an update without a state\n", m.spec.class)
			return
		}
		m.update(state)
	case "request_state":
		m.mu.Lock()
		m.send("update", copyState(m.state))
		m.mu.Unlock()
	case "custom":
		content, _ := msg.Data["content"].(map[string]any)
		m.mu.Lock()
		f := m.onCustom
		m.mu.Unlock()
		if f != nil {
			f(content)
		}
	default:
		fmt.Fprintf(os.Stderr, "widgets: %s: a message of unknown method %q\n", m.spec.class, method)
	}
}

// update applies the front end's changes of state: it echoes those it
// takes (echo_update, as protocol 2.1 asks), then tells the observers. A
// key the front end may not set is ignored; a bad value is refused, and
// the front end is sent the value kept, as it is when the value was
// clamped.
func (m *model) update(state map[string]any) {
	keys := make([]string, 0, len(state))
	for k := range state {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	echo, changed, kept := map[string]any{}, map[string]any{}, map[string]any{}
	m.mu.Lock()
	for _, k := range keys {
		check, ok := m.spec.settable[k]
		if !ok {
			continue
		}
		v, err := check(state[k], m.state)
		if err != nil {
			fmt.Fprintf(os.Stderr, "widgets: %s %s: %v: kept %v\n", m.spec.class, k, err, m.state[k])
			kept[k] = m.state[k]
			continue
		}
		echo[k] = state[k]
		if !sameJSON(v, state[k]) {
			kept[k] = v // clamped: the front end must show what is kept
		}
		if !reflect.DeepEqual(m.state[k], v) {
			m.state[k] = v
			changed[k] = v
		}
	}
	if len(echo) > 0 {
		m.send("echo_update", echo)
	}
	if len(kept) > 0 {
		m.send("update", kept)
	}
	m.mu.Unlock()
	m.notify(changed)
}

// sameJSON reports whether a and b encode alike (7 and 7.0 do).
func sameJSON(a, b any) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(ja) == string(jb)
}

// close closes the model and its parts.
func (m *model) close() {
	m.forget()
	if err := m.c.Close(comm.Message{}); err != nil {
		fmt.Fprintf(os.Stderr, "widgets: %s: %v\n", m.spec.class, err)
	}
	for _, p := range m.parts {
		p.close()
	}
}

// openControl serves the widget manager's control comm: on request_states
// it sends the state of every open widget (how a reloaded page gets them).
func openControl(c *comm.Comm, _ comm.Message) error {
	c.OnMsg(func(msg comm.Message) {
		if method, _ := msg.Data["method"].(string); method != "request_states" {
			fmt.Fprintf(os.Stderr, "widgets: control comm: a message of unknown method %q\n", method)
			return
		}
		liveMu.Lock()
		models := make([]*model, 0, len(live))
		for _, m := range live {
			models = append(models, m)
		}
		liveMu.Unlock()
		states := map[string]any{}
		for _, m := range models {
			m.mu.Lock()
			states[m.c.ID()] = map[string]any{
				"model_name": m.spec.model, "model_module": m.spec.modelModule,
				"model_module_version": m.spec.moduleVersion, "state": copyState(m.state),
			}
			m.mu.Unlock()
		}
		if err := c.Send(comm.Message{Data: map[string]any{"method": "update_states", "states": states, "buffer_paths": []any{}}}); err != nil {
			fmt.Fprintf(os.Stderr, "widgets: control comm: %v\n", err)
		}
	})
	return nil
}
