package vgpu

import (
	"math/bits"
	"slices"

	"github.com/culab/culab/cudalib/ptx"
)

// Counters of mechanisms the time model needs beyond Nsight Compute's:
// the constant cache's distinct words per warp request, and the global
// loads a warp waits for one after another (Counters.ConstLoadWords,
// SerialLoadRequests). Both are chosen per instruction when the function
// is decoded (mechCounter), so the hot loop only calls the instruction's
// counting function, as for every other memory counter.

// mechCounter returns the counting function of the i-th instruction of
// f (decoded as ins, whose plain counter is ins.count) where it counts a
// mechanism, else ins.count: a load of .const memory at an address that
// varies from lane to lane (ptxas makes it an LDC; a uniform one is an
// operand), a global load or returning atomic that serial marks as the
// first of its level, or a load beside one (serialLoads), or a load
// outside loops that dependent marks (dependentLoads).
func mechCounter(in *ptx.Instr, ins *inst, i int, vary map[string]bool, serial, dependent map[int]bool) func(*warp, *inst, uint32) {
	first, ok := serial[i]
	switch {
	case dependent[i] && in.Op != "atom" && ins.count != nil:
		return countDependentLoad
	case (in.Op == "ld" || in.Op == "ldu") && hasMod(in.Mods, "const") && ins.base >= 0 && addrVaries(in, vary):
		return countConst
	case first && in.Op == "atom":
		return countSerialAtomic
	case first && ins.count != nil:
		return countSerialLoad
	case ok && in.Op != "atom" && ins.count != nil:
		return countSerialBeside
	}
	return ins.count
}

// addrVaries reports whether a memory instruction's address register
// varies from lane to lane (uniform.go).
func addrVaries(in *ptx.Instr, vary map[string]bool) bool {
	for _, o := range in.Operands {
		if o.Kind == ptx.Addr {
			return vary[o.Name]
		}
	}
	return false
}

// countConst counts an LDC: a request of the active lanes, and the
// distinct words they read.
func countConst(w *warp, in *inst, m uint32) {
	if m == 0 {
		return
	}
	var buf [32]uint64
	n := 0
	base := &w.frame[in.base]
	for mm := m; mm != 0; mm &= mm - 1 {
		buf[n] = (base[bits.TrailingZeros32(mm)] + in.off) >> 2
		n++
	}
	c := &w.wk.counts[in.id]
	c.ConstLoadRequests++
	c.ConstLoadWords += int64(len(distinct(buf[:n])))
}

// countSerialLoad counts a serial load as a load, and as serial where it
// went to global memory: a hit of each of the warp's two L1 shares where
// they held every sector its lanes read (SerialHits4K, SerialHits64K).
func countSerialLoad(w *warp, in *inst, m uint32) {
	c := &w.wk.counts[in.id]
	before := c.GlobalLoadRequests
	w.countAccess(in, m, false)
	if c.GlobalLoadRequests == before {
		return
	}
	c.SerialLoadRequests++
	if w.serial == nil {
		w.serial = new(serialCache)
	}
	small, large := w.serial.touchAll(w, in, m)
	w.serial.last, w.serial.small4K, w.serial.large64K = int(in.id)+1, small, large
	if small {
		c.SerialHits4K++
	}
	if large {
		c.SerialHits64K++
	}
}

// countDependentLoad counts a load outside loops that waits for a load
// before it (dependentLoads) as a load, and as dependent where it went to
// global memory.
func countDependentLoad(w *warp, in *inst, m uint32) {
	c := &w.wk.counts[in.id]
	before := c.GlobalLoadRequests
	w.countAccess(in, m, false)
	if c.GlobalLoadRequests != before {
		c.DependentLoadRequests++
	}
}

// countSerialBeside counts a load of a serial loop that waits with the
// first load of its level (serialLoads): it reads its sectors through
// the warp's L1 shares, and where it misses one the last serial request
// counted as a hit there is not (a merge waits for a[i] and b[j]).
func countSerialBeside(w *warp, in *inst, m uint32) {
	c := &w.wk.counts[in.id]
	before := c.GlobalLoadRequests
	w.countAccess(in, m, false)
	if c.GlobalLoadRequests == before || w.serial == nil || w.serial.last == 0 {
		return
	}
	small, large := w.serial.touchAll(w, in, m)
	first := &w.wk.counts[w.serial.last-1]
	if w.serial.small4K && !small {
		w.serial.small4K = false
		first.SerialHits4K--
	}
	if w.serial.large64K && !large {
		w.serial.large64K = false
		first.SerialHits64K--
	}
}

