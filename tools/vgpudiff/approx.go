package main

import "math"

// The approximate kernels: PTX and the CUDA Programming Guide bound their
// error, not their bits, so the virtual GPU is held to the bound (and to
// the GPU's bits on special values) instead of to the GPU's bits.
//
// Bounds of the instructions are the PTX ISA's; those of the intrinsics
// (__sinf, __expf, ...) the Programming Guide's table of intrinsic
// functions. A bound applies on its documented domain only; elsewhere an
// element is compared with the GPU but not bounded.

type boundKind int

const (
	absErr boundKind = iota // |y - ref|
	relErr                  // |y - ref| / |ref|
	ulpErr                  // |y - ref| in units of the last place of ref as f32
)

// bound is a documented error bound.
type bound struct {
	kind boundKind
	max  float64
}

// approxSpec describes one approximate kernel.
type approxSpec struct {
	f64 bool                                  // the result is f64 (else f32)
	ref func(a, b float64) float64            // the exact function
	doc string                                // the documented bound, as the report shows it
	at  func(a, b, ref float64) (bound, bool) // the bound at an input; false: none documented there
	// documented reports inputs where PTX documents a result other than
	// the exact function's (div.approx by 2^126 < |b|): without a GPU
	// their special values are not checked against the exact result.
	documented func(a, b float64) bool
}

const (
	flt32Min = 0x1p-126
	flt32Max = math.MaxFloat32
)

// normal32 reports whether x is a normal f32 magnitude.
func normal32(x float64) bool { return math.Abs(x) >= flt32Min && math.Abs(x) <= flt32Max }

func everywhere(b bound) func(a, b, ref float64) (bound, bool) {
	return func(_, _, ref float64) (bound, bool) { return b, !math.IsInf(ref, 0) && !math.IsNaN(ref) }
}

// normalResult bounds elements whose exact result is a normal f32.
func normalResult(b bound) func(a, b, ref float64) (bound, bool) {
	return func(_, _, ref float64) (bound, bool) { return b, normal32(ref) }
}

func inPi(b bound) func(a, b, ref float64) (bound, bool) {
	return func(a, _, _ float64) (bound, bool) { return b, math.Abs(a) <= math.Pi }
}

// logBound: an absolute bound on (0.5, 2), else a relative or ulp one, for
// normal positive inputs.
func logBound(near, far bound) func(a, b, ref float64) (bound, bool) {
	return func(a, _, _ float64) (bound, bool) {
		switch {
		case a <= 0 || !normal32(a):
			return bound{}, false
		case a > 0.5 && a < 2:
			return near, true
		}
		return far, true
	}
}

// divisorIn bounds a/b for 2^-126 <= |b| <= 2^126 with a normal result.
func divisorIn(bd bound) func(a, b, ref float64) (bound, bool) {
	return func(_, b, ref float64) (bound, bool) {
		return bd, math.Abs(b) >= 0x1p-126 && math.Abs(b) <= 0x1p126 && normal32(ref)
	}
}

func div(a, b float64) float64 { return a / b }

// hugeDivisor: div.approx returns 0 for 2^126 < |b| < 2^128 (a·(1/b) with
// 1/b flushed), NaN when a is infinite as well.
func hugeDivisor(_, b float64) bool { return math.Abs(b) > 0x1p126 && !math.IsInf(b, 0) }

func ex2(a, _ float64) float64    { return math.Exp2(a) }
func lg2(a, _ float64) float64    { return math.Log2(a) }
func sinRef(a, _ float64) float64 { return math.Sin(a) }
func cosRef(a, _ float64) float64 { return math.Cos(a) }
func rsqrt(a, _ float64) float64  { return 1 / math.Sqrt(a) }
func rcp(a, _ float64) float64    { return 1 / a }

