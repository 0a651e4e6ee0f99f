package cudalib

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

const symbolSrc = `
__constant__ float w[4];
__device__ int counter;
namespace filt { __constant__ float scale; }

// out[i] = scale * sum_k w[k] * in[i+k], zero past the end
__global__ void conv4(const float* in, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float s = 0.0f;
    for (int k = 0; k < 4; k++) {
        float x = (i + k < n) ? in[i + k] : 0.0f;
        s = __fadd_rn(s, __fmul_rn(w[k], x));
    }
    out[i] = __fmul_rn(filt::scale, s);
}

__global__ void count_above(const float* in, float t, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] > t) atomicAdd(&counter, 1);
}
`

// conv4CPU is conv4 on the host, rounding as the kernel does.
func conv4CPU(w []float32, scale float32, in []float32) []float32 {
	out := make([]float32, len(in))
	for i := range in {
		var s float32
		for k := 0; k < 4; k++ {
			var x float32
			if i+k < len(in) {
				x = in[i+k]
			}
			s = s + float32(w[k]*x) // rounded, as __fmul_rn
		}
		out[i] = float32(scale * s)
	}
	return out
}

// A __constant__ array set with CopyFrom is what the kernel reads; set
// again, the next launch reads the new values; a prefix leaves the rest.
func TestSymbolConstantFilter(t *testing.T) {
	d := openVirtualGPU(t)
	m, err := d.Compile(symbolSrc)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Unload()
	k, err := m.Kernel("conv4")
	if err != nil {
		t.Fatal(err)
	}
	w, err := m.Symbol("w")
	if err != nil {
		t.Fatal(err)
	}
	if w.Name() != "w" || w.Size() != 16 || !strings.Contains(w.String(), "w, 16 B in kernel.cu") {
		t.Fatalf("symbol w: name %q, size %d, %s", w.Name(), w.Size(), w)
	}
	scale, err := m.Symbol("filt::scale")
	if err != nil {
		t.Fatal(err)
	}
	if scale.Size() != 4 {
		t.Fatalf("filt::scale has %d bytes, want 4", scale.Size())
	}

	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	const n = 1000
	in := randFloats(rng, n)
	din, _ := d.Float32sFrom(in)
	defer din.Free()
	dout, _ := d.Float32s(n)
	defer dout.Free()
	run := func(coeffs []float32, sc float32) {
		t.Helper()
		if err := k.Run(Linear(n, 128), din, dout, n); err != nil {
			t.Fatal(err)
		}
		got, err := dout.ToHost()
		if err != nil {
			t.Fatal(err)
		}
		want := conv4CPU(coeffs, sc, in)
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("out[%d] = %v, want %v (w %v, scale %v)", i, got[i], want[i], coeffs, sc)
			}
		}
	}

	coeffs := randFloats(rng, 4)
	sc := rng.Float32() + 0.5
	if err := w.CopyFrom(coeffs); err != nil {
		t.Fatal(err)
	}
	if err := scale.CopyFrom(&sc); err != nil {
		t.Fatal(err)
	}
	run(coeffs, sc)

	// New coefficients, as an array through a pointer: the next launch
	// reads them.
	arr := [4]float32(randFloats(rng, 4))
	if err := w.CopyFrom(&arr); err != nil {
		t.Fatal(err)
	}
	run(arr[:], sc)

	// A prefix: w[0] and w[1] change, w[2] and w[3] stay.
	head := randFloats(rng, 2)
	if err := w.CopyFrom(head); err != nil {
		t.Fatal(err)
	}
	want := []float32{head[0], head[1], arr[2], arr[3]}
	run(want, sc)

	back := make([]float32, 4)
	if err := w.CopyTo(back); err != nil {
		t.Fatal(err)
	}
	for i := range back {
		if back[i] != want[i] {
			t.Fatalf("w read back %v, want %v", back, want)
		}
	}
	var first float32 // a prefix read: w[0] only
	if err := w.CopyTo(&first); err != nil || first != want[0] {
		t.Fatalf("w[0] read back %v, %v; want %v", first, err, want[0])
	}
}

