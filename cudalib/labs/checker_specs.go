package labs

import (
	"fmt"
	"math/rand/v2"

	"github.com/culab/culab/cudalib"
)

// The ready-made specs of the labs' problems. Each names the kernel
// declaration it expects; every kernel takes its outputs first, as the
// labs' kernels do.

// VecAddSpec: out[i] = a[i] + b[i] for n floats, one thread per element
// (<<<ceil(n/256), 256>>>).
func VecAddSpec() Spec {
	return Spec{
		Name:      "vector addition",
		Signature: "vecadd(float *out, const float *a, const float *b, int n)",
		Args: func(n int, rng *rand.Rand) []Arg {
			return []Arg{Out(n), In(RandomFloat32s(rng, n)), In(RandomFloat32s(rng, n)), Scalar(n)}
		},
		Reference: func(a []any) {
			out, x, y := a[0].([]float32), a[1].([]float32), a[2].([]float32)
			for i := range out {
				out[i] = x[i] + y[i]
			}
		},
		Large: 1 << 24, LargeVirtual: 1 << 18,
	}
}

// MatMulSpec: C = A·B for n×n row-major floats, one thread per element of
// C in tile×tile blocks (<<<(ceil(n/tile), ceil(n/tile)), (tile, tile)>>>;
// threadIdx.x walks columns). n runs over sizes that are not multiples of
// the tile, so a tiled kernel must zero-pad its edge tiles.
func MatMulSpec(tile int) Spec {
	if tile <= 0 {
		tile = 16
	}
	return Spec{
		Name:      fmt.Sprintf("matrix multiply, %d×%d tiles", tile, tile),
		Signature: "matmul(float *c, const float *a, const float *b, int n)",
		Args: func(n int, rng *rand.Rand) []Arg {
			return []Arg{Out(n * n), In(RandomFloat32s(rng, n*n)), In(RandomFloat32s(rng, n*n)), Scalar(n)}
		},
		Reference: func(a []any) {
			c, x, y, n := a[0].([]float32), a[1].([]float32), a[2].([]float32), a[3].(int)
			matmulRef(c, x, y, n)
		},
		Launch: func(n int) cudalib.Config {
			g := (n + tile - 1) / tile
			return cudalib.Config{Grid: cudalib.D2(g, g), Block: cudalib.D2(tile, tile)}
		},
		// The sanitizer tracks every shared-memory access of the tiles:
		// n³ of them, so the virtual GPU's sizes stay small.
		Sizes: []int{1, 31, 32, 33, 47},
		Large: 512, LargeVirtual: 64,
		// A float32 dot product of n random terms is off by about n units
		// of roundoff; one missing term (≥ 0.25) is still far outside.
		Tol: func(n int) Tolerances {
			t := DefaultTolerances()
			t.F32.Abs += 1e-6 * float64(n)
			return t
		},
	}
}

// matmulRef is C = A·B with float64 sums, rounded once.
func matmulRef(c, a, b []float32, n int) {
	row := make([]float64, n)
	for i := range n {
		clear(row)
		for k := range n {
			aik := float64(a[i*n+k])
			for j, bkj := range b[k*n : k*n+n] {
				row[j] += aik * float64(bkj)
			}
		}
		for j, v := range row {
			c[i*n+j] = float32(v)
		}
	}
}

// grad1dCheckBlock is Grad1DSpec's block size.
const grad1dCheckBlock = 256

