package alu

import (
	"math"
	"testing"
)

func TestApproxSpecials(t *testing.T) {
	runCases(t, []tcase{
		{"sin.approx.f32", ops(nz32), nz32},
		{"sin.approx.f32", ops(inf32), nan32},
		{"cos.approx.f32", ops(0), one32},
		{"cos.approx.f32", ops(ninf32), nan32},
		{"ex2.approx.f32", ops(ninf32), 0},
		{"ex2.approx.f32", ops(inf32), inf32},
		{"ex2.approx.f32", ops(f32(3)), f32(8)},
		{"ex2.approx.f32", ops(f32(-149)), 1},
		{"ex2.approx.ftz.f32", ops(f32(-149)), 0},
		{"lg2.approx.f32", ops(0), ninf32},
		{"lg2.approx.f32", ops(f32(-1)), nan32},
		{"lg2.approx.f32", ops(f32(8)), f32(3)},
		{"lg2.approx.f32", ops(1), f32(-149)},
		{"lg2.approx.ftz.f32", ops(1), ninf32},
		{"rsqrt.approx.f32", ops(f32(4)), f32(0.5)},
		{"rsqrt.approx.f32", ops(nz32), ninf32},
		{"rsqrt.approx.f32", ops(inf32), 0},
		{"rsqrt.approx.f32", ops(f32(-4)), nan32},
		{"rsqrt.approx.f64", ops(f64(4)), f64(0.5)},
		{"rsqrt.approx.ftz.f64", ops(1), inf64},
		{"sqrt.approx.f32", ops(f32(9)), f32(3)},
		{"sqrt.approx.f32", ops(f32(-9)), nan32},
		{"rcp.approx.f32", ops(f32(4)), f32(0.25)},
		{"rcp.approx.f32", ops(0), inf32},
		{"rcp.approx.ftz.f32", ops(0x80000001), ninf32},
		{"rcp.approx.ftz.f64", ops(f64(4)), f64(0.25)},
		{"rcp.approx.ftz.f64", ops(1), inf64},         // a subnormal input is 0
		{"rcp.approx.ftz.f64", ops(f64(0x1p1023)), 0}, // a subnormal result is 0
		{"tanh.approx.f32", ops(inf32), one32},
		{"tanh.approx.f32", ops(nz32), nz32},
		{"div.approx.f32", ops(f32(1), f32(4)), f32(0.25)},
		{"div.approx.f32", ops(f32(1), f32(0x1p127)), 0}, // |b| > 2^126: 0
		{"div.approx.f32", ops(f32(-1), f32(0x1p127)), nz32},
		{"div.approx.f32", ops(inf32, f32(0x1p127)), nan32},
		{"div.full.f32", ops(f32(1), f32(0x1p127)), f32(0x1p-127)},
		{"div.full.f32", ops(f32(1), f32(3)), 0x3EAAAAAB},
		{"div.full.ftz.f32", ops(f32(1), f32(0x1p127)), 0},
	})
}

// TestApproxBounds sweeps each approximation against float64 math and
// checks PTX's stated error bound.
func TestApproxBounds(t *testing.T) {
	type bound struct {
		spell  string
		lo, hi float64
		ref    func(float64) float64
		abs    bool // absolute error, else relative
		maxErr float64
	}
	for _, b := range []bound{
		{"sin.approx.f32", -math.Pi, math.Pi, math.Sin, true, math.Pow(2, -20.5)},
		{"cos.approx.f32", -math.Pi, math.Pi, math.Cos, true, math.Pow(2, -20.5)},
		{"lg2.approx.f32", 0.5, 2, math.Log2, true, math.Pow(2, -22.6)},
		{"lg2.approx.f32", 2, 1e30, math.Log2, false, 0x1p-22},
		{"ex2.approx.f32", -100, 100, math.Exp2, false, 0x1p-22},
		{"rsqrt.approx.f32", 1e-30, 1e30, func(x float64) float64 { return 1 / math.Sqrt(x) }, false, math.Pow(2, -22.9)},
		{"tanh.approx.f32", -10, 10, math.Tanh, false, 0x1p-11},
		{"sqrt.approx.f32", 0, 1e30, math.Sqrt, false, 0x1p-23},
	} {
		k := lookupSpell(t, b.spell)
		var a, d Vec
		for i := 0; i < 4096; i += Lanes {
			for l := range a {
				x := b.lo + (b.hi-b.lo)*float64(i+l)/4096
				a[l] = f32(float32(x))
			}
			k.Fn(&d, &a, nil, nil, full)
			for l := range d {
				x := float64(math.Float32frombits(uint32(a[l])))
				got := float64(math.Float32frombits(uint32(d[l])))
				want := b.ref(x)
				err := math.Abs(got - want)
				if !b.abs && want != 0 {
					err /= math.Abs(want)
				}
				if err > b.maxErr {
					t.Fatalf("%s(%g) = %g, want %g within %g", b.spell, x, got, want, b.maxErr)
				}
			}
		}
	}
}
