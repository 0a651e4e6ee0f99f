package cudalib

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib/vgpu"
)

// purposes lists the module's watches.
func purposes(m *Module) []string {
	m.watches.mu.Lock()
	defer m.watches.mu.Unlock()
	var ps []string
	for _, w := range m.watches.watches {
		ps = append(ps, w.purpose)
	}
	return ps
}

// A watch whose launches are used up leaves the module; one of every
// launch stays; profiling and sanitizing combine.
func TestWatchDroppedWhenUsedUp(t *testing.T) {
	d := openVirtualGPU(t)
	m, err := d.CompileNamed("cell.cu", profileSrc)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Unload()
	strided, _ := m.Kernel("strided")
	transpose, _ := m.Kernel("transpose")
	in, _ := d.Float32s(32 * 32)
	out, _ := d.Float32s(32 * 32)
	defer in.Free()
	defer out.Free()
	profiles, reports := 0, 0
	m.ProfileLaunches(1, func(*Profile, error) { profiles++ })
	m.SanitizeLaunches(func(*SanitizerReport, error) { reports++ })
	defer m.SanitizeLaunches(nil)
	run := func(k *Kernel, args ...any) {
		t.Helper()
		if err := k.Run(Linear(32, 32), args...); err != nil {
			t.Fatal(err)
		}
	}
	run(strided, in, out, 32)
	run(strided, in, out, 32)
	if ps := purposes(m); len(ps) != 2 {
		t.Fatalf("watches %v after strided alone; want profile (transpose's is left) and sanitize", ps)
	}
	run(transpose, in, out)
	if ps := purposes(m); len(ps) != 1 || ps[0] != "sanitize" {
		t.Errorf("watches %v after each kernel's profile; want sanitize alone", ps)
	}
	if profiles != 2 || reports != 3 {
		t.Errorf("%d profiles, %d reports for 3 launches; want 2 and 3", profiles, reports)
	}
	m.SanitizeLaunches(nil)
	if ps := purposes(m); len(ps) != 0 {
		t.Errorf("watches %v after SanitizeLaunches(nil)", ps)
	}
}