// serialCache is the sectors a warp's serial loads read, as its share of
// L1 would hold them at two occupancies: 4 KB (128 sectors, L1's 256 KB
// over 64 warps) and 64 KB (2048 sectors, over 4 warps less what shared
// memory takes). Only the warp's own serial loads fill it: L1 is the
// SM's, but a warp's share is what it can count on. Emptied at each block.
type serialCache struct {
	small  [16 * ways]uint64
	large  [256 * ways]uint64
	recent [32][2]uint64 // each lane's two last sectors (+ 1), the last first
	// The last serial request (its instruction's id + 1; 0: none yet),
	// and whether it counted as a hit of each share.
	last              int
	small4K, large64K bool
}

// touchAll reads the sectors of the lanes in m of a load through both
// shares and reports whether each held them all.
func (sc *serialCache) touchAll(w *warp, in *inst, m uint32) (small, large bool) {
	base := &zeroRow
	if in.base >= 0 {
		base = &w.frame[in.base]
	}
	small, large = true, true
	prev := ^uint64(0)
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros32(mm)
		s := (base[l] + in.off) >> 5
		// A lane re-reading one of the two sectors it read last (a walk,
		// a merge's two lists) hits without a lookup: most steps of a
		// sequential walk, at a fraction of a lookup's cost.
		r := &sc.recent[l]
		switch s + 1 {
		case r[0]:
			continue
		case r[1]:
			r[0], r[1] = r[1], r[0]
			continue
		}
		r[0], r[1] = s+1, r[0]
		if s == prev {
			continue // neighbouring lanes in one sector: looked up already
		}
		prev = s
		small = touch(sc.small[:], s) && small
		large = touch(sc.large[:], s) && large
	}
	return small, large
}

// ways is the associativity of a serialCache share.
const ways = 8

// touch reports whether sector s is in c, a set-associative cache of
// sectors (sector + 1; 0 is empty; each set's ways most recent first), and
// makes it its set's most recent, evicting the least recent where it was
// not. Sectors are spread over the sets by a multiplicative hash (lanes
// a power of two apart would otherwise share a set).
func touch(c []uint64, s uint64) bool {
	sets := uint64(len(c) / ways)
	i := (s * 0x9E3779B97F4A7C15 >> 40) & (sets - 1) * ways
	set := c[i : i+ways]
	tag := s + 1
	p := 0
	for p < ways-1 && set[p] != tag {
		p++
	}
	hit := set[p] == tag
	copy(set[1:p+1], set[:p])
	set[0] = tag
	return hit
}

// countSerialAtomic counts a returning atomic of a serial loop (a CAS
// probe) as an atomic, and as serial: it never hits L1 (the L2 performs
// it), and the loads beside it have no hit to take back.
func countSerialAtomic(w *warp, in *inst, m uint32) {
	countAtomic(w, in, m)
	if m != 0 && in.space != spShared {
		w.wk.counts[in.id].SerialLoadRequests++
		if w.serial != nil {
			w.serial.last = 0
		}
	}
}

// serialLoads returns the indices in f.Body of the global loads and
// returning atomics a warp waits for one after another (true: one for
// each level of dependent loads of an iteration, critical; false: the
// loads beside them, which wait with them): in an innermost
// loop (a backward bra with no other inside it), those whose address
// depends on a value a load of an earlier iteration returned (p =
// next[p]), and all of them where a branch of the loop depends on a value
// a load of the same iteration returned (a probe, a search, a CAS retry:
// the GPU issues nothing past a branch it has not resolved, so the next
// iteration's loads wait for this one's). The analysis follows the loop
// body in order as straight-line code, twice: once from no tainted
// register (which registers a load of this iteration taints, and which
// branches they decide), once from those, with loads not tainting (which
// addresses come from an earlier iteration's loads).
func serialLoads(f *ptx.Func) map[int]bool {
	serial := map[int]bool{}
	backs := backEdges(f)
	for _, b := range backs {
		inner := true
		for _, o := range backs {
			if o != b && o[0] >= b[0] && o[1] < b[1] {
				inner = false
				break
			}
		}
		if !inner {
			continue
		}
		body := f.Body[b[0] : b[1]+1]
		tainted, branches, _ := taintWalk(body, map[string]bool{}, true)
		_, _, chained := taintWalk(body, tainted, false)
		if !branches && len(chained) == 0 {
			continue
		}
		for _, k := range critical(body) {
			serial[b[0]+k] = true
		}
		for k, in := range body {
			if _, ok := serial[b[0]+k]; !ok && memLoad(in) {
				serial[b[0]+k] = false
			}
		}
	}
	return serial
}

