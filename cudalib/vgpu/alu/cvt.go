package alu

import (
	"math"
)

// cvt.dtype.atype: every conversion among u8..u64, s8..s64, f16, f32,
// f64 (the mods name the destination type first). Rules, from the PTX ISA:
//
//	int → int     sign- or zero-extend a by atype, then keep dtype's low
//	              bits; .sat clamps to dtype's range instead
//	float → int   needs .rni .rzi .rmi .rpi; always saturates to dtype's
//	              range; NaN gives 0 from f16 and f32 to 8 to 32 bits,
//	              else the sign bit alone, signed or not (0x8000,
//	              0x80000000, 0x8000000000000000: measured on H100)
//	int → float   needs .rn .rz .rm .rp
//	float → float narrowing needs .rn .rz .rm .rp; widening is exact;
//	              .rni .rzi .rmi .rpi round to an integral value (not
//	              implemented while narrowing, where it would round twice)
//
// .ftz flushes f32 subnormal inputs and results (when atype or dtype is
// .f32); .sat clamps a float result to [+0.0, 1.0] (NaN to +0.0). An .s8
// result is sign-extended to 16 bits, the narrowest register it can be
// written to (cvt.sat.s8.s32 of -128 into a .b16 reads 0xFF80, measured
// on H100); other results are their low bits.
//
// NaNs (measured on H100): from f64, a NaN keeps its sign and its
// payload's high bits, made quiet (f32: 0x7FC00000 | payload>>29, f16:
// 0x7E00 | payload>>42); from f32 or f16 it becomes 0x7FFFFFFF in f32 and
// 0x7FFF in f16. Widened to f64 a NaN keeps its sign and payload, made
// quiet, except under .ftz, where an f32 NaN is first the canonical
// 0x7FFFFFFF (0x7FFFFFFFE0000000). bf16 → f32 keeps every bit.
func init() {
	builders["cvt"] = buildCvt
	ints := []string{"u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64"}
	register("cvt", []string{"", "sat"}, ints, ints)
	register("cvt", []string{"rni", "rzi", "rmi", "rpi"}, []string{"", "ftz"}, []string{"", "sat"}, ints, []string{"f32"})
	register("cvt", []string{"rni", "rzi", "rmi", "rpi"}, []string{"", "sat"}, ints, []string{"f16", "f64"})
	register("cvt", []string{"rn", "rz", "rm", "rp"}, []string{"", "ftz"}, []string{"", "sat"}, []string{"f32"}, ints)
	register("cvt", []string{"rn", "rz", "rm", "rp"}, []string{"", "sat"}, []string{"f16", "f64"}, ints)
	register("cvt", []string{"", "rni", "rzi", "rmi", "rpi"}, []string{"", "ftz"}, []string{"", "sat"}, []string{"f32"}, []string{"f32"})
	register("cvt", []string{"", "rni", "rzi", "rmi", "rpi"}, []string{"", "sat"}, []string{"f16.f16", "f64.f64"})
	register("cvt", []string{"rn", "rz", "rm", "rp"}, []string{"", "ftz"}, []string{"", "sat"}, []string{"f32"}, []string{"f64"})
	register("cvt", []string{"rn", "rz", "rm", "rp"}, []string{"", "ftz"}, []string{"", "sat"}, []string{"f16"}, []string{"f32"})
	register("cvt", []string{"rn", "rz", "rm", "rp"}, []string{"", "sat"}, []string{"f16"}, []string{"f64"})
	irnd := []string{"", "rni", "rzi", "rmi", "rpi"}
	register("cvt", irnd, []string{"", "ftz"}, []string{"", "sat"}, []string{"f64"}, []string{"f32"})
	register("cvt", irnd, []string{"", "ftz"}, []string{"", "sat"}, []string{"f32"}, []string{"f16"})
	register("cvt", irnd, []string{"", "sat"}, []string{"f64"}, []string{"f16"})
	register("cvt", []string{"rn", "rz", "rm", "rp"}, []string{"", "relu"}, []string{"", "satfinite"},
		[]string{"bf16.f32", "f16x2.f32", "bf16x2.f32"})
	register("cvt", []string{"rn", "rz", "rm", "rp"}, []string{"", "relu"}, []string{"satfinite"}, []string{"f16.f32"})
	register("cvt", []string{"rn", "rz", "rm", "rp"}, []string{"relu"}, []string{"f16.f32"})
	register("cvt", []string{"f32.bf16"})
}

