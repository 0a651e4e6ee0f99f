package alu

import (
	"math"
	"math/bits"
)

// Correct rounding to f16, f32 and f64 under PTX's four IEEE modes. Every
// float result that Go's float64 arithmetic cannot give directly goes
// through round: the exact magnitude is described as an integer times a
// power of two plus a "sticky" flag for a nonzero remainder below it.

type rmode uint8

const (
	rn rmode = iota // to nearest, ties to even
	rz              // toward zero
	rm              // toward -Inf
	rp              // toward +Inf
)

var fRound = map[string]rmode{"rn": rn, "rz": rz, "rm": rm, "rp": rp}

// iRound are the round-to-integer modifiers of cvt.
var iRound = map[string]rmode{"rni": rn, "rzi": rz, "rmi": rm, "rpi": rp}

// format is an IEEE binary interchange format.
type format struct {
	frac uint // fraction bits
	bias int
	emax uint64 // all-ones biased exponent (Inf and NaN)
	sign uint64 // sign bit
}

var (
	fmt16 = format{frac: 10, bias: 15, emax: 31, sign: 1 << 15}
	fmt32 = format{frac: 23, bias: 127, emax: 255, sign: 1 << 31}
	fmt64 = format{frac: 52, bias: 1023, emax: 2047, sign: 1 << 63}
)

func (f format) inf() uint64    { return f.emax << f.frac }
func (f format) maxFin() uint64 { return f.inf() - 1 }

// round returns the format-f bits nearest under mode to the value whose
// sign is neg and whose magnitude is m·2^e, plus (when sticky) some amount
// strictly between 0 and 2^e.
func round(f format, neg bool, m uint64, e int, sticky bool, mode rmode) uint64 {
	sign := uint64(0)
	if neg {
		sign = f.sign
	}
	if sticky {
		// Normalize m to 62 bits (folding what falls off into sticky), then
		// stand for the remainder with one extra low 1 bit: 62 bits are far
		// more than f64's 53, so no rounding boundary lies between the
		// exact value and this stand-in.
		if m == 0 {
			m, e = 1, e-64 // only the remainder: some tiny amount
		}
		n := bits.Len64(m)
		if n > 62 {
			s := uint(n - 62)
			m, e = m>>s, e+int(s) // dropped bits only reinforce sticky
		} else {
			m, e = m<<uint(62-n), e-(62-n)
		}
		m, e = m<<1|1, e-1
	}
	if m == 0 {
		return sign
	}
	emin := 1 - f.bias
	top := e + bits.Len64(m) - 1        // exponent of the leading bit
	lsb := max(top, emin) - int(f.frac) // exponent of the result's last bit
	var q uint64
	up := false
	if shift := lsb - e; shift <= 0 {
		q = m << uint(-shift)
	} else {
		var rem, half uint64
		if shift < 64 {
			q, rem, half = m>>uint(shift), m&(1<<uint(shift)-1), 1<<uint(shift-1)
		} else {
			q, rem = 0, m
			half = math.MaxUint64 // stands for 2^(shift-1) > rem
			if shift == 64 {
				half = 1 << 63
			}
		}
		switch mode {
		case rn:
			up = rem > half || rem == half && q&1 == 1
		case rm:
			up = neg && rem != 0
		case rp:
			up = !neg && rem != 0
		}
	}
	if up {
		q++
		if q == 1<<(f.frac+1) {
			q, lsb = q>>1, lsb+1
		}
	}
	if q < 1<<f.frac {
		return sign | q // subnormal (or zero)
	}
	biased := lsb + int(f.frac) + f.bias
	if biased >= int(f.emax) {
		return sign | overflow(f, neg, mode)
	}
	return sign | uint64(biased)<<f.frac | q&(1<<f.frac-1)
}

// overflow is the magnitude bits of a finite result too large for f.
func overflow(f format, neg bool, mode rmode) uint64 {
	switch {
	case mode == rn, mode == rm && neg, mode == rp && !neg:
		return f.inf()
	}
	return f.maxFin()
}

// split returns a finite nonzero float64's magnitude as m·2^e, m < 2^53.
func split(x float64) (m uint64, e int) {
	b := math.Float64bits(x)
	exp := int(b >> 52 & 0x7FF)
	m = b & (1<<52 - 1)
	if exp == 0 {
		return m, -1074
	}
	return m | 1<<52, exp - 1075
}

// roundF64 rounds the exact value x + r to format f, where x is a finite
// float64 and r a remainder with |r| <= ulp(x)/2 of which only the sign
// (resid: -1, 0, +1) is known. x must carry at least two more bits than f
// (f16 and f32 from float64), so the remainder never sits on a boundary.
func roundF64(f format, x float64, resid int, mode rmode) uint64 {
	neg := math.Signbit(x)
	if x == 0 {
		if neg {
			return f.sign
		}
		return 0
	}
	m, e := split(x)
	switch {
	case resid == 0:
		return round(f, neg, m, e, false, mode)
	case (resid < 0) == neg: // the remainder adds to the magnitude
		return round(f, neg, m, e, true, mode)
	}
	return round(f, neg, 2*m-1, e-1, true, mode)
}

// sgn is the sign of x: -1, 0 or +1.
func sgn(x float64) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// twoSum returns s = fl(a+b) and the exact error a+b-s (Knuth).
func twoSum(a, b float64) (s, err float64) {
	s = a + b
	bb := s - a
	return s, (a - (s - bb)) + (b - bb)
}

// directed adjusts hi = RN(x) of an exact x = hi + lo (|lo| <= ulp/2, only
// lo's sign matters) to x rounded under mode.
func directed(hi, lo float64, mode rmode) float64 {
	switch {
	case lo == 0, mode == rn:
		return hi
	case mode == rm && lo < 0, mode == rz && lo < 0 && hi > 0:
		return math.Nextafter(hi, math.Inf(-1))
	case mode == rp && lo > 0, mode == rz && lo > 0 && hi < 0:
		return math.Nextafter(hi, math.Inf(1))
	}
	return hi
}

// overflowF64 is the result of a finite exact value beyond f64's range
// that rounds to nearest as hi = ±Inf.
func overflowF64(hi float64, mode rmode) float64 {
	return math.Float64frombits(round(fmt64, hi < 0, 1, 1024, false, mode))
}
