package cudalib

import (
	"errors"
	"io"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/culab/culab/cudalib/internal/seam"
	"github.com/culab/culab/cudalib/internal/worker"
)

// fakeWorkerDevice serves a fake backend through the worker protocol over
// in-memory pipes: the parent's side is exactly what a real worker gets.
func fakeWorkerDevice(t *testing.T) (*Device, *fakeBackend, *int) {
	t.Helper()
	_, fb := newFakeDevice()
	starts := 0
	start := fakeWorkerStart(fb, nil, &starts)
	p, err := worker.Dial(0, start, nil)
	if err != nil {
		t.Fatal(err)
	}
	return &Device{b: p, info: p.Info()}, fb, &starts
}

// fakeWorkerStart starts a worker serving fb in a goroutine, with stageOf
// for its copy stage, counting starts.
func fakeWorkerStart(fb *fakeBackend, stageOf func(int) (*worker.Stage, error), starts *int) worker.StartFunc {
	return func() (io.WriteCloser, io.ReadCloser, func() error, error) {
		*starts++
		toChild, childIn := io.Pipe()
		childOut, fromChild := io.Pipe()
		go func() {
			err := worker.ServeWith(toChild, fromChild, func(int) (seam.Backend, error) { return fb, nil }, stageOf)
			fromChild.CloseWithError(err)
		}()
		stop := func() error {
			childIn.Close()
			childOut.Close()
			return nil
		}
		return childIn, childOut, stop, nil
	}
}

