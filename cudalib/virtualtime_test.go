package cudalib

import (
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/culab/culab/cudalib/internal/virtual"
	"github.com/culab/culab/cudalib/timemodel"
)

// recordingModel keeps what it was asked to time and times it as the H100.
type recordingModel struct {
	mu   sync.Mutex
	seqs [][]timemodel.Work
}

func (m *recordingModel) Time(work []timemodel.Work) time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.seqs = append(m.seqs, append([]timemodel.Work(nil), work...))
	return timemodel.H100.Time(work)
}

// A timed region hands the model its copies and launches in order, each
// launch with its kernel (its mangled name), block size and counters.
func TestSetTimeModel(t *testing.T) {
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, vecAddSrc, "vadd")
	const n = 4096
	a, _ := d.Float32s(n)
	defer a.Free()
	b, _ := d.Float32s(n)
	defer b.Free()
	m := &recordingModel{}
	if err := d.SetTimeModel(m); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.SetTimeModel(timemodel.H100) })
	tm, err := d.TimeFunc(TimeOptions{}, func() error {
		if err := d.Copy(b, a); err != nil {
			return err
		}
		return k.Launch(Linear(n, 256), a, b, a, n)
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.seqs) != 1 || len(m.seqs[0]) != 2 {
		t.Fatalf("recorded %+v, want one sequence of a copy and a launch", m.seqs)
	}
	cp, l := m.seqs[0][0], m.seqs[0][1].Launch
	if cp.CopyBytes != 2*4*n || !strings.Contains(l.Kernel, "vadd") || l.ThreadsPerBlock != 256 || l.BlocksPerSM <= 0 || l.Counters.Blocks != n/256 {
		t.Errorf("copy %+v, launch %s: %d threads, %d blocks per SM, %d blocks", cp, l.Kernel, l.ThreadsPerBlock, l.BlocksPerSM, l.Counters.Blocks)
	}
	if want := timemodel.H100.Time(m.seqs[0]); tm.Median != want {
		t.Errorf("timed %v, the model says %v", tm.Median, want)
	}
	if err := d.SetTimeModel(nil); err == nil {
		t.Error("a nil model was accepted")
	}
}

// TestTimingBound: a modeled Timing says what bounds it (the H100 model's
// Explain of the timed work); another model has no explanation.
func TestTimingBound(t *testing.T) {
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, vecAddSrc, "vadd")
	const n = 1 << 16
	a, _ := d.Float32s(n)
	defer a.Free()
	m := &recordingModel{}
	timeIt := func() Timing {
		tm, err := k.Time(Linear(n, 256), a, a, a, n)
		if err != nil {
			t.Fatal(err)
		}
		return tm
	}
	tm := timeIt()
	if !strings.Contains(tm.Bound, " bound: ") || !strings.Contains(tm.Bound, "; next ") {
		t.Errorf("Bound %q", tm.Bound)
	}
	if err := d.SetTimeModel(m); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.SetTimeModel(timemodel.H100) })
	if got := timeIt(); got.Bound != "" {
		t.Errorf("another model explained: %q", got.Bound)
	}
	if want := timemodel.H100.Explain(m.seqs[0]); tm.Bound != want {
		t.Errorf("Bound %q, the H100 model explains %q", tm.Bound, want)
	}
}

// oneBlockSrc is a loop of two loads an iteration, a thread a result.
const oneBlockSrc = `extern "C" __global__ void sum2(const float* a, const float* b, float* out, int n) {
    float s = 0;
    for (int i = threadIdx.x; i < n; i += blockDim.x) s += a[i] * b[i];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}`

// recordSum2 times sum2 on grid blocks and returns the launch the model got.
func recordSum2(t *testing.T, grid int) timemodel.Launch {
	t.Helper()
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, oneBlockSrc, "sum2")
	const n = 1 << 16
	rng := rand.New(rand.NewPCG(1, 2))
	a, _ := d.Float32sFrom(randFloats(rng, n))
	defer a.Free()
	b, _ := d.Float32sFrom(randFloats(rng, n))
	defer b.Free()
	out, _ := d.Float32s(256 * grid)
	defer out.Free()
	m := &recordingModel{}
	if err := d.SetTimeModel(m); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.SetTimeModel(timemodel.H100) })
	if _, err := d.TimeFunc(TimeOptions{}, func() error {
		return k.Launch(Config{Grid: D1(grid), Block: D1(256)}, a, b, out, int32(n))
	}); err != nil {
		t.Fatal(err)
	}
	return m.seqs[0][0].Launch
}

