package alu

import (
	"math"
	"math/bits"
)

// Integer arithmetic. An N-bit operand is read from the low N bits of its
// lane (sign-extended for .sN); results wrap to N bits unless .sat says
// otherwise.

var (
	intTypes  = []string{"u16", "u32", "u64", "s16", "s32", "s64"}
	sIntTypes = []string{"s16", "s32", "s64"}
)

func init() {
	builders["add"] = func(m *modList) (Kernel, error) { return buildAddSub(m, false) }
	builders["sub"] = func(m *modList) (Kernel, error) { return buildAddSub(m, true) }
	builders["mul"] = buildMul
	builders["mad"] = buildMad
	builders["mul24"] = func(m *modList) (Kernel, error) { return build24(m, false) }
	builders["mad24"] = func(m *modList) (Kernel, error) { return build24(m, true) }
	builders["sad"] = buildSad
	builders["div"] = buildDiv
	builders["rem"] = buildRem
	builders["abs"] = buildAbs
	builders["neg"] = buildNeg
	builders["min"] = func(m *modList) (Kernel, error) { return buildMinMax(m, false) }
	builders["max"] = func(m *modList) (Kernel, error) { return buildMinMax(m, true) }
	builders["dp4a"] = func(m *modList) (Kernel, error) { return buildDot(m, false) }
	builders["dp2a"] = func(m *modList) (Kernel, error) { return buildDot(m, true) }

	for _, op := range []string{"add", "sub"} {
		register(op, intTypes)
		register(op, []string{"sat"}, []string{"s32"})
	}
	register("mul", []string{"lo", "hi"}, intTypes)
	register("mul", []string{"wide"}, []string{"u16", "u32", "s16", "s32"})
	register("mad", []string{"lo", "hi"}, intTypes)
	register("mad", []string{"hi"}, []string{"sat"}, []string{"s32"})
	register("mad", []string{"wide"}, []string{"u16", "u32", "s16", "s32"})
	for _, op := range []string{"mul24", "mad24"} {
		register(op, []string{"lo", "hi"}, []string{"u32", "s32"})
	}
	register("mad24", []string{"hi"}, []string{"sat"}, []string{"s32"})
	for _, op := range []string{"sad", "div", "rem", "min", "max"} {
		register(op, intTypes)
	}
	ab := []string{"u32.u32", "u32.s32", "s32.u32", "s32.s32"}
	register("dp4a", ab)
	register("dp2a", []string{"lo", "hi"}, ab)
	register("abs", sIntTypes)
	register("neg", sIntTypes)
}

func intType(m *modList) (typ, error) {
	t, err := m.typ1()
	if err != nil {
		return t, err
	}
	if t.k != kSigned && t.k != kUnsigned || t.bits < 16 {
		return t, bad("integer types are .u16 .u32 .u64 .s16 .s32 .s64")
	}
	return t, nil
}

// ext reads an operand of type t as a 64-bit value: sign-extended for
// signed types, zero-extended otherwise.
func ext(t typ, x uint64) uint64 {
	if t.k == kSigned {
		return uint64(sext(x, t.bits))
	}
	return x & mask(t.bits)
}

func satS32(x int64) uint64 {
	x = min(max(x, math.MinInt32), math.MaxInt32)
	return uint64(uint32(x))
}

func buildAddSub(m *modList, sub bool) (Kernel, error) {
	t, err := m.typ1()
	if err != nil {
		return Kernel{}, err
	}
	if _, _, ok := halfFormat(t); ok {
		return buildHalf(m, t, '+', sub)
	}
	if m.take("cc") {
		if sub {
			return buildCarry(m, t, '-', false)
		}
		return buildCarry(m, t, '+', false)
	}
	if t.k == kFloat {
		return buildFloatAddSub(m, t, sub)
	}
	if t.k != kSigned && t.k != kUnsigned || t.bits < 16 {
		return Kernel{}, bad("integer types are .u16 .u32 .u64 .s16 .s32 .s64")
	}
	if m.take("sat") {
		// add.sat.s32 / sub.sat.s32 clamp to [MININT, MAXINT].
		if t != (typ{kSigned, 32}) {
			return Kernel{}, bad(".sat applies only to .s32")
		}
		if sub {
			return k2(func(a, b uint64) uint64 { return satS32(sext(a, 32) - sext(b, 32)) }), nil
		}
		return k2(func(a, b uint64) uint64 { return satS32(sext(a, 32) + sext(b, 32)) }), nil
	}
	switch {
	case t.bits == 32 && !sub:
		return Kernel{Fn: add32, Srcs: 2}, nil
	case t.bits == 64 && !sub:
		return Kernel{Fn: add64, Srcs: 2}, nil
	case t.bits == 32:
		return Kernel{Fn: sub32, Srcs: 2}, nil
	}
	mk := mask(t.bits)
	if sub {
		return k2(func(a, b uint64) uint64 { return (a - b) & mk }), nil
	}
	return k2(func(a, b uint64) uint64 { return (a + b) & mk }), nil
}

