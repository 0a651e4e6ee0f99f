package vgpu

import (
	"cmp"
	"slices"
	"sync/atomic"

	"github.com/culab/culab/cudalib/counters"
	"github.com/culab/culab/cudalib/ptx"
)

// warpCounts is what one warp issued in one block, for the MaxWarp
// counters.
type warpCounts struct{ instrs, globalLoads, sharedLoads int64 }

// fold keeps, field by field, the larger of c and o.
func (c *warpCounts) fold(o *warpCounts) {
	c.instrs = max(c.instrs, o.instrs)
	c.globalLoads = max(c.globalLoads, o.globalLoads)
	c.sharedLoads = max(c.sharedLoads, o.sharedLoads)
}

// add adds o to c, field by field.
func (c *warpCounts) add(o *warpCounts) {
	c.instrs += o.instrs
	c.globalLoads += o.globalLoads
	c.sharedLoads += o.sharedLoads
}

// Profile is one launch's counters in total and per source line (sorted by
// File, Line).
type Profile struct {
	Kernel        string
	Grid, Block   [3]int
	DynamicShared int
	Total         counters.Counters
	Lines         []counters.Line
	// PTXWarpInstrs are the warp-instructions of each executed PTX
	// instruction, by its line in the PTX text (ptx.Instr.Line): the
	// counts per basic block that tools/zoocompare's SASS estimate reads.
	PTXWarpInstrs map[int]int64 `json:"-"`
	// PTXDivergent are the divergent executions of each PTX branch (its
	// lanes went both ways), by its line in the PTX text: the SASS
	// estimate's joins, where each group of lanes arrives on its own.
	PTXDivergent map[int]int64 `json:"-"`
	// Sample says the launch was sampled (Sample.Sampled: the counters are
	// scaled from the blocks that ran, and the others' outputs were not
	// written) or why a sample was not kept; nil when every block ran
	// without question.
	Sample *Sample `json:",omitempty"`
}

// result is what a launch's workers counted, summed per instruction.
type result struct {
	counts   []counters.Counters // by instruction id
	blocks   int64
	threads  int
	dram     int64
	loadDram int64 // of them, the sectors loads touched
	atomics  int64 // the most global atomics on one address
	// global atomic operations as the L2 applies them, and the distinct
	// words they touched
	atomicOps, atomicWords int64
	atomicSectors          int64 // the sectors of those words
	chunks                 int64 // 64-byte chunks holding a touched sector
	longest                warpCounts
	blockLongest           warpCounts // each block's longest warp, summed
	// sample, when the launch was sampled or considered for it; ran is
	// then what the blocks that ran executed (counts are scaled).
	sample *Sample
	ran    Stats
}

// numberInsts gives every instruction of the kernel and of the functions
// it calls its index into the per-instruction counters.
func (kd *kdec) numberInsts() {
	fns := []*function{kd.k.entry}
	for _, f := range kd.funcs {
		if f != kd.k.entry {
			fns = append(fns, f)
		}
	}
	slices.SortFunc(fns[1:], func(a, b *function) int { return cmp.Compare(a.name, b.name) })
	for _, f := range fns {
		for i := range f.code {
			f.code[i].id = int32(len(kd.k.insts))
			kd.k.insts = append(kd.k.insts, &f.code[i])
		}
		mergeSharedAccesses(f.code)
		markPredicated(f.code)
	}
}

