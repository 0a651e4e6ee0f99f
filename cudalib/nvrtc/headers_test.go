package nvrtc

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// compiler is an NVRTC as a test compiles with it.
type compiler struct {
	name string
	lib  *Lib
}

// compilers are the NVRTCs on this machine that culab's headers must work
// with: the one Load picks, the same without the CUDA headers (as in a
// CUDA runtime image), and Debian's NVRTC 11 when Load picked another.
func compilers(t *testing.T) []compiler {
	l := loadNVRTC(t)
	major, minor := l.Version()
	cs := []compiler{{name: "loaded", lib: l}}
	if len(l.includeDirs) > 0 {
		bare := *l
		bare.includeDirs = nil
		cs = append(cs, compiler{name: "loaded without CUDA headers", lib: &bare})
	}
	if major != 11 {
		if old, err := Open("libnvrtc.so.11.2"); err == nil {
			cs = append(cs, compiler{name: "Debian's NVRTC 11", lib: old})
		}
	}
	t.Logf("NVRTC %d.%d (%s), CUDA headers %v; %d compilers", major, minor, l.Path(), l.IncludeDirs(), len(cs))
	return cs
}

func compileWith(t *testing.T, l *Lib, src string, opts ...string) (*Result, error) {
	t.Helper()
	tg, err := l.Target(9, 0)
	if err != nil {
		t.Fatal(err)
	}
	tg.CUBIN = false
	return l.Compile(Request{Name: "text.cu", Source: src, Options: opts, Target: tg})
}

// Every header stands alone and can be included twice. (With the first
// and the last of the compilers: each compilation costs.)
func TestShimHeadersStandAlone(t *testing.T) {
	names := ShimHeaders()
	for _, want := range []string{"stdio.h", "cstdio", "assert.h", "cassert", "math.h", "cmath", "stdlib.h", "cstdlib",
		"stdint.h", "cstdint", "limits.h", "climits", "float.h", "cfloat", "stddef.h", "cstddef", "string.h", "cstring"} {
		if !slices.Contains(names, want) {
			t.Errorf("no <%s> among %v", want, names)
		}
	}
	cs := compilers(t)
	if len(cs) > 2 {
		cs = []compiler{cs[0], cs[len(cs)-1]}
	}
	for _, c := range cs {
		for _, h := range names {
			src := "#include <" + h + ">\n#include <" + h + ">\n__global__ void k(int* p) { *p = 1; }\n"
			res, err := compileWith(t, c.lib, src)
			if err != nil {
				t.Errorf("%s: <%s>: %v", c.name, h, err)
			} else if res.Log != "" {
				t.Errorf("%s: <%s> warns: %s", c.name, h, res.Log)
			}
		}
	}
}

// What a textbook kernel takes from the C library compiles, and the
// constants and types are what a CUDA device has (C++17, for
// static_assert: NVRTC 11 defaults to C++03, and the headers stand alone
// in it, above).
const textbookIncludes = `#include <stdio.h>
#include <cstdio>
#include <assert.h>
#include <cassert>
#include <math.h>
#include <cmath>
#include <stdlib.h>
#include <cstdlib>
#include <stdint.h>
#include <cstdint>
#include <limits.h>
#include <climits>
#include <float.h>
#include <cfloat>
#include <stddef.h>
#include <cstddef>
#include <string.h>
#include <cstring>

static_assert(sizeof(int8_t) == 1 && sizeof(uint16_t) == 2 && sizeof(std::int32_t) == 4 && sizeof(uint64_t) == 8, "widths");
static_assert(sizeof(intptr_t) == sizeof(void*) && sizeof(std::size_t) == 8 && sizeof(std::ptrdiff_t) == 8, "pointers");
static_assert(INT32_MAX == 2147483647 && INT32_MIN == -INT32_MAX - 1 && UINT64_MAX == 18446744073709551615ULL, "stdint limits");
static_assert(INT64_C(1) << 40 == 1099511627776LL && UINT32_C(7) == 7u, "constant macros");
static_assert(CHAR_BIT == 8 && INT_MAX == 2147483647 && LLONG_MAX == 9223372036854775807LL && UINT_MAX == 4294967295u, "limits");
static_assert(FLT_MAX > 3.4e38f && FLT_EPSILON == 1.0f / 8388608 && DBL_MANT_DIG == 53 && DBL_EPSILON == 1.0 / 4503599627370496, "float");
static_assert(M_PI > 3.14159 && M_PI < 3.1416, "M_PI");
struct pair { int a; double b; };

__global__ void k(float* out, const float* in, int64_t n) {
    size_t i = blockIdx.x * blockDim.x + threadIdx.x;
    assert(n > 0);
    if (i >= n) return;
    float x = in[i];
    out[i] = std::sqrt(std::fabs(x)) + sqrtf(fabsf(x)) + std::abs(-x) + std::pow(x, 2.0f) + powf(x, 2)
           + (isinf(INFINITY) ? 1.0f : 0.0f) + (std::isnan(NAN) ? 1.0f : 0.0f) + HUGE_VALF * 0
           + (float)std::abs(-3) + (float)M_PI + FLT_EPSILON + (float)offsetof(pair, b);
    printf("%d %f\n", (int)i, x);
    std::printf("%lld\n", (long long)INT64_MAX);
    std::memcpy(out, in, 0);
    memset(out, 0, 0);
}
`

