package alu

import (
	"math"
	"math/bits"
)

// Comparison and selection: setp, set, selp, slct, testp, copysign.

var (
	cmpInt   = []string{"eq", "ne", "lt", "le", "gt", "ge"}
	cmpUint  = []string{"eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs"}
	cmpFloat = []string{"eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"}
	boolOps  = []string{"", "and", "or", "xor"}
	anyTypes = []string{"b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64", "f32", "f64"}
)

func init() {
	builders["setp"] = func(m *modList) (Kernel, error) { return buildSet(m, true) }
	builders["set"] = func(m *modList) (Kernel, error) { return buildSet(m, false) }
	builders["selp"] = buildSelp
	builders["slct"] = buildSlct
	builders["testp"] = buildTestp
	builders["copysign"] = buildCopysign

	for _, op := range []string{"setp", "set"} {
		var dst []string
		if op == "set" {
			dst = []string{"u32", "s32", "f32"}
		}
		reg := func(cmps []string, types ...string) {
			if dst == nil {
				register(op, cmps, boolOps, types)
			} else {
				register(op, cmps, boolOps, dst, types)
			}
		}
		reg(cmpInt[:2], "b16", "b32", "b64")
		reg(cmpUint, "u16", "u32", "u64")
		reg(cmpInt, "s16", "s32", "s64")
		reg(cmpFloat, "f64")
		if dst == nil {
			register(op, cmpFloat, boolOps, []string{"", "ftz"}, []string{"f32"})
		} else {
			register(op, cmpFloat, boolOps, []string{"", "ftz"}, dst, []string{"f32"})
		}
	}
	register("selp", anyTypes)
	register("slct", anyTypes, []string{"s32"})
	register("slct", []string{"", "ftz"}, anyTypes, []string{"f32"})
	register("testp", []string{"finite", "infinite", "number", "notanumber", "normal", "subnormal"}, []string{"f32", "f64"})
	register("copysign", []string{"f32", "f64"})
}

// A comparison's outcome is one of less, equal, greater, unordered (a
// NaN operand); cmpMasks gives, per comparison, the set of outcomes that
// make it true (bit i for outcome i). Plain float comparisons are
// ordered (false on NaN), the ...u ones unordered (true on NaN).
const (
	oLess = 1 << iota
	oEqual
	oGreater
	oUnordered
)

var cmpMasks = map[string]uint8{
	"eq": oEqual, "ne": oLess | oGreater,
	"lt": oLess, "le": oLess | oEqual, "gt": oGreater, "ge": oGreater | oEqual,
	"lo": oLess, "ls": oLess | oEqual, "hi": oGreater, "hs": oGreater | oEqual,
	"equ": oEqual | oUnordered, "neu": oLess | oGreater | oUnordered,
	"ltu": oLess | oUnordered, "leu": oLess | oEqual | oUnordered,
	"gtu": oGreater | oUnordered, "geu": oGreater | oEqual | oUnordered,
	"num": oLess | oEqual | oGreater, "nan": oUnordered,
}

// cmpSpec is a decoded setp or set.
type cmpSpec struct {
	mask     uint8  // cmpMasks entry
	float    uint   // 0 for integers, else 32 or 64
	ftz      bool   // f32 .ftz
	flip, mk uint64 // integers: XOR with flip (the sign bit of signed types) orders them as unsigned
	boolOp   string // "", "and", "or", "xor" with the predicate c
	yes      uint64 // the result for true (1 for setp)
}

func newCmp(op string, t typ, ftz bool) (cmpSpec, error) {
	s := cmpSpec{mask: cmpMasks[op], ftz: ftz, yes: 1}
	switch {
	case t.k == kFloat && t.bits == 16:
		return s, notImpl("f16 comparison")
	case t.k == kFloat && (op == "lo" || op == "ls" || op == "hi" || op == "hs"):
		return s, bad("lo ls hi hs are unsigned comparisons")
	case t.k == kFloat && ftz && t.bits == 64:
		return s, bad(".ftz applies to .f32")
	case t.k == kFloat:
		s.float = t.bits
		return s, nil
	case t.k == kPred:
		return s, bad("no comparison of predicates")
	case ftz:
		return s, bad(".ftz applies to .f32")
	case t.bits < 16:
		return s, bad("8-bit types")
	case op == "equ" || op == "neu" || op == "ltu" || op == "leu" || op == "gtu" || op == "geu" || op == "num" || op == "nan":
		return s, bad("unordered comparisons are for floats")
	case t.k == kBits && op != "eq" && op != "ne":
		return s, bad("bit types compare only eq and ne")
	case t.k == kSigned && (op == "lo" || op == "ls" || op == "hi" || op == "hs"):
		return s, bad("lo ls hi hs are unsigned comparisons")
	case t.k == kSigned:
		s.flip = 1 << (t.bits - 1)
	}
	s.mk = mask(t.bits)
	return s, nil
}

