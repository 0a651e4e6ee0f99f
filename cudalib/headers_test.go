package cudalib

import (
	"errors"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib/nvrtc"
)

// The includes textbook kernels start with compile through cudalib and
// run on the virtual GPU, and on a GPU where there is one: culab's C
// library headers everywhere, the CUDA toolkit's where NVRTC has them
// (scripts/setup-cudatools.sh). Where the virtual GPU cannot execute what
// a header's functions compile to, the kernel must fail to load with the
// instruction named, never run wrong.

// onDevices runs f on the virtual GPU and on the GPU (skipped without one).
func onDevices(t *testing.T, f func(t *testing.T, d *Device)) {
	t.Run("virtual", func(t *testing.T) { f(t, openVirtualGPU(t)) })
	t.Run("gpu", func(t *testing.T) { f(t, openGPU(t)) })
}

// runHeaderKernel compiles src, whose kernel k(float* out, const float*
// in) runs one block of len(in) threads, and returns out: the error is
// the compilation's or the launch's.
func runHeaderKernel(t *testing.T, d *Device, src string, in []float32) ([]float32, error) {
	t.Helper()
	m, err := d.Compile(src)
	if err != nil {
		return nil, err
	}
	t.Cleanup(func() { m.Unload() })
	k, err := m.Kernel("k")
	if err != nil {
		return nil, err
	}
	a, err := d.Float32sFrom(in)
	if err != nil {
		t.Fatal(err)
	}
	out, err := d.Float32s(len(in))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Free(); out.Free() })
	if err := k.Run(Config{Grid: D1(1), Block: D1(len(in))}, out, a); err != nil {
		return nil, err
	}
	return out.ToHost()
}

// needsCUDAHeaders skips where NVRTC has no CUDA toolkit headers.
func needsCUDAHeaders(t *testing.T) {
	t.Helper()
	l, err := nvrtc.Load()
	if err != nil || len(l.IncludeDirs()) == 0 {
		t.Skip("no CUDA headers for this NVRTC (scripts/setup-cudatools.sh installs NVRTC 13 with them)")
	}
}

func checkFloats(t *testing.T, what string, got []float32, want func(i int) float64) {
	t.Helper()
	for i, g := range got {
		if w := want(i); float64(g) != w {
			t.Errorf("%s: out[%d] = %v, want %v", what, i, g, w)
		}
	}
}

var headerInputs = []float32{0.1, 1.0 / 3, 2.5, 100.3, 7, 0.001, 42.42, 3}

// The C library's device parts through culab's headers, with the values a
// GPU gives: std::abs and std::sqrt of a float are float's (not int's, not
// double's), the constants are exact.
func TestHeadersCLibrary(t *testing.T) {
	onDevices(t, func(t *testing.T, d *Device) {
		src := `#include <cmath>
#include <math.h>
#include <cstdint>
#include <climits>
#include <cfloat>
#include <cstdlib>
__global__ void k(float* out, const float* in) {
    int i = threadIdx.x;
    float x = in[i];
    float r;
    switch (i % 4) {
    case 0: r = std::abs(-x) + std::sqrt(x); break;
    case 1: r = (float)(INT32_MAX - INT_MAX) + (float)(UINT8_MAX + abs(-1)) + (isinf(INFINITY) && std::isnan(NAN) ? x : -x); break;
    case 2: r = FLT_EPSILON * 8388608.0f + (float)M_PI + (float)(sizeof(int64_t) + sizeof(std::uint16_t)); break;
    default: r = std::floor(x) + std::fmax(x, 2.0f);
    }
    out[i] = r;
}`
		got, err := runHeaderKernel(t, d, src, headerInputs)
		if err != nil {
			t.Fatal(err)
		}
		checkFloats(t, "<cmath> and friends", got, func(i int) float64 {
			x := headerInputs[i]
			switch i % 4 {
			case 0:
				return float64(x + float32(math.Sqrt(float64(x))))
			case 1:
				return float64(256 + x)
			case 2:
				return float64(float32(1+float32(math.Pi)) + 10)
			}
			return float64(float32(math.Floor(float64(x))) + max(x, 2))
		})
	})
}

