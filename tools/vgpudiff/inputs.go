package main

import (
	"hash/fnv"
	"math"
	"math/rand/v2"
)

// class is how one operand is drawn: special values (tried against each
// other first) and a random generator. Values are the operand's bits in a
// 64-bit word (f32 and 32-bit values in the low half).
type class struct {
	specials []uint64
	random   func(r *rand.Rand) uint64
}

func f32b(x float32) uint64 { return uint64(math.Float32bits(x)) }
func f64b(x float64) uint64 { return math.Float64bits(x) }

// Special values of each kind.
var (
	i32Specials = []uint64{0, 1, 2, 31, 32, 33, 63, 64, 100, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x10000,
		0x7fffffff, 0x80000000, 0x80000001, 0xfffffffe, 0xffffffff, 0xffffff80}
	i64Specials = []uint64{0, 1, 2, 63, 64, 0x7fffffff, 0x80000000, 0xffffffff, 0x100000000,
		0xffffffff80000000, 1 << 52, 1<<53 + 1, 0x7fffffffffffffff, 0x8000000000000000,
		0x8000000000000001, 0xfffffffffffffffe, 0xffffffffffffffff}
	f32Specials = []uint64{
		f32b(0), 0x80000000, f32b(1), f32b(-1), f32b(0.5), f32b(2), f32b(3), f32b(-1.5), f32b(2.5),
		0x7f800000, 0xff800000, // ±Inf
		0x7fc00000, 0x7fc12345, 0xffc00001, 0x7f800001, 0x7fa00000, 0x7fffffff, // NaNs: quiet, payloads, signalling
		0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00400000, // subnormals
		0x00800000, 0x80800000, 0x7f7fffff, 0xff7fffff, // FLT_MIN, FLT_MAX
		0x3effffff, 0x3f7fffff, 0x3fc00000, // 0.49999997, 0.99999994, 1.5
		f32b(65504), f32b(65520), f32b(1 << 24), f32b(1<<24 + 2),
	}
	// f32 values at the edges of integer conversions.
	f32ConvSpecials = []uint64{
		f32b(0x1p31), f32b(-0x1p31), 0x4effffff, 0xcf000001, f32b(0x1p32), 0x4f7fffff,
		f32b(0x1p63), f32b(-0x1p63), 0x5effffff, 0xdf000001, f32b(0x1p64), 0x5f7fffff,
		f32b(-0.5), f32b(-0.49999997), f32b(4294967040), f32b(-2147483520), f32b(1e10), f32b(-1e20),
	}
	f64Specials = []uint64{
		f64b(0), 0x8000000000000000, f64b(1), f64b(-1), f64b(0.5), f64b(2), f64b(3), f64b(-1.5), f64b(2.5),
		0x7ff0000000000000, 0xfff0000000000000,
		0x7ff8000000000000, 0x7ff8000012345678, 0xfff8000000000001, 0x7ff0000000000001, 0x7ff4000000000000,
		0x0000000000000001, 0x8000000000000001, 0x000fffffffffffff, 0x800fffffffffffff,
		0x0010000000000000, 0x7fefffffffffffff, 0xffefffffffffffff,
		0x3fdfffffffffffff, 0x3fefffffffffffff,
		f64b(math.MaxFloat32), f64b(0x1p-126), f64b(0x1p-149), f64b(0x1p-150), f64b(0x1.000001p-150),
		f64b(0x1.fffffefp127), f64b(0x1.ffffffp127), f64b(65520), f64b(0x1p-25),
	}
	f64ConvSpecials = []uint64{
		f64b(0x1p31), f64b(-0x1p31), f64b(0x1p31 - 1), f64b(0x1p31 - 0.5), f64b(-0x1p31 - 0.5), f64b(-0x1p31 - 1),
		f64b(0x1p32), f64b(0x1p32 - 1), f64b(0x1p32 - 0.5), f64b(0x1p63), f64b(-0x1p63), 0x43dfffffffffffff,
		0xc3e0000000000001, f64b(0x1p64), 0x43efffffffffffff, f64b(-0.5), f64b(4503599627370497.5),
	}
	f16Specials = []uint64{0, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00, 0x7e01, 0x7c01, 0xfe00,
		0x0001, 0x8001, 0x03ff, 0x0400, 0x7bff, 0xfbff, 0x3555}
	shiftSpecials = []uint64{0, 1, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, 70, 255, 256, 257,
		0x7fffffff, 0x80000000, 0xffffffff}
	smallSpecials = []uint64{0, 1, 2, 3, 7, 8, 15, 16, 31, 32, 33, 63, 64, 127, 128, 255}
)

