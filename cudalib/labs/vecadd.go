package labs

import (
	_ "embed"
	"fmt"
	"math/rand/v2"

	"github.com/culab/culab/cudalib"
)

//go:embed cuda/vecadd.cu
var vecaddSource string

// maxElements bounds 1D sizes so that int indices plus a grid's stride
// stay below 2³¹ in the kernels.
const maxElements = 1 << 30

// W is the seeds' unit of vector length: 10⁴ elements ("10W" = 10⁵).
const W = 10000

// VecAdd is seed 001's vector addition.
var VecAdd = register(&Lab{
	Key:     "vecadd",
	Title:   "Vector addition",
	Seed:    "001",
	Summary: "out = a + b on n floats: one block vs a grid-stride loop vs one thread per element, and a shared-memory staging buffer that does nothing useful.",
	File:    "vecadd.cu",
	Source:  vecaddSource,

	SizeName:     "elements",
	Sizes:        []int{10 * W, 20 * W, 100 * W, 200 * W, 1000 * W, 2000 * W},
	smoke:        []int{1, 1000, 100*W + 3},
	VirtualSizes: []int{10 * W, 20 * W, 100 * W, 200 * W, 1000 * W, 2000 * W},
	label:        wLabel,
	Baseline:     "one block",
	Variants: []Variant{
		{Name: "one block", Kernels: []string{"vecadd_block"}, Launch: "<<<1, 256>>>",
			Note:   "block-stride loop: one SM does all the work",
			config: fixed(cudalib.D1(1), cudalib.D1(256))},
		{Name: "16 blocks, grid-stride", Kernels: []string{"vecadd_stride"}, Launch: "<<<16, 256>>>",
			Note:   "grid-stride loop: at most 16 SMs busy",
			config: fixed(cudalib.D1(16), cudalib.D1(256))},
		{Name: "16 blocks, shared staging", Kernels: []string{"vecadd_shared"}, Launch: "<<<16, 256>>>",
			Note:   "as above through a shared buffer that no other thread reads: shared memory gains nothing here",
			config: fixed(cudalib.D1(16), cudalib.D1(256))},
		{Name: "one thread per element", Kernels: []string{"vecadd_thread"}, Launch: "<<<ceil(n/256), 256>>>",
			Note:   "if (i < n): every SM busy, the usual way",
			config: perElement(256)},
	},

	MetricName:    "bandwidth",
	MetricUnit:    "GB/s",
	MetricFormula: "3·4·N bytes / time (read a and b, write out; 4-byte floats)",
	work:          func(n int) float64 { return 3 * 4 * float64(n) / 1e9 },
	ceiling:       peakBandwidth,
	Notes: []string{
		"The seed's shared-memory variant was fastest only because of how it was launched: each thread reads back its own slot, so the buffer shares nothing.",
	},

	setup:          newVecAdd,
	readOnlyInputs: true, // its kernels take their inputs const
	args:           outsInsN,
})

// wLabel writes multiples of W as the seed does ("100W"), other sizes in
// decimal.
func wLabel(n int) string {
	if n%W == 0 {
		return fmt.Sprintf("%dW", n/W)
	}
	return fmt.Sprint(n)
}

// peakBandwidth is the device's theoretical DRAM bandwidth, the ceiling of
// memory-bound labs.
func peakBandwidth(info cudalib.Info) (float64, string) {
	return info.PeakBandwidth(), "peak DRAM bandwidth (memory clock × bus width)"
}

func newVecAdd(n int, rng *rand.Rand) (*problem, error) {
	if n > maxElements {
		return nil, fmt.Errorf("%d elements: at most %d", n, maxElements)
	}
	a, b := randomFloat32s(rng, n), randomFloat32s(rng, n)
	cpuOut := touched32(n)
	return &problem{
		in:     []array{f32(a), f32(b)},
		out:    []array{make(f32, n)},
		cpuOut: []array{f32(cpuOut)},
		cpu:    func(stop *deadline) bool { return vecaddCPU(stop, cpuOut, a, b) },
		ref: func(bool) ([]reference, error) {
			want := make([]float64, n)
			for i := range want {
				want[i] = float64(a[i]) + float64(b[i])
			}
			// float32 addition is correctly rounded: one unit of roundoff.
			return []reference{{want: want, tol: tolerance{l2: unit32, max: unit32}}}, nil
		},
	}, nil
}

// vecaddCPU is the CPU baseline: the seed's plain C loop, pieces on every core.
func vecaddCPU(stop *deadline, out, a, b []float32) bool {
	return forChunks(stop, len(out), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			out[i] = a[i] + b[i]
		}
	})
}
