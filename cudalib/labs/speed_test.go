package labs

import (
	"strings"
	"testing"

	"github.com/culab/culab/cudalib"
)

const speedRef = `
__global__ void add_ref(float *out, const float *a, const float *b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a[i] + b[i];
}`

// speedKernel compiles an add kernel with body for SpeedTest to time.
func speedKernel(t *testing.T, dev *cudalib.Device, body string) *cudalib.Kernel {
	t.Helper()
	mod, err := dev.Compile(`__global__ void add(float *out, const float *a, const float *b, int n) {` + body + `}`)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mod.Unload() })
	k, err := mod.Kernel("add")
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// speedArgs are SpeedTest's launch and arguments for n floats.
func speedArgs(t *testing.T, dev *cudalib.Device, n int) (cudalib.Config, []any) {
	t.Helper()
	var bufs [3]any
	for i := range bufs {
		b, err := dev.Float32s(n)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Free() })
		bufs[i] = b
	}
	return cudalib.Linear(n, 256), []any{bufs[0], bufs[1], bufs[2], n}
}

// A kernel as fast as the reference passes, with the same modeled time on
// every run; the report names both kernels, the launch and how it timed.
func TestSpeedTestSameSpeedPasses(t *testing.T) {
	dev := openVirtual(t)
	k := speedKernel(t, dev, `int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = a[i] + b[i];`)
	cfg, args := speedArgs(t, dev, 4096)
	rep, err := SpeedTest(k, speedRef, "add_ref", 1.5, cfg, args...)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Passed() || rep.Ratio() != 1 || !rep.Mine.Modeled || rep.Mine.Median <= 0 {
		t.Fatalf("passed %v, ratio %v, mine %v: want a pass at 1.00× with a modeled time", rep.Passed(), rep.Ratio(), rep.Mine)
	}
	again, err := SpeedTest(k, speedRef, "add_ref", 1.5, cfg, args...)
	if err != nil {
		t.Fatal(err)
	}
	if again.Mine.Median != rep.Mine.Median || again.Ref.Median != rep.Ref.Median {
		t.Errorf("modeled times differ between runs: %v, %v then %v, %v", rep.Mine, rep.Ref, again.Mine, again.Ref)
	}
	for form, s := range map[string]string{"text": rep.String(), "markdown": rep.Markdown(), "html": rep.HTML()} {
		for _, want := range []string{"PASSED", "1.00×", "limit 1.50×", "add_ref", "<<<16, 256>>>", "modeled", dev.String()} {
			if form != "text" {
				want = strings.NewReplacer("<", "&lt;", ">", "&gt;").Replace(want)
			}
			if !strings.Contains(s, want) {
				t.Errorf("%s form lacks %q:\n%s", form, want, s)
			}
		}
	}
}

// A correct but uncoalesced kernel (each warp's 32 threads touch 32
// sectors) fails: the error gives both times and the limit, and the report
// comes with it for the cell to show.
func TestSpeedTestSlowFails(t *testing.T) {
	dev := openVirtual(t)
	k := speedKernel(t, dev, `int t = blockIdx.x * blockDim.x + threadIdx.x, i = (t % 32) * (n / 32) + t / 32; if (t < n) out[i] = a[i] + b[i];`)
	cfg, args := speedArgs(t, dev, 1<<20)
	rep, err := SpeedTest(k, speedRef, "add_ref", 1.5, cfg, args...)
	if err == nil {
		t.Fatalf("an uncoalesced kernel passed: %v", rep)
	}
	if rep == nil || rep.Passed() || rep.Ratio() <= 1.5 {
		t.Fatalf("report %v with the error %v: want a failed report over 1.5×", rep, err)
	}
	for _, want := range []string{"add takes", "× the reference's time", "modeled", "over the limit of 1.50×"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if !strings.Contains(rep.String(), "FAILED") || !strings.Contains(rep.HTML(), "#b00020") {
		t.Errorf("the report does not say it failed:\n%s", rep)
	}
}

// A reference that does not compile, or is not in its source, and a
// nonsense limit are errors without a report.
func TestSpeedTestBadReference(t *testing.T) {
	dev := openVirtual(t)
	k := speedKernel(t, dev, `int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = a[i] + b[i];`)
	cfg, args := speedArgs(t, dev, 256)
	for _, c := range []struct {
		src, name string
		limit     float64
		want      string
	}{
		{"__global__ void add_ref(", "add_ref", 1.5, "the reference kernel"},
		{speedRef, "other_ref", 1.5, "other_ref"},
		{speedRef, "add_ref", 0, "the limit is 0"},
	} {
		rep, err := SpeedTest(k, c.src, c.name, c.limit, cfg, args...)
		if err == nil || rep != nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("SpeedTest(%q, %v): report %v, error %v: want no report and an error saying %q", c.name, c.limit, rep, err, c.want)
		}
	}
	if _, err := SpeedTest(nil, speedRef, "add_ref", 1.5, cfg, args...); err == nil {
		t.Error("SpeedTest(nil kernel) gave no error")
	}
}
