package sasscount

import (
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"

	"github.com/culab/culab/cudalib/ptx"
	"github.com/culab/culab/cudalib/sass"
)

// Counting SASS per basic block from what the virtual GPU ran.
//
// The virtual GPU counts every PTX instruction's warp executions
// (vgpu.Profile.PTXWarpInstrs); what the GPU runs is ptxas's SASS, whose
// blocks are not the PTX's: ptxas unrolls loops (a body of k copies, a
// remainder loop, peeled chunks of k/2, k/4 copies), unrolls short loops
// completely, predicates short guarded code, branches around other, and
// moves code between lines. A SASS block runs as a unit; its count comes
// from PTX instructions that ptxas keeps one for one, the anchors: memory
// accesses weighted by the bytes a lane moves (merged ones keep their
// bytes), shuffles, floating-point adds, multiplies and FMAs, and 64-bit
// integer divisions (a CALL of ptxas's subroutine). PTX on line 0 is on
// the line before it, as in ptxas's line table.
//
// Loops (PTX loop: a branch back to an earlier label that reaches the
// branch again; NVVM's joins laid out before their branches are none):
//
//   - A PTX loop has iterations I (the warp executions of its back
//     branch), entries E (of the instruction after a guarded back branch;
//     of the header less I when it is unguarded), and a body of A anchor
//     weight. The PTX loops NVVM made of one source loop (a remainder
//     copy, a copy of k bodies: loops holding anchors of one line, none
//     inside another) count as one, in iterations of the smallest copy;
//     copies of one body (NVVM unrolled a loop around it) stay apart,
//     each with its entries, their SASS loops theirs in order. A loop no
//     warp reached (a version of a loop nest for another condition) is
//     no copy, and its SASS (the same anchors) runs none.
//   - A source line belongs to the innermost PTX loop holding most of its
//     anchors that ran (else of its anchors, else of its instructions;
//     copies of one body together). A SASS block
//     belongs to the loop of most of its anchors' lines, a SASS loop to
//     that of its own blocks — or, if that does not hold the PTX loops of
//     the SASS loops inside it, to the innermost one that does. Code
//     whose anchors the PTX has in the enclosing loop's own body (or
//     outside loops) is that body's: a loop's bounds loaded on its line,
//     NVVM's peeled trips of an inner loop.
//   - A SASS loop, or a block outside SASS loops, of loop P is a chunk of
//     k = its anchors / A copies of P's body. Per entry, the chunks take
//     the t = I/E trips as ptxas lays them out: a one-copy loop beside
//     bigger chunks is the remainder loop, t mod g trips (g the gcd of the
//     bigger copies; NVVM's remainder copy's own count when it has one of
//     the same g); then the biggest chunks first, a loop as many times as
//     it fits, a straight chunk once if it fits. A chunk's blocks run
//     that many times E; a block of a SASS loop also scaled by how often
//     it runs per iteration (an if inside the loop): as its unguarded
//     anchors' PTX twins, the most run, else its lines; a block of P
//     without anchors outside SASS loops (set-up, guards) runs E times,
//     or none when the remainder took every trip.
//
// Code outside loops: a block runs as often as its anchors' PTX twins
// (the n-th SASS anchor of a line and kind is the n-th PTX one): its
// unguarded ones; with guarded ones only (PTX branched around them,
// ptxas predicated them), the lines without anchors (indices, barriers,
// control) too; a block without anchors as its most run line (a line's
// most run PTX outside loops). Those last are capped by the flow around
// them: a block runs at most as often as its predecessors together and,
// unless it may exit or leads to a join, as its successors together.
// Blocks only a CALL of a slow path reaches (a division's), or a
// BRA.DIV for a warp that reaches a shuffle diverged, count none
// (cudalib/sass.CFG). An anchor paired by the mean (its line has more of
// its kind in the SASS) does not fix its block's count alone.
//
// Joins (BSSY Bn ... BSYNC Bn, outside loops): each group of lanes that
// arrives executes the BSYNC — the groups the paths into it ran, and a
// guarded branch into it one more on each execution where its lanes went
// both ways (vgpu.Profile.PTXDivergent) — and the converged warp runs the
// rest of the block as often as the BSSY.
//
// It assumes the entries of a loop run its mean trips (entries with other
// trip counts take other remainders: the CSR SpMV's rows) and that ptxas
// lays loops out contiguously.

// PTXCounts are one PTX function's instructions with the virtual GPU's
// warp executions, and its loops.
type PTXCounts struct {
	fn    *ptx.Func
	count []float64 // by index into fn.Body
	// line is each instruction's source line as ptxas's line table has
	// it: code NVVM put on line 0 (`.loc 1 0 5`: a loop's trip count, its
	// division) on the last line before it, as ptxas keeps no entry for
	// line 0.
	line   []int
	loopOf []int // innermost loop of each instruction, -1: none
	// kinds counts the anchors of each loop's own body (-1: outside
	// loops) by source line and kind (ptxKind), for outsideFits: made
	// once, as it is asked for every SASS block.
	kinds map[int]map[lineKind]int
	// rel is each loop instruction's executions per iteration of its loop
	// (of the copy it stands in when NVVM made copies); -1 outside loops.
	rel   []float64
	loops []ptxLoop
	// instances are the copies of one loop body NVVM made by unrolling a
	// loop around it (each entered on its own), in order, by loop.
	instances map[int][]int
	// lineLoop is the loop each source line belongs to (-1: none); of
	// instances, the first's.
	lineLoop map[int]int
	// hasAnchors says whether a line has anchors: a line without any (an
	// index, a barrier, a loop's counter) is control flow's and runs as
	// often as the code around it.
	hasAnchors map[int]bool
	// lineCount is the mean executions of a line's instructions; inLoop
	// the mean executions of its instructions in its loop per iteration of
	// the loop (of the copy they stand in when NVVM made copies).
	lineCount, inLoop map[int]float64
	// divergent are the divergent executions of the PTX branches of each
	// source line (Diverged; none when not known).
	divergent map[int]float64
	// outside is the most executions of a line's instructions outside
	// loops (a for loop's set-up, on the line of its test, runs as often
	// as the code before the loop; NVVM's copies may not run at all).
	outside map[int]float64
}

