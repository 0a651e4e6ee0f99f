package cudalib

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/culab/culab/cudalib/internal/seam"
)

// fakeBackend records launches in host memory; it exercises everything of
// the user API that does not need a GPU.
type fakeBackend struct {
	inf      Info
	failNext error // the next launch fails with it
	mem      map[seam.DevPtr][]byte
	next     seam.DevPtr
	launches []fakeLaunch
	sizes    []int
	attrs    Attributes
	optIn    int
	resets   int
	// vars are the module-scope variables every module has: name to
	// size; their storage is allocated at the first lookup.
	vars    map[string]int
	varPtrs map[string]seam.DevPtr
}

type fakeLaunch struct {
	cfg  seam.LaunchConfig
	args []uint64
}

func newFakeDevice() (*Device, *fakeBackend) {
	fb := &fakeBackend{mem: map[seam.DevPtr][]byte{}, next: 0x1000, attrs: Attributes{MaxThreads: 1024, Registers: 16}}
	inf := Info{Name: "fake", MaxThreadsPerBlock: 1024, MaxBlockDim: [3]int{1024, 1024, 64},
		MaxGridDim: [3]int{math.MaxInt32, 65535, 65535}, SharedPerBlock: 48 << 10, SharedPerBlockOptin: 227 << 10}
	fb.inf = inf
	return &Device{b: fb, info: inf}, fb
}

func (f *fakeBackend) Info() seam.Info                  { return f.inf }
func (f *fakeBackend) Hardware() bool                   { return true }
func (f *fakeBackend) MemInfo() (uint64, uint64, error) { return 1 << 30, 2 << 30, nil }
func (f *fakeBackend) Synchronize() error               { return nil }
func (f *fakeBackend) Reset() error                     { f.resets++; f.mem = map[seam.DevPtr][]byte{}; return nil }
func (f *fakeBackend) Close() error                     { return nil }
func (f *fakeBackend) NewStream() (seam.Stream, error)  { return nil, errors.New("no streams") }
func (f *fakeBackend) NewTimer() (seam.Timer, error)    { return &fakeTimer{}, nil }
func (f *fakeBackend) CopyDtoD(dst, src seam.DevPtr, n int) error {
	copy(f.at(dst), f.at(src)[:n])
	return nil
}

func (f *fakeBackend) Alloc(n int) (seam.DevPtr, error) {
	if n > 1<<30 {
		return 0, &DeviceError{Op: "alloc", Name: "OOM", Kind: KindOutOfMemory}
	}
	p := f.next
	f.next += seam.DevPtr(n + 256)
	f.mem[p] = make([]byte, n)
	return p, nil
}

// at is the memory from p to the end of its allocation (device pointers
// may point inside one).
func (f *fakeBackend) at(p seam.DevPtr) []byte {
	for base, b := range f.mem {
		if p >= base && p < base+seam.DevPtr(len(b)) {
			return b[p-base:]
		}
	}
	return nil
}

func (f *fakeBackend) Free(p seam.DevPtr) error { delete(f.mem, p); return nil }

func (f *fakeBackend) CopyHtoD(dst seam.DevPtr, src unsafe.Pointer, n int) error {
	copy(f.at(dst), unsafe.Slice((*byte)(src), n))
	return nil
}

func (f *fakeBackend) CopyDtoH(dst unsafe.Pointer, src seam.DevPtr, n int) error {
	copy(unsafe.Slice((*byte)(dst), n), f.at(src))
	return nil
}

func (f *fakeBackend) Fill(dst seam.DevPtr, pattern uint64, size, count int) error {
	b := f.at(dst)
	for i := 0; i < count; i++ {
		for j := 0; j < size; j++ {
			b[i*size+j] = byte(pattern >> (8 * j))
		}
	}
	return nil
}

func (f *fakeBackend) Compile(req seam.CompileRequest) (seam.Module, error) {
	names := map[string]string{}
	for _, e := range req.NameExprs {
		names[e] = "_Z" + e
	}
	return &fakeModule{f: f, names: names}, nil
}

