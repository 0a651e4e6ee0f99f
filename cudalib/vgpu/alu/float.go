package alu

import (
	"math"
)

// IEEE arithmetic on f32 and f64: add sub mul fma mad div rcp sqrt with
// .rn .rz .rm .rp, and f32's .ftz (subnormal inputs and results become
// zeros of the same sign) and .sat (results clamped to [+0.0, 1.0], NaN to
// +0.0).
//
// f32 is computed in float64: a product of two f32 is exact there, and a
// sum, quotient or root is rounded once to float64 and its exact error
// found with an error-free transformation, so the final rounding to f32
// is correct in every mode (no double rounding). f64 uses the hardware's
// round-to-nearest plus error-free transformations for the directed
// modes, or exact integer significand arithmetic where those could
// underflow.
//
// NaNs: every f32 result that is NaN is the canonical 0x7FFFFFFF, as on
// sm_90 (abs and neg too, measured on H100). An f64 NaN result is the
// first NaN operand made quiet (fma looks at a, c, then b; min and max
// at b: measured on H100), or 0xFFF8000000000000 (CUDA's CUDART_NAN) for an
// invalid operation.
//
// .ftz (measured on H100): a result is flushed when, rounded to 24 bits
// with an unbounded exponent, it is below 2^-126, not when rounding to the
// subnormal grid gives a subnormal: fma.rn.ftz(0x3F7FFFFF, 0x80800000, x)
// is -0, though its exact value rounds to -FLT_MIN on the subnormal grid.

const (
	nan32       = 0x7FFFFFFF
	nan64       = 0xFFF8000000000000
	quiet64     = 1 << 51
	one32       = 0x3F800000
	sign32      = 0x80000000
	exp32       = 0x7F800000
	minNormal32 = 0x00800000
	sign64      = 1 << 63
)

func init() {
	builders["fma"] = buildFma
	builders["rcp"] = buildRcp
	builders["sqrt"] = buildSqrt

	for _, op := range []string{"add", "sub", "mul"} {
		register(op, []string{"", "rn", "rz", "rm", "rp"}, []string{"", "ftz"}, []string{"", "sat"}, []string{"f32"})
		register(op, []string{"", "rn", "rz", "rm", "rp"}, []string{"f64"})
	}
	for _, op := range []string{"fma", "mad"} {
		register(op, []string{"rn", "rz", "rm", "rp"}, []string{"", "ftz"}, []string{"", "sat"}, []string{"f32"})
		register(op, []string{"rn", "rz", "rm", "rp"}, []string{"f64"})
	}
	register("div", []string{"rn", "rz", "rm", "rp"}, []string{"", "ftz"}, []string{"f32"})
	register("div", []string{"rn", "rz", "rm", "rp"}, []string{"f64"})
	register("rcp", []string{"rn", "rz", "rm", "rp"}, []string{"", "ftz"}, []string{"f32"})
	register("rcp", []string{"rn", "rz", "rm", "rp"}, []string{"f64"})
	register("sqrt", []string{"rn", "rz", "rm", "rp"}, []string{"", "ftz"}, []string{"f32"})
	register("sqrt", []string{"rn", "rz", "rm", "rp"}, []string{"f64"})
	register("abs", []string{"", "ftz"}, []string{"f32"})
	register("neg", []string{"", "ftz"}, []string{"f32"})
	register("abs", []string{"f64"})
	register("neg", []string{"f64"})
	for _, op := range []string{"min", "max"} {
		register(op, []string{"", "ftz"}, []string{"", "NaN"}, []string{"", "xorsign.abs"}, []string{"f32"})
		register(op, []string{"f64"})
	}
}

// fmods are the modifiers of a float instruction.
type fmods struct {
	mode     rmode
	ftz, sat bool
}