// mergeSharedAccesses models ptxas's merge of shared loads, and of shared
// stores, into 16-byte ones (LDS.128, STS.128): in a stretch of code
// without control transfers, labels, barriers or atomics, unguarded
// ld.shared (st.shared) from one base register (not redefined in between)
// covering o..o+15 in pieces of 4 bytes (four) or of 8 (two: float2,
// double), where o and the base are 16-byte aligned (alignOf), become one
// 16-byte access at o, counted at the first of them; the others count
// nothing. A store ends the load groups (it may alias what they read), a
// shared load or a store outside the groups ends the store groups.
// Measured on H100: the tiled matmul's ta[ty][k..k+3] (ptxas makes 16
// LDS.32 + 4 LDS.128 of its 32 loads per tile) and Floyd–Warshall's
// col[i][k..k+3]; the padded tiles (rows of 33 or 17 floats) stay LDS.32;
// the blind zoo's fft_shared_table, whose first butterfly loads and
// stores x[2t] and x[2t+1] (float2) as one LDS.128 and one STS.128 (ncu:
// a request fewer of each a warp, 4 wavefronts fewer).
func mergeSharedAccesses(code []inst) {
	align := alignOf(code)
	target := map[int32]bool{}
	for i := range code {
		if code[i].ctl == ctlBra {
			target[code[i].target] = true
		}
	}
	type key struct {
		store bool
		base  string
		o     int64 // offset / 16
	}
	type group struct {
		piece   int64 // bytes a member moves: 4 or 8
		have    uint8 // bit j: the word at o+4j
		members []*inst
	}
	groups := map[key]*group{}
	drop := func(store bool) {
		for k := range groups {
			if k.store == store {
				delete(groups, k)
			}
		}
	}
	for i := range code {
		in := &code[i]
		if target[int32(i)] || in.ctl != ctlExec || in.src == nil {
			clear(groups)
			if in.ctl != ctlExec || in.src == nil {
				continue
			}
		}
		p := in.src
		if in.aux {
			continue
		}
		switch {
		case p.Op == "atom" || p.Op == "red" || p.Op == "bar" || p.Op == "barrier" || p.Op == "membar" || p.Op == "fence":
			clear(groups)
			continue
		case p.Op == "st":
			drop(false) // a store may alias what the loads read
		case p.Op == "ld" && (in.space == spShared || in.space == spGeneric):
			drop(true) // a load may read what the stores wrote
		case p.Op != "ld" && in.count != nil:
			clear(groups)
			continue
		}
		store := p.Op == "st"
		addr := 1 // the address operand: ld d, [a]; st [a], v
		if store {
			addr = 0
		}
		piece := int64(in.size) * int64(in.nvec)
		grouped := false
		if (p.Op == "ld" || store) && in.space == spShared && in.guard < 0 && (piece == 4 || piece == 8) && len(p.Operands) == 2 {
			a := p.Operands[addr]
			if a.Kind == ptx.Addr && a.Int >= 0 && a.Int%piece == 0 && (a.Name == "" || align[a.Name] >= 16 || a.Name[0] != '%') {
				k := key{store, a.Name, a.Int / 16}
				g := groups[k]
				if g == nil || g.piece != piece {
					g = &group{piece: piece}
					groups[k] = g
				}
				bits := uint8(1)<<(piece/4) - 1
				j := (a.Int % 16) / 4
				if g.have&(bits<<j) == 0 {
					g.have |= bits << j
					g.members = append(g.members, in)
					grouped = true
				}
				if g.have == 0xF {
					mergeGroup(g.members, store)
					delete(groups, k)
				}
			}
		}
		if store && !grouped && in.space != spGlobal {
			drop(true) // it may alias the stores being grouped
		}
		// A redefined register ends the groups based on it.
		if len(p.Operands) > 0 && !store {
			d := p.Operands[0]
			for k := range groups {
				if d.Kind == ptx.Reg && k.base == d.Name {
					delete(groups, k)
				}
			}
		}
	}
}

// mergeGroup makes the first member (in code order) count a 16-byte
// access at the lowest member's offset and the others count nothing.
func mergeGroup(m []*inst, store bool) {
	first, low := m[0], m[0]
	for _, x := range m[1:] {
		if x.id < first.id {
			first = x
		}
		if x.off < low.off {
			low = x
		}
	}
	wide := *low
	wide.nvec, wide.id = uint8(16/int(wide.size)), first.id
	for _, x := range m {
		x.count = nil
	}
	first.count = func(w *warp, _ *inst, mask uint32) { w.countAccess(&wide, mask, store) }
}