// A __device__ counter the kernel increments with atomicAdd: zeroed with
// CopyFrom, read back with CopyTo, and kept between launches.
func TestSymbolDeviceCounter(t *testing.T) {
	d := openVirtualGPU(t)
	m, err := d.Compile(symbolSrc)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Unload()
	k, err := m.Kernel("count_above")
	if err != nil {
		t.Fatal(err)
	}
	counter, err := m.Symbol("counter")
	if err != nil {
		t.Fatal(err)
	}
	if counter.Size() != 4 {
		t.Fatalf("counter has %d bytes, want 4", counter.Size())
	}
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 2))
	const n = 5000
	in := randFloats(rng, n)
	threshold := rng.Float32() - 0.5
	want := int32(0)
	for _, x := range in {
		if x > threshold {
			want++
		}
	}
	din, _ := d.Float32sFrom(in)
	defer din.Free()

	start := int32(rng.IntN(1000)) // not zero: the kernel adds to what is there
	if err := counter.CopyFrom(&start); err != nil {
		t.Fatal(err)
	}
	if err := k.Run(Linear(n, 256), din, threshold, n); err != nil {
		t.Fatal(err)
	}
	var got int32
	if err := counter.CopyTo(&got); err != nil {
		t.Fatal(err)
	}
	if got != start+want {
		t.Fatalf("counter = %d, want %d + %d elements above %v", got, start, want, threshold)
	}
	if err := k.Run(Linear(n, 256), din, threshold, n); err != nil {
		t.Fatal(err)
	}
	gotSlice := make([]int32, 1)
	if err := counter.CopyTo(gotSlice); err != nil || gotSlice[0] != start+2*want {
		t.Fatalf("counter after a second launch = %v, %v; want %d", gotSlice, err, start+2*want)
	}
}

func TestSymbolErrors(t *testing.T) {
	d := openVirtualGPU(t)
	m, err := d.CompileNamed("filters.cu", symbolSrc)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Unload()
	w, err := m.Symbol("w")
	if err != nil {
		t.Fatal(err)
	}

	_, err = m.Symbol("coeffs")
	for _, want := range []string{"symbol coeffs:", "filters.cu", "__device__ or __constant__", "namespace scope", "w, counter, filt::scale"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("unknown name: %v, want it to say %q", err, want)
		}
	}
	if !errors.Is(err, ErrNoSymbol) {
		t.Errorf("unknown name: %v is not ErrNoSymbol", err)
	}
	if _, err := m.Symbol("conv4"); err == nil {
		t.Error("a kernel's name was found as a variable")
	}

	for _, c := range []struct {
		src  any
		want []string
	}{
		{make([]float32, 5), []string{"symbol w:", "[]float32 of 5", "20 bytes", "the variable 16", "4 elements fit"}},
		{&[5]float32{}, []string{"symbol w:", "*[5]float32", "20 bytes", "the variable 16"}},
		{&[3]float64{}, []string{"symbol w:", "*[3]float64", "declared float"}},
		{[]int{1, 2}, []string{"symbol w:", "[]int", "int32"}},
		{[]string{"a"}, []string{"symbol w:", "[]string", "sized numbers"}},
		{&struct{ A, B float32 }{}, []string{"symbol w:", "struct", "layout"}},
		{float32(1), []string{"symbol w:", "float32 value", "&x"}},
		{[4]float32{}, []string{"symbol w:", "[4]float32 value", "x[:]"}},
		{nil, []string{"symbol w:", "nil"}},
		{(*float32)(nil), []string{"symbol w:", "nil *float32"}},
		{map[int]float32{}, []string{"symbol w:", "map[int]float32"}},
		// The declared type: float w[4] takes float32s only.
		{make([]float64, 2), []string{"symbol w:", "[]float64 of 2", "declared float", "float32 values"}},
		{make([]int32, 4), []string{"symbol w:", "[]int32 of 4", "declared float"}},
	} {
		err := w.CopyFrom(c.src)
		for _, want := range c.want {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("CopyFrom(%T): %v, want it to say %q", c.src, err, want)
			}
		}
	}
	counter, err := m.Symbol("counter")
	if err != nil {
		t.Fatal(err)
	}
	if err := counter.CopyFrom(new(float32)); err == nil || !strings.Contains(err.Error(), "declared int: pass int32 values") {
		t.Errorf("a float32 into int counter: %v", err)
	}
	if err := counter.CopyFrom(new(uint32)); err != nil {
		t.Errorf("a uint32 into int counter (the same bits): %v", err)
	}
	var arr [4]float32
	if err := w.CopyTo(arr); err == nil || !strings.Contains(err.Error(), "cannot change") {
		t.Errorf("CopyTo(an array value): %v", err)
	}
	if err := w.CopyTo(make([]float32, 5)); err == nil || !strings.Contains(err.Error(), "cannot copy into") {
		t.Errorf("CopyTo(too large a slice): %v", err)
	}
	if err := w.CopyFrom([]float32{}); err != nil {
		t.Errorf("an empty copy: %v", err)
	}

	// After Reset: the module's symbols, and the module, are refused.
	if err := d.Reset(); err != nil {
		t.Fatal(err)
	}
	if err := w.CopyFrom([]float32{1}); err == nil || !strings.Contains(err.Error(), "dev.Reset()") {
		t.Errorf("CopyFrom after Reset: %v", err)
	}
	if err := w.CopyTo(make([]float32, 1)); err == nil || !strings.Contains(err.Error(), "dev.Reset()") {
		t.Errorf("CopyTo after Reset: %v", err)
	}
	if _, err := m.Symbol("w"); err == nil || !strings.Contains(err.Error(), "symbol w: module was loaded before dev.Reset()") {
		t.Errorf("Symbol after Reset: %v", err)
	}
}