// floatMods reads the rounding, .ftz and .sat modifiers. needRound: a
// rounding modifier is required (fma); allowSat: .sat is defined for f32.
func floatMods(m *modList, t typ, needRound, allowSat bool) (fmods, error) {
	var f fmods
	if t.bits == 16 {
		return f, notImpl("f16 arithmetic")
	}
	r := m.one("rn", "rz", "rm", "rp")
	if r == "" && needRound {
		return f, bad("needs a rounding modifier .rn .rz .rm .rp")
	}
	f.mode = fRound[r]
	f.ftz, f.sat = m.take("ftz"), m.take("sat")
	if t.bits == 64 && (f.ftz || f.sat) {
		return f, bad(".ftz and .sat apply only to .f32")
	}
	if f.sat && !allowSat {
		return f, bad(".sat does not apply")
	}
	return f, nil
}

// in32 reads an f32 operand as float64, flushing a subnormal under .ftz.
func in32(a uint64, ftz bool) float64 {
	b := uint32(a)
	if ftz && b&exp32 == 0 {
		b &= sign32
	}
	return float64(math.Float32frombits(b))
}

// out32 returns the f32 bits of the exact value x + r, where x is a
// float64 computed from f32 operands and resid is the sign of r (|r| at
// most half an ulp of x), then applies .ftz and .sat.
func (f fmods) out32(x float64, resid int) uint64 {
	var r uint32
	switch {
	case x != x:
		if f.sat {
			return 0
		}
		return nan32
	case math.IsInf(x, 0):
		r = math.Float32bits(float32(x))
	case f.mode == rn && (resid == 0 || rnDirect32(x)):
		r = math.Float32bits(float32(x))
	default:
		r = uint32(roundF64(fmt32, x, resid, f.mode))
	}
	if f.ftz && r&exp32 == 0 || f.ftz && r&^sign32 == minNormal32 && tinyUnbounded(x, resid, f.mode) {
		r &= sign32
	}
	if f.sat {
		return satBits(uint64(r), sign32, one32)
	}
	return uint64(r)
}

// tinyUnbounded reports whether x + r (see out32), rounded to f32's 24
// bits under mode with no lower limit on the exponent, is below 2^-126:
// called where rounding to the subnormal grid gave exactly ±2^-126.
func tinyUnbounded(x float64, resid int, mode rmode) bool {
	// Scaled by 2^64 (exact), the value is in f32's normal range.
	r := uint32(roundF64(fmt32, x*0x1p64, resid, mode))
	return r&^sign32 < (127-62)<<23 // 2^-62
}

func isNaN64(b uint64) bool { return b&^sign64 > 0x7FF0000000000000 }

// nanOf64 is the NaN result of an f64 instruction with operands a, b, c
// (pass 0 for those it lacks).
func nanOf64(a, b, c uint64) uint64 {
	for _, x := range [3]uint64{a, b, c} {
		if isNaN64(x) {
			return x | quiet64
		}
	}
	return nan64
}

// out64 returns an f64 result's bits, canonicalizing NaN.
func out64(x float64, a, b, c uint64) uint64 {
	if x != x {
		return nanOf64(a, b, c)
	}
	return math.Float64bits(x)
}

// zeroSum gives an exact zero sum x+y its sign under mode: IEEE makes it
// -0 when rounding toward -Inf unless both addends are +0; Go's float64
// addition already did the round-to-nearest case.
func zeroSum(s, x, y float64, mode rmode) float64 {
	if s == 0 && mode == rm && !(x == 0 && y == 0 && !math.Signbit(x) && !math.Signbit(y)) {
		return math.Copysign(0, -1)
	}
	return s
}

func buildFloatAddSub(m *modList, t typ, sub bool) (Kernel, error) {
	f, err := floatMods(m, t, false, true)
	if err != nil {
		return Kernel{}, err
	}
	neg := 1.0
	if sub {
		neg = -1
	}
	if t.bits == 32 {
		return k2(func(a, b uint64) uint64 {
			x, y := in32(a, f.ftz), neg*in32(b, f.ftz)
			if s := x + y; f.mode == rn && rnDirect32(s) {
				if f == (fmods{}) { // add.f32: the common case, short
					return uint64(math.Float32bits(float32(s)))
				}
				return f.out32(s, 0)
			}
			s, e := twoSum(x, y)
			return f.out32(zeroSum(s, x, y, f.mode), sgn(e))
		}), nil
	}
	return k2(func(a, b uint64) uint64 {
		x, y := math.Float64frombits(a), neg*math.Float64frombits(b)
		return out64(add64Round(x, y, f.mode), a, b, 0)
	}), nil
}

