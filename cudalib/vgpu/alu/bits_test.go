package alu

import (
	"math"
	"strings"
	"testing"
)

func TestBitOps(t *testing.T) {
	const x = 0x12345678
	runCases(t, []tcase{
		{"and.pred", ops(1, 1), 1},
		{"and.pred", ops(1, 0), 0},
		{"or.pred", ops(0, 1), 1},
		{"xor.pred", ops(1, 1), 0},
		{"not.pred", ops(1), 0},
		{"not.pred", ops(0), 1},
		{"and.b32", ops(0xF0F0, 0xFF00), 0xF000},
		{"or.b64", ops(1<<40, 1), 1<<40 | 1},
		{"xor.b16", ops(0x1FFFF, 0x00FF), 0xFF00},
		{"not.b32", ops(0), 0xFFFFFFFF},
		{"not.b16", ops(0x00FF), 0xFF00},
		{"not.b64", ops(0), math.MaxUint64},
		{"cnot.b32", ops(0), 1},
		{"cnot.b32", ops(5), 0},
		{"cnot.b16", ops(0x10000), 1},

		{"shl.b32", ops(1, 31), 0x80000000},
		{"shl.b32", ops(1, 32), 0},
		{"shl.b32", ops(1, 0xFFFFFFFF), 0},
		{"shl.b32", ops(1, 1<<32), 1}, // the amount is a u32
		{"shl.b64", ops(1, 63), 1 << 63},
		{"shl.b64", ops(1, 64), 0},
		{"shl.b16", ops(1, 16), 0},
		{"shl.b16", ops(0x8001, 1), 2},
		{"shr.s32", ops(0x80000000, 4), 0xF8000000},
		{"shr.s32", ops(0x80000000, 40), 0xFFFFFFFF},
		{"shr.s32", ops(0x40000000, 40), 0},
		{"shr.u32", ops(0x80000000, 31), 1},
		{"shr.u32", ops(0x80000000, 32), 0},
		{"shr.b32", ops(0x80000000, 4), 0x08000000},
		{"shr.s16", ops(0x8000, 20), 0xFFFF},
		{"shr.s64", ops(1<<63, 64), math.MaxUint64},
		{"shr.u64", ops(1<<63, 63), 1},
		{"shf.l.clamp.b32", ops(x, 0x9ABCDEF0, 8), 0xBCDEF012},
		{"shf.l.clamp.b32", ops(x, 0x9ABCDEF0, 40), x},
		{"shf.l.wrap.b32", ops(x, 0x9ABCDEF0, 40), 0xBCDEF012},
		{"shf.l.wrap.b32", ops(x, 0x9ABCDEF0, 0), 0x9ABCDEF0},
		{"shf.r.clamp.b32", ops(x, 0x9ABCDEF0, 8), 0xF0123456},
		{"shf.r.clamp.b32", ops(x, 0x9ABCDEF0, 33), 0x9ABCDEF0},
		{"shf.r.wrap.b32", ops(x, 0x9ABCDEF0, 32), x},

		// With a, b, c = 0xF0.., 0xCC.., 0xAA.. every byte of the result is the LUT.
		{"lop3.b32", ops(0xF0F0F0F0, 0xCCCCCCCC, 0xAAAAAAAA, 0x96), 0x96969696},
		{"lop3.b32", ops(0xF0F0F0F0, 0xCCCCCCCC, 0xAAAAAAAA, 0xE8), 0xE8E8E8E8},
		{"lop3.b32", ops(x, 0, 0, 0xF0), x},
		{"lop3.b32", ops(x, 0xFFFF, 0, 0x80), 0},
		{"lop3.b32", ops(x, 0xFFFF, 0xFFFFFFFF, 0xC0), 0x5678},

		{"popc.b32", ops(0xFFFFFFFF), 32},
		{"popc.b32", ops(0x1_00000001), 1},
		{"popc.b64", ops(math.MaxUint64), 64},
		{"clz.b32", ops(0), 32},
		{"clz.b32", ops(1), 31},
		{"clz.b32", ops(0x80000000), 0},
		{"clz.b32", ops(0x1_00000000), 32},
		{"clz.b64", ops(1), 63},
		{"clz.b64", ops(0), 64},
		{"brev.b32", ops(1), 0x80000000},
		{"brev.b32", ops(0x1_00000000), 0},
		{"brev.b64", ops(1), 1 << 63},
		{"bfind.u32", ops(0), 0xFFFFFFFF},
		{"bfind.u32", ops(0x80000000), 31},
		{"bfind.u32", ops(1), 0},
		{"bfind.s32", ops(0xFFFFFFFF), 0xFFFFFFFF},
		{"bfind.s32", ops(0xFFFF0000), 15},
		{"bfind.s32", ops(0x7FFFFFFF), 30},
		{"bfind.shiftamt.u32", ops(1), 31},
		{"bfind.shiftamt.u32", ops(0), 0xFFFFFFFF},
		{"bfind.u64", ops(1 << 40), 40},
		{"bfind.s64", ops(s64(-2)), 0},
		{"bfind.shiftamt.s64", ops(1), 63},

		{"bfe.u32", ops(x, 4, 8), 0x67},
		{"bfe.u32", ops(x, 4, 0), 0},
		{"bfe.u32", ops(x, 32, 8), 0},
		{"bfe.u32", ops(x, 0x104, 8), 0x67}, // pos and len are their low bytes
		{"bfe.u32", ops(x, 28, 8), 1},
		{"bfe.u32", ops(x, 0, 32), x},
		{"bfe.u32", ops(x, 0, 255), x},
		{"bfe.s32", ops(0xF0, 4, 4), 0xFFFFFFFF},
		{"bfe.s32", ops(0xF0, 4, 5), 0xF},
		{"bfe.s32", ops(0xF0, 4, 0), 0},
		{"bfe.s32", ops(0x80000000, 28, 8), 0xFFFFFFF8},
		{"bfe.s32", ops(0x80000000, 32, 5), 0xFFFFFFFF}, // past the msb: the sign bit a[31]
		{"bfe.s32", ops(0x7FFFFFFF, 40, 5), 0},
		{"bfe.s32", ops(0x7FFFFFFF, 0, 255), 0x7FFFFFFF},
		{"bfe.u64", ops(1<<63, 63, 1), 1},
		{"bfe.s64", ops(1<<63, 63, 1), math.MaxUint64},
		{"bfe.s64", ops(0x0F00, 8, 4), math.MaxUint64},
		{"bfe.s64", ops(0x0700, 8, 4), 7},
		{"bfi.b32", ops(0xF, 0xFFFF0000, 4, 4), 0xFFFF00F0},
		{"bfi.b32", ops(0xF, 0xFFFF0000, 4, 0), 0xFFFF0000},
		{"bfi.b32", ops(0xF, 0xFFFF0000, 32, 4), 0xFFFF0000},
		{"bfi.b32", ops(0xFFFFFFFF, 0, 30, 8), 0xC0000000},
		{"bfi.b32", ops(0xFFFFFFFF, 0, 0, 255), 0xFFFFFFFF},
		{"bfi.b64", ops(1, 0, 63, 1), 1 << 63},
		{"bfi.b64", ops(math.MaxUint64, 0, 0, 64), math.MaxUint64},

		{"prmt.b32", ops(0x33221100, 0x77665544, 0x7531), 0x77553311},
		{"prmt.b32", ops(0x33221100, 0x77665544, 0x3210), 0x33221100},
		{"prmt.b32", ops(0x80, 0, 0x0008), 0x808080FF}, // selector bit 3: replicate the sign
		{"prmt.b32", ops(0x33221100, 0x77665544, 0xFFFF0000), 0x00000000},
		{"prmt.b32.f4e", ops(0x33221100, 0x77665544, 1), 0x44332211},
		{"prmt.b32.f4e", ops(0x33221100, 0x77665544, 3), 0x66554433},
		{"prmt.b32.b4e", ops(0x33221100, 0x77665544, 0), 0x55667700},
		{"prmt.b32.b4e", ops(0x33221100, 0x77665544, 3), 0x00112233},
		{"prmt.b32.rc8", ops(0x33221100, 0x77665544, 2), 0x22222222},
		{"prmt.b32.ecl", ops(0x33221100, 0x77665544, 1), 0x33221111},
		{"prmt.b32.ecr", ops(0x33221100, 0x77665544, 2), 0x22221100},
		{"prmt.b32.rc16", ops(0x33221100, 0x77665544, 5), 0x33223322}, // c&3 = 1
		{"prmt.b32.rc16", ops(0x33221100, 0x77665544, 0), 0x11001100},
	})
}

// TestSrcs: operand counts the VM relies on.
func TestSrcs(t *testing.T) {
	for spell, want := range map[string]int{
		"add.s32": 2, "mad.lo.s32": 3, "setp.lt.s32": 2, "setp.lt.and.s32": 3,
		"selp.b32": 3, "cvt.rn.f32.s32": 1, "bfe.u32": 3, "bfi.b32": 4, "lop3.b32": 4,
		"prmt.b32": 3, "not.pred": 1, "testp.finite.f32": 1, "fma.rn.f32": 3,
	} {
		parts := strings.Split(spell, ".")
		k, err := Lookup(parts[0], parts[1:])
		if err != nil || k.Srcs != want {
			t.Errorf("%s: Srcs %d, %v; want %d", spell, k.Srcs, err, want)
		}
	}
}