func TestShimHeadersTextbookKernel(t *testing.T) {
	for _, c := range compilers(t) {
		res, err := compileWith(t, c.lib, textbookIncludes, "-std=c++17")
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		ptx := string(res.Image)
		for _, want := range []string{"vprintf", "__assertfail", "sqrt.rn.f32"} {
			if !strings.Contains(ptx, want) {
				t.Errorf("%s: the PTX has no %s", c.name, want)
			}
		}
		if res.Log != "" {
			t.Errorf("%s warns: %s", c.name, res.Log)
		}
	}
}

// NDEBUG before <assert.h> turns assert off, as in C.
func TestShimAssertNDEBUG(t *testing.T) {
	for _, c := range compilers(t) {
		res, err := compileWith(t, c.lib, "#define NDEBUG\n#include <cassert>\n__global__ void k(int* p) { assert(*p > 0); *p = 1; }\n")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if strings.Contains(string(res.Image), "__assertfail") {
			t.Errorf("%s: assert is on under NDEBUG", c.name)
		}
	}
}

// A host function of the C library called in a kernel gets a note saying
// so; so do a host C++ library header and a host program's main.
func TestHostOnlyNotes(t *testing.T) {
	l := loadNVRTC(t)
	for _, tc := range []struct{ src, want string }{
		{"#include <stdio.h>\n__global__ void k() { FILE* f = fopen(\"x\", \"r\"); }\n", "fopen is host code (<stdio.h>): device code cannot use it"},
		{"#include <stdlib.h>\n__global__ void k(int* p) { *p = rand(); }\n", "rand is host code (<stdlib.h>)"},
		{"#include <iostream>\n__global__ void k() {}\n", "<iostream> is part of the host's C++ library"},
		// A textbook's whole program: NVRTC's words alone do not say where
		// its host half goes.
		{"__global__ void k(int* x) { x[0] = 1; }\nint main() { int* d; cudaMalloc(&d, 4); k<<<1, 1>>>(d); return 0; }\n",
			"NVRTC compiles device code only (__global__ and __device__ functions): the host program"},
	} {
		_, err := compileWith(t, l, tc.src)
		var ce *CompileError
		if !errors.As(err, &ce) || !strings.Contains(ce.Error(), "note: "+tc.want) {
			t.Errorf("%q: got %v, want a compile error with the note %q", tc.src, err, tc.want)
		}
	}
}

// Without the CUDA headers, including one says where they come from.
func TestToolkitHeaderMissingNote(t *testing.T) {
	l := &Lib{major: 11, minor: 8, path: "libnvrtc.so.11.2"}
	diags := []Diagnostic{
		{Severity: "catastrophic error", Message: `cannot open source file "cuda_fp16.h"`},
		{Severity: "catastrophic error", Message: `could not open source file "cooperative_groups.h" (no directories in search list)`},
		{Severity: "catastrophic error", Message: `cannot open source file "mine.h"`},
	}
	l.explain(diags)
	for i, want := range []string{
		"<cuda_fp16.h> is one of the CUDA toolkit's headers, and none of CUDA 11 were found for NVRTC 11.8 (libnvrtc.so.11.2): scripts/setup-cudatools.sh installs NVRTC 13 with its headers",
		"<cooperative_groups.h> is one of the CUDA toolkit's headers",
	} {
		if !strings.Contains(diags[i].Message, "\nnote: "+want) {
			t.Errorf("diagnostic %d: %q lacks the note %q", i, diags[i].Message, want)
		}
	}
	if strings.Contains(diags[2].Message, "note") {
		t.Errorf("a header of the user's own got a note: %q", diags[2].Message)
	}
	l.includeDirs = []string{"/x/include"}
	d := []Diagnostic{{Severity: "catastrophic error", Message: `cannot open source file "cuda/std/nothere"`}}
	// A header that Thrust includes from the host's library: the note is
	// about Thrust, whichever header it wanted.
	th := []Diagnostic{{File: "/x/include/cccl/thrust/detail/memory_wrapper.h", Severity: "catastrophic error", Message: `cannot open source file "memory"`}}
	l.explain(th)
	if !strings.Contains(th[0].Message, "\nnote: Thrust (<thrust/...>) is called from host code") {
		t.Errorf("a header Thrust wanted: %q", th[0].Message)
	}
	l.explain(d)
	if strings.Contains(d[0].Message, "note") {
		t.Errorf("with CUDA headers found, a missing one got a note: %q", d[0].Message)
	}
}