// add64Round is x+y rounded under mode.
func add64Round(x, y float64, mode rmode) float64 {
	s, e := twoSum(x, y)
	switch {
	case mode == rn:
		return s
	case math.IsInf(s, 0) && !math.IsInf(x, 0) && !math.IsInf(y, 0):
		return overflowF64(s, mode)
	case s == 0:
		return zeroSum(s, x, y, mode)
	}
	return directed(s, e, mode)
}

func buildFloatMul(m *modList, t typ) (Kernel, error) {
	f, err := floatMods(m, t, false, true)
	if err != nil {
		return Kernel{}, err
	}
	if t.bits == 32 {
		// The product of two f32 is exact in float64.
		return k2(func(a, b uint64) uint64 { return f.out32(in32(a, f.ftz)*in32(b, f.ftz), 0) }), nil
	}
	return k2(func(a, b uint64) uint64 {
		x, y := math.Float64frombits(a), math.Float64frombits(b)
		return out64(mul64Round(x, y, f.mode), a, b, 0)
	}), nil
}

// fma32 is x*y+z rounded once: the product is exact in float64 and the
// sum's error is recovered exactly.
func (f fmods) fma32(a, b, c uint64) uint64 {
	p, z := in32(a, f.ftz)*in32(b, f.ftz), in32(c, f.ftz)
	if s := p + z; f.mode == rn && rnDirect32(s) {
		return f.out32(s, 0)
	}
	s, e := twoSum(p, z)
	return f.out32(zeroSum(s, p, z, f.mode), sgn(e))
}

func buildFma(m *modList) (Kernel, error) {
	t, err := m.typ1()
	if err != nil {
		return Kernel{}, err
	}
	if _, _, ok := halfFormat(t); ok {
		return buildHalf(m, t, 'f', false)
	}
	if t.k != kFloat {
		return Kernel{}, bad("fma takes a float type")
	}
	return fmaKernel(m, t)
}

// buildFloatMad: mad.rnd.f32 and mad.rnd.f64 are fused, like fma.
func buildFloatMad(m *modList, t typ) (Kernel, error) { return fmaKernel(m, t) }

func fmaKernel(m *modList, t typ) (Kernel, error) {
	f, err := floatMods(m, t, true, true)
	if err != nil {
		return Kernel{}, err
	}
	switch {
	case t.bits == 32 && f == fmods{mode: rn}:
		return Kernel{Fn: fmaRN32, Srcs: 3}, nil
	case t.bits == 32:
		return k3(f.fma32), nil
	case f.mode == rn:
		return Kernel{Fn: fmaRN64, Srcs: 3}, nil
	}
	return k3(func(a, b, c uint64) uint64 {
		x, y, z := math.Float64frombits(a), math.Float64frombits(b), math.Float64frombits(c)
		return out64(fma64Round(x, y, z, f.mode), a, c, b) // as fmaRN64Lane
	}), nil
}

// fmaRN32Fast is fma.rn.f32's fast path: the float64 sum rounded by the
// hardware, right whenever rnDirect32 holds (written out here so that it
// inlines: this is the hottest instruction of the matrix kernels).
func fmaRN32Fast(a, b, c uint64) (uint64, bool) {
	s := float64(math.Float32frombits(uint32(a)))*float64(math.Float32frombits(uint32(b))) +
		float64(math.Float32frombits(uint32(c)))
	return uint64(math.Float32bits(float32(s))), rnDirect32(s)
}

