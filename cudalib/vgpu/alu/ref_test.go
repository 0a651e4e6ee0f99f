package alu

import (
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// The rounding tests here compare against an independent oracle: the
// exact result in math/big, rounded to nearest by big.Float's own
// Float32/Float64 (which handle subnormals), then stepped by one ulp for
// the directed modes where that rounding went the wrong way.

const refPrec = 4096 // exact for every sum and product of f64; ample for quotients

// oracle rounds the exact value v (+ a tiny positive amount in magnitude
// when inexact) to f32 or f64 bits under mode.
func oracle(v *big.Float, inexact bool, bits uint, mode rmode) uint64 {
	var r float64
	if bits == 32 {
		f, _ := v.Float32()
		r = float64(f)
	} else {
		r, _ = v.Float64()
	}
	// c: the sign of r - exact.
	c := 0
	if !math.IsInf(r, 0) {
		c = new(big.Float).SetPrec(refPrec).SetFloat64(r).Cmp(v)
	} else if r > 0 {
		c = 1
	} else {
		c = -1
	}
	if c == 0 && inexact {
		c = -v.Sign() // the exact value lies beyond v, away from zero
	}
	step := 0.0 // direction to move r
	switch {
	case mode == rm && c > 0, mode == rz && c > 0 && v.Sign() > 0:
		step = math.Inf(-1)
	case mode == rp && c < 0, mode == rz && c < 0 && v.Sign() < 0:
		step = math.Inf(1)
	}
	if bits == 32 {
		f := float32(r)
		if step != 0 {
			f = math.Nextafter32(f, float32(step))
		}
		return uint64(math.Float32bits(f))
	}
	if step != 0 {
		r = math.Nextafter(r, step)
	}
	return math.Float64bits(r)
}

// randFloat returns a finite nonzero float of the given width: often with
// an exponent near base (so that operands interact), sometimes anywhere
// or subnormal, with random or sparse significands.
func randFloat(r *rand.Rand, bits uint, base int) float64 {
	fracBits, emax := 23, 127
	if bits == 64 {
		fracBits, emax = 52, 1023
	}
	m := r.Uint64() & (1<<fracBits - 1)
	if r.IntN(4) == 0 {
		m &= r.Uint64() & r.Uint64() & r.Uint64() // sparse: ties and exact results
	}
	var x float64
	switch r.IntN(8) {
	case 0: // subnormal
		x = math.Ldexp(float64(m), 1-emax-fracBits)
	case 1, 2: // anywhere
		x = math.Ldexp(1+math.Ldexp(float64(m), -fracBits), r.IntN(2*emax)-emax+1)
	default:
		e := min(max(base+r.IntN(61)-30, 1-emax), emax)
		x = math.Ldexp(1+math.Ldexp(float64(m), -fracBits), e)
	}
	if x == 0 {
		x = math.Ldexp(1, 1-emax-fracBits)
	}
	if r.IntN(2) == 0 {
		x = -x
	}
	if bits == 32 {
		return float64(float32(x))
	}
	return x
}

func toBits(x float64, bits uint) uint64 {
	if bits == 32 {
		return uint64(math.Float32bits(float32(x)))
	}
	return math.Float64bits(x)
}

func bigOf(x float64) *big.Float { return new(big.Float).SetPrec(refPrec).SetFloat64(x) }

func TestRoundingAgainstOracle(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	r := rand.New(rand.NewPCG(1, 2))
	modes := []string{"rn", "rz", "rm", "rp"}
	type op struct {
		name string
		srcs int
		// exact computes the exact result and whether it is inexact (a
		// truncation toward zero); ok false skips the case.
		exact func(x []float64) (v *big.Float, inexact, ok bool)
	}
	exactOps := []op{
		{"add", 2, func(x []float64) (*big.Float, bool, bool) {
			v := bigOf(x[0])
			return v.Add(v, bigOf(x[1])), false, true
		}},
		{"sub", 2, func(x []float64) (*big.Float, bool, bool) {
			v := bigOf(x[0])
			return v.Sub(v, bigOf(x[1])), false, true
		}},
		{"mul", 2, func(x []float64) (*big.Float, bool, bool) {
			v := bigOf(x[0])
			return v.Mul(v, bigOf(x[1])), false, true
		}},
		{"fma", 3, func(x []float64) (*big.Float, bool, bool) {
			v := bigOf(x[0])
			v.Mul(v, bigOf(x[1]))
			return v.Add(v, bigOf(x[2])), false, true
		}},
		{"div", 2, func(x []float64) (*big.Float, bool, bool) {
			v := new(big.Float).SetPrec(refPrec).SetMode(big.ToZero)
			v.Quo(bigOf(x[0]), bigOf(x[1]))
			return v, v.Acc() != big.Exact, true
		}},
		{"sqrt", 1, func(x []float64) (*big.Float, bool, bool) {
			if x[0] < 0 {
				return nil, false, false
			}
			v := new(big.Float).SetPrec(refPrec).SetMode(big.ToZero)
			v.Sqrt(bigOf(x[0]))
			sq := new(big.Float).SetPrec(2 * refPrec)
			sq.Mul(v, v)
			return v, sq.Cmp(bigOf(x[0])) != 0, true
		}},
	}
	for _, bits := range []uint{32, 64} {
		ty := "f32"
		if bits == 64 {
			ty = "f64"
		}
		for _, o := range exactOps {
			for _, mode := range modes {
				spell := o.name + "." + mode + "." + ty
				k := lookupSpell(t, spell)
				var vecs [3]Vec
				var xs [Lanes][]float64
				bad := 0
				for i := 0; i < n; i += Lanes {
					for l := range xs {
						base := r.IntN(200) - 100
						if bits == 64 && r.IntN(4) == 0 {
							base = r.IntN(2000) - 1000
						}
						xs[l] = make([]float64, o.srcs)
						for s := range o.srcs {
							xs[l][s] = randFloat(r, bits, base)
							vecs[s][l] = toBits(xs[l][s], bits)
						}
					}
					var d Vec
					k.Fn(&d, &vecs[0], &vecs[1], &vecs[2], full)
					for l := range xs {
						v, inexact, ok := o.exact(xs[l])
						if !ok || v.Sign() == 0 {
							continue // zero results' signs are table-tested
						}
						if want := oracle(v, inexact, bits, fRound[mode]); d[l] != want {
							bad++
							if bad <= 5 {
								t.Errorf("%s %v = %#x, want %#x", spell, xs[l], d[l], want)
							}
						}
					}
				}
				if bad > 5 {
					t.Errorf("%s: %d wrong in all", spell, bad)
				}
			}
		}
	}
}

// TestConversionsAgainstOracle: cvt between f64, f32 and the integers.
func TestConversionsAgainstOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, mode := range []string{"rn", "rz", "rm", "rp"} {
		k32 := lookupSpell(t, "cvt."+mode+".f32.f64")
		for range 3000 {
			x := randFloat(r, 64, r.IntN(300)-150)
			got := exec1(k32, math.Float64bits(x))
			if want := oracle(bigOf(x), false, 32, fRound[mode]); got != want {
				t.Fatalf("cvt.%s.f32.f64 %g = %#x, want %#x", mode, x, got, want)
			}
		}
		for _, spell := range []string{"f32.s64", "f32.u64", "f64.s64", "f64.u64", "f32.s32", "f32.u32"} {
			k := lookupSpell(t, "cvt."+mode+"."+spell)
			for range 2000 {
				v := r.Uint64() >> r.IntN(64)
				var exact *big.Float
				switch {
				case strings.HasSuffix(spell, "s64"):
					exact = new(big.Float).SetInt64(int64(v))
				case strings.HasSuffix(spell, "u64"):
					exact = new(big.Float).SetUint64(v)
				case strings.HasSuffix(spell, "s32"):
					v &= 0xFFFFFFFF
					exact = new(big.Float).SetInt64(int64(int32(v)))
				default:
					v &= 0xFFFFFFFF
					exact = new(big.Float).SetUint64(v)
				}
				if exact.Sign() == 0 {
					continue
				}
				bits := uint(32)
				if strings.HasPrefix(spell, "f64") {
					bits = 64
				}
				if got, want := exec1(k, v), oracle(exact, false, bits, fRound[mode]); got != want {
					t.Fatalf("cvt.%s.%s %#x = %#x, want %#x", mode, spell, v, got, want)
				}
			}
		}
	}
}

