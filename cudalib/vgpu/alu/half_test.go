package alu

import "testing"

func TestHalf(t *testing.T) {
	const (
		h1, h2, h3 = 0x3C00, 0x4000, 0x4200 // f16 1, 2, 3
		b1, b3     = 0x3F80, 0x4040         // bf16 1, 3
	)
	runCases(t, []tcase{
		{"add.f16", ops(h1, h1), h2},
		{"add.rn.f16", ops(h1, 0x1000), h1}, // 1 + 2^-11: a tie, to even
		{"add.f16", ops(0x3C01, 0x1000), 0x3C02},
		{"add.f16", ops(0x7BFF, 0x4C00), 0x7C00}, // 65504 + 16: overflows
		{"add.f16", ops(0x7C00, 0xFC00), nan16},
		{"add.f16", ops(0x7E00, h1), nan16},
		{"add.sat.f16", ops(h1, h1), h1},
		{"add.sat.f16", ops(0x7E00, h1), 0},
		{"sub.f16", ops(h1, h2), 0xBC00},
		{"add.f16x2", ops(h1<<16|h1, h2<<16|h1), h3<<16 | h2},
		{"mul.f16", ops(1, 0x3800), 0}, // 2^-25: tie to even 0
		{"mul.f16", ops(0x0400, 0x3800), 0x0200},
		{"mul.ftz.f16", ops(0x0400, 0x3800), 0},
		{"add.ftz.f16", ops(1, 0), 0},
		{"fma.rn.f16", ops(h2, h3, h1), 0x4700}, // 2*3+1
		{"fma.rn.relu.f16", ops(h2, h3|0x8000, h1), 0},
		{"fma.rn.relu.f16x2", ops(h2<<16|h2, (h3|0x8000)<<16|h3, h1<<16|h1), 0x4700},
		{"fma.rn.f16", ops(h1, h1, 0xBC00), 0},
		{"add.rn.bf16", ops(b1, b1), 0x4000},
		{"add.bf16", ops(b1, 0x3B80), b1}, // 1 + 2^-8: a tie, to even
		{"mul.rn.bf16", ops(b3, b3), 0x4110},
		{"fma.rn.bf16", ops(b1, b1, 0x3380), b1},
		{"fma.rn.bf16x2", ops(b1<<16|b3, b1<<16|b3, 0), b1<<16 | 0x4110},
		{"add.bf16", ops(0x7F7F, 0x7F7F), 0x7F80}, // beyond the max: Inf

		{"cvt.rn.bf16.f32", ops(one32), b1},
		{"cvt.rn.bf16.f32", ops(0x3F808000), b1},     // tie, to even
		{"cvt.rn.bf16.f32", ops(0x3F818000), 0x3F82}, // tie, to even
		{"cvt.rz.bf16.f32", ops(0x3F81FFFF), 0x3F81},
		{"cvt.rn.bf16.f32", ops(nan32), nan16},
		{"cvt.rn.bf16.f32", ops(max32), 0x7F80},
		{"cvt.rn.satfinite.bf16.f32", ops(max32), 0x7F7F},
		{"cvt.rn.satfinite.bf16.f32", ops(ninf32), 0xFF7F},
		{"cvt.rn.relu.bf16.f32", ops(f32(-1)), 0},
		{"cvt.f32.bf16", ops(b1), one32},
		{"cvt.f32.bf16", ops(0x7FC1), 0x7FC10000},
		{"cvt.f32.bf16", ops(0x8001), 0x80010000},
		{"cvt.rn.satfinite.f16.f32", ops(f32(1e6)), 0x7BFF},
		{"cvt.rn.satfinite.f16.f32", ops(ninf32), 0xFBFF},
		{"cvt.rn.satfinite.f16.f32", ops(nan32), nan16},
		{"cvt.rn.relu.f16.f32", ops(f32(-2)), 0},
		{"cvt.rn.relu.f16.f32", ops(f32(2)), h2},
		{"cvt.rn.f16x2.f32", ops(f32(1), f32(2)), h1<<16 | h2},
		{"cvt.rn.bf16x2.f32", ops(f32(3), f32(1)), b3<<16 | b1},
	})
}

func TestExtraIntBits(t *testing.T) {
	runCases(t, []tcase{
		{"bmsk.wrap.b32", ops(1, 2), 6},
		{"bmsk.clamp.b32", ops(0, 32), 0xFFFFFFFF},
		{"bmsk.clamp.b32", ops(32, 1), 0},
		{"bmsk.wrap.b32", ops(33, 1), 2},
		{"bmsk.wrap.b32", ops(0, 32), 0},
		{"bmsk.clamp.b32", ops(28, 8), 0xF0000000},
		{"bmsk.clamp.b32", ops(4, 0), 0},
		{"szext.wrap.u32", ops(0xFFFFFFFF, 0), 0},
		{"szext.clamp.s32", ops(0x80, 8), 0xFFFFFF80},
		{"szext.clamp.s32", ops(0x7F, 8), 0x7F},
		{"szext.clamp.s32", ops(0x12345678, 40), 0x12345678},
		{"szext.wrap.s32", ops(0x80, 40), 0xFFFFFF80},
		{"szext.clamp.u32", ops(0x1FF, 8), 0xFF},
		{"szext.wrap.s32", ops(0x80, 32), 0},
		{"fns.b32", ops(0xAAAAAAAA, 3, 1), 3},
		{"fns.b32", ops(0xAAAAAAAA, 3, s32(-1)), 3},
		{"fns.b32", ops(0xAAAAAAAA, 2, 1), 3},
		{"fns.b32", ops(0xAAAAAAAA, 2, s32(-1)), 1},
		{"fns.b32", ops(0xAAAAAAAA, 0, 0), 0xFFFFFFFF},
		{"fns.b32", ops(0xAAAAAAAA, 1, 0), 1},
		{"fns.b32", ops(0xAAAAAAAA, 0, 3), 5},
		{"fns.b32", ops(0xAAAAAAAA, 31, s32(-2)), 29},
		{"fns.b32", ops(1, 5, 1), 0xFFFFFFFF},
		{"fns.b32", ops(0xFFFFFFFF, 0, 32), 31},
		{"fns.b32", ops(0xFFFFFFFF, 0, 33), 0xFFFFFFFF},
		{"dp4a.u32.u32", ops(0x01020304, 0x01010101, 10), 20},
		{"dp4a.s32.s32", ops(0xFFFFFFFF, 0x01010101, 0), s32(-4)},
		{"dp4a.s32.u32", ops(0xFFFFFFFF, 0xFFFFFFFF, 0), s32(-1020)},
		{"dp4a.u32.u32", ops(0xFFFFFFFF, 0xFFFFFFFF, 0), 260100},
		{"dp2a.lo.u32.u32", ops(0x00020001, 0x04030201, 0), 5},
		{"dp2a.hi.u32.u32", ops(0x00020001, 0x04030201, 0), 11},
		{"dp2a.hi.s32.s32", ops(0xFFFF0001, 0x80000000, 0), 128},
		{"max.xorsign.abs.f32", ops(f32(-2), f32(3)), f32(-3)},
		{"min.xorsign.abs.f32", ops(f32(-2), f32(-3)), f32(2)},
		{"max.xorsign.abs.f32", ops(nz32, 0), nz32},
	})
}
