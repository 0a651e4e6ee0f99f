package alu

import "math"

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

// compare returns the comparison op on operands of type t.
func compare(op string, t typ, ftz bool) (func(a, b uint64) bool, error) {
	switch t.k {
	case kFloat:
		if t.bits == 16 {
			return nil, notImpl("f16 comparison")
		}
		f := floatCompare(op)
		if f == nil {
			return nil, bad("no such float comparison")
		}
		if t.bits == 32 {
			return func(a, b uint64) bool { return f(in32(a, ftz), in32(b, ftz)) }, nil
		}
		return func(a, b uint64) bool { return f(math.Float64frombits(a), math.Float64frombits(b)) }, nil
	case kPred:
		return nil, bad("no comparison of predicates")
	}
	if ftz {
		return nil, bad(".ftz applies to .f32")
	}
	if t.bits < 16 {
		return nil, bad("8-bit types")
	}
	mk := mask(t.bits)
	switch op {
	case "eq":
		return func(a, b uint64) bool { return a&mk == b&mk }, nil
	case "ne":
		return func(a, b uint64) bool { return a&mk != b&mk }, nil
	}
	if t.k == kSigned {
		n := t.bits
		var f func(x, y int64) bool
		switch op {
		case "lt":
			f = func(x, y int64) bool { return x < y }
		case "le":
			f = func(x, y int64) bool { return x <= y }
		case "gt":
			f = func(x, y int64) bool { return x > y }
		case "ge":
			f = func(x, y int64) bool { return x >= y }
		default:
			return nil, bad("no such signed comparison")
		}
		return func(a, b uint64) bool { return f(sext(a, n), sext(b, n)) }, nil
	}
	if t.k != kUnsigned {
		return nil, bad("bit types compare only eq and ne")
	}
	switch op {
	case "lt", "lo":
		return func(a, b uint64) bool { return a&mk < b&mk }, nil
	case "le", "ls":
		return func(a, b uint64) bool { return a&mk <= b&mk }, nil
	case "gt", "hi":
		return func(a, b uint64) bool { return a&mk > b&mk }, nil
	case "ge", "hs":
		return func(a, b uint64) bool { return a&mk >= b&mk }, nil
	}
	return nil, bad("no such unsigned comparison")
}

// floatCompare: the plain comparisons are false when either operand is
// NaN (ordered), the ...u ones true (unordered); num and nan test for it.
func floatCompare(op string) func(x, y float64) bool {
	switch op {
	case "eq":
		return func(x, y float64) bool { return x == y }
	case "ne":
		return func(x, y float64) bool { return x != y && x == x && y == y }
	case "lt":
		return func(x, y float64) bool { return x < y }
	case "le":
		return func(x, y float64) bool { return x <= y }
	case "gt":
		return func(x, y float64) bool { return x > y }
	case "ge":
		return func(x, y float64) bool { return x >= y }
	case "equ":
		return func(x, y float64) bool { return x == y || x != x || y != y }
	case "neu":
		return func(x, y float64) bool { return x != y }
	case "ltu":
		return func(x, y float64) bool { return !(x >= y) }
	case "leu":
		return func(x, y float64) bool { return !(x > y) }
	case "gtu":
		return func(x, y float64) bool { return !(x <= y) }
	case "geu":
		return func(x, y float64) bool { return !(x < y) }
	case "num":
		return func(x, y float64) bool { return x == x && y == y }
	case "nan":
		return func(x, y float64) bool { return x != x || y != y }
	}
	return nil
}

func b2u(b bool) uint64 {
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
	var out func(bool) uint64 = b2u
	if !pred {
		if len(ts) != 2 {
			return Kernel{}, bad("set needs a destination and a source type")
		}
		switch ts[0] {
		case typ{kUnsigned, 32}, typ{kSigned, 32}:
			out = func(b bool) uint64 { return b2u(b) * math.MaxUint32 }
		case typ{kFloat, 32}:
			out = func(b bool) uint64 { return b2u(b) * one32 }
		default:
			return Kernel{}, bad("set's destination is .u32 .s32 or .f32")
		}
		ts = ts[1:]
	}
	if len(ts) != 1 {
		return Kernel{}, bad("needs one source type")
	}
	f, err := compare(op, ts[0], ftz)
	if err != nil {
		return Kernel{}, err
	}
	switch boolOp {
	case "and":
		return k3(func(a, b, c uint64) uint64 { return out(f(a, b) && c&1 != 0) }), nil
	case "or":
		return k3(func(a, b, c uint64) uint64 { return out(f(a, b) || c&1 != 0) }), nil
	case "xor":
		return k3(func(a, b, c uint64) uint64 { return out(f(a, b) != (c&1 != 0)) }), nil
	}
	return k2(func(a, b uint64) uint64 { return out(f(a, b)) }), nil
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
	if c&1 != 0 {
		return uint64(uint32(a))
	}
	return uint64(uint32(b))
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
// (finite, nonzero, not subnormal), subnormal.
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
			r = e != expBits && e != 0
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