type fakeModule struct {
	f      *fakeBackend
	names  map[string]string
	unload func() // called by Unload, when set
}

func (m *fakeModule) Function(string) (seam.Function, error) { return &fakeFunc{m.f}, nil }
func (m *fakeModule) Lowered() map[string]string             { return m.names }
func (m *fakeModule) Global(sym string) (seam.DevPtr, int, error) {
	size, ok := m.f.vars[sym]
	if !ok {
		return 0, 0, &DeviceError{Op: "cuModuleGetGlobal_v2", Name: "CUDA_ERROR_NOT_FOUND", Kind: KindInvalid}
	}
	if p, ok := m.f.varPtrs[sym]; ok {
		return p, size, nil
	}
	p, err := m.f.Alloc(size)
	if err != nil {
		return 0, 0, err
	}
	if m.f.varPtrs == nil {
		m.f.varPtrs = map[string]seam.DevPtr{}
	}
	m.f.varPtrs[sym] = p
	return p, size, nil
}
func (m *fakeModule) CompileLog() string { return "" }
func (m *fakeModule) Cached() bool       { return false }
func (m *fakeModule) Unload() error {
	if m.unload != nil {
		m.unload()
	}
	return nil
}

type fakeFunc struct{ f *fakeBackend }

func (fn *fakeFunc) Attributes() (Attributes, error)         { return fn.f.attrs, nil }
func (fn *fakeFunc) ParamSizes() ([]int, bool)               { return fn.f.sizes, fn.f.sizes != nil }
func (fn *fakeFunc) SetMaxDynamicShared(n int) error         { fn.f.optIn = n; return nil }
func (fn *fakeFunc) SuggestBlock(int) (int, int, error)      { return 264, 768, nil }
func (fn *fakeFunc) ActiveBlocksPerSM(int, int) (int, error) { return 2, nil }
func (fn *fakeFunc) LaunchTimed(c seam.LaunchConfig, p []unsafe.Pointer, _ seam.Timer) error {
	return fn.Launch(c, p)
}
func (fn *fakeFunc) Launch(c seam.LaunchConfig, p []unsafe.Pointer) error {
	if err := fn.f.failNext; err != nil {
		fn.f.failNext = nil
		return err
	}
	var args []uint64
	for _, ptr := range p {
		args = append(args, *(*uint64)(ptr))
	}
	fn.f.launches = append(fn.f.launches, fakeLaunch{c, args})
	return nil
}

type fakeTimer struct{ n int }

func (t *fakeTimer) Start(seam.Stream) error { return nil }
func (t *fakeTimer) Stop(seam.Stream) error  { return nil }
func (t *fakeTimer) Destroy() error          { return nil }
func (t *fakeTimer) Elapsed() (float64, error) {
	t.n++
	return float64(t.n%5 + 1), nil // 1..5 ms, cycling
}

const testSrc = `
// __global__ void commented_out(int x) {}
__global__ void __launch_bounds__(256) vadd(float* __restrict__ out, const float* a, const float *b, int n) {}
template <int T>
__global__ void tiled(const float* a, double* b, long long n, unsigned flags) {}
extern "C" __global__ void plain(void) {}
`

func TestScanKernels(t *testing.T) {
	got := scanKernels(testSrc)
	if len(got) != 3 {
		t.Fatalf("found %d kernels: %+v", len(got), got)
	}
	v, tl, p := got[0], got[1], got[2]
	if v.name != "vadd" || v.template || len(v.params) != 4 || !v.params[0].pointer || v.params[0].elem != "float" || v.params[3].elem != "int" {
		t.Errorf("vadd: %+v", v)
	}
	if tl.name != "tiled" || !tl.template || tl.params[1].elem != "double" || tl.params[2].elem != "long long" || tl.params[3].elem != "unsigned" {
		t.Errorf("tiled: %+v", tl)
	}
	if p.name != "plain" || len(p.params) != 0 {
		t.Errorf("plain: %+v", p)
	}
	if tl.tparams != "int T" {
		t.Errorf("tiled's template parameters %q", tl.tparams)
	}
}

