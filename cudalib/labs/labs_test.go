package labs

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/culab/culab/cudalib"
)

func TestVecAddCPU(t *testing.T) {
	out := make([]float32, 3)
	if !vecaddCPU(newDeadline(time.Hour), out, []float32{1, 2.5, -3}, []float32{4, 0.5, 3}) {
		t.Fatal("stopped")
	}
	if !slices.Equal(out, []float32{5, 3, 0}) {
		t.Errorf("got %v", out)
	}
}

func TestMatMulCPU(t *testing.T) {
	// [1 2; 3 4]·[5 6; 7 8] = [19 22; 43 50]
	c := make([]float32, 4)
	if !matmulCPU(nil, c, []float32{1, 2, 3, 4}, []float32{5, 6, 7, 8}, 2) {
		t.Fatal("stopped")
	}
	if !slices.Equal(c, []float32{19, 22, 43, 50}) {
		t.Errorf("got %v", c)
	}
	if got := matmul64([]float32{1, 2, 3, 4}, []float32{5, 6, 7, 8}, 2); !slices.Equal(got, []float64{19, 22, 43, 50}) {
		t.Errorf("matmul64: %v", got)
	}
	// A·I = A at a size that is not a multiple of anything.
	const n = 7
	a := randomFloat32s(newRand(1, n), n*n)
	id := make([]float32, n*n)
	for i := range n {
		id[i*n+i] = 1
	}
	ai := make([]float32, n*n)
	matmulCPU(nil, ai, a, id, n)
	if !slices.Equal(ai, a) {
		t.Errorf("A·I != A")
	}
}

// The sampled reference agrees with the full one where it samples, and
// samples the corners.
func TestMatMulSample(t *testing.T) {
	const n = 37
	a, b, _, full := matmulCase(t, n)
	s := matmulSample(a, b, n, newRand(9, 0))
	if len(s.idx) != matmulSamples+4 || !slices.Contains(s.idx, n*n-1) || !strings.Contains(s.how, "sampled") {
		t.Fatalf("sample: %d entries, how %q", len(s.idx), s.how)
	}
	for j, i := range s.idx {
		if math.Abs(s.want[j]-full.want[i]) > 1e-12*math.Abs(full.want[i]) {
			t.Fatalf("entry %d: sampled %v, full %v", i, s.want[j], full.want[i])
		}
	}
}

func TestTransposeCPU(t *testing.T) {
	out := make([]float32, 9)
	transposeCPU(nil, out, []float32{1, 2, 3, 4, 5, 6, 7, 8, 9}, 3)
	if !slices.Equal(out, []float32{1, 4, 7, 2, 5, 8, 3, 6, 9}) {
		t.Errorf("got %v", out)
	}
}

// Every lab's serial CPU baseline agrees with its float64 reference, full
// and sampled, at the test sizes, and a stopped baseline says so.
func TestCPUBaselinesMatchReferences(t *testing.T) {
	for _, l := range All() {
		for _, n := range l.smoke {
			p, err := l.setup(n, newRand(5, n))
			if err != nil {
				t.Fatalf("%s n=%d: %v", l.Key, n, err)
			}
			if p.cpuPrepare != nil {
				p.cpuPrepare()
			}
			if p.cpuOut == nil {
				continue // the lab's tests check its baseline themselves
			}
			if !p.cpu(newDeadline(time.Hour)) {
				t.Fatalf("%s n=%d: baseline stopped", l.Key, n)
			}
			for _, cpuDone := range []bool{true, false} {
				refs, err := p.ref(cpuDone)
				if err != nil {
					t.Fatalf("%s n=%d: %v", l.Key, n, err)
				}
				if v := checkAll(p.cpuOut, refs); !v.pass {
					t.Errorf("%s n=%d (cpuDone %v): %s", l.Key, n, cpuDone, v.text)
				}
			}
			if p.cpu(newDeadline(-time.Second)) {
				t.Errorf("%s n=%d: baseline ran past a deadline that had passed", l.Key, n)
			}
		}
	}
}

// Inputs are random, never all zero, the same for the same seed and size,
// and different for another seed.
func TestInputs(t *testing.T) {
	for _, l := range All() {
		n := l.smoke[len(l.smoke)-1]
		p1, err1 := l.setup(n, newRand(11, n))
		p2, err2 := l.setup(n, newRand(11, n))
		p3, err3 := l.setup(n, newRand(12, n))
		if err := errors.Join(err1, err2, err3); err != nil {
			t.Fatalf("%s: %v", l.Key, err)
		}
		for k, in := range p1.in {
			nonzero, differs := false, false
			for i := range in.length() {
				v := in.at(i)
				nonzero = nonzero || v != 0
				differs = differs || v != p3.in[k].at(i)
				if v != p2.in[k].at(i) && !(math.IsNaN(v) && math.IsNaN(p2.in[k].at(i))) {
					t.Fatalf("%s input %d: not reproducible at [%d]", l.Key, k, i)
				}
			}
			if !nonzero {
				t.Errorf("%s input %d: all zeros", l.Key, k)
			}
			if !differs && in.length() > 1 {
				t.Errorf("%s input %d: another seed gave the same input", l.Key, k)
			}
		}
	}
	for _, v := range randomFloats(newRand(1, 100000), 100000) {
		if a := math.Abs(v); a < 0.5 || a >= 1.5 {
			t.Fatalf("randomFloats gave %v, want ±[0.5, 1.5)", v)
		}
	}
}

