package zoo

import (
	"math"
	"math/rand/v2"

	"github.com/culab/culab/cudalib"
)

var _ = register(&Family{
	Key: "jacobi2d", Title: "5-point Jacobi step: global memory, shared tile with halo, a column of 8 points a thread", File: "jacobi2d.cu",
	Sizes: []int{512, 2048, 4096}, Smoke: 77,
	Variants: []Variant{
		one("global", "jacobi_global", grid2D(32, 8, same, same), inOutN),
		one("shared tile 32×8", "jacobi_shared", grid2D(32, 8, same, same), inOutN),
		one("columns of 8", "jacobi_columns", grid2D(128, 1, same, func(n int) int { return ceilDiv(n, 8) }), inOutN),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		u := randomFloats(rng, n*n)
		want := make([]float64, n*n)
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				i := y*n + x
				if x == 0 || y == 0 || x == n-1 || y == n-1 {
					want[i] = float64(u[i])
					continue
				}
				want[i] = 0.25 * float64(u[i-1]+u[i+1]+u[i-n]+u[i+n])
			}
		}
		return &Problem{Bufs: []any{u, poison(n * n)}, Outs: []int{1},
			check: func(_ string, o []any) error { return closeTo(o[0], want, 8*unit32, 1) }}, nil
	},
})

// convArgs are the convolutions' arguments (in, w, out, n).
func convArgs(n int) []any { return []any{Buf(0), Buf(1), Buf(2), n} }

// conv1dR is conv1d.cu's filter radius.
const conv1dR = 8

var _ = register(&Family{
	Key: "conv1d", Title: "1D convolution, 17 taps: global, shared signal tile, shared taps too", File: "conv1d.cu",
	Sizes: []int{1 << 16, 1 << 20, 1 << 22}, Smoke: 1000,
	Variants: []Variant{
		one("global", "conv1d_global", perElement(256), convArgs),
		one("shared tile", "conv1d_tile", perElement(256), convArgs),
		one("shared tile and taps", "conv1d_tile_taps", perElement(256), convArgs),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		in, w := randomFloats(rng, n), randomFloats(rng, 2*conv1dR+1)
		want := make([]float64, n)
		for i := range want {
			for k := -conv1dR; k <= conv1dR; k++ {
				if i+k >= 0 && i+k < n {
					want[i] += float64(w[k+conv1dR]) * float64(in[i+k])
				}
			}
		}
		return &Problem{Bufs: []any{in, w, poison(n)}, Outs: []int{2},
			check: func(_ string, o []any) error { return closeTo(o[0], want, sumTol(2*conv1dR+1), math.Sqrt(2*conv1dR+1)) }}, nil
	},
})

// conv2dR is conv2d.cu's filter radius, conv2dB its tile.
const conv2dR, conv2dB = 2, 16

var _ = register(&Family{
	Key: "conv2d", Title: "2D convolution, 5×5 filter: global, shared tile with halo, two outputs a thread", File: "conv2d.cu",
	Sizes: []int{512, 2048, 4096}, Smoke: 77,
	Variants: []Variant{
		one("global", "conv2d_global", grid2D(conv2dB, conv2dB, same, same), convArgs),
		one("shared tile", "conv2d_tile", grid2D(conv2dB, conv2dB, same, same), convArgs),
		one("shared tile, 2 outputs a thread", "conv2d_tile2", func(n int) (cudalib.Dim3, cudalib.Dim3) {
			return cudalib.D2(ceilDiv(n, conv2dB), ceilDiv(n, conv2dB)), cudalib.D2(conv2dB, conv2dB/2)
		}, convArgs),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		const taps = 2*conv2dR + 1
		in, w := randomFloats(rng, n*n), randomFloats(rng, taps*taps)
		want := make([]float64, n*n)
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				s := 0.0
				for dy := -conv2dR; dy <= conv2dR; dy++ {
					for dx := -conv2dR; dx <= conv2dR; dx++ {
						xx, yy := x+dx, y+dy
						if xx >= 0 && xx < n && yy >= 0 && yy < n {
							s += float64(w[(dy+conv2dR)*taps+dx+conv2dR]) * float64(in[yy*n+xx])
						}
					}
				}
				want[y*n+x] = s
			}
		}
		return &Problem{Bufs: []any{in, w, poison(n * n)}, Outs: []int{2},
			check: func(_ string, o []any) error { return closeTo(o[0], want, sumTol(taps*taps), taps) }}, nil
	},
})
