package main

import (
	"fmt"
	"math"
)

// toHalf converts a float32 to IEEE 754 binary16 bits, rounding to
// nearest even, with overflow to infinity and subnormals.
func toHalf(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int((b>>23)&0xff) - 127 + 15
	mant := b & 0x7fffff
	switch {
	case (b>>23)&0xff == 0xff:
		if mant != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	case exp >= 0x1f:
		return sign | 0x7c00
	case exp <= 0:
		if exp < -10 {
			return sign
		}
		mant |= 0x800000
		shift := uint(14 - exp)
		half := uint16(mant >> shift)
		rem := mant & (1<<shift - 1)
		mid := uint32(1) << (shift - 1)
		if rem > mid || (rem == mid && half&1 == 1) {
			half++
		}
		return sign | half
	}
	half := sign | uint16(exp)<<10 | uint16(mant>>13)
	rem := mant & 0x1fff
	if rem > 0x1000 || (rem == 0x1000 && half&1 == 1) {
		half++
	}
	return half
}

func fromHalf(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := int(h>>10) & 0x1f
	mant := uint32(h & 0x3ff)
	switch exp {
	case 0:
		v := float32(mant) / 1024 / (1 << 14)
		if sign != 0 {
			v = -v
		}
		return v
	case 0x1f:
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	}
	return math.Float32frombits(sign | uint32(exp-15+127)<<23 | mant<<13)
}

func main() {
	for _, f := range []float32{1, -2, 0.1, 65504, 65520, 1e-5, 6e-8, 1e-9, float32(math.Inf(-1)), 3.14159} {
		h := toHalf(f)
		fmt.Printf("%-12v %#04x %v\n", f, h, fromHalf(h))
	}
	nan := toHalf(float32(math.NaN()))
	fmt.Printf("%#04x %v\n", nan, fromHalf(nan) != fromHalf(nan))
}