func TestWorkerProtocol(t *testing.T) {
	d, fb, starts := fakeWorkerDevice(t)
	if d.Info().Name != "fake" || d.Info().MaxThreadsPerBlock != 1024 {
		t.Fatalf("info over the pipe: %+v", d.Info())
	}
	a, err := d.Float32sFrom([]float32{1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Fill(4); err != nil {
		t.Fatal(err)
	}
	if got, err := a.ToHost(); err != nil || got[2] != 4 {
		t.Fatalf("fill/copy over the pipe: %v %v", got, err)
	}
	m, err := d.Compile(testSrc)
	if err != nil {
		t.Fatal(err)
	}
	k, err := m.Kernel("vadd")
	if err != nil {
		t.Fatal(err)
	}
	if err := k.Run(Linear(3, 32), a, a, a, 3); err != nil {
		t.Fatal(err)
	}
	if len(fb.launches) != 1 || fb.launches[0].args[3] != 3 || fb.launches[0].args[0] != uint64(a.m.ptr) {
		t.Fatalf("launch over the pipe: %+v", fb.launches)
	}
	tm, err := k.TimeWith(TimeOptions{Warmup: 1, MinReps: 3, MinTime: 1}, Linear(3, 32), a, a, a, 3)
	if err != nil || tm.Reps != 3 {
		t.Fatalf("timing over the pipe: %v %v", tm, err)
	}
	if occ, err := k.SuggestBlock(0); err != nil || occ.Block != 768 {
		t.Fatalf("occupancy over the pipe: %+v %v", occ, err)
	}

	// A posted launch that fails is reported by the next call.
	fb.failNext = &DeviceError{Op: "cuLaunchKernel", Name: "CUDA_ERROR_INVALID_VALUE", Kind: KindInvalid}
	if err := k.Launch(Linear(3, 32), a, a, a, 3); err != nil {
		t.Fatalf("posted launch returned %v", err)
	}
	err = d.Synchronize()
	var de *DeviceError
	if !errors.As(err, &de) || de.Name != "CUDA_ERROR_INVALID_VALUE" || !strings.Contains(err.Error(), "earlier kernel launch") {
		t.Fatalf("pending launch error: %v", err)
	}
	if err := d.Synchronize(); err != nil {
		t.Fatalf("the pending error was reported twice: %v", err)
	}

	// Reset replaces the worker; old buffers are dead, new ones work.
	if err := d.Reset(); err != nil {
		t.Fatal(err)
	}
	if *starts != 2 {
		t.Fatalf("%d workers started, want 2", *starts)
	}
	if _, err := a.ToHost(); !errors.Is(err, ErrFreed) {
		t.Fatalf("buffer from before the reset: %v", err)
	}
	b, err := d.Int32sFrom([]int32{7})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := b.ToHost(); got[0] != 7 {
		t.Fatalf("after reset: %v", got)
	}
}

func TestWorkerChunksLargeCopies(t *testing.T) {
	const chunk = 1000
	defer worker.SetCopyChunk(chunk)()
	d, _, _ := fakeWorkerDevice(t)
	roundTrip(t, d, 2*chunk+5)
}

// roundTrip copies n bytes to d and back and checks them.
func roundTrip(t *testing.T, d *Device, n int) {
	t.Helper()
	host := make([]uint8, n)
	for i := range host {
		host[i] = uint8(i * 7)
	}
	b, err := d.Uint8sFrom(host)
	if err != nil {
		t.Fatal(err)
	}
	got, err := b.ToHost()
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if got[i] != host[i] {
			t.Fatalf("byte %d: %d, want %d", i, got[i], host[i])
		}
	}
}

// The real worker process (this test binary, see TestMain) says why no GPU
// can be used, and the parent reports it.
func TestWorkerProcessReportsWhyNoGPU(t *testing.T) {
	if Probe().GPU() {
		t.Skip("this machine has a GPU: TestGPUWorkerRecoversFromFault covers the worker")
	}
	t.Setenv("CULAB_TEST_GPU_WORKER", "1")
	_, err := worker.Open(0, []string{"-test.run=^$"})
	if err == nil || !strings.Contains(err.Error(), "libcuda.so.1") {
		t.Fatalf("got %v, want the worker's reason (libcuda.so.1 missing)", err)
	}
}

func TestWorkerCopiesThroughTheStage(t *testing.T) {
	_, fb := newFakeDevice()
	st, err := worker.NewStage(4096)
	if err != nil {
		t.Fatal(err)
	}
	// The worker maps its own descriptor of the same file, as a child
	// process maps the one it inherits.
	stageOf := func(size int) (*worker.Stage, error) {
		fd, err := syscall.Dup(int(st.File().Fd()))
		if err != nil {
			return nil, err
		}
		return worker.MapStage(os.NewFile(uintptr(fd), "stage"), size)
	}
	starts := 0
	start := fakeWorkerStart(fb, stageOf, &starts)
	p, err := worker.Dial(0, start, st)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if !worker.Staged(p) {
		t.Fatal("the worker did not take the stage")
	}
	roundTrip(t, &Device{b: p, info: p.Info()}, 3*4096+5) // three full stages and a piece
}

// A timed region's copies and launches reach the worker in order, with
// their arguments and shapes, and a launch that fails inside the region
// fails the timing.
func TestWorkerBatchesTimedRegions(t *testing.T) {
	d, fb, _ := fakeWorkerDevice(t)
	a, err := d.Float32sFrom([]float32{1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	b, err := d.Float32s(3)
	if err != nil {
		t.Fatal(err)
	}
	m, err := d.Compile(testSrc)
	if err != nil {
		t.Fatal(err)
	}
	k, err := m.Kernel("vadd")
	if err != nil {
		t.Fatal(err)
	}
	run := func() error {
		if err := d.Copy(b, a); err != nil {
			return err
		}
		for i := range 3 {
			if err := k.Launch(Config{Grid: D3(i+1, 2, 3), Block: D2(32, 4), Shared: 16}, b, b, b, i); err != nil {
				return err
			}
		}
		return nil
	}
	tm, err := d.TimeFunc(TimeOptions{Warmup: -1, MinReps: 2, MaxReps: 2, MinTime: 1}, run)
	if err != nil || tm.Reps != 2 {
		t.Fatalf("timed region over the worker: %v %v", tm, err)
	}
	if len(fb.launches) != 6 {
		t.Fatalf("%d launches, want 6", len(fb.launches))
	}
	for i, l := range fb.launches {
		c := l.cfg
		if c.Grid != D3(i%3+1, 2, 3).dims() || c.Block != D2(32, 4).dims() || c.Shared != 16 || len(l.args) != 4 || l.args[0] != uint64(b.m.ptr) || l.args[3] != uint64(i%3) {
			t.Fatalf("launch %d: %+v", i, l)
		}
	}
	if got, err := b.ToHost(); err != nil || got[2] != 3 {
		t.Fatalf("the region's copy: %v %v", got, err)
	}
	fb.failNext = &DeviceError{Op: "cuLaunchKernel", Name: "CUDA_ERROR_INVALID_VALUE", Kind: KindInvalid}
	var de *DeviceError
	if _, err := d.TimeFunc(TimeOptions{Warmup: -1, MinReps: 1, MaxReps: 1, MinTime: 1}, run); !errors.As(err, &de) || de.Name != "CUDA_ERROR_INVALID_VALUE" {
		t.Fatalf("a launch failing in a timed region: %v", err)
	}
	if err := d.Synchronize(); err != nil {
		t.Fatalf("after the failed region: %v", err)
	}
}

// A module's variable is looked up in the worker ("global") and copied
// through the worker's copies; its address is the worker's.
func TestWorkerSymbol(t *testing.T) {
	d, fb, _ := fakeWorkerDevice(t)
	fb.vars = map[string]int{"w": 16, "_ZN2ns1cE": 4}
	m, err := d.Compile(testSrc)
	if err != nil {
		t.Fatal(err)
	}
	w, err := m.Symbol("w")
	if err != nil {
		t.Fatal(err)
	}
	if w.Size() != 16 || w.ptr != fb.varPtrs["w"] {
		t.Fatalf("symbol over the pipe: %d bytes at %#x, want 16 at %#x", w.Size(), w.ptr, fb.varPtrs["w"])
	}
	if err := w.CopyFrom([]float32{1, 2, 3, 4}); err != nil {
		t.Fatal(err)
	}
	if got := fb.at(fb.varPtrs["w"])[:16]; got[4] != 0 || got[7] != 0x40 { // 2.0f is 0x40000000
		t.Fatalf("the worker's variable holds % x", got)
	}
	back := make([]float32, 4)
	if err := w.CopyTo(back); err != nil || back[3] != 4 {
		t.Fatalf("read back over the pipe: %v, %v", back, err)
	}
	if c, err := m.Symbol("ns::c"); err != nil || c.Size() != 4 {
		t.Fatalf("namespace variable over the pipe: %v", err)
	}
	_, err = m.Symbol("coeffs")
	var de *DeviceError
	if !errors.As(err, &de) || de.Name != "CUDA_ERROR_NOT_FOUND" || !strings.Contains(err.Error(), "symbol coeffs: no __device__ or __constant__ variable coeffs in module kernel.cu") {
		t.Fatalf("unknown name over the pipe: %v", err)
	}
	if err := d.Reset(); err != nil {
		t.Fatal(err)
	}
	if err := w.CopyTo(back); err == nil || !strings.Contains(err.Error(), "dev.Reset()") {
		t.Fatalf("symbol after the worker's reset: %v", err)
	}
}
