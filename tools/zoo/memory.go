package zoo

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/culab/culab/cudalib"
)

// bitonicBlock is bitonic.cu's shared-memory segment.
const bitonicBlock = 1024

// bitonicGlobal is every compare-exchange step a launch.
func bitonicGlobal(n int) []Step {
	var s []Step
	g, b := perElement(256)(n)
	for k := 2; k <= n; k *= 2 {
		for j := k / 2; j > 0; j /= 2 {
			s = append(s, Step{Kernel: "bitonic_step", Grid: g, Block: b, Args: []any{Buf(0), j, k}})
		}
	}
	return s
}

// bitonicShared sorts 1024-element segments in shared memory, then per
// stage does the steps across segments in global memory and the rest in
// shared memory.
func bitonicShared(n int) []Step {
	g, b := perElement(256)(n)
	sg, sb := cudalib.D1(n/bitonicBlock), cudalib.D1(bitonicBlock/2)
	s := []Step{{Kernel: "bitonic_shared", Grid: sg, Block: sb, Args: []any{Buf(0), 0}}}
	for k := 2 * bitonicBlock; k <= n; k *= 2 {
		for j := k / 2; j >= bitonicBlock; j /= 2 {
			s = append(s, Step{Kernel: "bitonic_step", Grid: g, Block: b, Args: []any{Buf(0), j, k}})
		}
		s = append(s, Step{Kernel: "bitonic_shared", Grid: sg, Block: sb, Args: []any{Buf(0), k}})
	}
	return s
}

var _ = register(&Family{
	Key: "bitonic", Title: "bitonic sort: a launch per step in global memory vs 1024-element segments in shared memory", File: "bitonic.cu",
	Sizes: []int{1 << 14, 1 << 16, 1 << 18}, Smoke: 1 << 12,
	Variants: []Variant{
		{Name: "global steps", steps: bitonicGlobal},
		{Name: "shared segments", steps: bitonicShared},
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		if n < bitonicBlock || n&(n-1) != 0 {
			return nil, fmt.Errorf("%d elements: want a power of two ≥ %d", n, bitonicBlock)
		}
		v := randomFloats(rng, n)
		want := slices.Clone(v)
		slices.Sort(want)
		return &Problem{Bufs: []any{v}, Outs: []int{0},
			check: func(_ string, o []any) error { return closeTo(o[0], f64(want), 0, 0) }}, nil
	},
})

var _ = register(&Family{
	Key: "nbody", Title: "all-pairs n-body accelerations: bodies from global memory vs shared tiles, rolled or unrolled", File: "nbody.cu",
	Sizes: []int{1024, 4096}, Smoke: 512,
	Variants: []Variant{
		one("global", "nbody_global", perElement(256), inOutN),
		one("shared tiles", "nbody_shared", perElement(256), inOutN),
		one("shared tiles, unrolled 4", "nbody_shared_unrolled", perElement(256), inOutN),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		if n%256 != 0 {
			return nil, fmt.Errorf("%d bodies: want a multiple of 256", n)
		}
		p := randomFloats(rng, 4*n)
		for i := 3; i < len(p); i += 4 {
			p[i] = float32(math.Abs(float64(p[i]))) // masses > 0
		}
		want := make([]float64, 3*n)
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				d := [3]float64{float64(p[4*j] - p[4*i]), float64(p[4*j+1] - p[4*i+1]), float64(p[4*j+2] - p[4*i+2])}
				r2 := d[0]*d[0] + d[1]*d[1] + d[2]*d[2] + 0.01
				s := float64(p[4*j+3]) / (r2 * math.Sqrt(r2))
				for c := range d {
					want[3*i+c] += d[c] * s
				}
			}
		}
		// rsqrtf is within 2 ulp; the sums are of n terms up to 1000.
		return &Problem{Bufs: []any{p, poison(3 * n)}, Outs: []int{1},
			check: func(_ string, o []any) error { return closeTo(o[0], want, 1e-4, math.Sqrt(float64(n))) }}, nil
	},
})

