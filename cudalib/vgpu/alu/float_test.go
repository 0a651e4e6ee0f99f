package alu

import (
	"math"
	"testing"
)

func TestFloat32Arith(t *testing.T) {
	const (
		one     = one32
		oneUlp  = one32 + 1  // 1 + 2^-23
		halfUlp = 0x33800000 // 2^-24
		third   = 0x3EAAAAAB // 1/3 to nearest
	)
	runCases(t, []tcase{
		{"add.f32", ops(f32(1.5), f32(2.25)), f32(3.75)},
		{"add.f32", ops(one, halfUlp), one}, // a tie: to even
		{"add.rn.f32", ops(oneUlp, halfUlp), oneUlp + 1},
		{"add.rz.f32", ops(one, halfUlp), one},
		{"add.rm.f32", ops(one, halfUlp), one},
		{"add.rp.f32", ops(one, halfUlp), oneUlp},
		{"add.rp.f32", ops(one, den32), oneUlp},
		{"add.rm.f32", ops(one, den32|sign32), 0x3F7FFFFF},
		{"add.rz.f32", ops(one, den32|sign32), 0x3F7FFFFF},
		{"add.rp.f32", ops(one, den32|sign32), one},
		{"add.f32", ops(one, one|sign32), 0},
		{"add.rm.f32", ops(one, one|sign32), nz32}, // x - x is -0 rounding down
		{"add.rm.f32", ops(0, 0), 0},
		{"add.f32", ops(nz32, nz32), nz32},
		{"add.f32", ops(nz32, 0), 0},
		{"add.f32", ops(inf32, ninf32), nan32},
		{"add.f32", ops(snan32, one), nan32},
		{"add.f32", ops(0xFFC00001, one), nan32},
		{"add.f32", ops(inf32, one), inf32},
		{"add.f32", ops(max32, max32), inf32},
		{"add.rz.f32", ops(max32, max32), max32},
		{"add.rm.f32", ops(max32, max32), max32},
		{"add.rp.f32", ops(max32, max32), inf32},
		{"add.rm.f32", ops(max32|sign32, max32|sign32), ninf32},
		{"add.rp.f32", ops(max32|sign32, max32|sign32), max32 | sign32},
		{"add.f32", ops(den32, den32), 2},
		{"add.ftz.f32", ops(den32, den32), 0},
		{"add.ftz.f32", ops(0x00800000, 0x80000001), 0x00800000},
		{"add.ftz.f32", ops(0x00800001, 0x80800000), 0}, // 2^-149 result flushed
		{"add.f32", ops(0x00800001, 0x80800000), 1},
		{"add.ftz.f32", ops(0x80800001, 0x00800000), nz32},
		{"add.sat.f32", ops(f32(0.75), f32(0.5)), one},
		{"add.sat.f32", ops(f32(-0.5), f32(0.25)), 0},
		{"add.sat.f32", ops(inf32, ninf32), 0},
		{"add.sat.f32", ops(f32(0.25), f32(0.5)), f32(0.75)},
		{"add.sat.f32", ops(nz32, nz32), 0},
		{"add.f32", ops(0x1_3F800000, 0x2_3F800000), f32(2)}, // high bits ignored
		{"sub.f32", ops(f32(1), f32(3)), f32(-2)},
		{"sub.f32", ops(one, one), 0},
		{"sub.rm.f32", ops(one, one), nz32},
		{"sub.f32", ops(inf32, inf32), nan32},
		{"sub.rp.f32", ops(one, 0x33000000), one}, // 1 - 2^-25
		{"sub.rm.f32", ops(one, 0x33000000), 0x3F7FFFFF},
		{"sub.rn.f32", ops(one, halfUlp), 0x3F7FFFFF}, // exact

		{"mul.f32", ops(f32(1.5), f32(-2)), f32(-3)},
		{"mul.f32", ops(0, inf32), nan32},
		{"mul.f32", ops(nz32, f32(5)), nz32},
		{"mul.f32", ops(f32(0x1p-100), f32(0x1p-40)), 0x200}, // 2^-140, subnormal
		{"mul.ftz.f32", ops(f32(0x1p-100), f32(0x1p-40)), 0},
		{"mul.f32", ops(f32(0x1p-100), f32(0x1p-60)), 0},                // below half the least subnormal
		{"mul.rp.f32", ops(f32(0x1p-100), f32(0x1p-60)), 1},             // … rounds up to it
		{"mul.rm.f32", ops(f32(-0x1p-100), f32(0x1p-60)), 0x80000001},   // … or down
		{"mul.f32", ops(f32(0x1p-100), f32(0x1.8p-49)), 2},              // 1.5 * 2^-149: tie to even 2
		{"mul.f32", ops(f32(0x1p-100), f32(0x1.8p-50)), 1},              // 0.75 * 2^-149
		{"mul.f32", ops(f32(0x1p-126), f32(0x1.fffffep-1)), 0x00800000}, // rounds up to the least normal
		{"mul.ftz.f32", ops(f32(0x1p-126), f32(0x1.fffffep-1)), 0},
		{"mul.rz.f32", ops(f32(0x1p-126), f32(0x1.fffffep-1)), 0x007FFFFF},
		{"mul.rz.f32", ops(oneUlp, oneUlp), one + 2}, // (1+2^-23)^2 = 1 + 2^-22 + 2^-46
		{"mul.rn.f32", ops(oneUlp, oneUlp), one + 2},
		{"mul.rp.f32", ops(oneUlp, oneUlp), one + 3},
		{"mul.rm.f32", ops(oneUlp|sign32, oneUlp), (one + 3) | sign32},
		{"mul.f32", ops(max32, f32(2)), inf32},
		{"mul.rz.f32", ops(max32, f32(2)), max32},
		{"mul.sat.f32", ops(f32(3), f32(0.5)), one},
		{"mul.sat.f32", ops(0, inf32), 0},

		// One rounding: p = (1+2^-23)(1-2^-24) = 1 + 2^-24 - 2^-47, c = 2^-47 + 2^-70,
		// a*b+c = 1 + 2^-24 + 2^-70 is just above a tie, but rounding it to
		// float64 first would land on the tie and then go to even (1.0).
		{"fma.rn.f32", ops(oneUlp, 0x3F7FFFFF, 0x28000001), oneUlp},
		{"fma.rz.f32", ops(oneUlp, 0x3F7FFFFF, 0x28000001), one},
		{"fma.rn.f32", ops(f32(2), f32(3), f32(1)), f32(7)},
		{"fma.rn.f32", ops(0, inf32, one), nan32},
		{"fma.rn.f32", ops(one, inf32, ninf32), nan32},
		{"fma.rn.f32", ops(one, one, one|sign32), 0},
		{"fma.rm.f32", ops(one, one, one|sign32), nz32},
		{"fma.rn.f32", ops(nz32, one, nz32), nz32},
		{"fma.rn.f32", ops(nz32, one, 0), 0},
		{"fma.rn.f32", ops(max32, f32(2), max32|sign32), max32}, // no intermediate overflow
		{"fma.rn.ftz.f32", ops(den32, f32(2), 0), 0},
		{"fma.rn.f32", ops(den32, f32(2), 0), 2},
		{"fma.rn.sat.f32", ops(f32(2), f32(2), f32(-1)), one},
		{"fma.rp.f32", ops(one, one, den32), oneUlp},
		{"mad.rn.f32", ops(oneUlp, 0x3F7FFFFF, 0x28000001), oneUlp},

		{"div.rn.f32", ops(one, f32(3)), third},
		{"div.rz.f32", ops(one, f32(3)), third - 1},
		{"div.rm.f32", ops(one, f32(3)), third - 1},
		{"div.rp.f32", ops(one, f32(3)), third},
		{"div.rm.f32", ops(one|sign32, f32(3)), third | sign32},
		{"div.rn.f32", ops(f32(6), f32(3)), f32(2)},
		{"div.rn.f32", ops(one, 0), inf32},
		{"div.rn.f32", ops(one|sign32, 0), ninf32},
		{"div.rn.f32", ops(0, 0), nan32},
		{"div.rn.f32", ops(inf32, inf32), nan32},
		{"div.rn.f32", ops(one, inf32), 0},
		{"div.rn.f32", ops(den32, f32(2)), 0},                 // 2^-150: tie, to even 0
		{"div.rp.f32", ops(den32, f32(2)), 1},                 //
		{"div.rn.f32", ops(f32(3), f32(0x1p127)), 0x00C00000}, // 1.5 * 2^-126
		{"div.rn.ftz.f32", ops(one, den32), inf32},            // 1/+0
		{"rcp.rn.f32", ops(f32(3)), third},
		{"rcp.rz.f32", ops(f32(3)), third - 1},
		{"rcp.rn.f32", ops(nz32), ninf32},
		{"rcp.rn.ftz.f32", ops(0x80000001), ninf32},

		{"sqrt.rn.f32", ops(f32(2)), 0x3FB504F3},
		{"sqrt.rz.f32", ops(f32(2)), 0x3FB504F3},
		{"sqrt.rp.f32", ops(f32(2)), 0x3FB504F4},
		{"sqrt.rn.f32", ops(f32(4)), f32(2)},
		{"sqrt.rp.f32", ops(f32(4)), f32(2)},
		{"sqrt.rn.f32", ops(f32(-1)), nan32},
		{"sqrt.rn.f32", ops(nz32), nz32},
		{"sqrt.rn.f32", ops(inf32), inf32},
		{"sqrt.rn.f32", ops(2), 0x1A800000}, // sqrt(2^-148) = 2^-74
	})
}