func buildCvt(m *modList) (Kernel, error) {
	fr := m.one("rn", "rz", "rm", "rp")
	ir := m.one("rni", "rzi", "rmi", "rpi")
	ftz, sat := m.take("ftz"), m.take("sat")
	ts := m.types()
	if len(ts) != 2 {
		return Kernel{}, bad("cvt needs a destination and a source type")
	}
	dt, at := ts[0], ts[1]
	switch {
	case dt.k == kPred || at.k == kPred:
		return Kernel{}, bad("no .pred conversion")
	case fr != "" && ir != "":
		return Kernel{}, bad("two rounding modifiers")
	case ftz && dt != (typ{kFloat, 32}) && at != (typ{kFloat, 32}):
		return Kernel{}, bad(".ftz applies when a type is .f32")
	}
	relu, satfinite := m.take("relu"), m.take("satfinite")
	if f, pair, ok := halfFormat(dt); ok && (dt.k != kFloat || relu || satfinite) || at.k == kBF16 {
		return cvtHalf(dt, at, f, pair, fRound[fr], fr != "" && ir == "" && !ftz && !sat, relu, satfinite)
	}
	switch {
	case dt.k != kFloat && at.k != kFloat:
		if fr != "" || ir != "" {
			return Kernel{}, bad("no rounding between integers")
		}
		return k1(extendS8(dt, cvtIntInt(dt, at, sat))), nil
	case dt.k != kFloat:
		if ir == "" {
			return Kernel{}, bad("float to integer needs .rni .rzi .rmi or .rpi")
		}
		return k1(extendS8(dt, cvtFloatInt(dt, at, iRound[ir], ftz))), nil
	case at.k != kFloat:
		if fr == "" {
			return Kernel{}, bad("integer to float needs .rn .rz .rm or .rp")
		}
		return k1(cvtIntFloat(dt, at, fRound[fr], sat)), nil
	}
	switch {
	case dt.bits < at.bits && fr == "":
		return Kernel{}, bad("narrowing needs .rn .rz .rm or .rp")
	case dt.bits < at.bits && ir != "":
		return Kernel{}, notImpl("integer rounding while narrowing")
	case dt.bits > at.bits && fr != "":
		return Kernel{}, bad("widening is exact: no .rn .rz .rm .rp")
	case dt.bits == at.bits && fr != "":
		return Kernel{}, bad("same-type conversion takes .rni .rzi .rmi .rpi")
	}
	out := floatOut(dt, fRound[fr], ftz, sat)
	integral := func(x float64) float64 { return x }
	if ir != "" {
		integral = roundIntegral(iRound[ir])
	}
	return k1(func(a uint64) uint64 {
		x := floatIn(at, a, ftz)
		switch {
		case x == x || sat:
		case dt.bits == 64:
			return widen64(at, a, ftz)
		case at.bits == 64:
			return narrowNaN64(dt, a)
		}
		return out(integral(x))
	}), nil
}

// narrowNaN64 is an f64 NaN converted to f32 or f16: its sign, quiet, and
// its payload's high bits.
func narrowNaN64(dt typ, a uint64) uint64 {
	if dt.bits == 32 {
		return a>>32&sign32 | 0x7FC00000 | a&(1<<52-1)>>29
	}
	return a>>48&0x8000 | 0x7E00 | a&(1<<52-1)>>42
}