// mulMode is mul's and mad's .lo .hi .wide.
func mulMode(m *modList, t typ) (string, error) {
	mode := m.one("lo", "hi", "wide")
	switch {
	case mode == "":
		return "", bad("integer mul and mad need .lo, .hi or .wide")
	case mode == "wide" && t.bits == 64:
		return "", bad(".wide applies to 16- and 32-bit types")
	}
	return mode, nil
}

// mulHi is the high half of the 2N-bit product of two N-bit values.
func mulHi(t typ, a, b uint64) uint64 {
	if t.bits < 64 {
		return (ext(t, a) * ext(t, b) >> t.bits) & mask(t.bits)
	}
	hi, _ := bits.Mul64(a, b)
	if t.k == kSigned {
		// Two's-complement correction of the unsigned high word.
		if int64(a) < 0 {
			hi -= b
		}
		if int64(b) < 0 {
			hi -= a
		}
	}
	return hi
}

func buildMul(m *modList) (Kernel, error) {
	ts := m.types()
	if len(ts) == 1 {
		if _, _, ok := halfFormat(ts[0]); ok {
			return buildHalf(m, ts[0], '*', false)
		}
		if ts[0].k == kFloat {
			return buildFloatMul(m, ts[0])
		}
	}
	if len(ts) != 1 || ts[0].k != kSigned && ts[0].k != kUnsigned || ts[0].bits < 16 {
		return Kernel{}, bad("mul needs one integer or float type")
	}
	t := ts[0]
	mode, err := mulMode(m, t)
	if err != nil {
		return Kernel{}, err
	}
	switch mode {
	case "lo":
		if t.bits == 32 {
			return Kernel{Fn: mulLo32, Srcs: 2}, nil
		}
		mk := mask(t.bits)
		return k2(func(a, b uint64) uint64 { return a * b & mk }), nil
	case "hi":
		return k2(func(a, b uint64) uint64 { return mulHi(t, a, b) }), nil
	}
	if t == (typ{kSigned, 32}) {
		return Kernel{Fn: mulWideS32, Srcs: 2}, nil
	}
	mk := mask(2 * t.bits)
	return k2(func(a, b uint64) uint64 { return ext(t, a) * ext(t, b) & mk }), nil
}

func buildMad(m *modList) (Kernel, error) {
	ts := m.types()
	if len(ts) == 1 && ts[0].k == kFloat {
		return buildFloatMad(m, ts[0])
	}
	if len(ts) != 1 || ts[0].k != kSigned && ts[0].k != kUnsigned || ts[0].bits < 16 {
		return Kernel{}, bad("mad needs one integer or float type")
	}
	t := ts[0]
	if m.take("cc") {
		return buildCarry(m, t, '*', false)
	}
	mode, err := mulMode(m, t)
	if err != nil {
		return Kernel{}, err
	}
	if m.take("sat") {
		// mad.hi.sat.s32: the high word plus c, clamped to the s32 range.
		if mode != "hi" || t != (typ{kSigned, 32}) {
			return Kernel{}, bad(".sat applies only to mad.hi.s32")
		}
		return k3(func(a, b, c uint64) uint64 {
			return satS32(int64(sext(mulHi(t, a, b), 32)) + sext(c, 32))
		}), nil
	}
	mk := mask(t.bits)
	switch mode {
	case "lo":
		if t.bits == 32 {
			return Kernel{Fn: madLo32, Srcs: 3}, nil
		}
		return k3(func(a, b, c uint64) uint64 { return (a*b + c) & mk }), nil
	case "hi":
		return k3(func(a, b, c uint64) uint64 { return (mulHi(t, a, b) + c) & mk }), nil
	}
	mk2 := mask(2 * t.bits)
	return k3(func(a, b, c uint64) uint64 { return (ext(t, a)*ext(t, b) + c) & mk2 }), nil
}

