package cudalib

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/culab/culab/cudalib/gpus"
	"github.com/culab/culab/cudalib/internal/virtual"
	"github.com/culab/culab/cudalib/nvrtc"
	"github.com/culab/culab/cudalib/vgpu"
)

// The virtual GPU's tests run everywhere (CI has no GPU); kernels need
// NVRTC, so they skip where it is missing. Sizes stay small: the race
// detector slows the interpreter several times.

// openVirtualGPU opens the virtual GPU, skipping without NVRTC.
func openVirtualGPU(t *testing.T) *Device {
	t.Helper()
	if _, err := nvrtc.Load(); err != nil {
		t.Skipf("no NVRTC to compile kernels: %v", err)
	}
	d, err := OpenVirtual()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// compileVirtual compiles src on the virtual GPU and returns its kernel.
func compileVirtual(t *testing.T, d *Device, src, kernel string) *Kernel {
	t.Helper()
	m, err := d.Compile(src)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Unload() })
	k, err := m.Kernel(kernel)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestVirtualInfoIsAnH100(t *testing.T) {
	d, err := OpenVirtual()
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := OpenVirtual(); again != d || !d.Virtual() {
		t.Fatal("OpenVirtual opened a second virtual GPU, or one that is not virtual")
	}
	i := d.Info()
	free, total, err := d.MemInfo()
	if err != nil || total != i.TotalMem || free > total || total == 0 {
		t.Errorf("MemInfo %d of %d, %v; Info.TotalMem %d", free, total, err, i.TotalMem)
	}
	want := Info{Name: VirtualName, Major: 9, SMCount: 132, SharedPerBlock: 48 << 10, SharedPerBlockOptin: 227 << 10,
		SharedPerSM: 228 << 10, RegsPerBlock: 65536, WarpSize: 32, MaxThreadsPerBlock: 1024, MaxThreadsPerSM: 2048,
		MaxGridDim: [3]int{1<<31 - 1, 65535, 65535}, L2Bytes: 50 << 20}
	got := Info{Name: i.Name, Major: i.Major, Minor: i.Minor, SMCount: i.SMCount, SharedPerBlock: i.SharedPerBlock,
		SharedPerBlockOptin: i.SharedPerBlockOptin, SharedPerSM: i.SharedPerSM, RegsPerBlock: i.RegsPerBlock,
		WarpSize: i.WarpSize, MaxThreadsPerBlock: i.MaxThreadsPerBlock, MaxThreadsPerSM: i.MaxThreadsPerSM,
		MaxGridDim: i.MaxGridDim, L2Bytes: i.L2Bytes}
	if got != want {
		t.Errorf("info %+v\nwant %+v", got, want)
	}
	if !strings.Contains(i.String(), VirtualName) || !strings.Contains(i.Backend, "virtual") {
		t.Errorf("report does not say it is virtual:\n%s", i)
	}
}

func TestVirtualVectorAdd(t *testing.T) {
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, vecAddSrc, "vadd")
	checkVectorAdd(t, d, k, 1, 1000, 10_007)
}

func TestVirtualTemplateByName(t *testing.T) {
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, vecAddSrc, "scale<3>")
	host := randFloats(rand.New(rand.NewPCG(7, 7)), 4097)
	buf, _ := d.Float32sFrom(host)
	defer buf.Free()
	if err := k.Run(Linear(len(host), 128), buf, len(host)); err != nil {
		t.Fatal(err)
	}
	out, _ := buf.ToHost()
	for i := range out {
		if out[i] != 3*host[i] {
			t.Fatalf("out[%d] = %v, want %v", i, out[i], 3*host[i])
		}
	}
}

