package zoo

import (
	"fmt"
	"math"
	"math/cmplx"
	"math/rand/v2"

	"github.com/culab/culab/cudalib"
)

// The blind set's families over grids and signals: alignment by dynamic
// programming, resampling, cellular automata, k-means, FFT.

// nwL is nw.cu's sequence length; nwGap its gap penalty.
const nwL, nwGap = 64, 2

// nwLastRow is the last row of the Needleman–Wunsch score matrix of a
// against b.
func nwLastRow(a, b []int32) []int32 {
	row := make([]int32, len(b)+1)
	for j := range row {
		row[j] = -nwGap * int32(j)
	}
	for i, ai := range a {
		diag := row[0]
		row[0] = -nwGap * int32(i+1)
		for j, bj := range b {
			sub := int32(-1)
			if ai == bj {
				sub = 1
			}
			up := row[j+1]
			row[j+1] = max(diag+sub, max(up, row[j])-nwGap)
			diag = up
		}
	}
	return row[1:]
}

var _ = registerBlind(&Family{
	Key: "nw", Title: "Needleman–Wunsch scores of pairs of 64-letter sequences: a thread a pair (row in local or shared memory), a block a pair by anti-diagonals", File: "blind/nw.cu",
	Sizes: []int{1024, 8192}, Smoke: 100,
	Variants: []Variant{
		one("thread a pair, local row", "nw_thread_local", perElement(64), abc),
		one("thread a pair, shared row", "nw_thread_shared", perElement(64), abc),
		one("block a pair, wavefront", "nw_wavefront", func(n int) (cudalib.Dim3, cudalib.Dim3) { return cudalib.D1(n), cudalib.D1(nwL) }, abc),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		a, b := randomInts(rng, n*nwL, 0, 4), randomInts(rng, n*nwL, 0, 4)
		// Half the pairs are related: b copies a with a letter in four changed.
		for p := 0; p < n; p += 2 {
			for j := p * nwL; j < (p+1)*nwL; j++ {
				if rng.IntN(4) != 0 {
					b[j] = a[j]
				}
			}
		}
		want := make([]int32, 0, n*nwL)
		for p := range n {
			want = append(want, nwLastRow(a[p*nwL:(p+1)*nwL], b[p*nwL:(p+1)*nwL])...)
		}
		return &Problem{Bufs: []any{a, b, poisonInts(n * nwL)}, Outs: []int{2},
			check: func(_ string, o []any) error { return equalInts(o[0], want) }}, nil
	},
})

// resizeFrom is the side of the image resized to n×n.
func resizeFrom(n int) int { return n * 3 / 5 }

// resample is the n×n resampling of the m×m image in through weights(t),
// the taps' weights at fraction t, taps starting first below the pixel.
func resample(in []float32, m, n int, first int, weights func(t float64) []float64) []float64 {
	coord := func(o int) float64 {
		return math.Min(math.Max((float64(o)+0.5)*float64(m)/float64(n)-0.5, 0), float64(m-1))
	}
	clamp := func(v int) int { return min(max(v, 0), m-1) }
	out := make([]float64, n*n)
	for oy := range n {
		fy := coord(oy)
		y0 := int(fy)
		if first == 0 {
			y0 = min(y0, m-2) // bilinear: the last pixel pair
		}
		wy := weights(fy - float64(y0))
		for ox := range n {
			fx := coord(ox)
			x0 := int(fx)
			if first == 0 {
				x0 = min(x0, m-2)
			}
			wx := weights(fx - float64(x0))
			s := 0.0
			for dy, w := range wy {
				row := in[clamp(y0+dy-first)*m:]
				for dx, v := range wx {
					s += w * v * float64(row[clamp(x0+dx-first)])
				}
			}
			out[oy*n+ox] = s
		}
	}
	return out
}