// build24 is mul24 and mad24: the 48-bit product of the low 24 bits of a
// and b (sign-extended from bit 23 for .s32); .lo keeps product bits 31..0,
// .hi bits 47..16; mad24 adds c to that, and mad24.hi.sat.s32 clamps the
// sum to the s32 range.
func build24(m *modList, mad bool) (Kernel, error) {
	t, err := intType(m)
	if err != nil {
		return Kernel{}, err
	}
	if t.bits != 32 {
		return Kernel{}, bad("24-bit multiply takes .u32 or .s32")
	}
	mode := m.one("lo", "hi")
	if mode == "" {
		return Kernel{}, bad("needs .lo or .hi")
	}
	shift := uint(0)
	if mode == "hi" {
		shift = 16
	}
	signed := t.k == kSigned
	prod := func(a, b uint64) int64 {
		if signed {
			return sext(a, 24) * sext(b, 24) >> shift
		}
		return int64((a & 0xFFFFFF) * (b & 0xFFFFFF) >> shift)
	}
	if !mad {
		return k2(func(a, b uint64) uint64 { return uint64(uint32(prod(a, b))) }), nil
	}
	if m.take("sat") {
		if mode != "hi" || !signed {
			return Kernel{}, bad(".sat applies only to mad24.hi.s32")
		}
		return k3(func(a, b, c uint64) uint64 {
			return satS32(int64(int32(prod(a, b))) + sext(c, 32))
		}), nil
	}
	return k3(func(a, b, c uint64) uint64 { return uint64(uint32(uint64(prod(a, b)) + c)) }), nil
}

// buildSad: d = c + |a - b|.
func buildSad(m *modList) (Kernel, error) {
	t, err := intType(m)
	if err != nil {
		return Kernel{}, err
	}
	mk := mask(t.bits)
	return k3(func(a, b, c uint64) uint64 {
		x, y := ext(t, a), ext(t, b)
		var diff uint64
		if t.k == kSigned && int64(x) >= int64(y) || t.k == kUnsigned && x >= y {
			diff = x - y
		} else {
			diff = y - x
		}
		return (c + diff) & mk
	}), nil
}

// Integer division by zero is undefined in PTX. We return what an H100's
// division sequence gives: all ones (-1 for signed types), whatever the
// dividend, for div and (measured on H100) for rem too. MININT / -1 wraps
// to MININT and MININT rem -1 is 0.
func buildDiv(m *modList) (Kernel, error) {
	t, err := m.typ1()
	if err != nil {
		return Kernel{}, err
	}
	if t.k == kFloat {
		return buildFloatDiv(m, t)
	}
	if t.k != kSigned && t.k != kUnsigned || t.bits < 16 {
		return Kernel{}, bad("div types are integers and floats")
	}
	mk := mask(t.bits)
	switch {
	case t == typ{kUnsigned, 32}:
		return k2(divU32Lane), nil
	case t == typ{kSigned, 32}:
		return k2(divS32Lane), nil
	case t.k == kUnsigned:
		return k2(func(a, b uint64) uint64 {
			if b&mk == 0 {
				return mk
			}
			return (a & mk) / (b & mk)
		}), nil
	}
	return k2(func(a, b uint64) uint64 {
		x, y := sext(a, t.bits), sext(b, t.bits)
		if y == 0 {
			return mk
		}
		if y == -1 {
			return uint64(-x) & mk // also MININT / -1 = MININT
		}
		return uint64(x/y) & mk
	}), nil
}