// extendS8 sign-extends f's .s8 results to 16 bits.
func extendS8(dt typ, f func(uint64) uint64) func(uint64) uint64 {
	if dt != (typ{kSigned, 8}) {
		return f
	}
	return func(a uint64) uint64 { return uint64(uint16(int8(f(a)))) }
}

// cvtIntInt: the value of a by atype, clamped to dtype under .sat,
// truncated to dtype's width.
func cvtIntInt(dt, at typ, sat bool) func(uint64) uint64 {
	mk := mask(dt.bits)
	if !sat {
		return func(a uint64) uint64 { return ext(at, a) & mk }
	}
	lo, hi := intRange(dt)
	return func(a uint64) uint64 {
		v := ext(at, a)
		switch {
		case at.k == kSigned && int64(v) < 0:
			if dt.k != kSigned || int64(v) < lo {
				return uint64(lo) & mk
			}
		case v > hi:
			return hi & mk
		}
		return v & mk
	}
}

// intRange is an integer type's minimum (as int64) and maximum (as
// uint64).
func intRange(t typ) (lo int64, hi uint64) {
	if t.k == kSigned {
		return -1 << (t.bits - 1), 1<<(t.bits-1) - 1
	}
	return 0, mask(t.bits)
}

// floatIn reads a float operand of type t as float64 (exactly).
func floatIn(t typ, a uint64, ftz bool) float64 {
	switch t.bits {
	case 16:
		return f16to64(a)
	case 32:
		return in32(a, ftz)
	}
	return math.Float64frombits(a)
}

func f16to64(a uint64) float64 {
	e, f := int(a>>10&0x1F), a&0x3FF
	var x float64
	switch e {
	case 0:
		x = math.Ldexp(float64(f), -24)
	case 31:
		x = math.Inf(1)
		if f != 0 {
			x = math.NaN()
		}
	default:
		x = math.Ldexp(float64(f|0x400), e-25)
	}
	if a&0x8000 != 0 {
		x = -x
	}
	return x
}

// widen64 converts float bits of type t to f64 bits exactly; a NaN keeps
// its sign and payload and is made quiet.
func widen64(t typ, a uint64, ftz bool) uint64 {
	x := floatIn(t, a, ftz)
	switch {
	case x == x:
		return math.Float64bits(x)
	case t.bits == 64:
		return a | quiet64
	case t.bits == 32 && ftz:
		return 0x7FFFFFFFE0000000
	case t.bits == 32:
		return a>>31&1<<63 | 0x7FF8000000000000 | (a&(1<<22-1))<<29
	}
	return a>>15&1<<63 | 0x7FF8000000000000 | (a&(1<<9-1))<<42
}

// floatOut rounds an exact float64 value to dtype's bits under mode, then
// applies .ftz and .sat.
func floatOut(dt typ, mode rmode, ftz, sat bool) func(x float64) uint64 {
	switch dt.bits {
	case 32:
		return fmods{mode: mode, ftz: ftz, sat: sat}.out32Exact
	case 64:
		return func(x float64) uint64 {
			if x != x {
				if sat {
					return 0
				}
				return nan64
			}
			if sat {
				x = math.Min(math.Max(x, 0), 1) // Max(-0, 0) is +0
			}
			return math.Float64bits(x)
		}
	}
	return func(x float64) uint64 {
		var r uint64
		switch {
		case x != x:
			if sat {
				return 0
			}
			return 0x7FFF
		case math.IsInf(x, 0):
			r = 0x7C00
			if x < 0 {
				r |= 0x8000
			}
		default:
			r = roundF64(fmt16, x, 0, mode)
		}
		if sat {
			r = satBits(r, fmt16.sign, 0x3C00)
		}
		return r
	}
}

// out32Exact is out32 of a value with no remainder.
func (f fmods) out32Exact(x float64) uint64 { return f.out32(x, 0) }

// satBits clamps float bits (not NaN) to [+0.0, one].
func satBits(r, sign, one uint64) uint64 {
	switch {
	case r&sign != 0:
		return 0
	case r > one:
		return one
	}
	return r
}

