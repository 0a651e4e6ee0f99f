package alu

import "math"

// The .approx (and div.full) instructions. PTX bounds their error only;
// each is computed here in float64 and rounded to nearest, which is well
// within the bound and deterministic, with the range limits and special
// values PTX spells out:
//
//	div.approx.f32   max 2 ulp for |b| in [2^-126, 2^126]; for
//	                 2^126 < |b| < 2^128 the result is 0 (NaN when a is
//	                 Inf), as a*(1/b) gives on the hardware
//	div.full.f32     max 2 ulp over the full range
//	rcp.approx.f32   max 1 ulp (normal results)
//	rcp.approx.ftz.f64  none documented ("gross approximation"); f64
//	                 subnormals in and out are zeros of the same sign,
//	                 only the high word is read, a NaN there gives
//	                 0x7FFFFFFF00000000
//	sqrt.approx.f32  max relative error 2^-23
//	rsqrt.approx.f32 max relative error 2^-22.9 (.f64: none documented)
//	ex2.approx.f32   max 2 ulp (normal results)
//	lg2.approx.f32   max absolute error 2^-22.6 for a in (0.5, 2),
//	                 otherwise max relative error 2^-22
//	sin/cos.approx.f32  max absolute error 2^-20.5 in [-pi, pi]
//	tanh.approx.f32  max relative error 2^-10.987
//
// Every result here is exactly the float64 function rounded to f32, so
// it differs from the hardware's by at most those bounds.

func init() {
	builders["rsqrt"] = func(m *modList) (Kernel, error) { return buildUnaryApprox(m, "rsqrt") }
	builders["ex2"] = func(m *modList) (Kernel, error) { return buildUnaryApprox(m, "ex2") }
	builders["lg2"] = func(m *modList) (Kernel, error) { return buildUnaryApprox(m, "lg2") }
	builders["sin"] = func(m *modList) (Kernel, error) { return buildUnaryApprox(m, "sin") }
	builders["cos"] = func(m *modList) (Kernel, error) { return buildUnaryApprox(m, "cos") }
	builders["tanh"] = func(m *modList) (Kernel, error) { return buildUnaryApprox(m, "tanh") }

	ftz := []string{"", "ftz"}
	register("div", []string{"approx", "full"}, ftz, []string{"f32"})
	register("rcp", []string{"approx"}, ftz, []string{"f32"})
	register("rcp", []string{"approx"}, []string{"ftz"}, []string{"f64"})
	register("sqrt", []string{"approx"}, ftz, []string{"f32"})
	register("rsqrt", []string{"approx"}, ftz, []string{"f32", "f64"})
	for _, op := range []string{"ex2", "lg2", "sin", "cos"} {
		register(op, []string{"approx"}, ftz, []string{"f32"})
	}
	register("tanh", []string{"approx"}, []string{"f32"})
}

var approxFuncs = map[string]func(float64) float64{
	"rsqrt": func(x float64) float64 { return 1 / math.Sqrt(x) },
	"ex2":   math.Exp2,
	"lg2":   math.Log2,
	"sin":   math.Sin,
	"cos":   math.Cos,
	"tanh":  math.Tanh,
}

func buildDivApprox(m *modList, full bool) (Kernel, error) {
	f := fmods{ftz: m.take("ftz")}
	return k2(func(a, b uint64) uint64 {
		x, y := in32(a, f.ftz), in32(b, f.ftz)
		if ay := math.Abs(y); !full && ay > 0x1p126 && ay < 0x1p128 {
			if math.IsInf(x, 0) || x != x {
				return nan32
			}
			return f.out32(math.Copysign(0, x)*math.Copysign(1, y), 0)
		}
		return f.div32(x, y)
	}), nil
}

func buildRcpApprox(m *modList, t typ) (Kernel, error) {
	ftz := m.take("ftz")
	switch {
	case t.bits == 32:
		f := fmods{ftz: ftz}
		return k1(func(a uint64) uint64 { return f.div32(1, in32(a, ftz)) }), nil
	case t.bits == 64 && ftz:
		return k1(func(a uint64) uint64 {
			// The hardware reads only the high word (measured on H100):
			// 0x7FF0000000000001 is +Inf to it, so its reciprocal is 0;
			// a NaN of the high word gives the f32-like 0x7FFFFFFF there.
			a &^= 0xFFFFFFFF
			if isNaN64(a) {
				return 0x7FFFFFFF00000000
			}
			return ftz64(math.Float64bits(1 / math.Float64frombits(ftz64(a))))
		}), nil
	}
	return Kernel{}, bad("rcp.approx takes .f32 or .ftz.f64")
}

// ftz64 flushes f64 subnormal bits to a zero of the same sign.
func ftz64(b uint64) uint64 {
	if b&0x7FF0000000000000 == 0 {
		return b & sign64
	}
	return b
}

func buildSqrtApprox(m *modList, t typ) (Kernel, error) {
	f := fmods{ftz: m.take("ftz")}
	if t.bits != 32 {
		return Kernel{}, bad("sqrt.approx takes .f32")
	}
	return k1(func(a uint64) uint64 { return f.sqrt32(in32(a, f.ftz)) }), nil
}

func buildUnaryApprox(m *modList, op string) (Kernel, error) {
	if !m.take("approx") {
		return Kernel{}, bad("needs .approx")
	}
	ftz := m.take("ftz")
	t, err := m.typ1()
	if err != nil {
		return Kernel{}, err
	}
	fn := approxFuncs[op]
	switch {
	case t.k != kFloat:
		return Kernel{}, bad("takes a float type")
	case t.bits == 16:
		return Kernel{}, notImpl("f16 arithmetic")
	case t.bits == 64 && op == "rsqrt":
		return k1(func(a uint64) uint64 {
			x := math.Float64frombits(a)
			if ftz {
				x = math.Float64frombits(ftz64(a))
			}
			r := math.Float64bits(fn(x))
			if ftz {
				r = ftz64(r)
			}
			return out64(math.Float64frombits(r), a, 0, 0)
		}), nil
	case t.bits == 64:
		return Kernel{}, bad("takes .f32")
	case op == "tanh" && ftz:
		return Kernel{}, bad("tanh has no .ftz")
	}
	f := fmods{ftz: ftz}
	return k1(func(a uint64) uint64 { return f.out32(fn(in32(a, ftz)), 0) }), nil
}
