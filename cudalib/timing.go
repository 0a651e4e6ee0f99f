package cudalib

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/culab/culab/cudalib/counters"
	"github.com/culab/culab/cudalib/internal/seam"
	"github.com/culab/culab/cudalib/timemodel"
	"github.com/culab/culab/internal/stats"
)

// Timing is a kernel's device time: measured with events on a GPU, or
// modelled on the virtual GPU (Modeled; package timemodel says how).
type Timing struct {
	Median, Min, Max time.Duration
	Samples          []time.Duration // one per timed launch, in launch order
	Reps             int
	// Modeled says the times are the virtual GPU's model of a GPU (GPU
	// names it: "H100", "A40"), from the counters of one run, not a
	// measurement.
	Modeled bool
	GPU     string
	// Counters are the virtual GPU's counters of the timed run (all its
	// launches together); zero on a GPU.
	Counters Counters
	// Bound says, on the virtual GPU, which of the model's mechanisms
	// bounds the timed run's longest launch, by how much, and the next
	// (timemodel.GPU.Explain); "" on a GPU.
	Bound string
}

// MS is the median in milliseconds.
func (t Timing) MS() float64 { return float64(t.Median) / float64(time.Millisecond) }

func (t Timing) String() string {
	if t.Modeled {
		return fmt.Sprintf("modeled %v (virtual GPU, %s model; not measured)", t.Median, cmp.Or(t.GPU, "H100"))
	}
	return fmt.Sprintf("median %v (min %v, max %v) over %d runs", t.Median, t.Min, t.Max, t.Reps)
}

// TimeOptions says how long to time. The zero value means the defaults.
type TimeOptions struct {
	Warmup  int           // untimed launches first (default 2; negative: none)
	MinReps int           // at least this many timed launches (default 10)
	MinTime time.Duration // and at least this much device time (default 50 ms)
	MaxReps int           // never more than this (default 100000)
}

// WithDefaults is o with its zero fields set to the defaults they mean,
// so that options can be scaled (split over rounds, say) before use.
func (o TimeOptions) WithDefaults() TimeOptions {
	if o.Warmup == 0 {
		o.Warmup = 2
	}
	if o.MinReps <= 0 {
		o.MinReps = 10
	}
	if o.MinTime <= 0 {
		o.MinTime = 50 * time.Millisecond
	}
	if o.MaxReps <= 0 {
		o.MaxReps = 100000
	}
	if o.MaxReps < o.MinReps {
		o.MaxReps = o.MinReps
	}
	return o
}

// Time launches the kernel repeatedly and measures each launch with device
// events, after warm-up, until at least 10 launches and 50 ms of device time.
// On a GPU it first waits its turn behind other processes' timed work
// (round robin between users; a live line says how many are ahead).
// The virtual GPU launches once and returns its modelled time (Modeled).
func (k *Kernel) Time(cfg Config, args ...any) (Timing, error) {
	return k.TimeWith(TimeOptions{}, cfg, args...)
}

// TimeWith is Time with explicit repetition settings.
func (k *Kernel) TimeWith(opts TimeOptions, cfg Config, args ...any) (Timing, error) {
	if err := k.usable(); err != nil {
		return Timing{}, err
	}
	lc, params, err := k.prepare(cfg, args)
	if err != nil {
		return Timing{}, err
	}
	launch := func() error { return k.fn.Launch(lc, params.ptrs) }
	timed := func(tm seam.Timer) error { return k.fn.LaunchTimed(lc, params.ptrs, tm) }
	tm, err := k.mod.dev.measure(opts, launch, timed)
	if err != nil {
		return Timing{}, fmt.Errorf("time %s<<<%v, %v>>>: %w", k.name, cfg.Grid, cfg.Block, err)
	}
	return tm, nil
}

// TimeFunc times any device work (several launches, a library copy) the
// same way: f enqueues the work on the default stream. Each sample runs
// from f's first launch, copy or memset to the end of its last, as if the
// start event were recorded right before that first call: host time f
// spends before it is not counted. On a GPU, f's launches and
// device-to-device copies are queued and enqueued back to back when f
// returns, or earlier when f makes a call that must wait for them (a copy
// to the host, a synchronize): a sequence of small launches then runs at
// the pace of a native loop, whose host work per launch is the driver's
// call, not at the pace of the Go code between them. The virtual GPU
// calls f once and returns the modelled time of the launches and copies
// it enqueued.
func (d *Device) TimeFunc(opts TimeOptions, f func() error) (Timing, error) {
	if err := d.usable(); err != nil {
		return Timing{}, err
	}
	if f == nil {
		return Timing{}, errors.New("TimeFunc: nil function: pass the work to time, func() error { return k.Launch(cfg, args...) }")
	}
	return d.measure(opts, f, func(tm seam.Timer) error {
		if err := tm.Start(nil); err != nil {
			return fmt.Errorf("timer start: %w", err)
		}
		if err := f(); err != nil {
			tm.Stop(nil) // end the region; f's error says more than the timer's
			return err
		}
		if err := tm.Stop(nil); err != nil {
			return fmt.Errorf("timer stop: %w", err)
		}
		return nil
	})
}

