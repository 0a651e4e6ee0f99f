package main

import (
	"slices"

	"github.com/culab/culab/cudalib/counters"
	"github.com/culab/culab/cudalib/sass"
)

// withSASS counts a launch's shared requests as the GPU issues them where
// ptxas kept a branch. The virtual GPU counts a guarded shared load or
// store for every warp that reaches its guard, as if ptxas predicated it
// (cudalib/vgpu/COUNTERS.md: a predicated LDS or STS issues with no lane
// on); where the SASS has a line's loads (stores) unpredicated and one for
// one with the PTX's, ptxas branched around them instead, and only the
// warps that ran them issue them: as many requests as the PTX
// instructions' warp executions, when that is fewer than the virtual
// GPU counted. Other lines keep the virtual GPU's counts.
func withSASS(k *sass.Kernel, p *ptxCounts, total counters.Counters, lines []counters.Line) counters.Counters {
	out := total
	for _, a := range []struct {
		op, opcode string
		field      func(c *counters.Counters) *int64
	}{
		{"ld", "LDS", func(c *counters.Counters) *int64 { return &c.SharedLoadRequests }},
		{"st", "STS", func(c *counters.Counters) *int64 { return &c.SharedStoreRequests }},
	} {
		ran := map[int][]float64{} // line -> warp executions of its PTX accesses
		for i, in := range p.fn.Body {
			if in.Op == a.op && slices.Contains(in.Mods, "shared") {
				ran[in.Loc.Line] = append(ran[in.Loc.Line], p.count[i])
			}
		}
		static := map[int]int{}
		predicated := map[int]bool{}
		for _, in := range k.Code() {
			if in.Opcode == a.opcode {
				static[in.Line]++
				predicated[in.Line] = predicated[in.Line] || in.Predicate != ""
			}
		}
		for _, l := range lines {
			rs, ok := ran[l.Line]
			if !ok || predicated[l.Line] || static[l.Line] != len(rs) {
				continue
			}
			var issued float64
			for _, n := range rs {
				issued += n
			}
			// Only ever fewer: the virtual GPU's own merge of shared
			// loads (cudalib/vgpu) counts less than the PTX issues.
			if d := int64(issued) - *a.field(&l.Counters); d < 0 {
				*a.field(&out) += d
			}
		}
	}
	return out
}