func TestFloat64Arith(t *testing.T) {
	const one = 0x3FF0000000000000
	runCases(t, []tcase{
		{"add.f64", ops(f64(1.5), f64(2.25)), f64(3.75)},
		{"add.rz.f64", ops(one, f64(0x1p-60)), one},
		{"add.rp.f64", ops(one, f64(0x1p-60)), one + 1},
		{"add.rm.f64", ops(one, f64(-0x1p-60)), 0x3FEFFFFFFFFFFFFF},
		{"add.rz.f64", ops(one, f64(-0x1p-60)), 0x3FEFFFFFFFFFFFFF},
		{"add.rp.f64", ops(one, f64(-0x1p-60)), one},
		{"add.rm.f64", ops(one, one|sign64), nz64},
		{"add.f64", ops(one, one|sign64), 0},
		{"add.f64", ops(f64(math.MaxFloat64), f64(math.MaxFloat64)), inf64},
		{"add.rz.f64", ops(f64(math.MaxFloat64), f64(math.MaxFloat64)), f64(math.MaxFloat64)},
		{"add.rm.f64", ops(f64(-math.MaxFloat64), f64(-math.MaxFloat64)), inf64 | sign64},
		{"add.rp.f64", ops(f64(math.MaxFloat64), f64(0x1p960)), inf64},
		{"add.rz.f64", ops(inf64, one), inf64},
		{"add.f64", ops(inf64, inf64|sign64), nan64},
		{"add.f64", ops(0x7FF0000000000001, one), 0x7FF8000000000001}, // NaN operand kept, quiet
		{"add.f64", ops(one, 0xFFF4000000000000), 0xFFFC000000000000},
		{"sub.rm.f64", ops(one, one), nz64},
		{"mul.f64", ops(f64(1.5), f64(-2)), f64(-3)},
		{"mul.rn.f64", ops(one+1, one+1), one + 2}, // (1+2^-52)^2 = 1 + 2^-51 + 2^-104
		{"mul.rz.f64", ops(one+1, one+1), one + 2},
		{"mul.rp.f64", ops(one+1, one+1), one + 3},
		{"mul.rm.f64", ops(one+1, (one+1)|sign64), (one + 3) | sign64},
		{"mul.rz.f64", ops(1, f64(0.5)), 0}, // 2^-1075
		{"mul.rn.f64", ops(1, f64(0.5)), 0},
		{"mul.rp.f64", ops(1, f64(0.5)), 1},
		{"mul.rm.f64", ops(1, f64(-0.5)), 1 | sign64},
		{"mul.rp.f64", ops(3, f64(0.5)), 2}, // 1.5 ulp up
		{"mul.rz.f64", ops(f64(math.MaxFloat64), f64(2)), f64(math.MaxFloat64)},
		{"mul.rp.f64", ops(f64(math.MaxFloat64), f64(-2)), f64(-math.MaxFloat64)},
		{"mul.rz.f64", ops(0, inf64), nan64},
		{"mul.rp.f64", ops(nz64, one), nz64},
		{"fma.rn.f64", ops(f64(2), f64(3), f64(1)), f64(7)},
		{"fma.rn.f64", ops(0, inf64, one), nan64},
		{"fma.rz.f64", ops(one+1, one+1, f64(-1)), f64(0x1p-51 + 0x1p-104)},
		{"fma.rz.f64", ops(one+1, one+1, 0), one + 2},
		{"fma.rp.f64", ops(one+1, one+1, 0), one + 3},
		{"fma.rp.f64", ops(one, one, f64(0x1p-200)), one + 1},
		{"fma.rz.f64", ops(one, one, f64(-0x1p-200)), 0x3FEFFFFFFFFFFFFF},
		{"fma.rm.f64", ops(one, one, f64(-0x1p-200)), 0x3FEFFFFFFFFFFFFF},
		{"fma.rp.f64", ops(one, one, f64(-0x1p-200)), one},
		{"fma.rp.f64", ops(f64(0x1p-200), f64(0x1p-200), one), one + 1},
		{"fma.rm.f64", ops(f64(0x1p-200), f64(-0x1p-200), one), 0x3FEFFFFFFFFFFFFF},
		{"fma.rm.f64", ops(one, one, one|sign64), nz64},
		{"fma.rz.f64", ops(one, one, one|sign64), 0},
		{"fma.rm.f64", ops(0, one, nz64), nz64},
		{"fma.rp.f64", ops(0, one, nz64), 0},
		{"fma.rm.f64", ops(0, one, 0), 0},
		{"fma.rz.f64", ops(f64(3), f64(5), f64(7)), f64(22)},
		{"fma.rz.f64", ops(f64(math.MaxFloat64), f64(2), f64(-math.MaxFloat64)), f64(math.MaxFloat64)},
		{"fma.rp.f64", ops(inf64, one, one), inf64},
		{"fma.rp.f64", ops(1, f64(0.5), 0), 1}, // subnormal product rounded up
		{"fma.rz.f64", ops(f64(1+0x1p-52), f64(1-0x1p-53), f64(-1)), f64(0x1p-53 - 0x1p-105)},
		{"mad.rz.f64", ops(f64(3), f64(5), f64(7)), f64(22)},

		{"div.rn.f64", ops(one, f64(3)), 0x3FD5555555555555},
		{"div.rz.f64", ops(one, f64(3)), 0x3FD5555555555555},
		{"div.rp.f64", ops(one, f64(3)), 0x3FD5555555555556},
		{"div.rm.f64", ops(one|sign64, f64(3)), 0xBFD5555555555556},
		{"div.rz.f64", ops(f64(6), f64(3)), f64(2)},
		{"div.rz.f64", ops(one, 0), inf64},
		{"div.rp.f64", ops(0, 0), nan64},
		{"div.rp.f64", ops(1, f64(2)), 1}, // 2^-1075 up
		{"div.rz.f64", ops(1, f64(2)), 0},
		{"div.rp.f64", ops(3, f64(2)), 2},
		{"div.rz.f64", ops(f64(math.MaxFloat64), f64(0.5)), f64(math.MaxFloat64)},
		{"rcp.rn.f64", ops(f64(4)), f64(0.25)},
		{"rcp.rp.f64", ops(f64(3)), 0x3FD5555555555556},
		{"sqrt.rn.f64", ops(f64(2)), 0x3FF6A09E667F3BCD},
		{"sqrt.rz.f64", ops(f64(2)), 0x3FF6A09E667F3BCC},
		{"sqrt.rp.f64", ops(f64(2)), 0x3FF6A09E667F3BCD},
		{"sqrt.rm.f64", ops(f64(4)), f64(2)},
		{"sqrt.rm.f64", ops(4), f64(0x1p-536)},
		{"sqrt.rz.f64", ops(f64(-1)), nan64},
		{"sqrt.rp.f64", ops(nz64), nz64},
	})
}

