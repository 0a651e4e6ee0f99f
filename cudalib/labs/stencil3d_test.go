package labs

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/culab/culab/cudalib"
)

func TestStencilAlpha(t *testing.T) {
	seen := map[float64]bool{}
	sum := 0.0
	for dz := -1; dz <= 1; dz++ {
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				a := stencilAlpha(dx, dy, dz)
				if seen[a] || a <= 0 {
					t.Fatalf("α(%d,%d,%d) = %g: want distinct positive weights", dx, dy, dz, a)
				}
				seen[a] = true
				sum += a
			}
		}
	}
	if math.Abs(sum-1) > 1e-15 {
		t.Fatalf("Σα = %.17g, want 1", sum)
	}
}

// stencilSteps runs nt steps of the reference on a copy of in.
func stencilReference(g stencilGrid, in []float64, nt int) []float64 {
	tmp, out := slices.Clone(in), slices.Clone(in)
	stencilRun(nil, g, in, tmp, out, nt)
	return out
}

func testGrid(g stencilGrid, seed uint64) []float64 {
	return randomFloats(newRand(seed, g.stored()), g.stored())
}

// One cell written out term by term, in the loops' reverse order.
func TestStencil3DCPUPoint(t *testing.T) {
	g := stencilGrid{5, 4, 3}
	in := testGrid(g, 7)
	out := stencilReference(g, in, 1)
	const x, y, z = 4, 2, 3 // touches the halo at z = 4
	want := 0.0
	for dx := 1; dx >= -1; dx-- {
		for dy := 1; dy >= -1; dy-- {
			for dz := 1; dz >= -1; dz-- {
				want += float64(1+(dx+1)+3*(dy+1)+9*(dz+1)) / 378 * in[g.index(x+dx, y+dy, z+dz)]
			}
		}
	}
	if got := out[g.index(x, y, z)]; math.Abs(got-want) > 1e-15 {
		t.Fatalf("cell (%d,%d,%d) = %.17g, want %.17g", x, y, z, got, want)
	}
}

// A linear field f = ax + by + cz maps to f + Σα·(a dx + b dy + c dz) =
// f + (18a + 54b + 162c)/378 inside, and the halo keeps its values: an
// answer computed without the stencil loop.
func TestStencil3DCPULinearField(t *testing.T) {
	g := stencilGrid{6, 5, 4}
	const a, b, c = 0.25, -0.5, 1.5
	in := make([]float64, g.stored())
	for i := range in {
		x, y, z := g.coords(i)
		in[i] = a*float64(x) + b*float64(y) + c*float64(z)
	}
	out := stencilReference(g, in, 1)
	shift := (18*a + 54*b + 162*c) / 378
	for i := range out {
		want := in[i]
		if x, y, z := g.coords(i); g.interior(x, y, z) {
			want += shift
		}
		if math.Abs(out[i]-want) > 1e-13 {
			x, y, z := g.coords(i)
			t.Fatalf("cell (%d,%d,%d) = %.17g, want %.17g", x, y, z, out[i], want)
		}
	}
}

func TestStencil3DSteps(t *testing.T) {
	g := stencilGrid{9, 8, 7}
	in := testGrid(g, 2)
	keep := slices.Clone(in)
	if !slices.Equal(stencilReference(g, in, 0), in) {
		t.Fatal("0 steps changed the array")
	}
	one := stencilReference(g, in, 1)
	for _, nt := range []int{2, 3, 4} {
		want := one
		for range nt - 1 {
			want = stencilReference(g, want, 1)
		}
		if !slices.Equal(stencilReference(g, in, nt), want) {
			t.Errorf("%d steps differ from one step %d times", nt, nt)
		}
	}
	if !slices.Equal(in, keep) {
		t.Fatal("the input was modified")
	}
	// The schedule: the last step writes the output, only the first reads
	// the input, and each step reads what the previous one wrote.
	for _, nt := range []int{1, 2, 3, 4, 5} {
		prev := 0
		for s := 1; s <= nt; s++ {
			src, dst := stencilBuffers(s, nt)
			if src != prev || dst == src || dst == 0 {
				t.Fatalf("nt=%d step %d: %d → %d after writing %d", nt, s, src, dst, prev)
			}
			prev = dst
		}
		if prev != 2 {
			t.Fatalf("nt=%d: the last step writes buffer %d", nt, prev)
		}
	}
}

// The sampled reference (used past the CPU cap) equals the full one.
func TestStencil3DSample(t *testing.T) {
	for _, g := range []stencilGrid{{12, 11, 10}, {3, 3, 3}} {
		in := testGrid(g, 5)
		for _, nt := range []int{0, 1, 4} {
			full := stencilReference(g, in, nt)
			r := stencilSample(g, in, nt, newRand(1, 1))
			if len(r.idx) != 16+stencilSamples {
				t.Fatalf("%d samples", len(r.idx))
			}
			for s, i := range r.idx {
				if r.want[s] != full[i] {
					x, y, z := g.coords(i)
					t.Fatalf("grid %v nt=%d: sample (%d,%d,%d) = %.17g, full reference %.17g", g, nt, x, y, z, r.want[s], full[i])
				}
			}
		}
	}
}