// outcome returns the bit of a ? b in cmpMasks terms.
func (s *cmpSpec) outcome(a, b uint64) uint8 {
	var x, y float64
	switch s.float {
	case 0:
		a, b = (a^s.flip)&s.mk, (b^s.flip)&s.mk
		return uint8(oLess) << (b2u8(a >= b) + b2u8(a > b))
	case 32:
		x, y = in32(a, s.ftz), in32(b, s.ftz)
	default:
		x, y = math.Float64frombits(a), math.Float64frombits(b)
	}
	if x != x || y != y {
		return oUnordered
	}
	return uint8(oLess) << (b2u8(x >= y) + b2u8(x > y))
}

func (s *cmpSpec) lane(a, b, c uint64) uint64 {
	r := b2u(s.outcome(a, b)&s.mask != 0)
	switch s.boolOp {
	case "and":
		r &= c
	case "or":
		r |= c & 1
	case "xor":
		r ^= c & 1
	}
	return r * s.yes
}

// fn is the Fn of a comparison; c is read only with a boolean operation.
func (s *cmpSpec) fn(d, a, b, c *Vec, m uint32) {
	if s.boolOp != "" {
		masked3(d, a, b, c, m, s.lane)
		return
	}
	if s.float == 0 && m == full { // integer compares, inlined
		for i := range d {
			o := uint8(oLess) << (b2u8((a[i]^s.flip)&s.mk >= (b[i]^s.flip)&s.mk) + b2u8((a[i]^s.flip)&s.mk > (b[i]^s.flip)&s.mk))
			d[i] = b2u(o&s.mask != 0) * s.yes
		}
		return
	}
	for ; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m) & (Lanes - 1)
		d[i] = b2u(s.outcome(a[i], b[i])&s.mask != 0) * s.yes
	}
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func b2u8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// buildSet is setp (predicate result, 0 or 1) and set (0 or all ones for
// .u32/.s32, 0.0 or 1.0 for .f32). With a boolean operation the
// comparison is combined with the predicate c: setp.lt.and.s32 p, a, b, c
// is p = (a < b) && c. A "!c" operand is the VM's to negate: c arrives
// here already negated. setp's two-destination form "p|q" is not
// supported: Lookup cannot see it, so the VM must refuse it.
func buildSet(m *modList, pred bool) (Kernel, error) {
	op := m.one(cmpFloat...)
	if op == "" {
		op = m.one("lo", "ls", "hi", "hs")
	}
	if op == "" {
		return Kernel{}, bad("needs a comparison")
	}
	boolOp := m.one("and", "or", "xor")
	ftz := m.take("ftz")
	ts := m.types()
	yes := uint64(1)
	if !pred {
		if len(ts) != 2 {
			return Kernel{}, bad("set needs a destination and a source type")
		}
		switch ts[0] {
		case typ{kUnsigned, 32}, typ{kSigned, 32}:
			yes = math.MaxUint32
		case typ{kFloat, 32}:
			yes = one32
		default:
			return Kernel{}, bad("set's destination is .u32 .s32 or .f32")
		}
		ts = ts[1:]
	}
	if len(ts) != 1 {
		return Kernel{}, bad("needs one source type")
	}
	s, err := newCmp(op, ts[0], ftz)
	if err != nil {
		return Kernel{}, err
	}
	s.boolOp, s.yes = boolOp, yes
	if boolOp != "" {
		return Kernel{Fn: s.fn, Srcs: 3}, nil
	}
	return Kernel{Fn: s.fn, Srcs: 2}, nil
}

