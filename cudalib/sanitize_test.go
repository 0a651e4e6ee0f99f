package cudalib

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Seed 002's kernel, compiled by NVRTC and sanitized through the user API:
// its four defects at their lines, with Sanitize and with SetSanitizer.
func TestSanitizeSeed002(t *testing.T) {
	d := openVirtualGPU(t)
	src, err := os.ReadFile(filepath.Join("vgpu", "testdata", "seeded", "seed002.cu"))
	if err != nil {
		t.Fatal(err)
	}
	k := compileVirtual(t, d, string(src), "ddKernel")
	const n = 150
	u := make([]float32, n)
	for i := range u {
		u[i] = float32(math.Sin(2 * math.Pi * float64(i) / n))
	}
	in, err := d.Float32sFrom(u)
	if err != nil {
		t.Fatal(err)
	}
	out, err := d.Float32s(n)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Grid: D1(3), Block: D1(64), Shared: 66 * 4}
	h := float32(2 * math.Pi / n)
	rep, err := k.Sanitize(cfg, out, in, n, h)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range rep.Findings {
		got = append(got, fmt.Sprintf("%s@%d", f.Kind, f.Line))
		if f.Kernel != "ddKernel" {
			t.Errorf("finding names kernel %q", f.Kernel)
		}
	}
	want := []string{"out-of-bounds@20", "out-of-bounds@21", "barrier-divergence@23", "uninitialized@24"}
	if !slices.Equal(got, want) {
		t.Fatalf("findings %v, want %v\n%s", got, want, rep)
	}

	if err := d.SetSanitizer(true); err != nil {
		t.Fatal(err)
	}
	defer d.SetSanitizer(false)
	err = k.Run(cfg, out, in, n, h)
	var se *SanitizerError
	if !errors.As(err, &se) || se.Report.Total != 4 || se.Err != nil {
		t.Fatalf("Run with the sanitizer on: %v", err)
	}
	if err := d.Synchronize(); err != nil {
		t.Fatalf("the findings were reported once: %v", err)
	}
	if err := d.SetSanitizer(false); err != nil {
		t.Fatal(err)
	}
	if err := k.Run(cfg, out, in, n, h); err == nil {
		t.Fatal("without the sanitizer d_in[-1] is a fault")
	}
}

// On a GPU both entry points say the sanitizer needs the virtual GPU.
func TestSanitizerNeedsVirtual(t *testing.T) {
	d := &Device{b: &cudaBackend{}}
	if err := d.SetSanitizer(true); !errors.Is(err, ErrSanitizerNeedsVirtual) {
		t.Errorf("SetSanitizer on a GPU: %v", err)
	}
	k := &Kernel{name: "k", fn: &cudaFunction{}}
	if _, err := k.Sanitize(Config{Grid: D1(1), Block: D1(1)}); !errors.Is(err, ErrSanitizerNeedsVirtual) || !strings.Contains(err.Error(), "CULAB_DEVICE=virtual") {
		t.Errorf("Sanitize on a GPU: %v", err)
	}
}
