package goengine

import (
	"context"
	"errors"
	"os"
	osexec "os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/kernel"
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
	out = ok(t, e, "%gpu").text("stdout")
	switch dev, err := nb.Device(); {
	case err != nil:
		if !strings.HasPrefix(out, "No GPU available: ") {
			t.Errorf("%%gpu without a device: %q", out)
		}
	case dev.Virtual():
		if !strings.Contains(out, cudalib.VirtualName) || !strings.Contains(out, "This is the virtual GPU") {
			t.Errorf("%%gpu on the virtual GPU: %q", out)
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

// Without any device (a GPU forced where there is none) %%cuda checks the
// source with NVRTC alone. nb.Device keeps the device it opened, so this
// runs in a child process.
func TestCUDAWithoutDevice(t *testing.T) {
	if os.Getenv(cudalib.EnvDevice) != "gpu" {
		cmd := osexec.Command(os.Args[0], "-test.run=^TestCUDAWithoutDevice$", "-test.v")
		cmd.Env = append(os.Environ(), cudalib.EnvDevice+"=gpu")
		out, err := cmd.CombinedOutput()
		t.Logf("child:\n%s", out)
		if err != nil {
			t.Fatalf("child: %v", err)
		}
		return
	}
	if _, err := nb.Device(); err == nil {
		t.Skip("a GPU is present; TestCUDAOnDevice covers the magic")
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

// needCUDA skips a test without a device (a GPU or the virtual GPU) or an
// NVRTC to compile CUDA source.
func needCUDA(t *testing.T) {
	t.Helper()
	if _, err := nb.Device(); err != nil {
		t.Skipf("no device: %v", err)
	}
	var ce *cudalib.CompileError
	if err := cudalib.CheckSource("probe.cu", "__global__ void k() {}"); err != nil && !errors.As(err, &ce) {
		t.Skipf("no NVRTC to compile CUDA source: %v", err)
	}
}

// A %%cuda cell defines its kernels; a later cell launches one and gets
// the right values, on the GPU or the virtual GPU.
func TestCUDAOnDevice(t *testing.T) {
	needCUDA(t)
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
xs, ys := make([]float32, n), make([]float32, n)
for i := range xs {
	xs[i], ys[i] = float32(i), 0.5*float32(i*i)
}
a, _ := dev.Float32sFrom(xs)
b, _ := dev.Float32sFrom(ys)
c, _ := dev.Float32s(n)
vadd.Run(cudalib.Linear(n, 256), a, b, c, n)`)
	if r.hasResult() {
		t.Errorf("a nil error result is shown: %q", r.result())
	}
	r = ok(t, e, `got, _ := c.ToHost()
wrong := 0
for i := range got {
	if got[i] != xs[i]+ys[i] {
		wrong++
	}
}
wrong`)
	if r.result() != "0" {
		t.Errorf("%s of 1000 sums wrong", r.result())
	}
	if dev, _ := nb.Device(); !dev.Virtual() {
		return // a GPU's fault poisons its worker: TestGPUWorkerRecoversFromFault
	}
	// A fault names the cell's own line.
	ok(t, e, "%%cuda\n__global__ void past_end(float *a) {\n\ta[threadIdx.x + 4] = 1;\n}")
	xe := fails(t, e, "buf, _ := dev.Float32s(4)\npast_end.Run(cudalib.Linear(32, 32), buf)")
	if !strings.Contains(xe.Value, "past_end") || !regexp.MustCompile(`In\[\d+\]\.cu:3\b`).MatchString(xe.Value) {
		t.Errorf("fault %q: want the kernel and the cell's line 3", xe.Value)
	}
}

// TestCUDAKeepsUserNames: a kernel named as one of the user's own Go
// names (their dev, a CPU reference function) is nb.Kernel only, and the
// summary says why; it used to replace the variable (a later dev.Float32s
// failed) and hide the function. A kernel's own Go variable is still
// rebound when its cell is compiled again.
func TestCUDAKeepsUserNames(t *testing.T) {
	needCUDA(t)
	e := shared(t)
	ok(t, e, "heldvar := 2.5\nfunc heldfn(x int) int { return x + 1 }")
	out := ok(t, e, "%%cuda\n__global__ void heldvar(float* x) { x[0] = 1; }\n__global__ void heldfn(int* x) { x[0] = 2; }\n__global__ void heldnew(int* x) { x[0] = 3; }").text("stdout")
	for _, want := range []string{
		`→ nb.Kernel("heldvar") (the Go name heldvar is your var, kept)`,
		`→ nb.Kernel("heldfn") (the Go name heldfn is your func, kept)`,
		"→ Go variable heldnew",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("summary %q: no %q", out, want)
		}
	}
	if got := ok(t, e, "heldvar + float64(heldfn(1))").result(); got != "4.5" {
		t.Errorf("heldvar + heldfn(1) = %s, want 4.5", got)
	}
	if out := ok(t, e, "%%cuda\n__global__ void heldnew(int* x) { x[0] = 4; }").text("stdout"); !strings.Contains(out, "→ Go variable heldnew") {
		t.Errorf("recompiled: %q", out)
	}
}

// Issue 30: a cell's untyped constants reach a kernel as Go values (2 as
// int, 0.5 as float64) and are converted to the parameters' C types by
// cudalib's checker: 2 scales by 2.0, not by the float whose bits are 2,
// and 1<<25+1, which no float holds, is refused with the parameter named.
func TestCUDAUntypedConstants(t *testing.T) {
	needCUDA(t)
	e := shared(t)
	ok(t, e, `%%cuda
__global__ void scale_by(float* x, float a, int n) {
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) x[i] *= a;
}`)
	ok(t, e, `dev, _ := nb.Device()
sx, _ := dev.Float32sFrom([]float32{0.25, 1.25, 2.25, 3.25})
sn := 4`)
	for _, c := range []struct{ cell, want string }{
		{"scale_by.Run(cudalib.Linear(sn, 32), sx, 2, sn)", "[0.5 2.5 4.5 6.5]"},
		{"scale_by.Run(cudalib.Linear(sn, 32), sx, 0.5, 4)", "[0.25 1.25 2.25 3.25]"},
	} {
		if r := ok(t, e, c.cell); r.hasResult() {
			t.Errorf("%s: %s", c.cell, r.result())
		}
		if got := ok(t, e, "sh, _ := sx.ToHost()\nfmt.Sprint(sh)").result(); got != c.want {
			t.Errorf("after %s: x = %s, want %s", c.cell, got, c.want)
		}
	}
	if got := ok(t, e, `err := scale_by.Run(cudalib.Linear(sn, 32), sx, 1<<25+1, sn)
err.Error()`).result(); !strings.Contains(got, "argument 2 (float a): Go int 33554433 is not exactly a float") {
		t.Errorf("scale by 1<<25+1: %s", got)
	}
}

// A template kernel asked for by its bare name, and a kernel that launches
// a kernel, say what they are and what to do.
func TestCUDAErrorsSayWhy(t *testing.T) {
	needCUDA(t)
	e := shared(t)
	ok(t, e, "%%cuda\ntemplate <typename T>\n__global__ void tinc(T *x, int n) { int i = threadIdx.x; if (i < n) x[i] += 1; }")
	xe := fails(t, e, `_, err := nb.Kernel("tinc")
err`)
	if !strings.Contains(xe.Value, `kernel tinc is a template (template <typename T>): name an instance with its template arguments, as "tinc<float>"`) {
		t.Errorf("bare template name: %s", xe.Value)
	}
	ok(t, e, `tincf, err := nb.Kernel("tinc<float>")
err`)
	if xe := fails(t, e, `_, err := nb.Kernel("tinc2")
err`); !strings.Contains(xe.Value, "tinc<...>") {
		t.Errorf("an unknown name lists the templates too: %s", xe.Value)
	}

	xe = fails(t, e, "%%cuda\n__global__ void child(int *x) { x[threadIdx.x] = 1; }\n__global__ void parent(int *x) {\n\tchild<<<1, 32>>>(x);\n}")
	if xe.Name != "CUDACompileError" || !strings.HasPrefix(xe.Value, "line 4: error: dynamic parallelism (a kernel launching a kernel) is not supported") {
		t.Errorf("device launch: %s: %s", xe.Name, xe.Value)
	}
}

// An interrupted cell compiles nothing more: %%cuda says Interrupted (an
// interrupt during the compile ends the cell the same way, without waiting
// for NVRTC: cudalib's TestInterruptedCompileIsLeftBehind).
func TestCUDAInterrupted(t *testing.T) {
	if _, err := nb.Device(); err != nil {
		t.Skipf("no device: %v", err)
	}
	e := shared(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, rep := runWith(t, e, &recorder{}, kernel.ExecuteRequest{Code: "%%cuda\n// " + t.Name() + "\n__global__ void never(float *a) { a[0] = 1; }"}, ctx)
	if rep.Error == nil || rep.Error.Name != "Interrupted" {
		t.Fatalf("reply %+v", rep.Error)
	}
	if xe := fails(t, e, `_, err := nb.Kernel("never")
err`); !strings.Contains(xe.Value, "no kernel") {
		t.Errorf("after the interrupted %%%%cuda: %s", xe.Value)
	}
}
