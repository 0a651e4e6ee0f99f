package goengine

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/kernel/nb"
)

func TestTime(t *testing.T) {
	e := shared(t)
	r := ok(t, e, "%time tx := 21\ntx * 2")
	if !strings.Contains(r.text("stdout"), "Wall time: ") || r.result() != "42" {
		t.Errorf("%%time statement: stdout %q, result %q", r.text("stdout"), r.result())
	}
	if r := ok(t, e, "%time 6 * 7"); r.result() != "42" || !strings.HasPrefix(r.text("stdout"), "Wall time: ") {
		t.Errorf("%%time expression: stdout %q, result %q", r.text("stdout"), r.result())
	}
	r = ok(t, e, "%%time\nty := 1\nfmt.Println(\"body\")\nty + 1")
	if out := r.text("stdout"); !strings.HasPrefix(out, "body\nWall time: ") || r.result() != "2" {
		t.Errorf("%%%%time: stdout %q, result %q", out, r.result())
	}
	// Errors in timed code point at the cell's lines.
	if xe := fails(t, e, "%%time\nx := 1\nvar s string = x"); !strings.HasPrefix(xe.Value, "line 3:") {
		t.Errorf("error in %%%%time cell: %s", xe.Value)
	}
	if xe := fails(t, e, "%time var s string = 1"); !strings.HasPrefix(xe.Value, "line 1:") {
		t.Errorf("error in %%time: %s", xe.Value)
	}
}

func TestEnv(t *testing.T) {
	e := shared(t)
	const name = "CULAB_GOENGINE_TEST"
	t.Cleanup(func() { os.Unsetenv(name) })
	if out := ok(t, e, "%env "+name+"=hello world").text("stdout"); out != "env: "+name+"=hello world\n" {
		t.Errorf("set: %q", out)
	}
	if got := ok(t, e, `os.Getenv("`+name+`")`).result(); got != "hello world" {
		t.Errorf("os.Getenv in a cell: %q", got)
	}
	if out := ok(t, e, "%env "+name).text("stdout"); out != "hello world\n" {
		t.Errorf("show: %q", out)
	}
	if out := ok(t, e, "%env").text("stdout"); !strings.Contains(out, name+"=hello world\n") {
		t.Errorf("list lacks the variable: %q", out)
	}
}

func TestHelpGPUAndUnknownMagics(t *testing.T) {
	e := shared(t)
	out := ok(t, e, "%help").text("stdout")
	for _, m := range []string{"%%cuda", "%%time", "%time", "%gpu", "%env", "%help"} {
		if !strings.Contains(out, m) {
			t.Errorf("%%help does not list %s:\n%s", m, out)
		}
	}
	if _, err := nb.Device(); err != nil {
		if out := ok(t, e, "%gpu").text("stdout"); !strings.HasPrefix(out, "No GPU available: ") {
			t.Errorf("%%gpu without a GPU: %q", out)
		}
	}
	for _, c := range []struct{ code, want string }{
		{"%nope", "unknown magic %nope"},
		{"%%nope\nx := 1", "unknown cell magic %%nope"},
		{"%time", "usage: %time statement"},
		{"%env X=1\n%%time", "%%time must be the first line"},
	} {
		xe := fails(t, e, c.code)
		if xe.Name != "UsageError" || !strings.Contains(xe.Value, c.want) {
			t.Errorf("%q: %s: %s, want a UsageError with %q", c.code, xe.Name, xe.Value, c.want)
		}
	}
	// Magics and Go code in one cell.
	if got := ok(t, e, "%env CULAB_GOENGINE_MIX=1\nos.Getenv(\"CULAB_GOENGINE_MIX\")").result(); got != "1" {
		t.Errorf("magic then code: %q", got)
	}
	os.Unsetenv("CULAB_GOENGINE_MIX")
}

const vaddSource = `%%cuda
__global__ void vadd(const float *a, const float *b, float *c, int n) {
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) c[i] = a[i] + b[i];
}`

func TestCUDAWithoutGPU(t *testing.T) {
	if _, err := nb.Device(); err == nil {
		t.Skip("a GPU is present; TestCUDAOnGPU covers the magic")
	}
	e := shared(t)
	out := ok(t, e, vaddSource).text("stdout")
	if !strings.HasPrefix(out, "No GPU: ") {
		t.Errorf("stdout %q, want it to say there is no GPU", out)
	}
	var ce *cudalib.CompileError
	if err := cudalib.CheckSource("probe.cu", "__global__ void k() {}"); err != nil && !errors.As(err, &ce) {
		t.Skipf("no NVRTC to check CUDA source: %v", err)
	}
	if !strings.Contains(out, "compiles (checked with NVRTC)") {
		t.Errorf("stdout %q, want the NVRTC check", out)
	}
	xe := fails(t, e, "%%cuda --use_fast_math\n__global__ void bad(float *a) {\n\ta[0] = undefined_name;\n}")
	tb := strings.Join(xe.Traceback, "\n")
	if xe.Name != "CUDACompileError" || !strings.HasPrefix(xe.Value, "line 3: error: ") || !strings.Contains(tb, "undefined_name;") {
		t.Errorf("compile error: %s: %s\n%s", xe.Name, xe.Value, tb)
	}
	if xe := fails(t, e, "%%cuda --no-such-option\n__global__ void k() {}"); xe.Name != "CUDAError" {
		t.Errorf("bad option: %s: %s", xe.Name, xe.Value)
	}
}

func TestCUDAOnGPU(t *testing.T) {
	if _, err := nb.Device(); err != nil {
		t.Skipf("no GPU: %v", err)
	}
	e := shared(t)
	out := ok(t, e, vaddSource).text("stdout")
	if !strings.Contains(out, "vadd: ") || !strings.Contains(out, "Go variable vadd") {
		t.Errorf("summary %q", out)
	}
	if got := ok(t, e, "vadd.Name()").result(); got != "vadd" {
		t.Errorf("vadd.Name() = %q", got)
	}
	if got := ok(t, e, `k, _ := nb.Kernel("vadd")
k == vadd`).result(); got != "true" {
		t.Errorf("nb.Kernel(\"vadd\") == vadd: %q", got)
	}
	r := ok(t, e, `dev, _ := nb.Device()
n := 1000
a, _ := dev.Float32sFrom(make([]float32, n))
b, _ := dev.Float32sFrom(make([]float32, n))
c, _ := dev.Float32s(n)
vadd.Run(cudalib.Linear(n, 256), a, b, c, n)`)
	if r.hasResult() {
		t.Errorf("a nil error result is shown: %q", r.result())
	}
}
