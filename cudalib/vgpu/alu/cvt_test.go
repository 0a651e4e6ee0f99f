package alu

import (
	"math"
	"testing"
)

func TestCvt(t *testing.T) {
	runCases(t, []tcase{
		{"cvt.u64.u32", ops(0xFFFFFFFF), 0xFFFFFFFF},
		{"cvt.s64.s32", ops(s32(-1)), math.MaxUint64},
		{"cvt.u64.s32", ops(s32(-1)), math.MaxUint64}, // sign-extended by the source type
		{"cvt.s64.u32", ops(0xFFFFFFFF), 0xFFFFFFFF},
		{"cvt.u32.u64", ops(0x1_00000002), 2},
		{"cvt.s32.s8", ops(0x80), s32(-128)},
		{"cvt.u32.u8", ops(0x180), 0x80},
		{"cvt.s8.s32", ops(s32(-1)), 0xFFFF},
		{"cvt.u16.u32", ops(0x12345), 0x2345},
		{"cvt.sat.u8.s32", ops(s32(-5)), 0},
		{"cvt.sat.u8.s32", ops(300), 255},
		{"cvt.sat.s8.s32", ops(s32(-300)), 0xFF80},
		{"cvt.sat.s8.u32", ops(0xFFFFFFFF), 0x7F},
		{"cvt.sat.u32.s64", ops(s64(-1)), 0},
		{"cvt.sat.s32.u64", ops(math.MaxUint64), math.MaxInt32},
		{"cvt.sat.u64.s64", ops(s64(-1)), 0},
		{"cvt.sat.s64.u64", ops(math.MaxUint64), math.MaxInt64},
		{"cvt.sat.u16.u16", ops(0xFFFF), 0xFFFF},

		{"cvt.rzi.s32.f32", ops(f32(-2.7)), s32(-2)},
		{"cvt.rni.s32.f32", ops(f32(2.5)), 2},
		{"cvt.rni.s32.f32", ops(f32(3.5)), 4},
		{"cvt.rmi.s32.f32", ops(f32(-2.1)), s32(-3)},
		{"cvt.rpi.s32.f32", ops(f32(2.1)), 3},
		{"cvt.rzi.s32.f32", ops(nan32), 0},
		{"cvt.rzi.s32.f32", ops(inf32), math.MaxInt32},
		{"cvt.rzi.s32.f32", ops(ninf32), s32(math.MinInt32)},
		{"cvt.rzi.s32.f32", ops(f32(3e9)), math.MaxInt32},
		{"cvt.rzi.u32.f32", ops(f32(-1)), 0},
		{"cvt.rzi.u32.f32", ops(f32(5e9)), 0xFFFFFFFF},
		{"cvt.rzi.u8.f32", ops(f32(300)), 255},
		{"cvt.rzi.s8.f32", ops(f32(-300)), 0xFF80},
		{"cvt.rzi.s64.f64", ops(f64(-1e19)), s64(math.MinInt64)},
		{"cvt.rzi.s64.f64", ops(f64(1e19)), math.MaxInt64},
		{"cvt.rzi.u64.f64", ops(f64(1e20)), math.MaxUint64},
		{"cvt.rzi.u64.f64", ops(f64(0x1p63)), 1 << 63},
		{"cvt.rni.s64.f64", ops(f64(-0.5)), 0},
		{"cvt.rmi.s32.f32", ops(0x80000001), math.MaxUint32}, // -2^-149 floors to -1
		{"cvt.rmi.ftz.s32.f32", ops(0x80000001), 0},
		{"cvt.rzi.s32.f16", ops(0xC500), s32(-5)}, // -5.0 in f16

		{"cvt.rn.f32.s32", ops(s32(-3)), f32(-3)},
		{"cvt.rn.f32.u32", ops(0xFFFFFFFF), f32(4294967296)},
		{"cvt.rz.f32.u32", ops(0xFFFFFFFF), 0x4F7FFFFF},
		{"cvt.rn.f32.s32", ops(0x01000001), f32(16777216)}, // 2^24+1: tie to even
		{"cvt.rp.f32.s32", ops(0x01000001), f32(16777218)},
		{"cvt.rm.f32.s32", ops(s32(-0x01000001)), f32(-16777218)},
		{"cvt.rn.f64.s64", ops(s64(math.MinInt64)), f64(-0x1p63)},
		{"cvt.rz.f64.u64", ops(math.MaxUint64), f64(0x1.fffffffffffffp63)},
		{"cvt.rn.f64.u64", ops(math.MaxUint64), f64(0x1p64)},
		{"cvt.rn.f32.u64", ops(0), 0},
		{"cvt.rn.f64.s32", ops(s32(-7)), f64(-7)},
		{"cvt.rn.sat.f32.s32", ops(5), one32},
		{"cvt.rn.f16.s32", ops(70000), 0x7C00}, // past f16's max: Inf
		{"cvt.rz.f16.s32", ops(70000), 0x7BFF},

		{"cvt.f64.f32", ops(f32(1.5)), f64(1.5)},
		{"cvt.f64.f32", ops(1), f64(0x1p-149)},
		{"cvt.ftz.f64.f32", ops(1), 0},
		{"cvt.f64.f32", ops(0xFFC00001), 0xFFF8000020000000},
		{"cvt.rn.f32.f64", ops(f64(1.0 / 3)), 0x3EAAAAAB},
		{"cvt.rz.f32.f64", ops(f64(1.0 / 3)), 0x3EAAAAAA},
		{"cvt.rn.f32.f64", ops(f64(1e300)), inf32},
		{"cvt.rz.f32.f64", ops(f64(1e300)), max32},
		{"cvt.rn.f32.f64", ops(f64(0x1p-150)), 0},
		{"cvt.rp.f32.f64", ops(f64(0x1p-150)), 1},
		{"cvt.rn.f32.f64", ops(f64(0x1.8p-150)), 1},
		{"cvt.rn.ftz.f32.f64", ops(f64(0x1p-140)), 0},
		{"cvt.rn.f32.f64", ops(0x7FF8000000000001), 0x7FC00000},
		{"cvt.rn.sat.f32.f64", ops(f64(-2)), 0},
		{"cvt.rn.f16.f32", ops(f32(1)), 0x3C00},
		{"cvt.rn.f16.f32", ops(f32(65520)), 0x7C00}, // halfway past the max: Inf
		{"cvt.rn.f16.f32", ops(f32(65519)), 0x7BFF},
		{"cvt.rn.f16.f32", ops(f32(0x1p-24)), 1},
		{"cvt.rn.f16.f32", ops(f32(0x1p-25)), 0},
		{"cvt.rn.f16.f32", ops(f32(0)), 0},
		{"cvt.rn.f16.f32", ops(nz32), 0x8000},
		{"cvt.rn.f16.f32", ops(nan32), 0x7FFF},
		{"cvt.rn.f16.f32", ops(ninf32), 0xFC00},
		{"cvt.rn.f16.f32", ops(f32(1 + 0x1p-11)), 0x3C00}, // tie to even
		{"cvt.rp.f16.f32", ops(f32(1 + 0x1p-11)), 0x3C01},
		{"cvt.f32.f16", ops(0x3C00), f32(1)},
		{"cvt.f32.f16", ops(1), f32(0x1p-24)},
		{"cvt.f32.f16", ops(0xFC00), ninf32},
		{"cvt.f32.f16", ops(0x7E00), nan32},
		{"cvt.f64.f16", ops(0xC000), f64(-2)},
		{"cvt.rni.f32.f32", ops(f32(2.5)), f32(2)},
		{"cvt.rni.f32.f32", ops(f32(-3.5)), f32(-4)},
		{"cvt.rzi.f32.f32", ops(f32(-3.7)), f32(-3)},
		{"cvt.rmi.f32.f32", ops(f32(-0.5)), f32(-1)},
		{"cvt.rpi.f32.f32", ops(f32(-0.5)), nz32},
		{"cvt.rpi.f64.f64", ops(f64(0.25)), f64(1)},
		{"cvt.ftz.f32.f32", ops(0x80000001), nz32},
		{"cvt.sat.f32.f32", ops(f32(1.5)), one32},
		{"cvt.f32.f32", ops(snan32), nan32},
	})
}

func TestCvtIntegralWidening(t *testing.T) {
	runCases(t, []tcase{
		{"cvt.rni.f64.f32", ops(f32(2.5)), f64(2)},
		{"cvt.rmi.f64.f32", ops(f32(-2.5)), f64(-3)},
		{"cvt.rpi.f32.f16", ops(0x3E00), f32(2)}, // 1.5
		{"cvt.rzi.f64.f32", ops(nan32), 0x7FFFFFFFE0000000},
		{"cvt.rni.f64.f64", ops(0xFFF0000000000001), 0xFFF8000000000001},
	})
	if _, err := Lookup("cvt", []string{"rni", "f32", "f64"}); err == nil {
		t.Error("cvt.rni.f32.f64 (integral rounding while narrowing) accepted")
	}
}
