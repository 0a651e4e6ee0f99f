package sass

import (
	"slices"
	"strings"
)

// Class is the kind of unit that executes an instruction on Hopper (sm_90):
// what a time model issues each class at its own rate.
type Class string

const (
	FMA     Class = "FMA"     // FP32 multiply-add pipe, and integer multiply-add (IMAD)
	ALU     Class = "ALU"     // integer and logic, compares, selects, moves
	SFU     Class = "SFU"     // MUFU: reciprocal, rsqrt, sin, cos, ex2, lg2
	Convert Class = "CONV"    // conversions and bit counts (I2F, F2I, POPC, FLO, ...)
	FP64    Class = "FP64"    // double precision
	Memory  Class = "LSU"     // loads, stores, atomics, shuffles (the MIO path)
	Const   Class = "CONST"   // constant-cache loads (kernel parameters, __constant__)
	Uniform Class = "UNIFORM" // the uniform datapath (U* instructions, S2UR)
	Control Class = "CONTROL" // branches, barriers, exits, synchronisation
	Other   Class = "OTHER"
)

// classes maps opcodes to their class; opcodes not listed are Other, and
// every opcode starting with U is Uniform.
var classes = byOpcode(
	opcodes[Class]{FMA, "FFMA FADD FMUL FFMA32I FADD32I FMUL32I IMAD IMAD32I IMUL IMUL32I HFMA2 HADD2 HMUL2 HFMA2_32I HADD2_32I HMUL2_32I IDP FSWZADD"},
	opcodes[Class]{ALU, "IADD3 IADD32I VIADD LOP3 LOP32I SHF SHL SHR ISETP FSETP HSETP2 SEL FSEL MOV MOV32I LEA IABS IMNMX VIMNMX FMNMX PRMT P2R R2P PLOP3 CS2R S2R FCHK ICMP FCMP CSET CSETP PSETP IADD BMSK SGXT LOP VOTE VOTEU"},
	opcodes[Class]{SFU, "MUFU"},
	opcodes[Class]{Convert, "I2F F2I F2F I2I FRND I2FP F2IP POPC FLO BREV F2FP"},
	opcodes[Class]{FP64, "DFMA DADD DMUL DSETP DMNMX"},
	opcodes[Class]{Memory, "LDG STG LDS STS LD ST LDL STL ATOM ATOMS ATOMG RED REDG LDSM LDGSTS SHFL MATCH REDUX"},
	opcodes[Class]{Const, "LDC"},
	opcodes[Class]{Control, "BRA BRX JMP JMX EXIT RET CALL BAR BSSY BSYNC WARPSYNC NOP YIELD BPT MEMBAR DEPBAR ERRBAR CCTL KILL ELECT"},
)

// classify returns an instruction's class and, for loads, stores and
// atomics (constant loads too), the bits a lane moves (from the width modifier: .64, .128,
// .U8, ..., 32 when none).
func classify(opcode string, mods []string) (Class, int) {
	c, ok := classes[opcode]
	switch {
	case ok:
	case strings.HasPrefix(opcode, "U") || opcode == "S2UR" || opcode == "R2UR":
		c = Uniform
	default:
		c = Other
	}
	if (c != Memory && c != Const) || opcode == "SHFL" || opcode == "MATCH" || opcode == "REDUX" {
		return c, 0
	}
	width := 32
	for _, m := range mods {
		switch m {
		case "U8", "S8":
			width = 8
		case "U16", "S16":
			width = 16
		case "64":
			width = 64
		case "128":
			width = 128
		}
	}
	return c, width
}

// Pipe is the execution pipe of an SM sub-partition that an instruction
// issues to, where that pipe is narrower than issue (one warp-instruction
// a cycle a sub-partition). bench/microbench/pipes.cu measured them on an
// H200 with ncu's smsp__inst_executed_pipe_* counts
// (docs/results/2026-11-29m-issue-pipes): FFMA, FADD and FMUL go to either
// half of the FMA pipe, four a cycle an SM; integer multiply-adds (IMAD,
// and IMAD.MOV, IMAD.IADD, VIADD that ptxas uses to balance the pipes)
// only to its heavy half, two a cycle, a 64-bit IMAD.WIDE or IMAD.HI
// taking two of them; integer and logic instructions, compares, selects,
// min/max and I2FP to the ALU, two a cycle; POPC and the slow conversions
// to the XU beside MUFU, half an instruction a cycle.
type Pipe uint8

const (
	PipeIssue    Pipe = iota // no pipe narrower than issue (memory, control, uniform, ...)
	PipeFMA                  // either half of the FMA pipe (FP32 arithmetic)
	PipeFMAHeavy             // the FMA pipe's heavy half only (integer multiply-add)
	PipeALU                  // the integer and logic ALU
	PipeXU                   // the transcendental and conversion unit (MUFU, POPC, F2I, ...)
)

var pipes = byOpcode(
	opcodes[Pipe]{PipeFMA, "FFMA FADD FMUL FFMA32I FADD32I FMUL32I HFMA2 HADD2 HMUL2 HFMA2_32I HADD2_32I HMUL2_32I FSWZADD"},
	opcodes[Pipe]{PipeFMAHeavy, "IMAD IMAD32I IMUL IMUL32I IDP VIADD"},
	opcodes[Pipe]{PipeALU, "IADD3 IADD32I IADD LOP3 LOP32I LOP SHF SHL SHR ISETP FSETP HSETP2 SEL FSEL MOV MOV32I LEA IABS IMNMX VIMNMX VIMNMX3 FMNMX PRMT P2R R2P PLOP3 ICMP FCMP CSET CSETP PSETP BMSK SGXT FCHK I2FP F2IP F2FP"},
	opcodes[Pipe]{PipeXU, "MUFU POPC FLO BREV I2F F2I F2F I2I FRND"},
)

// Pipe is the pipe the instruction issues to, and the issue slots of that
// pipe it takes: two for an integer multiply-add of a 64-bit result
// (IMAD.WIDE, IMAD.HI), one for the rest.
func (in Instr) Pipe() (Pipe, int) {
	p := pipes[in.Opcode]
	if p == PipeFMAHeavy && (slices.Contains(in.Modifiers, "WIDE") || slices.Contains(in.Modifiers, "HI")) {
		return p, 2
	}
	return p, 1
}

// opcodes is a space-separated list of opcodes that share key.
type opcodes[K any] struct {
	key K
	ops string
}

// byOpcode maps each opcode of the lists to its list's key.
func byOpcode[K any](lists ...opcodes[K]) map[string]K {
	m := map[string]K{}
	for _, l := range lists {
		for _, op := range strings.Fields(l.ops) {
			m[op] = l.key
		}
	}
	return m
}
