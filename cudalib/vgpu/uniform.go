package vgpu

import (
	"strings"

	"github.com/culab/culab/cudalib/ptx"
)

// ptxas turns a same-address atomic into a warp reduction and one RED or
// ATOM only where it can prove the address warp-uniform (cudalib/sass on
// tools/zoo: atomicAdd(&c[0], v) is REDUX.SUM and one REDG; c[i/32], the
// same address for a warp's lanes at run time, one REDG a lane). The
// virtual GPU counts the atomics the GPU performs (MaxAddressAtomics,
// AtomicSectorOps), so it needs the same proof.

// uniformSpecials are the special registers every lane of a warp reads
// alike.
var uniformSpecials = []string{"%ctaid", "%nctaid", "%ntid", "%nwarpid", "%warpid", "%smid", "%nsmid", "%gridid"}

// varyingRegs returns the registers of f whose value may differ between
// the lanes of a warp: those written from a lane's own special registers
// (%tid, %laneid, ...), from memory other than an entry's parameters and
// constant memory, by atomics, shuffles, votes and calls, and from such
// registers in turn. It is flow-insensitive (a register written anywhere
// from a varying value is varying everywhere) and ignores divergence,
// which only makes it prove less.
func varyingRegs(f *ptx.Func) map[string]bool {
	vary := map[string]bool{}
	var varying func(o ptx.Operand) bool
	varying = func(o ptx.Operand) bool {
		switch o.Kind {
		case ptx.Reg:
			for _, u := range uniformSpecials {
				if o.Name == u || strings.HasPrefix(o.Name, u+".") {
					return false
				}
			}
			return isSpecial(o.Name) || vary[o.Name]
		case ptx.Addr:
			return vary[o.Name]
		case ptx.Vec, ptx.List, ptx.Pair:
			for _, e := range o.Elems {
				if varying(e) {
					return true
				}
			}
		}
		return false
	}
	mark := func(o ptx.Operand) bool {
		changed := false
		if o.Kind == ptx.Reg && !vary[o.Name] {
			vary[o.Name], changed = true, true
		}
		for _, e := range o.Elems {
			if e.Kind == ptx.Reg && !vary[e.Name] {
				vary[e.Name], changed = true, true
			}
		}
		return changed
	}
	for changed := true; changed; {
		changed = false
		for _, in := range f.Body {
			if len(in.Operands) == 0 || !writes(in.Op) {
				continue
			}
			v := false
			switch in.Op {
			case "ld", "ldu":
				v = !(hasMod(in.Mods, "const") || f.Entry && hasMod(in.Mods, "param"))
			case "atom", "shfl", "vote", "match", "call", "activemask", "tex", "suld":
				v = true
			}
			for _, o := range in.Operands[1:] {
				v = v || varying(o)
			}
			if v && mark(in.Operands[0]) {
				changed = true
			}
		}
	}
	return vary
}

// isSpecial reports whether a register name is a special register's
// (%tid, %laneid, %clock: names the PTX does not declare).
func isSpecial(name string) bool {
	for _, s := range []string{"%tid", "%laneid", "%lanemask", "%clock", "%globaltimer", "%dynamic_smem_size", "%total_smem_size"} {
		if name == s || strings.HasPrefix(name, s+".") || strings.HasPrefix(name, s+"_") || strings.HasPrefix(name, s+"64") {
			return true
		}
	}
	return false
}

// writes reports whether an instruction's first operand is a register it
// writes.
func writes(op string) bool {
	switch op {
	case "st", "red", "bar", "barrier", "bra", "ret", "exit", "membar", "fence", "prefetch", "prefetchu", "trap",
		"brkpt", "nanosleep", "cp", "mbarrier", "griddepcontrol", "pmevent":
		return false
	}
	return true
}
