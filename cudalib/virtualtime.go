package cudalib

import (
	"errors"
	"time"
	"unsafe"

	"github.com/culab/culab/cudalib/timemodel"
	"github.com/culab/culab/cudalib/vgpu"
)

// Counters are one launch's counts on the virtual GPU, with Nsight
// Compute's definitions (each field names its ncu metric); Timing carries
// the counters of the timed work.
type Counters = vgpu.Counters

// Profile is one launch's counters in total and per source line.
type Profile = vgpu.Profile

// The virtual GPU's time is modelled (package timemodel): a timer started
// on it records the work enqueued until it stops — each launch's counters
// and launch shape, each copy's bytes — and its elapsed time is the model's
// time of that work, not a measurement.

// recording is the work a started virtual timer has seen.
type recording struct {
	work     []time.Duration
	counters Counters
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
	return float64(timemodel.H100.Total(t.rec.work)) / float64(time.Millisecond), nil
}

func (t *virtualTimer) destroy() error { return nil }

// counters are the counters of the last stopped recording.
func (t *virtualTimer) counters() Counters {
	if t.rec == nil {
		return Counters{}
	}
	return t.rec.counters
}

// recordLaunch adds a finished launch to the open recording, if any.
func (b *virtualBackend) recordLaunch(p *vgpu.Profile, threadsPerBlock, blocksPerSM int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.rec == nil || p == nil {
		return
	}
	b.rec.work = append(b.rec.work, timemodel.H100.Kernel(timemodel.Launch{
		Counters: p.Total, ThreadsPerBlock: threadsPerBlock, BlocksPerSM: blocksPerSM,
	}))
	b.rec.counters.Add(&p.Total)
}

// recordCopy adds a device copy or fill of bytes (read plus written) to the
// open recording, if any.
func (b *virtualBackend) recordCopy(bytes int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.rec != nil {
		b.rec.work = append(b.rec.work, timemodel.H100.Copy(bytes))
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