// particleFields is aos.cu's floats a particle.
const particleFields = 8

// eulerStep is aos.cu's update of one particle's fields (x y z vx vy vz m pad).
func eulerStep(q []float64) {
	f := -q[6] * 0.01
	for c := 0; c < 3; c++ {
		q[3+c] += f * q[c]
		q[c] += q[3+c] * 0.01
	}
}

var _ = register(&Family{
	Key: "aos", Title: "an Euler step of particles: array of structures, structure of arrays, structures as float4s", File: "aos.cu",
	Sizes: []int{1 << 18, 1 << 21}, Smoke: 1000,
	Variants: []Variant{
		one("array of structures", "aos_step", perElement(256), func(n int) []any { return []any{Buf(0), n} }),
		one("structure of arrays", "soa_step", perElement(256), func(n int) []any { return []any{Buf(1), n} }),
		one("structures as float4", "aos_float4_step", perElement(256), func(n int) []any { return []any{Buf(0), n} }),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		aos := randomFloats(rng, particleFields*n)
		soa := make([]float32, len(aos))
		aosWant, soaWant := make([]float64, len(aos)), make([]float64, len(aos))
		q := make([]float64, particleFields)
		for i := 0; i < n; i++ {
			for c := range q {
				q[c] = float64(aos[particleFields*i+c])
				soa[c*n+i] = aos[particleFields*i+c]
			}
			eulerStep(q)
			for c := range q {
				aosWant[particleFields*i+c], soaWant[c*n+i] = q[c], q[c]
			}
		}
		// A variant updates its layout's buffer and leaves the other as it was.
		both := func(updated int) func([]any) error {
			return func(o []any) error {
				wants := [2][]float64{f64(aos), f64(soa)}
				wants[updated] = [2][]float64{aosWant, soaWant}[updated]
				for b, w := range wants {
					if err := closeTo(o[b], w, 4*unit32, 1); err != nil {
						return fmt.Errorf("%s: %w", [2]string{"structures", "arrays"}[b], err)
					}
				}
				return nil
			}
		}
		return &Problem{Bufs: []any{aos, soa}, Outs: []int{0, 1},
			check: byVariant(map[string]func([]any) error{
				"array of structures": both(0), "structure of arrays": both(1), "structures as float4": both(0),
			})}, nil
	},
})

// strides are the strided family's variants.
var strides = []int{1, 2, 8, 32}

var _ = register(&Family{
	Key: "strided", Title: "out[i] = 2·in[s·i] for strides of 1, 2, 8 and 32 floats", File: "access.cu",
	Sizes: []int{1 << 18, 1 << 20}, Smoke: 1000,
	Variants: func() []Variant {
		var vs []Variant
		for _, s := range strides {
			vs = append(vs, one(fmt.Sprint("stride ", s), "access_strided", perElement(256),
				func(n int) []any { return []any{Buf(0), Buf(1), n, s} }))
		}
		return vs
	}(),
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		in := randomFloats(rng, n*strides[len(strides)-1])
		return &Problem{Bufs: []any{in, poison(n)}, Outs: []int{1},
			check: byVariant(accessChecks(n, strides, "stride ", func(i, s int) float32 { return in[i*s] }))}, nil
	},
})

// accessChecks are the checks of out[i] = 2·in[f(i, p)] for each
// parameter p of a variant named prefix+p.
func accessChecks(n int, params []int, prefix string, in func(i, p int) float32) map[string]func([]any) error {
	checks := map[string]func([]any) error{}
	for _, p := range params {
		want := make([]float64, n)
		for i := range want {
			want[i] = 2 * float64(in(i, p))
		}
		checks[fmt.Sprint(prefix, p)] = func(o []any) error { return closeTo(o[0], want, 0, 0) }
	}
	return checks
}