// The CUDA toolkit's headers that kernels include compile with the
// NVRTC they match; culab's headers go with libcu++'s either way round.
func TestToolkitHeaders(t *testing.T) {
	l := loadNVRTC(t)
	if len(l.includeDirs) == 0 {
		major, minor := l.Version()
		t.Skipf("no CUDA headers for NVRTC %d.%d (%s): scripts/setup-cudatools.sh installs them", major, minor, l.Path())
	}
	for name, src := range map[string]string{
		"fp16": `#include <cuda_fp16.h>
__global__ void k(__half* out, const __half* a, const __half* b) { out[threadIdx.x] = __hadd(a[threadIdx.x], __hmul(b[threadIdx.x], __float2half(2.0f))); }`,
		"bf16": `#include <cuda_bf16.h>
__global__ void k(__nv_bfloat16* out, const float* in) { out[threadIdx.x] = __float2bfloat16(in[threadIdx.x]) + __float2bfloat16(1.0f); }`,
		"cooperative groups": `#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
    cg::thread_block b = cg::this_thread_block();
    b.sync();
    cg::thread_block_tile<32> w = cg::tiled_partition<32>(b);
    int s = cg::reduce(w, (int)w.thread_rank(), cg::plus<int>());
    if (w.thread_rank() == 0) out[b.thread_rank() / 32] = s;
}`,
		"libcu++": `#include <cuda/std/cstdint>
#include <cuda/std/limits>
#include <cuda/std/array>
#include <cuda/std/type_traits>
__global__ void k(cuda::std::uint32_t* out) {
    cuda::std::array<int, 3> a{1, 2, 3};
    static_assert(cuda::std::is_same<cuda::std::int64_t, long long>::value, "");
    out[0] = cuda::std::numeric_limits<int>::max() - a[2];
}`,
		"wmma": `#include <mma.h>
using namespace nvcuda;
__global__ void k(const half* a, const half* b, float* c) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::fill_fragment(fc, 0.0f);
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
}`,
		// (Not <cuda/std/cmath>: it takes seconds to compile; math.h says
		// how it goes with culab's.)
		"culab's first": "#include <stdint.h>\n#include <limits.h>\n#include <cuda/std/cstdint>\n#include <cuda/std/climits>\n" +
			"__global__ void k(int64_t* p, cuda::std::uint8_t* q) { *p = INT64_MAX; *q = UCHAR_MAX; }",
		"libcu++ first": "#include <cuda/std/cstdint>\n#include <cuda/std/climits>\n#include <cstdint>\n#include <climits>\n" +
			"__global__ void k(std::int64_t* p, uint8_t* q) { *p = INT64_MAX; *q = UCHAR_MAX; }",
	} {
		res, err := compileWith(t, l, src)
		if err != nil {
			t.Errorf("%s: %v", name, err)
		} else if res.Log != "" {
			t.Errorf("%s warns: %s", name, res.Log)
		}
	}
}

// The headers are those of the NVRTC's major version, beside the library
// first, with CUDA 13's cccl directory.
func TestFindIncludeDirs(t *testing.T) {
	t.Setenv(EnvTools, t.TempDir()) // nothing installed there
	root := t.TempDir()
	inc := filepath.Join(root, "include")
	if err := os.MkdirAll(filepath.Join(inc, "cccl"), 0o755); err != nil {
		t.Fatal(err)
	}
	api := "/* cuda_runtime_api.h */\n#define CUDART_VERSION  13000\n"
	if err := os.WriteFile(filepath.Join(inc, "cuda_runtime_api.h"), []byte(api), 0o644); err != nil {
		t.Fatal(err)
	}
	lib := filepath.Join(root, "lib", "libnvrtc.so.13")
	if got, want := findIncludeDirs(lib, 13), []string{inc, filepath.Join(inc, "cccl")}; !slices.Equal(got, want) {
		t.Errorf("findIncludeDirs(%s, 13) = %v, want %v", lib, got, want)
	}
	if got := findIncludeDirs(lib, 99); got != nil {
		t.Errorf("NVRTC 99 got another version's headers: %v", got)
	}
	if got := headersMajor(root); got != 0 {
		t.Errorf("headersMajor of a directory without headers = %d", got)
	}
}