// ptxLoop is a PTX loop (or NVVM's copies of one source loop): its first
// and last instruction, its iterations and entries in warp executions.
type ptxLoop struct {
	head, latch   int
	iters, enters float64
	anchors       float64 // anchor weight of the body (each instruction once)
	// remIters are the iterations of NVVM's remainder copy, remOf the
	// copies of its unrolled one, when the loop is such a pair: the trips
	// that are left over, whatever each entry's trip count.
	remIters, remOf float64
	// dead says no warp reached the loop: a version of a loop nest NVVM
	// made for another condition (mm_grid's stores of zeros for n <= 0),
	// no copy of the loops that ran.
	dead bool
}

// ptxAnchor is the anchor weight of a PTX instruction (see above).
func ptxAnchor(in *ptx.Instr) float64 {
	switch in.Op {
	case "ld", "st", "atom", "red":
		if slices.Contains(in.Mods, "param") || slices.Contains(in.Mods, "const") {
			return 0
		}
		bytes := 4.0
		vec := 1.0
		for _, m := range in.Mods {
			switch m {
			case "v2":
				vec = 2
			case "v4":
				vec = 4
			case "u8", "s8", "b8":
				bytes = 1
			case "u16", "s16", "b16", "f16":
				bytes = 2
			case "u64", "s64", "b64", "f64":
				bytes = 8
			case "b128":
				bytes = 16
			}
		}
		return bytes * vec
	case "shfl":
		return 1
	case "fma", "mad", "add", "sub", "mul":
		if slices.Contains(in.Mods, "f32") || slices.Contains(in.Mods, "f64") {
			return 1
		}
	case "div", "rem":
		if isDiv64(in) {
			return 1
		}
	}
	return 0
}

// isDiv64 says whether in is a 64-bit integer division or remainder, which
// ptxas makes a CALL of a subroutine (__cuda_sm20_div_u64), one for one.
func isDiv64(in *ptx.Instr) bool {
	return (in.Op == "div" || in.Op == "rem") && (slices.Contains(in.Mods, "u64") || slices.Contains(in.Mods, "s64"))
}

// div64RE is the CALL of ptxas's 64-bit integer division or remainder.
var div64RE = regexp.MustCompile(`__cuda_sm20_(div|rem)_[su]64\b`)

// sassAnchor is the anchor weight of a SASS instruction.
func sassAnchor(in sass.Instr) float64 {
	switch in.Opcode {
	case "FFMA", "FADD", "FMUL", "DFMA", "DADD", "DMUL", "SHFL":
		return 1
	}
	if in.Class == sass.Memory && in.Width > 0 {
		return float64(in.Width) / 8
	}
	if in.Opcode == "CALL" && div64RE.MatchString(in.Operands) {
		return 1
	}
	return 0
}

// ptxKind names what SASS instruction a PTX anchor becomes ("" for none),
// so that a line's accesses of one kind pair up in order.
func ptxKind(in *ptx.Instr) string {
	if ptxAnchor(in) == 0 {
		return ""
	}
	switch in.Op {
	case "ld", "st", "atom", "red":
		space := "g"
		for _, m := range in.Mods {
			switch m {
			case "shared":
				space = "s"
			case "local":
				space = "l"
			}
		}
		op := in.Op
		if op == "red" {
			op = "atom"
		}
		return op + "." + space
	case "shfl":
		return "shfl"
	case "div", "rem":
		return "div64"
	}
	if slices.Contains(in.Mods, "f64") {
		return "fp64"
	}
	return "fp32"
}

// sassKind is ptxKind's name for a SASS instruction.
func sassKind(in sass.Instr) string {
	switch in.Opcode {
	case "LDG", "LD":
		return "ld.g"
	case "STG", "ST":
		return "st.g"
	case "LDS":
		return "ld.s"
	case "STS":
		return "st.s"
	case "LDL":
		return "ld.l"
	case "STL":
		return "st.l"
	case "ATOMG", "ATOM", "RED", "REDG":
		return "atom.g"
	case "ATOMS":
		return "atom.s"
	case "SHFL":
		return "shfl"
	case "FFMA", "FADD", "FMUL":
		return "fp32"
	case "DFMA", "DADD", "DMUL":
		return "fp64"
	case "CALL":
		if div64RE.MatchString(in.Operands) {
			return "div64"
		}
	}
	return ""
}