// measure warms up with work, then times timed (work between the timer's
// start and stop) until the options are met.
func (d *Device) measure(opts TimeOptions, work func() error, timed func(seam.Timer) error) (_ Timing, err error) {
	opts = opts.WithDefaults()
	tm, err := d.b.NewTimer()
	if err != nil {
		return Timing{}, fmt.Errorf("timer: %w", err)
	}
	defer tm.Destroy()
	if _, ok := tm.(seam.ModeledTimer); ok {
		// The model's time is the same on every run: one run, no warm-up.
		opts = TimeOptions{MinReps: 1, MaxReps: 1, MinTime: time.Nanosecond}
	}
	// One timed section at a time per GPU, across processes (timingqueue.go).
	turn, err := d.takeTurn()
	if err != nil {
		return Timing{}, err
	}
	defer func() {
		// A turn that outlasted its limit fails the section: others' work
		// may share its times.
		if oerr := turn.release(); oerr != nil && err == nil {
			err = oerr
		}
	}()
	for i := 0; i < opts.Warmup; i++ {
		if err := work(); err != nil {
			return Timing{}, err
		}
	}
	if err := d.Synchronize(); err != nil {
		return Timing{}, fmt.Errorf("warm-up: %w", err)
	}
	var samples []time.Duration
	var total time.Duration
	for len(samples) < opts.MaxReps && (len(samples) < opts.MinReps || total < opts.MinTime) {
		if err := checkInterrupt(); err != nil {
			return Timing{}, err
		}
		if err := turn.over(); err != nil {
			return Timing{}, err
		}
		if err := timed(tm); err != nil {
			return Timing{}, err
		}
		ms, err := tm.Elapsed()
		if err != nil {
			return Timing{}, fmt.Errorf("timed run %d: %w", len(samples)+1, err)
		}
		dt := time.Duration(ms * float64(time.Millisecond))
		samples = append(samples, dt)
		total += dt
	}
	t := TimingOf(samples)
	if vt, ok := tm.(seam.ModeledTimer); ok {
		t.Modeled, t.Counters, t.Bound = true, vt.Counters(), vt.Bound()
		if g, ok := d.ModeledGPU(); ok {
			t.GPU = g.Label
		}
	}
	return t, nil
}

// TimingOf is the Timing of measured samples, in launch order: their
// median, min and max. It merges the samples of several timed sections
// (TimeFunc calls) into one timing.
func TimingOf(samples []time.Duration) Timing {
	t := Timing{Samples: samples, Reps: len(samples)}
	if len(samples) == 0 {
		return t
	}
	t.Min, t.Max, t.Median = slices.Min(samples), slices.Max(samples), stats.Median(samples)
	return t
}

// Stream is a device work queue; launches on different streams may overlap.
type Stream struct {
	dev  *Device
	gen  int
	impl seam.Stream

	mu        sync.Mutex
	destroyed bool // its handle is gone: a GPU may hand it to another stream
}

// NewStream creates a stream.
func (d *Device) NewStream() (*Stream, error) {
	if err := d.usable(); err != nil {
		return nil, fmt.Errorf("create stream: %w", err)
	}
	s, err := d.b.NewStream()
	if err != nil {
		return nil, fmt.Errorf("create stream: %w", err)
	}
	return &Stream{dev: d, gen: d.generation(), impl: s}, nil
}

func (s *Stream) live() (seam.Stream, error) {
	if s == nil || s.dev == nil {
		return nil, fmt.Errorf("nil stream (was it created? check the error of dev.NewStream)")
	}
	if s.gen != s.dev.generation() {
		return nil, fmt.Errorf("stream was created before dev.Reset() or dev.Close()")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.destroyed {
		return nil, fmt.Errorf("stream was destroyed")
	}
	return s.impl, nil
}

// Synchronize waits for the stream's work.
func (s *Stream) Synchronize() error {
	impl, err := s.live()
	if err != nil {
		return err
	}
	if err := impl.Synchronize(); err != nil {
		return fmt.Errorf("stream synchronize: %w", err)
	}
	return nil
}

// Destroy releases the stream.
// Destroying it twice is not an error; using it after is.
func (s *Stream) Destroy() error {
	impl, err := s.live()
	if err != nil {
		return nil
	}
	s.mu.Lock()
	s.destroyed = true
	s.mu.Unlock()
	return impl.Destroy()
}

// Counters are one launch's counts on the virtual GPU, with Nsight
// Compute's definitions (each field names its ncu metric); Timing carries
// the counters of the timed work.
type Counters = counters.Counters

// SetTimeModel makes the virtual GPU time its work with m instead of its
// GPU's model (timemodel.For): for tools that record what was timed or
// try another model. It fails on a GPU, whose times are measured.
func (d *Device) SetTimeModel(m timemodel.Model) error {
	tm, ok := d.b.(seam.TimeModeler)
	if !ok {
		return errors.New("set time model: not the virtual GPU")
	}
	if m == nil {
		return errors.New("set time model: no model")
	}
	tm.SetTimeModel(m)
	return nil
}
