package goengine

import (
	"errors"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/kernel/nb"
)

func TestProfileOption(t *testing.T) {
	for _, c := range []struct {
		in   string
		rest string
		n    int
		bad  bool
	}{
		{"", "", 0, false},
		{"--profile -DN=4", "-DN=4", 1, false},
		{"--use_fast_math --profile=3", "--use_fast_math", 3, false},
		{"--profiles", "--profiles", 0, false}, // not ours: NVRTC says
		{"--profile=0", "", 0, true},
		{"--profile=x", "", 0, true},
	} {
		rest, n, err := profileOption(strings.Fields(c.in))
		if (err != nil) != c.bad || (!c.bad && (strings.Join(rest, " ") != c.rest || n != c.n)) {
			t.Errorf("profileOption(%q) = %q, %d, %v", c.in, rest, n, err)
		}
	}
}

// %%cuda --profile: the first launch of the cell's kernel shows its profile
// (the per-line table and the chart) in the launching cell's output; the
// second launch does not.
func TestCUDAProfileMagic(t *testing.T) {
	if _, err := nb.Device(); err != nil {
		t.Skipf("no device: %v", err)
	}
	var ce *cudalib.CompileError
	if err := cudalib.CheckSource("probe.cu", "__global__ void k() {}"); err != nil && !errors.As(err, &ce) {
		t.Skipf("no NVRTC to compile CUDA source: %v", err)
	}
	e := shared(t)
	ok(t, e, "%%cuda --profile\n"+`extern "C" __global__ void gather(const float* in, float* out) {
    int i = threadIdx.x;
    out[i] = in[i * 32];
}`)
	launch := `dev, _ := nb.Device()
gin, _ := dev.Float32s(32 * 32)
gout, _ := dev.Float32s(32)
gather.Run(cudalib.Linear(32, 32), gin, gout)`
	r := ok(t, e, launch)
	var html string
	images := 0
	r.mu.Lock()
	for _, ev := range r.events {
		if ev.kind != "display" {
			continue
		}
		if h, ok := ev.data["text/html"].(string); ok {
			html += h
		}
		if _, ok := ev.data["image/png"]; ok {
			images++
		}
	}
	r.mu.Unlock()
	if !strings.Contains(html, "culab-profile") || !strings.Contains(html, "32 sectors per load request") || images != 1 {
		t.Fatalf("launch cell: %d images; HTML %q", images, html)
	}
	if !strings.Contains(html, "out[i] = in[i * 32];") || !strings.Contains(html, ">3</td>") {
		t.Errorf("the view does not show cell line 3")
	}
	r = ok(t, e, "gather.Run(cudalib.Linear(32, 32), gin, gout)")
	for _, ev := range r.events {
		if ev.kind == "display" {
			t.Errorf("the second launch was profiled too")
		}
	}
}
