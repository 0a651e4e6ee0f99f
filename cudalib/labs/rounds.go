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
// of its first rounds rounds.
type timePlan struct {
	opts   cudalib.TimeOptions
	rounds int
	slow   bool // one checked run took longer than SlowRun: 3 runs only
}

// planTiming shares the timing options (zero: cudalib's defaults) of a
// variant whose checked run took took over rounds rounds, so that all
// rounds together time about as much as opts would in one go: each round
// gets MinTime/rounds and MinReps, MaxReps divided by rounds rounded up,
// and the full warm-up, since the variant timed before it left other
// clocks and caches behind. Default options time at most MaxTimedRuns runs
// in all. A slow variant under default options is timed once over 3 runs
// (in the first round): splitting 3 runs helps nothing.
func planTiming(opts cudalib.TimeOptions, rounds int, took time.Duration) timePlan {
	if opts == (cudalib.TimeOptions{}) {
		if took > SlowRun {
			return timePlan{opts: cudalib.TimeOptions{Warmup: 1, MinReps: 3, MaxReps: 3}, rounds: 1, slow: true}
		}
		opts.MaxReps = MaxTimedRuns
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
