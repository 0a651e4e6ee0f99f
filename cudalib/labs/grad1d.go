package labs

import (
	_ "embed"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/culab/culab/cudalib"
)

//go:embed cuda/grad1d.cu
var grad1dSource string

// grad1dSineMax is the largest size whose input is the sine, checked
// against −sin(x); larger sizes measure bandwidth on random input.
const grad1dSineMax = 1024

// grad1dTPB are the threads per block of the sweep.
var grad1dTPB = []int{32, 64, 128, 256, 512, 1024}

// Grad1D is seed 002's second difference with halo cells.
var Grad1D = register(&Lab{
	Key:   "grad1d",
	Title: "1D second difference with halo cells",
	Seed:  "002",
	Summary: "out[i] = (u[i−1] − 2u[i] + u[i+1]) / h² on a periodic grid: a shared-memory version that stages each block's cells " +
		"and halo (the seed's ddKernel, without its out-of-bounds reads and early return before the barrier) against plain " +
		"global-memory reads, over threads per block.",
	File:   "grad1d.cu",
	Source: grad1dSource,

	SizeName:     "N",
	Sizes:        []int{150, 1 << 20, 1 << 22, 1 << 24, 1 << 26},
	smoke:        []int{150, 1000, 1<<16 + 3},
	VirtualSizes: []int{150, 1 << 16, 1 << 20, 1 << 22, 1 << 23},
	label:        pow2Label,
	Baseline:     "shared, TPB 64",
	Variants:     grad1dVariants(),

	MetricName:    "bandwidth",
	MetricUnit:    "GB/s",
	MetricFormula: "2·4·N bytes / time (read u once, write out once; 4-byte floats)",
	work:          func(n int) float64 { return 2 * 4 * float64(n) / 1e9 },
	ceiling:       peakBandwidth,
	Notes: []string{
		"Boundary: periodic. The samples x_i = 2πi/N cover one period of sin, so u[−1] = u[N−1] and u[N] = u[0]: every point has two real neighbours, and no thread reads outside the array.",
		fmt.Sprintf("N ≤ %d: u = sin(2πi/N), checked against −sin(x) at every point; the tolerance is the truncation error h²/12 plus float32 rounding amplified by 1/h² (max rel err in the check is the absolute error). The seed's N = 150 gives about 1.5e-4.", grad1dSineMax),
		fmt.Sprintf("N > %d: random u, checked against the CPU float32 reference; each element's tolerance is the float32 rounding of the three-term sum, 4·2⁻²⁴·(|u[i−1]| + 2|u[i]| + |u[i+1]|)/h². (At large N the sine's second difference is all rounding, and sine neighbours are too alike to catch a kernel that reads the wrong one.)", grad1dSineMax),
		"On GPUs with a large L1 cache (Volta and later) the global version is as fast as the shared one or faster: the cache already serves the neighbours' reuse, and the shared version adds a barrier and the halo loads.",
	},

	setup:          newGrad1D,
	readOnlyInputs: true, // its kernels take their inputs const
	args: func(g *gpuRun) []any {
		return []any{g.out[0], g.in[0], g.n, grad1dInvH2(g.n)}
	},
})

// grad1dVariants are the two kernels at every block size of the sweep.
func grad1dVariants() []Variant {
	var vs []Variant
	for _, shared := range []bool{false, true} {
		for _, tpb := range grad1dTPB {
			v := Variant{
				Name:    fmt.Sprintf("global, TPB %d", tpb),
				Kernels: []string{"dd_global"},
				Launch:  fmt.Sprintf("<<<ceil(N/%d), %d>>>", tpb, tpb),
				Note:    "three reads from global memory per element; L1 catches the overlap",
				config:  perElement(tpb),
			}
			if shared {
				v.Name = fmt.Sprintf("shared, TPB %d", tpb)
				v.Kernels = []string{"dd_shared"}
				v.Launch = fmt.Sprintf("<<<ceil(N/%d), %d, (%d+2)·4>>>", tpb, tpb, tpb)
				v.Note = "block and halo staged in dynamic shared memory, one barrier"
				v.config = grad1dShared(tpb)
			}
			vs = append(vs, v)
		}
	}
	return vs
}

// grad1dShared launches one thread per element with the dynamic shared
// memory dd_shared needs: the block's cells and a halo of RAD = 1 each side.
func grad1dShared(tpb int) configFunc {
	return func(g *gpuRun, k *cudalib.Kernel) (cudalib.Config, error) {
		cfg, err := perElement(tpb)(g, k)
		cfg.Shared = (tpb + 2) * 4
		return cfg, err
	}
}

