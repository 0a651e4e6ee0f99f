package labs

import (
	"math"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/cudalib/vgpu"
)

// A sampled run's check looks at the written elements only: right ones
// pass and say how many were checked, a wrong one fails, unwritten ones
// are neither, and a run that wrote nothing is not a pass.
func TestCheckWritten(t *testing.T) {
	want := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	ref := reference{want: want, tol: exact}
	s := &runSampling{launches: []cudalib.VirtualLaunch{{Kernel: "k", Sample: &cudalib.VirtualSample{Sampled: true, Blocks: 4, Ran: []int64{1}, Trusted: true}}}}
	out := f32{nan32, nan32, 3, 4, nan32, nan32, nan32, nan32}
	w := [][]cudalib.Range{{{Lo: 2, Hi: 4}}}
	v := checkWritten([]array{out}, w, []reference{ref}, nil, s)
	if !v.pass || !strings.Contains(v.text, "1 of 4 blocks ran") || !strings.Contains(v.text, "25 % of outputs") {
		t.Errorf("right written outputs: %v %q", v.pass, v.text)
	}
	out[3] = 4.5
	if v := checkWritten([]array{out}, w, []reference{ref}, nil, s); v.pass || !strings.HasPrefix(v.text, "FAIL") || !strings.Contains(v.text, "[3] = 4.5") {
		t.Errorf("a wrong written output: %v %q", v.pass, v.text)
	}
	none := f32{nan32, nan32, nan32, nan32, nan32, nan32, nan32, nan32}
	if v := checkWritten([]array{none}, [][]cudalib.Range{nil}, []reference{ref}, nil, s); v.pass || !strings.Contains(v.text, "nothing checked") {
		t.Errorf("nothing written: %v %q", v.pass, v.text)
	}
	// A sampled reference: only the written elements it covers are
	// compared; with refAt every written element is.
	sref := reference{want: []float64{3, 7}, idx: []int{2, 6}, tol: exact}
	out = f32{nan32, nan32, 3, 4, nan32, nan32, nan32, nan32}
	if v := checkWritten([]array{out}, w, []reference{sref}, nil, s); !v.pass || !strings.Contains(v.text, "1 of them in the reference's sample") {
		t.Errorf("sampled reference: %v %q", v.pass, v.text)
	}
	at := func(_ int, idx []int) reference {
		w := make([]float64, len(idx))
		for i, j := range idx {
			w[i] = want[j] + 1 // wrong everywhere: element 3 must be compared too
		}
		return reference{want: w, idx: idx, tol: exact}
	}
	if v := checkWritten([]array{out}, w, nil, at, s); v.pass {
		t.Errorf("refAt: every written element must be compared: %q", v.text)
	}
	if !math.IsNaN(float64(nan32)) {
		t.Fatal("poison is not NaN")
	}
}

// Multi-launch variants forced to sample their launches (stencil time
// steps, Floyd–Warshall rounds) model the time of their whole run within a
// few per cent, and pass the check of what they ran.
func TestLaunchSamplingMatchesWholeRun(t *testing.T) {
	if testing.Short() {
		t.Skip("interprets every variant twice")
	}
	dev := openVirtual(t)
	defer dev.SetVirtualSampling(nil)
	cases := []struct {
		lab      *Lab
		n        int
		variants []string
		tol      float64
	}{
		{Stencil3D, 32, []string{"global (32,4,4)", "shared (8,8,8)", "shared (4,2,2)", "2.5D (16,8)"}, 0.02},
		{Floyd, 200, []string{"global, coalesced", "shared B=32, min", "shared B=8, min", "shared B=32, if"}, 0.05},
	}
	for _, c := range cases {
		run := func(mode vgpu.SampleMode) Table {
			if err := dev.SetVirtualSampling(&cudalib.VirtualSampling{Mode: mode}); err != nil {
				t.Fatal(err)
			}
			tab, err := c.lab.RunWith(dev, Options{Seed: 3}, []int{c.n}, c.variants...)
			if err != nil {
				t.Fatal(err)
			}
			return tab
		}
		whole, sampled := run(cudalib.VirtualSampleFull), run(cudalib.VirtualSampleForced)
		for i, w := range whole.Rows {
			s := sampled.Rows[i]
			t.Logf("%s %s: whole %.4f ms, sampled %.4f ms | %s", c.lab.Key, w.Variant, w.MedianMS, s.MedianMS, s.Check)
			if !w.Pass || strings.Contains(w.Check, "sampled") {
				t.Errorf("%s %s whole: %s", c.lab.Key, w.Variant, w.Check)
			}
			if !s.Pass || !strings.HasPrefix(s.Check, "sampled") {
				t.Errorf("%s %s sampled: want a passed sampled check, got %s", c.lab.Key, s.Variant, s.Check)
			}
			if c.lab == Stencil3D && !strings.Contains(s.Check, "halo copy into the output counted") {
				t.Errorf("%s %s sampled: the output's halo copy ran (the output is written): %s", c.lab.Key, s.Variant, s.Check)
			}
			if rel := math.Abs(s.MedianMS/w.MedianMS - 1); !(rel <= c.tol) {
				t.Errorf("%s %s: sampled %.4f ms vs whole %.4f ms: %.1f %% off, want within %.0f %%", c.lab.Key, w.Variant, s.MedianMS, w.MedianMS, 100*rel, 100*c.tol)
			}
		}
	}
}
