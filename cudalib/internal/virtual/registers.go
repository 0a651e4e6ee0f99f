package virtual

import (
	"strings"

	"github.com/culab/culab/cudalib/ptx"
)

// PTX declares a fresh virtual register for nearly every value, so its
// declarations (hundreds in an unrolled loop) say little of what ptxas
// allocates. The occupancy API of the virtual GPU needs the latter: this
// estimates it as the most registers live at once, with live ranges taken
// from where each register appears in the body (loops widen a range that
// crosses their back edge to the whole loop). Predicates take no general
// register; 64-bit ones take two. Calls to device functions are not
// followed (NVRTC inlines most of them).
func registerEstimate(f *ptx.Func) int {
	width := map[string]int{} // declared prefix -> registers per value
	for _, d := range f.Regs {
		w := 1
		switch {
		case d.Type == "pred":
			w = 0
		case strings.HasSuffix(d.Type, "64"):
			w = 2
		}
		width[d.Prefix] = w * max(d.Vector, 1)
	}
	type span struct{ first, last, width int }
	live := map[string]*span{}
	var visit func(i int, o ptx.Operand)
	visit = func(i int, o ptx.Operand) {
		for _, e := range o.Elems {
			visit(i, e)
		}
		if (o.Kind != ptx.Reg && o.Kind != ptx.Addr) || !strings.HasPrefix(o.Name, "%") {
			return
		}
		w, ok := width[strings.TrimRight(o.Name, "0123456789")]
		if !ok || w == 0 {
			return // a special register (%tid.x) or a predicate
		}
		if s := live[o.Name]; s != nil {
			s.last = i
		} else {
			live[o.Name] = &span{first: i, last: i, width: w}
		}
	}
	for i, in := range f.Body {
		for _, o := range in.Operands {
			visit(i, o)
		}
	}
	// A back edge from b to a loop head h keeps every value that lives
	// into or out of [h, b] live through all of it; nested loops may need
	// a second pass.
	for changed := true; changed; {
		changed = false
		for b, in := range f.Body {
			if in.Op != "bra" || len(in.Operands) == 0 {
				continue
			}
			h, ok := f.Labels[in.Operands[0].Name]
			if !ok || h > b {
				continue
			}
			for _, s := range live {
				overlaps := s.first <= b && s.last >= h
				inside := s.first >= h && s.last <= b
				if overlaps && !inside && (s.first > h || s.last < b) {
					s.first, s.last = min(s.first, h), max(s.last, b)
					changed = true
				}
			}
		}
	}
	delta := make([]int, len(f.Body)+1)
	for _, s := range live {
		delta[s.first] += s.width
		delta[s.last+1] -= s.width
	}
	most, now := 0, 0
	for _, d := range delta {
		now += d
		most = max(most, now)
	}
	return most
}