// NewPTXCounts ties the launch's counts (by PTX text line) to fn.
func NewPTXCounts(fn *ptx.Func, byLine map[int]int64) (*PTXCounts, error) {
	c := &PTXCounts{fn: fn, count: make([]float64, len(fn.Body)), line: make([]int, len(fn.Body)), loopOf: make([]int, len(fn.Body)),
		lineLoop: map[int]int{}, hasAnchors: map[int]bool{}, lineCount: map[int]float64{}, inLoop: map[int]float64{}, outside: map[int]float64{}}
	at := map[int]bool{}
	last := 0
	for i, in := range fn.Body {
		if in.Loc.Line != 0 {
			last = in.Loc.Line
		}
		c.line[i] = last
		c.count[i] = float64(byLine[in.Line])
		at[in.Line] = true
		c.loopOf[i] = -1
	}
	for l := range byLine {
		if !at[l] {
			return nil, fmt.Errorf("%s: the virtual GPU ran PTX line %d, which this compile's PTX has not in the kernel (another PTX?)", fn.Name, l)
		}
	}
	// Loops: a branch back to a label; one per head, to its last back branch.
	latch := map[int]int{}
	backs := map[int][]int{} // every back branch to a head
	var heads []int
	for i, in := range fn.Body {
		if in.Op != "bra" || len(in.Operands) != 1 {
			continue
		}
		if h, ok := fn.Labels[in.Operands[0].Name]; ok && h <= i && reaches(fn, h, i) {
			if _, seen := latch[h]; !seen {
				heads = append(heads, h)
			}
			latch[h] = max(latch[h], i)
			backs[h] = append(backs[h], i)
		}
	}
	for _, h := range heads {
		j := latch[h]
		l := ptxLoop{head: h, latch: j, iters: c.count[j], dead: c.count[h] == 0}
		switch {
		case fn.Body[j].Guard != "" && j+1 < len(fn.Body):
			l.enters = c.count[j+1]
		case len(backs[h]) > 1:
			// A rotated loop whose copies branch back each (NVVM's unrolled
			// wavefront): the iterations are what they all take, a guarded
			// one all but its fall-through; a loop entered in its middle
			// by the jump before its head is entered as often as that.
			l.iters = 0
			for _, b := range backs[h] {
				taken := c.count[b]
				if fn.Body[b].Guard != "" && b+1 < len(fn.Body) {
					taken = math.Max(taken-c.count[b+1], 0)
				}
				l.iters += taken
			}
			l.enters = c.count[h] - l.iters
			if l.enters <= 0 && h > 0 && fn.Body[h-1].Op == "bra" && fn.Body[h-1].Guard == "" {
				l.enters = c.count[h-1]
			}
		default:
			l.enters = c.count[h] - c.count[j]
		}
		if l.enters <= 0 {
			l.enters = math.Max(l.iters, 1)
		}
		c.loops = append(c.loops, l)
	}
	for i := range fn.Body {
		for li, l := range c.loops {
			if l.head <= i && i <= l.latch && (c.loopOf[i] < 0 || l.latch-l.head < c.loops[c.loopOf[i]].latch-c.loops[c.loopOf[i]].head) {
				c.loopOf[i] = li
			}
		}
	}
	for i, in := range fn.Body {
		if li := c.loopOf[i]; li >= 0 {
			c.loops[li].anchors += ptxAnchor(in)
		}
	}
	rel := make([]float64, len(fn.Body))
	c.rel = rel
	for i := range fn.Body {
		rel[i] = -1
		if li := c.loopOf[i]; li >= 0 && c.loops[li].iters > 0 {
			rel[i] = c.count[i] / c.loops[li].iters
		}
	}
	c.mergeCopies()
	c.kinds = map[int]map[lineKind]int{}
	for i, in := range fn.Body {
		if k := ptxKind(in); k != "" {
			li := c.loopOf[i]
			if c.kinds[li] == nil {
				c.kinds[li] = map[lineKind]int{}
			}
			c.kinds[li][lineKind{c.line[i], k}]++
		}
	}
	// Lines: their loop by the majority of anchors (else instructions).
	// ran: the anchors of instructions that ran; NVVM's peeled trips
	// that no entry needed do not outvote the loop they belong to.
	type votes struct{ ran, anchors, instrs map[int]float64 }
	vote := map[int]*votes{}
	n := map[int]float64{}
	nIn := map[int]float64{}
	for i, in := range fn.Body {
		line := c.line[i]
		v := vote[line]
		if v == nil {
			v = &votes{ran: map[int]float64{}, anchors: map[int]float64{}, instrs: map[int]float64{}}
			vote[line] = v
		}
		// Copies of one body vote together, as their first.
		li := c.loopOf[i]
		if g := c.instances[li]; len(g) > 0 {
			li = g[0]
		}
		v.anchors[li] += ptxAnchor(in)
		if c.count[i] > 0 {
			v.ran[li] += ptxAnchor(in)
		}
		if ptxAnchor(in) > 0 {
			c.hasAnchors[line] = true
		}
		v.instrs[li]++
		c.lineCount[line] += c.count[i]
		n[line]++
		if c.loopOf[i] < 0 {
			c.outside[line] = math.Max(c.outside[line], c.count[i])
		}
	}
	for line, v := range vote {
		w := v.ran
		if sum(w) == 0 {
			w = c.live(v.anchors)
		}
		if sum(w) == 0 {
			w = c.live(v.instrs)
		}
		c.lineLoop[line] = c.innermostMax(w)
		c.lineCount[line] /= n[line]
	}
	for i := range fn.Body {
		if li := c.loopOf[i]; li >= 0 && c.same(li, c.lineLoop[c.line[i]]) && rel[i] >= 0 {
			c.inLoop[c.line[i]] += rel[i]
			nIn[c.line[i]]++
		}
	}
	for line, k := range nIn {
		c.inLoop[line] /= k
	}
	return c, nil
}

// Diverged adds the divergent executions of the PTX branches, by line of
// the PTX text (vgpu.Profile.PTXDivergent): a branch whose lanes went
// both ways sends two groups to the join.
func (c *PTXCounts) Diverged(byLine map[int]int64) {
	c.divergent = map[int]float64{}
	for i, in := range c.fn.Body {
		if n := byLine[in.Line]; n > 0 {
			c.divergent[c.line[i]] += float64(n)
		}
	}
}