// Dynamic shared memory up to the opt-in limit, on a stream.
func TestVirtualDynamicShared(t *testing.T) {
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, vecAddSrc, "reverse_smem")
	n := d.Info().SharedPerBlockOptin / 4
	host := randFloats(rand.New(rand.NewPCG(1, 2)), n)
	buf, _ := d.Float32sFrom(host)
	defer buf.Free()
	s, err := d.NewStream()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Destroy()
	if err := k.Launch(Config{Grid: D1(1), Block: D1(1024), Shared: n * 4, Stream: s}, buf, n); err != nil {
		t.Fatal(err)
	}
	if err := s.Synchronize(); err != nil {
		t.Fatal(err)
	}
	out, _ := buf.ToHost()
	for i := range out {
		if out[i] != host[n-1-i] {
			t.Fatalf("out[%d] = %v, want %v (shared %d bytes)", i, out[i], host[n-1-i], n*4)
		}
	}
	var le *LaunchError
	if err := k.Launch(Config{Grid: D1(1), Block: D1(32), Shared: n*4 + 4}, buf, n); !errors.As(err, &le) {
		t.Fatalf("launch over the shared memory limit: %v, want a *LaunchError", err)
	}
}

func TestVirtualCompileError(t *testing.T) {
	d := openVirtualGPU(t)
	_, err := d.Compile("__global__ void k(float* a) {\n    int i = threadIdx.x;\n    a[i] = undefined_name;\n}\n")
	var ce *CompileError
	if !errors.As(err, &ce) || len(ce.Diagnostics) == 0 || ce.Diagnostics[0].Line != 3 {
		t.Fatalf("got %v, want a *CompileError at line 3", err)
	}
}

const oobSrc = `__global__ void oob(float* a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    a[i] = 2.0f * i;  // no i < n check
}`

// An out-of-bounds write is reported with kernel, thread, block, source
// line, address and allocation; the device goes on working.
func TestVirtualFaultThenWorks(t *testing.T) {
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, oobSrc, "oob")
	buf, _ := d.Float32s(100)
	defer buf.Free()
	err := k.Run(Config{Grid: D1(2), Block: D1(64)}, buf, 100)
	var f *vgpu.Fault
	if !errors.As(err, &f) {
		t.Fatalf("got %v, want a *vgpu.Fault", err)
	}
	msg := err.Error()
	for _, want := range []string{"oob", "thread (36,0,0) of block (1,0,0)", ":3", "0x", "allocation", "dev.Reset()"} {
		if !strings.Contains(msg, want) {
			t.Errorf("fault %q does not say %q", msg, want)
		}
	}
	if f.Line != 3 || f.Thread != [3]int{36, 0, 0} || f.Block != [3]int{1, 0, 0} {
		t.Errorf("fault at line %d, thread %v, block %v", f.Line, f.Thread, f.Block)
	}
	if err := d.Synchronize(); err != nil {
		t.Fatalf("the fault was reported twice: %v", err)
	}
	good := compileVirtual(t, d, vecAddSrc, "vadd")
	a, _ := d.Float32sFrom([]float32{1, 2, 3})
	defer a.Free()
	sum, _ := d.Float32s(3)
	defer sum.Free()
	if err := good.Run(Linear(3, 32), sum, a, a, 3); err != nil {
		t.Fatalf("after a fault: %v", err)
	}
	if got, _ := sum.ToHost(); got[0] != 2 || got[1] != 4 || got[2] != 6 {
		t.Fatalf("after a fault: %v", got)
	}
}

// A virtual GPU of its own, with a small memory cap.
func TestVirtualOutOfMemoryAtTheCap(t *testing.T) {
	b := virtual.New(gpus.H100, 1<<20, interruptCause)
	d := &Device{b: b, info: b.Info()}
	if d.Info().TotalMem != 1<<20 {
		t.Fatalf("TotalMem %d, want the cap", d.Info().TotalMem)
	}
	big, err := d.Float32s(192 << 10) // 768 KiB
	if err != nil {
		t.Fatal(err)
	}
	_, err = d.Float32s(128 << 10) // 512 KiB more
	var oom *OutOfMemoryError
	if !errors.As(err, &oom) || oom.Requested != 512<<10 || oom.Total != 1<<20 || oom.Free >= 512<<10 {
		t.Fatalf("got %v, want *OutOfMemoryError at the 1 MiB cap", err)
	}
	if err := big.Free(); err != nil {
		t.Fatal(err)
	}
	again, err := d.Float32s(128 << 10)
	if err != nil {
		t.Fatalf("allocation after freeing: %v", err)
	}
	again.Free()
}