var approxSpecs = map[string]approxSpec{
	"sin_approx":         {ref: sinRef, doc: "abs 2^-20.5 on [-π, π]", at: inPi(bound{absErr, math.Exp2(-20.5)})},
	"sin_approx_ftz":     {ref: sinRef, doc: "abs 2^-20.5 on [-π, π]", at: inPi(bound{absErr, math.Exp2(-20.5)})},
	"cos_approx":         {ref: cosRef, doc: "abs 2^-20.5 on [-π, π]", at: inPi(bound{absErr, math.Exp2(-20.5)})},
	"ex2_approx":         {ref: ex2, doc: "2 ulp (normal results)", at: normalResult(bound{ulpErr, 2})},
	"ex2_approx_ftz":     {ref: ex2, doc: "2 ulp (normal results)", at: normalResult(bound{ulpErr, 2})},
	"lg2_approx":         {ref: lg2, doc: "abs 2^-22.6 on (0.5, 2), else rel 2^-22", at: logBound(bound{absErr, math.Exp2(-22.6)}, bound{relErr, 0x1p-22})},
	"rsqrt_approx":       {ref: rsqrt, doc: "rel 2^-22.9", at: everywhere(bound{relErr, math.Exp2(-22.9)})},
	"rcp_approx":         {ref: rcp, doc: "1 ulp (normal results)", at: normalResult(bound{ulpErr, 1})},
	"sqrt_approx":        {ref: func(a, _ float64) float64 { return math.Sqrt(a) }, doc: "rel 2^-23", at: everywhere(bound{relErr, 0x1p-23})},
	"div_approx":         {ref: div, doc: "2 ulp for 2^-126 ≤ |b| ≤ 2^126", at: divisorIn(bound{ulpErr, 2}), documented: hugeDivisor},
	"div_full":           {ref: div, doc: "2 ulp (normal results)", at: normalResult(bound{ulpErr, 2})},
	"tanh_approx":        {ref: func(a, _ float64) float64 { return math.Tanh(a) }, doc: "rel 2^-10.987", at: normalResult(bound{relErr, math.Exp2(-10.987)})},
	"rsqrt_approx_f64":   {f64: true, ref: rsqrt, doc: "none documented"},
	"rcp_approx_ftz_f64": {f64: true, ref: rcp, doc: "none documented (\"gross approximation\")", documented: highWordInf},
	"sinf_intr":          {ref: sinRef, doc: "abs 2^-21.41 on [-π, π]", at: inPi(bound{absErr, math.Exp2(-21.41)})},
	"cosf_intr":          {ref: cosRef, doc: "abs 2^-21.19 on [-π, π]", at: inPi(bound{absErr, math.Exp2(-21.19)})},
	"expf_intr": {ref: func(a, _ float64) float64 { return math.Exp(a) }, doc: "2 + ⌊|1.173·x|⌋ ulp",
		at: func(a, _, ref float64) (bound, bool) {
			return bound{ulpErr, 2 + math.Floor(math.Abs(1.173*a))}, normal32(ref)
		}},
	"log2f_intr":    {ref: lg2, doc: "abs 2^-22 on [0.5, 2], else 2 ulp", at: logBound(bound{absErr, 0x1p-22}, bound{ulpErr, 2})},
	"logf_intr":     {ref: func(a, _ float64) float64 { return math.Log(a) }, doc: "abs 2^-21.41 on [0.5, 2], else 3 ulp", at: logBound(bound{absErr, math.Exp2(-21.41)}, bound{ulpErr, 3})},
	"fdividef_intr": {ref: div, doc: "2 ulp for 2^-126 ≤ |y| ≤ 2^126", at: divisorIn(bound{ulpErr, 2}), documented: hugeDivisor},
	"rsqrtf_intr":   {ref: rsqrt, doc: "2 ulp", at: normalResult(bound{ulpErr, 2})},
}

// ulp32 is the spacing of f32 values at |x| (subnormal spacing below
// FLT_MIN).
func ulp32(x float64) float64 {
	x = math.Abs(x)
	if x < flt32Min {
		return 0x1p-149
	}
	_, e := math.Frexp(x) // x = m·2^e, m in [0.5, 1)
	return math.Ldexp(1, e-24)
}

// ratio is the error of y against ref measured as the bound measures it,
// divided by the bound: at most 1 is within the bound.
func (b bound) ratio(y, ref float64) float64 {
	d := math.Abs(y - ref)
	if math.IsInf(y, 0) || math.IsNaN(y) {
		return math.Inf(1)
	}
	switch b.kind {
	case relErr:
		d /= math.Max(math.Abs(ref), math.SmallestNonzeroFloat64)
	case ulpErr:
		d /= ulp32(ref)
	}
	return d / b.max
}

// value decodes a result or operand word as the kernel's float type.
func (s approxSpec) value(w uint64) float64 {
	if s.f64 {
		return math.Float64frombits(w)
	}
	return float64(math.Float32frombits(uint32(w)))
}

// ordered maps float bits to integers in the floats' order, so that the
// distance between two is their distance in ulps.
func (s approxSpec) ordered(w uint64) int64 {
	if s.f64 {
		if int64(w) < 0 {
			return math.MinInt64 - int64(w)
		}
		return int64(w)
	}
	v := int32(uint32(w))
	if v < 0 {
		v = math.MinInt32 - v
	}
	return int64(v)
}

// ulpDiff is the distance in ulps between two results; 0 when both are
// NaN.
func (s approxSpec) ulpDiff(x, y uint64) float64 {
	vx, vy := s.value(x), s.value(y)
	if math.IsNaN(vx) && math.IsNaN(vy) {
		return 0
	}
	if math.IsNaN(vx) || math.IsNaN(vy) {
		return math.Inf(1)
	}
	d := s.ordered(x) - s.ordered(y)
	if d < 0 {
		d = -d
	}
	return float64(d)
}

// special reports whether an element is compared by its bits rather than
// bounded: an input or the exact result is NaN or infinite, or the result
// is exactly zero.
func (s approxSpec) special(a, b, ref float64) bool {
	for _, x := range []float64{a, b, ref} {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return true
		}
	}
	return ref == 0
}

// sameSpecial is what a special element must satisfy against the exact
// result when no GPU is there to compare bits with: NaN for NaN, the same
// infinity or zero.
func (s approxSpec) sameSpecial(y, ref float64) bool {
	if math.IsNaN(ref) {
		return math.IsNaN(y)
	}
	if math.IsInf(ref, 0) || ref == 0 {
		return y == ref
	}
	return true // a finite result of a special input: bounded elsewhere, not here
}

// highWordInf reports the f64 NaNs whose high word alone is ±Inf:
// rcp.approx.ftz.f64 reads only the high word (measured on the H100, which
// gives 0 for 0x7FF0000000000001), so their reciprocal is a zero, not NaN.
func highWordInf(a, _ float64) bool {
	return math.IsNaN(a) && math.Float64bits(a)>>32&0x7FFFFFFF == 0x7FF00000
}
