package widgets

import (
	"fmt"
	"os"
	"sync"

	"github.com/culab/culab/display"
	"github.com/culab/culab/kernel/comm"
)

// Output is an output area (ipywidgets.Output): what a function prints
// and displays while Capture runs it shows there instead of under the
// cell or callback that runs it. Where no front end renders widgets, the
// output shows where it would without it.
type Output struct {
	core
	mu    sync.Mutex
	depth int // nested Captures
}

var outputSpec = spec{class: "Output", model: "OutputModel", modelModule: outputModule, view: "OutputView",
	viewModule: outputModule, moduleVersion: outputVersion, textKeys: []string{"msg_id"}}

// NewOutput makes an empty output area.
func NewOutput() *Output {
	return &Output{core: core{newDOM(outputSpec, nil, map[string]any{"msg_id": "", "outputs": []any{}})}}
}

// Capture runs f with its output going to the output area. As
// ipywidgets' `with out:`, it captures the output of the request being
// handled (the cell, the callback), which f must make before it returns.
func (o *Output) Capture(f func()) { o.capture(f, false) }

// Clear empties the output area.
func (o *Output) Clear() {
	if o.m.c.Online() {
		o.capture(func() { display.Clear(false) }, false)
	}
}

// capture runs f captured; with clear, the area is cleared when f's output
// comes (so that a rerun replaces what the last one showed, without
// flicker).
func (o *Output) capture(f func(), clear bool) {
	if f == nil {
		// Interact, Interactive and Capture return nothing to carry an
		// error: say it where f's output would have gone.
		f = func() { fmt.Fprintln(os.Stderr, "widgets: nil function: nothing to run (pass a func() { ... })") }
	}
	id := comm.RequestID()
	if id == "" || !o.m.c.Online() {
		f()
		return
	}
	o.mu.Lock()
	o.depth++
	o.mu.Unlock()
	o.m.set("msg_id", id)
	defer func() {
		o.mu.Lock()
		o.depth--
		last := o.depth == 0
		o.mu.Unlock()
		if last {
			o.m.set("msg_id", "")
		}
	}()
	if clear {
		display.Clear(true)
	}
	f()
}
