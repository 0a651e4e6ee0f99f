package alu

import "math"

// Half precision: add, sub, mul and fma on .f16, .bf16 and their packed
// pairs .f16x2, .bf16x2 (each 16-bit half computed on its own, as two
// lanes), round to nearest only. Operands are exact in float64, a
// product too, and a sum is rounded once through its exact error, as for
// f32. .ftz (f16 only) flushes subnormal inputs and results, .sat clamps
// to [+0.0, 1.0], .relu (fma) turns negative results into +0.0. A NaN
// result is the canonical 0x7FFF of either format.

// fmtBF16 is bfloat16: f32's exponent with 7 fraction bits.
var fmtBF16 = format{frac: 7, bias: 127, emax: 255, sign: 1 << 15}

const nan16 = 0x7FFF

// halfFormat returns the 16-bit format of a half type and whether it is a
// packed pair; ok is false for other types.
func halfFormat(t typ) (f format, pair, ok bool) {
	switch {
	case t == typ{kFloat, 16}:
		return fmt16, false, true
	case t.k == kBF16:
		return fmtBF16, false, true
	case t.k == kF16x2:
		return fmt16, true, true
	case t.k == kBF16x2:
		return fmtBF16, true, true
	}
	return format{}, false, false
}

// halfIn reads a 16-bit value of format f as float64.
func halfIn(f format, h uint64, ftz bool) float64 {
	h &= 0xFFFF
	if ftz && h&(f.emax<<f.frac) == 0 {
		h &= f.sign
	}
	if f == fmtBF16 {
		return float64(math.Float32frombits(uint32(h) << 16))
	}
	return f16to64(h)
}

// halfOp is a decoded half-precision instruction.
type halfOp struct {
	f              format
	op             byte // '+', '*' or 'f' (fma); subtraction negates b
	neg            bool
	ftz, sat, relu bool
}

// lane computes one 16-bit result.
func (h *halfOp) lane(a, b, c uint64) uint64 {
	x, y := halfIn(h.f, a, h.ftz), halfIn(h.f, b, h.ftz)
	if h.neg {
		y = -y
	}
	var s, e float64
	switch h.op {
	case '+':
		s, e = twoSum(x, y)
	case '*':
		s = x * y // exact: at most 22 significant bits
	default:
		s, e = twoSum(x*y, halfIn(h.f, c, h.ftz))
	}
	return h.out(s, sgn(e))
}

// out rounds the exact s + r (r's sign in resid) to the format and
// applies .ftz, .relu and .sat.
func (h *halfOp) out(s float64, resid int) uint64 {
	var r uint64
	switch {
	case s != s:
		if h.sat {
			return 0
		}
		return nan16
	case math.IsInf(s, 0):
		r = h.f.inf()
		if s < 0 {
			r |= h.f.sign
		}
	default:
		r = roundF64(h.f, s, resid, rn)
	}
	if h.ftz && r&(h.f.emax<<h.f.frac) == 0 {
		r &= h.f.sign
	}
	if h.relu && r&h.f.sign != 0 {
		return 0
	}
	if h.sat {
		return satBits(r, h.f.sign, uint64(h.f.bias)<<h.f.frac) // 1.0
	}
	return r
}

// pair applies the lane to both halves of packed operands.
func (h *halfOp) pair(a, b, c uint64) uint64 {
	return h.lane(a>>16, b>>16, c>>16)<<16 | h.lane(a, b, c)
}

// buildHalf builds add (op '+', neg for sub), mul ('*') and fma ('f').
func buildHalf(m *modList, t typ, op byte, neg bool) (Kernel, error) {
	f, pair, _ := halfFormat(t)
	if r := m.one("rn", "rz", "rm", "rp"); r != "" && r != "rn" || r == "" && op == 'f' {
		return Kernel{}, bad("half precision rounds with .rn only")
	}
	h := &halfOp{f: f, op: op, neg: neg, ftz: m.take("ftz"), sat: m.take("sat"), relu: m.take("relu")}
	switch {
	case f == fmtBF16 && (h.ftz || h.sat):
		return Kernel{}, bad(".ftz and .sat are for .f16")
	case h.relu && (op != 'f' || h.sat):
		return Kernel{}, bad(".relu is fma's, without .sat")
	}
	fn := h.lane
	if pair {
		fn = h.pair
	}
	if op == 'f' {
		return k3(fn), nil
	}
	return k2(func(a, b uint64) uint64 { return fn(a, b, 0) }), nil
}

func init() {
	for _, op := range []string{"add", "sub", "mul"} {
		register(op, []string{"", "rn"}, []string{"", "ftz"}, []string{"", "sat"}, []string{"f16", "f16x2"})
		register(op, []string{"", "rn"}, []string{"bf16", "bf16x2"})
	}
	register("fma", []string{"rn"}, []string{"", "ftz"}, []string{"", "sat", "relu"}, []string{"f16", "f16x2"})
	register("fma", []string{"rn"}, []string{"", "relu"}, []string{"bf16", "bf16x2"})
}