// After Unload a symbol is refused rather than written to freed memory.
func TestSymbolAfterUnload(t *testing.T) {
	d := openVirtualGPU(t)
	m, err := d.Compile(symbolSrc + "\n// unload\n")
	if err != nil {
		t.Fatal(err)
	}
	c, err := m.Symbol("counter")
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Unload(); err != nil {
		t.Fatal(err)
	}
	one := int32(1)
	if err := c.CopyFrom(&one); err == nil || !strings.Contains(err.Error(), "unloaded") {
		t.Errorf("CopyFrom after Unload: %v", err)
	}
	if _, err := m.Symbol("counter"); err == nil || !strings.Contains(err.Error(), "unloaded") {
		t.Errorf("Symbol after Unload: %v", err)
	}
}

// The Go values a copy takes: sized numbers, bools and arrays of them, in
// a slice or behind a pointer; their bytes are Go's own.
func TestSymbolHostMemory(t *testing.T) {
	d, fb := newFakeDevice()
	fb.vars = map[string]int{"grid": 32, "flag": 1, "_ZN2ns1vE": 8}
	m, err := d.Compile(testSrc)
	if err != nil {
		t.Fatal(err)
	}
	g, err := m.Symbol("grid")
	if err != nil {
		t.Fatal(err)
	}
	in := [][2]float64{{1, 2}, {3, 4}}
	if err := g.CopyFrom(in); err != nil {
		t.Fatal(err)
	}
	var out [2][2]float64
	if err := g.CopyTo(&out); err != nil || out != [2][2]float64{{1, 2}, {3, 4}} {
		t.Fatalf("[][2]float64 round trip: %v, %v", out, err)
	}
	type celsius float32 // a named type: its kind counts
	if err := g.CopyFrom([]celsius{-1.5}); err != nil {
		t.Fatal(err)
	}
	var c celsius
	if err := g.CopyTo(&c); err != nil || c != -1.5 {
		t.Fatalf("named float32: %v, %v", c, err)
	}
	bits := make([]uint32, 1)
	if err := g.CopyTo(bits); err != nil || bits[0] != math.Float32bits(-1.5) {
		t.Fatalf("the bytes written are not Go's: %x, %v", bits, err)
	}

	f, err := m.Symbol("flag")
	if err != nil {
		t.Fatal(err)
	}
	yes := true
	if err := f.CopyFrom(&yes); err != nil {
		t.Fatal(err)
	}
	var back bool
	if err := f.CopyTo(&back); err != nil || !back {
		t.Fatalf("bool round trip: %v, %v", back, err)
	}
	if err := f.CopyFrom([]int16{1}); err == nil || !strings.Contains(err.Error(), "the variable 1") {
		t.Errorf("two bytes into one: %v", err)
	}

	// A namespace's variable by its C++ name, and by its lowered one.
	for _, name := range []string{"ns::v", "::ns::v", "&ns::v", "_ZN2ns1vE"} {
		if s, err := m.Symbol(name); err != nil || s.Size() != 8 {
			t.Errorf("Symbol(%q): %v", name, err)
		}
	}
	_, err = m.Symbol("nope")
	var de *DeviceError
	if err == nil || !errors.As(err, &de) || !strings.Contains(err.Error(), "the source declares none") {
		t.Errorf("unknown name on a source without variables: %v", err)
	}
}

