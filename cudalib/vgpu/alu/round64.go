package alu

import (
	"math"
	"math/bits"
)

// f64 multiply, divide, square root and fma under a directed rounding
// mode. Round to nearest is the hardware's (Go's float64); the others
// compute the exact significand in integers and round once.

// finiteNonzero reports whether every x is finite and nonzero.
func finiteNonzero(xs ...float64) bool {
	for _, x := range xs {
		if x == 0 || math.IsInf(x, 0) || x != x {
			return false
		}
	}
	return true
}

// special reports whether x is Inf or NaN.
func special(x float64) bool { return math.IsInf(x, 0) || x != x }

// norm53 returns a finite nonzero x's magnitude as m·2^e with m in
// [2^52, 2^53).
func norm53(x float64) (m uint64, e int) {
	m, e = split(x)
	s := 53 - bits.Len64(m)
	return m << uint(s), e - s
}

func mul64Round(x, y float64, mode rmode) float64 {
	if mode == rn || !finiteNonzero(x, y) {
		return x * y // specials are exact: zeros, Inf, NaN
	}
	mx, ex := split(x)
	my, ey := split(y)
	hi, lo := bits.Mul64(mx, my)
	m, e, sticky := fold128(hi, lo, ex+ey)
	return math.Float64frombits(round(fmt64, (x < 0) != (y < 0), m, e, sticky, mode))
}

// fold128 returns the 128-bit hi:lo·2^e as a 64-bit m·2^e' plus whether
// nonzero bits were dropped.
func fold128(hi, lo uint64, e int) (m uint64, e2 int, sticky bool) {
	n := bits.Len64(hi)
	if n == 0 {
		return lo, e, false
	}
	return hi<<uint(64-n) | lo>>uint(n), e + n, lo&(1<<uint(n)-1) != 0
}

func div64Round(x, y float64, mode rmode) float64 {
	if mode == rn || !finiteNonzero(x, y) {
		return x / y
	}
	mx, ex := norm53(x)
	my, ey := norm53(y)
	// mx·2^62 / my has 62 or 63 bits; the remainder is the sticky part.
	q, r := bits.Div64(mx>>2, mx<<62, my)
	return math.Float64frombits(round(fmt64, (x < 0) != (y < 0), q, ex-ey-62, r != 0, mode))
}

func sqrt64Round(x float64, mode rmode) float64 {
	s := math.Sqrt(x)
	if mode == rn || !finiteNonzero(x) || x < 0 {
		return s
	}
	// Scale tiny arguments by an even power of two so that the residual
	// x - s*s below is exact; the root is normal either way.
	scale := 1.0
	if x < 0x1p-900 {
		x, scale = x*0x1p108, 0x1p-54
		s = math.Sqrt(x)
	}
	switch r := math.FMA(-s, s, x); {
	case r < 0 && mode != rp:
		s = math.Nextafter(s, 0)
	case r > 0 && mode == rp:
		s = math.Nextafter(s, math.Inf(1))
	}
	return s * scale
}

// fma64Round is x*y+z rounded once under mode, from the exact 106-bit
// product and z aligned in 128-bit integers.
func fma64Round(x, y, z float64, mode rmode) float64 {
	if mode == rn {
		return math.FMA(x, y, z)
	}
	switch {
	case special(x) || special(y) || special(z):
		return math.FMA(x, y, z) // an Inf or NaN operand: its rules, exact
	case x == 0 || y == 0:
		if p := x * y; z == 0 {
			return zeroSum(p+z, p, z, mode)
		}
		return z
	case z == 0:
		return mul64Round(x, y, mode)
	}
	mx, ex := split(x)
	my, ey := split(y)
	mz, ez := split(z)
	ph, pl := bits.Mul64(mx, my)
	pNeg, zNeg := (x < 0) != (y < 0), z < 0

	// Normalize both to a 126-bit integer (top bit 125) and align the one
	// of lower exponent to the other, keeping what falls off as sticky.
	ph, pl, pe := top125(ph, pl, ex+ey)
	zh, zl, ze := top125(0, mz, ez)
	bigNeg, smallNeg := pNeg, zNeg
	if ze > pe {
		ph, pl, zh, zl, pe, ze = zh, zl, ph, pl, ze, pe
		bigNeg, smallNeg = zNeg, pNeg
	}
	sh, sl, sticky := shr128(zh, zl, uint(pe-ze))
	var rh, rl uint64
	neg := bigNeg
	if bigNeg == smallNeg {
		var c uint64
		rl, c = bits.Add64(pl, sl, 0)
		rh, _ = bits.Add64(ph, sh, c)
	} else {
		if ph < sh || ph == sh && pl < sl { // only when nothing was shifted
			ph, pl, sh, sl, neg = sh, sl, ph, pl, smallNeg
		}
		var b uint64
		rl, b = bits.Sub64(pl, sl, 0)
		rh, _ = bits.Sub64(ph, sh, b)
		if sticky { // big - (small + s) = (big - small - 1) + (1 - s)
			rl, b = bits.Sub64(rl, 1, 0)
			rh -= b
		}
		if rh == 0 && rl == 0 && !sticky {
			return zeroSum(0, 1, -1, mode) // exact cancellation
		}
	}
	m, e, st := fold128(rh, rl, pe)
	return math.Float64frombits(round(fmt64, neg, m, e, sticky || st, mode))
}

// top125 shifts the nonzero 128-bit hi:lo·2^e left so that its top bit is
// bit 125, returning the new exponent.
func top125(hi, lo uint64, e int) (uint64, uint64, int) {
	n := bits.Len64(hi) + 64
	if hi == 0 {
		n = bits.Len64(lo)
	}
	s := uint(126 - n)
	h, l := shl128(hi, lo, s)
	return h, l, e - int(s)
}

func shl128(hi, lo uint64, s uint) (uint64, uint64) {
	if s >= 64 {
		return lo << (s - 64), 0
	}
	return hi<<s | lo>>(64-s), lo << s
}

// shr128 shifts hi:lo right by s and tells whether nonzero bits fell off.
func shr128(hi, lo uint64, s uint) (uint64, uint64, bool) {
	switch {
	case s == 0:
		return hi, lo, false
	case s >= 128:
		return 0, 0, hi|lo != 0
	case s >= 64:
		return 0, hi >> (s - 64), lo != 0 || hi&(1<<(s-64)-1) != 0
	}
	return hi >> s, lo>>s | hi<<(64-s), lo&(1<<s-1) != 0
}