// reaches says whether control at instruction from can get to
// instruction to. NVVM lays out the join of an if/else before the code
// that branches to it (a shared tail, a return): a branch back to such a
// label closes no loop, as the label's code never comes back to it.
func reaches(fn *ptx.Func, from, to int) bool {
	seen := make([]bool, len(fn.Body))
	stack := []int{from}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if i >= len(fn.Body) || seen[i] {
			continue
		}
		if i == to {
			return true
		}
		seen[i] = true
		in := fn.Body[i]
		switch in.Op {
		case "ret", "exit", "trap":
			if in.Guard == "" {
				continue
			}
		case "bra", "brx":
			for _, o := range in.Operands {
				if t, ok := fn.Labels[o.Name]; ok {
					stack = append(stack, t)
				}
			}
			if in.Guard == "" {
				continue
			}
		}
		stack = append(stack, i+1)
	}
	return false
}

// mergeCopies makes one loop of the PTX loops that are copies of one
// source loop: NVVM unrolls too (a remainder loop, then a body of k
// copies), so a line's anchors stand in several loops, none inside
// another. The merged loop counts its work in iterations of its smallest
// copy: iterations = Σ anchors run / the smallest anchors per iteration;
// its entries are those of the copy entered most.
func (c *PTXCounts) mergeCopies() {
	root := make([]int, len(c.loops))
	for i := range root {
		root[i] = i
	}
	find := func(i int) int {
		for root[i] != i {
			i = root[i]
		}
		return i
	}
	nested := func(a, b ptxLoop) bool {
		return (a.head <= b.head && b.latch <= a.latch) || (b.head <= a.head && a.latch <= b.latch)
	}
	first := map[int]int{} // line -> a loop holding its anchors
	for i, in := range c.fn.Body {
		li := c.loopOf[i]
		if li < 0 || ptxAnchor(in) == 0 || c.loops[li].dead {
			continue
		}
		o, ok := first[c.line[i]]
		if !ok {
			first[c.line[i]] = li
			continue
		}
		if o != li && !nested(c.loops[o], c.loops[li]) {
			root[find(li)] = find(o)
		}
	}
	members := map[int][]int{}
	var roots []int
	for li := range c.loops {
		r := find(li)
		if _, ok := members[r]; !ok {
			roots = append(roots, r)
		}
		members[r] = append(members[r], li)
	}
	var merged []ptxLoop
	index := map[int]int{}
	own := map[int]int{} // a loop kept apart from its copies: its index
	c.instances = map[int][]int{}
	for _, r := range roots {
		ms := members[r]
		index[r] = len(merged)
		if len(ms) == 1 {
			merged = append(merged, c.loops[ms[0]])
			continue
		}
		if sameBody(c.loops, ms) {
			// Copies of one body each: NVVM unrolled a loop around
			// this one, and each copy is entered on its own.
			slices.SortFunc(ms, func(a, b int) int { return c.loops[a].head - c.loops[b].head })
			var group []int
			for _, li := range ms {
				own[li] = len(merged)
				group = append(group, len(merged))
				merged = append(merged, c.loops[li])
			}
			for _, li := range group {
				c.instances[li] = group
			}
			continue
		}
		m := ptxLoop{head: c.loops[ms[0]].head, latch: c.loops[ms[0]].latch}
		work := 0.0
		for _, li := range ms {
			l := c.loops[li]
			m.head, m.latch = min(m.head, l.head), max(m.latch, l.latch)
			work += l.anchors * l.iters
			if l.anchors > 0 && (m.anchors == 0 || l.anchors < m.anchors) {
				m.anchors = l.anchors
			}
			if l.iters > 0 {
				m.enters = math.Max(m.enters, l.enters)
			}
		}
		if m.anchors > 0 {
			m.iters = work / m.anchors
		}
		if len(ms) == 2 && m.anchors > 0 {
			a, b := c.loops[ms[0]], c.loops[ms[1]]
			if b.anchors == m.anchors {
				a, b = b, a
			}
			if a.anchors == m.anchors && b.anchors > a.anchors {
				m.remIters, m.remOf = a.iters, math.Round(b.anchors/a.anchors)
			}
		}
		merged = append(merged, m)
	}
	for i, li := range c.loopOf {
		if o, ok := own[li]; ok {
			c.loopOf[i] = o
		} else if li >= 0 {
			c.loopOf[i] = index[find(li)]
		}
	}
	c.loops = merged
}

// sameBody says whether the loops ms have the same anchors an iteration:
// not a remainder loop beside a body of k copies, but one loop copied.
func sameBody(loops []ptxLoop, ms []int) bool {
	for _, li := range ms {
		if loops[li].anchors == 0 || loops[li].anchors != loops[ms[0]].anchors {
			return false
		}
	}
	return true
}

// same says whether PTX loops a and b are one loop or copies of one body
// (instances).
func (p *PTXCounts) same(a, b int) bool {
	return a == b || (a >= 0 && b >= 0 && slices.Contains(p.instances[a], b))
}

// live is the votes w without those of loops no warp reached, unless
// only such loops have any: a line of a loop nest NVVM versioned belongs
// to the version that ran.
func (c *PTXCounts) live(w map[int]float64) map[int]float64 {
	out := map[int]float64{}
	for li, v := range w {
		if li < 0 || !c.loops[li].dead {
			out[li] = v
		}
	}
	if sum(out) == 0 {
		return w
	}
	return out
}

// innermostMax is the loop (-1: none) with the most weight, the
// innermost of those tied: a line NVVM peeled once before its loop (a
// probe's first load) has as many anchors outside as inside, and is the
// loop's.
func (c *PTXCounts) innermostMax(w map[int]float64) int {
	best := argmax(w)
	for li, v := range w {
		if v != w[best] || li == best || li < 0 {
			continue
		}
		if best < 0 || c.loops[li].latch-c.loops[li].head < c.loops[best].latch-c.loops[best].head {
			best = li
		}
	}
	return best
}