const spinSrc = `__global__ void forever(int* flag) {
    while (*flag == 0) {}  // flag stays 0: never ends
}`

func TestVirtualBudgetStopsEndlessKernel(t *testing.T) {
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, spinSrc, "forever")
	flag, _ := d.Int32s(1)
	defer flag.Free()
	t.Setenv(EnvVirtualBudget, "1e5")
	err := k.Run(Config{Grid: D1(2), Block: D1(64)}, flag)
	var le *vgpu.LimitError
	if !errors.As(err, &le) || le.Interrupted || !strings.Contains(err.Error(), "budget") || !strings.Contains(err.Error(), EnvVirtualBudget+"=400000") {
		t.Fatalf("got %v, want the budget's *vgpu.LimitError", err)
	}
	t.Setenv(EnvVirtualBudget, "lots")
	if err := k.Run(Config{Grid: D1(1), Block: D1(1)}, flag); err == nil || !strings.Contains(err.Error(), EnvVirtualBudget) {
		t.Fatalf("bad budget setting: %v", err)
	}
}

func TestVirtualInterruptStopsEndlessKernel(t *testing.T) {
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, spinSrc, "forever")
	flag, _ := d.Int32s(1)
	defer flag.Free()
	t.Setenv(EnvVirtualBudget, "1e18") // only the interrupt can stop it
	ctx, cancel := context.WithCancel(context.Background())
	defer SetContext(ctx)()
	stop := time.AfterFunc(50*time.Millisecond, cancel)
	defer stop.Stop()
	err := k.Run(Config{Grid: D1(1), Block: D1(32)}, flag)
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "interrupted") {
		t.Fatalf("got %v, want an interrupt", err)
	}
}

// A launch past the virtual GPU's 2^40 threads is refused with the reason;
// one at that bound is sampled, with counts and a time that make sense.
// The largest grid of 1024-thread blocks passed int64 in the sample's
// estimate, which wrapped to a negative number, under every budget: the
// launch ran whole, for ever (a cell's interrupt alone stopped it); its
// counts and modeled time came out negative.
func TestVirtualLargestGrids(t *testing.T) {
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, "__global__ void nothing(int *x) {}", "nothing")
	x, _ := d.Int32s(1)
	defer x.Free()
	// A regression runs until this stops it, instead of the whole test run.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	defer SetContext(ctx)()
	defer SetNotices(io.Discard)()
	for _, block := range []int{1, 1024} {
		err := k.Run(Config{Grid: D3(1<<31-1, 65535, 65535), Block: D1(block)}, x)
		if err == nil || !strings.Contains(err.Error(), "more than the virtual GPU's 1099511627776 threads a launch") {
			t.Errorf("the largest grid of %d-thread blocks: %v", block, err)
		}
	}
	tm, err := k.Time(Config{Grid: D1(1 << 30), Block: D1(1024)}, x)
	if err != nil {
		t.Fatal(err)
	}
	if l, _ := d.LastVirtualLaunch(); !l.Sampled() || l.Counters.WarpInstrs < 1<<35 || tm.Median <= 0 {
		t.Errorf("2^40 threads: sampled %v, %d warp-instructions, %v", l.Sampled(), l.Counters.WarpInstrs, tm.Median)
	}
}

