package cudalib

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/culab/culab/cudalib/internal/worker"
)

// TestMain lets this test binary be a GPU worker (cudalib.ServeWorker)
// for the worker tests, whose compiles run in compile workers of its own
// (as culab's gpu-worker command's do), this binary again.
func TestMain(m *testing.M) {
	serve := func(f func(io.Reader, io.Writer) error) {
		if err := f(os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	switch {
	case os.Getenv(envTestCompileWorker) == "1":
		serve(ServeCompileWorker)
	case os.Getenv("CULAB_TEST_GPU_WORKER") == "1":
		os.Setenv(envTestCompileWorker, "1")
		UseCompileWorker("-test.run=^$")
		serve(ServeWorker)
	}
	os.Exit(m.Run())
}

// envTestCompileWorker makes this test binary a compile worker.
const envTestCompileWorker = "CULAB_TEST_COMPILE_WORKER"

// openGPU opens the first GPU or skips the test, saying why.
func openGPU(t *testing.T) *Device {
	t.Helper()
	d, err := Open()
	if err != nil {
		t.Skipf("no GPU: %v", err)
	}
	if d.Virtual() {
		t.Skip("no GPU: the virtual GPU stands in (virtual_test.go tests it)")
	}
	return d
}

func randFloats(rng *rand.Rand, n int) []float32 {
	out := make([]float32, n)
	for i := range out {
		out[i] = rng.Float32()*2 - 1
	}
	return out
}

const vecAddSrc = `
__global__ void vadd(float* out, const float* a, const float* b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a[i] + b[i];
}

template <int N>
__global__ void scale(float* a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) a[i] *= N;
}

// Reverses n floats through dynamic shared memory in one block.
__global__ void reverse_smem(float* a, int n) {
    extern __shared__ float s[];
    for (int i = threadIdx.x; i < n; i += blockDim.x) s[i] = a[i];
    __syncthreads();
    for (int i = threadIdx.x; i < n; i += blockDim.x) a[i] = s[n - 1 - i];
}

__global__ void bad_store(float* a) {
    float* p = (float*)0x10;  // never a valid device address
    p[threadIdx.x] = a[0];
}

__global__ void spin(long long cycles, int* out) {
    long long start = clock64();
    while (clock64() - start < cycles) {}
    out[0] = 1;
}
`

func TestGPUVectorAdd(t *testing.T) {
	d := openGPU(t)
	m, err := d.Compile(vecAddSrc)
	if err != nil {
		t.Fatal(err)
	}
	k, err := m.Kernel("vadd")
	if err != nil {
		t.Fatal(err)
	}
	checkVectorAdd(t, d, k, 1, 1000, 1<<20, 3_000_017)
}

func TestGPUTemplateByNameExpression(t *testing.T) {
	d := openGPU(t)
	m, err := d.Compile(vecAddSrc)
	if err != nil {
		t.Fatal(err)
	}
	k, err := m.Kernel("scale<3>")
	if err != nil {
		t.Fatal(err)
	}
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

func TestGPUDynamicSharedOver48K(t *testing.T) {
	d := openGPU(t)
	n := d.Info().SharedPerBlockOptin/4 - 64 // nearly all of the opt-in maximum
	if n*4 <= 48<<10 {
		t.Skipf("device allows only %d bytes of shared memory per block", d.Info().SharedPerBlockOptin)
	}
	m, err := d.Compile(vecAddSrc)
	if err != nil {
		t.Fatal(err)
	}
	k, _ := m.Kernel("reverse_smem")
	host := randFloats(rand.New(rand.NewPCG(1, 2)), n)
	buf, _ := d.Float32sFrom(host)
	defer buf.Free()
	if err := k.Run(Config{Grid: D1(1), Block: D1(1024), Shared: n * 4}, buf, n); err != nil {
		t.Fatal(err)
	}
	out, _ := buf.ToHost()
	for i := range out {
		if out[i] != host[n-1-i] {
			t.Fatalf("out[%d] = %v, want %v (shared %d bytes)", i, out[i], host[n-1-i], n*4)
		}
	}
	if err := k.Launch(Config{Grid: D1(1), Block: D1(32), Shared: d.Info().SharedPerBlockOptin + 4}, buf, n); err == nil {
		t.Fatal("launch over the shared memory limit was not refused")
	}
}

func TestGPUCompileErrorLine(t *testing.T) {
	d := openGPU(t)
	src := "__global__ void k(float* a) {\n    int i = threadIdx.x;\n    a[i] = undefined_name;\n}\n"
	_, err := d.Compile(src)
	var ce *CompileError
	if !errors.As(err, &ce) {
		t.Fatalf("got %v, want *CompileError", err)
	}
	if len(ce.Diagnostics) == 0 || ce.Diagnostics[0].Line != 3 || ce.Diagnostics[0].Column != 12 {
		t.Fatalf("diagnostics %+v, want line 3 column 12", ce.Diagnostics)
	}
}

func TestGPUEventTimingMatchesWallClock(t *testing.T) {
	d := openGPU(t)
	m, _ := d.Compile(vecAddSrc)
	k, _ := m.Kernel("spin")
	out, _ := d.Int32s(1)
	defer out.Free()
	cycles := int64(d.Info().ClockKHz) * 5 // about 5 ms at the base clock
	if cycles == 0 {
		cycles = 10_000_000
	}
	start := time.Now()
	tm, err := k.TimeWith(TimeOptions{Warmup: 1, MinReps: 10, MinTime: time.Millisecond}, Config{Grid: D1(1), Block: D1(1)}, cycles, out)
	wall := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	perRun := wall / time.Duration(tm.Reps+1)
	if tm.Median <= 0 || tm.Median > perRun || tm.Median < perRun/3 {
		t.Fatalf("median %v vs wall %v per run (%d reps): not plausible", tm.Median, perRun, tm.Reps)
	}
	if tm.Min > tm.Median || tm.Median > tm.Max || len(tm.Samples) != tm.Reps {
		t.Fatalf("inconsistent timing %+v", tm)
	}
}

// TimeFunc's samples start at f's first launch, in process and through the
// worker: host time before it is not counted, and every launch f makes is.
func TestGPUTimeFuncStartsAtFirstWork(t *testing.T) {
	d := openGPU(t)
	t.Run("in process", func(t *testing.T) { checkTimeFunc(t, d) })
	t.Run("worker", func(t *testing.T) { checkTimeFunc(t, openTestWorker(t)) })
}

// openTestWorker starts this test binary as a GPU worker process (see
// TestMain) and returns a device served by it, closed when t ends.
func openTestWorker(t *testing.T) *Device {
	t.Helper()
	t.Setenv("CULAB_TEST_GPU_WORKER", "1")
	b, err := worker.Open(0, []string{"-test.run=^$"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return &Device{b: b, info: b.Info()}
}

func checkTimeFunc(t *testing.T, d *Device) {
	m, err := d.Compile(vecAddSrc)
	if err != nil {
		t.Fatal(err)
	}
	k, _ := m.Kernel("spin")
	out, _ := d.Int32s(1)
	defer out.Free()
	cfg := Config{Grid: D1(1), Block: D1(1)}
	cycles := int64(d.Info().ClockKHz) // about 1 ms at the base clock
	if cycles == 0 {
		cycles = 2_000_000
	}
	opts := TimeOptions{Warmup: 1, MinReps: 5, MaxReps: 5}
	one, err := k.TimeWith(opts, cfg, cycles, out)
	if err != nil {
		t.Fatal(err)
	}
	const hostWait = 20 * time.Millisecond
	two, err := d.TimeFunc(opts, func() error {
		time.Sleep(hostWait)
		if err := k.Launch(cfg, cycles, out); err != nil {
			return err
		}
		return k.Launch(cfg, cycles, out)
	})
	if err != nil {
		t.Fatal(err)
	}
	if two.Median < one.Median*3/2 || two.Median > 2*one.Median+hostWait/4 {
		t.Errorf("two launches after %v on the host: %v; one launch: %v", hostWait, two.Median, one.Median)
	}
	none, err := d.TimeFunc(opts, func() error { return nil })
	if err != nil || none.Median > time.Millisecond {
		t.Errorf("no work: %v, %v", none.Median, err)
	}
}

func TestGPUOccupancy(t *testing.T) {
	d := openGPU(t)
	m, _ := d.Compile(vecAddSrc)
	k, _ := m.Kernel("vadd")
	occ, err := k.SuggestBlock(0)
	if err != nil {
		t.Fatal(err)
	}
	if occ.Block <= 0 || occ.Block > d.Info().MaxThreadsPerBlock || occ.Block%d.Info().WarpSize != 0 || occ.MinGrid < d.Info().SMCount {
		t.Fatalf("implausible suggestion %+v for %s", occ, d)
	}
	n, err := k.ActiveBlocksPerSM(occ.Block, 0)
	if err != nil || n < 1 {
		t.Fatalf("active blocks %d, %v", n, err)
	}
}

// A sticky fault poisons the process's context, so the fault test runs in
// a child process and leaves this one's device healthy.
func TestGPUFaultThenReset(t *testing.T) {
	openGPU(t)
	if os.Getenv("CULAB_FAULT_CHILD") == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestGPUFaultThenReset$", "-test.v")
		cmd.Env = append(os.Environ(), "CULAB_FAULT_CHILD=1")
		out, err := cmd.CombinedOutput()
		t.Logf("child:\n%s", out)
		if err != nil {
			t.Fatalf("child: %v", err)
		}
		return
	}
	d := openGPU(t)
	m, err := d.Compile(vecAddSrc)
	if err != nil {
		t.Fatal(err)
	}
	bad, _ := m.Kernel("bad_store")
	buf, _ := d.Float32s(1)
	err = bad.Run(Config{Grid: D1(1), Block: D1(32)}, buf)
	if !IsFault(err) || !strings.Contains(err.Error(), "CUDA_ERROR_ILLEGAL_ADDRESS") || !strings.Contains(err.Error(), "bounds") {
		t.Fatalf("got %v, want a kernel fault with a hint", err)
	}
	if err := d.Reset(); err != nil {
		// The driver does not clear sticky faults in-process (see Reset):
		// the error must say so and what to do.
		if !strings.Contains(err.Error(), "restart the notebook kernel") {
			t.Fatalf("reset failed without saying what to do: %v", err)
		}
		t.Logf("reset refused as documented: %v", err)
		return
	}
	if err := buf.CopyFrom([]float32{1}); !errors.Is(err, ErrFreed) {
		t.Fatalf("stale buffer after reset: got %v, want ErrFreed", err)
	}
	m, err = d.Compile(vecAddSrc)
	if err != nil {
		t.Fatal(err)
	}
	k, _ := m.Kernel("vadd")
	a := []float32{1, 2, 3}
	da, _ := d.Float32sFrom(a)
	out, _ := d.Float32s(3)
	if err := k.Run(Linear(3, 32), out, da, da, 3); err != nil {
		t.Fatal(err)
	}
	got, _ := out.ToHost()
	if got[0] != 2 || got[1] != 4 || got[2] != 6 {
		t.Fatalf("after reset got %v", got)
	}
}

func TestGPUOutOfMemory(t *testing.T) {
	d := openGPU(t)
	_, err := d.Float64s(int(d.Info().TotalMem)) // 8× the device's memory
	var oom *OutOfMemoryError
	if !errors.As(err, &oom) || oom.Requested != 8*d.Info().TotalMem || oom.Total == 0 {
		t.Fatalf("got %v, want *OutOfMemoryError with sizes", err)
	}
	b, err := d.Float32s(1 << 20)
	if err != nil {
		t.Fatalf("allocation after OOM: %v", err)
	}
	b.Free()
}

func TestGPULaunchRefusedBeforeLaunch(t *testing.T) {
	d := openGPU(t)
	m, err := d.Compile(vecAddSrc)
	if err != nil {
		t.Fatal(err)
	}
	k, _ := m.Kernel("vadd")
	f, _ := d.Float32s(4)
	g, _ := d.Float64s(4)
	defer f.Free()
	defer g.Free()
	cases := map[string]func() error{
		"block too large": func() error { return k.Launch(Config{Grid: D1(1), Block: D1(2048)}, f, f, f, 4) },
		"too few args":    func() error { return k.Launch(Linear(4, 32), f, f, 4) },
		"wrong elem type": func() error { return k.Launch(Linear(4, 32), g, f, f, 4) },
		"scalar for ptr":  func() error { return k.Launch(Linear(4, 32), 1, f, f, 4) },
		"unsupported":     func() error { return k.Launch(Linear(4, 32), f, f, f, "4") },
		"grid y too big":  func() error { return k.Launch(Config{Grid: D2(1, 1<<20), Block: D1(32)}, f, f, f, 4) },
	}
	for name, launch := range cases {
		var le *LaunchError
		if err := launch(); !errors.As(err, &le) {
			t.Errorf("%s: got %v, want *LaunchError", name, err)
		}
	}
}

// docs/kernel-arguments.md's examples and issue 30's scale on a GPU, in
// this process and through a worker (which copies the arguments' bytes).
func TestGPUKernelArguments(t *testing.T) {
	d := openGPU(t)
	t.Run("in process", func(t *testing.T) { checkArgumentTable(t, d); checkScaleByGoInt(t, d) })
	t.Run("worker", func(t *testing.T) {
		w := openTestWorker(t)
		checkArgumentTable(t, w)
		checkScaleByGoInt(t, w)
	})
}

// BenchmarkGPULaunch is the host cost of one asynchronous empty launch.
func BenchmarkGPULaunch(b *testing.B) {
	d, err := Open()
	if err != nil {
		b.Skipf("no GPU: %v", err)
	}
	m, err := d.Compile(`__global__ void empty_kernel() {}`)
	if err != nil {
		b.Fatal(err)
	}
	k, _ := m.Kernel("empty_kernel")
	cfg := Config{Grid: D1(1), Block: D1(1)}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := k.Launch(cfg); err != nil {
			b.Fatal(err)
		}
		if i%4096 == 4095 {
			d.Synchronize() // keep the launch queue from filling
		}
	}
	d.Synchronize()
}

// With the GPU in a worker process, a fault costs the worker and Reset
// starts a new one: the device works again in this process.
func TestGPUWorkerRecoversFromFault(t *testing.T) {
	openGPU(t)
	d := openTestWorker(t)
	m, err := d.Compile(vecAddSrc)
	if err != nil {
		t.Fatal(err)
	}
	bad, _ := m.Kernel("bad_store")
	buf, _ := d.Float32s(1)
	if err := bad.Run(Config{Grid: D1(1), Block: D1(32)}, buf); !IsFault(err) {
		t.Fatalf("got %v, want a kernel fault", err)
	}
	if err := d.Reset(); err != nil {
		t.Fatalf("reset through the worker: %v", err)
	}
	if _, err := buf.ToHost(); !errors.Is(err, ErrFreed) {
		t.Fatalf("stale buffer after reset: %v", err)
	}
	if m, err = d.Compile(vecAddSrc); err != nil {
		t.Fatal(err)
	}
	k, _ := m.Kernel("vadd")
	host := randFloats(rand.New(rand.NewPCG(3, 4)), 100_003)
	a, _ := d.Float32sFrom(host)
	out, _ := d.Float32s(len(host))
	out.Fill(float32(math.NaN()))
	if err := k.Run(Linear(len(host), 256), out, a, a, len(host)); err != nil {
		t.Fatal(err)
	}
	got, err := out.ToHost()
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if got[i] != 2*host[i] {
			t.Fatalf("after reset out[%d] = %v, want %v", i, got[i], 2*host[i])
		}
	}
	if tm, err := k.Time(Linear(len(host), 256), out, a, a, len(host)); err != nil || tm.Median <= 0 {
		t.Fatalf("timing through the worker: %v %v", tm, err)
	}
}

// checkVectorAdd runs vadd (vecAddSrc) at each size on fresh random inputs
// into a NaN-poisoned output and compares every element with the CPU's
// sum; the GPU and the virtual GPU tests share it.
func checkVectorAdd(t *testing.T, d *Device, k *Kernel, sizes ...int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(rand.Uint64(), 1))
	for _, n := range sizes {
		a, b := randFloats(rng, n), randFloats(rng, n)
		da, _ := d.Float32sFrom(a)
		db, _ := d.Float32sFrom(b)
		dout, err := d.Float32s(n)
		if err != nil {
			t.Fatal(err)
		}
		if err := dout.Fill(float32(math.NaN())); err != nil {
			t.Fatal(err)
		}
		if err := k.Run(Linear(n, 256), dout, da, db, n); err != nil {
			t.Fatal(err)
		}
		out, err := dout.ToHost()
		if err != nil {
			t.Fatal(err)
		}
		for i := range out {
			if out[i] != a[i]+b[i] {
				t.Fatalf("n=%d: out[%d] = %v, want %v", n, i, out[i], a[i]+b[i])
			}
		}
		for _, buf := range []Buffer{da, db, dout} {
			if err := buf.Free(); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// Macros that expand to 10^9 tokens: NVRTC grows without end.
const compileBomb = "#define A(x) x x x x x x x x x x\n#define B(x) A(A(A(x)))\n" +
	"#define C(x) B(B(B(x)))\n__device__ int v[] = { C(1,) };\n__global__ void k() {}"

// An interrupt during a compile on the GPU stops it: the cancel crosses
// the GPU worker's wire, and the compile worker NVRTC runs in is killed.
func TestGPUWorkerInterruptStopsACompile(t *testing.T) {
	openGPU(t)
	d := openTestWorker(t)
	ctx, cancel := context.WithCancel(context.Background())
	restore := SetContext(ctx)
	done := make(chan error, 1)
	go func() {
		_, err := d.Compile(compileBomb)
		done <- err
	}()
	for grown := false; !grown; {
		select {
		case err := <-done:
			restore()
			t.Skipf("no compile grew here (no NVRTC?): %v", err)
		case <-time.After(50 * time.Millisecond):
		}
		for _, rss := range compileWorkers(t) {
			grown = grown || rss > 200<<20
		}
	}
	cancel()
	err := <-done
	restore()
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted compile: %v, want context.Canceled", err)
	}
	for len(compileWorkers(t)) > 0 {
		time.Sleep(50 * time.Millisecond) // the killed worker goes
	}
	if _, err := d.Compile(vecAddSrc); err != nil {
		t.Fatalf("compile after the interrupt: %v", err)
	}
}

// compileWorkers maps each compile worker of this user (a process whose
// environment makes it one) to its resident bytes.
func compileWorkers(t *testing.T) map[int]int64 {
	t.Helper()
	dirs, err := os.ReadDir("/proc")
	if err != nil {
		t.Skipf("no /proc to find the compile workers: %v", err)
	}
	found := map[int]int64{}
	for _, e := range dirs {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		env, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if !bytes.Contains(env, []byte("\x00"+envTestCompileWorker+"=1\x00")) {
			continue
		}
		status, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "status"))
		var kb int64
		for _, line := range strings.Split(string(status), "\n") {
			if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
				kb, _ = strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			}
		}
		found[pid] = kb << 10
	}
	return found
}

