package cudalib

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/culab/culab/cudalib/internal/seam"
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

// gatedBuild is a backend's compile that goes on until released, and
// counts its calls and the unloads of what it made.
type gatedBuild struct {
	started chan struct{} // one value each time a build starts
	release chan struct{}
	mu      sync.Mutex
	builds  int
	unloads int
	cancel  []<-chan struct{} // each build's request's
}

func (g *gatedBuild) build(req seam.CompileRequest) (seam.Module, error) {
	g.mu.Lock()
	g.builds++
	g.cancel = append(g.cancel, req.Cancel)
	g.mu.Unlock()
	g.started <- struct{}{}
	<-g.release
	return &fakeModule{f: &fakeBackend{}, unload: func() {
		g.mu.Lock()
		g.unloads++
		g.mu.Unlock()
	}}, nil
}

func (g *gatedBuild) cancels() []<-chan struct{} {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]<-chan struct{}(nil), g.cancel...)
}

func (g *gatedBuild) counts() (builds, unloads int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.builds, g.unloads
}

// An interrupt ends a load that waits for a compile at once and, the load
// being the compile's only waiter, cancels the compile's request (a
// compile in a child process is then killed). A load of the same request
// after that starts a build of its own; the abandoned build's image, where
// it comes all the same (a compile in this process cannot be stopped), is
// unloaded.
func TestInterruptedCompileIsCancelled(t *testing.T) {
	g := &gatedBuild{started: make(chan struct{}, 2), release: make(chan struct{})}
	var l loadedModules
	req := seam.CompileRequest{Name: "slow.cu", Source: "__global__ void k() {}"}
	ctx, cancel := context.WithCancel(context.Background())
	restore := SetContext(ctx)
	type loadResult struct {
		m   seam.Module
		err error
	}
	first := make(chan loadResult, 1)
	go func() {
		m, err := l.load(1, req, g.build)
		first <- loadResult{m, err}
	}()
	<-g.started
	cancel()
	r := <-first
	restore()
	if r.err == nil || !errors.Is(r.err, context.Canceled) || !strings.Contains(r.err.Error(), "while compiling slow.cu") {
		t.Fatalf("interrupted load: %v, %v", r.m, r.err)
	}
	select {
	case <-g.cancels()[0]:
	default:
		t.Fatal("the abandoned compile's request was not cancelled")
	}

	// The same request again: a build of its own, not the cancelled one.
	second := make(chan loadResult, 1)
	go func() {
		m, err := l.load(1, req, g.build)
		second <- loadResult{m, err}
	}()
	<-g.started
	close(g.release)
	if r = <-second; r.err != nil || r.m == nil {
		t.Fatalf("second load: %v, %v", r.m, r.err)
	}
	waitFor(t, func() bool { _, unloads := g.counts(); return unloads == 1 })
	if builds, _ := g.counts(); builds != 2 {
		t.Errorf("%d builds, want 2", builds)
	}
	l.mu.Lock()
	e, kept := l.entries[keyOf(req)]
	l.mu.Unlock()
	if !kept || e.refs != 1 {
		t.Errorf("the second load's image: kept %v, %+v", kept, e)
	}
}

// waitFor polls cond until it holds.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for !cond() {
		runtime.Gosched()
	}
}
