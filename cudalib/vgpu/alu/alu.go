// Package alu holds the per-lane arithmetic of PTX: what add, mul, fma,
// setp, cvt, bfe, … compute, with PTX's rounding, saturation and flush
// modifiers, for every lane of a warp at once. It knows nothing of memory,
// control flow or warps' scheduling: the virtual GPU decodes an
// instruction once, looks up its Fn here (Lookup), and calls it once per
// warp. Ops lists every spelling it computes.
//
// Results are bit-exact where PTX defines them: IEEE rounding in all four
// modes, .ftz and .sat, saturating conversions. Where PTX leaves a result
// to the hardware (integer division by zero, NaN bit patterns) the choice
// is meant to be an H100's, documented beside each instruction and to be
// confirmed with testdata/h100probe.cu; the .approx instructions are
// within PTX's error bounds (approx.go).
package alu

// Lanes is the number of lanes in a warp.
const Lanes = 32

// Vec is one register across the lanes of a warp. A value of an N-bit
// type sits in the low N bits, zero-extended to 64; f32 as its IEEE bits in
// the low 32, f64 as its bits; a predicate is 0 or 1. Every Fn reads only
// the low bits of its operands' types and writes results in this form.
type Vec = [Lanes]uint64

// Fn computes one instruction for the lanes set in mask: lane l of d from
// lane l of a, b and c (operands the instruction lacks are nil). d may be
// the same Vec as a source.
type Fn func(d, a, b, c *Vec, mask uint32)

// Fn4 is Fn for the instructions with four sources (bfi, lop3): e is the
// fourth (lop3's immediate LUT arrives as a Vec like any other operand).
type Fn4 func(d, a, b, c, e *Vec, mask uint32)

// FnCC is Fn for the instructions that use the condition code's carry
// flag (add.cc, addc, sub.cc, subc, mad.cc, madc): cf is a per-thread
// register the caller keeps, one bit (0 or 1) per lane, read when the
// Kernel's CarryIn and updated in place when its CarryOut.
type FnCC func(d, a, b, c, cf *Vec, mask uint32)

// Kernel is a decoded instruction: its Fn and how many source operands it
// takes, after the destination. An instruction with four sources has Fn4
// set instead of Fn; one that uses the carry flag has FnCC.
type Kernel struct {
	Fn   Fn
	Srcs int
	Fn4  Fn4

	FnCC              FnCC
	CarryIn, CarryOut bool
}