// A launch of one block hands the model its kernel's hottest SASS loop
// (the lone block's chain, timemodel's scoreboard), where the SASS tools
// are installed; a grid of several blocks, or CULAB_SASS=off, none.
func TestOneBlockLaunchLoop(t *testing.T) {
	needSASSTools(t)
	if l := recordSum2(t, 1); l.Loop == nil || l.Loop.Loads < 2 {
		t.Errorf("one block: loop %+v, want sum2's loop with its loads", l.Loop)
	}
	if l := recordSum2(t, 4); l.Loop != nil {
		t.Errorf("four blocks: a loop of %d loads, want none", l.Loop.Loads)
	}
	t.Setenv(virtual.EnvSASS, "off")
	if l := recordSum2(t, 1); l.Loop != nil {
		t.Errorf("%s=off: a loop of %d loads, want none", virtual.EnvSASS, l.Loop.Loads)
	}
}

// mulxSrc is a 64-bit multiply-xorshift loop: one PTX mul.lo.u64 is three
// SASS IMADs, so the GPU issues about twice the PTX's instructions.
const mulxSrc = `extern "C" __global__ void mulx(unsigned long long* x, int rounds) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long v = x[i];
    for (int r = 0; r < rounds; r++) { v *= 0x9E3779B97F4A7C15ull; v ^= v >> 29; }
    x[i] = v;
}`

// The time model is handed the SASS warp-instructions of a launch where
// the SASS tools are installed (the profile's SASS count), and the
// PTX-times-sequence estimate with CULAB_SASS=off; its chain steps are
// the PTX's either way.
func TestTimedLaunchIssuesSASS(t *testing.T) {
	needSASSTools(t)
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, mulxSrc, "mulx")
	const n = 1024
	rng := rand.New(rand.NewPCG(3, 4))
	init := make([]int64, n)
	for i := range init {
		init[i] = rng.Int64()
	}
	cfg := Config{Grid: D1(n / 128), Block: D1(128)}
	timed := func() Counters {
		x, err := d.Int64sFrom(init)
		if err != nil {
			t.Fatal(err)
		}
		defer x.Free()
		m := &recordingModel{}
		if err := d.SetTimeModel(m); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.SetTimeModel(timemodel.H100) })
		if _, err := d.TimeFunc(TimeOptions{}, func() error { return k.Launch(cfg, x, int32(64)) }); err != nil {
			t.Fatal(err)
		}
		return m.seqs[0][0].Launch.Counters
	}
	c := timed()
	x, _ := d.Int64sFrom(init)
	defer x.Free()
	p, err := k.Profile(cfg, x, int32(64))
	if err != nil {
		t.Fatal(err)
	}
	if p.SASS == nil {
		t.Fatalf("no SASS counts: %s", p.Counting)
	}
	if c.SASSWarpInstrs != p.SASS.WarpInstrs {
		t.Errorf("the model got %d SASS warp-instructions, the profile counts %d", c.SASSWarpInstrs, p.SASS.WarpInstrs)
	}
	if r := float64(c.SASSWarpInstrs) / float64(c.WarpInstrs); r < 1.5 {
		t.Errorf("SASS / PTX warp-instructions %.2f, want the multiply's IMADs (about 2)", r)
	}
	if c.ChainWarpInstrs != c.WarpInstrs {
		t.Errorf("%d chain steps, want the PTX's %d warp-instructions (no division here)", c.ChainWarpInstrs, c.WarpInstrs)
	}
	t.Setenv(virtual.EnvSASS, "off")
	if off := timed(); off.SASSWarpInstrs != off.WarpInstrs {
		t.Errorf("%s=off: %d SASS warp-instructions, want the PTX's %d (no division here)", virtual.EnvSASS, off.SASSWarpInstrs, off.WarpInstrs)
	}
}