// exec1 runs a one-source kernel on lane 0.
func exec1(k Kernel, a uint64) uint64 {
	var d, x Vec
	x[0] = a
	k.Fn(&d, &x, nil, nil, 1)
	return d[0]
}

// TestFTZAgainstOracle: the .ftz forms are the plain ones on flushed
// operands, with a result flushed when, rounded to 24 bits with an
// unbounded exponent, it is below 2^-126 (measured on H100).
func TestFTZAgainstOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	flush := func(x float64) float64 {
		if math.Abs(x) < 0x1p-126 {
			return math.Copysign(0, x)
		}
		return x
	}
	for _, spell := range []string{"add.rn.ftz.f32", "add.rm.ftz.f32", "mul.rz.ftz.f32", "mul.rp.ftz.f32", "fma.rn.ftz.f32", "fma.rz.ftz.f32", "div.rp.ftz.f32"} {
		k := lookupSpell(t, spell)
		mode := fRound[strings.Split(spell, ".")[1]]
		for range 3000 {
			base := r.IntN(40) - 140 // near f32's subnormal range
			x := []float64{randFloat(r, 32, base), randFloat(r, 32, base), randFloat(r, 32, base)}
			var vs [3]Vec
			for i := range x {
				vs[i][0] = toBits(x[i], 32)
				x[i] = flush(x[i])
			}
			var v *big.Float
			inexact := false
			switch spell[:3] {
			case "add":
				v = bigOf(x[0])
				v.Add(v, bigOf(x[1]))
			case "mul":
				v = bigOf(x[0])
				v.Mul(v, bigOf(x[1]))
			case "fma":
				v = bigOf(x[0])
				v.Mul(v, bigOf(x[1]))
				v.Add(v, bigOf(x[2]))
			default:
				if x[1] == 0 {
					continue
				}
				v = new(big.Float).SetPrec(refPrec).SetMode(big.ToZero)
				v.Quo(bigOf(x[0]), bigOf(x[1]))
				inexact = v.Acc() != big.Exact
			}
			if v.Sign() == 0 {
				continue
			}
			want := oracle(v, inexact, 32, mode)
			bigMode := map[rmode]big.RoundingMode{rn: big.ToNearestEven, rz: big.ToZero, rm: big.ToNegativeInf, rp: big.ToPositiveInf}[mode]
			if u, _ := new(big.Float).SetMode(bigMode).SetPrec(24).Set(v).Float64(); math.Abs(u) < 0x1p-126 {
				want &= sign32
			}
			var d Vec
			k.Fn(&d, &vs[0], &vs[1], &vs[2], 1)
			if d[0] != want {
				t.Fatalf("%s %v = %#x, want %#x", spell, x, d[0], want)
			}
		}
	}
}

