package labs

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestGrad1DCPUHandExample(t *testing.T) {
	// Periodic: the neighbours of u[0] are u[3] and u[1].
	u := []float32{1, 2, 4, 8}
	got := make([]float32, 4)
	grad1dRange(got, u, 0.5, 0, 4)
	want := []float32{(8 - 2 + 2) * 0.5, (1 - 4 + 4) * 0.5, (2 - 8 + 8) * 0.5, (4 - 16 + 1) * 0.5}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

// The second difference of the sine is −sin within the check's bound at
// every point (the boundary is periodic), and the seed's N = 150 shows the
// expected h²/12 ≈ 1.5e-4.
func TestGrad1DSineMatchesMinusSin(t *testing.T) {
	for _, n := range []int{3, 150, grad1dSineMax} {
		out := make(f32, n)
		grad1dRange(out, grad1dSine(n), grad1dInvH2(n), 0, n)
		v := compare(out, grad1dSineRef(n))
		if !v.pass {
			t.Errorf("N=%d: %s", n, v.text)
		}
		if n == 150 {
			worst := 0.0
			for i, x := range out {
				worst = max(worst, math.Abs(float64(x)+math.Sin(2*math.Pi*float64(i)/150)))
			}
			if worst < 1e-4 || worst > 3e-4 {
				t.Errorf("N=150: max error %.3g, want about h²/12 = 1.5e-4", worst)
			}
		}
	}
}

func TestGrad1DChecks(t *testing.T) {
	const n = grad1dSineMax + 3001
	p, err := Grad1D.setup(n, newRand(1, n))
	if err != nil {
		t.Fatal(err)
	}
	u := []float32(p.in[0].(f32))
	if u[0] == u[1] || math.Abs(float64(u[0])) < 0.5 {
		t.Fatalf("large N should get random input, got %v", u[:2])
	}
	if !p.cpu(newDeadline(DefaultCPUCap)) {
		t.Fatal("CPU reference stopped")
	}
	refs, err := p.ref(true)
	if err != nil {
		t.Fatal(err)
	}
	cpu := []float32(p.cpuOut[0].(f32))
	if v := compare(p.cpuOut[0], refs[0]); !v.pass {
		t.Fatalf("CPU output vs its own reference: %s", v.text)
	}
	if uncapped, _ := p.ref(false); !slices.Equal(uncapped[0].want, refs[0].want) {
		t.Fatal("the reference without the CPU baseline differs")
	}

	invH2 := grad1dInvH2(n)
	// Another evaluation order, (l + r) − 2u, is within the rounding bound.
	other := make(f32, n)
	for i := range u {
		other[i] = (u[(i+n-1)%n] + u[(i+1)%n] - 2*u[i]) * invH2
	}
	if v := compare(other, refs[0]); !v.pass {
		t.Fatalf("reordered sum: %s", v.text)
	}

	// The seed's bug: the last element's right neighbour read past the end
	// (here: 0) instead of wrapping to u[0].
	bad := slices.Clone(f32(cpu))
	bad[n-1] = (u[n-2] - 2*u[n-1]) * invH2
	if v := compare(bad, refs[0]); v.pass || !strings.Contains(v.text, "1 of") {
		t.Fatalf("wrong halo: %s", v.text)
	}

	poisoned := slices.Clone(f32(cpu))
	poisoned[17] = float32(math.NaN())
	if v := compare(poisoned, refs[0]); v.pass || !strings.Contains(v.text, "not written") {
		t.Fatalf("unwritten element: %s", v.text)
	}

	// The −sin check catches a wrong neighbour too.
	su, sk := grad1dSine(150), grad1dInvH2(150)
	sine := make(f32, 150)
	grad1dRange(sine, su, sk, 0, 150)
	sine[0] = (0 - 2*su[0] + su[1]) * sk // u[−1] read as 0
	if v := compare(sine, grad1dSineRef(150)); v.pass {
		t.Fatalf("N=150 with a missing halo passed: %s", v.text)
	}
}

func TestGrad1DSetupErrors(t *testing.T) {
	for _, n := range []int{2, maxElements + 1} {
		if _, err := Grad1D.setup(n, newRand(1, n)); err == nil {
			t.Errorf("N=%d accepted", n)
		}
	}
}

// runOnGPU runs lab at sizes on the GPU (skipping without one) and fails
// on any row whose check did not pass. TestGPULabs runs every variant at
// the test sizes; these runs cover what it does not.
func runOnGPU(t *testing.T, lab *Lab, opts Options, sizes []int, variants ...string) Table {
	t.Helper()
	opts.Time = quick
	tab, err := lab.RunWith(openGPU(t), opts, sizes, variants...)
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Rows) == 0 {
		t.Fatal("no rows")
	}
	for _, r := range tab.Rows {
		if !r.Pass || !(r.MedianMS > 0) {
			t.Errorf("%s %s: %s (%.3g ms; %s)", r.SizeLabel, r.Variant, r.Check, r.MedianMS, r.Note)
		}
	}
	return tab
}

// N = 150 is checked against −sin x; with the CPU baseline capped, a random
// size is still checked against the full float32 reference.
func TestGPUGrad1D(t *testing.T) {
	tab := runOnGPU(t, Grad1D, Options{Seed: 1}, []int{150}, "global, TPB 1024", "shared, TPB 64")
	for _, r := range tab.Rows {
		if !strings.Contains(r.Check, "vs −sin(x)") {
			t.Errorf("N=150 %s: not checked against −sin: %s", r.Variant, r.Check)
		}
	}
	tab = runOnGPU(t, Grad1D, Options{Seed: 2, CPUCap: time.Nanosecond}, []int{1<<16 + 3}, "shared, TPB 32")
	if r := tab.Rows[0]; r.CPUNote != "CPU > 1ns cap" || strings.Contains(r.Check, "sampled") {
		t.Errorf("capped CPU: %q, check %q", r.CPUNote, r.Check)
	}
}