var _ = registerBlind(&Family{
	Key: "resize", Title: "upsampling an image by 5/3 by hand: bilinear (4 taps) vs bicubic Catmull–Rom (16 taps)", File: "blind/resize.cu",
	Sizes: []int{1024, 3072}, Smoke: 77,
	Variants: []Variant{
		one("bilinear", "resize_bilinear", grid2D(32, 8, same, same), func(n int) []any { return []any{Buf(0), Buf(1), resizeFrom(n), n} }),
		one("bicubic", "resize_bicubic", grid2D(32, 8, same, same), func(n int) []any { return []any{Buf(0), Buf(1), resizeFrom(n), n} }),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		m := resizeFrom(n)
		if m < 4 {
			return nil, fmt.Errorf("%d pixels: want at least 7", n)
		}
		in := randomFloats(rng, m*m)
		linear := resample(in, m, n, 0, func(t float64) []float64 { return []float64{1 - t, t} })
		cubic := resample(in, m, n, 1, func(t float64) []float64 {
			return []float64{((-0.5*t+1)*t - 0.5) * t, (1.5*t-2.5)*t*t + 1, ((-1.5*t+2)*t + 0.5) * t, (0.5*t - 0.5) * t * t}
		})
		// The GPU computes the coordinates in float: their fraction is off
		// by up to 2⁻²³·m.
		tol := 8 * float64(m) * unit32
		return &Problem{Bufs: []any{in, poison(n * n)}, Outs: []int{1},
			check: byVariant(map[string]func([]any) error{
				"bilinear": func(o []any) error { return closeTo(o[0], linear, tol, 1) },
				"bicubic":  func(o []any) error { return closeTo(o[0], cubic, tol, 1) },
			})}, nil
	},
})

// lifeStep is one generation on the n×n torus.
func lifeStep(b []int32, n int) []int32 {
	out := make([]int32, n*n)
	for y := range n {
		for x := range n {
			c := int32(0)
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if dx != 0 || dy != 0 {
						c += b[(y+dy+n)%n*n+(x+dx+n)%n]
					}
				}
			}
			if c == 3 || (c == 2 && b[y*n+x] == 1) {
				out[y*n+x] = 1
			}
		}
	}
	return out
}

// pack is the board 32 cells a word, bit b of word w cell 32w + b.
func pack(b []int32) []uint32 {
	p := make([]uint32, len(b)/32)
	for i, c := range b {
		p[i/32] |= uint32(c) << (i % 32)
	}
	return p
}

func lifeArgs(n int) []any { return []any{Buf(0), Buf(2), n} }

var _ = registerBlind(&Family{
	Key: "life", Title: "a Game of Life generation on a torus: an int a cell from global memory or a shared tile, 32 cells a word by bit-sliced adders", File: "blind/life.cu",
	Sizes: []int{1024, 4096}, Smoke: 96,
	Variants: []Variant{
		one("global, int cells", "life_global", grid2D(32, 8, same, same), lifeArgs),
		one("shared tile, int cells", "life_shared", grid2D(32, 8, same, same), lifeArgs),
		one("bit-packed words", "life_packed", grid2D(32, 8, func(n int) int { return n / 32 }, same),
			func(n int) []any { return []any{Buf(1), Buf(3), n} }),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		if n%32 != 0 {
			return nil, fmt.Errorf("%d cells a side: want a multiple of 32", n)
		}
		board := make([]int32, n*n)
		for i := range board {
			if rng.IntN(3) == 0 {
				board[i] = 1
			}
		}
		want := lifeStep(board, n)
		packed, wantPacked := pack(board), pack(want)
		garbage := make([]uint32, len(packed))
		for i, w := range wantPacked {
			garbage[i] = ^w
		}
		return &Problem{Bufs: []any{board, packed, poisonInts(n * n), garbage}, Outs: []int{2, 3},
			check: byVariant(map[string]func([]any) error{
				"global, int cells":      func(o []any) error { return equalInts(o[0], want) },
				"shared tile, int cells": func(o []any) error { return equalInts(o[0], want) },
				"bit-packed words":       func(o []any) error { return equalInts(o[1], wantPacked) },
			})}, nil
	},
})

// kmD and kmK are kmeans.cu's dimensions and centroids.
const kmD, kmK = 8, 32

