package cudalib

import (
	"errors"
	"time"
	"unsafe"

	"github.com/culab/culab/cudalib/counters"
	"github.com/culab/culab/cudalib/timemodel"
	"github.com/culab/culab/cudalib/vgpu"
)

// Counters are one launch's counts on the virtual GPU, with Nsight
// Compute's definitions (each field names its ncu metric); Timing carries
// the counters of the timed work.
type Counters = counters.Counters

// The virtual GPU's time is modelled (package timemodel): a timer started
// on it records the work enqueued until it stops — each launch's counters
// and launch shape, each copy's bytes — and its elapsed time is the model's
// time of that work, not a measurement.

// recording is the work a started virtual timer has seen.
type recording struct {
	work     []timemodel.Work
	counters Counters
}

// SetTimeModel makes the virtual GPU time its work with m instead of
// timemodel.H100: for tools that record what was timed or try another
// model. It fails on a GPU, whose times are measured.
func (d *Device) SetTimeModel(m timemodel.Model) error {
	b, ok := d.b.(*virtualBackend)
	if !ok {
		return errors.New("set time model: not the virtual GPU")
	}
	if m == nil {
		return errors.New("set time model: no model")
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.model = m
	return nil
}

// timeModel is the model that times recordings.
func (b *virtualBackend) timeModel() timemodel.Model {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.model == nil {
		return timemodel.H100
	}
	return b.model
}

type virtualTimer struct {
	b    *virtualBackend
	rec  *recording // the last stopped recording
	open bool
}

func (b *virtualBackend) newTimer() (timerImpl, error) { return &virtualTimer{b: b}, nil }

func (t *virtualTimer) start(streamImpl) error {
	t.b.mu.Lock()
	defer t.b.mu.Unlock()
	t.b.rec, t.open = &recording{}, true
	return nil
}

func (t *virtualTimer) stop(streamImpl) error {
	t.b.mu.Lock()
	defer t.b.mu.Unlock()
	if !t.open {
		return errors.New("timer stopped before it was started")
	}
	t.rec, t.b.rec, t.open = t.b.rec, nil, false
	return nil
}

func (t *virtualTimer) elapsed() (float64, error) {
	if t.rec == nil {
		return 0, errors.New("timer read before it was stopped")
	}
	return float64(t.b.timeModel().Time(t.rec.work)) / float64(time.Millisecond), nil
}

func (t *virtualTimer) destroy() error { return nil }

// counters are the counters of the last stopped recording.
func (t *virtualTimer) counters() Counters {
	if t.rec == nil {
		return Counters{}
	}
	return t.rec.counters
}

// bound explains the last stopped recording's time, when the model is a
// timemodel.GPU.
func (t *virtualTimer) bound() string {
	g, ok := t.b.timeModel().(timemodel.GPU)
	if t.rec == nil || !ok {
		return ""
	}
	return g.Explain(t.rec.work)
}

// recordLaunch adds a finished launch to the open recording, if any.
func (b *virtualBackend) recordLaunch(p *vgpu.Profile, threadsPerBlock, blocksPerSM int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.rec == nil || p == nil {
		return
	}
	b.rec.work = append(b.rec.work, timemodel.Work{Launch: timemodel.Launch{
		Kernel: p.Kernel, Counters: p.Total, ThreadsPerBlock: threadsPerBlock, BlocksPerSM: blocksPerSM,
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

func (f *virtualFunction) launchTimed(c launchConfig, params []unsafe.Pointer, tm timerImpl) error {
	if err := tm.start(nil); err != nil {
		return err
	}
	if err := f.launch(c, params); err != nil {
		tm.stop(nil)
		return err
	}
	return tm.stop(nil)
}
