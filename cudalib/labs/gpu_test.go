package labs

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/culab/culab/cudalib"
)

// The GPU tests share one device, opened once and left open for the
// process, as a notebook kernel does.
var (
	gpuOnce sync.Once
	gpuDev  *cudalib.Device
	gpuErr  error
)

func openGPU(t *testing.T) *cudalib.Device {
	t.Helper()
	gpuOnce.Do(func() { gpuDev, gpuErr = cudalib.Open() })
	if gpuErr != nil {
		t.Skip("no GPU: " + gpuErr.Error())
	}
	if gpuDev.Virtual() {
		t.Skip("no GPU: the virtual GPU stands in (virtual_test.go tests it)")
	}
	return gpuDev
}

// quick times each variant twice: the tests check results, not speed.
var quick = cudalib.TimeOptions{Warmup: 1, MinReps: 2, MaxReps: 2}

// Every variant of every lab passes its check at the test sizes, which
// include sizes that are not multiples of any block or tile, and is timed.
func TestGPULabs(t *testing.T) {
	dev := openGPU(t)
	for _, l := range All() {
		t.Run(l.Key, func(t *testing.T) {
			var p progress
			tab, err := l.RunWith(dev, Options{Seed: 1, Time: quick, Progress: &p}, l.smoke)
			if err != nil {
				t.Fatal(err)
			}
			if len(p.steps) != l.Steps(true, l.smoke) || p.done != 1 {
				t.Errorf("progress: %d steps, %d Done; Steps says %d", len(p.steps), p.done, l.Steps(true, l.smoke))
			}
			if want := len(l.smoke) * len(l.Variants); len(tab.Rows) != want {
				t.Fatalf("%d rows, want %d", len(tab.Rows), want)
			}
			if tab.Device != dev.String() {
				t.Errorf("table device %q", tab.Device)
			}
			for _, r := range tab.Rows {
				t.Logf("%-8s %-34s %9.4f ms %10.2f %s  %s | %s", r.SizeLabel, r.Variant, r.MedianMS, r.Metric, tab.MetricUnit, r.Check, r.Note)
				if !r.Pass {
					t.Errorf("%s %s: %s", r.SizeLabel, r.Variant, r.Check)
				}
				if !(r.MedianMS > 0 && r.MinMS <= r.MedianMS && r.MedianMS <= r.MaxMS && r.Metric > 0) {
					t.Errorf("%s %s: timing %v/%v/%v ms, metric %v", r.SizeLabel, r.Variant, r.MinMS, r.MedianMS, r.MaxMS, r.Metric)
				}
				if r.Note == "" || !(r.SpeedupCPU > 0) || !(r.SpeedupBase > 0) {
					t.Errorf("%s %s: note %q, speedups %v %v", r.SizeLabel, r.Variant, r.Note, r.SpeedupCPU, r.SpeedupBase)
				}
			}
		})
	}
}

// Past the CPU cap the matmul check samples entries against float64 dot
// products, and still passes correct kernels.
func TestGPUMatMulSampledCheck(t *testing.T) {
	dev := openGPU(t)
	for _, l := range []*Lab{MatMul, BankConflict} {
		tab, err := l.RunWith(dev, Options{Time: quick, CPUCap: time.Nanosecond}, []int{257})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range tab.Rows {
			if !r.Pass || !strings.Contains(r.Check, "sampled") || r.CPUNote != "CPU > 1ns cap" {
				t.Errorf("%s %s: pass %v, check %q, CPU %q", l.Key, r.Variant, r.Pass, r.Check, r.CPUNote)
			}
		}
	}
}

// Broken kernels fail their rows' checks, and a launch the device refuses is
// a row saying so: Run itself succeeds.
func TestGPUCheckCatchesBrokenKernels(t *testing.T) { checkCatchesBrokenKernels(t, openGPU(t)) }

// On the virtual GPU the outputs are not poisoned on the device but
// discarded, and the elements no kernel wrote poisoned on the host: the
// same verdicts.
func TestVirtualCheckCatchesBrokenKernels(t *testing.T) { checkCatchesBrokenKernels(t, openVirtual(t)) }

// On the virtual GPU with the outputs mapped (Lab.mapOutputs: the host
// array is the device's buffer, nothing fetched), a correct run before a
// broken one leaves nothing behind: the unwritten half still fails.
func TestVirtualMappedOutputsCatchBrokenKernels(t *testing.T) {
	l := brokenVecAdd()
	l.mapOutputs = true
	l.Variants = []Variant{l.Variants[3], l.Variants[0], l.Variants[1]}
	const n = 1 << 18 // 1 MiB of output: mapped
	tab, err := l.RunWith(openVirtual(t), Options{Time: quick}, []int{n})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"ok: ", fmt.Sprintf("FAIL: %d of %d elements not written", n/2, n), fmt.Sprintf("FAIL: %d of %d checked elements wrong", n, n)}
	for i, r := range tab.Rows {
		if !strings.HasPrefix(r.Check, want[i]) || r.Pass != (i == 0) {
			t.Errorf("%s: pass %v, check %q, want prefix %q", r.Variant, r.Pass, r.Check, want[i])
		}
	}
}

// brokenVecAdd is VecAdd with kernels that write half the output or the
// wrong values, a launch the device refuses, and the good one.
func brokenVecAdd() Lab {
	l := *VecAdd
	l.Source = vecaddSource + `
__global__ void vecadd_half(float* out, const float* a, const float* b, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n / 2) out[i] = a[i] + b[i];
}
__global__ void vecadd_minus(float* out, const float* a, const float* b, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a[i] - b[i];
}
`
	l.Variants = []Variant{
		{Name: "half", Kernels: []string{"vecadd_half"}, config: perElement(256)},
		{Name: "minus", Kernels: []string{"vecadd_minus"}, config: perElement(256)},
		{Name: "block too large", Kernels: []string{"vecadd_thread"}, config: fixed(cudalib.D1(1), cudalib.D1(1<<16))},
		{Name: "good", Kernels: []string{"vecadd_thread"}, config: perElement(256)},
	}
	l.Baseline = "good"
	return l
}

func checkCatchesBrokenKernels(t *testing.T, dev *cudalib.Device) {
	l := brokenVecAdd()
	tab, err := l.RunWith(dev, Options{Time: quick}, []int{1000})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"FAIL: 500 of 1000 elements not written",
		"FAIL: 1000 of 1000 checked elements wrong",
		"not run: launch vecadd_thread: block",
		"ok: ",
	}
	for i, r := range tab.Rows {
		if !strings.HasPrefix(r.Check, want[i]) || r.Pass != (i == 3) {
			t.Errorf("%s: pass %v, check %q, want prefix %q", r.Variant, r.Pass, r.Check, want[i])
		}
	}
	if tab.Rows[2].MedianMS != 0 || tab.Rows[2].Metric != 0 {
		t.Errorf("refused launch was timed: %+v", tab.Rows[2])
	}
}

func TestGPUDeviceReport(t *testing.T) {
	dev := openGPU(t)
	r, err := QueryDevice(dev)
	if err != nil {
		t.Fatal(err)
	}
	s := r.String()
	if r.Info.Name == "" || !strings.Contains(s, r.Info.Name) || !strings.Contains(s, fmt.Sprint(r.Info.SMCount)) {
		t.Errorf("report:\n%s", s)
	}
	t.Log("\n" + s)
}
