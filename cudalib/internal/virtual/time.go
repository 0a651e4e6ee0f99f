package virtual

import (
	"errors"
	"time"
	"unsafe"

	"github.com/culab/culab/cudalib/counters"
	"github.com/culab/culab/cudalib/gpus"
	"github.com/culab/culab/cudalib/internal/seam"
	"github.com/culab/culab/cudalib/timemodel"
	"github.com/culab/culab/cudalib/vgpu"
	"github.com/culab/culab/cudalib/warpissue"
)

// The virtual GPU's time is modelled (package timemodel): a timer started
// on it records the work enqueued until it stops — each launch's counters
// and launch shape, each copy's bytes — and its elapsed time is the model's
// time of that work, not a measurement.

// recording is the work a started virtual timer has seen.
type recording struct {
	work     []timemodel.Work
	counters counters.Counters
}

// SetTimeModel makes the virtual GPU time its work with m instead of its
// GPU's model (cudalib's Device.SetTimeModel).
func (b *virtualBackend) SetTimeModel(m timemodel.Model) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.model = m
}

// GPU is the GPU the virtual GPU models.
func (b *virtualBackend) GPU() gpus.GPU { return b.spec }

// timeModel is the model that times recordings.
func (b *virtualBackend) timeModel() timemodel.Model {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.model == nil {
		return b.own
	}
	return b.model
}

type virtualTimer struct {
	b    *virtualBackend
	rec  *recording // the last stopped recording
	open bool
}

func (b *virtualBackend) NewTimer() (seam.Timer, error) { return &virtualTimer{b: b}, nil }

func (t *virtualTimer) Start(seam.Stream) error {
	t.b.mu.Lock()
	defer t.b.mu.Unlock()
	t.b.rec, t.open = &recording{}, true
	return nil
}

func (t *virtualTimer) Stop(seam.Stream) error {
	t.b.mu.Lock()
	defer t.b.mu.Unlock()
	if !t.open {
		return errors.New("timer stopped before it was started")
	}
	t.rec, t.b.rec, t.open = t.b.rec, nil, false
	return nil
}

func (t *virtualTimer) Elapsed() (float64, error) {
	if t.rec == nil {
		return 0, errors.New("timer read before it was stopped")
	}
	return float64(t.b.timeModel().Time(t.rec.work)) / float64(time.Millisecond), nil
}

func (t *virtualTimer) Destroy() error { return nil }

// Counters are the counters of the last stopped recording.
func (t *virtualTimer) Counters() counters.Counters {
	if t.rec == nil {
		return counters.Counters{}
	}
	return t.rec.counters
}

// Bound explains the last stopped recording's time, when the model is a
// timemodel.GPU.
func (t *virtualTimer) Bound() string {
	g, ok := t.b.timeModel().(timemodel.GPU)
	if t.rec == nil || !ok {
		return ""
	}
	return g.Explain(t.rec.work)
}

// recordLaunch adds a finished launch to the open recording, if any.
func (b *virtualBackend) recordLaunch(p *vgpu.Profile, loop *warpissue.Loop, threadsPerBlock, blocksPerSM int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.rec == nil || p == nil {
		return
	}
	b.rec.work = append(b.rec.work, timemodel.Work{Launch: timemodel.Launch{
		Kernel: p.Kernel, Counters: p.Total, Loop: loop, ThreadsPerBlock: threadsPerBlock, BlocksPerSM: blocksPerSM,
	}})
	b.rec.counters.Add(&p.Total)
}

// recordCopy adds a device copy or fill of bytes (read plus written) to the
// open recording, if any.
func (b *virtualBackend) recordCopy(bytes int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.rec != nil {
		b.rec.work = append(b.rec.work, timemodel.Work{CopyBytes: bytes})
	}
}

func (f *virtualFunction) LaunchTimed(c seam.LaunchConfig, params []unsafe.Pointer, tm seam.Timer) error {
	if err := tm.Start(nil); err != nil {
		return err
	}
	if err := f.Launch(c, params); err != nil {
		tm.Stop(nil)
		return err
	}
	return tm.Stop(nil)
}
