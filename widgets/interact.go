package widgets

import (
	"sync"

	"github.com/culab/culab/display"
	"github.com/culab/culab/kernel/comm"
)

// Interact shows controls above an output area, runs f into it, and runs
// it again, replacing its output, whenever a control changes: f reads the
// controls' values (ipywidgets.interact, with the controls made by the
// caller).
//
//	n := widgets.NewIntSlider("n", 10, 1, 100, 1)
//	widgets.Interact(func() { fmt.Println(n.Value() * n.Value()) }, n)
//
// Changes do not pile up: while messages of the front end wait behind the
// one being handled, reruns wait for the last, and a change while f runs
// makes one more run once it returns, with the values then.
func Interact(f func(), controls ...Widget) {
	ia, box := newInteraction(f, controls)
	display.Show(box)
	ia.run()
}

// Interactive is Interact without showing: it returns the box of the
// controls and the output area, f run once into it.
func Interactive(f func(), controls ...Widget) *Box {
	ia, box := newInteraction(f, controls)
	ia.run()
	return box
}

// interaction is one Interact: its function, its output area and whether
// a run is under way or due.
type interaction struct {
	f   func()
	out *Output

	mu      sync.Mutex
	running bool
	dirty   bool // a control changed since the last run began
}

var (
	pendingMu sync.Mutex
	pending   = map[*interaction]bool{} // dirty, waiting for the messages to settle
)

func newInteraction(f func(), controls []Widget) (*interaction, *Box) {
	ia := &interaction{f: f, out: NewOutput()}
	children := make([]Widget, 0, len(controls)+1)
	for _, c := range controls {
		if c == nil {
			continue
		}
		m := c.base()
		m.mu.Lock()
		m.anyChange = append(m.anyChange, ia.changed)
		m.mu.Unlock()
		children = append(children, c)
	}
	return ia, VBox(append(children, ia.out)...)
}

// changed is told of every change of a control: it runs f now unless a run
// is under way or more messages are queued; then the run is due.
func (ia *interaction) changed() {
	ia.mu.Lock()
	if ia.running || comm.Queued() {
		ia.dirty = true
		ia.mu.Unlock()
		pendingMu.Lock()
		pending[ia] = true
		pendingMu.Unlock()
		return
	}
	ia.mu.Unlock()
	ia.run()
}

// run runs f into the output area, again while changes came meanwhile
// and no message waits.
func (ia *interaction) run() {
	for {
		ia.mu.Lock()
		if ia.running {
			ia.mu.Unlock()
			return
		}
		ia.running, ia.dirty = true, false
		ia.mu.Unlock()
		func() {
			defer func() {
				ia.mu.Lock()
				ia.running = false
				ia.mu.Unlock()
			}()
			ia.out.capture(ia.f, true)
		}()
		ia.mu.Lock()
		again := ia.dirty && !comm.Queued()
		ia.mu.Unlock()
		if !again {
			return
		}
	}
}

// settleInteractions runs the interactions whose runs waited for the
// front end's messages to settle.
func settleInteractions() {
	pendingMu.Lock()
	due := make([]*interaction, 0, len(pending))
	for ia := range pending {
		due = append(due, ia)
	}
	clear(pending)
	pendingMu.Unlock()
	for _, ia := range due {
		ia.mu.Lock()
		dirty := ia.dirty
		ia.mu.Unlock()
		if dirty {
			ia.run()
		}
	}
}
