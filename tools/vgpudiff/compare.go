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

// failed reports whether the kernel breaks the virtual GPU's promise.
func (r *result) failed() bool {
	if r.approx != nil {
		return r.err != nil || r.approx.worstV > 1 || r.approx.specialBad > 0
	}
	return r.err != nil || r.mismatches > 0 || r.recorded == "differs"
}

func element(i int, a, b, c []uint64) string {
	return fmt.Sprintf("i=%d a=%#x b=%#x c=%#x", i, a[i], b[i], c[i])
}

// compareExact counts elements whose 64 result bits differ.
func compareExact(r *result, a, b, c, v, g []uint64) {
	r.compared = true
	for i := range v {
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