func TestStencil3DChecks(t *testing.T) {
	const n = 13
	g := stencilGrid{n, n, n}
	p, err := Stencil3D.setup(n, newRand(3, n))
	if err != nil {
		t.Fatal(err)
	}
	if !p.cpu(newDeadline(DefaultCPUCap)) {
		t.Fatal("CPU reference stopped")
	}
	cpu := []float64(p.cpuOut[0].(f64))
	if !slices.Equal(cpu, stencilReference(g, []float64(p.in[0].(f64)), stencilSteps)) {
		t.Fatal("the timed baseline differs from the reference")
	}
	full, _ := p.ref(true)
	sampled, _ := p.ref(false)
	for _, ref := range [][]reference{full, sampled} {
		if v := compare(f64(cpu), ref[0]); !v.pass {
			t.Fatalf("CPU output: %s", v.text)
		}
		near := slices.Clone(cpu)
		for i := range near {
			near[i] *= 1 + 1e-14
		}
		if v := compare(f64(near), ref[0]); !v.pass {
			t.Fatalf("rounding-level difference: %s", v.text)
		}
	}
	for _, c := range []struct {
		name    string
		x, y, z int
		value   float64
		want    string
	}{
		{"unwritten (NaN poison)", 3, 2, 1, math.NaN(), "not written"},
		{"wrong value", n, n, n, 0.75, "wrong"},
		{"halo written", 0, 0, 0, 1e-3, "wrong"},
	} {
		bad := slices.Clone(cpu)
		i := g.index(c.x, c.y, c.z)
		bad[i] = c.value
		v := compare(f64(bad), full[0])
		if v.pass || !strings.Contains(v.text, c.want) || !strings.Contains(v.text, fmt.Sprintf("[%d]", i)) {
			t.Errorf("%s: %s", c.name, v.text)
		}
	}
	if _, err := Stencil3D.setup(1289, newRand(1, 1)); err == nil {
		t.Error("n = 1289 overflows 32-bit indexing and was accepted")
	}
}

// With the CPU reference capped, the check falls back to sampled cells.
func TestGPUStencil3D(t *testing.T) {
	tab := runOnGPU(t, Stencil3D, Options{Seed: 2, CPUCap: time.Nanosecond}, []int{33},
		"global (32,4,4)", "shared (4,2,2)", "2.5D (32,8)")
	for _, r := range tab.Rows {
		if !strings.Contains(r.Check, "sampled cells") {
			t.Errorf("%s: capped CPU should check samples: %s", r.Variant, r.Check)
		}
	}
}

// The in-place baseline of the large grids is stencilRun's result bit for
// bit, on a grid of uneven sides.
func TestStencilInPlace(t *testing.T) {
	g := stencilGrid{13, 7, 9}
	in := randomFloats(newRand(5, 1), g.stored())
	tmp, out := slices.Clone(in), slices.Clone(in)
	stencilRun(nil, g, in, tmp, out, stencilSteps)
	buf := slices.Clone(in)
	if !stencilInPlace(nil, g, buf, stencilSteps) {
		t.Fatal("stopped without a deadline")
	}
	for i := range out {
		if math.Float64bits(buf[i]) != math.Float64bits(out[i]) {
			t.Fatalf("cell %d: in place %v, stencilRun %v", i, buf[i], out[i])
		}
	}
}