// A module with templates keeps its watch: instantiations are open-ended.
func TestWatchTemplatesKept(t *testing.T) {
	d := openVirtualGPU(t)
	m, err := d.CompileNamed("cell.cu", `template <int N> __global__ void fill(float* x) { x[threadIdx.x] = N; }
extern "C" __global__ void one(float* x) { x[threadIdx.x] = 1; }`)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Unload()
	x, _ := d.Float32s(32)
	defer x.Free()
	m.ProfileLaunches(1, func(*Profile, error) {})
	defer m.ProfileLaunches(0, nil)
	for _, name := range []string{"one", "fill<2>"} {
		k, err := m.Kernel(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := k.Run(Linear(32, 32), x); err != nil {
			t.Fatal(err)
		}
	}
	if ps := purposes(m); len(ps) != 1 {
		t.Errorf("watches %v; want the profile's, kept for other instantiations", ps)
	}
}

// SanitizeLaunches checks every launch on copies: the report comes before
// the launch, which then runs once on the user's buffers as usual.
func TestSanitizeLaunches(t *testing.T) {
	d := openVirtualGPU(t)
	m, err := d.CompileNamed("cell.cu", `extern "C" __global__ void bump(float* x, int n) {
    int i = threadIdx.x;
    x[i] += 1;
    if (i == 0) x[0] += x[n];
}`)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Unload()
	k, _ := m.Kernel("bump")
	x, _ := d.Float32s(32)
	defer x.Free()
	var reports []*SanitizerReport
	m.SanitizeLaunches(func(r *SanitizerReport, err error) {
		if err != nil {
			t.Error(err)
		}
		reports = append(reports, r)
	})
	defer m.SanitizeLaunches(nil)
	for range 2 {
		if err := k.Run(Linear(32, 32), x, 0); err != nil {
			t.Fatal(err)
		}
	}
	if h, _ := x.ToHost(); h[31] != 2 {
		t.Errorf("x[31] = %v after 2 sanitized launches; want 2 (each ran once)", h[31])
	}
	// Nothing wrote x before the first launch: its check reads x
	// unwritten (the copies keep what was written); the launch itself
	// then wrote it, so the second is clean.
	if len(reports) != 2 || reports[0].Total != 32 || reports[0].Findings[0].Kind != "uninitialized" || !reports[1].Clean() {
		t.Fatalf("reports %v for 2 launches", reports)
	}
	// x[32]: one past the end; the sanitizer finds it before the launch
	// faults.
	err = k.Run(Linear(32, 32), x, 32)
	var fault *vgpu.Fault
	if !errors.As(err, &fault) {
		t.Errorf("the launch itself: %v; want its fault", err)
	}
	if len(reports) != 3 || reports[2].Errors != 1 || reports[2].Findings[0].Kind != "out-of-bounds" || reports[2].Findings[0].Line != 4 {
		t.Fatalf("report of the launch reading x[32]: %v", reports[2:])
	}
}

// A launch's inspection leaves the errors earlier launches left to the
// user's next synchronize.
func TestWatchLeavesEarlierErrors(t *testing.T) {
	d := openVirtualGPU(t)
	m, err := d.CompileNamed("cell.cu", `extern "C" __global__ void at(float* x, int i) { x[i] = 1; }`)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Unload()
	k, _ := m.Kernel("at")
	x, _ := d.Float32s(32)
	defer x.Free()
	if err := k.Launch(Linear(1, 1), x, 1<<20); err != nil {
		t.Fatal(err)
	}
	m.ProfileLaunches(1, func(_ *Profile, err error) {
		if err != nil {
			t.Errorf("profile: %v", err)
		}
	})
	m.SanitizeLaunches(func(_ *SanitizerReport, err error) {
		if err != nil {
			t.Errorf("sanitize: %v", err)
		}
	})
	defer m.SanitizeLaunches(nil)
	if err := k.Launch(Linear(1, 1), x, 0); err != nil {
		t.Fatal(err)
	}
	var fault *vgpu.Fault
	if err := d.Synchronize(); !errors.As(err, &fault) {
		t.Errorf("synchronize after the inspected launch: %v; want the first launch's fault", err)
	}
}

// On a GPU, SanitizeLaunches checks each launch on the companion virtual
// GPU: seed 002's four defects come before the GPU's launch runs.
func TestSanitizeLaunchesOnGPU(t *testing.T) {
	d := openGPU(t)
	k, cfg, out, in, n, h := seed002(t, d)
	var reports []*SanitizerReport
	k.mod.SanitizeLaunches(func(r *SanitizerReport, err error) {
		if err != nil {
			t.Error(err)
		}
		reports = append(reports, r)
	})
	defer k.mod.SanitizeLaunches(nil)
	_ = k.Run(cfg, out, in, n, h) // d_in[-1] may fault on the GPU, or not
	if len(reports) != 1 || reports[0] == nil || reports[0].Total != 4 {
		t.Fatalf("reports %v; want one with seed 002's 4 findings", reports)
	}
}

// TestInspectionPrintsNothing: a launch run for inspection (Profile,
// Sanitize, the sanitizer's check of a watched launch) runs on copies and
// leaves no trace, its device printf included; each line of the user's
// launch used to show twice under %%cuda --sanitize and --profile.
func TestInspectionPrintsNothing(t *testing.T) {
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, `#include <cstdio>
__global__ void hello(int* x) { printf("hello %d\n", threadIdx.x); x[threadIdx.x] = 1; }`, "hello")
	x, _ := d.Int32s(2)
	f, err := os.CreateTemp(t.TempDir(), "stdout")
	if err != nil {
		t.Fatal(err)
	}
	stdout := os.Stdout
	os.Stdout = f
	_, perr := k.Profile(Linear(2, 2), x)
	_, serr := k.Sanitize(Linear(2, 2), x)
	k.mod.SanitizeLaunches(func(*SanitizerReport, error) {})
	rerr := k.Run(Linear(2, 2), x)
	k.mod.SanitizeLaunches(nil)
	os.Stdout = stdout
	if err := errors.Join(perr, serr, rerr); err != nil {
		t.Fatal(err)
	}
	printed, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	if got := string(printed); strings.Count(got, "hello 0\n") != 1 || strings.Count(got, "hello 1\n") != 1 {
		t.Errorf("printed %q; want each thread's line once, from the launch itself", got)
	}
}
