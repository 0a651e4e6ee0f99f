package labs

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// EnvPhases, when set, makes RunWith write where each size's time went
// (inputs, CPU reference, copies, checks, timing) to standard error, one
// line per size: the breakdown a slow lab cell is profiled with.
const EnvPhases = "CULAB_LAB_PHASES"

// phases adds up the wall time of a size's phases in the order they first
// ran; a nil *phases records nothing.
type phases struct {
	order []string
	took  map[string]time.Duration
	start time.Time
}

func newPhases() *phases {
	if os.Getenv(EnvPhases) == "" {
		return nil
	}
	return &phases{took: map[string]time.Duration{}, start: time.Now()}
}

// since adds the time since t to phase name.
func (p *phases) since(name string, t time.Time) {
	if p == nil {
		return
	}
	if _, ok := p.took[name]; !ok {
		p.order = append(p.order, name)
	}
	p.took[name] += time.Since(t)
}

// write prints the breakdown of one size.
func (p *phases) write(w io.Writer, lab, size string) {
	if p == nil {
		return
	}
	parts := make([]string, len(p.order))
	for i, name := range p.order {
		parts[i] = fmt.Sprintf("%s %.3fs", name, p.took[name].Seconds())
	}
	fmt.Fprintf(w, "culab phases: %s %s: total %.3fs: %s\n", lab, size, time.Since(p.start).Seconds(), strings.Join(parts, ", "))
}