// A large fill (a generator per piece, on every core) is random values
// in ±[0.5, 1.5), uniform, of either sign, its pieces unlike each other,
// and the same again from the same seed.
func TestRandomFillSeeded(t *testing.T) {
	n := 2*randomPiece + 5
	v, again := make([]float64, n), make([]float64, n)
	randomFillSeeded(7, v)
	randomFillSeeded(7, again)
	neg, sum := 0, 0.0
	seen := map[float64]bool{}
	for i, x := range v {
		a := math.Abs(x)
		if a < 0.5 || a >= 1.5 {
			t.Fatalf("value %d = %v, want ±[0.5, 1.5)", i, x)
		}
		if x != again[i] {
			t.Fatalf("value %d: %v, then %v from the same seed", i, x, again[i])
		}
		if x < 0 {
			neg++
		}
		sum += a
		seen[x] = true
	}
	// Fixed seeds; the bounds are over 5σ of 2·10⁶ fair draws.
	if f := float64(neg) / float64(n); math.Abs(f-0.5) > 0.002 {
		t.Errorf("%.4f of the values negative, want 0.5", f)
	}
	if m := sum / float64(n); math.Abs(m-1) > 0.002 {
		t.Errorf("mean magnitude %.4f, want 1", m)
	}
	if len(seen) < n-100 {
		t.Errorf("%d distinct values of %d", len(seen), n)
	}
	other := make([]float64, n)
	randomFillSeeded(8, other)
	if other[0] == v[0] && other[randomPiece] == v[randomPiece] {
		t.Error("another seed gave the same values")
	}
}

func TestMetrics(t *testing.T) {
	cases := []struct {
		lab  *Lab
		n    int
		ms   float64
		want float64
	}{
		{VecAdd, 1_000_000, 1, 12},                    // 3·4·10⁶ B in 1 ms = 12 GB/s
		{MatMul, 1000, 2, 1000},                       // 2·10⁹ flop in 2 ms = 1000 GFLOP/s
		{BankConflict, 1000, 0.5, 4},                  // 2·10⁹ flop in 0.5 ms = 4 TFLOP/s
		{Transpose, 1000, 1, 8},                       // 2·4·10⁶ B in 1 ms = 8 GB/s
		{LaunchCfg, 1 << 20, 1, 32 * (1 << 20) / 1e6}, // 2·16·2²⁰ B in 1 ms
	}
	for _, c := range cases {
		if got := c.lab.Metric(c.n, c.ms); math.Abs(got-c.want) > 1e-9*c.want {
			t.Errorf("%s: %v %s, want %v", c.lab.Key, got, c.lab.MetricUnit, c.want)
		}
	}
	if VecAdd.Metric(10, 0) != 0 {
		t.Error("metric of an unmeasured time should be 0")
	}
}

func TestSizeLabels(t *testing.T) {
	got := []string{VecAdd.SizeLabel(10 * W), VecAdd.SizeLabel(2000 * W), VecAdd.SizeLabel(12345),
		LaunchCfg.SizeLabel(1 << 20), LaunchCfg.SizeLabel(19260817), MatMul.SizeLabel(512)}
	want := []string{"10W", "2000W", "12345", "2^20", "19260817", "512"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestSizeLimits(t *testing.T) {
	for _, c := range []struct {
		lab *Lab
		n   int
	}{{VecAdd, maxElements + 1}, {MatMul, maxMatrix + 1}, {BankConflict, maxMatrix + 1}, {Transpose, maxMatrix + 1}, {LaunchCfg, maxElements + 1}} {
		if _, err := c.lab.Run(nil, []int{c.n}); err == nil || !strings.Contains(err.Error(), "at most") {
			t.Errorf("%s n=%d: %v", c.lab.Key, c.n, err)
		}
	}
}

// An interrupted cell stops the run with an error.
func TestRunInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	restore := cudalib.SetContext(ctx)
	defer restore()
	if _, err := VecAdd.Run(nil, []int{10}); err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Errorf("got %v", err)
	}
}

func TestDeviceReport(t *testing.T) {
	if _, err := QueryDevice(nil); err == nil || !strings.Contains(err.Error(), "no GPU") {
		t.Errorf("nil device: %v", err)
	}
	r := deviceReport(cudalib.Info{Name: "Test <GPU>", Major: 9, SMCount: 132, TotalMem: 80 << 30,
		MaxGridDim: [3]int{2147483647, 65535, 65535}, MemClockKHz: 2_619_000, MemBusWidth: 5120})
	s := r.String()
	for _, want := range []string{"Test <GPU>", "9.0 (sm_90)", "81920 MiB", "2147483647 × 65535 × 65535", "3352 GB/s"} {
		if !strings.Contains(s, want) {
			t.Errorf("String lacks %q:\n%s", want, s)
		}
	}
	h := r.HTML()
	if !strings.Contains(h, "Test &lt;GPU&gt;") || !strings.Contains(h, "<code>multiProcessorCount</code>") {
		t.Errorf("HTML:\n%s", h)
	}
}
