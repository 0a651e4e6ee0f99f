package labs

import (
	_ "embed"
	"math/rand/v2"
)

//go:embed cuda/bankconflict.cu
var bankconflictSource string

// BankConflict is seed 004's bank-conflict matmul.
var BankConflict = register(&Lab{
	Key:     "bankconflict",
	Title:   "Bank conflicts: tiled matmul with column-major A",
	Seed:    "004",
	Summary: "A tile read coalesced from column-major A is stored transposed in shared memory: 32 threads of a warp hit one bank. Padding the tile's rows to 33 floats (BLOCK_SIZE | 1) removes the conflict; so does not transposing at all.",
	File:    "bankconflict.cu",
	Source:  bankconflictSource,

	SizeName:     "n",
	Sizes:        []int{1024, 2048, 4096},
	smoke:        []int{100, 1, 33, 257},
	VirtualSizes: []int{128, 256, 384, 512},
	Baseline:     "32×32, transposed",
	Variants: []Variant{
		{Name: "32×32, transposed", Kernels: []string{"mm_colmajor<32,32>"}, Launch: "<<<(ceil(n/32),ceil(n/32)), (32,32)>>>",
			Note:   "sa[tx][ty] with rows of 32 floats: 32-way conflict on every tile store",
			config: tiles(32, 32, 32)},
		{Name: "32×32, transposed, padded 33", Kernels: []string{"mm_colmajor<32,33>"}, Launch: "<<<(ceil(n/32),ceil(n/32)), (32,32)>>>",
			Note:   "rows of 33 floats: the 32 stores land in 32 banks",
			config: tiles(32, 32, 32)},
		{Name: "32×32, not transposed", Kernels: []string{"mm_colmajor_kmajor<32>"}, Launch: "<<<(ceil(n/32),ceil(n/32)), (32,32)>>>",
			Note:   "tile kept k-major as in memory: conflict-free without padding",
			config: tiles(32, 32, 32)},
		{Name: "16×16, transposed", Kernels: []string{"mm_colmajor<16,16>"}, Launch: "<<<(ceil(n/16),ceil(n/16)), (16,16)>>>",
			Note:   "rows of 16 floats: a warp spans two tile columns, 8-way conflict",
			config: tiles(16, 16, 16)},
		{Name: "16×16, transposed, padded 17", Kernels: []string{"mm_colmajor<16,17>"}, Launch: "<<<(ceil(n/16),ceil(n/16)), (16,16)>>>",
			Note:   "rows of 17 floats (16 | 1)",
			config: tiles(16, 16, 16)},
	},

	MetricName:    "throughput",
	MetricUnit:    "TFLOP/s",
	MetricFormula: "2·n³ flops / time",
	work:          func(n int) float64 { return 2 * cube(n) / 1e12 },
	Notes: []string{
		"CPU column: the naive float32 triple loop of the matmul lab on the same (row-major) A, rows spread over every core.",
		"The conflict is in the tile store only (once per tile); the dot-product loop reads a broadcast word and 32 consecutive words, conflict-free in every variant.",
	},

	setup:          func(n int, rng *rand.Rand) (*problem, error) { return newMatMul(n, rng, true) },
	readOnlyInputs: true, // its kernels take their inputs const
	args:           outsInsN,
})