func TestVirtualModelsTime(t *testing.T) {
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, vecAddSrc, "vadd")
	const n = 4096
	a, _ := d.Float32s(n)
	defer a.Free()
	small, err := k.Time(Linear(n/4, 256), a, a, a, n/4)
	if err != nil {
		t.Fatal(err)
	}
	large, err := k.Time(Linear(n, 256), a, a, a, n)
	if err != nil {
		t.Fatal(err)
	}
	if !small.Modeled || small.Reps != 1 || small.Median <= 0 || !strings.Contains(small.String(), "modeled") {
		t.Errorf("Kernel.Time: %+v (%s), want one modeled run", small, small)
	}
	if c := large.Counters; c.Blocks != n/256 || c.GlobalLoadRequests != 2*n/32 || c.GlobalStoreSectors != n*4/32 {
		t.Errorf("counters of the timed launch: %+v", c)
	}
	if large.Median < small.Median {
		t.Errorf("4x the work modeled faster: %v < %v", large.Median, small.Median)
	}
	runs := 0
	two, err := d.TimeFunc(TimeOptions{}, func() error {
		runs++
		if err := k.Launch(Linear(n, 256), a, a, a, n); err != nil {
			return err
		}
		return k.Launch(Linear(n, 256), a, a, a, n)
	})
	if err != nil || runs != 1 || !two.Modeled || two.Counters.Blocks != 2*n/256 || two.Median <= large.Median {
		t.Errorf("TimeFunc of two launches: %v, %d runs, %+v; one launch %v", err, runs, two, large.Median)
	}
}

func TestVirtualOccupancy(t *testing.T) {
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, vecAddSrc, "vadd")
	occ, err := k.SuggestBlock(0)
	if err != nil {
		t.Fatal(err)
	}
	if occ.Block <= 0 || occ.Block > 1024 || occ.Block%32 != 0 || occ.MinGrid < 132 {
		t.Fatalf("implausible suggestion %+v", occ)
	}
	n, err := k.ActiveBlocksPerSM(1024, 0)
	if err != nil || n < 1 || n > 2 {
		t.Fatalf("blocks of 1024 per SM: %d, %v", n, err)
	}
}

// CULAB_DEVICE picks the device; without it, no GPU means the virtual GPU,
// said once.
func TestDeviceSelection(t *testing.T) {
	t.Setenv(EnvDevice, "virtual")
	d, err := Open()
	if err != nil || !d.Virtual() {
		t.Fatalf("%s=virtual: %v, %v", EnvDevice, d, err)
	}
	t.Setenv(EnvDevice, "tpu")
	if _, err := Open(); err == nil || !strings.Contains(err.Error(), "want gpu, virtual") {
		t.Fatalf("%s=tpu: %v", EnvDevice, err)
	}
	if Probe().GPU() {
		t.Skip("this machine has a GPU: the no-GPU paths are not reachable")
	}
	t.Setenv(EnvDevice, "gpu")
	if d, err := Open(); err == nil || !strings.Contains(err.Error(), "CULAB_DEVICE=gpu, but no GPU can be used: ") ||
		!(strings.Contains(err.Error(), "libcuda.so.1") || strings.Contains(err.Error(), "CUDA_ERROR")) {
		t.Fatalf("%s=gpu without a GPU: %v, %v; want an error that says why", EnvDevice, d, err)
	}
	t.Setenv(EnvDevice, "")
	if err := d.Close(); err != nil { // so that the next open is the first
		t.Fatal(err)
	}
	var said bytes.Buffer
	defer SetNotices(&said)()
	for range 2 {
		if d, err := Open(); err != nil || !d.Virtual() {
			t.Fatalf("no GPU: %v, %v; want the virtual GPU", d, err)
		}
	}
	if s := said.String(); strings.Count(s, "No GPU can be used (") != 1 || !strings.Contains(s, VirtualName) {
		t.Errorf("notice %q, want one saying why", s)
	}
	if r := Probe().String(); !strings.Contains(r, "No GPU can be used") || !strings.Contains(r, VirtualName) ||
		!strings.Contains(r, "Default device: the virtual GPU") {
		t.Errorf("report:\n%s", r)
	}
}

