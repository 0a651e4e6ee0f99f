package zoo

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// rounds is arith.cu's rounds a thread, fmas its multiply-adds.
const rounds, fmas = 16, 256

// byVariant checks each variant's outputs with its own check, for
// families whose variants compute different things at the same cost
// (a stride, a degree, a precision).
func byVariant(checks map[string]func(o []any) error) func(string, []any) error {
	return func(v string, o []any) error {
		c, ok := checks[v]
		if !ok {
			return fmt.Errorf("no check for variant %q", v)
		}
		return c(o)
	}
}

// abc are the arguments (a, b, out, n).
var abc = bufs3N

var _ = register(&Family{
	Key: "intdiv", Title: "16 rounds of 32-bit division and remainder: signed, unsigned, by a constant, float", File: "arith.cu",
	Sizes: []int{1 << 16, 1 << 20}, Smoke: 1000,
	Variants: []Variant{
		one("int32 / %", "div_signed", perElement(256), abc),
		one("uint32 / %", "div_unsigned", perElement(256), abc),
		one("uint32 / % by 7", "div_const", perElement(256), abc),
		one("float /", "div_float", perElement(256), abc),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		a, b := randomInts(rng, n, -1<<30, 1<<30), randomInts(rng, n, 1, 1000)
		want := func(f func(i int) int32) func([]any) error {
			w := make([]int32, n)
			for i := range w {
				w[i] = f(i)
			}
			return func(o []any) error { return equalInts(o[0], w) }
		}
		signed := want(func(i int) int32 {
			x, d, s := a[i], b[i], int32(0)
			for r := range int32(rounds) {
				s += x/d + x%d
				x = x*3 + r
			}
			return s
		})
		unsigned := func(d func(i int) uint32) func([]any) error {
			return want(func(i int) int32 {
				x, s := uint32(a[i]), uint32(0)
				for r := range uint32(rounds) {
					s += x/d(i) + x%d(i)
					x = x*3 + r
				}
				return int32(s)
			})
		}
		fw := make([]float64, n)
		for i := range fw {
			x, d := float64(float32(a[i])), float64(b[i])
			for range rounds {
				fw[i] += x / d
				x = x*0.75 + 1
			}
		}
		return &Problem{Bufs: []any{a, b, poisonInts(n)}, Outs: []int{2},
			check: byVariant(map[string]func([]any) error{
				"int32 / %":       signed,
				"uint32 / %":      unsigned(func(i int) uint32 { return uint32(b[i]) }),
				"uint32 / % by 7": unsigned(func(int) uint32 { return 7 }),
				"float /":         func(o []any) error { return closeTo(bitsToFloats(o[0]), fw, 64*unit32, 0) },
			})}, nil
	},
})

// bitsToFloats reads int32 outputs that hold float bits.
func bitsToFloats(o any) any {
	v, ok := o.([]int32)
	if !ok {
		return o
	}
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = math.Float32frombits(uint32(x))
	}
	return out
}

// roundsOf is Σ f(x + r·step) over the rounds.
func roundsOf(in []float32, f func(float64) float64, step float64, abs bool) []float64 {
	w := make([]float64, len(in))
	for i, x := range in {
		xx := float64(x)
		if abs {
			xx = math.Abs(xx)
		}
		for range rounds {
			w[i] += f(xx)
			xx += step
		}
	}
	return w
}

var _ = register(&Family{
	Key: "sfu", Title: "16 rounds of transcendentals: sinf (libm) vs __sinf, __expf, rsqrtf", File: "arith.cu",
	Sizes: []int{1 << 16, 1 << 20}, Smoke: 1000,
	Variants: []Variant{
		one("sinf", "sfu_sinf", perElement(256), inOutN),
		one("__sinf", "sfu_intrinsic", perElement(256), inOutN),
		one("__expf", "sfu_exp", perElement(256), inOutN),
		one("rsqrtf", "sfu_rsqrt", perElement(256), inOutN),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		in := randomFloats(rng, n)
		sin := roundsOf(in, math.Sin, 0.25, false)
		exp := roundsOf(in, math.Exp, -0.125, false)
		rsqrt := roundsOf(in, func(x float64) float64 { return 1 / math.Sqrt(x) }, 0.25, true)
		return &Problem{Bufs: []any{in, poison(n)}, Outs: []int{1},
			check: byVariant(map[string]func([]any) error{
				"sinf":   func(o []any) error { return closeTo(o[0], sin, 1e-5, rounds) },
				"__sinf": func(o []any) error { return closeTo(o[0], sin, 1e-4, rounds) },
				"__expf": func(o []any) error { return closeTo(o[0], exp, 1e-5, rounds) },
				"rsqrtf": func(o []any) error { return closeTo(o[0], rsqrt, 1e-5, rounds) },
			})}, nil
	},
})

// chain is a·0.999 + x repeated k times from a = x.
func chain(x float64, k int) float64 {
	a := x
	for range k {
		a = a*0.999 + x
	}
	return a
}

var _ = register(&Family{
	Key: "ilp", Title: "256 FMAs a thread: one dependent chain vs four independent ones, rolled or unrolled", File: "arith.cu",
	Sizes: []int{1 << 16, 1 << 20}, Smoke: 1000,
	Variants: []Variant{
		one("one chain", "fma_chain1", perElement(256), inOutN),
		one("four chains", "fma_chain4", perElement(256), inOutN),
		one("four chains, unrolled", "fma_chain4_unrolled", perElement(256), inOutN),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		in := randomFloats(rng, n)
		one, four := make([]float64, n), make([]float64, n)
		for i, x := range in {
			one[i] = chain(float64(x), fmas)
			four[i] = 4*chain(float64(x), fmas/4) - 3*float64(x)
		}
		c4 := func(o []any) error { return closeTo(o[0], four, 1e-4, 1) }
		return &Problem{Bufs: []any{in, poison(n)}, Outs: []int{1},
			check: byVariant(map[string]func([]any) error{
				"one chain":   func(o []any) error { return closeTo(o[0], one, 1e-4, 1) },
				"four chains": c4, "four chains, unrolled": c4,
			})}, nil
	},
})