// posLen packs a bit field's position and length as bfe/bfi kernels read
// them: position in bits 0-7, length in bits 8-15.
func posLen(pos, n uint64) uint64 { return pos | n<<8 }

var posLenSpecials = []uint64{posLen(0, 0), posLen(0, 1), posLen(0, 31), posLen(0, 32), posLen(0, 33),
	posLen(1, 31), posLen(31, 1), posLen(31, 2), posLen(32, 0), posLen(32, 1), posLen(0, 64), posLen(63, 1),
	posLen(63, 2), posLen(64, 1), posLen(8, 8), posLen(16, 16), posLen(255, 255), posLen(0, 255), posLen(255, 0)}

// randF32 draws an f32 of a random sign with an exponent uniform in
// [lo, hi] and a random significand.
func randF32(r *rand.Rand, lo, hi int) uint64 {
	e := lo + r.IntN(hi-lo+1)
	return f32b(float32(math.Ldexp(1+r.Float64(), e))) | uint64(r.Uint32()&1)<<31
}

func randF64(r *rand.Rand, lo, hi int) uint64 {
	e := lo + r.IntN(hi-lo+1)
	return f64b(math.Ldexp(1+r.Float64(), e)) | r.Uint64()&1<<63
}

// nearInt is a float near an integer: an integer, or a half or quarter
// away, or one rounding step from a half (where rounding modes differ).
func nearInt(r *rand.Rand, bits int) float64 {
	k := float64(r.Int64N(1<<bits)) - float64(int64(1)<<(bits-1))
	return k + []float64{0, 0.5, -0.5, 0.25, 0.75, 0.4999999, 0.5000001}[r.IntN(7)]
}

// pick runs one of fs at random.
func pick(r *rand.Rand, fs ...func() uint64) uint64 { return fs[r.IntN(len(fs))]() }

