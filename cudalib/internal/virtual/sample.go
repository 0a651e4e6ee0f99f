package virtual

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/culab/culab/cudalib/counters"
	"github.com/culab/culab/cudalib/internal/seam"
	"github.com/culab/culab/cudalib/timemodel"
	"github.com/culab/culab/cudalib/vgpu"
)

// Sampled launches (vgpu's sample.go): a launch too large to interpret
// whole runs a sample of its blocks and scales their counters, so its
// modelled time holds at a report's sizes; the other blocks do not run.

// EnvSample chooses, at each launch, whether the virtual GPU samples large
// launches: "auto" (the default: a launch estimated to execute more than
// vgpu.DefaultSampleBudget warp-instructions runs a sample), "full" (every
// block, always) or "sampled" (a sample whenever the grid is large enough).
const EnvSample = "CULAB_VIRTUAL_SAMPLE"

// Notice, when set, tells the user of a sampled launch (cudalib sets it to
// its notices, which reach a notebook's cell).
var Notice func(msg string)

// SetSampling makes every later launch sample as s says, in place of
// CULAB_VIRTUAL_SAMPLE; nil: read CULAB_VIRTUAL_SAMPLE again.
func (b *virtualBackend) SetSampling(s *vgpu.Sampling) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if s != nil {
		c := *s
		s = &c
	}
	b.sampling = s
}

// samplingNow is the sampling of a launch: SetSampling's, else
// CULAB_VIRTUAL_SAMPLE's (auto when unset). A bad value is an error of the
// launch.
func (b *virtualBackend) samplingNow() (vgpu.Sampling, error) {
	b.mu.Lock()
	set := b.sampling
	b.mu.Unlock()
	if set != nil {
		return *set, nil
	}
	v := strings.TrimSpace(os.Getenv(EnvSample))
	if v == "" {
		return vgpu.Sampling{Mode: vgpu.SampleAuto}, nil
	}
	m, err := vgpu.ParseSampleMode(v)
	if err != nil {
		return vgpu.Sampling{}, fmt.Errorf("%s=%q: want auto, full or sampled", EnvSample, v)
	}
	return vgpu.Sampling{Mode: m}, nil
}

// tellSampled tells the user, once per kernel and launch shape, that a
// launch ran sampled or fell back to every block: a sampled launch's
// outputs are partial, which must never pass silently.
func (b *virtualBackend) tellSampled(kernel string, c seam.LaunchConfig, s *vgpu.Sample) {
	if s == nil || Notice == nil {
		return
	}
	key := fmt.Sprintf("%s<<<%v, %v>>> %v %v", kernel, c.Grid, c.Block, s.Sampled, s.Trusted)
	b.mu.Lock()
	if b.told == nil {
		b.told = map[string]bool{}
	}
	told := b.told[key]
	b.told[key] = true
	b.mu.Unlock()
	if told {
		return
	}
	msg := fmt.Sprintf("virtual GPU: %s<<<%v, %v>>> %s", kernel, dim(c.Grid), dim(c.Block), s)
	if s.Sampled {
		msg += fmt.Sprintf(" (%s=full runs every block)", EnvSample)
	}
	Notice(msg)
}

func dim(d [3]int) string {
	switch {
	case d[2] > 1:
		return fmt.Sprintf("(%d,%d,%d)", d[0], d[1], d[2])
	case d[1] > 1:
		return fmt.Sprintf("(%d,%d)", d[0], d[1])
	}
	return fmt.Sprint(d[0])
}

// Comparison is one launch run both sampled (forced) and whole, from the
// same memory: what the sampling-error benchmark reads.
type Comparison struct {
	Kernel                 string
	Grid, Block            [3]int
	Whole, Sampled         counters.Counters
	WholeTime, SampledTime time.Duration // the modeled GPU's
	Sample                 vgpu.Sample   // the sampled run's
	// WallWhole and WallSampled are the interpreter's own times.
	WallWhole, WallSampled time.Duration
}

var compareHook atomic.Pointer[func(Comparison)]

// CompareSampling makes every later launch in the process (unless
// sanitized) run first sampled, on a snapshot of the virtual GPU's memory
// that is then put back, then as asked, and hand both to f; nil stops. It
// is for the sampling benchmark (bench/samplebench); f runs on the
// launching goroutine.
func CompareSampling(f func(Comparison)) {
	if f == nil {
		compareHook.Store(nil)
		return
	}
	compareHook.Store(&f)
}

// compare runs the launch sampled on a snapshot, then as asked into info.
func (f *virtualFunction) compare(hook func(Comparison), c seam.LaunchConfig, l vgpu.Launch, info *vgpu.Info) error {
	g := f.b.gpu()
	restore := g.Snapshot()
	sl := l
	sl.Sampling = vgpu.Sampling{Mode: vgpu.SampleForced}
	sl.Printf = io.Discard
	sampled := new(vgpu.Profile)
	t0 := time.Now()
	serr := g.Run(f.k, sl, &vgpu.Info{Profile: sampled})
	wallSampled := time.Since(t0)
	restore()
	t0 = time.Now()
	err := g.Run(f.k, l, info)
	wallWhole := time.Since(t0)
	if serr != nil || err != nil || info.Profile.Sample != nil && info.Profile.Sample.Sampled {
		return err // nothing to compare
	}
	f.countIssued(sampled)
	f.countIssued(info.Profile)
	threads := c.Block[0] * max(c.Block[1], 1) * max(c.Block[2], 1)
	perSM := activeBlocks(f.b.spec, f.occupancy(), threads, c.Shared)
	model := func(p *vgpu.Profile) time.Duration {
		return timemodel.For(f.b.spec).Kernel(timemodel.Launch{Kernel: f.name, Counters: p.Total, Loop: f.timedLoop(c), ThreadsPerBlock: threads, BlocksPerSM: perSM})
	}
	cmp := Comparison{Kernel: f.name, Grid: c.Grid, Block: c.Block, Whole: info.Profile.Total, Sampled: sampled.Total,
		WholeTime: model(info.Profile), SampledTime: model(sampled), WallWhole: wallWhole, WallSampled: wallSampled}
	if sampled.Sample != nil {
		cmp.Sample = *sampled.Sample
	}
	hook(cmp)
	return err
}