// degrees are the horner family's variants.
var degrees = []int{8, 32, 128}

var _ = register(&Family{
	Key: "horner", Title: "a polynomial by Horner's rule, degree 8, 32 or 128 (coefficients in global memory)", File: "arith.cu",
	Sizes: []int{1 << 16, 1 << 20}, Smoke: 1000,
	Variants: func() []Variant {
		var vs []Variant
		for _, d := range degrees {
			vs = append(vs, one(fmt.Sprint("degree ", d), "horner", perElement(256),
				func(n int) []any { return []any{Buf(0), Buf(1), Buf(2), n, d} }))
		}
		return vs
	}(),
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		in, c := randomFloats(rng, n), randomFloats(rng, degrees[len(degrees)-1]+1)
		checks := map[string]func([]any) error{}
		for _, d := range degrees {
			w := make([]float64, n)
			for i, x := range in {
				xx, p := float64(x)*0.5, float64(c[d])
				for k := d - 1; k >= 0; k-- {
					p = p*xx + float64(c[k])
				}
				w[i] = p
			}
			checks[fmt.Sprint("degree ", d)] = func(o []any) error { return closeTo(o[0], w, 1e-5, 4) }
		}
		return &Problem{Bufs: []any{in, c, poison(n)}, Outs: []int{2}, check: byVariant(checks)}, nil
	},
})

// paths are branch.cu's two loops.
func pathA(x float64) float64 {
	for range 32 {
		x = x*1.0001 + 0.5
	}
	return x
}

func pathB(x float64) float64 {
	for range 32 {
		x = x*0.9999 - 0.25
	}
	return x
}

var _ = register(&Family{
	Key: "divergence", Title: "two loops of math split by lane parity (divergent), by warp, or both run and selected", File: "branch.cu",
	Sizes: []int{1 << 16, 1 << 20}, Smoke: 64 * 79,
	Variants: []Variant{
		one("split by lane", "branch_lanes", perElement(256), inOutN),
		one("split by warp", "branch_warps", perElement(256), inOutN),
		one("both paths, select", "branch_both", perElement(256), inOutN),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		if n%64 != 0 {
			return nil, fmt.Errorf("%d elements: want a multiple of 64 (pairs of warps)", n)
		}
		in := randomFloats(rng, n)
		want := make([]float64, n)
		for i, x := range in {
			if i&1 == 1 {
				want[i] = pathA(float64(x))
			} else {
				want[i] = pathB(float64(x))
			}
		}
		return &Problem{Bufs: []any{in, poison(n)}, Outs: []int{1},
			check: func(_ string, o []any) error { return closeTo(o[0], want, 1e-5, 1) }}, nil
	},
})

// maxIter is branch.cu's Mandelbrot iteration limit.
const maxIter = 256

var _ = register(&Family{
	Key: "mandel", Title: "Mandelbrot escape counts (divergent loops): float vs double", File: "branch.cu",
	Sizes: []int{256, 1024}, Smoke: 50,
	Variants: []Variant{
		{Name: "float", steps: mandelSteps("mandel_float")},
		{Name: "double", steps: mandelSteps("mandel_double")},
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		x0, y0, w := mandelWindow(rng)
		counts := make([]int32, n*n)
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				cr, ci := float64(x0)+float64(w)*float64(x)/float64(n), float64(y0)+float64(w)*float64(y)/float64(n)
				zr, zi, k := 0.0, 0.0, int32(0)
				for k < maxIter && zr*zr+zi*zi < 4 {
					zr, zi = zr*zr-zi*zi+cr, 2*zr*zi+ci
					k++
				}
				counts[y*n+x] = k
			}
		}
		// Pixels on the set's edge escape after different counts in float,
		// with fused multiply-adds, or in double: allow 2 % of them.
		check := func(_ string, o []any) error {
			got, ok := o[0].([]int32)
			if !ok || len(got) != len(counts) {
				return fmt.Errorf("output %T of %d", o[0], len(got))
			}
			bad := 0
			for i := range got {
				if got[i] < 0 || got[i] > maxIter {
					return fmt.Errorf("count [%d] = %d", i, got[i])
				}
				if got[i] != counts[i] {
					bad++
				}
			}
			if bad > len(got)/50 {
				return fmt.Errorf("%d of %d counts differ from the CPU's", bad, len(got))
			}
			return nil
		}
		return &Problem{Bufs: []any{poisonInts(n * n), []float32{x0, y0, w}}, Outs: []int{0}, check: check}, nil
	},
})

// mandelWindow draws a window around the set's main body.
func mandelWindow(rng *rand.Rand) (x0, y0, w float32) {
	return -2.1 + 0.2*rng.Float32(), -1.3 + 0.1*rng.Float32(), 2.4 + 0.2*rng.Float32()
}

func mandelSteps(kernel string) func(n int) []Step {
	return func(n int) []Step {
		g, b := grid2D(16, 16, same, same)(n)
		return []Step{{Kernel: kernel, Grid: g, Block: b, Args: []any{Buf(0), Buf(1), n}}}
	}
}
