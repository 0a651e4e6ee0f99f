package labs

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib"
)

// checkerKernels are the students' attempts the checker is tested on.
const checkerKernels = `
__global__ void vecadd(float *out, const float *a, const float *b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a[i] + b[i];
}
__global__ void vecadd_nobounds(float *out, const float *a, const float *b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = a[i] + b[i];
}
__global__ void vecadd_skiplast(float *out, const float *a, const float *b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n - 1) out[i] = a[i] + b[i];
}
__global__ void vecadd_double(double *out, const double *a, const double *b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a[i] + b[i];
}
__global__ void vecadd_nothing(float *out, const float *a, const float *b, int n) {}

#define TILE 16
// Tiled matmul that assumes n is a multiple of TILE: its tile loads have
// no bounds (they read the next row's elements, or past the end). Its
// store keeps one: unguarded, blocks would store to the same words, a race
// that go test -race sees in the interpreter.
__global__ void mm_tiled_nobounds(float *c, const float *a, const float *b, int n) {
    __shared__ float ta[TILE][TILE], tb[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
    float acc = 0.f;
    for (int t = 0; t < n; t += TILE) {
        ta[threadIdx.y][threadIdx.x] = a[row * n + t + threadIdx.x];
        tb[threadIdx.y][threadIdx.x] = b[(t + threadIdx.y) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; k++) acc += ta[threadIdx.y][k] * tb[k][threadIdx.x];
        __syncthreads();
    }
    if (row < n && col < n) c[row * n + col] = acc;
}

// Shared-memory tree reduction: one partial sum per block of 256.
__global__ void reduce(float *partial, const float *in, int n) {
    __shared__ float s[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = i < n ? in[i] : 0.f;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
        if (threadIdx.x < half) s[threadIdx.x] += s[threadIdx.x + half];
        __syncthreads();
    }
    if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}
`

// checkerKernel compiles checkerKernels on the virtual GPU and returns the
// named kernel.
func checkerKernel(t *testing.T, name string) *cudalib.Kernel {
	t.Helper()
	return checkerKernelOn(t, openVirtual(t), name)
}

func checkerKernelOn(t *testing.T, dev *cudalib.Device, name string) *cudalib.Kernel {
	t.Helper()
	mod, err := dev.Compile(checkerKernels)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mod.Unload() })
	k, err := mod.Kernel(name)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// check runs Check with a fixed seed and a small large size (the race
// detector slows the interpreter down).
func check(t *testing.T, k *cudalib.Kernel, spec Spec) *CheckReport {
	t.Helper()
	spec.Seed = 7
	if spec.LargeVirtual > 4096 {
		spec.LargeVirtual = 4096
	}
	rep, err := Check(k, spec)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", rep)
	return rep
}

func TestCheckCorrectVecAddPasses(t *testing.T) {
	rep := check(t, checkerKernel(t, "vecadd"), VecAddSpec())
	if !rep.Passed() || rep.Score() != 1 {
		t.Fatalf("passed %v, score %v: want every case to pass", rep.Passed(), rep.Score())
	}
	var sizes []int
	for _, c := range rep.Cases {
		sizes = append(sizes, c.Size)
		if c.FirstWrong != -1 || c.MaxErr != 0 || !strings.HasPrefix(c.Launch, "vecadd<<<") {
			t.Errorf("n = %d: first wrong %d, max err %v, launch %q", c.Size, c.FirstWrong, c.MaxErr, c.Launch)
		}
	}
	want := append(EdgeSizes(256), 4096)
	if len(sizes) != len(want) {
		t.Fatalf("sizes %v, want %v", sizes, want)
	}
	for i := range want {
		if sizes[i] != want[i] {
			t.Fatalf("sizes %v, want %v", sizes, want)
		}
	}
}

// Without its bounds check, vecadd's last block reads and writes past the
// end on every size that is not a multiple of the block: the sanitizer
// finds it (its bad loads read 0 and its bad stores are dropped, so the
// outputs are right: the finding alone fails the case). Sizes that are
// multiples of the block pass.
func TestCheckVecAddWithoutBoundsCheck(t *testing.T) {
	rep := check(t, checkerKernel(t, "vecadd_nobounds"), VecAddSpec())
	if !rep.Sanitized {
		t.Fatal("a check on the virtual GPU was not sanitized")
	}
	for _, c := range rep.Cases {
		if c.Size%256 == 0 {
			if !c.Pass || len(c.Findings) > 0 {
				t.Errorf("n = %d (a multiple of the block): %s, %d findings", c.Size, c.Result, len(c.Findings))
			}
			continue
		}
		if c.Pass || len(c.Findings) == 0 || c.Findings[0].Kind != "out-of-bounds" || c.Findings[0].Line != 8 {
			t.Errorf("n = %d: pass %v, findings %+v: want an out-of-bounds finding at line 8 to fail it", c.Size, c.Pass, c.Findings)
		}
		if !strings.Contains(c.Result, "the sanitizer found") || c.FirstWrong != -1 {
			t.Errorf("n = %d: %q, first wrong %d: want the sanitizer's verdict on right outputs", c.Size, c.Result, c.FirstWrong)
		}
	}
	if s := rep.String(); !strings.Contains(s, "sanitizer: out-of-bounds at ") || !strings.Contains(s, "by thread (") {
		t.Errorf("the report does not show the findings:\n%s", s)
	}
}