// A sampled step's check compares every written cell up to its limit, and
// past it whole z planes (both ends' and every k-th), saying which: a
// wrong cell in a compared plane fails, one elsewhere is not compared.
func TestStencilStepCheckPlanes(t *testing.T) {
	const n = 12
	g := stencilGrid{n, n, n}
	in := randomFloats(newRand(5, n), g.stored())
	step := newStencilStepper(g)
	scratch := make([]float64, g.stored())
	for i := range scratch {
		scratch[i] = step.at(in, i)
	}
	// Rows x = 2 … 6 of every plane, as a sample of blocks writes them.
	var written []cudalib.Range
	for z := 0; z <= n+1; z++ {
		for y := 0; y <= n+1; y++ {
			written = append(written, cudalib.Range{Lo: g.index(2, y, z), Hi: g.index(7, y, z)})
		}
	}
	fetch := func(lo int, dst []float64) error { copy(dst, scratch[lo:]); return nil }
	check := func(limit int) verdict {
		v, err := stencilStepCheck(g, in, written, limit, fetch)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	all := spansLen(written)
	if v := check(all); !v.pass || strings.Contains(v.text, "planes") {
		t.Fatalf("every written cell within the limit: %s", v.text)
	}
	limit := 7 * 14 * 5 // planes 0, 1, 4, 7, 10, 12 and 13 of 14 rows of 5 cells
	v := check(limit)
	if !v.pass || !strings.Contains(v.text, "the 490 of their 980 cells in planes z = 0, 1, 1+3, 1+2·3, …, 12, 13") {
		t.Fatalf("half the cells: want planes 0, 1, every 3rd, 12, 13 compared: %s", v.text)
	}
	for _, c := range []struct {
		z    int
		fail bool
	}{{0, true}, {1, true}, {4, true}, {13, true}, {12, true}, {3, false}} {
		i := g.index(4, 5, c.z)
		was := scratch[i]
		scratch[i] = was + 0.5
		v := check(limit)
		scratch[i] = was
		if v.pass == c.fail || c.fail && !strings.Contains(v.text, fmt.Sprintf("[%d]", i)) {
			t.Errorf("cell wrong in plane %d: pass %v, want %v: %s", c.z, v.pass, !c.fail, v.text)
		}
	}
	if v, _ := stencilStepCheck(g, in, nil, all, fetch); v.pass {
		t.Errorf("nothing written passed: %s", v.text)
	}
}

// A 2.5D step's cost counts its march along z: at 512³ its steps are
// sampled (and the output's halo copy is not run), as a step of one thread
// per cell is; a small grid is not.
func TestStencilSampledCountsPlanes(t *testing.T) {
	dev := openVirtual(t)
	restore, err := labSampling(dev)
	if err != nil {
		t.Fatal(err)
	}
	defer restore()
	for _, c := range []struct {
		kernel string
		n      int
		b      cudalib.Dim3
		want   bool
	}{
		{"st_25d", 512, cudalib.D2(32, 32), true},
		{"st_25d", 512, cudalib.D2(8, 8), true},
		{"st_global", 512, cudalib.D3(32, 4, 4), true},
		{"st_25d", 32, cudalib.D2(32, 8), false},
		{"st_global", 32, cudalib.D3(32, 4, 4), false},
	} {
		planes := 1
		if c.kernel == "st_25d" {
			planes = c.n
		}
		if got := stencilSampled(dev, stencilConfig(c.kernel, c.n, c.b), planes); got != c.want {
			t.Errorf("%s %v at %d³: sampled %v, want %v", c.kernel, c.b, c.n, got, c.want)
		}
	}
}

// at is cell i of one step from src, term by term (fill's spec): the
// weighted sum of its 27 neighbours in stencilRun's order for an interior
// cell, the cell itself on the halo (never written).
func (s stencilStepper) at(src []float64, i int) float64 {
	if !s.g.interior(s.g.coords(i)) {
		return src[i]
	}
	acc := 0.0
	for t, a := range stencilWeights {
		acc += a * src[i+s.off[t]]
	}
	return acc
}

// fill computes every span of cells, of any start and end (rows of the
// halo, pieces of rows, several rows), as at does cell by cell, bit for bit.
func TestStencilStepperFill(t *testing.T) {
	g := stencilGrid{6, 4, 3}
	in := testGrid(g, 3)
	step := newStencilStepper(g)
	rng := newRand(9, 0)
	for range 2000 {
		lo := rng.IntN(g.stored())
		hi := lo + rng.IntN(min(3*(g.nx+2), g.stored()-lo)+1)
		if rng.IntN(100) == 0 {
			lo, hi = 0, g.stored()
		}
		want := make([]float64, hi-lo)
		step.fill(in, lo, hi, want)
		for i := lo; i < hi; i++ {
			if got, exp := want[i-lo], step.at(in, i); math.Float64bits(got) != math.Float64bits(exp) {
				t.Fatalf("fill [%d, %d): cell %d = %v, at gives %v", lo, hi, i, got, exp)
			}
		}
	}
}

// The sampled run's note says once of each launch it did not run that it
// was counted and not run.
func TestStencilStepsText(t *testing.T) {
	const ran = "ran 226 of 32768 blocks"
	for _, c := range []struct {
		halo bool
		want string
	}{
		{false, "sampled: step 1 of 4 ran 226 of 32768 blocks, steps 2–4 counted as step 1 (same kernel and shape, no branch on the data) and not run"},
		{true, "sampled: step 1 of 4 ran 226 of 32768 blocks, steps 2–4 counted as step 1 (same kernel and shape, no branch on the data) and not run, " +
			"and the halo copy into the output counted as the one into the scratch buffer and not run"},
	} {
		if got := stencilStepsText(ran, c.halo); got != c.want {
			t.Errorf("halo counted %v:\n got %q\nwant %q", c.halo, got, c.want)
		}
	}
}
