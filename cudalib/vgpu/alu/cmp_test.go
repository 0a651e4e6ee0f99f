package alu

import "testing"

func TestSetpSelp(t *testing.T) {
	qnan := uint64(0x7FC00000)
	runCases(t, []tcase{
		{"setp.lt.s32", ops(s32(-1), 0), 1},
		{"setp.lt.u32", ops(s32(-1), 0), 0},
		{"setp.lo.u32", ops(1, 2), 1},
		{"setp.hs.u64", ops(1<<63, 1), 1},
		{"setp.ge.s64", ops(s64(-1), 0), 0},
		{"setp.le.s32", ops(5, 5), 1},
		{"setp.gt.s16", ops(0x8000, 0x7FFF), 0},
		{"setp.eq.s32", ops(0x1_00000005, 5), 1}, // only the low 32 bits count
		{"setp.ne.b32", ops(1, 2), 1},
		{"setp.eq.b64", ops(1<<40, 1<<40), 1},
		{"setp.lt.and.s32", ops(1, 2, 1), 1},
		{"setp.lt.and.s32", ops(1, 2, 0), 0},
		{"setp.ge.or.s32", ops(1, 2, 1), 1},
		{"setp.ge.or.s32", ops(1, 2, 0), 0},
		{"setp.lt.xor.s32", ops(1, 2, 1), 0},

		{"setp.lt.f32", ops(f32(1), f32(2)), 1},
		{"setp.lt.f32", ops(qnan, f32(2)), 0},
		{"setp.ltu.f32", ops(qnan, f32(2)), 1},
		{"setp.ltu.f32", ops(f32(3), f32(2)), 0},
		{"setp.eq.f32", ops(nz32, 0), 1},
		{"setp.ne.f32", ops(qnan, qnan), 0},
		{"setp.neu.f32", ops(qnan, qnan), 1},
		{"setp.equ.f32", ops(qnan, f32(1)), 1},
		{"setp.num.f32", ops(f32(1), qnan), 0},
		{"setp.nan.f32", ops(f32(1), qnan), 1},
		{"setp.gt.f32", ops(den32, 0), 1},
		{"setp.gt.ftz.f32", ops(den32, 0), 0},
		{"setp.geu.f64", ops(f64(1), 0x7FF8000000000000), 1},
		{"setp.le.f64", ops(f64(1), f64(1)), 1},
		{"setp.gtu.f64", ops(f64(1), f64(2)), 0},
		{"setp.leu.f32", ops(f32(3), f32(2)), 0},

		{"set.lt.u32.s32", ops(s32(-1), 0), 0xFFFFFFFF},
		{"set.lt.f32.s32", ops(0, 0), 0},
		{"set.eq.f32.f32", ops(f32(2), f32(2)), one32},
		{"set.eq.and.s32.f32", ops(f32(2), f32(2), 0), 0},

		{"selp.b32", ops(7, 9, 1), 7},
		{"selp.b32", ops(7, 9, 0), 9},
		{"selp.s32", ops(0x1_00000007, 9, 1), 7},
		{"selp.f64", ops(f64(1), f64(2), 0), f64(2)},
		{"selp.u16", ops(0x12345, 9, 1), 0x2345},
		{"slct.s32.s32", ops(1, 2, 0), 1},
		{"slct.s32.s32", ops(1, 2, s32(-1)), 2},
		{"slct.f32.f32", ops(1, 2, nz32), 1},
		{"slct.f32.f32", ops(1, 2, 0x80000001), 2},
		{"slct.ftz.f32.f32", ops(1, 2, 0x80000001), 1},
		{"slct.f32.f32", ops(1, 2, qnan), 2},

		{"testp.finite.f32", ops(max32), 1},
		{"testp.finite.f32", ops(inf32), 0},
		{"testp.infinite.f32", ops(ninf32), 1},
		{"testp.number.f32", ops(qnan), 0},
		{"testp.notanumber.f32", ops(snan32), 1},
		{"testp.normal.f32", ops(0x00800000), 1},
		{"testp.normal.f32", ops(0), 1},
		{"testp.subnormal.f32", ops(0x807FFFFF), 1},
		{"testp.subnormal.f32", ops(nz32), 0},
		{"testp.normal.f64", ops(f64(1)), 1},
		{"testp.subnormal.f64", ops(1), 1},
		{"testp.infinite.f64", ops(inf64), 1},
	})
}