func TestParseBytes(t *testing.T) {
	for s, want := range map[string]uint64{"1048576": 1 << 20, "512MiB": 512 << 20, "2 GiB": 2 << 30, "64KiB": 64 << 10, "100B": 100} {
		if got, err := parseBytes(s); err != nil || got != want {
			t.Errorf("%q: %d, %v; want %d", s, got, err, want)
		}
	}
	for _, s := range []string{"", "0", "-1", "1.5GiB", "lots", "1TB"} {
		if _, err := parseBytes(s); err == nil {
			t.Errorf("%q: no error", s)
		}
	}
}

// Reset gives a fresh virtual GPU: what was made before is gone, as after a
// GPU's reset, and its memory is free again.
func TestVirtualReset(t *testing.T) {
	b := virtual.New(gpus.H100, 1<<20, interruptCause)
	d := &Device{b: b, info: b.Info()}
	buf, err := d.Float32s(1 << 17)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Reset(); err != nil {
		t.Fatal(err)
	}
	if err := buf.Fill(1); !errors.Is(err, ErrFreed) {
		t.Errorf("buffer from before the reset: %v, want ErrFreed", err)
	}
	if free, total, _ := d.MemInfo(); free != total {
		t.Errorf("after reset %d of %d bytes free", free, total)
	}
	again, err := d.Float32s(1 << 17)
	if err != nil {
		t.Fatalf("after reset: %v", err)
	}
	again.Free()
}