// rem: the remainder of truncating division, with the dividend's sign.
func buildRem(m *modList) (Kernel, error) {
	t, err := intType(m)
	if err != nil {
		return Kernel{}, err
	}
	mk := mask(t.bits)
	if t == (typ{kSigned, 32}) {
		return k2(remS32Lane), nil
	}
	if t.k == kUnsigned {
		return k2(func(a, b uint64) uint64 {
			if b&mk == 0 {
				return mk
			}
			return (a & mk) % (b & mk)
		}), nil
	}
	return k2(func(a, b uint64) uint64 {
		x, y := sext(a, t.bits), sext(b, t.bits)
		if y == 0 {
			return mk
		}
		if y == -1 {
			return 0
		}
		return uint64(x%y) & mk
	}), nil
}

// abs of MININT is MININT.
func buildAbs(m *modList) (Kernel, error) {
	t, err := m.typ1()
	if err != nil {
		return Kernel{}, err
	}
	if t.k == kFloat {
		return buildFloatAbsNeg(m, t, false)
	}
	if t.k != kSigned || t.bits < 16 {
		return Kernel{}, bad("abs takes .s16 .s32 .s64 and floats")
	}
	mk := mask(t.bits)
	return k1(func(a uint64) uint64 {
		x := sext(a, t.bits)
		if x < 0 {
			x = -x
		}
		return uint64(x) & mk
	}), nil
}

func buildNeg(m *modList) (Kernel, error) {
	t, err := m.typ1()
	if err != nil {
		return Kernel{}, err
	}
	if t.k == kFloat {
		return buildFloatAbsNeg(m, t, true)
	}
	if t.k != kSigned || t.bits < 16 {
		return Kernel{}, bad("neg takes .s16 .s32 .s64 and floats")
	}
	mk := mask(t.bits)
	return k1(func(a uint64) uint64 { return -a & mk }), nil
}

func buildMinMax(m *modList, isMax bool) (Kernel, error) {
	t, err := m.typ1()
	if err != nil {
		return Kernel{}, err
	}
	if t.k == kFloat {
		return buildFloatMinMax(m, t, isMax)
	}
	if t.k != kSigned && t.k != kUnsigned || t.bits < 16 {
		return Kernel{}, bad("min and max take integer and float types")
	}
	if t == (typ{kSigned, 32}) {
		if isMax {
			return Kernel{Fn: maxS32, Srcs: 2}, nil
		}
		return Kernel{Fn: minS32, Srcs: 2}, nil
	}
	mk := mask(t.bits)
	signed := t.k == kSigned
	return k2(func(a, b uint64) uint64 {
		x, y := ext(t, a), ext(t, b)
		less := x < y
		if signed {
			less = int64(x) < int64(y)
		}
		if less != isMax {
			return x & mk
		}
		return y & mk
	}), nil
}

// buildDot: dp4a adds to c the dot product of a's and b's four bytes;
// dp2a that of a's two 16-bit halves with b's low (.lo) or high (.hi)
// two bytes. Each element is sign- or zero-extended by its operand's
// type; the sum wraps to 32 bits.
func buildDot(m *modList, two bool) (Kernel, error) {
	half := ""
	if two {
		if half = m.one("lo", "hi"); half == "" {
			return Kernel{}, bad("dp2a needs .lo or .hi")
		}
	}
	ts := m.types()
	if len(ts) != 2 {
		return Kernel{}, bad("needs .atype.btype")
	}
	for _, t := range ts {
		if t.bits != 32 || t.k != kSigned && t.k != kUnsigned {
			return Kernel{}, bad("types are .u32 and .s32")
		}
	}
	sa, sb := ts[0].k == kSigned, ts[1].k == kSigned
	elem := func(x uint64, i, n uint, signed bool) uint64 {
		v := x >> (i * n) & mask(n)
		if signed {
			return uint64(sext(v, n))
		}
		return v
	}
	if two {
		first := uint(0)
		if half == "hi" {
			first = 2
		}
		return k3(func(a, b, c uint64) uint64 {
			d := c
			for i := uint(0); i < 2; i++ {
				d += elem(a, i, 16, sa) * elem(b, first+i, 8, sb)
			}
			return d & 0xFFFFFFFF
		}), nil
	}
	return k3(func(a, b, c uint64) uint64 {
		d := c
		for i := uint(0); i < 4; i++ {
			d += elem(a, i, 8, sa) * elem(b, i, 8, sb)
		}
		return d & 0xFFFFFFFF
	}), nil
}
