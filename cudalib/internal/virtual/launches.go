package virtual

import (
	"fmt"

	"github.com/culab/culab/cudalib/internal/seam"
	"github.com/culab/culab/cudalib/vgpu"
)

// Launch sampling (Principal Kernel Analysis's idea): a caller that runs
// many launches of the same kernel and shape whose counters do not depend
// on the data can run a few, read how each ran (LastLaunch) and count each
// again for the launches it stands for (RepeatLaunches), so that a timer's
// recording holds the whole sequence without interpreting it.

// Sampling is the sampling the next launch uses.
func (b *virtualBackend) Sampling() (vgpu.Sampling, error) { return b.samplingNow() }

// LastLaunch is the profile of the last launch the user ran (not an
// inspection's): its counters, scaled when it was sampled, and its
// Sample; nil before the first.
func (b *virtualBackend) LastLaunch() *vgpu.Profile {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.last
}

// setLast keeps p as the last launch's profile.
func (b *virtualBackend) setLast(p *vgpu.Profile) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.last = p
}

// maxRecorded bounds the launches RepeatLaunches leaves in a recording
// (464 bytes each): a cell's times of 1<<62 appended until the engine ran
// out of memory, holding the backend's lock, deaf to interrupts. A lab's
// sampled run records about ten thousand.
const maxRecorded = 1 << 18

// RepeatLaunches counts the last count launches of the open recording
// times more times, in the same order, as if they had run again. Without an
// open recording (no timer started) it does nothing, as a launch's
// recording does; a recording with fewer than count launches since its
// start is an error.
func (b *virtualBackend) RepeatLaunches(count, times int) error {
	if count <= 0 || times < 0 {
		return fmt.Errorf("repeat launches: count %d and times %d: want count > 0, times ≥ 0", count, times)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.rec == nil {
		return nil
	}
	var idx []int // the last count launches, in order
	for i := len(b.rec.work) - 1; i >= 0 && len(idx) < count; i-- {
		if b.rec.work[i].CopyBytes == 0 {
			idx = append([]int{i}, idx...)
		}
	}
	if len(idx) < count {
		return fmt.Errorf("repeat launches: the timer recorded %d launches, not %d", len(idx), count)
	}
	if times > 0 && times > (maxRecorded-len(b.rec.work))/count {
		return fmt.Errorf("repeat launches: %d launches %d more times would make the timer's recording hold more than the %d launches the virtual GPU keeps",
			count, times, maxRecorded)
	}
	for range times {
		for _, i := range idx {
			w := b.rec.work[i]
			b.rec.work = append(b.rec.work, w)
			b.rec.counters.Add(&w.Launch.Counters)
		}
	}
	return nil
}

var _ seam.LaunchSampler = (*virtualBackend)(nil)