// An endless kernel on the GPU: the user's interrupt, unanswered for the
// grace, stops the worker (nothing else frees the GPU), and dev.Reset()
// gives a working one.
func TestGPUWorkerStoppedAfterInterrupt(t *testing.T) {
	openGPU(t)
	d := openTestWorker(t)
	m, err := d.Compile("__global__ void spin(volatile int *flag) { while (flag[0] == 0) {} }")
	if err != nil {
		t.Fatal(err)
	}
	spin, _ := m.Kernel("spin")
	flag, _ := d.Int32s(1)
	if err := flag.Fill(0); err != nil {
		t.Fatal(err)
	}
	interrupted := make(chan struct{})
	close(interrupted) // the interrupt came: no answer is awaited past the grace
	worker.OnInterrupt(func() <-chan struct{} { return interrupted })
	err = spin.Run(Linear(32, 32), flag)
	worker.OnInterrupt(interruptDone)
	if err == nil || !strings.Contains(err.Error(), "its worker process was stopped") {
		t.Fatalf("an endless kernel after the interrupt: %v", err)
	}
	if err := d.Reset(); err != nil {
		t.Fatalf("reset after the stopped worker: %v", err)
	}
	m, err = d.Compile(vecAddSrc)
	if err != nil {
		t.Fatal(err)
	}
	k, _ := m.Kernel("vadd")
	checkVectorAdd(t, d, k, 1000, 100_003)
}
