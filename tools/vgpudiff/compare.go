package main

import (
	"fmt"
	"math"
)

// result is one kernel's outcome.
type result struct {
	k   testKernel
	n   int   // elements
	err error // a compile or launch error on either device

	compared   bool // a GPU result was there to compare with
	mismatches int
	nanChoices int    // elements where the devices picked different NaN operands (see nanChoice)
	first      string // the first mismatch: inputs and both results

	approx *approxResult // nil for exact kernels

	// Digests of exact kernels' outputs (record.go).
	key, virtualSum, gpuSum string
	// recorded is the virtual GPU's output against a recorded GPU output:
	// "same", "differs", "stale record", "not recorded"; "" when none was
	// read.
	recorded string
}

// approxResult is the error of an approximate kernel.
type approxResult struct {
	spec    approxSpec
	bounded int     // elements with a documented bound
	worstV  float64 // worst error / bound of the virtual GPU
	worstG  float64 // of the GPU (NaN without one)
	worstAt string  // the virtual GPU's worst element
	maxDiff float64 // most ulps between the two devices' results
	differ  int     // elements whose bits differ (allowed within the bound)
	// special elements (NaN, Inf, zero results) whose bits differ from the
	// GPU's, or without a GPU from the exact result's class
	specialBad int
	firstBad   string
}

// gpuDeviations are kernels where the GPU's code, not the virtual GPU,
// breaks CUDA's rules, with why; their mismatches are reported, not failed.
var gpuDeviations = map[string]string{
	// Found by disassembling both builds (cuobjdump/nvdisasm): NVRTC 11.8
	// keeps a WARPSYNC before the SHFL; NVRTC 13.0 relies on a convergence
	// barrier that the recursive callee saves, clears and reuses, so lanes
	// shuffle before their neighbours have returned. An exact Go reference
	// of the C code agrees with the virtual GPU on every element.
	"call_recursive": "NVRTC 13.0's SASS drops the __syncwarp before __shfl_down_sync (its convergence barrier is reused inside the recursive callee), so on the GPU some lanes read a neighbour that has not returned yet; the virtual GPU follows CUDA's __syncwarp and agrees with an exact reference of the C code",
}

// failed reports whether the kernel breaks the virtual GPU's promise.
func (r *result) failed() bool {
	if r.approx != nil {
		return r.err != nil || r.approx.worstV > 1 || r.approx.specialBad > 0
	}
	if _, known := gpuDeviations[r.k.name]; known && r.err == nil {
		return false
	}
	return r.err != nil || r.mismatches > 0 || r.recorded == "differs"
}

func element(i int, a, b, c []uint64) string {
	return fmt.Sprintf("i=%d a=%#x b=%#x c=%#x", i, a[i], b[i], c[i])
}

// nanChoice lists the f64 kernels where PTX leaves open which of two NaN
// operands the result is. Measured on the H100: min.f64 of the same two
// NaNs gave the first operand in one kernel and the second in another, so
// the choice follows the operand order ptxas gave the SASS instruction, not
// the PTX. There, any quieted NaN operand is accepted from either device.
var nanChoice = map[string]bool{
	"min_f64": true, "max_f64": true, "c_fmin": true, "c_fmax": true,
	"fma_rn": true, "fma_rz": true, "fma_rd": true, "fma_ru": true,
}

// quietNaN64 reports whether x is one of the f64 NaN operands among ops,
// made quiet, and whether there were at least two NaN operands.
func quietNaN64(x uint64, ops ...uint64) (operand bool, several bool) {
	n := 0
	for _, o := range ops {
		if math.IsNaN(math.Float64frombits(o)) {
			n++
			if x == o|1<<51 {
				operand = true
			}
		}
	}
	return operand, n >= 2
}

// compareExact counts elements whose 64 result bits differ; with
// nanChoice, two different NaN operands picked by the two devices are
// counted apart, not as mismatches.
func compareExact(r *result, a, b, c, v, g []uint64, nanChoice bool) {
	r.compared = true
	for i := range v {
		if v[i] != g[i] && nanChoice {
			vOK, several := quietNaN64(v[i], a[i], b[i], c[i])
			gOK, _ := quietNaN64(g[i], a[i], b[i], c[i])
			if several && vOK && gOK {
				r.nanChoices++
				continue
			}
		}
		if v[i] != g[i] {
			if r.mismatches == 0 {
				r.first = fmt.Sprintf("%s: GPU %#x, VGPU %#x", element(i, a, b, c), g[i], v[i])
			}
			r.mismatches++
		}
	}
}

// compareApprox measures both devices against the exact function and each
// other; g is nil without a GPU.
func compareApprox(r *result, spec approxSpec, a, b, c, v, g []uint64) {
	ar := &approxResult{spec: spec, worstG: math.NaN()}
	if g != nil {
		ar.worstG = 0
		r.compared = true
	}
	r.approx = ar
	for i := range v {
		x, y := spec.value(a[i]), spec.value(b[i])
		ref := spec.ref(x, y)
		yv := spec.value(v[i])
		if g != nil {
			if v[i] != g[i] {
				ar.differ++
			}
			if d := spec.ulpDiff(v[i], g[i]); d > ar.maxDiff {
				ar.maxDiff = d
			}
		}
		if spec.special(x, y, ref) {
			exempt := spec.documented != nil && spec.documented(x, y)
			bad := g != nil && v[i] != g[i] || g == nil && !exempt && !spec.sameSpecial(yv, ref)
			if bad {
				if ar.specialBad == 0 {
					ar.firstBad = fmt.Sprintf("%s: exact %g, VGPU %#x%s", element(i, a, b, c), ref, v[i], gpuWord(g, i))
				}
				ar.specialBad++
			}
			continue
		}
		if spec.at == nil {
			continue
		}
		bd, ok := spec.at(x, y, ref)
		if !ok {
			continue
		}
		ar.bounded++
		if q := bd.ratio(yv, ref); q > ar.worstV || ar.worstAt == "" {
			ar.worstV = q
			ar.worstAt = fmt.Sprintf("%s: exact %g, VGPU %g%s", element(i, a, b, c), ref, yv, gpuWord(g, i))
		}
		if g != nil {
			ar.worstG = math.Max(ar.worstG, bd.ratio(spec.value(g[i]), ref))
		}
	}
}

func gpuWord(g []uint64, i int) string {
	if g == nil {
		return ""
	}
	return fmt.Sprintf(", GPU %#x", g[i])
}
