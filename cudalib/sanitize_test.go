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
	k, cfg, out, in, n, h := seed002(t, d)
	checkSeed002(t, k, cfg, out, in, n, h)

	if err := d.SetSanitizer(true); err != nil {
		t.Fatal(err)
	}
	defer d.SetSanitizer(false)
	err := k.Run(cfg, out, in, n, h)
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

// seed002 compiles seed 002's kernel on d with inputs whose launch shows
// all four of its defects.
func seed002(t *testing.T, d *Device) (k *Kernel, cfg Config, out, in *Float32s, n int, h float32) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("vgpu", "testdata", "seeded", "seed002.cu"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := d.Compile(string(src))
	if err != nil {
		t.Fatal(err)
	}
	if k, err = m.Kernel("ddKernel"); err != nil {
		t.Fatal(err)
	}
	n = 150
	u := make([]float32, n)
	for i := range u {
		u[i] = float32(math.Sin(2 * math.Pi * float64(i) / float64(n)))
	}
	if in, err = d.Float32sFrom(u); err != nil {
		t.Fatal(err)
	}
	if out, err = d.Float32s(n); err != nil {
		t.Fatal(err)
	}
	return k, Config{Grid: D1(3), Block: D1(64), Shared: 66 * 4}, out, in, n, float32(2 * math.Pi / float64(n))
}

// checkSeed002 sanitizes one launch: the four defects at their lines.
func checkSeed002(t *testing.T, k *Kernel, cfg Config, out, in *Float32s, n int, h float32) {
	t.Helper()
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
}

// On a GPU, SetSanitizer says the sanitizer needs the virtual GPU.
func TestSetSanitizerNeedsVirtual(t *testing.T) {
	d, _ := newFakeDevice() // a GPU as far as the seam tells
	if err := d.SetSanitizer(true); !errors.Is(err, ErrSanitizerNeedsVirtual) || !strings.Contains(err.Error(), "CULAB_DEVICE=virtual") {
		t.Errorf("SetSanitizer on a GPU: %v", err)
	}
}

// On a GPU, Sanitize runs the launch on the companion virtual GPU: the
// same findings, and the GPU's buffers untouched.
func TestSanitizeOnGPUCompanion(t *testing.T) {
	d := openGPU(t)
	k, cfg, out, in, n, h := seed002(t, d)
	if err := out.Fill(7); err != nil {
		t.Fatal(err)
	}
	checkSeed002(t, k, cfg, out, in, n, h)
	got := make([]float32, n)
	if err := out.CopyTo(got); err != nil {
		t.Fatal(err)
	}
	for i, v := range got {
		if v != 7 {
			t.Fatalf("the GPU's buffer was written: out[%d] = %v", i, v)
		}
	}
}

// CopyFromAt writes exactly its elements: the sanitizer reports reads of
// the others, on the buffer and on the copies %%cuda --sanitize checks;
// a range past the end is an error.
func TestCopyFromAtInit(t *testing.T) {
	d := openVirtualGPU(t)
	m, err := d.Compile(`extern "C" __global__ void dbl(float* out, const float* in) {
    out[threadIdx.x] = 2 * in[threadIdx.x];
}`)
	if err != nil {
		t.Fatal(err)
	}
	k, err := m.Kernel("dbl")
	if err != nil {
		t.Fatal(err)
	}
	in, _ := d.Float32s(64)
	out, _ := d.Float32s(64)
	defer in.Free()
	defer out.Free()
	if err := in.CopyFromAt(8, make([]float32, 40)); err != nil {
		t.Fatal(err)
	}
	if err := in.CopyFromAt(30, make([]float32, 35)); err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Errorf("a copy past the end: %v", err)
	}
	cfg := Config{Grid: D1(1), Block: D1(64)}
	rep, err := k.Sanitize(cfg, out, in)
	if err != nil || rep.Total != 8+16 || rep.Findings[0].Kind != "uninitialized" {
		t.Fatalf("elements 0-7 and 48-63 unwritten: %v\n%v", err, rep)
	}
	if rep2, err := k.sanitizeCopy(cfg, out, in); err != nil || rep2.Total != rep.Total {
		t.Errorf("on copies: %v\n%v", err, rep2)
	}
	got := make([]float32, 64)
	if err := in.CopyTo(got); err != nil || got[7] != 0 || got[8] != 0 {
		t.Errorf("copy back: %v %v", err, got[:10])
	}
}

// Provenance covers module variables: an index into one __device__ array
// that lands inside another is out of bounds of the first.
func TestSanitizeVariableProvenance(t *testing.T) {
	d := openVirtualGPU(t)
	m, err := d.CompileNamed("vars.cu", `__device__ float table[64];
__device__ float spare[64];
extern "C" __global__ void put(int shift) {
    table[threadIdx.x + shift] = 1.0f;
}`)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Unload()
	k, _ := m.Kernel("put")
	cfg := Config{Grid: D1(1), Block: D1(64)}
	if rep, err := k.Sanitize(cfg, 0); err != nil || !rep.Clean() {
		t.Fatalf("in bounds: %v\n%v", err, rep)
	}
	// Far enough to leave table's allocation and its gap, whatever the
	// layout: somewhere in spare, another allocation or none.
	for _, shift := range []int{64, 1 << 14, 1<<14 + 64} {
		rep, err := k.Sanitize(cfg, shift)
		if err != nil || rep.Errors != 64 || rep.Findings[0].Kind != "out-of-bounds" || !strings.Contains(rep.Findings[0].Allocation, "variable table") {
			t.Errorf("shift %d: %v\n%v", shift, err, rep)
		}
	}
}
