package cudalib

import (
	"errors"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib/gpus"
	"github.com/culab/culab/cudalib/nvrtc"
	"github.com/culab/culab/cudalib/timemodel"
)

// openModel opens the virtual GPU modelling the named GPU, skipping
// without NVRTC.
func openModel(t *testing.T, name string) *Device {
	t.Helper()
	if _, err := nvrtc.Load(); err != nil {
		t.Skipf("no NVRTC to compile kernels: %v", err)
	}
	d, err := OpenVirtualGPU(name)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// Every named GPU opens, reports its own figures, compiles for its own
// architecture, runs a kernel right and times it as that GPU's model.
func TestVirtualGPUsOpenAndRun(t *testing.T) {
	for _, g := range gpus.All {
		t.Run(g.Key, func(t *testing.T) {
			d := openModel(t, g.Key)
			if again, _ := OpenVirtualGPU(strings.ToUpper(g.Key)); again != d {
				t.Error("opening the same model again made a second device")
			}
			i := d.Info()
			if i.Name != "culab virtual GPU ("+g.Label+" model)" || i.Major != g.Major || i.Minor != g.Minor ||
				i.SMCount != g.SMs || i.L2Bytes != g.L2Bytes || i.SharedPerBlockOptin != g.SharedPerBlockOptin ||
				i.MaxThreadsPerSM != g.MaxThreadsPerSM() || i.ClockKHz != g.ClockKHz {
				t.Errorf("device query:\n%s\ndoes not match %+v", i, g)
			}
			if m, ok := d.ModeledGPU(); !ok || m.Key != g.Key {
				t.Errorf("ModeledGPU = %v, %v", m.Key, ok)
			}
			k := compileVirtual(t, d, vecAddSrc, "vadd")
			if a := k.Attributes(); a.PTXVersion != g.Major*10+g.Minor {
				t.Errorf("compiled for %d, want %s", a.PTXVersion, g.Arch())
			}
			checkVectorAdd(t, d, k, 1000)
			buf, _ := d.Float32s(4096)
			defer buf.Free()
			tm, err := k.Time(Linear(4096, 256), buf, buf, buf, 4096)
			if err != nil || !tm.Modeled || tm.GPU != g.Label || !strings.Contains(tm.String(), g.Label+" model") {
				t.Errorf("timing %v (%+v), %v; want modeled as the %s", tm, tm.GPU, err, g.Label)
			}
		})
	}
}

// An unknown model is an error that lists the models, from Go and from
// CULAB_DEVICE; virtual:NAME opens that model.
func TestVirtualGPUByName(t *testing.T) {
	if _, err := OpenVirtualGPU("v100"); err == nil || !strings.Contains(err.Error(), `unknown GPU model "v100"`) ||
		!strings.Contains(err.Error(), strings.Join(gpus.Keys(), ", ")) {
		t.Errorf("v100: %v; want an error listing the models", err)
	}
	t.Setenv(EnvDevice, "virtual:k80")
	if _, err := Open(); err == nil || !strings.Contains(err.Error(), "CULAB_DEVICE") || !strings.Contains(err.Error(), "rtx2080ti") {
		t.Errorf("%s=virtual:k80: %v; want an error listing the models", EnvDevice, err)
	}
	if r := Probe(); r.ChoiceErr == nil {
		t.Error("Probe accepted virtual:k80")
	}
	t.Setenv(EnvDevice, "Virtual:A40")
	d, err := Open()
	if err != nil || !d.Virtual() || d.Info().Name != "culab virtual GPU (A40 model)" {
		t.Fatalf("%s=Virtual:A40: %v, %v", EnvDevice, d, err)
	}
	r := Probe()
	if s := r.String(); r.Virtual.Name != d.Info().Name || !strings.Contains(s, "rtx2080ti") || !strings.Contains(s, "sm_86") ||
		!strings.Contains(s, "Default device: the virtual GPU, culab virtual GPU (A40 model)") {
		t.Errorf("report with virtual:a40:\n%s", s)
	}
}

// What an architecture lacks is refused as NVRTC refuses it for that
// architecture: thread-block clusters need sm_90, __reduce_add_sync sm_80.
func TestVirtualGPUArchitectureLimits(t *testing.T) {
	const cluster = `__global__ void __cluster_dims__(2, 1, 1) k(int* p) { p[threadIdx.x] = 1; }`
	const reduce = `__global__ void k(int* p) { p[0] = __reduce_add_sync(0xffffffffu, (int)threadIdx.x); }`
	for _, c := range []struct {
		model, src string
		ok         bool
	}{
		{"h100", cluster, true}, {"a100", cluster, false}, {"t4", cluster, false},
		{"a100", reduce, true}, {"l4", reduce, true}, {"t4", reduce, false}, {"rtx2080ti", reduce, false},
	} {
		d := openModel(t, c.model)
		m, err := d.Compile(c.src)
		if err == nil {
			m.Unload()
		}
		var ce *CompileError
		switch {
		case c.ok && err != nil:
			t.Errorf("%s: %v", c.model, err)
		case !c.ok && err == nil:
			t.Errorf("%s compiled %q", c.model, c.src)
		case !c.ok && !errors.As(err, &ce):
			t.Errorf("%s: %v, want NVRTC's compile error", c.model, err)
		}
	}
}

// The A40 runs FP64 at 2 lanes an SM against the H100's 64: an FP64-bound
// kernel's modeled time is tens of times the H100's (the ratio of their
// FP64 rates is 57), a float one's not.
func TestVirtualGPUFP64Rate(t *testing.T) {
	const src = `
template <typename T>
__global__ void poly(double* out, int iters) {
    T x = (T)threadIdx.x * (T)1e-3, y = 0;
    for (int i = 0; i < iters; i++) y = y * x + (T)1.0001;
    out[blockIdx.x * blockDim.x + threadIdx.x] = y;
}`
	timeOn := func(model, kernel string) float64 {
		d := openModel(t, model)
		m, err := d.Compile(src)
		if err != nil {
			t.Fatal(err)
		}
		defer m.Unload()
		k, err := m.Kernel(kernel)
		if err != nil {
			t.Fatal(err)
		}
		const blocks, threads = 4 * 132, 256
		out, _ := d.Float64s(blocks * threads)
		defer out.Free()
		tm, err := k.Time(Linear(blocks*threads, threads), out, 256)
		if err != nil {
			t.Fatal(err)
		}
		// The kernel's own time: the launch overhead is the host's, the
		// same on every model.
		return float64(tm.Median - timemodel.H100.LaunchOverhead)
	}
	fp64 := timeOn("a40", "poly<double>") / timeOn("h100", "poly<double>")
	fp32 := timeOn("a40", "poly<float>") / timeOn("h100", "poly<float>")
	if fp64 < 20 || fp32 > 4 {
		t.Errorf("A40 against H100: FP64 kernel %.1f×, float kernel %.1f×; want ≥ 20× and ≤ 4×", fp64, fp32)
	}
}