var _ = registerBlind(&Family{
	Key: "kmeans", Title: "k-means assignment of 8-d points to 32 centroids: centroids from global or shared memory, points as structures or arrays", File: "blind/kmeans.cu",
	Sizes: []int{1 << 18, 1 << 20}, Smoke: 1000,
	Variants: []Variant{
		one("centroids global", "kmeans_global", perElement(256), func(n int) []any { return []any{Buf(0), Buf(2), Buf(3), n} }),
		one("centroids shared", "kmeans_shared", perElement(256), func(n int) []any { return []any{Buf(0), Buf(2), Buf(3), n} }),
		one("centroids shared, points as arrays", "kmeans_soa_shared", perElement(256), func(n int) []any { return []any{Buf(1), Buf(2), Buf(3), n} }),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		aos, cent := randomFloats(rng, kmD*n), randomFloats(rng, kmD*kmK)
		soa := make([]float32, kmD*n)
		for i := range n {
			for d := range kmD {
				soa[d*n+i] = aos[i*kmD+d]
			}
		}
		dist := func(i, c int) float64 {
			s := 0.0
			for d := range kmD {
				t := float64(aos[i*kmD+d]) - float64(cent[c*kmD+d])
				s += t * t
			}
			return s
		}
		// Near ties may go either way in float: a point's centroid must be
		// within rounding of the nearest.
		return &Problem{Bufs: []any{aos, soa, cent, poisonInts(n)}, Outs: []int{3},
			check: func(_ string, o []any) error {
				got, ok := o[0].([]int32)
				if !ok || len(got) != n {
					return fmt.Errorf("output %T of %d", o[0], len(got))
				}
				for i, c := range got {
					if c < 0 || c >= kmK {
						return fmt.Errorf("point %d: centroid %d", i, c)
					}
					best := math.Inf(1)
					for k := range kmK {
						best = math.Min(best, dist(i, k))
					}
					if d := dist(i, int(c)); d > best+1e-5*(1+best) {
						return fmt.Errorf("point %d: centroid %d at %g, the nearest at %g", i, c, d, best)
					}
				}
				return nil
			}}, nil
	},
})

// fftN is fft.cu's transform length.
const fftN = 1024

// fft is the forward DFT of x (a power of two long), by recursion.
func fft(x []complex128) []complex128 {
	n := len(x)
	if n == 1 {
		return []complex128{x[0]}
	}
	even, odd := make([]complex128, n/2), make([]complex128, n/2)
	for i := range n / 2 {
		even[i], odd[i] = x[2*i], x[2*i+1]
	}
	e, o := fft(even), fft(odd)
	out := make([]complex128, n)
	for k := range n / 2 {
		w := cmplx.Exp(complex(0, -2*math.Pi*float64(k)/float64(n))) * o[k]
		out[k], out[k+n/2] = e[k]+w, e[k]-w
	}
	return out
}

// fftStages is the bit reversal, then a launch per stage.
func fftStages(n int) []Step {
	g, b := perElement(256)(n)
	s := []Step{{Kernel: "fft_bitrev", Grid: g, Block: b, Args: []any{Buf(0), Buf(1), n}}}
	hg, hb := perElement(256)(n / 2)
	for h := 1; h < fftN; h *= 2 {
		s = append(s, Step{Kernel: "fft_stage", Grid: hg, Block: hb, Args: []any{Buf(1), n, h}})
	}
	return s
}

func fftBlocks(n int) (cudalib.Dim3, cudalib.Dim3) { return cudalib.D1(n / fftN), cudalib.D1(fftN / 2) }

func fftArgs(n int) []any { return []any{Buf(0), Buf(1), Buf(2), n} }

var _ = registerBlind(&Family{
	Key: "fft", Title: "batched 1024-point complex FFTs: a launch per radix-2 stage in global memory, a block a transform in shared memory (twiddles computed or from a table)", File: "blind/fft.cu",
	Sizes: []int{1 << 18, 1 << 22}, Smoke: 1 << 12,
	Variants: []Variant{
		{Name: "global, a launch per stage", steps: fftStages},
		one("shared, twiddles computed", "fft_shared", fftBlocks, fftArgs),
		one("shared, twiddle table", "fft_shared_table", fftBlocks, fftArgs),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		if n%fftN != 0 {
			return nil, fmt.Errorf("%d points: want a multiple of %d", n, fftN)
		}
		in := randomFloats(rng, 2*n)
		want := make([]float64, 0, 2*n)
		x := make([]complex128, fftN)
		for base := 0; base < n; base += fftN {
			for j := range x {
				x[j] = complex(float64(in[2*(base+j)]), float64(in[2*(base+j)+1]))
			}
			for _, v := range fft(x) {
				want = append(want, real(v), imag(v))
			}
		}
		tw := make([]float32, fftN)
		for j := range fftN / 2 {
			s, c := math.Sincos(-2 * math.Pi * float64(j) / fftN)
			tw[2*j], tw[2*j+1] = float32(c), float32(s)
		}
		return &Problem{Bufs: []any{in, poison(2 * n), tw}, Outs: []int{1},
			check: func(_ string, o []any) error { return closeTo(o[0], want, 1e-5, math.Sqrt(2*fftN)) }}, nil
	},
})