func TestCheckSkippedLastElementFailsThere(t *testing.T) {
	rep := check(t, checkerKernel(t, "vecadd_skiplast"), VecAddSpec())
	if rep.Passed() || rep.Score() != 0 {
		t.Fatalf("passed %v, score %v: every size misses its last element", rep.Passed(), rep.Score())
	}
	for _, c := range rep.Cases {
		if c.FirstWrong != c.Size-1 || !math.IsNaN(c.Got) || math.IsNaN(c.Want) || !math.IsNaN(c.MaxErr) {
			t.Errorf("n = %d: first wrong [%d] = %v want %v, max err %v: want [n−1] unwritten", c.Size, c.FirstWrong, c.Got, c.Want, c.MaxErr)
		}
		if !strings.Contains(c.Result, "1 of") || !strings.Contains(c.Result, "never written") {
			t.Errorf("n = %d: %q", c.Size, c.Result)
		}
	}
	for _, s := range []string{rep.String(), rep.Markdown(), rep.HTML()} {
		if !strings.Contains(s, "FAILED, 0 of 7 cases passed") || !strings.Contains(s, "NaN (unwritten)") {
			t.Errorf("report does not say what failed:\n%s", s)
		}
	}
}

func TestCheckStubThatWritesNothingFails(t *testing.T) {
	rep := check(t, checkerKernel(t, "vecadd_nothing"), VecAddSpec())
	for _, c := range rep.Cases {
		if c.Pass || c.FirstWrong != 0 {
			t.Errorf("n = %d: pass %v, first wrong %d: want [0] unwritten", c.Size, c.Pass, c.FirstWrong)
		}
	}
}

func TestCheckTiledMatMulWithoutBoundsFailsOffTile(t *testing.T) {
	rep := check(t, checkerKernel(t, "mm_tiled_nobounds"), MatMulSpec(16))
	for _, c := range rep.Cases {
		if c.Size == 32 && !c.Pass {
			t.Errorf("n = 32 (two whole tiles) failed: %s", c.Result)
		}
		if c.Size == 33 && c.Pass {
			t.Errorf("n = 33 passed without bounds checks")
		}
		// The sanitizer's out-of-bounds loads read 0, which happen to pad
		// B's missing rows as a bounds check would: its finding fails n = 33.
		if c.Size == 33 && (len(c.Findings) == 0 || c.Findings[0].Kind != "out-of-bounds") {
			t.Errorf("n = 33: %s: want the sanitizer's out-of-bounds finding", c.Result)
		}
	}
}

func TestCheckReductionPasses(t *testing.T) {
	rep := check(t, checkerKernel(t, "reduce"), ReduceSpec())
	if !rep.Passed() {
		t.Fatalf("a correct reduction failed:\n%s", rep)
	}
}

// A kernel whose parameters are not the spec's is an error naming both.
func TestCheckSignatureMismatchIsAnError(t *testing.T) {
	k := checkerKernel(t, "vecadd_double")
	rep, err := Check(k, VecAddSpec())
	if err == nil {
		t.Fatal("no error for a double kernel against a float spec")
	}
	// The report shown without the error (rep, _ := ...) says why it has
	// no cases; it used to say only "0 of 0 cases passed".
	if rep == nil || !strings.Contains(rep.String(), "stopped: "+err.Error()) {
		t.Errorf("the report does not say why it stopped:\n%v", rep)
	}
	for _, want := range []string{"vecadd_double(double *out", "vecadd(float *out, const float *a", "argument 1"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %q", err, want)
		}
	}
	_, err = Check(checkerKernel(t, "vecadd"), Spec{
		Args:      func(n int, _ *rand.Rand) []Arg { return []Arg{Out(n), Scalar(n)} },
		Reference: func([]any) {},
	})
	if err == nil || !strings.Contains(err.Error(), "spec:   vecadd(float *out1, int arg2)") {
		t.Errorf("error %v: want the spec's signature written from its Args", err)
	}
}