// printf from <stdio.h> prints, one line a thread, when the kernel has run.
func TestHeadersPrintf(t *testing.T) {
	onDevices(t, func(t *testing.T, d *Device) {
		src := `#include <stdio.h>
#include <cstdio>
__global__ void k(float* out, const float* in) {
    int i = threadIdx.x;
    printf("thread %d of %d: %.2f\n", i, blockDim.x, in[i]);
    out[i] = in[i];
}`
		if !d.Virtual() {
			// The driver prints to file descriptor 1 (of the GPU worker,
			// when there is one): the kernel must run, the text is not read.
			if _, err := runHeaderKernel(t, d, src, headerInputs); err != nil {
				t.Fatal(err)
			}
			return
		}
		// The virtual GPU prints to os.Stdout.
		f, err := os.CreateTemp(t.TempDir(), "stdout")
		if err != nil {
			t.Fatal(err)
		}
		stdout := os.Stdout
		os.Stdout = f
		_, err = runHeaderKernel(t, d, src, headerInputs)
		os.Stdout = stdout
		if err != nil {
			t.Fatal(err)
		}
		printed, err := os.ReadFile(f.Name())
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"thread 0 of 8: 0.10\n", "thread 3 of 8: 100.30\n", "thread 7 of 8: 3.00\n"} {
			if !strings.Contains(string(printed), want) {
				t.Errorf("printf wrote %q; no %q", printed, want)
			}
		}
	})
}

// A failed assert from <cassert> fails the launch with the condition.
// (Virtual GPU only: on a GPU it poisons the process's CUDA context.)
func TestHeadersAssert(t *testing.T) {
	d := openVirtualGPU(t)
	src := "#include <cassert>\n__global__ void k(float* out, const float* in) { assert(in[threadIdx.x] < 50.0f); out[threadIdx.x] = 1; }"
	_, err := runHeaderKernel(t, d, src, headerInputs)
	if err == nil || !strings.Contains(err.Error(), "assertion `in[threadIdx.x] < 50.0f' failed") {
		t.Errorf("launch error %v, want the failed assertion", err)
	}
}

// malloc from <stdlib.h> compiles and runs on a GPU; the virtual GPU has
// no device heap and says so when it loads the kernel.
func TestHeadersMalloc(t *testing.T) {
	onDevices(t, func(t *testing.T, d *Device) {
		src := "#include <stdlib.h>\n__global__ void k(float* out, const float* in) { float* p = (float*)malloc(4); *p = in[0]; out[0] = *p; free(p); }"
		got, err := runHeaderKernel(t, d, src, headerInputs)
		switch {
		case !d.Virtual() && (err != nil || got[0] != headerInputs[0]):
			t.Errorf("got %v, %v; want out[0] = %v", got, err, headerInputs[0])
		case d.Virtual() && (err == nil || !strings.Contains(err.Error(), "call of external function malloc")):
			t.Errorf("got %v, want the virtual GPU to refuse malloc", err)
		}
	})
}

// roundHalf rounds x to the nearest IEEE half (ties to even), subnormals
// included; x is nonzero and below 65504, as the test's values are.
func roundHalf(x float64) float64 {
	ulp := math.Ldexp(1, max(int(math.Floor(math.Log2(math.Abs(x)))), -14)-10)
	return math.RoundToEven(x/ulp) * ulp
}

// roundBF16 rounds x to the nearest bfloat16 (8 significant bits).
func roundBF16(x float64) float64 {
	ulp := math.Ldexp(1, int(math.Floor(math.Log2(math.Abs(x))))-7)
	return math.RoundToEven(x/ulp) * ulp
}