func sum(m map[int]float64) float64 {
	s := 0.0
	for _, v := range m {
		s += v
	}
	return s
}

// argmax is the key of the largest value (the smallest key on a tie).
func argmax(m map[int]float64) int {
	best, bv := -1, math.Inf(-1)
	for k, v := range m {
		if v > bv || (v == bv && k < best) {
			best, bv = k, v
		}
	}
	return best
}

// BlockCounts estimates the warp executions of each instruction of code
// (k.Code()) from the PTX counts; warps is the launch's warp count (for
// SASS on lines the PTX has not: the prologue).
func BlockCounts(k *sass.Kernel, p *PTXCounts, warps float64) []float64 {
	code := k.Code()
	g := k.CFG()
	x := make([]float64, len(code))
	lineX := func(line int) float64 {
		if c, ok := p.outside[line]; ok {
			return c
		}
		if li, ok := p.lineLoop[line]; ok && li >= 0 {
			return p.loops[li].enters
		}
		if c, ok := p.lineCount[line]; ok {
			return c
		}
		return warps
	}
	// The loop of a block: by the majority of its anchors' lines.
	region := make([]int, len(g.Blocks))
	anchorsIn := func(b, li int) float64 {
		a := 0.0
		for _, in := range code[g.Blocks[b].From:g.Blocks[b].To] {
			if l, ok := p.lineLoop[in.Line]; ok && p.same(l, li) {
				a += sassAnchor(in)
			}
		}
		return a
	}
	for b, blk := range g.Blocks {
		w := map[int]float64{}
		for _, in := range code[blk.From:blk.To] {
			if l, ok := p.lineLoop[in.Line]; ok {
				w[l] += sassAnchor(in)
			}
		}
		region[b] = -1
		if sum(w) > 0 && (blk.Loop >= 0 || !p.outsideFits(code[blk.From:blk.To], -1)) {
			region[b] = argmax(w)
		}
	}
	// A SASS loop's PTX loop: the majority of its own blocks' anchors.
	sassLoop := make([]int, len(g.Loops))
	for s := range g.Loops {
		w := map[int]float64{}
		for b, blk := range g.Blocks {
			if blk.Loop == s && region[b] >= 0 {
				w[region[b]] += anchorsIn(b, region[b])
			}
		}
		sassLoop[s] = -1
		if sum(w) > 0 {
			sassLoop[s] = argmax(w)
		}
	}
	// A SASS loop around others is the PTX loop around theirs: its own
	// blocks may hold more of an inner loop's peeled copies than of its
	// own body.
	for s := range g.Loops { // inner loops close first: lower indices
		if around := p.around(g, sassLoop, s); around >= 0 {
			sassLoop[s] = around
		}
	}
	p.spreadInstances(g, sassLoop)
	for b, blk := range g.Blocks {
		if s := blk.Loop; s >= 0 && region[b] >= 0 && sassLoop[s] >= 0 && p.same(region[b], sassLoop[s]) {
			region[b] = sassLoop[s]
		}
	}
	// member says which chunk a block is part of: its SASS loop (s >= 0)
	// when that loop is of the block's region or the block has no anchors;
	// else a straight chunk of its region.
	enclosing := func(b int) int {
		s := g.Blocks[b].Loop
		for s >= 0 && sassLoop[s] < 0 {
			s = g.Loops[s].Parent
		}
		return s
	}
	// fitIn: blocks in a SASS loop whose anchors are its PTX loop's own
	// (an inner loop's peeled trips) count as their PTX twins there.
	fitIn := map[int]int{}
	for b, blk := range g.Blocks {
		if s := enclosing(b); s >= 0 && region[b] >= 0 && region[b] != sassLoop[s] && p.outsideFits(code[blk.From:blk.To], sassLoop[s]) {
			fitIn[b] = sassLoop[s]
		}
	}
	member := func(b int) (s int, straight bool) {
		if _, ok := fitIn[b]; ok {
			return -1, false
		}
		s = enclosing(b)
		if s >= 0 && (region[b] < 0 || region[b] == sassLoop[s]) {
			return s, false
		}
		return -1, region[b] >= 0
	}
	type chunk struct {
		loop   bool
		k      float64
		blocks []int
		runs   float64 // per entry
	}
	chunks := map[int][]*chunk{} // by PTX loop
	loopChunk := map[int]*chunk{}
	dead := p.deadBlocks(code, g)
	for b := range g.Blocks {
		if !g.Blocks[b].Reached || dead[b] {
			continue
		}
		s, straight := member(b)
		switch {
		case s >= 0:
			c := loopChunk[s]
			if c == nil {
				c = &chunk{loop: true}
				loopChunk[s] = c
				chunks[sassLoop[s]] = append(chunks[sassLoop[s]], c)
			}
			c.blocks = append(c.blocks, b)
			if g.Blocks[b].Loop == s || region[b] == sassLoop[s] {
				c.k += anchorsIn(b, sassLoop[s])
			}
		case straight:
			c := &chunk{blocks: []int{b}, k: anchorsIn(b, region[b])}
			chunks[region[b]] = append(chunks[region[b]], c)
		}
	}
	skipped := map[int]bool{}
	for li, cs := range chunks {
		l := p.loops[li]
		t := 0.0
		if l.enters > 0 {
			t = l.iters / l.enters
		}
		var big []*chunk
		var rem []*chunk
		for _, c := range cs {
			if l.anchors > 0 {
				c.k = math.Round(c.k / l.anchors)
			} else {
				c.k = 0
			}
			if c.loop && c.k < 1 {
				c.k = 1
			}
			switch {
			case c.k > 1:
				big = append(big, c)
			case c.k == 1 && c.loop:
				rem = append(rem, c)
			case c.k == 1:
				big = append(big, c)
			}
		}
		r := t
		if len(rem) > 0 && len(big) > 0 {
			gcd := 0
			for _, c := range big {
				gcd = gcdInt(gcd, int(c.k))
			}
			r0 := math.Mod(t, float64(gcd))
			if l.remOf == float64(gcd) && l.enters > 0 {
				// NVVM left the same remainder loop in the PTX: it ran
				// the left-over trips of every entry, whatever their
				// trip counts.
				r0 = l.remIters / l.enters
			}
			for _, c := range rem {
				c.runs = r0 / float64(len(rem))
			}
			r -= r0
			if r <= 1e-9 {
				// Every trip in the remainder loop: the code after its exit
				// test up to the last bigger chunk (their guards and set-up)
				// is branched over.
				from, to := slices.Max(rem[len(rem)-1].blocks)+2, 0
				for _, c := range big {
					to = max(to, slices.Max(c.blocks))
				}
				for b := from; b <= to; b++ {
					skipped[b] = true
				}
			}
		} else {
			big = append(big, rem...)
		}
		slices.SortStableFunc(big, func(a, b *chunk) int {
			if a.k != b.k {
				return int(b.k - a.k)
			}
			if a.loop != b.loop {
				if a.loop {
					return -1
				}
				return 1
			}
			return a.blocks[0] - b.blocks[0]
		})
		for i, c := range big {
			switch {
			case c.loop && i+1 < len(big):
				c.runs = math.Floor(r/c.k + 1e-9)
			case c.loop:
				c.runs = r / c.k
			case r >= c.k-1e-9:
				c.runs = 1
			}
			r -= c.runs * c.k
		}
		var inLoops []int
		for _, c := range cs {
			if c.loop {
				inLoops = append(inLoops, c.blocks...)
			}
		}
		slices.Sort(inLoops)
		twins, _ := pairAnchors(code, g, inLoops, p, li, p.rel)
		for _, c := range cs {
			for _, b := range c.blocks {
				blk := g.Blocks[b]
				n := c.runs * l.enters
				if c.k == 0 && !c.loop {
					n = l.enters
				}
				if c.loop {
					n *= perIteration(code, blk, twins, p, li)
				}
				for i := blk.From; i < blk.To; i++ {
					x[i] = n
				}
			}
		}
	}
	// Code outside loops: a block runs as a unit, as often as the PTX of
	// its anchors (paired in order by line and kind) — the most often of
	// them, as ptxas predicates short guarded code into the block around
	// it; a block without anchors as its lines.
	var free []int
	for b, blk := range g.Blocks {
		if s, straight := member(b); blk.Reached && s < 0 && !straight && !skipped[b] && !dead[b] {
			free = append(free, b)
		}
	}
	byLoop := map[int][]int{}
	for _, b := range free {
		li, ok := fitIn[b]
		if !ok {
			li = -1
		}
		byLoop[li] = append(byLoop[li], b)
	}
	paired, exact := map[int]float64{}, map[int]bool{}
	for li, bs := range byLoop {
		c, e := pairAnchors(code, g, bs, p, li, p.count)
		maps.Copy(paired, c)
		maps.Copy(exact, e)
	}
	var unsure []int // blocks counted by their lines
	for _, b := range free {
		blk := g.Blocks[b]
		// An unguarded anchor runs as often as its block; a guarded one
		// may run less (PTX branched around it, ptxas predicated it), and
		// one paired by the mean (its line has more of its kind in the
		// SASS: a division's or sincospif's expansion) is a guess: with no
		// unguarded anchor paired one for one, the lines without anchors
		// (control, indices, barriers) say too.
		n, anchored := 0.0, false
		for i := blk.From; i < blk.To; i++ {
			if c, ok := paired[i]; ok && code[i].Predicate == "" && exact[i] {
				n, anchored = math.Max(n, c), true
			}
		}
		for i := blk.From; i < blk.To && !anchored; i++ {
			if c, ok := paired[i]; ok {
				n = math.Max(n, c)
			}
		}
		if !anchored && n > 0 {
			for i := blk.From; i < blk.To; i++ {
				if !p.hasAnchors[code[i].Line] {
					n = math.Max(n, lineX(code[i].Line))
				}
			}
			anchored = true
		}
		if !anchored {
			// A block without anchors: as often as the most run of its
			// lines, bounded below by the flow (capByFlow).
			unsure = append(unsure, b)
			for i := blk.From; i < blk.To; i++ {
				n = math.Max(n, lineX(code[i].Line))
				if blk.Loop >= 0 {
					// A SASS loop of no PTX loop's anchors (integer work
					// alone): its lines as often as they ran.
					if li, ok := p.lineLoop[code[i].Line]; ok && li >= 0 && p.loops[li].anchors == 0 {
						n = math.Max(n, p.lineCount[code[i].Line])
					}
				}
			}
		}
		for i := blk.From; i < blk.To; i++ {
			x[i] = n
		}
	}
	capByFlow(code, g, x, unsure)
	joins(k, code, g, x, p)
	return x
}