// A spec of the student's own: InOut, float64 scalars, custom tolerance.
func TestCheckOwnSpecInOut(t *testing.T) {
	dev := openVirtual(t)
	mod, err := dev.Compile(`__global__ void axpy(double *y, const double *x, double a, int n) {
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        if (i < n) y[i] = a * x[i] + y[i];
    }`)
	if err != nil {
		t.Fatal(err)
	}
	defer mod.Unload()
	k, err := mod.Kernel("axpy")
	if err != nil {
		t.Fatal(err)
	}
	spec := Spec{
		Name: "axpy",
		Args: func(n int, rng *rand.Rand) []Arg {
			return []Arg{InOut(RandomFloat64s(rng, n)), In(RandomFloat64s(rng, n)), Scalar(2.5), Scalar(n)}
		},
		Reference: func(a []any) {
			y, x, alpha := a[0].([]float64), a[1].([]float64), a[2].(float64)
			for i := range y {
				y[i] = alpha*x[i] + y[i]
			}
		},
		Sizes: []int{1, 33}, LargeVirtual: 1000, Block: 64,
	}
	rep := check(t, k, spec)
	if !rep.Passed() || len(rep.Cases) != 3 || rep.Cases[2].Launch != "axpy<<<16, 64>>>" {
		t.Fatalf("passed %v, %d cases:\n%s", rep.Passed(), len(rep.Cases), rep)
	}
	if _, err := Check(k, Spec{Args: func(int, *rand.Rand) []Arg { return []Arg{In([]int{1})} }, Reference: func([]any) {}}); err == nil || !strings.Contains(err.Error(), "[]int is not an array argument") {
		t.Errorf("error %v: want []int refused", err)
	}
}

// The lab's own kernels pass the ready-made specs of their problems.
func TestCheckLabKernelsPassTheirSpecs(t *testing.T) {
	checkLabKernels(t, openVirtual(t), check)
}

// On a GPU the lab's kernels pass at the specs' full sizes (the large ones
// included), unsanitized, and a kernel that skips its last element fails
// there.
func TestGPUCheck(t *testing.T) {
	dev := openGPU(t)
	checkLabKernels(t, dev, func(t *testing.T, k *cudalib.Kernel, spec Spec) *CheckReport {
		rep, err := Check(k, spec)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("\n%s", rep)
		if rep.Sanitized || rep.Cases[len(rep.Cases)-1].Size != spec.Large {
			t.Errorf("sanitized %v, last size %d: want an unsanitized run up to %d", rep.Sanitized, rep.Cases[len(rep.Cases)-1].Size, spec.Large)
		}
		return rep
	})
	rep, err := Check(checkerKernelOn(t, dev, "reduce"), ReduceSpec())
	if err != nil || !rep.Passed() {
		t.Fatalf("a correct reduction: %v\n%s", err, rep)
	}
	rep, err = Check(checkerKernelOn(t, dev, "vecadd_skiplast"), VecAddSpec())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range rep.Cases {
		if c.Pass || c.FirstWrong != c.Size-1 {
			t.Errorf("n = %d: pass %v, first wrong %d: want [n−1]", c.Size, c.Pass, c.FirstWrong)
		}
	}
}

func checkLabKernels(t *testing.T, dev *cudalib.Device, check func(*testing.T, *cudalib.Kernel, Spec) *CheckReport) {
	for _, c := range []struct {
		lab    *Lab
		kernel string
		spec   Spec
	}{
		{VecAdd, "vecadd_thread", VecAddSpec()},
		{MatMul, "mm_tiled<16>", MatMulSpec(16)},
		{MatMul, "mm_tiled<32>", MatMulSpec(32)},
		{Grad1D, "dd_global", Grad1DSpec()},
		{Grad1D, "dd_shared", Grad1DSpec()},
		{Transpose, "transpose_tiled<32>", TransposeSpec()},
		{Transpose, "transpose_tiled<33>", TransposeSpec()},
	} {
		t.Run(c.kernel, func(t *testing.T) {
			mod, err := dev.CompileNamed(c.lab.File, c.lab.Source, c.lab.Options...)
			if err != nil {
				t.Fatal(err)
			}
			defer mod.Unload()
			k, err := mod.Kernel(c.kernel)
			if err != nil {
				t.Fatal(err)
			}
			if rep := check(t, k, c.spec); !rep.Passed() {
				t.Errorf("the lab's %s fails its spec:\n%s", c.kernel, rep)
			}
		})
	}
}
