package goengine

import (
	"errors"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/kernel/nb"
)

func TestCUDAOptions(t *testing.T) {
	for _, c := range []struct {
		in       string
		rest     string
		profile  int
		sanitize bool
		bad      bool
	}{
		{"", "", 0, false, false},
		{"--profile -DN=4", "-DN=4", 1, false, false},
		{"--use_fast_math --profile=3", "--use_fast_math", 3, false, false},
		{"--profile --sanitize -O3", "-O3", 1, true, false},
		{"--sanitize", "", 0, true, false},
		{"--profiles --sanitize=1", "--profiles --sanitize=1", 0, false, false}, // not ours: NVRTC says
		{"--profile=0", "", 0, false, true},
		{"--profile=x", "", 0, false, true},
	} {
		rest, o, err := cudaOptions(strings.Fields(c.in))
		if (err != nil) != c.bad || (!c.bad && (strings.Join(rest, " ") != c.rest || o != inspectOptions{c.profile, c.sanitize})) {
			t.Errorf("cudaOptions(%q) = %q, %+v, %v", c.in, rest, o, err)
		}
	}
}

// %%cuda --profile: the first launch of the cell's kernel shows its profile
// (the per-line table and the chart) in the launching cell's output; the
// second launch does not.
func TestCUDAProfileMagic(t *testing.T) {
	needCUDA(t)
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

// %%cuda --sanitize: a launch whose kernel reads out of bounds, or (on the
// virtual GPU) reads a buffer nothing wrote, shows the sanitizer's finding,
// at the cell's line, in the launching cell's output; a clean launch shows
// nothing.
func TestCUDASanitizeMagic(t *testing.T) {
	dev, err := nb.Device()
	if err != nil {
		t.Skipf("no device: %v", err)
	}
	var ce *cudalib.CompileError
	if err := cudalib.CheckSource("probe.cu", "__global__ void k() {}"); err != nil && !errors.As(err, &ce) {
		t.Skipf("no NVRTC to compile CUDA source: %v", err)
	}
	e := shared(t)
	ok(t, e, "%%cuda --sanitize -O3\n"+`extern "C" __global__ void shift(const float* in, float* out, int d) {
    int i = threadIdx.x;
    out[i] = in[i + d];
}`)
	reports := func(r *recorder) (md []string) {
		r.mu.Lock()
		defer r.mu.Unlock()
		for _, ev := range r.events {
			if ev.kind == "display" {
				s, _ := ev.data["text/markdown"].(string)
				md = append(md, s)
			}
		}
		return md
	}
	r := ok(t, e, `dev, _ := nb.Device()
shiftIn, _ := dev.Float32s(32)
shiftOut, _ := dev.Float32s(32)
shift.Run(cudalib.Linear(32, 32), shiftIn, shiftOut, 0)`)
	// The check runs on copies of the buffers, which keep what was written
	// (on a GPU the virtual GPU cannot know: a copy from it counts as
	// written).
	if md := reports(r); dev.Virtual() && (len(md) != 1 || !strings.Contains(md[0], "Uninitialized __global__ memory read of size 4 bytes") ||
		!strings.Contains(md[0], ".cu:4")) {
		t.Errorf("a read of a buffer nothing wrote shows %q", md)
	}
	r = ok(t, e, `shiftIn.Fill(1)
shift.Run(cudalib.Linear(32, 32), shiftIn, shiftOut, 0)`)
	if md := reports(r); len(md) != 0 {
		t.Errorf("a clean launch shows %q", md)
	}
	// The launch itself then faults, or not, as it would without --sanitize.
	r, _ = exec(t, e, "shift.Run(cudalib.Linear(32, 32), shiftIn, shiftOut, 1)")
	md := reports(r)
	if len(md) != 1 || !strings.Contains(md[0], "Invalid __global__ read of size 4 bytes") || !strings.Contains(md[0], ".cu:4") ||
		!strings.Contains(md[0], "SUMMARY: 1 errors") {
		t.Fatalf("the launch reading in[32] shows %q", md)
	}
}
