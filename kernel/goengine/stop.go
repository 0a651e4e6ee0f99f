package goengine

import (
	_ "unsafe" // go:linkname

	"github.com/traefik/yaegi/interp"
)

// stopInterpreter makes the interpreter's running code stop at its next
// step and wakes its blocked channel operations: what EvalWithContext does
// when its context ends. Those functions return at once and leave their
// goroutine running, which then races with the next cell (and resumes the
// old cell when the next one starts). The engine runs Execute on its own
// goroutine, waits for it after stopping it, and so needs the stop alone.
// yaegi is pinned (v0.16.1); TestInterrupt fails if this link breaks.
//
//go:linkname stopInterpreter github.com/traefik/yaegi/interp.(*Interpreter).stop
func stopInterpreter(*interp.Interpreter)

// halt stops s's interpreter after an interrupt (or the memory guard's
// stop) and marks it stopped; native reads of the cells see it too.
func (s *session) halt() {
	s.halts.Add(1)
	stopInterpreter(s.in)
	s.stopped = true
}
