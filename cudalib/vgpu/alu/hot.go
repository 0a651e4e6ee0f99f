package alu

import (
	"math"
	"math/bits"
)

// Hand-written Fns for the integer instructions that dominate real
// kernels (add.s32, mad.lo.s32, mul.wide.s32, min.s32, …; fma.rn, setp
// and selp have theirs beside their families): with every lane active the
// per-lane function is inlined into the loop; a partial mask goes through
// the shared, indirect-call loop.

func masked2(d, a, b *Vec, m uint32, f func(a, b uint64) uint64) {
	for ; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m) & (Lanes - 1)
		d[i] = f(a[i], b[i])
	}
}

func masked3(d, a, b, c *Vec, m uint32, f func(a, b, c uint64) uint64) {
	for ; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m) & (Lanes - 1)
		d[i] = f(a[i], b[i], c[i])
	}
}

func add32Lane(a, b uint64) uint64 { return uint64(uint32(a + b)) }
func add64Lane(a, b uint64) uint64 { return a + b }
func sub32Lane(a, b uint64) uint64 { return uint64(uint32(a - b)) }
func mulLo32Lane(a, b uint64) uint64 {
	return uint64(uint32(a * b))
}
func mulWideS32Lane(a, b uint64) uint64 {
	return uint64(int64(int32(a)) * int64(int32(b)))
}
func madLo32Lane(a, b, c uint64) uint64 { return uint64(uint32(a*b + c)) }
func minS32Lane(a, b uint64) uint64 {
	return uint64(uint32(min(int32(a), int32(b))))
}
func maxS32Lane(a, b uint64) uint64 {
	return uint64(uint32(max(int32(a), int32(b))))
}

// divU32Lane: x/0 is 0xFFFFFFFF (see buildDiv).
func divU32Lane(a, b uint64) uint64 {
	if uint32(b) == 0 {
		return math.MaxUint32
	}
	return uint64(uint32(a) / uint32(b))
}

// divS32Lane: x/0 is -1 and MININT/-1 is MININT (see buildDiv).
func divS32Lane(a, b uint64) uint64 {
	x, y := int32(a), int32(b)
	switch y {
	case 0:
		return math.MaxUint32
	case -1:
		return uint64(uint32(-x))
	}
	return uint64(uint32(x / y))
}

// remS32Lane: x rem 0 is all ones and MININT rem -1 is 0 (see buildDiv).
func remS32Lane(a, b uint64) uint64 {
	x, y := int32(a), int32(b)
	switch y {
	case 0:
		return 0xFFFFFFFF // measured on H100, as div
	case -1:
		return 0
	}
	return uint64(uint32(x % y))
}

func add32(d, a, b, _ *Vec, m uint32) {
	if m != full {
		masked2(d, a, b, m, add32Lane)
		return
	}
	for i := range d {
		d[i] = add32Lane(a[i], b[i])
	}
}

func add64(d, a, b, _ *Vec, m uint32) {
	if m != full {
		masked2(d, a, b, m, add64Lane)
		return
	}
	for i := range d {
		d[i] = add64Lane(a[i], b[i])
	}
}

func sub32(d, a, b, _ *Vec, m uint32) {
	if m != full {
		masked2(d, a, b, m, sub32Lane)
		return
	}
	for i := range d {
		d[i] = sub32Lane(a[i], b[i])
	}
}

func mulLo32(d, a, b, _ *Vec, m uint32) {
	if m != full {
		masked2(d, a, b, m, mulLo32Lane)
		return
	}
	for i := range d {
		d[i] = mulLo32Lane(a[i], b[i])
	}
}

func mulWideS32(d, a, b, _ *Vec, m uint32) {
	if m != full {
		masked2(d, a, b, m, mulWideS32Lane)
		return
	}
	for i := range d {
		d[i] = mulWideS32Lane(a[i], b[i])
	}
}

func madLo32(d, a, b, c *Vec, m uint32) {
	if m != full {
		masked3(d, a, b, c, m, madLo32Lane)
		return
	}
	for i := range d {
		d[i] = madLo32Lane(a[i], b[i], c[i])
	}
}

func minS32(d, a, b, _ *Vec, m uint32) {
	if m != full {
		masked2(d, a, b, m, minS32Lane)
		return
	}
	for i := range d {
		d[i] = minS32Lane(a[i], b[i])
	}
}

func maxS32(d, a, b, _ *Vec, m uint32) {
	if m != full {
		masked2(d, a, b, m, maxS32Lane)
		return
	}
	for i := range d {
		d[i] = maxS32Lane(a[i], b[i])
	}
}
