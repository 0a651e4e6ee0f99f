package labs

import (
	_ "embed"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"

	"github.com/culab/culab/cudalib"
)

//go:embed cuda/matmul.cu
var matmulSource string

// maxMatrix bounds n for n×n matrices so that int indices i*n + j stay
// below 2³¹ in the kernels.
const maxMatrix = 16384

// matmulSamples is how many entries are checked against float64 dot
// products when the full float64 reference would take too long.
const matmulSamples = 1024

// MatMul is seed 001's matrix multiply.
var MatMul = register(&Lab{
	Key:     "matmul",
	Title:   "Matrix multiply",
	Seed:    "001",
	Summary: "C = A·B for n×n floats: one block, a grid-stride loop, one thread per element, and shared-memory tiles.",
	File:    "matmul.cu",
	Source:  matmulSource,

	SizeName:     "n",
	Sizes:        []int{256, 512, 1024, 2048},
	smoke:        []int{100, 1, 33, 257},
	VirtualSizes: []int{128, 256, 512},
	Baseline:     "one block 16×16",
	Variants: []Variant{
		{Name: "one block 16×16", Kernels: []string{"mm_block"}, Launch: "<<<1, (16,16)>>>",
			Note:   "block-stride loops: the whole product on one SM",
			config: fixed(cudalib.D2(1, 1), cudalib.D2(16, 16)), virtualMax: 512},
		{Name: "16×16 blocks, grid-stride", Kernels: []string{"mm_grid"}, Launch: "<<<(16,16), (16,16)>>>",
			Note:   "the seed's fixed grid: each thread loops over (n/256)² elements",
			config: fixed(cudalib.D2(16, 16), cudalib.D2(16, 16)), virtualMax: 512},
		{Name: "one thread per element", Kernels: []string{"mm_grid"}, Launch: "<<<(ceil(n/16),ceil(n/16)), (16,16)>>>",
			Note:   "the same kernel with a grid that covers C: the naive kernel",
			config: tiles(16, 16, 16)},
		{Name: "shared tiles 16×16", Kernels: []string{"mm_tiled<16>"}, Launch: "<<<(ceil(n/16),ceil(n/16)), (16,16)>>>",
			Note:   "each tile of A and B loaded once per block into shared memory",
			config: tiles(16, 16, 16)},
		{Name: "shared tiles 32×32", Kernels: []string{"mm_tiled<32>"}, Launch: "<<<(ceil(n/32),ceil(n/32)), (32,32)>>>",
			Note:   "the seed's tile size, for any n (zero-padded edge tiles)",
			config: tiles(32, 32, 32)},
	},

	MetricName:    "throughput",
	MetricUnit:    "GFLOP/s",
	MetricFormula: "2·n³ flops / time (one multiply and one add per term)",
	work:          func(n int) float64 { return 2 * cube(n) / 1e9 },
	Notes: []string{
		"CPU column: the naive triple loop in float32 (i-k-j order), the report's serial baseline with its rows spread over every core.",
		"Where the CPU reference is over the cap, the check compares a random sample of entries (and the corners) with float64 dot products.",
	},

	setup:          func(n int, rng *rand.Rand) (*problem, error) { return newMatMul(n, rng, false) },
	readOnlyInputs: true, // its kernels take their inputs const
	args:           outsInsN,
})

func cube(n int) float64 { return float64(n) * float64(n) * float64(n) }

// newMatMul makes random n×n A and B; C = A·B is the output. With
// colMajorA the device gets A column-major (the bank-conflict lab); the
// CPU and the references always use row-major A.
func newMatMul(n int, rng *rand.Rand, colMajorA bool) (*problem, error) {
	if n > maxMatrix {
		return nil, fmt.Errorf("n = %d: at most %d", n, maxMatrix)
	}
	a, b := randomFloat32s(rng, n*n), randomFloat32s(rng, n*n)
	devA := a
	if colMajorA {
		devA = transpose32(a, n)
	}
	sampleSeed := rng.Uint64()
	cpuOut := touched32(n * n)
	// Bᵀ, made once for the size's sampled checks: a dot product then
	// walks two rows instead of a column of B.
	transposedB := sync.OnceValue(func() []float32 { return transpose32(b, n) })
	return &problem{
		in:     []array{f32(devA), f32(b)},
		out:    []array{make(f32, n*n)},
		cpuOut: []array{f32(cpuOut)},
		cpu:    func(stop *deadline) bool { return matmulCPU(stop, cpuOut, a, b, n) },
		ref: func(cpuDone bool) ([]reference, error) {
			// The full float64 product costs as much as the CPU baseline:
			// affordable exactly when the baseline finished within the cap.
			if cpuDone {
				return []reference{{want: matmul64(a, b, n), tol: sumTolerance(n)}}, nil
			}
			return []reference{matmulSample(a, b, n, rand.New(rand.NewPCG(sampleSeed, 0)))}, nil
		},
		refAt: func(_ int, idx []int) reference {
			bt := transposedB()
			return reference{want: matmulAt(a, bt, n, idx), idx: idx, tol: sumTolerance(n), how: "vs float64 dot products"}
		},
	}, nil
}

// matmulCPU is the CPU baseline: the naive triple loop in float32, in
// i-k-j order so the inner loop walks rows of B and C contiguously, rows
// spread over every core.
func matmulCPU(stop *deadline, c, a, b []float32, n int) bool {
	return parallelChunks(stop, n, 1, func(i, _ int) {
		ci := c[i*n : (i+1)*n]
		clear(ci)
		for k := range n {
			aik := a[i*n+k]
			bk := b[k*n : (k+1)*n]
			for j := range ci {
				ci[j] += aik * bk[j]
			}
		}
	})
}

// matmul64 is the float64 reference product, rows spread over the CPUs (it
// checks results; it is not the timed baseline).
func matmul64(a, b []float32, n int) []float64 {
	c := make([]float64, n*n)
	rows := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range rows {
				ci := c[i*n : (i+1)*n]
				for k := range n {
					aik := float64(a[i*n+k])
					bk := b[k*n : (k+1)*n]
					for j := range ci {
						ci[j] += aik * float64(bk[j])
					}
				}
			}
		})
	}
	for i := range n {
		rows <- i
	}
	close(rows)
	wg.Wait()
	return c
}

// matmulAt is the float64 product A·B at the entries idx (row-major),
// given bt = Bᵀ, each a dot product of two rows, on every core.
func matmulAt(a, bt []float32, n int, idx []int) []float64 {
	want := make([]float64, len(idx))
	parallelFor(len(idx), func(_, lo, hi int) {
		for s := lo; s < hi; s++ {
			i, j := idx[s]/n, idx[s]%n
			ai, bj := a[i*n:(i+1)*n], bt[j*n:(j+1)*n]
			var sum float64
			for k, x := range ai {
				sum += float64(x) * float64(bj[k])
			}
			want[s] = sum
		}
	})
	return want
}

// matmulSample is the reference at the four corners and matmulSamples
// random entries, each a float64 dot product.
func matmulSample(a, b []float32, n int, rng *rand.Rand) reference {
	idx := []int{0, n - 1, (n - 1) * n, n*n - 1}
	for range matmulSamples {
		idx = append(idx, rng.IntN(n*n))
	}
	return reference{want: matmulAt(a, transpose32(b, n), n, idx), idx: idx, tol: sumTolerance(n),
		how: fmt.Sprintf("%d sampled entries vs float64 dot products: the CPU reference is over the cap", len(idx))}
}
