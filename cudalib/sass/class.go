package sass

import "strings"

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
var classes = func() map[string]Class {
	m := map[string]Class{}
	add := func(c Class, ops string) {
		for _, op := range strings.Fields(ops) {
			m[op] = c
		}
	}
	add(FMA, "FFMA FADD FMUL FFMA32I FADD32I FMUL32I IMAD IMAD32I IMUL IMUL32I HFMA2 HADD2 HMUL2 HFMA2_32I HADD2_32I HMUL2_32I IDP FSWZADD")
	add(ALU, "IADD3 IADD32I VIADD LOP3 LOP32I SHF SHL SHR ISETP FSETP HSETP2 SEL FSEL MOV MOV32I LEA IABS IMNMX VIMNMX FMNMX PRMT P2R R2P PLOP3 CS2R S2R FCHK ICMP FCMP CSET CSETP PSETP IADD BMSK SGXT LOP VOTE VOTEU")
	add(SFU, "MUFU")
	add(Convert, "I2F F2I F2F I2I FRND I2FP F2IP POPC FLO BREV F2FP")
	add(FP64, "DFMA DADD DMUL DSETP DMNMX")
	add(Memory, "LDG STG LDS STS LD ST LDL STL ATOM ATOMS ATOMG RED REDG LDSM LDGSTS SHFL MATCH REDUX")
	add(Const, "LDC")
	add(Control, "BRA BRX JMP JMX EXIT RET CALL BAR BSSY BSYNC WARPSYNC NOP YIELD BPT MEMBAR DEPBAR ERRBAR CCTL KILL ELECT")
	return m
}()

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
