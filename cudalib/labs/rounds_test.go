package labs

import (
	"slices"
	"testing"
	"time"

	"github.com/culab/culab/cudalib"
)

func TestOptionsRounds(t *testing.T) {
	for _, c := range []struct{ in, want int }{{0, DefaultRounds}, {-2, DefaultRounds}, {1, 1}, {3, 3}} {
		if got := (Options{Rounds: c.in}).rounds(); got != c.want {
			t.Errorf("Rounds %d: got %d, want %d", c.in, got, c.want)
		}
	}
}

func TestPlanTiming(t *testing.T) {
	fast, slow, long := time.Millisecond, SlowRun, LongRun
	slowPlan := timePlan{rounds: 1, keep: true, slow: true,
		opts: cudalib.TimeOptions{Warmup: -1, MinReps: 2, MaxReps: 2, MinTime: 1}}
	explicit := cudalib.TimeOptions{Warmup: 4, MinReps: 7, MinTime: 9 * time.Millisecond, MaxReps: 21}
	for _, c := range []struct {
		name   string
		opts   cudalib.TimeOptions
		rounds int
		took   time.Duration
		want   timePlan
	}{
		{"defaults over 5", cudalib.TimeOptions{}, 5, fast, timePlan{rounds: 5,
			opts: cudalib.TimeOptions{Warmup: 1, MinReps: 2, MinTime: 10 * time.Millisecond, MaxReps: MaxTimedRuns / 5}}},
		{"defaults over 3 round up", cudalib.TimeOptions{}, 3, fast, timePlan{rounds: 3,
			opts: cudalib.TimeOptions{Warmup: 1, MinReps: 4, MinTime: 50 * time.Millisecond / 3, MaxReps: (MaxTimedRuns + 2) / 3}}},
		{"explicit over 5", explicit, 5, fast, timePlan{rounds: 5,
			opts: cudalib.TimeOptions{Warmup: 4, MinReps: 2, MinTime: 9 * time.Millisecond / 5, MaxReps: 5}}},
		{"explicit, slow, still split", explicit, 5, slow, timePlan{rounds: 5,
			opts: cudalib.TimeOptions{Warmup: 4, MinReps: 2, MinTime: 9 * time.Millisecond / 5, MaxReps: 5}}},
		{"one rep stays one per round", cudalib.TimeOptions{Warmup: 1, MinReps: 1, MaxReps: 1}, 5, fast, timePlan{rounds: 5,
			opts: cudalib.TimeOptions{Warmup: 1, MinReps: 1, MinTime: 10 * time.Millisecond, MaxReps: 1}}},
		{"tiny MinTime never becomes the default", cudalib.TimeOptions{MinTime: 3}, 5, fast, timePlan{rounds: 5,
			opts: cudalib.TimeOptions{Warmup: 2, MinReps: 2, MinTime: 1, MaxReps: 20000}}},
		{"slow under defaults: the checked run and 2 more, one round", cudalib.TimeOptions{}, 5, slow, slowPlan},
		{"just under slow stays in rounds", cudalib.TimeOptions{}, 5, slow - 1, timePlan{rounds: 5,
			opts: cudalib.TimeOptions{Warmup: 1, MinReps: 2, MinTime: 10 * time.Millisecond, MaxReps: MaxTimedRuns / 5}}},
		{"long under defaults: the checked run alone", cudalib.TimeOptions{}, 5, long, timePlan{keep: true, slow: true}},
		{"explicit, long, still split", explicit, 5, long, timePlan{rounds: 5,
			opts: cudalib.TimeOptions{Warmup: 4, MinReps: 2, MinTime: 9 * time.Millisecond / 5, MaxReps: 5}}},
		{"one round keeps the defaults but the cap", cudalib.TimeOptions{}, 1, fast, timePlan{rounds: 1, opts: cudalib.TimeOptions{Warmup: 1, MaxReps: MaxTimedRuns}}},
		{"one round, explicit", explicit, 1, fast, timePlan{rounds: 1, opts: explicit}},
		{"one round, slow", cudalib.TimeOptions{}, 1, slow, slowPlan},
	} {
		if got := planTiming(c.opts, c.rounds, c.took); got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
	for _, c := range []struct {
		took time.Duration
		want int
	}{{slow, 3}, {long, 1}, {fast, 0}} {
		if got := planTiming(cudalib.TimeOptions{}, 5, c.took).runs(); got != c.want {
			t.Errorf("took %v: %d runs, want %d", c.took, got, c.want)
		}
	}
}

// A variant's timing is over the samples of all its rounds, not a
// summary of the rounds' summaries.
func TestTimedMergesRounds(t *testing.T) {
	ms := func(xs ...int) []time.Duration {
		var d []time.Duration
		for _, x := range xs {
			d = append(d, time.Duration(x)*time.Millisecond)
		}
		return d
	}
	var tv timed
	for _, round := range [][]time.Duration{ms(5, 1), ms(9), ms(3, 7, 8)} {
		tv.add(cudalib.TimingOf(round))
	}
	got := tv.timing()
	// The median of the rounds' medians (3, 9, 7) would be 7.
	if got.Median != 6*time.Millisecond || got.Min != time.Millisecond || got.Max != 9*time.Millisecond || got.Reps != 6 {
		t.Errorf("merged: median %v, min %v, max %v over %d", got.Median, got.Min, got.Max, got.Reps)
	}
	if !slices.Equal(got.Samples, ms(5, 1, 9, 3, 7, 8)) {
		t.Errorf("samples %v, want them in launch order", got.Samples)
	}
	tv.add(cudalib.TimingOf(ms(2)))
	if got := tv.timing(); got.Median != 5*time.Millisecond {
		t.Errorf("7 samples: median %v, want 5ms", got.Median)
	}
}