func TestSymbolCandidates(t *testing.T) {
	for _, c := range []struct {
		name    string
		lowered map[string]string
		want    string
	}{
		{"w", nil, "w"},
		{"ns::w", nil, "ns::w _ZN2ns1wE"},
		{"a::bc::w", nil, "a::bc::w _ZN1a2bc1wE"},
		{"::w", nil, "w"},
		{"ns::w<int>", nil, "ns::w<int>"},
		{"ns::w", map[string]string{"&ns::w": "_ZN2ns1wE"}, "_ZN2ns1wE ns::w _ZN2ns1wE"},
	} {
		if got := strings.Join(symbolCandidates(c.lowered, c.name), " "); got != c.want {
			t.Errorf("candidates of %q: %s, want %s", c.name, got, c.want)
		}
	}
}

func TestScanVariables(t *testing.T) {
	src := `
// __constant__ float commented[3];
__constant__ float w[9];
__device__ __constant__ int both = 3;
static __device__ unsigned long long counter;
__device__ float helper(float x) { return x; }
__device__ inline int twice(int x) { return 2 * x; }
namespace ns { __device__ double v; }
__global__ void k() { __shared__ float tile[32]; }
#define MY__device__ 1
`
	var got []string
	for _, d := range scanVariables(src) {
		got = append(got, d.name+":"+d.ctype)
	}
	if s := strings.Join(got, ", "); s != "w:float, both:int, counter:unsigned long long, ns::v:double" {
		t.Errorf("scanned %q", s)
	}
	// Namespaces nest, open C++17-style, alias, and close; an anonymous
	// one and a struct's braces add nothing.
	src = `
namespace outer { namespace inner { __constant__ float a; } __device__ int b; }
namespace al = outer::inner;
namespace x::y { struct S { int f; }; __device__ float c[4]; }
namespace { __device__ int d; }
__device__ int e;
`
	got = nil
	for _, d := range scanVariables(src) {
		got = append(got, d.name)
	}
	if s := strings.Join(got, ", "); s != "outer::inner::a, outer::b, x::y::c, d, e" {
		t.Errorf("scanned %q", s)
	}
}

// An inspected launch (Profile, the sanitizer's check of each launch)
// leaves the module's variables as they were: a counting kernel counts
// the user's launches only.
func TestSymbolInspectionLeavesVariables(t *testing.T) {
	d := openVirtualGPU(t)
	m, err := d.Compile(symbolSrc + "\n// inspected\n")
	if err != nil {
		t.Fatal(err)
	}
	defer m.Unload()
	k, err := m.Kernel("count_above")
	if err != nil {
		t.Fatal(err)
	}
	counter, err := m.Symbol("counter")
	if err != nil {
		t.Fatal(err)
	}
	in := []float32{1, 2, 3, -1}
	din, _ := d.Float32sFrom(in)
	defer din.Free()
	zero := int32(0)
	if err := counter.CopyFrom(&zero); err != nil {
		t.Fatal(err)
	}
	if _, err := k.Profile(Linear(4, 32), din, float32(0), 4); err != nil {
		t.Fatal(err)
	}
	checked := 0
	m.SanitizeLaunches(func(rep *SanitizerReport, err error) { checked++ })
	defer m.SanitizeLaunches(nil)
	if err := k.Run(Linear(4, 32), din, float32(0), 4); err != nil {
		t.Fatal(err)
	}
	var got int32
	if err := counter.CopyTo(&got); err != nil || got != 3 || checked != 1 {
		t.Fatalf("counter = %d (%v) after a profile and a sanitized launch (%d checked), want 3", got, err, checked)
	}
}

