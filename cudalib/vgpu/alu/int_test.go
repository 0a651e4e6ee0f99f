package alu

import (
	"math"
	"testing"
)

const (
	intMin32 = math.MinInt32
	intMin64 = math.MinInt64
)

func TestIntArith(t *testing.T) {
	runCases(t, []tcase{
		{"add.s32", ops(s32(-5), 3), s32(-2)},
		{"add.s32", ops(0xFFFFFFFF, 1), 0},
		{"add.s32", ops(0x1_0000_0005, 0x2_0000_0001), 6}, // only the low 32 bits count
		{"add.u32", ops(0xFFFFFFFF, 2), 1},
		{"add.s64", ops(s64(-1), 2), 1},
		{"add.u16", ops(0xFFFF, 2), 1},
		{"add.sat.s32", ops(math.MaxInt32, 1), math.MaxInt32},
		{"add.sat.s32", ops(s32(intMin32), s32(-1)), s32(intMin32)},
		{"sub.s32", ops(3, 5), s32(-2)},
		{"sub.s64", ops(0, 1), math.MaxUint64},
		{"sub.u16", ops(0, 1), 0xFFFF},
		{"sub.sat.s32", ops(s32(intMin32), 1), s32(intMin32)},
		{"sub.sat.s32", ops(math.MaxInt32, s32(-1)), math.MaxInt32},

		{"mul.lo.s32", ops(s32(-3), 7), s32(-21)},
		{"mul.lo.u32", ops(0x10000, 0x10000), 0},
		{"mul.lo.s64", ops(s64(-3), 7), s64(-21)},
		{"mul.hi.u32", ops(0x80000000, 4), 2},
		{"mul.hi.s32", ops(s32(-1), 1), 0xFFFFFFFF},
		{"mul.hi.s32", ops(s32(intMin32), s32(intMin32)), 0x40000000},
		{"mul.hi.u64", ops(math.MaxUint64, math.MaxUint64), math.MaxUint64 - 1},
		{"mul.hi.s64", ops(s64(-1), s64(-1)), 0},
		{"mul.hi.s64", ops(s64(-2), 1<<62), math.MaxUint64},
		{"mul.hi.s64", ops(s64(intMin64), s64(intMin64)), 1 << 62},
		{"mul.wide.s32", ops(s32(-2), 3), s64(-6)},
		{"mul.wide.s32", ops(s32(intMin32), s32(intMin32)), 1 << 62},
		{"mul.wide.u32", ops(0xFFFFFFFF, 0xFFFFFFFF), 0xFFFFFFFE00000001},
		{"mul.wide.s16", ops(0xFFFF, 0xFFFF), 1},
		{"mul.wide.u16", ops(0xFFFF, 0xFFFF), 0xFFFE0001},

		{"mad.lo.s32", ops(s32(-3), 4, 5), s32(-7)},
		{"mad.lo.u64", ops(1<<63, 2, 7), 7},
		{"mad.hi.u32", ops(0x80000000, 4, 1), 3},
		{"mad.hi.sat.s32", ops(0x7FFFFFFF, 0x7FFFFFFF, 0x7FFFFFFF), math.MaxInt32},
		{"mad.hi.sat.s32", ops(s32(intMin32), 1, s32(intMin32)), s32(intMin32)},
		{"mad.wide.s32", ops(s32(-2), 3, s64(10)), 4},
		{"mad.wide.u32", ops(0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF), 0xFFFFFFFF00000000},

		{"mul24.lo.u32", ops(0xFF_000002, 3), 6},              // bits above 23 ignored
		{"mul24.lo.s32", ops(0x00FFFFFF, 2), s32(-2)},         // 0xFFFFFF is -1 in 24 bits
		{"mul24.hi.u32", ops(0xFFFFFF, 0xFFFFFF), 0xFFFFFE00}, // (2^24-1)^2 >> 16
		{"mul24.hi.s32", ops(0x800000, 0x800000), 0x40000000}, // (-2^23)^2 >> 16
		{"mad24.lo.u32", ops(2, 3, 0xFFFFFFFF), 5},
		{"mad24.hi.sat.s32", ops(0x7FFFFF, 0x7FFFFF, 0x7FFFFFFF), math.MaxInt32},

		{"sad.s32", ops(s32(-3), 4, 10), 17},
		{"sad.u32", ops(3, 10, 1), 8},
		{"sad.u16", ops(0, 0xFFFF, 1), 0},

		{"div.s32", ops(s32(-7), 2), s32(-3)},
		{"div.s32", ops(7, s32(-2)), s32(-3)},
		{"div.s32", ops(s32(intMin32), s32(-1)), s32(intMin32)},
		{"div.s32", ops(5, 0), 0xFFFFFFFF},
		{"div.s32", ops(s32(-5), 0), 0xFFFFFFFF},
		{"div.u32", ops(7, 0), 0xFFFFFFFF},
		{"div.u32", ops(0xFFFFFFFF, 2), 0x7FFFFFFF},
		{"div.u64", ops(math.MaxUint64, 0), math.MaxUint64},
		{"div.u64", ops(math.MaxUint64, 3), math.MaxUint64 / 3},
		{"div.s64", ops(s64(intMin64), s64(-1)), s64(intMin64)},
		{"div.s64", ops(s64(-9), 4), s64(-2)},
		{"div.s16", ops(0x8000, 0xFFFF), 0x8000},
		{"div.u16", ops(9, 0), 0xFFFF},
		{"rem.s32", ops(s32(-7), 2), s32(-1)},
		{"rem.s32", ops(7, s32(-2)), 1},
		{"rem.s32", ops(s32(intMin32), s32(-1)), 0},
		{"rem.s32", ops(s32(-7), 0), 0xFFFFFFFF},
		{"rem.u32", ops(7, 0), 0xFFFFFFFF},
		{"rem.u64", ops(10, 4), 2},
		{"rem.s64", ops(s64(intMin64), s64(-1)), 0},

		{"abs.s32", ops(s32(-5)), 5},
		{"abs.s32", ops(s32(intMin32)), s32(intMin32)},
		{"abs.s16", ops(0xFFFF), 1},
		{"abs.s64", ops(s64(intMin64)), s64(intMin64)},
		{"neg.s32", ops(5), s32(-5)},
		{"neg.s32", ops(s32(intMin32)), s32(intMin32)},
		{"neg.s64", ops(1), math.MaxUint64},
		{"min.s32", ops(s32(-1), 1), s32(-1)},
		{"min.u32", ops(0xFFFFFFFF, 1), 1},
		{"max.s32", ops(s32(-1), 1), 1},
		{"max.u32", ops(0xFFFFFFFF, 1), 0xFFFFFFFF},
		{"max.s64", ops(s64(intMin64), 0), 0},
		{"min.s16", ops(0x8000, 0x7FFF), 0x8000},
		{"max.u64", ops(1<<63, 1), 1 << 63},
	})
}