func TestHeadersHalfPrecision(t *testing.T) {
	needsCUDAHeaders(t)
	onDevices(t, func(t *testing.T, d *Device) {
		src := `#include <cuda_fp16.h>
__global__ void k(float* out, const float* in) {
    int i = threadIdx.x;
    __half h = __float2half(in[i]);
    __half2 p = __floats2half2_rn(in[i], 2.0f);
    p = __hmul2(p, p);
    out[i] = (i % 2 == 0) ? __half2float(__hadd(h, __float2half(1.0f))) : __low2float(p) + __high2float(p);
}`
		got, err := runHeaderKernel(t, d, src, headerInputs)
		if err != nil {
			t.Fatal(err)
		}
		checkFloats(t, "half", got, func(i int) float64 {
			h := roundHalf(float64(headerInputs[i]))
			if i%2 == 0 {
				return roundHalf(h + 1)
			}
			return float64(float32(roundHalf(h*h)) + 4)
		})
	})
}

func TestHeadersBFloat16(t *testing.T) {
	needsCUDAHeaders(t)
	onDevices(t, func(t *testing.T, d *Device) {
		src := `#include <cuda_bf16.h>
__global__ void k(float* out, const float* in) {
    int i = threadIdx.x;
    out[i] = __bfloat162float(__float2bfloat16(in[i]) * __float2bfloat16(3.0f));
}`
		got, err := runHeaderKernel(t, d, src, headerInputs)
		if err != nil {
			t.Fatal(err)
		}
		checkFloats(t, "bfloat16", got, func(i int) float64 { return roundBF16(3 * roundBF16(float64(headerInputs[i]))) })
	})
}

// A half comparison compiles to setp.f16, which the virtual GPU does not
// implement: the kernel must either give the right answer (as a GPU does)
// or not load, with the instruction named, never a wrong answer.
func TestHeadersHalfComparison(t *testing.T) {
	needsCUDAHeaders(t)
	onDevices(t, func(t *testing.T, d *Device) {
		src := `#include <cuda_fp16.h>
__global__ void k(float* out, const float* in) {
    out[threadIdx.x] = __hlt(__float2half(in[threadIdx.x]), __float2half(5.0f)) ? 1.0f : 0.0f;
}`
		got, err := runHeaderKernel(t, d, src, headerInputs)
		if err != nil {
			if !strings.Contains(err.Error(), "unsupported instruction setp.lt.f16") {
				t.Errorf("error %v does not name the instruction", err)
			}
			return
		}
		checkFloats(t, "__hlt", got, func(i int) float64 {
			if roundHalf(float64(headerInputs[i])) < 5 {
				return 1
			}
			return 0
		})
	})
}

// cooperative_groups: a thread block's sync and a warp tile's reduction.
func TestHeadersCooperativeGroups(t *testing.T) {
	needsCUDAHeaders(t)
	onDevices(t, func(t *testing.T, d *Device) {
		src := `#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
__global__ void k(float* out, const float* in) {
    __shared__ float s[64];
    cg::thread_block b = cg::this_thread_block();
    s[b.thread_rank()] = in[b.thread_rank()];
    b.sync();
    cg::thread_block_tile<32> w = cg::tiled_partition<32>(b);
    out[b.thread_rank()] = cg::reduce(w, s[b.size() - 1 - b.thread_rank()], cg::plus<float>());
}`
		in := make([]float32, 64)
		for i := range in {
			in[i] = float32(i) // sums of integers: exact in any order
		}
		got, err := runHeaderKernel(t, d, src, in)
		if err != nil {
			t.Fatal(err)
		}
		// Warp 0 reads in[63..32], warp 1 in[31..0].
		checkFloats(t, "cg::reduce", got, func(i int) float64 {
			if i < 32 {
				return 32 * (32 + 63) / 2
			}
			return 32 * 31 / 2
		})
	})
}

