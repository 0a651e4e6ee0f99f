package cudalib

import (
	"errors"
	"strings"
	"testing"
)

// paramsSrc declares kernels whose parameter lists the source scanner
// cannot read (a macro, a typedef, a template parameter) beside one it
// can; the compiler sees them all.
const paramsSrc = `
#define ARGS float* out, int n
#define PAIR(T) T* y, long long m
typedef float real;
__global__ void fill(ARGS) {
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) out[i] = 2.0f * i;
}
__global__ void scale(real* x, real s, int n) {
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) x[i] *= s;
}
template <typename T> __global__ void twice(T* x, int n) {
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) x[i] += x[i];
}
__global__ void pairs(PAIR(double)) {}
__global__ void plainAdd(const float* a, float* b, int n) {}
extern "C" __global__ void cfill(ARGS) {
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) out[i] = 1.0f;
}
`

// Kernel parameters come from what the compiler saw: a parameter list
// that is a macro (the fill(ARGS): Params was [ARGS] and the
// launch was refused), a typedef, a template parameter; the source's text,
// with names, where it reads the same types.
func TestParamsAsCompiled(t *testing.T) {
	d := openVirtualGPU(t)
	m, err := d.Compile(paramsSrc)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Unload()
	for name, want := range map[string]string{
		"fill":          "float*, int",
		"scale":         "float* x, float s, int n",
		"twice<double>": "double* x, int n",
		"pairs":         "double*, long long",
		"plainAdd":      "const float* a, float* b, int n",
	} {
		k, err := m.Kernel(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(k.Params(), ", "); got != want {
			t.Errorf("%s.Params() = %q, want %q", name, got, want)
		}
	}
	buf, err := d.Float32s(10)
	if err != nil {
		t.Fatal(err)
	}
	fill, _ := m.Kernel("fill")
	if err := fill.Run(Linear(10, 32), buf, 10); err != nil {
		t.Fatal(err)
	}
	scale, _ := m.Kernel("scale")
	if err := scale.Run(Linear(10, 32), buf, float32(0.5), 10); err != nil {
		t.Fatal(err)
	}
	got, err := buf.ToHost()
	if err != nil {
		t.Fatal(err)
	}
	if got[3] != 3 || got[9] != 9 {
		t.Errorf("fill then scale: %v", got)
	}
	// The checks name the C types the compiler saw.
	var le *LaunchError
	for _, c := range []struct {
		k    string
		args []any
		want string
	}{
		{"fill", []any{10, buf}, "argument 1 (float*): a device buffer is needed, got Go int 10"},
		{"scale", []any{buf, 1<<25 + 1, 10}, "argument 2 (float s): Go int 33554433 is not exactly a float"},
		{"twice<double>", []any{buf, 10}, "argument 1 (double* x): needs a buffer of float64 (Float64s), got one of float32"},
	} {
		k, _ := m.Kernel(c.k)
		err := k.Run(Linear(10, 32), c.args...)
		if !errors.As(err, &le) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s%v: %v, want %q", c.k, c.args, err, c.want)
		}
	}
	// extern "C": the name has no types; the macro misleads the scanner,
	// and the PTX's parameter sizes check the launch. A Go int names no C
	// type, so it is refused there; a sized Go type says the C type.
	cfill, err := m.Kernel("cfill")
	if err != nil {
		t.Fatal(err)
	}
	if ps := cfill.Params(); ps != nil {
		t.Errorf("cfill.Params() = %q, want nil (unknown)", ps)
	}
	if err := cfill.Run(Linear(10, 32), buf, 10); err == nil || !strings.Contains(err.Error(), "argument 2: the kernel's parameter types are not known") || !strings.Contains(err.Error(), "int32(10)") {
		t.Errorf("cfill with a Go int: %v", err)
	}
	if err := cfill.Run(Linear(10, 32), buf, int32(10)); err != nil {
		t.Errorf("cfill: %v", err)
	}
	if err := cfill.Run(Linear(10, 32), buf, int64(10)); err == nil || !strings.Contains(err.Error(), "is 8 bytes; the kernel's parameter is 4 bytes") {
		t.Errorf("cfill with an int64: %v", err)
	}
}