// valueType consumes one non-predicate type of 16 bits or more.
func valueType(m *modList) (typ, error) {
	t, err := m.typ1()
	if err == nil && (t.k == kPred || t.bits < 16) {
		err = bad("type")
	}
	if err == nil && t == (typ{kFloat, 16}) {
		err = notImpl("f16")
	}
	return t, err
}

// buildSelp: d = c ? a : b.
func buildSelp(m *modList) (Kernel, error) {
	t, err := valueType(m)
	if err != nil {
		return Kernel{}, err
	}
	if t.bits == 32 {
		return Kernel{Fn: selp32, Srcs: 3}, nil
	}
	mk := mask(t.bits)
	return k3(func(a, b, c uint64) uint64 {
		if c&1 != 0 {
			return a & mk
		}
		return b & mk
	}), nil
}

func selp32Lane(a, b, c uint64) uint64 {
	return uint64(uint32(b ^ (a^b)&-(c&1))) // branch-free c ? a : b
}

func selp32(d, a, b, c *Vec, m uint32) {
	if m != full {
		masked3(d, a, b, c, m, selp32Lane)
		return
	}
	for i := range d {
		d[i] = selp32Lane(a[i], b[i], c[i])
	}
}

// buildSlct: d = c >= 0 ? a : b, c being .s32 or .f32 (a NaN c selects
// b; .ftz flushes a subnormal c, so -denormal counts as >= 0).
func buildSlct(m *modList) (Kernel, error) {
	ftz := m.take("ftz")
	ts := m.types()
	if len(ts) != 2 || ts[0].k == kPred || ts[0].bits < 16 || ts[0] == (typ{kFloat, 16}) {
		return Kernel{}, bad("slct.dtype.s32 or slct.dtype.f32")
	}
	mk := mask(ts[0].bits)
	var ge func(c uint64) bool
	switch ts[1] {
	case typ{kSigned, 32}:
		if ftz {
			return Kernel{}, bad(".ftz applies to .f32")
		}
		ge = func(c uint64) bool { return int32(c) >= 0 }
	case typ{kFloat, 32}:
		ge = func(c uint64) bool { return in32(c, ftz) >= 0 }
	default:
		return Kernel{}, bad("c is .s32 or .f32")
	}
	return k3(func(a, b, c uint64) uint64 {
		if ge(c) {
			return a & mk
		}
		return b & mk
	}), nil
}

// buildTestp: finite, infinite, number (not NaN), notanumber, normal
// (finite, not subnormal: ±0 counts as normal, measured on H100),
// subnormal.
func buildTestp(m *modList) (Kernel, error) {
	op := m.one("finite", "infinite", "number", "notanumber", "normal", "subnormal")
	t, err := m.typ1()
	switch {
	case err != nil:
		return Kernel{}, err
	case op == "":
		return Kernel{}, bad("needs a test")
	case t.k != kFloat || t.bits == 16:
		return Kernel{}, bad("testp takes .f32 or .f64")
	}
	expBits, fracBits := uint64(exp32), uint64(1<<23-1)
	if t.bits == 64 {
		expBits, fracBits = 0x7FF0000000000000, 1<<52-1
	}
	return k1(func(a uint64) uint64 {
		e, f := a&expBits, a&fracBits
		var r bool
		switch op {
		case "finite":
			r = e != expBits
		case "infinite":
			r = e == expBits && f == 0
		case "number":
			r = e != expBits || f == 0
		case "notanumber":
			r = e == expBits && f != 0
		case "normal":
			r = e != expBits && (e != 0 || f == 0)
		case "subnormal":
			r = e == 0 && f != 0
		}
		return b2u(r)
	}), nil
}

// buildCopysign: d is b with the sign of a.
func buildCopysign(m *modList) (Kernel, error) {
	t, err := m.typ1()
	if err != nil {
		return Kernel{}, err
	}
	if t.k != kFloat || t.bits == 16 {
		return Kernel{}, bad("copysign takes .f32 or .f64")
	}
	sign := uint64(sign32)
	if t.bits == 64 {
		sign = sign64
	}
	mk := mask(t.bits)
	return k2(func(a, b uint64) uint64 { return (b&^sign | a&sign) & mk }), nil
}
