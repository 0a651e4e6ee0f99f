package alu

import "math/bits"

// full is the mask of a warp with every lane active.
const full = ^uint32(0)

// The map helpers turn a per-lane function into an Fn. The per-lane
// function is chosen once at decode time; the loop calls it directly, so a
// warp-instruction costs 32 indirect calls and no allocation. The hottest
// instructions have hand-written loops instead (hot.go).

func map1(f func(a uint64) uint64) Fn {
	return func(d, a, _, _ *Vec, m uint32) {
		if m == full {
			for i := range d {
				d[i] = f(a[i])
			}
			return
		}
		for ; m != 0; m &= m - 1 {
			i := bits.TrailingZeros32(m) & (Lanes - 1)
			d[i] = f(a[i])
		}
	}
}

func map2(f func(a, b uint64) uint64) Fn {
	return func(d, a, b, _ *Vec, m uint32) {
		if m == full {
			for i := range d {
				d[i] = f(a[i], b[i])
			}
			return
		}
		for ; m != 0; m &= m - 1 {
			i := bits.TrailingZeros32(m) & (Lanes - 1)
			d[i] = f(a[i], b[i])
		}
	}
}

func map3(f func(a, b, c uint64) uint64) Fn {
	return func(d, a, b, c *Vec, m uint32) {
		if m == full {
			for i := range d {
				d[i] = f(a[i], b[i], c[i])
			}
			return
		}
		for ; m != 0; m &= m - 1 {
			i := bits.TrailingZeros32(m) & (Lanes - 1)
			d[i] = f(a[i], b[i], c[i])
		}
	}
}

func map4(f func(a, b, c, e uint64) uint64) Fn4 {
	return func(d, a, b, c, e *Vec, m uint32) {
		for ; m != 0; m &= m - 1 {
			i := bits.TrailingZeros32(m) & (Lanes - 1)
			d[i] = f(a[i], b[i], c[i], e[i])
		}
	}
}

func k1(f func(a uint64) uint64) Kernel       { return Kernel{Fn: map1(f), Srcs: 1} }
func k2(f func(a, b uint64) uint64) Kernel    { return Kernel{Fn: map2(f), Srcs: 2} }
func k3(f func(a, b, c uint64) uint64) Kernel { return Kernel{Fn: map3(f), Srcs: 3} }
