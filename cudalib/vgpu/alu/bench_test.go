package alu

import "testing"

// BenchmarkWarp times one warp-instruction (ns/op) for a few common
// instructions, every lane active and with half of them.
func BenchmarkWarp(b *testing.B) {
	for _, spell := range []string{
		"add.s32", "fma.rn.f32", "mad.lo.s32", "mul.wide.s32", "setp.lt.s32",
		"selp.b32", "fma.rn.f64", "add.rz.f32", "div.s32", "cvt.rn.f32.s32",
	} {
		k := lookupSpell(b, spell)
		var d, x, y, z Vec
		for l := range x {
			x[l], y[l], z[l] = f32(float32(l)+0.5), f32(1.25), f32(-3)
		}
		for _, m := range []uint32{full, 0x0000FFFF} {
			name := spell
			if m != full {
				name += "/half"
			}
			b.Run(name, func(b *testing.B) {
				for b.Loop() {
					k.Fn(&d, &x, &y, &z, m)
				}
			})
		}
	}
}
