package labs

import (
	"math"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib"
)

// matmulCase is a small product with its float32 GPU-like result (the
// CPU baseline) and the float64 reference.
func matmulCase(t *testing.T, n int) (a, b []float32, c f32, ref reference) {
	t.Helper()
	rng := newRand(3, n)
	a, b = randomFloat32s(rng, n*n), randomFloat32s(rng, n*n)
	c = make(f32, n*n)
	if !matmulCPU(nil, c, a, b, n) {
		t.Fatal("matmulCPU stopped without a deadline")
	}
	return a, b, c, reference{want: matmul64(a, b, n), tol: sumTolerance(n)}
}

func TestCompareCatchesWrongOutputs(t *testing.T) {
	const n = 48
	_, _, good, ref := matmulCase(t, n)
	if v := compare(good, ref); !v.pass || !strings.HasPrefix(v.text, "ok: rel L2 err") {
		t.Fatalf("correct float32 product rejected: %s", v.text)
	}

	cases := map[string]struct {
		mutate func(f32)
		want   string
	}{
		"one element off by 1":             {func(c f32) { c[n+5]++ }, "FAIL: 1 of 2304 checked elements wrong, first [53]"},
		"one element off by 1e-3 relative": {func(c f32) { c[7] *= 1.001 }, "FAIL: 1 of 2304 checked elements wrong, first [7]"},
		"unwritten element (NaN poison)":   {func(c f32) { c[n*n-1] = float32(math.NaN()) }, "FAIL: 1 of 2304 elements not written (still poisoned), first [2303]"},
		"infinite element":                 {func(c f32) { c[0] = float32(math.Inf(1)) }, "FAIL: 1 of 2304 checked elements wrong, first [0]"},
		"transposed result": {func(c f32) {
			copy(c, transpose32(c, n))
		}, "FAIL: "},
		"all zeros": {func(c f32) { clear(c) }, "FAIL: 2304 of 2304 checked elements wrong"},
	}
	for name, tc := range cases {
		c := append(f32(nil), good...)
		tc.mutate(c)
		if v := compare(c, ref); v.pass || !strings.HasPrefix(v.text, tc.want) {
			t.Errorf("%s: pass=%v %q, want prefix %q", name, v.pass, v.text, tc.want)
		}
	}
}

// NaN never passes, whatever the tolerance, sampled or not.
func TestCompareNaNNeverPasses(t *testing.T) {
	loose := tolerance{l2: math.Inf(1), max: math.Inf(1)}
	out := f32{1, float32(math.NaN()), 3}
	if v := compare(out, reference{want: []float64{1, 2, 3}, tol: loose}); v.pass {
		t.Errorf("NaN passed: %s", v.text)
	}
	// The NaN is outside the sample: the scan for unwritten elements still
	// sees it.
	if v := compare(out, reference{want: []float64{1}, idx: []int{0}, tol: loose}); v.pass || !strings.Contains(v.text, "not written") {
		t.Errorf("unsampled NaN passed: %s", v.text)
	}
	if v := compare(f32{1}, reference{want: []float64{math.NaN()}, tol: loose}); v.pass {
		t.Errorf("NaN reference passed: %s", v.text)
	}
}

func TestCompareExactAndInts(t *testing.T) {
	if v := compare(f64{1, 2}, reference{want: []float64{1, 2}, tol: exact}); !v.pass || v.text != "ok: exact" {
		t.Errorf("exact copy: %q", v.text)
	}
	if v := compare(f64{1, math.Nextafter(2, 3)}, reference{want: []float64{1, 2}, tol: exact}); v.pass {
		t.Errorf("one ulp off passed an exact check: %q", v.text)
	}
	if v := compare(i32{0, 5, poisonInt}, reference{want: []float64{0, 5, 7}, tol: exact}); v.pass || !strings.Contains(v.text, "1 of 3 elements not written") {
		t.Errorf("integer poison: %q", v.text)
	}
	if v := compare(i32{0, 5}, reference{want: []float64{0, 5, 7}, tol: exact}); v.pass || !strings.Contains(v.text, "output has 2 elements") {
		t.Errorf("length mismatch: %q", v.text)
	}
}

