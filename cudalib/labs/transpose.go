package labs

import (
	_ "embed"
	"fmt"
	"math/rand/v2"

	"github.com/culab/culab/cudalib"
)

//go:embed cuda/transpose.cu
var transposeSource string

// Transpose is seed 004's bank-conflict micro-benchmark.
var Transpose = register(&Lab{
	Key:     "transpose",
	Title:   "Bank conflicts: shared-memory transpose",
	Seed:    "004",
	Summary: "A transpose through a 32×32 shared tile makes both global read and write coalesced, but reads the tile down a column: a 32-way bank conflict, removed by padding the rows to 33.",
	File:    "transpose.cu",
	Source:  transposeSource,

	SizeName:     "n",
	Sizes:        []int{1024, 2048, 4096, 8192},
	smoke:        []int{100, 1, 33, 257},
	VirtualSizes: []int{256, 512, 1024, 2048, 4096},
	Baseline:     "naive",
	Variants: []Variant{
		{Name: "naive", Kernels: []string{"transpose_naive"}, Launch: "<<<(ceil(n/32),ceil(n/8)), (32,8)>>>",
			Note: "coalesced reads, writes n floats apart",
			config: func(g *gpuRun, _ *cudalib.Kernel) (cudalib.Config, error) {
				return cudalib.Config{Grid: cudalib.D2(ceilDiv(g.n, 32), ceilDiv(g.n, 8)), Block: cudalib.D2(32, 8)}, nil
			}},
		{Name: "shared tile, 32-way conflicts", Kernels: []string{"transpose_tiled<32>"}, Launch: "<<<(ceil(n/32),ceil(n/32)), (32,8)>>>",
			Note:   "both sides coalesced; the tile is read down a column in one bank",
			config: tiles(32, 32, 8)},
		{Name: "shared tile, padded 33", Kernels: []string{"transpose_tiled<33>"}, Launch: "<<<(ceil(n/32),ceil(n/32)), (32,8)>>>",
			Note:   "rows of 33 floats: the column read hits 32 banks",
			config: tiles(32, 32, 8)},
	},

	MetricName:    "bandwidth",
	MetricUnit:    "GB/s",
	MetricFormula: "2·4·n² bytes / time (read and write every float once)",
	work:          func(n int) float64 { return 2 * 4 * float64(n) * float64(n) / 1e9 },
	ceiling:       peakBandwidth,

	setup:          newTranspose,
	readOnlyInputs: true, // its kernels take their inputs const
	args:           outsInsN,
})

func newTranspose(n int, rng *rand.Rand) (*problem, error) {
	if n > maxMatrix {
		return nil, fmt.Errorf("n = %d: at most %d", n, maxMatrix)
	}
	in := randomFloat32s(rng, n*n)
	cpuOut := touched32(n * n)
	return &problem{
		in:     []array{f32(in)},
		out:    []array{make(f32, n*n)},
		cpuOut: []array{f32(cpuOut)},
		cpu:    func(stop *deadline) bool { return transposeCPU(stop, cpuOut, in, n) },
		ref: func(bool) ([]reference, error) {
			return []reference{{want: widen(transpose32(in, n)), tol: exact}}, nil
		},
	}, nil
}

// transposeCPU is the CPU baseline: the naive double loop, rows spread
// over every core. A nil stop never stops it.
func transposeCPU(stop *deadline, out, in []float32, n int) bool {
	return parallelChunks(stop, n, 64, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			for j := range n {
				out[j*n+i] = in[i*n+j]
			}
		}
	})
}

// transpose32 returns the transpose of the n×n row-major matrix m.
func transpose32(m []float32, n int) []float32 {
	t := make([]float32, n*n)
	transposeCPU(nil, t, m, n)
	return t
}
