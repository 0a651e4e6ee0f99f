package virtual

import (
	"cmp"
	"slices"
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
	// into or out of [h, b] live through all of it; widening a range may
	// make it cross another loop. Ranges widen independently, each by the
	// loops with an end inside it, found by binary search, so that a
	// kernel of many loops and registers costs their sizes, not their
	// product.
	var loops []loop
	for b, in := range f.Body {
		if in.Op != "bra" || len(in.Operands) == 0 {
			continue
		}
		if h, ok := f.Labels[in.Operands[0].Name]; ok && h <= b {
			loops = append(loops, loop{h, b})
		}
	}
	byHead := slices.Clone(loops)
	slices.SortFunc(byHead, func(x, y loop) int { return cmp.Compare(x.head, y.head) })
	byBack := loops
	slices.SortFunc(byBack, func(x, y loop) int { return cmp.Compare(x.back, y.back) })
	for _, s := range live {
		s.first, s.last = widen(s.first, s.last, byHead, byBack)
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

// loop is a back edge: the branch at back to head.
type loop struct{ head, back int }

// widen extends the range [first, last] to the whole of every loop it
// enters or leaves, until it crosses none: a range that starts before a
// loop's head and ends inside the loop, or starts inside and ends after
// its back edge. byHead and byBack are the loops sorted by head and by
// back edge.
func widen(first, last int, byHead, byBack []loop) (int, int) {
	for changed := true; changed; {
		changed = false
		// Heads in (first, last]: the range enters the loop.
		i, _ := slices.BinarySearchFunc(byHead, first+1, func(l loop, x int) int { return cmp.Compare(l.head, x) })
		for ; i < len(byHead) && byHead[i].head <= last; i++ {
			if l := byHead[i]; last < l.back {
				last, changed = l.back, true
			}
		}
		// Back edges in [first, last): the range leaves the loop.
		j, _ := slices.BinarySearchFunc(byBack, first, func(l loop, x int) int { return cmp.Compare(l.back, x) })
		for ; j < len(byBack) && byBack[j].back < last; j++ {
			if l := byBack[j]; l.head < first {
				first, changed = l.head, true
			}
		}
	}
	return first, last
}