// alignOf returns, per PTX register, the alignment in bytes (1 to 16)
// that every value it takes is known to have: a variable's address is
// taken as 16-byte aligned (ptxas places shared variables), products
// and shifts by constants multiply alignments, sums take the smaller;
// anything else is 1. Registers defined more than once take the least
// over their definitions (iterated to a fixed point, from 16 down).
func alignOf(code []inst) map[string]int64 {
	align := map[string]int64{}
	val := func(o ptx.Operand) int64 {
		switch o.Kind {
		case ptx.Symbol:
			return 16
		case ptx.Int:
			if o.Int == 0 {
				return 16
			}
			return min(16, o.Int&-o.Int)
		case ptx.Reg:
			if a, ok := align[o.Name]; ok {
				return a
			}
		}
		return 1
	}
	var defs []*ptx.Instr
	for i := range code {
		p := code[i].src
		if p == nil || code[i].aux {
			continue
		}
		if len(p.Operands) > 0 && p.Operands[0].Kind == ptx.Reg && p.Op != "st" && p.Op != "bra" {
			defs = append(defs, p)
			align[p.Operands[0].Name] = 16
		}
	}
	for changed := true; changed; {
		changed = false
		for _, p := range defs {
			o := p.Operands
			// (a guarded definition may leave the old value: the least of
			// a register's definitions covers that too)
			if a := def(p, val); a < align[o[0].Name] {
				align[o[0].Name] = a
				changed = true
			}
		}
	}
	return align
}

// def is the alignment of the value instruction p computes (see alignOf).
func def(p *ptx.Instr, val func(ptx.Operand) int64) int64 {
	o := p.Operands
	switch {
	case p.Op == "mov" || p.Op == "cvt" || p.Op == "cvta":
		if len(o) == 2 {
			return val(o[1])
		}
	case p.Op == "add" && len(o) == 3:
		return min(val(o[1]), val(o[2]))
	case p.Op == "mul" && len(o) == 3 && !hasMod(p.Mods, "hi"):
		return min(16, val(o[1])*val(o[2]))
	case p.Op == "mad" && len(o) == 4 && !hasMod(p.Mods, "hi"):
		return min(16, val(o[1])*val(o[2]), val(o[3]))
	case p.Op == "shl" && len(o) == 3 && o[2].Kind == ptx.Int && o[2].Int < 8:
		return min(16, val(o[1])<<o[2].Int)
	}
	return 1
}

// predRegion is what a warp that goes one way at a conditional bra skips
// in PTX but issues on the GPU, where ptxas predicated the branch away.
type predRegion struct {
	jumped []*inst // shared ld/st skipped when every active lane jumps
	fallen []*inst // those of the else-part skipped when no lane jumps
}

// maxPredicated is the longest branch-free stretch of PTX (helpers
// aside) that ptxas is taken to predicate rather than branch around. It
// is fitted to ncu on H100 (COUNTERS.md): stretches of 1 to 9
// instructions around shared accesses were predicated (every warp issued
// them), one of 26 was not.
const maxPredicated = 12

// markPredicated finds the conditional forward branches that ptxas turns
// into predication — an if over at most maxPredicated branch-free
// instructions, or an if/else whose two parts are such — and gives each
// the shared accesses it jumps over. A branch to a ret is an early exit
// (EXIT on the GPU), not predicated.
func markPredicated(code []inst) {
	for i := range code {
		b := &code[i]
		t := int(b.target)
		if b.ctl != ctlBra || b.guard < 0 || t <= i || t >= len(code) || code[t].ctl == ctlRet {
			continue
		}
		then, end := code[i+1:t], t
		if k := lastReal(then); k >= 0 && then[k].ctl == ctlBra && then[k].guard < 0 && int(then[k].target) > t {
			end = int(then[k].target) // if/else: then ends jumping over else
			then = then[:k]
		}
		jumped, ok := straight(then)
		if !ok {
			continue
		}
		fallen, ok := straight(code[t:end])
		if !ok || len(jumped)+len(fallen) == 0 {
			continue
		}
		b.pred = &predRegion{jumped: jumped, fallen: fallen}
	}
}

// lastReal is the index of the last instruction of s that is no decoder
// helper, or -1.
func lastReal(s []inst) int {
	for k := len(s) - 1; k >= 0; k-- {
		if !s[k].aux {
			return k
		}
	}
	return -1
}

// straight returns the shared ld/st of s if s is at most maxPredicated
// instructions with no control transfer (branch, barrier, call, return).
func straight(s []inst) (shared []*inst, ok bool) {
	n := 0
	for k := range s {
		in := &s[k]
		if in.ctl != ctlExec {
			return nil, false
		}
		if in.aux {
			continue
		}
		if n++; n > maxPredicated {
			return nil, false
		}
		if in.space == spShared && in.count != nil && (in.src.Op == "ld" || in.src.Op == "st") {
			shared = append(shared, in)
		}
	}
	return shared, true
}