// joins counts the ends of the regions ptxas brackets with BSSY Bn and
// BSYNC Bn outside loops (where lanes that went different ways meet):
// each group of lanes that arrives executes the BSYNC, and the converged
// warp then runs the rest of the block once, as often as it entered the
// region (the BSSY's block). The virtual GPU runs the paths into the join
// once a group too (the lanes that leave a loop at one trip, those that
// break out of it), so the blocks before a BSYNC keep the PTX's counts
// (capByFlow does not bound them by it) and the BSYNC gets their sum;
// a guarded branch into it is taken by some lanes on as many executions
// as its other way lost, and on those where its lanes went both ways:
// its line's divergent PTX branches, shared among the line's SASS
// branches. Joins nest: inner ones end first.
func joins(k *sass.Kernel, code []sass.Instr, g *sass.CFG, x []float64, p *PTXCounts) {
	blockOf := make([]int, len(code))
	branches := map[int]float64{} // guarded branches by line
	for b, blk := range g.Blocks {
		for i := blk.From; i < blk.To; i++ {
			blockOf[i] = b
		}
		if last := code[blk.To-1]; blk.Reached && last.Opcode == "BRA" && last.Predicate != "" {
			branches[last.Line]++
		}
	}
	preds := make([][]int, len(g.Blocks))
	for b, blk := range g.Blocks {
		for _, s := range blk.Succs {
			preds[s] = append(preds[s], b)
		}
	}
	entered := map[int]float64{} // a BSYNC's block: its region's entries
	// out is how often control leaves block b: a converged warp after a
	// BSYNC leaves as often as it entered the region.
	out := func(b int) float64 {
		if e, ok := entered[b]; ok {
			return e
		}
		return x[g.Blocks[b].To-1]
	}
	type join struct{ bssy, bsync int } // instructions
	var js []join
	for i, in := range code {
		if in.Opcode != "BSSY" {
			continue
		}
		// BSSY names where the warp goes on once converged: after the
		// BSYNC.
		after, ok := k.Label(in)
		j := after - 1
		b := blockOf[i]
		if !ok || j < 0 || code[j].Opcode != "BSYNC" || g.Blocks[blockOf[j]].From != j || g.Blocks[b].Loop >= 0 || g.Blocks[blockOf[j]].Loop >= 0 || !g.Blocks[b].Reached {
			continue
		}
		js = append(js, join{i, j})
	}

	slices.SortFunc(js, func(a, b join) int { return a.bsync - b.bsync })
	for _, jn := range js {
		b := blockOf[jn.bsync]
		// The BSSY may follow an earlier join's BSYNC in its block: its
		// own count, the converged warp's.
		e := x[jn.bssy]
		arrivals := 0.0
		for _, q := range preds[b] {
			last := code[g.Blocks[q].To-1]
			if len(g.Blocks[q].Succs) > 1 && last.Predicate != "" {
				other := g.Blocks[q].Succs[0]
				if other == b {
					other = g.Blocks[q].Succs[1]
				}
				both := 0.0
				if n := branches[last.Line]; n > 0 {
					both = p.divergent[last.Line] / n
				}
				arrivals += math.Min(math.Max(out(q)-x[g.Blocks[other].From], 0)+both, out(q))
				continue
			}
			arrivals += out(q)
		}
		x[jn.bsync] = math.Max(e, arrivals)
		for i := jn.bsync + 1; i < g.Blocks[b].To; i++ {
			x[i] = e
		}
		entered[b] = e
	}
}