// TestHalfAgainstOracle: rounding to f16 and bf16 (normal results, where
// big.Float's own rounding to 11 or 8 bits is the format's).
func TestHalfAgainstOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	modes := map[string]big.RoundingMode{"rn": big.ToNearestEven, "rz": big.ToZero, "rm": big.ToNegativeInf, "rp": big.ToPositiveInf}
	type target struct {
		name       string
		prec       uint
		minN, maxF float64 // least normal, largest finite
		bits       func(float64) uint64
	}
	for _, tg := range []target{
		{"f16", 11, 0x1p-14, 65504, func(x float64) uint64 { return roundF64(fmt16, x, 0, rz) }}, // exact here
		{"bf16", 8, 0x1p-126, 0x1.FEp127, func(x float64) uint64 { return uint64(math.Float32bits(float32(x)) >> 16) }},
	} {
		for name, bm := range modes {
			k := lookupSpell(t, "cvt."+name+"."+tg.name+".f32")
			for range 3000 {
				x := randFloat(r, 32, r.IntN(260)-130)
				v := new(big.Float).SetMode(bm).SetPrec(tg.prec).SetFloat64(x)
				w, _ := v.Float64()
				if math.Abs(w) < tg.minN || math.Abs(w) > tg.maxF {
					continue
				}
				if got, want := exec1(k, toBits(x, 32)), tg.bits(w); got != want {
					t.Fatalf("cvt.%s.%s.f32 %g = %#x, want %#x", name, tg.name, x, got, want)
				}
			}
		}
	}
	// f16 arithmetic, to nearest.
	for _, op := range []string{"add", "mul", "fma"} {
		k := lookupSpell(t, op+".rn.f16")
		for range 3000 {
			var x [3]float64
			var vs [3]Vec
			for i := range x {
				h := r.Uint64() & 0x7BFF // finite
				h |= r.Uint64() & 0x8000
				vs[i][0], x[i] = h, f16to64(h)
			}
			v := new(big.Float).SetPrec(refPrec).SetFloat64(x[0])
			switch op {
			case "add":
				v.Add(v, bigOf(x[1]))
			case "mul":
				v.Mul(v, bigOf(x[1]))
			default:
				v.Mul(v, bigOf(x[1]))
				v.Add(v, bigOf(x[2]))
			}
			v.SetMode(big.ToNearestEven).SetPrec(11)
			w, _ := v.Float64()
			if math.Abs(w) < 0x1p-14 || math.Abs(w) > 65504 {
				continue
			}
			var d Vec
			if op == "fma" {
				k.Fn(&d, &vs[0], &vs[1], &vs[2], 1)
			} else {
				k.Fn(&d, &vs[0], &vs[1], nil, 1)
			}
			if want := roundF64(fmt16, w, 0, rz); d[0] != want {
				t.Fatalf("%s.rn.f16 %v = %#x, want %#x", op, x, d[0], want)
			}
		}
	}
}