// dependentLoads returns the indices in f.Body of the global loads outside
// loops that wait for a load before them: the first load of each level of
// dependent loads (loadLevels) from the second on (a gather a[idx[t]]:
// sddmm's a[row[k]], a CSR row's x[col[k]] unrolled); the loads beside it
// wait with it. bench/microbench/depth.cu on the H200: each level of a
// one-shot grid's dependent loads adds a latency a wave, where
// independent loads add only their bytes.
func dependentLoads(f *ptx.Func) map[int]bool {
	loops := backEdges(f)
	dependent := map[int]bool{}
	seen := map[int]bool{}
	for _, l := range loadLevels(f.Body) {
		if l.h < 2 || seen[l.h] || slices.ContainsFunc(loops, func(b [2]int) bool { return b[0] <= l.k && l.k <= b[1] }) {
			continue
		}
		seen[l.h] = true
		dependent[l.k] = true
	}
	return dependent
}

// backEdges returns f's loops as the ranges of f.Body from a backward
// branch's target to the branch.
func backEdges(f *ptx.Func) [][2]int {
	var backs [][2]int
	for j, in := range f.Body {
		if in.Op != "bra" || len(in.Operands) != 1 {
			continue
		}
		if t, ok := f.Labels[in.Operands[0].Name]; ok && t <= j {
			backs = append(backs, [2]int{t, j})
		}
	}
	return backs
}

// critical returns the loads (by index in body) that start each level of
// a loop iteration's dependent loads: a load's level is one more than the
// highest level of the loads its address derives from in the iteration
// (the loop's carried registers are level 0), and the first load of each
// level stands for the loads beside it, which wait together (p0..p3 =
// next[p0..p3], unrolled by 4: four levels of four loads, four waits an
// iteration).
func critical(body []*ptx.Instr) []int {
	var firsts []int
	seen := map[int]bool{}
	for _, l := range loadLevels(body) {
		if !seen[l.h] {
			seen[l.h] = true
			firsts = append(firsts, l.k)
		}
	}
	return firsts
}

// loadLevels returns each load of body (by index, in order) with its
// level: one more than the highest level of the loads its operands derive
// from, following body in order as straight-line code from registers of
// level 0.
func loadLevels(body []*ptx.Instr) []leveled {
	level := map[string]int{}
	lv := func(o ptx.Operand) int {
		h := 0
		eachReg(o, func(r string) { h = max(h, level[r]) })
		return h
	}
	var loads []leveled
	for k, in := range body {
		if len(in.Operands) == 0 || !writes(in.Op) {
			continue
		}
		h := 0
		for _, o := range in.Operands[1:] {
			h = max(h, lv(o))
		}
		if memLoad(in) {
			h++
			loads = append(loads, leveled{k, h})
		}
		d := in.Operands[0]
		switch d.Kind {
		case ptx.Reg:
			level[d.Name] = h
		case ptx.Vec, ptx.Pair:
			for _, e := range d.Elems {
				level[e.Name] = h
			}
		}
	}
	return loads
}

// leveled is a load's index in a body and its level (loadLevels).
type leveled struct{ k, h int }

// memLoad reports whether an instruction is a load from global (or
// generic) memory, or an atomic that returns a value.
func memLoad(in *ptx.Instr) bool {
	switch in.Op {
	case "ld", "ldu":
		return !hasMod(in.Mods, "const") && !hasMod(in.Mods, "param") && !hasMod(in.Mods, "shared") && !hasMod(in.Mods, "local")
	case "atom":
		return !hasMod(in.Mods, "shared")
	}
	return false
}

// taintWalk follows body in order from the tainted registers in start: a
// register an instruction writes is tainted if a source (or its guard) is,
// or, with fresh, if it is a load's. It returns the registers tainted at
// the end, whether a conditional branch's guard was tainted, and which
// loads (by index in body) had a tainted address.
func taintWalk(body []*ptx.Instr, start map[string]bool, fresh bool) (map[string]bool, bool, map[int]bool) {
	t := make(map[string]bool, len(start))
	for r, v := range start {
		t[r] = v
	}
	branches := false
	chained := map[int]bool{}
	uses := func(o ptx.Operand) bool {
		hit := false
		eachReg(o, func(r string) { hit = hit || t[r] })
		return hit
	}
	for k, in := range body {
		guard := in.Guard != "" && t[in.Guard]
		if in.Op == "bra" {
			branches = branches || guard
			continue
		}
		if len(in.Operands) == 0 || !writes(in.Op) {
			continue
		}
		v := guard
		load := memLoad(in)
		for _, o := range in.Operands[1:] {
			if uses(o) {
				v = true
				if load && o.Kind == ptx.Addr {
					chained[k] = true
				}
			}
		}
		v = v || (fresh && load)
		d := in.Operands[0]
		set := func(name string) {
			if v {
				t[name] = true
			} else if in.Guard == "" {
				delete(t, name)
			}
		}
		switch d.Kind {
		case ptx.Reg:
			set(d.Name)
		case ptx.Vec, ptx.Pair:
			for _, e := range d.Elems {
				if e.Kind == ptx.Reg {
					set(e.Name)
				}
			}
		}
	}
	return t, branches, chained
}

