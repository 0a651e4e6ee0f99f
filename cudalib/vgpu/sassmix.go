package vgpu

import "github.com/culab/culab/cudalib/ptx"

// What the GPU issues for a PTX instruction, where ptxas makes more than
// one SASS instruction of it or runs it on a slower pipe (the time model's
// issue, FP64, SFU and shuffle terms; Counters.SASSWarpInstrs,
// FP64WarpInstrs, SFUWarpInstrs, FP32WarpInstrs, ShuffleWarpInstrs).
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

// pipe is where an instruction's slow part runs, beside issue.
type pipe int

const (
	pipeIssue   pipe = iota // issue alone: the FMA and ALU pipes keep up with it
	pipeFP64                // the FP64 pipe, half the FP32 lanes
	pipeSFU                 // the special-function unit (MUFU), 16 lanes an SM
	pipeFP32                // the FMA pipe: 64 or 128 FP32 lanes an SM, by architecture
	pipeShuffle             // the shuffle unit: a warp's SHFL a cycle an SM
)

// sassOf returns the SASS instructions one execution of p issues, and
// the pipe that runs it: FP64 arithmetic, or for the transcendentals,
// reciprocals and square roots, one MUFU instruction on the SFU (a float
// division's reciprocal too).
func sassOf(p *ptx.Instr) (n int64, on pipe) {
	typ := mainType(p.Mods)
	switch p.Op {
	case "div", "rem":
		if p.Op == "div" && typ == "f32" && (hasMod(p.Mods, "approx") || hasMod(p.Mods, "full")) {
			return 1, pipeSFU
		}
		if n, ok := divisionSASS[p.Op+"."+typ]; ok {
			if typ == "f32" {
				return n, pipeSFU
			}
			return n, pipeIssue
		}
	case "sin", "cos", "ex2", "lg2", "tanh", "rsqrt":
		return 1, pipeSFU
	case "rcp", "sqrt":
		if typ == "f32" {
			return 1, pipeSFU
		}
	case "add", "sub", "mul", "fma", "mad", "neg", "abs", "min", "max", "setp", "selp":
		if typ == "f64" && p.Op != "selp" {
			return 1, pipeFP64
		}
		if typ == "f32" && (p.Op == "add" || p.Op == "sub" || p.Op == "mul" || p.Op == "fma" || p.Op == "mad") {
			return 1, pipeFP32
		}
	case "shfl":
		return 1, pipeShuffle
	case "cvt":
		for _, m := range p.Mods {
			if m == "f64" {
				return 1, pipeFP64
			}
		}
	}
	return 1, pipeIssue
}
