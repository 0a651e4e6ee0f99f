package zoo

import (
	"math"
	"math/rand/v2"

	"github.com/culab/culab/cudalib"
)

// seg is the segment each block of reduce and scan works on.
const seg = 512

// inOutN are the arguments (in, out, n) of the kernels over one input and
// one output buffer.
func inOutN(n int) []any { return []any{Buf(0), Buf(1), n} }

var _ = register(&Family{
	Key: "reduce", Title: "block sums of 512 elements: the reduction ladder", File: "reduce.cu",
	Sizes: []int{1 << 16, 1 << 20, 1 << 22}, Smoke: 5000,
	Variants: []Variant{
		one("divergent tree", "reduce_divergent", segments(seg), inOutN),
		one("strided index", "reduce_strided", segments(seg), inOutN),
		one("sequential addressing", "reduce_sequential", segments(seg), inOutN),
		one("first add + shuffles", "reduce_shuffle", segments(seg/2), inOutN),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		in := randomFloats(rng, n)
		want := make([]float64, ceilDiv(n, seg))
		for i, x := range in {
			want[i/seg] += float64(x)
		}
		return &Problem{Bufs: []any{in, poison(len(want))}, Outs: []int{1},
			check: func(_ string, o []any) error { return closeTo(o[0], want, sumTol(seg), math.Sqrt(seg)) }}, nil
	},
})

// segments launches a block of block threads per segment of seg elements.
func segments(block int) func(n int) (cudalib.Dim3, cudalib.Dim3) {
	return func(n int) (cudalib.Dim3, cudalib.Dim3) { return cudalib.D1(ceilDiv(n, seg)), cudalib.D1(block) }
}

var _ = register(&Family{
	Key: "scan", Title: "inclusive scans of 512-element segments: Hillis–Steele, Blelloch, warp shuffles", File: "scan.cu",
	Sizes: []int{1 << 16, 1 << 20, 1 << 22}, Smoke: 5000,
	Variants: []Variant{
		one("Hillis-Steele", "scan_hillis", segments(seg), inOutN),
		one("Blelloch", "scan_blelloch", segments(seg/2), inOutN),
		one("warp shuffles", "scan_shuffle", segments(seg), inOutN),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		in := randomFloats(rng, n)
		want := make([]float64, n)
		s := 0.0
		for i, x := range in {
			if i%seg == 0 {
				s = 0
			}
			s += float64(x)
			want[i] = s
		}
		return &Problem{Bufs: []any{in, poison(n)}, Outs: []int{1},
			check: func(_ string, o []any) error { return closeTo(o[0], want, sumTol(seg), math.Sqrt(seg)) }}, nil
	},
})

var _ = register(&Family{
	Key: "warpsum", Title: "sums of 32 consecutive elements, one warp each: shared memory vs shuffles", File: "warpsum.cu",
	Sizes: []int{1 << 20, 1 << 22}, Smoke: 5000,
	Variants: []Variant{
		one("shared memory", "warpsum_shared", perElement(256), inOutN),
		one("shfl_down", "warpsum_down", perElement(256), inOutN),
		one("shfl_xor", "warpsum_xor", perElement(256), inOutN),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		in := randomFloats(rng, n)
		want := make([]float64, ceilDiv(n, 32))
		for i, x := range in {
			want[i/32] += float64(x)
		}
		return &Problem{Bufs: []any{in, poison(len(want))}, Outs: []int{1},
			check: func(_ string, o []any) error { return closeTo(o[0], want, sumTol(32), math.Sqrt(32)) }}, nil
	},
})
