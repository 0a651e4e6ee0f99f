package vgpu

import (
	"math/bits"

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
// operand), a global load or returning atomic that serial marks.
func mechCounter(in *ptx.Instr, ins *inst, i int, vary map[string]bool, serial map[int]bool) func(*warp, *inst, uint32) {
	switch {
	case (in.Op == "ld" || in.Op == "ldu") && hasMod(in.Mods, "const") && ins.base >= 0 && addrVaries(in, vary):
		return countConst
	case serial[i] && in.Op == "atom":
		return countSerialAtomic
	case serial[i] && ins.count != nil:
		return countSerialLoad
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
// went to global memory.
func countSerialLoad(w *warp, in *inst, m uint32) {
	c := &w.wk.counts[in.id]
	before := c.GlobalLoadRequests
	w.countAccess(in, m, false)
	if c.GlobalLoadRequests > before {
		c.SerialLoadRequests++
	}
}

// countSerialAtomic counts a returning atomic of a serial loop (a CAS
// probe) as an atomic, and as serial.
func countSerialAtomic(w *warp, in *inst, m uint32) {
	countAtomic(w, in, m)
	if m != 0 && in.space != spShared {
		w.wk.counts[in.id].SerialLoadRequests++
	}
}

// serialLoads returns the indices in f.Body of the global loads and
// returning atomics a warp waits for one after another (one for each
// level of dependent loads of an iteration: critical): in an innermost
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
	var backs [][2]int
	for j, in := range f.Body {
		if in.Op != "bra" || len(in.Operands) != 1 {
			continue
		}
		if t, ok := f.Labels[in.Operands[0].Name]; ok && t <= j {
			backs = append(backs, [2]int{t, j})
		}
	}
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
	}
	return serial
}

// critical returns the loads (by index in body) that start each level of
// a loop iteration's dependent loads: a load's level is one more than the
// highest level of the loads its address derives from in the iteration
// (the loop's carried registers are level 0), and the first load of each
// level stands for the loads beside it, which wait together (p0..p3 =
// next[p0..p3], unrolled by 4: four levels of four loads, four waits an
// iteration).
func critical(body []*ptx.Instr) []int {
	level := map[string]int{}
	lv := func(o ptx.Operand) int {
		h := 0
		eachReg(o, func(r string) { h = max(h, level[r]) })
		return h
	}
	var firsts []int
	seen := map[int]bool{}
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
			if !seen[h] {
				seen[h] = true
				firsts = append(firsts, k)
			}
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
	return firsts
}

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