// TestScanKernelsPrototypes: a kernel declared before its definition is
// one kernel (the cell used to bind its Go variable twice and fail with
// "no new variables on left side of :="); one only declared is kept;
// a kernel defined twice (overloads) is refused by name.
func TestScanKernelsPrototypes(t *testing.T) {
	got := scanKernels(`__global__ void fwd(int*);
template <int B> __global__ void sum(const float*, float*);
__global__ void fwd(int* x) { x[0] = 9; }
template <int B> __global__ void sum(const float* in, float* out) { out[0] = in[0] * B; }
__global__ void only(float*);`)
	var names []string
	for _, d := range got {
		names = append(names, d.name)
	}
	if strings.Join(names, ",") != "fwd,sum,only" || got[0].params[0].text != "int* x" {
		t.Errorf("kernels %+v", got)
	}
	d, _ := newFakeDevice()
	_, err := d.Compile(`__global__ void ov(int* x) { x[0] = 1; }
__global__ void ov(float* x) { x[0] = 2.5f; }`)
	if err == nil || !strings.Contains(err.Error(), "kernel ov is defined more than once (overloads)") {
		t.Errorf("overloads: %v", err)
	}
}

// TestDefaultArgumentsAreNotApplied: a launch passes every argument, a
// defaulted one too, and the refusal says so; the parameter is named as
// written ("int v", not "int 3" as it used to be).
func TestDefaultArgumentsAreNotApplied(t *testing.T) {
	d, _ := newFakeDevice()
	m, err := d.Compile(`__global__ void defarg(int* x, int v = 3) { x[0] = v; }`)
	if err != nil {
		t.Fatal(err)
	}
	k, _ := m.Kernel("defarg")
	x, _ := d.Int32s(1)
	err = k.Launch(Linear(1, 1), x)
	if err == nil || !strings.Contains(err.Error(), "defarg(int* x, int v) (its default arguments are for C++ calls") {
		t.Errorf("one argument of two: %v", err)
	}
	if err := k.Launch(Linear(1, 1), x, 3); err != nil {
		t.Errorf("both: %v", err)
	}
}

// TestHostArraysSayWhatToPass: a slice for a pointer names the buffer
// constructor of its element type; a slice or array for a parameter that
// takes a value says so (it used to advise copying it into a Float32s,
// for a double2 or an int too).
func TestHostArraysSayWhatToPass(t *testing.T) {
	d, _ := newFakeDevice()
	m, err := d.Compile(`__global__ void d2(double2 v, double* out) { out[0] = v.x + v.y; }
__global__ void dn(double* out, int n) { out[0] = n; }`)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := d.Float64s(1)
	for _, c := range []struct {
		kernel string
		args   []any
		want   string
	}{
		{"dn", []any{[]float64{1}, 1}, "argument 1 (double* out): []float64 is host memory: copy it to a device buffer (dev.Float64sFrom(xs)...)"},
		{"d2", []any{[2]float64{1, 2}, out}, "argument 1 (double2 v): double2 takes one value, got Go [2]float64; Go has no double2 values"},
		{"dn", []any{out, []int32{1}}, "argument 2 (int n): int takes one value, got Go []int32"},
	} {
		k, _ := m.Kernel(c.kernel)
		if err := k.Launch(Linear(1, 1), c.args...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v\nwant %q", c.args, err, c.want)
		}
	}
}

// TestScanKernelsMacros: __global__ in a macro's body is no kernel (its
// "name" is the macro's parameter, and registering it failed the cell's
// compile); the module's log says kernels made by macros are not found.
func TestScanKernelsMacros(t *testing.T) {
	src := "#define KERNEL(name) __global__ void name(int* x)\n#define LONG(name) \\\n    __global__ void name(float* y)\nKERNEL(mk) { x[0] = 99; }\n__global__ void real(int* x) { x[0] = 1; }"
	got := scanKernels(src)
	if len(got) != 1 || got[0].name != "real" {
		t.Errorf("kernels %+v, want only real", got)
	}
	d, _ := newFakeDevice()
	m, err := d.Compile(src)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Log(), "a macro declares a kernel") {
		t.Errorf("log %q", m.Log())
	}
}

