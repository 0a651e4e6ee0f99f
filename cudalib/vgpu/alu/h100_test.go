package alu

import "testing"

// TestVgpudiffH100 holds the first mismatch of every kernel that failed in
// vgpudiff's comparison with an NVIDIA H100 (NVRTC 13, driver 580, seed
// 1): the inputs and the GPU's result, written as the PTX instruction the
// kernel runs. The -ftz=true rows whose GPU results were not flushed at
// all are not here (see the package's report on them); the f64 and the
// inline-PTX rows of those runs are.
func TestVgpudiffH100(t *testing.T) {
	const (
		all32 = 0xffffffff
		all64 = 0xffffffffffffffff
		min64 = 0x8000000000000000
	)
	runCases(t, []tcase{
		// int.cu: rem by zero.
		{"rem.s32", ops(0xff, 0), all32},
		{"rem.u32", ops(2, 0), all32},
		{"rem.s64", ops(0x20000000000001, 0), all64},
		{"rem.u64", ops(0, 0), all64},

		// float.cu: f64 fma's NaN is c's, then a's.
		{"fma.rn.f64", ops(0x3fe0000000000000, 0x7ff0000000000001, 0x7ff8000012345678), 0x7ff8000012345678},
		{"fma.rz.f64", ops(0xfff0000000000000, 0xfff8000000000001, 0x7ff0000000000001), 0x7ff8000000000001},
		{"fma.rm.f64", ops(0x3ff0000000000000, 0x7ff8000012345678, 0x7ff8000000000000), 0x7ff8000000000000},
		{"fma.rp.f64", ops(0x3690000000000000, 0x7ff0000000000001, 0x7ff4000000000000), 0x7ffc000000000000},
		{"fma.rn.f64", ops(0x3fe0000000000000, 0x7ff8000000000000, 0x7ff8000012345678), 0x7ff8000012345678},
		{"fma.rz.f64", ops(0x36a0000000000000, 0x7ff8000012345678, 0x7ff4000000000000), 0x7ffc000000000000},
		{"fma.rm.f64", ops(0x3690000010000000, 0x7ff0000000000001, 0x7ff8000000000000), 0x7ff8000000000000},
		{"fma.rp.f64", ops(0x47efffffef000000, 0x7ff8000012345678, 0x7ff8000000000000), 0x7ff8000000000000},

		// abs and neg of NaN: f32 canonical, f64 quiet with sign and payload.
		{"abs.f32", ops(0x7f800001), nan32},
		{"abs.f32", ops(0x7fa00000), nan32},
		{"abs.f32", ops(0x7fc00000), nan32},
		{"abs.ftz.f32", ops(0x7fc00000), nan32},
		{"abs.ftz.f32", ops(0xffc00001), nan32},
		{"neg.f32", ops(0xffc00001), nan32},
		{"neg.ftz.f32", ops(0x7fc00000), nan32},
		{"neg.ftz.f32", ops(0x7fa00000), nan32},
		{"abs.f64", ops(0xfff8000000000001), 0xfff8000000000001},
		{"abs.f64", ops(0x7ff4000000000000), 0x7ffc000000000000},
		{"neg.f64", ops(0x7ff8000012345678), 0x7ff8000012345678},
		{"neg.f64", ops(0xfff8000000000001), 0xfff8000000000001},
		{"neg.f64", ops(0x7ff4000000000000), 0x7ffc000000000000},

		// min and max of two f64 NaNs: b, quiet.
		{"min.f64", ops(0x7ff8000012345678, 0x7ff8000000000000), 0x7ff8000000000000},
		{"max.f64", ops(0x7ff8000000000000, 0xfff8000000000001), 0xfff8000000000001},
		{"min.f64", ops(0x7ff4000000000000, 0x7ff8000012345678), 0x7ff8000012345678},
		{"max.f64", ops(0x7ff4000000000000, 0x7ff0000000000001), 0x7ff8000000000001},

		// .ftz flushes what is tiny at 24 bits with an unbounded exponent.
		{"fma.rn.ftz.f32", ops(0x3f7fffff, 0x80800000, 0x400000), 0x80000000},

		// rcp.approx.ftz.f64 reads the high word only: this sNaN is +Inf.
		{"rcp.approx.ftz.f64", ops(0x7ff0000000000001), 0},

		// f64 NaN to a 16-bit integer: the sign bit alone.
		{"cvt.rni.u16.f64", ops(0x7ff4000000000000), 0x8000},
		{"cvt.rni.u16.f64", ops(0x7ff8000000000000), 0x8000},

		// testp.normal of zero.
		{"testp.normal.f32", ops(0), 1},
		{"testp.finite.f32", ops(0), 1},
		{"testp.number.f32", ops(0), 1},
		{"testp.subnormal.f32", ops(0), 0},

		// cvt.cu: NaN to 64-bit integers, and from f64 to 32-bit ones.
		{"cvt.rni.s64.f32", ops(0xffc00001), min64},
		{"cvt.rzi.s64.f32", ops(0x7f800001), min64},
		{"cvt.rmi.s64.f32", ops(0x7fffffff), min64},
		{"cvt.rpi.s64.f32", ops(0x7f800001), min64},
		{"cvt.rni.u64.f32", ops(0x7fa00000), min64},
		{"cvt.rzi.u64.f32", ops(0xffc00001), min64},
		{"cvt.rmi.u64.f32", ops(0xffc00001), min64},
		{"cvt.rpi.u64.f32", ops(0xffc00001), min64},
		{"cvt.rni.s64.f32", ops(0x7fc12345), min64},
		{"cvt.rni.s32.f64", ops(0x7ff0000000000001), 0x80000000},
		{"cvt.rzi.s32.f64", ops(0x7ff0000000000001), 0x80000000},
		{"cvt.rmi.s32.f64", ops(0xfff8000000000001), 0x80000000},
		{"cvt.rpi.s32.f64", ops(0xfff8000000000001), 0x80000000},
		{"cvt.rni.u32.f64", ops(0x7ff4000000000000), 0x80000000},
		{"cvt.rzi.u32.f64", ops(0x7ff8000000000000), 0x80000000},
		{"cvt.rmi.u32.f64", ops(0x7ff8000012345678), 0x80000000},
		{"cvt.rpi.u32.f64", ops(0x7ff4000000000000), 0x80000000},
		{"cvt.rni.s64.f64", ops(0xfff8000000000001), min64},
		{"cvt.rzi.s64.f64", ops(0xfff8000000000001), min64},
		{"cvt.rmi.s64.f64", ops(0x7ff8000000000000), min64},
		{"cvt.rpi.s64.f64", ops(0x7ff8000000000000), min64},
		{"cvt.rni.u64.f64", ops(0x7ff8000000000000), min64},
		{"cvt.rzi.u64.f64", ops(0x7ff0000000000001), min64},
		{"cvt.rmi.u64.f64", ops(0x7ff0000000000001), min64},
		{"cvt.rpi.u64.f64", ops(0x7ff8000000000000), min64},
		{"cvt.rzi.u64.f64", ops(0x7ff8000012345678), min64},

		// NaN from f64 to f32 and f16: sign, quiet, payload's high bits.
		{"cvt.rn.f32.f64", ops(0xfff8000000000001), 0xffc00000},
		{"cvt.rz.f32.f64", ops(0xfff8000000000001), 0xffc00000},
		{"cvt.rm.f32.f64", ops(0xfff8000000000001), 0xffc00000},
		{"cvt.rp.f32.f64", ops(0x7ff8000012345678), 0x7fc00000},
		{"cvt.rn.ftz.f32.f64", ops(0x7ff8000012345678), 0x7fc00000},
		{"cvt.rz.ftz.f32.f64", ops(0xfff8000000000001), 0xffc00000},
		{"cvt.rn.f16.f64", ops(0x7ff4000000000000), 0x7f00},
		{"cvt.rn.f16.f64", ops(0xfff8000000000001), 0xfe00},

		// cvt.ftz.f64.f32 of NaN: f32's canonical NaN, widened.
		{"cvt.ftz.f64.f32", ops(0x7f800001), 0x7fffffffe0000000},

		// approx.cu: rcp.approx.ftz.f64 of NaN.
		{"rcp.approx.ftz.f64", ops(0x7ff8000000000000), 0x7fffffff00000000},

		// extra.cu: .s8 results sign-extended to 16 bits; bf16 NaN kept.
		{"cvt.sat.s8.s32", ops(0xffffff80), 0xff80},
		{"cvt.f32.bf16", ops(0xffad), 0xffad0000},
	})
}

