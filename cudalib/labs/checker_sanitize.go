package labs

import (
	"fmt"

	"github.com/culab/culab/cudalib"
)

// Finding is one sanitizer finding of a launch: what went wrong, where in
// the source, and which thread did it.
type Finding struct {
	Kind   string // e.g. "out-of-bounds write"
	Line   int    // source line; 0 when unknown
	Thread string // e.g. "block (1,0,0) thread (7,0,0)"
	Text   string // the sanitizer's whole message
}

func (f Finding) String() string {
	s := f.Kind
	if f.Line > 0 {
		s += fmt.Sprintf(" at line %d", f.Line)
	}
	if f.Thread != "" {
		s += " by " + f.Thread
	}
	return s
}

// sanitize runs one launch under the virtual GPU's sanitizer and returns
// its findings; nil while cudalib has no sanitizer, and Check then runs
// the kernel plainly.
var sanitize func(k *cudalib.Kernel, cfg cudalib.Config, args []any) ([]Finding, error)

// launch runs k once and waits for it: under the sanitizer on the virtual
// GPU where there is one, else with Kernel.Run.
func launch(k *cudalib.Kernel, cfg cudalib.Config, args []any) ([]Finding, error) {
	if sanitize != nil && k.Device().Virtual() {
		return sanitize(k, cfg, args)
	}
	return nil, k.Run(cfg, args...)
}
