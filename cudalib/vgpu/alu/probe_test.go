package alu

import "testing"

// TestProbeCases pins this package's answers where PTX leaves the result
// undefined or to the hardware (integer division by zero, NaN bits,
// signed zeros of min/max, .ftz at the underflow boundary). The same
// cases run on a GPU with testdata/h100probe.cu, which prints them in
// this table's format: a line that differs from the GPU's is a bug here
// (fix the code, then the line). Every answer up to cvt.rzi.u64.f64 was
// measured on an H100 (the abs, neg and conversions of NaN by vgpudiff:
// the first probe's constant operands let ptxas fold those); the lines
// after it are this package's answers, most measured by vgpudiff, the
// rest (marked) inferred, for the next probe run to confirm.
func TestProbeCases(t *testing.T) {
	runCases(t, []tcase{
		{"div.s32", ops(5, 0), 0xffffffff},
		{"div.s32", ops(0xFFFFFFFB, 0), 0xffffffff},
		{"div.s32", ops(0, 0), 0xffffffff},
		{"div.u32", ops(7, 0), 0xffffffff},
		{"rem.s32", ops(0xFFFFFFF9, 0), 0xffffffff},
		{"rem.u32", ops(7, 0), 0xffffffff},
		{"div.s64", ops(5, 0), 0xffffffffffffffff},
		{"div.s64", ops(0xFFFFFFFFFFFFFFFB, 0), 0xffffffffffffffff},
		{"div.u64", ops(7, 0), 0xffffffffffffffff},
		{"rem.s64", ops(0xFFFFFFFFFFFFFFF9, 0), 0xffffffffffffffff},
		{"rem.u64", ops(7, 0), 0xffffffffffffffff},
		{"div.s32", ops(0x80000000, 0xFFFFFFFF), 0x80000000},
		{"rem.s32", ops(0x80000000, 0xFFFFFFFF), 0x0},
		{"add.f32", ops(0x7FC00001, 0x3F800000), 0x7fffffff},
		{"add.f32", ops(0xFFC00000, 0x3F800000), 0x7fffffff},
		{"add.f32", ops(0x7F800001, 0x3F800000), 0x7fffffff},
		{"add.f32", ops(0x7F800000, 0xFF800000), 0x7fffffff},
		{"mul.f32", ops(0, 0x7F800000), 0x7fffffff},
		{"fma.rn.f32", ops(0x7FC00001, 0x3F800000, 0x7FC00002), 0x7fffffff},
		{"add.sat.f32", ops(0x7FC00001, 0x3F800000), 0x0},
		{"add.rm.f32", ops(0x3F800000, 0xBF800000), 0x80000000},
		{"abs.f32", ops(0xFFC00001), 0x7fffffff},
		{"neg.f32", ops(0x7FC00001), 0x7fffffff},
		{"abs.f32", ops(0x80000000), 0x0},
		{"abs.ftz.f32", ops(0x80000001), 0x0},
		{"neg.ftz.f32", ops(1), 0x80000000},
		{"sqrt.rn.f32", ops(0xBF800000), 0x7fffffff},
		{"rcp.rn.f32", ops(0x7FC00001), 0x7fffffff},
		{"min.f32", ops(0x7FC00001, 0x7FC00002), 0x7fffffff},
		{"min.f32", ops(0x7FC00001, 0x3F800000), 0x3f800000},
		{"max.f32", ops(0x3F800000, 0x7F800001), 0x3f800000},
		{"min.f32", ops(0x80000000, 0), 0x80000000},
		{"min.f32", ops(0, 0x80000000), 0x80000000},
		{"max.f32", ops(0x80000000, 0), 0x0},
		{"max.f32", ops(0, 0x80000000), 0x0},
		{"min.NaN.f32", ops(0x7FC00001, 0x3F800000), 0x7fffffff},
		{"min.f32", ops(0x80000001, 0), 0x80000001},
		{"min.ftz.f32", ops(0x80000001, 0), 0x80000000},
		{"mul.ftz.f32", ops(0x00800000, 0x3F7FFFFF), 0x0},
		{"mul.f32", ops(0x00800000, 0x3F7FFFFF), 0x800000},
		{"mul.rz.ftz.f32", ops(0x00800000, 0x3F7FFFFF), 0x0},
		{"add.ftz.f32", ops(0x00800001, 0x80800000), 0x0},
		{"add.f64", ops(0x7FF8000000000123, 0x3FF0000000000000), 0x7ff8000000000123},
		{"add.f64", ops(0x3FF0000000000000, 0x7FF8000000000123), 0x7ff8000000000123},
		{"add.f64", ops(0x7FF0000000000001, 0x3FF0000000000000), 0x7ff8000000000001},
		{"add.f64", ops(0xFFF8000000000456, 0x7FF8000000000123), 0xfff8000000000456},
		{"add.f64", ops(0x7FF0000000000000, 0xFFF0000000000000), 0xfff8000000000000},
		{"mul.f64", ops(0, 0x7FF0000000000000), 0xfff8000000000000},
		{"fma.rn.f64", ops(0, 0x7FF0000000000000, 0x3FF0000000000000), 0xfff8000000000000},
		{"fma.rn.f64", ops(0x3FF0000000000000, 0x3FF0000000000000, 0x7FF8000000000123), 0x7ff8000000000123},
		{"div.rn.f64", ops(0, 0), 0xfff8000000000000},
		{"sqrt.rn.f64", ops(0xBFF0000000000000), 0xfff8000000000000},
		{"abs.f64", ops(0xFFF8000000000001), 0xfff8000000000001},
		{"neg.f64", ops(0x7FF8000000000123), 0x7ff8000000000123},
		{"min.f64", ops(0x7FF8000000000123, 0x7FF8000000000456), 0x7ff8000000000456},
		{"min.f64", ops(0x7FF8000000000123, 0x3FF0000000000000), 0x3ff0000000000000},
		{"min.f64", ops(0x8000000000000000, 0), 0x8000000000000000},
		{"max.f64", ops(0, 0x8000000000000000), 0x0},
		{"max.f64", ops(0x8000000000000000, 0), 0x0},
		{"min.f64", ops(0, 0x8000000000000000), 0x8000000000000000},
		{"cvt.f64.f32", ops(0xFFC00001), 0xfff8000020000000},
		{"cvt.f64.f32", ops(0x7F800001), 0x7ff8000020000000},
		{"cvt.rn.f32.f64", ops(0x7FF8000000000123), 0x7fc00000},
		{"cvt.rn.f32.f64", ops(0xFFF8000000000000), 0xffc00000},
		{"cvt.rn.f16.f32", ops(0x7FC00001), 0x7fff},
		{"cvt.rn.f16.f32", ops(0xFFC00000), 0x7fff},
		{"cvt.f32.f16", ops(0x7E01), 0x7fffffff},
		{"cvt.f32.f16", ops(0xFC01), 0x7fffffff},
		{"cvt.rni.f32.f32", ops(0x7F800001), 0x7fffffff},
		{"cvt.ftz.f32.f32", ops(0x80000001), 0x80000000},
		{"cvt.sat.f32.f32", ops(0x7FC00001), 0x0},
		{"cvt.rzi.s32.f32", ops(0x7FC00001), 0x0},
		{"cvt.rzi.u32.f32", ops(0xBFC00000), 0x0},
		{"cvt.rzi.s64.f64", ops(0x7FF8000000000123), 0x8000000000000000},
		{"cvt.rzi.u64.f64", ops(0xC000000000000000), 0x0},
		{"fma.rn.f64", ops(0x3FF0000000000000, 0x7FF0000000000001, 0x7FF8000000000123), 0x7ff8000000000123},
		{"fma.rn.f64", ops(0x7FF8000000000123, 0x7FF8000000000456, 0x3FF0000000000000), 0x7ff8000000000123}, // inferred
		{"max.f64", ops(0x7FF4000000000000, 0x7FF0000000000001), 0x7ff8000000000001},
		{"neg.f64", ops(0x7FF4000000000000), 0x7ffc000000000000},
		{"abs.f32", ops(0x7FA00000), 0x7fffffff},
		{"fma.rn.ftz.f32", ops(0x3F7FFFFF, 0x80800000, 0x00400000), 0x80000000},
		{"mul.rn.ftz.f32", ops(0x20000400, 0x1FFFF800), 0x800000}, // inferred: 2^-126(1-2^-26) rounds to 2^-126
		{"mul.rp.ftz.f32", ops(0x20000400, 0x1FFFF800), 0x800000}, // inferred
		{"mul.rz.ftz.f32", ops(0x20000400, 0x1FFFF800), 0x0},
		{"cvt.rzi.s32.f64", ops(0x7FF8000000000123), 0x80000000},
		{"cvt.rzi.u32.f64", ops(0x7FF8000000000123), 0x80000000},
		{"cvt.rzi.s64.f32", ops(0x7FC00001), 0x8000000000000000},
		{"cvt.rzi.u64.f32", ops(0x7FC00001), 0x8000000000000000},
		{"cvt.rzi.u32.f32", ops(0x7FC00001), 0x0},
		{"cvt.rn.f16.f64", ops(0x7FF4000000000000), 0x7f00},
		{"cvt.rn.f16.f64", ops(0xFFF8000000000001), 0xfe00},
		{"cvt.rn.f32.f64", ops(0x7FF4000000000000), 0x7fe00000}, // inferred: payload kept as in f16
		{"cvt.ftz.f64.f32", ops(0x7F800001), 0x7fffffffe0000000},
		{"cvt.ftz.f64.f32", ops(0xFFC00001), 0x7fffffffe0000000}, // inferred
		{"cvt.f32.bf16", ops(0xFFAD), 0xffad0000},
		{"cvt.sat.s8.s32", ops(0xFFFFFF80), 0xff80},
		{"cvt.s8.s32", ops(0xFF), 0xffff}, // inferred
		{"testp.normal.f32", ops(0), 0x1},
		{"testp.normal.f32", ops(0x80000000), 0x1}, // inferred
		{"testp.subnormal.f32", ops(0), 0x0},
		{"testp.normal.f32", ops(1), 0x0},
		{"rcp.approx.ftz.f64", ops(0xFFF8000000000001), 0x7fffffff00000000}, // inferred: 0x7FF8… measured
	})
}
