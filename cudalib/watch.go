package cudalib

import (
	"errors"
	"sync"
)

// A module's watches inspect its kernels' launches before they run
// (Module.ProfileLaunches, Module.SanitizeLaunches): each on a copy of the
// launch, so that the launch itself then runs as usual. The watches live in
// the module, so that they go with it; a watch whose launches are used up
// is dropped at once.

// watchSet is a module's watches, one per purpose, in the order they were
// set: profiling and sanitizing combine.
type watchSet struct {
	mu      sync.Mutex
	watches []*watch
}

// watch inspects the next n launches of each of a module's kernels, or
// every launch when n < 0.
type watch struct {
	purpose string
	n       int
	left    map[string]int // per kernel: inspections still to make (n when absent)
	inspect func(k *Kernel, cfg Config, args []any)
}

// watchLaunches sets the module's watch for purpose: the next n launches
// of each kernel (every launch when n < 0) call f with what inspect makes
// of them. A nil f removes the watch. A launch that inspect finds the
// device would refuse (*LaunchError) is left to report itself. f runs on
// the launching goroutine.
func watchLaunches[R any](m *Module, purpose string, n int, inspect func(*Kernel, Config, ...any) (R, error), f func(R, error)) {
	s := &m.watches
	s.mu.Lock()
	defer s.mu.Unlock()
	s.drop(purpose)
	if f == nil {
		return
	}
	s.watches = append(s.watches, &watch{purpose: purpose, n: n, left: map[string]int{},
		inspect: func(k *Kernel, cfg Config, args []any) {
			r, err := inspect(k, cfg, args...)
			if le := (*LaunchError)(nil); !errors.As(err, &le) {
				f(r, err)
			}
		}})
}

// drop removes the watch for purpose, if any. s.mu is held.
func (s *watchSet) drop(purpose string) {
	for i, w := range s.watches {
		if w.purpose == purpose {
			s.watches = append(s.watches[:i:i], s.watches[i+1:]...)
			return
		}
	}
}

// watched runs the inspections a launch of k has due (Kernel.Launch calls
// it first).
func (k *Kernel) watched(cfg Config, args []any) {
	s := &k.mod.watches
	s.mu.Lock()
	if len(s.watches) == 0 {
		s.mu.Unlock()
		return
	}
	var due []*watch
	for _, w := range s.watches {
		if w.take(k.name) {
			due = append(due, w)
		}
	}
	for _, w := range due {
		if w.usedUp(k.mod) {
			s.drop(w.purpose)
		}
	}
	s.mu.Unlock()
	for _, w := range due {
		w.inspect(k, cfg, args)
	}
}

// take counts an inspection of a launch of kernel, and reports whether it
// is due.
func (w *watch) take(kernel string) bool {
	if w.n < 0 {
		return true
	}
	left, seen := w.left[kernel]
	if !seen {
		left = w.n
	}
	if left <= 0 {
		return false
	}
	w.left[kernel] = left - 1
	return true
}

// usedUp reports whether every kernel of m has had its n inspections. A
// module with templates never is: its instantiations are open-ended (as
// are the kernels of one whose source showed none).
func (w *watch) usedUp(m *Module) bool {
	if w.n < 0 || len(m.decls) == 0 {
		return false
	}
	for _, d := range m.decls {
		if left, seen := w.left[d.name]; d.template || !seen || left > 0 {
			return false
		}
	}
	return true
}