// A template's bare name says it is one and how to name an instance.
func TestKernelOfTemplateName(t *testing.T) {
	d, _ := newFakeDevice()
	m, err := d.Compile(testSrc + "template <typename T, bool B = true>\n__global__ void tadd(T *x) {}\n")
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"tiled": `kernel tiled is a template (template <int T>): name an instance with its template arguments, as "tiled<32>"`,
		"tadd":  `kernel tadd is a template (template <typename T, bool B = true>): name an instance with its template arguments, as "tadd<float, true>"`,
	} {
		if _, err := m.Kernel(name); err == nil || err.Error() != want {
			t.Errorf("Kernel(%q): %v\nwant %s", name, err, want)
		}
	}
}

func fakeKernel(t *testing.T, name string) (*Device, *fakeBackend, *Kernel) {
	t.Helper()
	d, fb := newFakeDevice()
	m, err := d.Compile(testSrc)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Kernels(); strings.Join(got, ",") != "plain,tiled<...>,vadd" {
		t.Fatalf("Kernels() = %v", got)
	}
	k, err := m.Kernel(name)
	if err != nil {
		t.Fatal(err)
	}
	return d, fb, k
}

func TestLaunchMarshalsArguments(t *testing.T) {
	d, fb, k := fakeKernel(t, "vadd")
	out, _ := d.Float32s(10)
	a, _ := d.Float32s(10)
	if err := k.Launch(Linear(10, 4), out, a, a, 10); err != nil {
		t.Fatal(err)
	}
	l := fb.launches[0]
	if l.cfg.Grid != [3]int{3, 1, 1} || l.cfg.Block != [3]int{4, 1, 1} {
		t.Errorf("config %+v", l.cfg)
	}
	if l.args[0] != uint64(out.m.ptr) || l.args[1] != uint64(a.m.ptr) || l.args[3] != 10 {
		t.Errorf("args %x", l.args)
	}
	td, _, tk := fakeKernel(t, "tiled<32>")
	a32, _ := td.Float32s(1)
	b64, _ := td.Float64s(1)
	if err := tk.Launch(Linear(1, 1), a32, b64, int64(-2), uint32(7)); err != nil {
		t.Fatal(err)
	}
	if tk.name != "tiled<32>" || len(tk.Params()) != 4 {
		t.Errorf("template kernel %q params %v", tk.name, tk.Params())
	}
}

func TestLaunchRefusals(t *testing.T) {
	d, fb, k := fakeKernel(t, "vadd")
	f, _ := d.Float32s(4)
	g, _ := d.Float64s(4)
	cases := map[string]struct {
		cfg  Config
		args []any
		want string
	}{
		"block over max":   {Config{Grid: D1(1), Block: D2(64, 32)}, []any{f, f, f, 4}, "2048 threads"},
		"zero block":       {Config{Grid: D1(1), Block: Dim3{}}, []any{f, f, f, 4}, "dimension x is 0"},
		"block z over":     {Config{Grid: D1(1), Block: D3(1, 1, 65)}, []any{f, f, f, 4}, "dimension z is 65"},
		"grid y over":      {Config{Grid: D2(1, 70000), Block: D1(32)}, []any{f, f, f, 4}, "dimension y is 70000"},
		"shared over":      {Config{Grid: D1(1), Block: D1(32), Shared: 300 << 10}, []any{f, f, f, 4}, "shared memory"},
		"negative shared":  {Config{Grid: D1(1), Block: D1(32), Shared: -1}, []any{f, f, f, 4}, "negative"},
		"arg count":        {Linear(4, 4), []any{f, f, 4}, "3 arguments given; the kernel takes 4"},
		"scalar for ptr":   {Linear(4, 4), []any{f, 1, f, 4}, "device buffer is needed"},
		"buffer for int":   {Linear(4, 4), []any{f, f, f, f}, "int takes a value, not a device buffer"},
		"elem type":        {Linear(4, 4), []any{g, f, f, 4}, "needs a buffer of float32 (Float32s), got one of float64"},
		"scalar type":      {Linear(4, 4), []any{f, f, f, 4.5}, "int takes whole numbers, got Go float64 4.5"},
		"unsupported type": {Linear(4, 4), []any{f, f, f, "4"}, "unsupported type string"},
	}
	for name, c := range cases {
		err := k.Launch(c.cfg, c.args...)
		var le *LaunchError
		if !errors.As(err, &le) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want LaunchError containing %q", name, err, c.want)
		}
	}
	if len(fb.launches) != 0 {
		t.Fatalf("%d refused launches reached the backend", len(fb.launches))
	}
	// Sizes from the driver win where the source scan cannot see.
	fb.sizes = []int{8, 8, 8, 8}
	m, _ := d.Compile(testSrc)
	k2, _ := m.Kernel("vadd")
	if err := k2.Launch(Linear(4, 4), f, f, f, 4); err == nil || !strings.Contains(err.Error(), "parameter is 8 bytes") {
		t.Errorf("size mismatch: %v", err)
	}
}