// libcu++: <cuda/std/...> in device code.
func TestHeadersLibcudacxx(t *testing.T) {
	needsCUDAHeaders(t)
	onDevices(t, func(t *testing.T, d *Device) {
		src := `#include <cuda/std/array>
#include <cuda/std/limits>
#include <cuda/std/cstdint>
#include <cuda/std/utility>
__global__ void k(float* out, const float* in) {
    cuda::std::array<float, 3> a{1.0f, 2.0f, 4.0f};
    cuda::std::pair<int, float> p{int(threadIdx.x), in[threadIdx.x]};
    out[threadIdx.x] = p.second + a[p.first % 3] + float(cuda::std::numeric_limits<cuda::std::int8_t>::max());
}`
		got, err := runHeaderKernel(t, d, src, headerInputs)
		if err != nil {
			t.Fatal(err)
		}
		checkFloats(t, "cuda::std", got, func(i int) float64 {
			return float64(headerInputs[i] + []float32{1, 2, 4}[i%3] + 127)
		})
	})
}

// CUB's block-level primitives compile with NVRTC (its device-wide ones
// launch kernels from the host and do not).
func TestHeadersCUBBlockReduce(t *testing.T) {
	needsCUDAHeaders(t)
	onDevices(t, func(t *testing.T, d *Device) {
		src := `#include <cub/block/block_reduce.cuh>
__global__ void k(float* out, const float* in) {
    typedef cub::BlockReduce<float, 64> Reduce;
    __shared__ typename Reduce::TempStorage tmp;
    float s = Reduce(tmp).Sum(in[threadIdx.x]);
    out[threadIdx.x] = threadIdx.x == 0 ? s : -1.0f;
}`
		in := make([]float32, 64)
		for i := range in {
			in[i] = float32(i)
		}
		got, err := runHeaderKernel(t, d, src, in)
		if err != nil {
			t.Fatal(err)
		}
		checkFloats(t, "cub::BlockReduce", got, func(i int) float64 {
			if i == 0 {
				return 64 * 63 / 2
			}
			return -1
		})
	})
}

// Without the CUDA headers, including one is a compile error that says
// where they come from.
func TestMissingCUDAHeaderSaysWhy(t *testing.T) {
	l, err := nvrtc.Load()
	if err != nil {
		t.Skip(err)
	}
	if len(l.IncludeDirs()) > 0 {
		t.Skip("this NVRTC has the CUDA headers (nvrtc's tests check the note)")
	}
	err = CheckSource("fp16.cu", "#include <cuda_fp16.h>\n__global__ void k() {}\n")
	var ce *CompileError
	if !errors.As(err, &ce) || !strings.Contains(ce.Error(), "scripts/setup-cudatools.sh installs NVRTC 13 with its headers") {
		t.Errorf("got %v, want a compile error saying where the headers come from", err)
	}
}

// TestPrintfStarWidth: a '*' width or precision takes its int from the
// arguments, as C's printf does (negative: left-justified; no precision);
// the virtual GPU printed Go's "%!d(MISSING)".
func TestPrintfStarWidth(t *testing.T) {
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, `#include <cstdio>
__global__ void w(int n) { printf("%*d|%*d|%.*f|%.*f|%5.*f|\n", n, 42, -n, 42, 2, 3.14159, -1, 2.5, 1, 2.25); }`, "w")
	f, err := os.CreateTemp(t.TempDir(), "stdout")
	if err != nil {
		t.Fatal(err)
	}
	stdout := os.Stdout
	os.Stdout = f
	err = k.Run(Linear(1, 1), 6)
	os.Stdout = stdout
	if err != nil {
		t.Fatal(err)
	}
	printed, _ := os.ReadFile(f.Name())
	if want := "    42|42    |3.14|2.500000|  2.2|\n"; string(printed) != want {
		t.Errorf("printed %q, want %q", printed, want)
	}
}