// On a device that is not the virtual GPU, an inspection runs on the
// companion virtual GPU with the variables the device's module holds.
func TestSymbolCompanionSeesVariables(t *testing.T) {
	openVirtualGPU(t) // skips without NVRTC
	d, fb := newFakeDevice()
	fb.vars = map[string]int{"off": 4}
	fb.sizes = []int{8}
	m, err := d.Compile(`__constant__ int off;
__global__ void poke(float* out) { out[threadIdx.x + off] = 1.0f; }`)
	if err != nil {
		t.Fatal(err)
	}
	k, err := m.Kernel("poke")
	if err != nil {
		t.Fatal(err)
	}
	buf, _ := d.Float32s(32)
	off, err := m.Symbol("off")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		off      int32
		findings bool
	}{{0, false}, {64, true}} {
		if err := off.CopyFrom(&c.off); err != nil {
			t.Fatal(err)
		}
		rep, err := k.Sanitize(Linear(32, 32), buf)
		if err != nil {
			t.Fatal(err)
		}
		if got := len(rep.Findings) > 0; got != c.findings {
			t.Errorf("off = %d: findings %v, want %v:\n%v", c.off, got, c.findings, rep)
		}
	}
}

// A template kernel's instance is an image of its own with its own copy
// of the module's variables: one compiled after a CopyFrom starts from
// the values set, and a CopyFrom after it reaches its copy too (it read
// the declared initial zeros before, a silent wrong answer).
func TestSymbolTemplateInstances(t *testing.T) {
	d := openVirtualGPU(t)
	m, err := d.Compile(`
__constant__ float tw[4];
namespace tns { __constant__ float bias; }
template <int S> __global__ void tscale(float* y, const float* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = __fadd_rn(__fmul_rn(__fmul_rn(tw[i % 4], x[i]), (float)S), tns::bias);
}`)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Unload()
	tw, err := m.Symbol("tw")
	if err != nil {
		t.Fatal(err)
	}
	bias, err := m.Symbol("tns::bias")
	if err != nil {
		t.Fatal(err)
	}
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 2))
	const n = 515
	in := randFloats(rng, n)
	din, _ := d.Float32sFrom(in)
	defer din.Free()
	dout, _ := d.Float32s(n)
	defer dout.Free()
	check := func(name string, s float32, coeffs []float32, b float32) {
		t.Helper()
		k, err := m.Kernel(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := k.Run(Linear(n, 128), dout, din, n); err != nil {
			t.Fatal(err)
		}
		got, err := dout.ToHost()
		if err != nil {
			t.Fatal(err)
		}
		for i, x := range in {
			// Rounded after each operation, as the kernel's _rn intrinsics
			// (an explicit conversion keeps Go from fusing them).
			if want := float32(float32(coeffs[i%4]*x)*s) + b; got[i] != want {
				t.Fatalf("%s: out[%d] = %v, want %v (tw %v, bias %v)", name, i, got[i], want, coeffs, b)
			}
		}
	}
	c1, b1 := randFloats(rng, 4), rng.Float32()
	if err := tw.CopyFrom(c1); err != nil {
		t.Fatal(err)
	}
	if err := bias.CopyFrom(&b1); err != nil {
		t.Fatal(err)
	}
	check("tscale<2>", 2, c1, b1) // compiled after the values were set
	c2, b2 := randFloats(rng, 4), rng.Float32()
	if err := tw.CopyFrom(c2); err != nil {
		t.Fatal(err)
	}
	if err := bias.CopyFrom(&b2); err != nil {
		t.Fatal(err)
	}
	check("tscale<2>", 2, c2, b2) // compiled before they changed
	check("tscale<3>", 3, c2, b2)
}