func TestFloatMinMaxAbs(t *testing.T) {
	qnan := uint64(0x7FC00000)
	runCases(t, []tcase{
		{"min.f32", ops(f32(1), f32(2)), f32(1)},
		{"max.f32", ops(f32(1), f32(2)), f32(2)},
		{"min.f32", ops(qnan, f32(2)), f32(2)},
		{"max.f32", ops(f32(2), snan32), f32(2)},
		{"min.f32", ops(qnan, snan32), nan32},
		{"min.NaN.f32", ops(qnan, f32(2)), nan32},
		{"max.NaN.f32", ops(f32(2), f32(3)), f32(3)},
		{"min.f32", ops(nz32, 0), nz32},
		{"min.f32", ops(0, nz32), nz32},
		{"max.f32", ops(nz32, 0), 0},
		{"max.f32", ops(0, nz32), 0},
		{"min.f32", ops(0x80000001, 0), 0x80000001},
		{"min.ftz.f32", ops(0x80000001, 0), nz32},
		{"max.ftz.f32", ops(den32, 0), 0},
		{"min.f32", ops(ninf32, f32(-1)), ninf32},
		{"min.f64", ops(f64(1), f64(-2)), f64(-2)},
		{"max.f64", ops(0x7FF8000000000000, f64(-2)), f64(-2)},
		{"max.f64", ops(nz64, 0), 0},
		{"min.f64", ops(0, nz64), nz64},
		{"min.f64", ops(0x7FF0000000000001, 0x7FF8000000000002), 0x7FF8000000000002},

		{"abs.f32", ops(nz32), 0},
		{"abs.f32", ops(f32(-2)), f32(2)},
		{"abs.f32", ops(0xFFC00001), nan32},
		{"abs.ftz.f32", ops(0x80000001), 0},
		{"abs.f32", ops(0x80000001), 1},
		{"neg.f32", ops(0), nz32},
		{"neg.f32", ops(f32(2)), f32(-2)},
		{"neg.ftz.f32", ops(1), nz32},
		{"abs.f64", ops(f64(-3)), f64(3)},
		{"neg.f64", ops(f64(1)), f64(-1)},
		{"copysign.f32", ops(f32(-1), f32(2)), f32(-2)},
		{"copysign.f32", ops(f32(1), f32(-2)), f32(2)},
		{"copysign.f64", ops(nz64, f64(3)), f64(-3)},
	})
}
