package sasscount

import (
	"math"
	"slices"

	"github.com/culab/culab/cudalib/counters"
	"github.com/culab/culab/cudalib/sass"
)

// WithSASS counts a launch's shared requests as the GPU issues them where
// ptxas kept a branch. The virtual GPU counts a shared load or store that
// a short branch jumps over for every warp that reaches the branch, as if
// ptxas predicated it (cudalib/vgpu/COUNTERS.md: a predicated LDS or STS
// issues with no lane on): warps reaching the branch less those that ran
// the access more than the PTX ran. Where the SASS has that access (the
// n-th of its line, paired in order) unpredicated, ptxas branched around
// it instead, and those warps issue nothing. A line is changed only when
// its jumped-over accesses account for all it counts beyond what ran
// (the virtual GPU treated each as predicated).
func WithSASS(k *sass.Kernel, p *PTXCounts, total counters.Counters, lines []counters.Line) counters.Counters {
	out := total
	for _, a := range []struct {
		op, opcode string
		field      func(c *counters.Counters) *int64
	}{
		{"ld", "LDS", func(c *counters.Counters) *int64 { return &c.SharedLoadRequests }},
		{"st", "STS", func(c *counters.Counters) *int64 { return &c.SharedStoreRequests }},
	} {
		type access struct{ ran, jumped float64 }
		byLine := map[int][]access{}
		for i, in := range p.fn.Body {
			if in.Op == a.op && slices.Contains(in.Mods, "shared") {
				byLine[in.Loc.Line] = append(byLine[in.Loc.Line], access{p.count[i], p.jumpedOver(i)})
			}
		}
		predicated := map[int][]bool{}
		for _, in := range k.Code() {
			if in.Opcode == a.opcode {
				predicated[in.Line] = append(predicated[in.Line], in.Predicate != "")
			}
		}
		for _, l := range lines {
			as := byLine[l.Line]
			if len(as) == 0 || len(predicated[l.Line]) != len(as) {
				continue
			}
			var ran, jumped, branched float64
			for n, x := range as {
				ran += x.ran
				jumped += x.jumped
				if !predicated[l.Line][n] {
					branched += x.jumped
				}
			}
			if math.Abs(float64(*a.field(&l.Counters))-ran-jumped) < 0.5 {
				*a.field(&out) -= int64(branched)
			}
		}
	}
	return out
}

// jumpedOver is how many warps reached the guarded branch that jumps over
// instruction i (the nearest before it) less those that ran i: the warps
// whose lanes all took the branch. 0 when no branch jumps over i.
func (p *PTXCounts) jumpedOver(i int) float64 {
	for j := i - 1; j >= 0; j-- {
		in := p.fn.Body[j]
		if in.Op != "bra" || in.Guard == "" || len(in.Operands) != 1 {
			continue
		}
		if t, ok := p.fn.Labels[in.Operands[0].Name]; ok && t > i {
			return math.Max(p.count[j]-p.count[i], 0)
		}
		return 0
	}
	return 0
}