// TestAtomAddH100: mem.cu's first mismatches (old value c, operand a),
// and the flush that tells global from shared memory.
func TestAtomAddH100(t *testing.T) {
	for _, c := range []struct {
		old, b uint32
		ftz    bool
		want   uint32
	}{
		{0xfffffffe, 0x3f800000, true, nan32}, // atom_add_f32 (global)
		{0, 0x7f800001, false, nan32},         // satom_add_f32 (shared)
		{5, 0, true, 0},
		{5, 0x80000000, false, 5},
		{0x3f800000, 0x3f800000, true, 0x40000000},
		{0x7f800000, 0xff800000, false, nan32},
	} {
		if got := AtomAddF32(c.old, c.b, c.ftz); got != c.want {
			t.Errorf("AtomAddF32(%#x, %#x, %v) = %#x, want %#x", c.old, c.b, c.ftz, got, c.want)
		}
	}
	for _, c := range []struct{ old, b, want uint64 }{
		{0x3f, 0x7ff0000000000001, 0x7ff0000000000001}, // atom_add_f64
		{0x7ff0000000000002, 0x7ff4000000000000, 0x7ff4000000000000},
		{0x7ff4000000000000, 0x3ff0000000000000, 0x7ff4000000000000},
		{0x3ff0000000000000, 0x3ff0000000000000, 0x4000000000000000},
	} {
		if got := AtomAddF64(c.old, c.b); got != c.want {
			t.Errorf("AtomAddF64(%#x, %#x) = %#x, want %#x", c.old, c.b, got, c.want)
		}
	}
}