// profile folds the per-instruction counts into lines and the total.
func (r *result) profile(k *Kernel, l Launch) *Profile {
	p := &Profile{Kernel: k.name, Grid: l.Grid, Block: l.Block, DynamicShared: l.DynamicShared, PTXWarpInstrs: map[int]int64{}, PTXDivergent: map[int]int64{},
		Sample: r.sample}
	type key struct {
		file string
		line int
	}
	at := map[key]int{}
	for id, in := range k.insts {
		c := r.counts[id]
		if in.aux {
			c.WarpInstrs, c.ThreadInstrs = 0, 0
		}
		if c.WarpInstrs > 0 && in.src != nil {
			n, on := sassOf(in.src)
			c.SASSWarpInstrs = c.WarpInstrs * n
			c.ChainWarpInstrs = c.SASSWarpInstrs
			switch on {
			case pipeFP64:
				c.FP64WarpInstrs = c.WarpInstrs
			case pipeSFU:
				c.SFUWarpInstrs = c.WarpInstrs
			case pipeFP32:
				c.FP32WarpInstrs = c.WarpInstrs
			case pipeShuffle:
				c.ShuffleWarpInstrs = c.WarpInstrs
			}
		}
		if c == (counters.Counters{}) {
			continue
		}
		p.Total.Add(&c)
		if in.src != nil && c.WarpInstrs > 0 {
			p.PTXWarpInstrs[in.src.Line] += c.WarpInstrs
		}
		if in.src != nil && c.DivergentBranches > 0 {
			p.PTXDivergent[in.src.Line] += c.DivergentBranches
		}
		if in.src == nil || in.src.Loc.Line == 0 {
			continue
		}
		kk := key{k.m.src.Files[in.src.Loc.File], in.src.Loc.Line}
		i, ok := at[kk]
		if !ok {
			i = len(p.Lines)
			at[kk] = i
			p.Lines = append(p.Lines, counters.Line{File: kk.file, Line: kk.line})
		}
		p.Lines[i].Add(&c)
	}
	slices.SortFunc(p.Lines, func(a, b counters.Line) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line))
	})
	p.Total.Blocks = r.blocks
	p.Total.Threads = r.blocks * int64(r.threads)
	p.Total.DRAMSectors = r.dram
	p.Total.LoadSectors = r.loadDram
	p.Total.MaxAddressAtomics = r.atomics
	p.Total.AtomicSectorOps = r.atomicOps
	p.Total.AtomicAddresses = r.atomicWords
	p.Total.AtomicSectors = r.atomicSectors
	p.Total.DRAMChunks = r.chunks
	p.Total.MaxWarpInstrs = r.longest.instrs
	p.Total.MaxWarpGlobalLoads = r.longest.globalLoads
	p.Total.MaxWarpSharedLoads = r.longest.sharedLoads
	p.Total.BlockWarpInstrs = r.blockLongest.instrs
	p.Total.BlockWarpGlobalLoads = r.blockLongest.globalLoads
	p.Total.BlockWarpSharedLoads = r.blockLongest.sharedLoads
	return p
}

// stats sums every executed instruction, the decoder's helpers included
// (what the speed benchmarks divide by time).
func (r *result) stats() Stats {
	if r.sample != nil && r.sample.Sampled {
		return r.ran
	}
	var s Stats
	for i := range r.counts {
		s.WarpInstrs += r.counts[i].WarpInstrs
		s.ThreadInstrs += r.counts[i].ThreadInstrs
	}
	return s
}

// observer, when set, profiles every launch of every GPU (see Observe).
var observer atomic.Pointer[func(*Profile)]

// Observe makes every later launch in the process, on any GPU, profile
// itself and hand its profile to f, in the order the launches finish (nil:
// stop). It is for tools that run code launching through a layer above
// this package (tools/ncucompare runs the labs through cudalib); f must be
// safe to call from several goroutines.
func Observe(f func(*Profile)) {
	if f == nil {
		observer.Store(nil)
		return
	}
	observer.Store(&f)
}