// Grad1DSpec: out[i] = (in[i−1] − 2·in[i] + in[i+1]) · inv_h2 with a
// periodic boundary (in[−1] is in[n−1], in[n] is in[0]), the second
// difference of lab 02, one thread per element (<<<ceil(n/256), 256>>>)
// with (256+2)·4 bytes of dynamic shared memory for a kernel that stages
// its block and halo there.
func Grad1DSpec() Spec {
	const invH2 = float32(4) // not 1, so a kernel that forgets it fails
	return Spec{
		Name:      "second difference, periodic",
		Signature: "grad1d(float *out, const float *in, int n, float inv_h2)",
		Args: func(n int, rng *rand.Rand) []Arg {
			return []Arg{Out(n), In(RandomFloat32s(rng, n)), Scalar(n), Scalar(invH2)}
		},
		Reference: func(a []any) {
			out, in, n, s := a[0].([]float32), a[1].([]float32), a[2].(int), float64(a[3].(float32))
			for i := range out {
				l, r := in[(i+n-1)%n], in[(i+1)%n]
				out[i] = float32((float64(l) - 2*float64(in[i]) + float64(r)) * s)
			}
		},
		Launch: func(n int) cudalib.Config {
			cfg := cudalib.Linear(n, grad1dCheckBlock)
			cfg.Shared = (grad1dCheckBlock + 2) * 4
			return cfg
		},
		Block: grad1dCheckBlock,
		Large: 1 << 24, LargeVirtual: 1 << 18,
	}
}

// TransposeSpec: out[x][y] = in[y][x] for n×n row-major floats, 32×32
// tiles in (32, 8) blocks, as the lab's transpose_tiled: launch
// <<<(ceil(n/32), ceil(n/32)), (32, 8)>>>, block (bx, by) moves the tile of
// in at columns 32·bx… and rows 32·by…, thread (x, y) its column x and rows
// y, y+8, y+16, y+24. A copy: exact.
func TransposeSpec() Spec {
	return Spec{
		Name:      "matrix transpose, 32×32 tiles",
		Signature: "transpose(float *out, const float *in, int n)",
		Args: func(n int, rng *rand.Rand) []Arg {
			return []Arg{Out(n * n), In(RandomFloat32s(rng, n*n)), Scalar(n)}
		},
		Reference: func(a []any) {
			out, in, n := a[0].([]float32), a[1].([]float32), a[2].(int)
			for y := range n {
				for x := range n {
					out[x*n+y] = in[y*n+x]
				}
			}
		},
		Launch: func(n int) cudalib.Config {
			g := (n + 31) / 32
			return cudalib.Config{Grid: cudalib.D2(g, g), Block: cudalib.D2(32, 8)}
		},
		Sizes: []int{1, 31, 32, 33, 97, 100},
		Large: 2048, LargeVirtual: 512,
		Tol: func(int) Tolerances { return Tolerances{} },
	}
}

// reduceCheckBlock is ReduceSpec's block size.
const reduceCheckBlock = 256

// ReduceSpec: a sum reduction's first pass. Each block of 256 threads
// (<<<ceil(n/256), 256>>>) writes the sum of its 256 elements to
// partial[blockIdx.x] (the last block sums what is left of in), so the
// output is ceil(n/256) partial sums; the host or a second launch adds
// those. Per-block partials need no atomics and no zeroed output, so every
// partial a kernel forgets stays poisoned and fails.
func ReduceSpec() Spec {
	return Spec{
		Name:      "sum reduction, one partial sum per 256-thread block",
		Signature: "reduce(float *partial, const float *in, int n)",
		Args: func(n int, rng *rand.Rand) []Arg {
			return []Arg{Out((n + reduceCheckBlock - 1) / reduceCheckBlock), In(RandomFloat32s(rng, n)), Scalar(n)}
		},
		Reference: func(a []any) {
			partial, in := a[0].([]float32), a[1].([]float32)
			for b := range partial {
				var s float64
				for _, x := range in[b*reduceCheckBlock : min(len(in), (b+1)*reduceCheckBlock)] {
					s += float64(x)
				}
				partial[b] = float32(s)
			}
		},
		Block: reduceCheckBlock,
		Large: 1 << 24, LargeVirtual: 1 << 18,
		// A float32 sum of 256 terms of size ~1 in any order is off by a
		// few units of roundoff of 256; a missing term is off by ≥ 0.5.
		Tol: func(int) Tolerances {
			t := DefaultTolerances()
			t.F32.Abs = 1e-4
			return t
		},
	}
}