// pollLoop reports whether f waits in a loop on memory another block
// writes: a loop that polls (a volatile, relaxed or acquire
// load, or an atomic add, or or max of 0, as atomicAdd(&flag, 0)), stores
// nothing to global memory, and branches on what it read (a decoupled
// look-back's wait on its predecessor's flag). How many turns such a loop
// makes depends on how the interpreter's workers interleave the blocks,
// so a kernel that has one runs its blocks one after another, in order,
// on one worker: a block only waits on earlier blocks (the GPU dispatches
// them in order, and a wait on a later one would never end with one
// worker either), so every poll finds its flag set at the first turn, the
// same on any number of cores. The turns the GPU spends waiting are not
// modeled: the time model sees one poll a wait.
func pollLoop(f *ptx.Func) bool {
	for j, in := range f.Body {
		if in.Op != "bra" || len(in.Operands) != 1 {
			continue
		}
		t, ok := f.Labels[in.Operands[0].Name]
		if !ok || t > j {
			continue
		}
		body := f.Body[t : j+1]
		polls, stores := false, false
		for _, b := range body {
			switch {
			case b.Op == "st" && !hasMod(b.Mods, "shared") && !hasMod(b.Mods, "local"):
				stores = true
			case (b.Op == "ld" || b.Op == "ldu") && memLoad(b) &&
				(hasMod(b.Mods, "volatile") || hasMod(b.Mods, "relaxed") || hasMod(b.Mods, "acquire")):
				polls = true
			case b.Op == "atom" && memLoad(b) && zeroOperand(b) &&
				(hasMod(b.Mods, "add") || hasMod(b.Mods, "or") || hasMod(b.Mods, "max")):
				polls = true
			}
		}
		if polls && !stores {
			if _, branches, _ := taintWalk(body, map[string]bool{}, true); branches {
				return true
			}
		}
	}
	return false
}

// orderedAtomics reports whether what f computes can depend on the order
// its blocks' global atomics land: an atomic whose old value is read (a
// queue's slot, a radix rank, a compare-and-swap's retry), an exchange,
// compare-and-swap, wrapping increment or decrement (the value left
// depends on the order), or a float add (rounding depends on it). The
// workers interleave blocks as they happen to run, so such a kernel runs
// its blocks one after another on one worker, as pollLoop's do: the same
// outputs and counters on any number of cores. Integer adds, minima,
// maxima and bitwise ones whose result nothing reads (a histogram's
// counts) commute and keep every worker.
func orderedAtomics(f *ptx.Func) bool {
	reads := map[string]int{} // register → operands naming it
	for _, in := range f.Body {
		for _, o := range in.Operands {
			eachReg(o, func(r string) { reads[r]++ })
		}
	}
	for _, in := range f.Body {
		if (in.Op != "atom" && in.Op != "red") || hasMod(in.Mods, "shared") || len(in.Operands) == 0 {
			continue
		}
		switch {
		case hasMod(in.Mods, "exch") || hasMod(in.Mods, "cas") || hasMod(in.Mods, "inc") || hasMod(in.Mods, "dec"):
			return true
		case hasMod(in.Mods, "add") && floatAtomic(in):
			return true
		case in.Op == "atom" && in.Operands[0].Kind == ptx.Reg && reads[in.Operands[0].Name] > 1:
			return true // read besides here, where the atomic writes it
		}
	}
	return false
}

// floatAtomic reports whether an atomic's type is a floating point one.
func floatAtomic(in *ptx.Instr) bool {
	for _, m := range []string{"f32", "f64", "f16", "bf16", "f16x2", "bf16x2"} {
		if hasMod(in.Mods, m) {
			return true
		}
	}
	return false
}

// zeroOperand reports whether an atomic's value operand is the literal 0.
func zeroOperand(in *ptx.Instr) bool {
	n := len(in.Operands)
	return n >= 3 && in.Operands[n-1].Kind == ptx.Int && in.Operands[n-1].Int == 0
}

// eachReg calls f with each register operand o reads: itself, an
// address's base, a vector's or list's elements.
func eachReg(o ptx.Operand, f func(string)) {
	switch o.Kind {
	case ptx.Reg, ptx.Addr:
		f(o.Name)
	case ptx.Vec, ptx.List, ptx.Pair:
		for _, e := range o.Elems {
			eachReg(e, f)
		}
	}
}