// classes are the input classes the kernels' declarations name.
var classes = map[string]class{
	"NONE": {specials: []uint64{0}, random: func(*rand.Rand) uint64 { return 0 }},
	"I32": {specials: i32Specials, random: func(r *rand.Rand) uint64 {
		return pick(r,
			func() uint64 { return uint64(r.Uint32()) },
			func() uint64 { return uint64(r.Uint32()) },
			func() uint64 { return uint64(uint32(r.Int32N(2001) - 1000)) },
			func() uint64 { return uint64(uint32(1)<<r.IntN(32) + uint32(r.IntN(3)) - 1) })
	}},
	"I64": {specials: i64Specials, random: func(r *rand.Rand) uint64 {
		return pick(r,
			r.Uint64,
			r.Uint64,
			func() uint64 { return uint64(r.Int64N(2001) - 1000) },
			func() uint64 { return uint64(int64(int32(r.Uint32()))) },
			func() uint64 { return uint64(1)<<r.IntN(64) + uint64(r.IntN(3)) - 1 })
	}},
	"F32": {specials: f32Specials, random: func(r *rand.Rand) uint64 {
		return pick(r,
			func() uint64 { return uint64(r.Uint32()) },
			func() uint64 { return randF32(r, -20, 20) },
			func() uint64 { return randF32(r, -149, 127) },
			func() uint64 { return f32b(float32(nearInt(r, 20))) })
	}},
	"F32C": {specials: append(append([]uint64{}, f32Specials...), f32ConvSpecials...), random: func(r *rand.Rand) uint64 {
		return pick(r,
			func() uint64 { return uint64(r.Uint32()) },
			func() uint64 { return randF32(r, -3, 66) },
			func() uint64 { return randF32(r, -30, 30) },
			func() uint64 { return f32b(float32(nearInt(r, 24))) })
	}},
	"F64": {specials: f64Specials, random: func(r *rand.Rand) uint64 {
		return pick(r,
			r.Uint64,
			func() uint64 { return randF64(r, -30, 30) },
			func() uint64 { return randF64(r, -1074, 1023) },
			func() uint64 { return randF64(r, -160, 140) }, // f32 range edges for d2f
			func() uint64 { return f64b(nearInt(r, 40)) })
	}},
	"F64C": {specials: append(append([]uint64{}, f64Specials...), f64ConvSpecials...), random: func(r *rand.Rand) uint64 {
		return pick(r,
			r.Uint64,
			func() uint64 { return randF64(r, -3, 66) },
			func() uint64 { return randF64(r, -160, 140) },
			func() uint64 { return f64b(nearInt(r, 53)) },
			func() uint64 { return f64b(nearInt(r, 33)) })
	}},
	"F16": {specials: f16Specials, random: func(r *rand.Rand) uint64 { return uint64(r.Uint32() & 0xffff) }},
	// TRIG: [-π, π], where sin.approx and cos.approx have a bound.
	"TRIG": {specials: []uint64{f32b(0), 0x80000000, f32b(math.Pi), f32b(-math.Pi), f32b(math.Pi / 2), 0x7f800000,
		0xff800000, 0x7fc00000, 0x00000001, 0x007fffff, f32b(1e-20)}, random: func(r *rand.Rand) uint64 {
		return pick(r,
			func() uint64 { return f32b(float32((2*r.Float64() - 1) * math.Pi * 0.9999)) },
			func() uint64 { return f32b(float32((2*r.Float64() - 1) * math.Pi * 0.9999)) },
			func() uint64 { return randF32(r, -40, -1) })
	}},
	// FR: f32 in the ranges approximate functions are used on.
	"FR": {specials: f32Specials, random: func(r *rand.Rand) uint64 {
		return pick(r,
			func() uint64 { return f32b(float32(16*r.Float64() - 8)) },
			func() uint64 { return f32b(float32(16*r.Float64() - 8)) },
			func() uint64 { return f32b(float32(260*r.Float64() - 130)) },
			func() uint64 { return randF32(r, -126, 127) })
	}},
	"SHIFT":  {specials: shiftSpecials, random: func(r *rand.Rand) uint64 { return uint64(r.IntN(71)) }},
	"SMALL":  {specials: smallSpecials, random: func(r *rand.Rand) uint64 { return uint64(r.IntN(256)) }},
	"POSLEN": {specials: posLenSpecials, random: func(r *rand.Rand) uint64 { return posLen(uint64(r.IntN(71)), uint64(r.IntN(71))) }},
}

// inputs draws n elements of three operands for kernel k: first pairs of
// a's and b's specials (all of them, in random order, up to half of n),
// with c special half the time; then each operand is special one time in
// eight, else random. The stream depends on the seed and the kernel's
// name only.
func inputs(k testKernel, n int, seed uint64) (a, b, c []uint64) {
	h := fnv.New64a()
	h.Write([]byte(k.String()))
	r := rand.New(rand.NewPCG(seed, h.Sum64()))
	cls := [3]class{classes[k.classes[0]], classes[k.classes[1]], classes[k.classes[2]]}
	ops := [3][]uint64{make([]uint64, n), make([]uint64, n), make([]uint64, n)}
	draw := func(j int, specialOdds int) uint64 {
		if r.IntN(specialOdds) == 0 {
			sp := cls[j].specials
			return sp[r.IntN(len(sp))]
		}
		return cls[j].random(r)
	}
	var pairs [][2]uint64
	for _, x := range cls[0].specials {
		for _, y := range cls[1].specials {
			pairs = append(pairs, [2]uint64{x, y})
		}
	}
	r.Shuffle(len(pairs), func(i, j int) { pairs[i], pairs[j] = pairs[j], pairs[i] })
	i := 0
	for ; i < min(len(pairs), n/2); i++ {
		ops[0][i], ops[1][i], ops[2][i] = pairs[i][0], pairs[i][1], draw(2, 2)
	}
	for ; i < n; i++ {
		for j := range ops {
			ops[j][i] = draw(j, 8)
		}
	}
	return ops[0], ops[1], ops[2]
}
