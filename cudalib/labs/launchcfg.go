package labs

import (
	_ "embed"
	"fmt"
	"math/bits"
	"math/rand/v2"
)

//go:embed cuda/launchcfg.cu
var launchcfgSource string

// LaunchCfg is seed 004's launch-configuration lab.
var LaunchCfg = register(&Lab{
	Key:     "launchcfg",
	Title:   "Launch configuration: copying a complex array",
	Seed:    "004",
	Summary: "Copy n complex doubles: one thread per element with if (i < n) vs a grid-stride loop, fixed block sizes vs the occupancy API, unrolled loops, and the library copy.",
	File:    "launchcfg.cu",
	Source:  launchcfgSource,

	SizeName:     "complex elements",
	Sizes:        []int{1 << 20, 1 << 24, 19260817, 1 << 26},
	smoke:        []int{1000, 1, 19260817 / 1000},
	VirtualSizes: []int{1 << 20, 19260817 / 10, 1 << 22, 1 << 24},
	label:        pow2Label,
	Baseline:     "if (i < n), block 256",
	Variants: []Variant{
		{Name: "if (i < n), block 256", Kernels: []string{"copy_if"}, Launch: "<<<ceil(n/256), 256>>>",
			Note: "one thread per element", config: perElement(256)},
		{Name: "if (i < n), block 128", Kernels: []string{"copy_if"}, Launch: "<<<ceil(n/128), 128>>>",
			Note: "the rule-of-thumb 1D block", config: perElement(128)},
		{Name: "grid-stride, block 256, one wave", Kernels: []string{"copy_stride"}, Launch: "<<<SMs·blocks per SM, 256>>>",
			Note: "as many blocks as the GPU runs at once", config: fullWave(256)},
		{Name: "grid-stride, block 128, one wave", Kernels: []string{"copy_stride"}, Launch: "<<<SMs·blocks per SM, 128>>>",
			Note: "as many blocks as the GPU runs at once", config: fullWave(128)},
		{Name: "grid-stride, occupancy API", Kernels: []string{"copy_stride"}, Launch: "<<<minGrid, block>>> from cuOccupancyMaxPotentialBlockSize",
			Note: "block size and grid suggested for full occupancy", config: occupancy},
		{Name: "unroll 4, occupancy API", Kernels: []string{"copy_unroll<4>"}, Launch: "<<<minGrid, block>>> from cuOccupancyMaxPotentialBlockSize",
			Note: "4 loads in flight per thread", config: occupancy},
		{Name: "unroll 8, occupancy API", Kernels: []string{"copy_unroll<8>"}, Launch: "<<<minGrid, block>>> from cuOccupancyMaxPotentialBlockSize",
			Note: "8 loads in flight per thread", config: occupancy},
		{Name: "library copy", Launch: "cuMemcpyDtoD (Device.Copy)",
			Note: "call the library: the copy engine or the driver's own kernel", prepare: libraryCopy},
	},

	MetricName:    "bandwidth",
	MetricUnit:    "GB/s",
	MetricFormula: "2·16·N bytes / time (read and write N double2 of 16 bytes)",
	work:          func(n int) float64 { return 2 * 16 * float64(n) / 1e9 },
	ceiling:       peakBandwidth,
	Notes: []string{
		"19260817 is the seed's example of a size that is not a product of a block size and a grid size.",
	},

	setup:          newComplexCopy,
	readOnlyInputs: true, // its kernels take their inputs const
	mapOutputs:     true, // every variant but the sampled ones writes its output whole
	args:           outsInsN,
})

// pow2Label writes powers of two as 2^k, other sizes in decimal.
func pow2Label(n int) string {
	if n > 0 && n&(n-1) == 0 {
		return fmt.Sprintf("2^%d", bits.TrailingZeros(uint(n)))
	}
	return fmt.Sprint(n)
}

// libraryCopy is the "call the library" variant: the driver's
// device-to-device copy.
func libraryCopy(g *gpuRun) (func() error, string, error) {
	return func() error { return g.dev.Copy(g.out[0], g.in[0]) }, "cuMemcpyDtoD", nil
}

// newComplexCopy makes n random complex doubles, interleaved (re, im) as
// CUDA's double2 lays them out.
func newComplexCopy(n int, rng *rand.Rand) (*problem, error) {
	if n > maxElements {
		return nil, fmt.Errorf("%d elements: at most %d", n, maxElements)
	}
	in := randomFloats(rng, 2*n)
	// The baseline writes the output array itself, touched before its
	// timing: on the virtual GPU that array is then the device's output
	// (mapOutputs), and at 2^26 each is a gigabyte. The reference is the
	// input.
	out := make(f64, 2*n)
	p := &problem{
		in:  []array{f64(in)},
		out: []array{out},
		ref: func(bool) ([]reference, error) { return []reference{{want: in, tol: exact}}, nil },
	}
	p.cpuPrepare = func() {
		fillRange(out, 1) // touched: its first-touch faults are not the baseline's time
		p.cpuOut = []array{out}
	}
	p.cpu = func(stop *deadline) bool {
		if p.cpuOut == nil {
			p.cpuPrepare() // a caller that did not (tests)
		}
		return forChunks(stop, len(in), func(lo, hi int) {
			for i := lo; i < hi; i++ {
				out[i] = in[i]
			}
		})
	}
	return p, nil
}