// offsets are the misaligned family's variants, in floats.
var offsets = []int{0, 1, 8}

var _ = register(&Family{
	Key: "misaligned", Title: "out[i] = 2·in[i+o] for offsets of 0, 1 and 8 floats from a 128-byte boundary", File: "access.cu",
	Sizes: []int{1 << 20, 1 << 22}, Smoke: 1000,
	Variants: func() []Variant {
		var vs []Variant
		for _, o := range offsets {
			vs = append(vs, one(fmt.Sprint("offset ", o), "access_offset", perElement(256),
				func(n int) []any { return []any{Buf(0), Buf(1), n, o} }))
		}
		return vs
	}(),
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		in := randomFloats(rng, n+offsets[len(offsets)-1])
		return &Problem{Bufs: []any{in, poison(n)}, Outs: []int{1},
			check: byVariant(accessChecks(n, offsets, "offset ", func(i, o int) float32 { return in[i+o] }))}, nil
	},
})

// gathers are the gather family's index patterns.
var gathers = []string{"identity", "shuffled in 1024", "random permutation"}

var _ = register(&Family{
	Key: "gather", Title: "out[i] = 2·in[idx[i]]: identity, shuffled within 1024 elements, a random permutation", File: "access.cu",
	Sizes: []int{1 << 20, 1 << 22}, Smoke: 5000,
	Variants: func() []Variant {
		var vs []Variant
		for k, name := range gathers {
			vs = append(vs, one(name, "access_gather", perElement(256),
				func(n int) []any { return []any{Buf(0), Buf(1 + k), Buf(4), n} }))
		}
		return vs
	}(),
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		in := randomFloats(rng, n)
		idx := [3][]int32{make([]int32, n), make([]int32, n), make([]int32, n)}
		for i := range idx[0] {
			idx[0][i], idx[1][i], idx[2][i] = int32(i), int32(i), int32(i)
		}
		for lo := 0; lo < n; lo += 1024 {
			part := idx[1][lo:min(lo+1024, n)]
			rng.Shuffle(len(part), func(a, b int) { part[a], part[b] = part[b], part[a] })
		}
		rng.Shuffle(n, func(a, b int) { idx[2][a], idx[2][b] = idx[2][b], idx[2][a] })
		checks := map[string]func([]any) error{}
		for k, name := range gathers {
			want := make([]float64, n)
			for i := range want {
				want[i] = 2 * float64(in[idx[k][i]])
			}
			checks[name] = func(o []any) error { return closeTo(o[0], want, 0, 0) }
		}
		return &Problem{Bufs: []any{in, idx[0], idx[1], idx[2], poison(n)}, Outs: []int{4}, check: byVariant(checks)}, nil
	},
})

// perVector launches a thread per w elements.
func perVector(w int) func(n int) (cudalib.Dim3, cudalib.Dim3) {
	return func(n int) (cudalib.Dim3, cudalib.Dim3) { return perElement(256)(n / w) }
}

var _ = register(&Family{
	Key: "vecwidth", Title: "out = 2·in with 4-, 8- and 16-byte accesses (float, float2, float4)", File: "access.cu",
	Sizes: []int{1 << 20, 1 << 24}, Smoke: 1000,
	Variants: []Variant{
		one("float", "copy_float", perVector(1), inOutN),
		one("float2", "copy_float2", perVector(2), inOutN),
		one("float4", "copy_float4", perVector(4), inOutN),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		if n%4 != 0 {
			return nil, fmt.Errorf("%d elements: want a multiple of 4", n)
		}
		in := randomFloats(rng, n)
		want := make([]float64, n)
		for i, x := range in {
			want[i] = 2 * float64(x)
		}
		return &Problem{Bufs: []any{in, poison(n)}, Outs: []int{1},
			check: func(_ string, o []any) error { return closeTo(o[0], want, 0, 0) }}, nil
	},
})