// A zero reference element does not divide by zero: an exact zero passes,
// anything else fails.
func TestCompareZeroScale(t *testing.T) {
	zero := reference{want: []float64{0, 0}, tol: tolerance{l2: 1e-6, max: 1e-6}}
	if v := compare(f64{0, 0}, zero); !v.pass {
		t.Errorf("zeros rejected: %s", v.text)
	}
	if v := compare(f64{0, 1e-30}, zero); v.pass {
		t.Errorf("non-zero accepted against a zero reference: %s", v.text)
	}
}

// Per-element scales (a rounding bound's magnitude) replace the default.
func TestCompareScale(t *testing.T) {
	r := reference{want: []float64{1, 1}, scale: []float64{1, 1000}, tol: tolerance{l2: 1, max: 1e-3}}
	if v := compare(f64{1, 1.5}, r); !v.pass {
		t.Errorf("error within its element's scale rejected: %s", v.text)
	}
	if v := compare(f64{1.5, 1}, r); v.pass {
		t.Errorf("error beyond its element's scale accepted: %s", v.text)
	}
}

func TestCheckAll(t *testing.T) {
	ok := reference{want: []float64{1}, tol: exact}
	if v := checkAll([]array{f32{1}, f32{1}}, []reference{ok, ok}); !v.pass {
		t.Errorf("two good outputs: %s", v.text)
	}
	v := checkAll([]array{f32{1}, f32{2}}, []reference{ok, ok})
	if v.pass || !strings.HasPrefix(v.text, "FAIL: output 1: ok") || !strings.Contains(v.text, "output 2: FAIL") {
		t.Errorf("second output wrong: %q", v.text)
	}
	if v := checkAll([]array{f32{1}}, nil); v.pass {
		t.Errorf("missing reference passed: %s", v.text)
	}
}

// The tolerance of a k-term float32 sum grows like √k and accepts real
// float32 sums of that length.
func TestSumTolerance(t *testing.T) {
	for _, n := range []int{1, 16, 100, 300} {
		_, _, c, ref := matmulCase(t, n)
		if v := compare(c, ref); !v.pass {
			t.Errorf("n=%d: %s", n, v.text)
		}
	}
	if a, b := sumTolerance(100), sumTolerance(400); math.Abs(b.l2/a.l2-2) > 1e-12 {
		t.Errorf("tolerance should grow like √k: %v %v", a, b)
	}
}

// hidden hides an output's type from compare's exact fast path.
type hidden struct{ array }

// compare passes over elements equal to their reference without counting
// them; its verdicts are those of counting every element.
func TestCompareExactFastPath(t *testing.T) {
	want := []float64{1, -2, 0, 3.5, math.Inf(1), 7}
	for _, c := range []struct {
		name string
		got  []float64
		tol  tolerance
	}{
		{"copy", []float64{1, -2, 0, 3.5, math.Inf(1), 7}, exact},
		{"negative zero", []float64{1, -2, math.Copysign(0, -1), 3.5, math.Inf(1), 7}, exact},
		{"one wrong", []float64{1, -2, 0, 3.25, math.Inf(1), 7}, exact},
		{"unwritten", []float64{1, math.NaN(), 0, 3.5, math.Inf(1), 7}, exact},
		{"rounding", []float64{1, -2, 0, 3.5 * (1 + 1e-9), math.Inf(1), 7}, tolerance{l2: 1e-6, max: 1e-6}},
	} {
		for _, ref := range []reference{{want: want, tol: c.tol}, {want: want[:5], tol: c.tol, spans: []cudalib.Range{{Lo: 1, Hi: 4}}}} {
			fast, slow := compare(f64(c.got[:len(ref.want)]), ref), compare(hidden{f64(c.got[:len(ref.want)])}, ref)
			if fast != slow {
				t.Errorf("%s: fast path %+v, every element counted %+v", c.name, fast, slow)
			}
		}
		f32s := make(f32, 4)
		for i := range f32s {
			f32s[i] = float32(c.got[i])
		}
		ref := reference{want: want[:4], tol: c.tol}
		if fast, slow := compare(f32s, ref), compare(hidden{f32s}, ref); fast != slow {
			t.Errorf("%s float32: fast path %+v, every element counted %+v", c.name, fast, slow)
		}
	}
}
