package cudalib

import (
	"testing"
)

// fillSrc writes V+i to out[i]; each test gives it its own comment so that
// no other test's Module shares its image.
const fillSrc = `
#ifndef V
#define V 1
#endif
extern "C" __global__ void fill(float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = V + i;
}
template <int S> __global__ void scaled(float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = S * i;
}
`

// runFill runs kernel name of m over n elements and checks out[i] = v + s*i.
func runFill(t *testing.T, d *Device, m *Module, name string, v, s float32) {
	t.Helper()
	k, err := m.Kernel(name)
	if err != nil {
		t.Fatal(err)
	}
	const n = 300
	out, err := d.Float32s(n)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Free()
	if err := k.Run(Linear(n, 128), out, n); err != nil {
		t.Fatal(err)
	}
	got, err := out.ToHost()
	if err != nil {
		t.Fatal(err)
	}
	for i, x := range got {
		if x != v+s*float32(i) {
			t.Fatalf("%s: out[%d] = %v, want %v", name, i, x, v+s*float32(i))
		}
	}
}

func TestCompileSameSourceSharesImage(t *testing.T) {
	d := openVirtualGPU(t)
	src := "// " + t.Name() + fillSrc
	m1, err := d.Compile(src)
	if err != nil {
		t.Fatal(err)
	}
	m2, err := d.Compile(src)
	if err != nil {
		t.Fatal(err)
	}
	if !m2.Cached() {
		t.Error("second Compile of the same source: Cached() = false")
	}
	runFill(t, d, m1, "fill", 1, 1)
	runFill(t, d, m2, "fill", 1, 1)
	runFill(t, d, m1, "scaled<3>", 0, 3)
	runFill(t, d, m2, "scaled<3>", 0, 3)

	// Unloading one Module, twice, leaves the other working.
	for range 2 {
		if err := m1.Unload(); err != nil {
			t.Fatal(err)
		}
	}
	runFill(t, d, m2, "fill", 1, 1)
	runFill(t, d, m2, "scaled<3>", 0, 3)
	if err := m2.Unload(); err != nil {
		t.Fatal(err)
	}

	// With both gone the image is unloaded; the source compiles again.
	m3, err := d.Compile(src)
	if err != nil {
		t.Fatal(err)
	}
	defer m3.Unload()
	runFill(t, d, m3, "fill", 1, 1)
	runFill(t, d, m3, "scaled<3>", 0, 3)
}

func TestCompileOptionsAreNotShared(t *testing.T) {
	d := openVirtualGPU(t)
	src := "// " + t.Name() + fillSrc
	a, err := d.Compile(src, "-DV=2")
	if err != nil {
		t.Fatal(err)
	}
	defer a.Unload()
	b, err := d.Compile(src, "-DV=5")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Unload()
	runFill(t, d, a, "fill", 2, 1)
	runFill(t, d, b, "fill", 5, 1)
}

// BenchmarkCompileHit is the cost of compiling a source already loaded (a
// re-run notebook cell): CuPy's RawModule hit costs ~20 µs on an H100.
func BenchmarkCompileHit(b *testing.B) {
	d, err := OpenVirtual()
	if err != nil {
		b.Skip(err)
	}
	src := "// " + b.Name() + fillSrc
	keep, err := d.Compile(src)
	if err != nil {
		b.Skip(err)
	}
	defer keep.Unload()
	b.ResetTimer()
	for range b.N {
		m, err := d.Compile(src)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := m.Kernel("fill"); err != nil {
			b.Fatal(err)
		}
		m.Unload()
	}
}
