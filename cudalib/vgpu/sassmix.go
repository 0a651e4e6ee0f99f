package vgpu

import "github.com/culab/culab/cudalib/ptx"

// What the GPU issues for a PTX instruction, where ptxas makes more than
// one SASS instruction of it or runs it on a slower pipe (the time model's
// issue and FP64 terms; Counters.SASSWarpInstrs, FP64WarpInstrs).
//
// Division sequences are SASS instructions per operation inside a loop
// whose divisor does not change (the reciprocal of the divisor is hoisted
// out), as NVRTC 13 and ptxas make them for sm_90: cudalib/sass on a loop
// of 16 divisions against the same loop of adds (TestDivisionSequences
// holds them to it where the tools are installed). Float division is its
// fast path (MUFU.RCP, FFMAs, FCHK and the branch over the slow one).
var divisionSASS = map[string]int64{
	"div.s32": 13, "div.u32": 10, "rem.s32": 12, "rem.u32": 10, "div.f32": 10,
}

// sassOf returns the SASS instructions one execution of p issues, and
// whether it runs on the FP64 pipe.
func sassOf(p *ptx.Instr) (n int64, fp64 bool) {
	typ := mainType(p.Mods)
	switch p.Op {
	case "div", "rem":
		if p.Op == "div" && typ == "f32" && (hasMod(p.Mods, "approx") || hasMod(p.Mods, "full")) {
			return 1, false
		}
		if n, ok := divisionSASS[p.Op+"."+typ]; ok {
			return n, false
		}
	case "add", "sub", "mul", "fma", "mad", "neg", "abs", "min", "max", "setp", "selp":
		return 1, typ == "f64" && p.Op != "selp"
	case "cvt":
		for _, m := range p.Mods {
			if m == "f64" {
				return 1, true
			}
		}
	}
	return 1, false
}