// grad1dInvH2 is 1/h² for h = 2π/n, rounded to float32 once on the host: the
// kernels and the Go reference multiply by the same value.
func grad1dInvH2(n int) float32 {
	h := 2 * math.Pi / float64(n)
	return float32(1 / (h * h))
}

// grad1dSine returns u[i] = sin(2πi/n).
func grad1dSine(n int) []float32 {
	u := make([]float32, n)
	for i := range u {
		u[i] = float32(math.Sin(2 * math.Pi * float64(i) / float64(n)))
	}
	return u
}

func newGrad1D(n int, rng *rand.Rand) (*problem, error) {
	if n < 3 || n > maxElements {
		return nil, fmt.Errorf("N = %d: the periodic stencil needs 3 … %d points", n, maxElements)
	}
	var u []float32
	if n <= grad1dSineMax {
		u = grad1dSine(n)
	} else {
		u = randomFloat32s(rng, n)
	}
	invH2 := grad1dInvH2(n)
	cpuOut := touched32(n)
	return &problem{
		in:     []array{f32(u)},
		out:    []array{make(f32, n)},
		cpuOut: []array{f32(cpuOut)},
		cpu:    func(stop *deadline) bool { return grad1dCPU(stop, cpuOut, u, invH2) },
		ref: func(cpuDone bool) ([]reference, error) {
			if n <= grad1dSineMax {
				return []reference{grad1dSineRef(n)}, nil
			}
			out := cpuOut
			if !cpuDone { // the loop is cheap: run it in full
				out = make([]float32, n)
				grad1dRange(out, u, invH2, 0, n)
			}
			return []reference{grad1dRoundingRef(out, u, invH2)}, nil
		},
	}, nil
}

// grad1dCPU is the CPU baseline (on every core) and reference: the periodic second
// difference with the kernels' float32 operations in the kernels' order.
func grad1dCPU(stop *deadline, out, u []float32, invH2 float32) bool {
	return forChunks(stop, len(u), func(lo, hi int) { grad1dRange(out, u, invH2, lo, hi) })
}

// grad1dRange computes out[lo:hi].
func grad1dRange(out, u []float32, invH2 float32, lo, hi int) {
	n := len(u)
	for i := lo; i < hi; i++ {
		l, r := u[(i+n-1)%n], u[(i+1)%n]
		out[i] = (l - 2*u[i] + r) * invH2
	}
}

// grad1dSineRef is −sin(x_i), the exact second derivative, with the error
// the second difference of float32 sine samples may show: truncation
// h²/12·max|u⁗| = h²/12, plus rounding amplified by 1/h² — the samples'
// (2⁻²⁴ each, four units in the sum) and the sum's (two roundings of values
// up to 4) — with a margin of 2. Scales of 1 make the check's relative
// error the absolute error.
func grad1dSineRef(n int) reference {
	h := 2 * math.Pi / float64(n)
	bound := 2 * (h*h/12 + 12*unit32/(h*h))
	want, scale := make([]float64, n), make([]float64, n)
	for i := range want {
		want[i] = -math.Sin(2 * math.Pi * float64(i) / float64(n))
		scale[i] = 1
	}
	return reference{want: want, scale: scale, tol: tolerance{l2: bound, max: bound}, how: "vs −sin(x)"}
}

// grad1dRoundingRef is the float32 reference with each element's rounding
// bound as its scale: the sum l − 2u + r is rounded twice, each time by at
// most 2⁻²⁴ of |l| + 2|u| + |r|, and then scaled by 1/h², so any correct
// evaluation order is within 2 units of that scale (4 with a margin). A
// wrong neighbour or a missed halo moves random input's sum by O(1).
func grad1dRoundingRef(out, u []float32, invH2 float32) reference {
	n := len(u)
	want, scale := make([]float64, n), make([]float64, n)
	for i := range want {
		l, r := u[(i+n-1)%n], u[(i+1)%n]
		want[i] = float64(out[i])
		scale[i] = (math.Abs(float64(l)) + 2*math.Abs(float64(u[i])) + math.Abs(float64(r))) * float64(invH2)
	}
	return reference{want: want, scale: scale, tol: tolerance{l2: 4 * unit32, max: 4 * unit32}}
}