// rnDirect32 reports whether float32(s) is the correctly rounded f32 of
// whatever exact value s is the float64 rounding of: s is finite, not in
// f32's subnormal range, and not exactly halfway between two f32 (only
// there can the earlier rounding to float64 have made or broken a tie).
func rnDirect32(s float64) bool {
	u := math.Float64bits(s)
	return u>>52&0x7FF-(1023-126) < 0x7FF-(1023-126) && u&(1<<29-1) != 1<<28
}

// fmaRN32Slow is fma.rn.f32 where the fast path does not apply.
func fmaRN32Slow(a, b, c uint64) uint64 { return fmods{}.fma32(a, b, c) }

func fmaRN32Lane(a, b, c uint64) uint64 {
	if r, ok := fmaRN32Fast(a, b, c); ok {
		return r
	}
	return fmaRN32Slow(a, b, c)
}

func fmaRN64Lane(a, b, c uint64) uint64 {
	r := math.FMA(math.Float64frombits(a), math.Float64frombits(b), math.Float64frombits(c))
	return out64(r, a, c, b) // a's NaN, then c's, then b's: measured on H100
}

func fmaRN32(d, a, b, c *Vec, m uint32) {
	if m != full {
		masked3(d, a, b, c, m, fmaRN32Lane)
		return
	}
	for i := range d {
		r, ok := fmaRN32Fast(a[i], b[i], c[i])
		if !ok {
			r = fmaRN32Slow(a[i], b[i], c[i])
		}
		d[i] = r
	}
}

func fmaRN64(d, a, b, c *Vec, m uint32) {
	if m != full {
		masked3(d, a, b, c, m, fmaRN64Lane)
		return
	}
	for i := range d {
		d[i] = fmaRN64Lane(a[i], b[i], c[i])
	}
}

// div32 is x/y rounded once: the float64 quotient's remainder
// x - q*y is exact (an FMA), and its sign tells on which side the exact
// quotient lies.
func (f fmods) div32(x, y float64) uint64 {
	q := x / y
	resid := 0
	if q != 0 && !math.IsInf(q, 0) && !math.IsInf(y, 0) && q == q {
		resid = sgn(math.FMA(-q, y, x)) * sgn(y)
	}
	return f.out32(q, resid)
}

func buildFloatDiv(m *modList, t typ) (Kernel, error) {
	if a := m.one("approx", "full"); a != "" {
		if t.bits != 32 {
			return Kernel{}, bad(".approx and .full division is .f32")
		}
		return buildDivApprox(m, a == "full")
	}
	f, err := floatMods(m, t, true, false)
	if err != nil {
		return Kernel{}, err
	}
	if t.bits == 32 {
		return k2(func(a, b uint64) uint64 { return f.div32(in32(a, f.ftz), in32(b, f.ftz)) }), nil
	}
	return k2(func(a, b uint64) uint64 {
		x, y := math.Float64frombits(a), math.Float64frombits(b)
		return out64(div64Round(x, y, f.mode), a, b, 0)
	}), nil
}

// buildRcp: rcp.rnd is 1/a correctly rounded; rcp.approx is in approx.go.
func buildRcp(m *modList) (Kernel, error) {
	t, err := m.typ1()
	if err != nil {
		return Kernel{}, err
	}
	if t.k != kFloat {
		return Kernel{}, bad("rcp takes .f32 or .f64")
	}
	if m.take("approx") {
		return buildRcpApprox(m, t)
	}
	f, err := floatMods(m, t, true, false)
	if err != nil {
		return Kernel{}, err
	}
	if t.bits == 32 {
		return k1(func(a uint64) uint64 { return f.div32(1, in32(a, f.ftz)) }), nil
	}
	return k1(func(a uint64) uint64 {
		return out64(div64Round(1, math.Float64frombits(a), f.mode), a, 0, 0)
	}), nil
}

// sqrt32: the float64 root's residual a - s*s (exact, an FMA) tells on
// which side the exact root lies.
func (f fmods) sqrt32(x float64) uint64 {
	s := math.Sqrt(x)
	resid := 0
	if s > 0 && !math.IsInf(s, 0) {
		resid = sgn(math.FMA(-s, s, x))
	}
	return f.out32(s, resid)
}