// roundIntegral rounds to an integral value under mode.
func roundIntegral(mode rmode) func(float64) float64 {
	switch mode {
	case rz:
		return math.Trunc
	case rm:
		return math.Floor
	case rp:
		return math.Ceil
	}
	return math.RoundToEven
}

// cvtFloatInt rounds to an integer and saturates to dtype's range; NaN
// gives 0 or the sign bit (see the top of the file).
func cvtFloatInt(dt, at typ, mode rmode, ftz bool) func(uint64) uint64 {
	integral := roundIntegral(mode)
	lo, hi := intRange(dt)
	mk := mask(dt.bits)
	var nan uint64
	if dt.bits == 64 || dt.bits >= 16 && at.bits == 64 {
		nan = 1 << (dt.bits - 1)
	}
	return func(a uint64) uint64 {
		x := integral(floatIn(at, a, ftz))
		switch {
		case x != x:
			return nan
		case x <= float64(lo):
			return uint64(lo) & mk
		case x >= float64(hi): // float64(hi) may round up: compare with >=
			return hi
		case x < 0:
			return uint64(int64(x)) & mk
		}
		return uint64(x)
	}
}

// cvtIntFloat rounds the integer exactly once to dtype.
func cvtIntFloat(dt, at typ, mode rmode, sat bool) func(uint64) uint64 {
	f := fmt64
	switch dt.bits {
	case 16:
		f = fmt16
	case 32:
		f = fmt32
	}
	one := map[uint]uint64{16: 0x3C00, 32: one32, 64: 0x3FF0000000000000}[dt.bits]
	return func(a uint64) uint64 {
		v := ext(at, a)
		if mode == rn && !sat && dt.bits > 16 && (at.k == kSigned || v < 1<<63) {
			// The hardware's int64 conversions round to nearest once.
			if dt.bits == 32 {
				return uint64(math.Float32bits(float32(int64(v))))
			}
			return math.Float64bits(float64(int64(v)))
		}
		neg := at.k == kSigned && int64(v) < 0
		if neg {
			v = -v
		}
		r := round(f, neg, v, 0, false, mode)
		if sat {
			r = satBits(r, f.sign, one)
		}
		return r
	}
}

// cvtHalf is cvt to .bf16, to .f16 with .relu or .satfinite, to the pairs
// .f16x2 and .bf16x2 (cvt.rn.f16x2.f32 d, a, b puts a in the high half),
// all from .f32; and cvt.f32.bf16. .relu makes negative results +0.0;
// .satfinite makes an infinite result the largest finite one of its sign
// (NaN stays NaN: 0x7FFF).
func cvtHalf(dt, at typ, f format, pair bool, mode rmode, rounds, relu, satfinite bool) (Kernel, error) {
	if at.k == kBF16 {
		if dt != (typ{kFloat, 32}) || rounds || relu || satfinite {
			return Kernel{}, notImpl("conversions from .bf16 other than cvt.f32.bf16")
		}
		return k1(func(a uint64) uint64 { return (a & 0xFFFF) << 16 }), nil
	}
	if at != (typ{kFloat, 32}) || !rounds {
		return Kernel{}, notImpl("this half-precision conversion (from .f32 with .rn .rz .rm .rp only)")
	}
	lane := func(a uint64) uint64 {
		x := in32(a, false)
		var r uint64
		switch {
		case x != x:
			return nan16
		case math.IsInf(x, 0):
			r = f.inf()
			if x < 0 {
				r |= f.sign
			}
		default:
			r = roundF64(f, x, 0, mode)
		}
		if satfinite && r&^f.sign == f.inf() {
			r = r&f.sign | f.maxFin()
		}
		if relu && r&f.sign != 0 {
			return 0
		}
		return r
	}
	if pair {
		return k2(func(a, b uint64) uint64 { return lane(a)<<16 | lane(b) }), nil
	}
	return k1(lane), nil
}