// A buffer prints as what it is, not as its internals (&{0xc000…}).
func TestBufferString(t *testing.T) {
	d, err := OpenVirtual()
	if err != nil {
		t.Fatal(err)
	}
	b, err := d.Int32sFrom([]int32{1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(b), "cudalib.Int32s(3×int32, 12 B on the device)"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	b.Free()
	if got, want := fmt.Sprint(b), "cudalib.Int32s(3×int32, 12 B on the device, freed)"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	var none *Float64s
	if got, want := fmt.Sprint(none), "cudalib.Float64s(nil)"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

// A kernel prints as its declaration and where it was compiled.
func TestKernelString(t *testing.T) {
	d := openVirtualGPU(t)
	m, err := d.CompileNamed("In[3].cu", "__global__ void scale(float* x, float a, int n) { if (threadIdx.x < n) x[threadIdx.x] *= a; }")
	if err != nil {
		t.Fatal(err)
	}
	defer m.Unload()
	k, err := m.Kernel("scale")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(k), "kernel scale(float* x, float a, int n) of In[3].cu"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	_, err = d.CompileNamed("In[4].cu", "__global__ void k() {}", "--bogus-option")
	if err == nil || strings.Count(err.Error(), "compile In[4].cu") != 1 {
		t.Errorf("a bad option: %v (want the file named once)", err)
	}
}

// TestVirtualLaunchBounds: a block larger than the kernel's
// __launch_bounds__ is refused before it runs, as a GPU refuses it (the
// virtual GPU used to run it, so a kernel wrong on a GPU passed here).
func TestVirtualLaunchBounds(t *testing.T) {
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, `__global__ void __launch_bounds__(128) lb(float* x) { x[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x; }`, "lb")
	if got := k.Attributes().MaxThreads; got != 128 {
		t.Errorf("MaxThreads %d, want 128", got)
	}
	x, _ := d.Float32s(256)
	err := k.Run(Linear(256, 256), x)
	var le *LaunchError
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "at most 128 per block") {
		t.Errorf("256 threads: %v", err)
	}
	if err := k.Run(Linear(256, 128), x); err != nil {
		t.Errorf("128 threads: %v", err)
	}
	plain := compileVirtual(t, d, `__global__ void nb(float* x) { x[threadIdx.x] = 1; }`, "nb")
	if got := plain.Attributes().MaxThreads; got != d.Info().MaxThreadsPerBlock {
		t.Errorf("without bounds: MaxThreads %d", got)
	}
}

// TestVirtualStaticSharedOver48K: a kernel declaring more than 48 KiB of
// static shared memory does not load, as on a GPU (ptxas refuses it); the
// virtual GPU used to run it. 48 KiB itself loads.
func TestVirtualStaticSharedOver48K(t *testing.T) {
	d := openVirtualGPU(t)
	_, err := d.Compile(`__global__ void big(float* x) {
    __shared__ float tile[16384];
    tile[threadIdx.x] = x[threadIdx.x];
    __syncthreads();
    x[threadIdx.x] = tile[16383 - threadIdx.x];
}`)
	if err == nil || !strings.Contains(err.Error(), "uses too much shared data (0x10000 bytes, 0xc000 max)") ||
		!strings.Contains(err.Error(), "extern __shared__") {
		t.Errorf("64 KiB static: %v", err)
	}
	compileVirtual(t, d, `__global__ void fits(float* x) {
    __shared__ float tile[12288];
    tile[threadIdx.x] = x[threadIdx.x];
    __syncthreads();
    x[threadIdx.x] = tile[12287 - threadIdx.x];
}`, "fits")
}

// TestVirtualNamespacedKernels: kernels inside namespaces compile and are
// found by their qualified names, templates too; an anonymous namespace's
// by the plain name. A namespace's kernel used to fail the whole cell's
// compile (its plain name was registered with NVRTC, which cannot find it).
func TestVirtualNamespacedKernels(t *testing.T) {
	d := openVirtualGPU(t)
	m, err := d.Compile(`namespace lab {
__global__ void nk(int* x) { x[0] = 42; }
namespace inner { template <int N> __global__ void tk(int* x) { x[0] = N; } }
}
namespace { __global__ void anon(int* x) { x[0] = 7; } }
struct S { int a; };
__global__ void top(int* x) { if (x[0] == '{') x[0] = 2; else x[0] = 1; }`)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Unload()
	if got := strings.Join(m.Kernels(), ","); got != "anon,lab::inner::tk<...>,lab::nk,top" {
		t.Errorf("kernels %s", got)
	}
	x, _ := d.Int32s(1)
	for name, want := range map[string]int32{"lab::nk": 42, "lab::inner::tk<5>": 5, "anon": 7, "top": 1} {
		k, err := m.Kernel(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := k.Run(Linear(1, 1), x); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if h, _ := x.ToHost(); h[0] != want {
			t.Errorf("%s wrote %d, want %d", name, h[0], want)
		}
	}
}

// TestDestroyedStreamIsRefused: a launch on a destroyed stream, or on a
// stream of another device, is refused (a GPU may have handed the handle
// to another stream); destroying twice is not an error. Such a launch
// used to run.
func TestDestroyedStreamIsRefused(t *testing.T) {
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, `__global__ void inc(float* x) { x[threadIdx.x] += 1; }`, "inc")
	x, _ := d.Float32s(32)
	s, err := d.NewStream()
	if err != nil {
		t.Fatal(err)
	}
	if err := k.Launch(Config{Grid: D1(1), Block: D1(32), Stream: s}, x); err != nil {
		t.Fatalf("live stream: %v", err)
	}
	if err := s.Destroy(); err != nil {
		t.Fatal(err)
	}
	if err := k.Launch(Config{Grid: D1(1), Block: D1(32), Stream: s}, x); err == nil || !strings.Contains(err.Error(), "stream was destroyed") {
		t.Errorf("launch on a destroyed stream: %v", err)
	}
	if err := s.Synchronize(); err == nil || !strings.Contains(err.Error(), "stream was destroyed") {
		t.Errorf("synchronize a destroyed stream: %v", err)
	}
	if err := s.Destroy(); err != nil {
		t.Errorf("destroy twice: %v", err)
	}
	other, err := OpenVirtualGPU("t4")
	if err != nil {
		t.Fatal(err)
	}
	theirs, _ := other.NewStream()
	if err := k.Launch(Config{Grid: D1(1), Block: D1(32), Stream: theirs}, x); err == nil || !strings.Contains(err.Error(), "another device") {
		t.Errorf("stream of another device: %v", err)
	}
}

// TestClosedDeviceMakesNothing: after Close, allocating, compiling and
// making a stream on the device fail saying it was closed (they used to
// work on a closed virtual GPU), and what was made before says Close too.
func TestClosedDeviceMakesNothing(t *testing.T) {
	if _, err := nvrtc.Load(); err != nil {
		t.Skipf("no NVRTC to compile kernels: %v", err)
	}
	d, err := OpenVirtualGPU("a100")
	if err != nil {
		t.Fatal(err)
	}
	k := compileVirtual(t, d, `__global__ void z(int* x) { x[0] = 5; }`, "z")
	b, _ := d.Int32s(1)
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	_, allocErr := d.Int32s(1)
	_, compileErr := d.Compile(`__global__ void y(int* x) { x[0] = 5; }`)
	_, streamErr := d.NewStream()
	for name, err := range map[string]error{"alloc": allocErr, "compile": compileErr, "stream": streamErr} {
		if err == nil || !strings.Contains(err.Error(), "the device was closed") {
			t.Errorf("%s after Close: %v", name, err)
		}
	}
	if err := k.Run(Linear(1, 1), b); err == nil || !strings.Contains(err.Error(), "dev.Close()") {
		t.Errorf("launch after Close: %v", err)
	}
	if err := d.Close(); err != nil {
		t.Errorf("close twice: %v", err)
	}
}

// TestVirtualTemplateNameMistakes: an instance name NVRTC cannot read
// says what the template takes (its errors alone name NVRTC's own
// generated file, __nv_name_map).
func TestVirtualTemplateNameMistakes(t *testing.T) {
	d := openVirtualGPU(t)
	m, err := d.Compile(`template <int B> __global__ void tk(float* x) { x[threadIdx.x] *= B; }`)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Unload()
	for _, name := range []string{"tk<float>", "tk<"} {
		_, err := m.Kernel(name)
		if err == nil || !strings.Contains(err.Error(), `cannot read it as an instance of a kernel template (template <int B> tk: e.g. "tk<32>")`) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := m.Kernel("tk<4>"); err != nil {
		t.Errorf("tk<4>: %v", err)
	}
}

// TestVirtualLaunchRefusalNamesTheKernel: a launch the virtual GPU refuses
// (here 4 MiB of local memory a thread, past 512 KiB) names the kernel as
// written, not by its mangled PTX name (_Z8bigLocalPii).
func TestVirtualLaunchRefusalNamesTheKernel(t *testing.T) {
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, `__global__ void bigLocal(int* out, int n) {
    int a[1 << 20];
    for (int i = 0; i < n; i++) a[i] = i;
    out[0] = a[out[0] % n];
}`, "bigLocal")
	out, _ := d.Int32s(1)
	err := k.Run(Linear(1, 1), out, 10)
	if err == nil || !strings.Contains(err.Error(), "kernel bigLocal: 4194304 bytes of local memory per thread") {
		t.Errorf("launch: %v", err)
	}
}

// An interrupted launch returns its interrupt: left pending, it failed the
// next synchronize, in a later cell that nobody interrupted.
func TestVirtualInterruptedLaunchLeavesNothingPending(t *testing.T) {
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, spinSrc, "forever")
	flag, _ := d.Int32s(1)
	defer flag.Free()
	t.Setenv(EnvVirtualBudget, "1e18") // only the interrupt can stop it
	ctx, cancel := context.WithCancel(context.Background())
	restore := SetContext(ctx)
	stop := time.AfterFunc(50*time.Millisecond, cancel)
	defer stop.Stop()
	err := k.Launch(Config{Grid: D1(1), Block: D1(32)}, flag)
	restore()
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "interrupted") {
		t.Fatalf("the interrupted launch: %v", err)
	}
	if err := d.Synchronize(); err != nil {
		t.Errorf("a synchronize afterwards: %v", err)
	}
}