func buildSqrt(m *modList) (Kernel, error) {
	t, err := m.typ1()
	if err != nil {
		return Kernel{}, err
	}
	if t.k != kFloat {
		return Kernel{}, bad("sqrt takes .f32 or .f64")
	}
	if m.take("approx") {
		return buildSqrtApprox(m, t)
	}
	f, err := floatMods(m, t, true, false)
	if err != nil {
		return Kernel{}, err
	}
	if t.bits == 32 {
		return k1(func(a uint64) uint64 { return f.sqrt32(in32(a, f.ftz)) }), nil
	}
	return k1(func(a uint64) uint64 {
		return out64(sqrt64Round(math.Float64frombits(a), f.mode), a, 0, 0)
	}), nil
}

// buildFloatAbsNeg: abs and neg change only the sign bit; .ftz first
// flushes a subnormal f32. A NaN (measured on H100) is not touched by the
// sign: f32 gives the canonical 0x7FFFFFFF, f64 the NaN made quiet, its
// sign and payload kept.
func buildFloatAbsNeg(m *modList, t typ, neg bool) (Kernel, error) {
	ftz := m.take("ftz")
	switch {
	case t.bits == 16:
		return Kernel{}, notImpl("f16 arithmetic")
	case t.bits == 64 && ftz:
		return Kernel{}, bad(".ftz applies only to .f32")
	}
	sign, expMask := uint64(sign32), uint64(exp32)
	if t.bits == 64 {
		sign, expMask = sign64, 0x7FF0000000000000
	}
	return k1(func(a uint64) uint64 {
		a &= mask(t.bits)
		switch {
		case t.bits == 32 && a&^sign > expMask:
			return nan32
		case t.bits == 64 && isNaN64(a):
			return a | quiet64
		case ftz && a&expMask == 0:
			a &= sign
		}
		if neg {
			return a ^ sign
		}
		return a &^ sign
	}), nil
}

// buildFloatMinMax: with one NaN operand the other is the result; with two
// (or, under .NaN, with any) the result is NaN: f32's canonical one, f64's
// b made quiet (measured on H100). -0.0 counts as less than +0.0.
//
// .xorsign.abs (f32): the min or max of |a| and |b|, its sign bit the
// XOR of a's and b's (a NaN result stays the canonical NaN).
func buildFloatMinMax(m *modList, t typ, isMax bool) (Kernel, error) {
	ftz, nan := m.take("ftz"), m.take("NaN")
	xorsign, abs := m.take("xorsign"), m.take("abs")
	switch {
	case t.bits == 16:
		return Kernel{}, notImpl("f16 arithmetic")
	case t.bits == 64 && (ftz || nan || xorsign || abs):
		return Kernel{}, bad(".ftz, .NaN and .xorsign.abs apply only to .f32")
	case xorsign != abs:
		return Kernel{}, bad(".xorsign and .abs go together")
	}
	pick := func(x, y float64) (float64, bool) { // the result, and whether it is NaN
		switch {
		case x != x && y != y, nan && (x != x || y != y):
			return 0, true
		case x != x:
			return y, false
		case y != y:
			return x, false
		case x == y: // ±0
			if math.Signbit(x) != isMax {
				return x, false
			}
			return y, false
		case x < y != isMax:
			return x, false
		}
		return y, false
	}
	if t.bits == 32 {
		return k2(func(a, b uint64) uint64 {
			x, y := in32(a, ftz), in32(b, ftz)
			if xorsign {
				x, y = math.Abs(x), math.Abs(y)
			}
			r, isNaN := pick(x, y)
			if isNaN {
				return nan32
			}
			bits := uint64(math.Float32bits(float32(r)))
			if xorsign {
				bits |= (a ^ b) & sign32
			}
			return bits
		}), nil
	}
	return k2(func(a, b uint64) uint64 {
		r, isNaN := pick(math.Float64frombits(a), math.Float64frombits(b))
		if isNaN {
			return b | quiet64 // both are NaN
		}
		return math.Float64bits(r)
	}), nil
}