// capByFlow bounds the blocks counted by their lines (a line's mean
// mixes the blocks it stands in) by the flow around them: a block runs at
// most as often as its predecessors together, and, unless it may exit,
// as its successors together (a warp that ran it runs one of them next).
// A slow path's guards that no warp passes then count none.
func capByFlow(code []sass.Instr, g *sass.CFG, x []float64, blocks []int) {
	preds := make([][]int, len(g.Blocks))
	for b, blk := range g.Blocks {
		for _, s := range blk.Succs {
			preds[s] = append(preds[s], b)
		}
	}
	at := func(b int) float64 { return x[g.Blocks[b].From] }
	for changed, round := true, 0; changed && round < len(g.Blocks); round++ {
		changed = false
		for _, b := range blocks {
			blk := g.Blocks[b]
			n := at(b)
			exits := false
			for _, in := range code[blk.From:blk.To] {
				exits = exits || in.Opcode == "EXIT" || in.Opcode == "RET"
			}
			if !exits && len(blk.Succs) > 0 {
				// Groups of lanes reach a BSYNC one after the other, each
				// executing it: no bound from a join.
				sum := 0.0
				for _, s := range blk.Succs {
					if code[g.Blocks[s].From].Opcode == "BSYNC" {
						sum = math.Inf(1)
					}
					sum += at(s)
				}
				n = math.Min(n, sum)
			}
			if len(preds[b]) > 0 && b > 0 {
				sum := 0.0
				for _, q := range preds[b] {
					sum += at(q)
				}
				n = math.Min(n, sum)
			}
			if n < at(b) {
				for i := blk.From; i < blk.To; i++ {
					x[i] = n
				}
				changed = true
			}
		}
	}
}

// deadBlocks are the blocks of the SASS loops that are a PTX loop no warp
// reached: as many anchors of each line and kind, its inner loops with
// it. They run none; the code only they lead to (its set-up, its exit)
// is capped by the flow.
func (p *PTXCounts) deadBlocks(code []sass.Instr, g *sass.CFG) map[int]bool {
	type key struct {
		line int
		kind string
	}
	var deadLoops []map[key]int
	for _, l := range p.loops {
		if !l.dead {
			continue
		}
		m := map[key]int{}
		for i := l.head; i <= l.latch; i++ {
			if k := ptxKind(p.fn.Body[i]); k != "" {
				m[key{p.line[i], k}]++
			}
		}
		if len(m) > 0 {
			deadLoops = append(deadLoops, m)
		}
	}
	out := map[int]bool{}
	if len(deadLoops) == 0 {
		return out
	}
	for _, l := range g.Loops {
		m := map[key]int{}
		for _, in := range code[g.Blocks[l.Head].From:g.Blocks[l.Tail].To] {
			if k := sassKind(in); k != "" {
				m[key{in.Line, k}]++
			}
		}
		if slices.ContainsFunc(deadLoops, func(d map[key]int) bool { return maps.Equal(d, m) }) {
			for b := l.Head; b <= l.Tail; b++ {
				out[b] = true
			}
		}
	}
	return out
}