func TestLaunchOptsInToLargeSharedMemory(t *testing.T) {
	d, fb, k := fakeKernel(t, "vadd")
	f, _ := d.Float32s(4)
	if err := k.Launch(Config{Grid: D1(1), Block: D1(32), Shared: 100 << 10}, f, f, f, 4); err != nil {
		t.Fatal(err)
	}
	if fb.optIn != 100<<10 || fb.launches[0].cfg.Shared != 100<<10 {
		t.Fatalf("opt-in %d, launch %+v", fb.optIn, fb.launches[0].cfg)
	}
}

func TestBuffers(t *testing.T) {
	d, _ := newFakeDevice()
	b, err := d.Int32sFrom([]int32{1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.CopyFrom([]int32{1, 2}); err == nil || !strings.Contains(err.Error(), "size mismatch") {
		t.Errorf("short copy: %v", err)
	}
	if err := b.CopyTo(make([]int32, 4)); err == nil {
		t.Error("long copy accepted")
	}
	f, _ := d.Float64s(3)
	if err := f.Fill(-2.5); err != nil {
		t.Fatal(err)
	}
	if got, _ := f.ToHost(); got[0] != -2.5 || got[2] != -2.5 {
		t.Errorf("fill float64: %v", got)
	}
	c, _ := d.Int32s(3)
	if err := d.Copy(c, b); err != nil {
		t.Fatal(err)
	}
	if got, _ := c.ToHost(); got[1] != 2 {
		t.Errorf("device copy: %v", got)
	}
	if err := d.Copy(f, b); err == nil {
		t.Error("copy between sizes accepted")
	}
	if _, err := d.Float32s(-1); err == nil {
		t.Error("negative length accepted")
	}
	var oom *OutOfMemoryError
	if _, err := d.Float64s(1 << 28); !errors.As(err, &oom) || oom.Requested != 8<<28 || oom.Free != 1<<30 {
		t.Errorf("oom: %v", err)
	}
	if err := b.Free(); err != nil || b.Free() != nil {
		t.Error("double free is an error")
	}
	if _, err := b.ToHost(); !errors.Is(err, ErrFreed) {
		t.Errorf("use after free: %v", err)
	}
	if err := d.Reset(); err != nil {
		t.Fatal(err)
	}
	if err := c.Fill(1); !errors.Is(err, ErrFreed) {
		t.Errorf("use after reset: %v", err)
	}
}

// TestLinearNearMaxInt: Linear's grid is the ceiling of n/block for any
// n, not a negative overflow near MaxInt (refused, but with a nonsense
// grid); n ≤ 0 is an empty grid, which a launch refuses.
func TestLinearNearMaxInt(t *testing.T) {
	for _, c := range []struct{ n, block, grid int }{
		{1000, 256, 4}, {1024, 256, 4}, {1, 256, 1}, {0, 256, 0}, {-5, 256, 0},
		{math.MaxInt, 256, math.MaxInt/256 + 1}, {math.MaxInt, 1, math.MaxInt},
	} {
		if g := Linear(c.n, c.block).Grid.X; g != c.grid {
			t.Errorf("Linear(%d, %d).Grid.X = %d, want %d", c.n, c.block, g, c.grid)
		}
	}
}

// TestTimeFuncNil: a nil function is an error, not a nil dereference
// panic in the cell.
func TestTimeFuncNil(t *testing.T) {
	d, _ := newFakeDevice()
	if _, err := d.TimeFunc(TimeOptions{}, nil); err == nil || !strings.Contains(err.Error(), "nil function") {
		t.Errorf("TimeFunc(nil): %v", err)
	}
}

func TestTimeRepeatsUntilBothMinimums(t *testing.T) {
	d, fb, k := fakeKernel(t, "vadd")
	f, _ := d.Float32s(4)
	tm, err := k.TimeWith(TimeOptions{Warmup: 3, MinReps: 10, MinTime: 40 * time.Millisecond}, Linear(4, 4), f, f, f, 4)
	if err != nil {
		t.Fatal(err)
	}
	// Samples cycle 2,3,4,5,1 ms (15 per 5): 40 ms needs 14 samples.
	if tm.Reps != 14 || len(fb.launches) != 3+14 {
		t.Fatalf("reps %d, launches %d", tm.Reps, len(fb.launches))
	}
	if tm.Min != time.Millisecond || tm.Max != 5*time.Millisecond || tm.Median != 3*time.Millisecond {
		t.Fatalf("timing %v", tm)
	}
}

func TestInterruptStopsTiming(t *testing.T) {
	d, _, k := fakeKernel(t, "vadd")
	f, _ := d.Float32s(4)
	ctx, cancel := context.WithCancel(context.Background())
	restore := SetContext(ctx)
	defer restore()
	cancel()
	if _, err := k.Time(Linear(4, 4), f, f, f, 4); err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Fatalf("got %v, want interrupted", err)
	}
}

func TestHostOptimisationFlagsAreDropped(t *testing.T) {
	d, _ := newFakeDevice()
	m, err := d.Compile(testSrc, "-O3", "--use_fast_math")
	if err != nil {
		t.Fatal(err)
	}
	if len(m.options) != 1 || m.options[0] != "--use_fast_math" || !strings.Contains(m.Log(), "-O3 optimises host code") {
		t.Fatalf("options %v, log %q", m.options, m.Log())
	}
	if err := CheckSource("k.cu", "__global__ void k() {}", "-O2"); err != nil && !strings.Contains(err.Error(), "NVRTC") {
		t.Fatalf("CheckSource with -O2: %v", err)
	}
}

func TestNilBuffersAreErrors(t *testing.T) {
	d, _, k := fakeKernel(t, "vadd")
	var b *Float32s
	if b.Len() != 0 || b.Bytes() != 0 {
		t.Error("nil buffer has a size")
	}
	for name, err := range map[string]error{
		"Free": b.Free(), "CopyFrom": b.CopyFrom(nil), "CopyTo": b.CopyTo(nil), "Fill": b.Fill(1),
		"Copy": d.Copy(b, b), "Launch": k.Launch(Linear(1, 1), b, b, b, 1),
	} {
		if err == nil || !strings.Contains(err.Error(), "nil buffer") {
			t.Errorf("%s on a nil buffer: %v", name, err)
		}
	}
	if _, err := b.ToHost(); err == nil {
		t.Error("ToHost on a nil buffer")
	}
}

// TestBufferOfAnotherDevice: a buffer made on one device, passed to a
// kernel or a copy of another, is refused. Both fake devices allocate from
// the same address, as two virtual GPUs do: the launch used to run on the
// kernel's device with that address, reading and writing whichever of its
// own buffers lay there, and the copy copied that buffer, both silently.
func TestBufferOfAnotherDevice(t *testing.T) {
	d, fb, k := fakeKernel(t, "vadd")
	other, _ := newFakeDevice()
	mine, _ := d.Float32s(4)
	theirs, _ := other.Float32s(4)
	for name, err := range map[string]error{
		"Launch":         k.Launch(Linear(4, 32), mine, theirs, mine, 4),
		"Copy into":      d.Copy(theirs, mine),
		"Copy from":      d.Copy(mine, theirs),
		"Copy elsewhere": other.Copy(mine, mine),
	} {
		if err == nil || !strings.Contains(err.Error(), "belongs to another device") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if len(fb.launches) != 0 {
		t.Errorf("%d launches reached the backend", len(fb.launches))
	}
	if err := k.Launch(Linear(4, 32), mine, mine, mine, 4); err != nil {
		t.Errorf("the kernel's own device's buffers: %v", err)
	}
}

// TestNilHandlesAreErrors: the handle a failed lookup, compile or open
// returns with its error unread (k, _ := nb.Kernel("typo")) is nil; using
// it is an error saying which call to check, where it was a nil-pointer
// panic out of cudalib.
func TestNilHandlesAreErrors(t *testing.T) {
	d, _ := newFakeDevice()
	buf, _ := d.Float32s(1)
	var (
		nk *Kernel
		zk Kernel
		nm *Module
		ns *Symbol
		nd *Device
		zd Device
	)
	_, timeErr := nk.Time(Linear(1, 1))
	_, profErr := nk.Profile(Linear(1, 1))
	_, sanErr := nk.Sanitize(Linear(1, 1))
	_, hwErr := nk.HardwareProfile(Linear(1, 1))
	_, sugErr := nk.SuggestBlock(0)
	_, actErr := nk.ActiveBlocksPerSM(32, 0)
	_, mkErr := nm.Kernel("k")
	_, msErr := nm.Symbol("w")
	var f float32
	_, allocErr := nd.Float32s(1)
	_, fromErr := zd.Float32sFrom([]float32{1})
	_, compErr := nd.Compile("__global__ void k() {}")
	_, streamErr := nd.NewStream()
	_, tfErr := nd.TimeFunc(TimeOptions{}, func() error { return nil })
	for name, c := range map[string]struct {
		err  error
		want string
	}{
		"Kernel.Run": {nk.Run(Linear(1, 1), buf), "nil kernel"}, "zero Kernel.Launch": {zk.Launch(Linear(1, 1)), "nil kernel"},
		"Kernel.Time": {timeErr, "nil kernel"}, "Kernel.Profile": {profErr, "nil kernel"}, "Kernel.Sanitize": {sanErr, "nil kernel"},
		"Kernel.HardwareProfile": {hwErr, "nil kernel"}, "Kernel.SuggestBlock": {sugErr, "nil kernel"}, "Kernel.ActiveBlocksPerSM": {actErr, "nil kernel"},
		"Module.Kernel": {mkErr, "nil module"}, "Module.Symbol": {msErr, "nil module"},
		"Symbol.CopyFrom": {ns.CopyFrom([]float32{1}), "nil symbol"}, "Symbol.CopyTo": {ns.CopyTo(&f), "nil symbol"},
		"Device.Float32s": {allocErr, "nil device"}, "zero Device.Float32sFrom": {fromErr, "nil device"},
		"Device.Compile": {compErr, "nil device"}, "Device.NewStream": {streamErr, "nil device"},
		"Device.TimeFunc": {tfErr, "nil device"}, "Device.Copy": {nd.Copy(buf, buf), "nil device"},
		"zero Stream.Synchronize": {(&Stream{}).Synchronize(), "nil stream"},
	} {
		if c.err == nil || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", name, c.err, c.want)
		}
	}
}

// BenchmarkLaunchHostPath is culab's own host work per launch (checks,
// argument marshalling), the backend's left out: a fake one that keeps
// nothing.
func BenchmarkLaunchHostPath(b *testing.B) {
	d, fb := newFakeDevice()
	m, err := d.Compile(testSrc)
	if err != nil {
		b.Fatal(err)
	}
	k, _ := m.Kernel("vadd")
	out, _ := d.Float32s(1024)
	cfg := Linear(1024, 256)
	b.ReportAllocs()
	for b.Loop() {
		if err := k.Launch(cfg, out, out, out, 1024); err != nil {
			b.Fatal(err)
		}
		fb.launches = fb.launches[:0]
	}
}
