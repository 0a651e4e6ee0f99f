package labs

import (
	"time"

	"github.com/culab/culab/cudalib"
)

// DefaultRounds is how many rounds RunWith times the variants of one size
// in on a GPU when Options.Rounds is 0.
const DefaultRounds = 5

// MaxTimedRuns caps the timed runs of one variant at one size over all
// its rounds when Options.Time is left zero (cudalib's own default is
// 100000): a thousand samples fix a median far below the drift between
// rounds, and a kernel of a few microseconds would otherwise cost the host
// seconds of timer round trips per size (bench/RESULTS.md, issue 19).
const MaxTimedRuns = 1000

// rounds is Options.Rounds with its default.
func (o Options) rounds() int {
	if o.Rounds <= 0 {
		return DefaultRounds
	}
	return o.Rounds
}

// timePlan is how a checked variant is timed on a GPU: with opts in each
// of its first rounds rounds, after the checked run's own sample when
// keep is set.
type timePlan struct {
	opts   cudalib.TimeOptions
	rounds int
	keep   bool // the checked run (timed with events) is the first sample
	slow   bool // one checked run took SlowRun or more: 3 runs or 1
	// checked is the checked run's time, the first sample with keep.
	checked time.Duration
}

// runs is how many samples a slow plan takes (0 for the others: how many
// they take depends on the time they add up).
func (p timePlan) runs() int {
	if !p.slow {
		return 0
	}
	n := p.rounds * p.opts.MaxReps
	if p.keep {
		n++
	}
	return n
}

// checkedRun times the checked run itself: one run, no warm-up.
var checkedRun = cudalib.TimeOptions{Warmup: -1, MinReps: 1, MaxReps: 1, MinTime: 1}

// planTiming shares the timing options (zero: the lab defaults) of a
// variant whose checked run took took of device time over rounds rounds,
// so that all rounds together time about as much as opts would in one go:
// each round gets MinTime/rounds and MinReps, MaxReps divided by rounds
// rounded up, and its own warm-up, since the variant timed before it left
// other clocks and caches behind.
//
// The lab defaults are a time budget per variant and size: cudalib's
// defaults with one warm-up a round and at most MaxTimedRuns runs in all;
// a variant whose checked run took SlowRun or more is timed over 3 runs,
// the checked one and two more in the first round without a warm-up (the
// checked run was one); one that took LongRun or more, by its checked run
// alone. A run that long is thousands of launches or one long kernel: run
// to run it varies by well under a percent (bench/RESULTS.md), while
// every repeat costs the student seconds.
func planTiming(opts cudalib.TimeOptions, rounds int, took time.Duration) timePlan {
	if opts == (cudalib.TimeOptions{}) {
		switch {
		case took >= LongRun:
			return timePlan{keep: true, slow: true}
		case took >= SlowRun:
			return timePlan{opts: cudalib.TimeOptions{Warmup: -1, MinReps: 2, MaxReps: 2, MinTime: 1}, rounds: 1, keep: true, slow: true}
		}
		opts.Warmup, opts.MaxReps = 1, MaxTimedRuns
	}
	if rounds <= 1 {
		return timePlan{opts: opts, rounds: 1}
	}
	o := opts.WithDefaults()
	return timePlan{rounds: rounds, opts: cudalib.TimeOptions{
		Warmup:  o.Warmup,
		MinReps: ceilDiv(o.MinReps, rounds),
		MaxReps: ceilDiv(o.MaxReps, rounds),
		MinTime: max(o.MinTime/time.Duration(rounds), 1), // 0 would mean the default
	}}
}

// timed is a checked variant being timed in rounds: its row, plan and the
// samples of the rounds so far.
type timed struct {
	v       Variant
	row     *Row
	plan    timePlan
	samples []time.Duration
}

// add keeps a round's samples.
func (t *timed) add(tm cudalib.Timing) { t.samples = append(t.samples, tm.Samples...) }

// timing is the variant's timing over all its rounds so far.
func (t *timed) timing() cudalib.Timing { return cudalib.TimingOf(t.samples) }