// spreadInstances gives the SASS loops of copies of one loop body (the
// lines' loop is the first copy's) to the copies in order: ptxas keeps
// NVVM's order, and may make m loops of each copy (a body of k copies
// and a remainder).
func (p *PTXCounts) spreadInstances(g *sass.CFG, sassLoop []int) {
	byGroup := map[int][]int{} // first copy -> its SASS loops
	for s, li := range sassLoop {
		if li >= 0 && len(p.instances[li]) > 0 {
			first := p.instances[li][0]
			byGroup[first] = append(byGroup[first], s)
		}
	}
	for first, ss := range byGroup {
		group := p.instances[first]
		if len(ss)%len(group) != 0 {
			continue
		}
		slices.SortFunc(ss, func(a, b int) int { return g.Loops[a].Head - g.Loops[b].Head })
		m := len(ss) / len(group)
		for n, s := range ss {
			sassLoop[s] = group[n/m]
		}
	}
}

// around is the innermost PTX loop holding the PTX loops of the SASS
// loops directly inside SASS loop s, when s's own is not such a loop (-1
// when it is, or s has none inside).
func (p *PTXCounts) around(g *sass.CFG, sassLoop []int, s int) int {
	var inner []ptxLoop
	for i, l := range g.Loops {
		if l.Parent == s && sassLoop[i] >= 0 {
			inner = append(inner, p.loops[sassLoop[i]])
		}
	}
	holds := func(o ptxLoop) bool {
		for _, l := range inner {
			if !(o.head <= l.head && l.latch <= o.latch && (o.head != l.head || o.latch != l.latch)) {
				return false
			}
		}
		return true
	}
	if len(inner) == 0 || (sassLoop[s] >= 0 && holds(p.loops[sassLoop[s]])) {
		return -1
	}
	best := -1
	for i, o := range p.loops {
		if holds(o) && (best < 0 || o.latch-o.head < p.loops[best].latch-p.loops[best].head) {
			best = i
		}
	}
	return best
}

// outsideFits says whether the PTX has, in loop li's own body (outside
// loops: -1), as many anchors of each line and kind as code: then code is
// that body's, around an inner loop on the inner loop's line, not a copy
// of the inner loop — `for (k = rowptr[r]; k < rowptr[r + 1]; k++)`
// loads its bounds on the line of its body; NVVM peels an inner loop's
// first trips into the outer loop's body.
func (p *PTXCounts) outsideFits(code []sass.Instr, li int) bool {
	need := map[lineKind]int{}
	for _, in := range code {
		if k := sassKind(in); k != "" {
			need[lineKind{in.Line, k}]++
		}
	}
	if len(need) == 0 {
		return false
	}
	have := p.kinds[li]
	for k, n := range need {
		if n > have[k] {
			return false
		}
	}
	return true
}

// lineKind is an anchor's source line and kind (ptxKind, sassKind).
type lineKind struct {
	line int
	kind string
}

// pairAnchors gives the anchors of the blocks the value (val: by PTX
// instruction) of their PTX twins in loop li's own body (outside loops:
// -1): the n-th SASS anchor of a line and kind is the n-th PTX one when
// both have as many (exact); otherwise each gets their mean.
func pairAnchors(code []sass.Instr, g *sass.CFG, blocks []int, p *PTXCounts, li int, val []float64) (out map[int]float64, exact map[int]bool) {
	type key struct {
		line int
		kind string
	}
	ptxOf := map[key][]float64{}
	for i, in := range p.fn.Body {
		if k := ptxKind(in); k != "" && p.loopOf[i] == li {
			ptxOf[key{p.line[i], k}] = append(ptxOf[key{p.line[i], k}], val[i])
		}
	}
	sassOf := map[key][]int{}
	for _, b := range blocks {
		for i := g.Blocks[b].From; i < g.Blocks[b].To; i++ {
			if k := sassKind(code[i]); k != "" {
				sassOf[key{code[i].Line, k}] = append(sassOf[key{code[i].Line, k}], i)
			}
		}
	}
	out, exact = map[int]float64{}, map[int]bool{}
	for k, is := range sassOf {
		ps := ptxOf[k]
		if len(ps) == 0 {
			continue
		}
		mean := 0.0
		for _, c := range ps {
			mean += c / float64(len(ps))
		}
		for n, i := range is {
			if len(ps) == len(is) {
				out[i], exact[i] = ps[n], true
			} else {
				out[i] = mean
			}
		}
	}
	return out, exact
}

// perIteration is how often a block of loop li runs per iteration of it
// (below 1 for an if inside the loop; at most 1). A block runs as a unit:
// as often as its unguarded anchors' PTX twins in the loop (twins: their
// executions per iteration), the most of them — the BSYNC that ends an
// if stands on the if's line, and a line may hold both an unguarded
// compare-and-swap and the guarded work after it. A block without such
// anchors runs as its lines of the loop do on the mean.
func perIteration(code []sass.Instr, blk sass.Block, twins map[int]float64, p *PTXCounts, li int) float64 {
	r, anchored := 0.0, false
	for i := blk.From; i < blk.To; i++ {
		if t, ok := twins[i]; ok && code[i].Predicate == "" && t >= 0 {
			r, anchored = math.Max(r, math.Min(t, 1)), true
		}
	}
	if anchored {
		return r
	}
	sum, n := 0.0, 0
	for _, in := range code[blk.From:blk.To] {
		if r, ok := p.inLoop[in.Line]; ok && p.same(p.lineLoop[in.Line], li) {
			sum += math.Min(r, 1)
			n++
		}
	}
	if n == 0 {
		return 1
	}
	return sum / float64(n)
}

func gcdInt(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
