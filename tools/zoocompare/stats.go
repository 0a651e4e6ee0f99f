package main

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/culab/culab/cudalib/ncu"
	"github.com/culab/culab/cudalib/timemodel"
	"github.com/culab/culab/internal/stats"
	"github.com/culab/culab/tools/zoo"
)

// The order rules are timecompare's (docs/timemodel.md): a measured tie,
// within 3 %, agrees with either modeled order (the GPU's run-to-run
// noise); a modeled tie, within 1 %, agrees only with a measured one.
const (
	tieFraction      = 0.03
	modelTieFraction = 0.01
)

func near(a, b, frac float64) bool { return math.Abs(a-b) <= frac*math.Max(a, b) }

func agrees(m1, m2, g1, g2 float64) bool {
	switch {
	case near(g1, g2, tieFraction):
		return true
	case near(m1, m2, modelTieFraction):
		return false
	}
	return (m1 < m2) == (g1 < g2)
}

// point is one row's predicted and measured times (ms).
type point struct {
	family, variant string
	size            int
	predicted       float64
	measured        float64
	row             int // index in the recording's rows
}

// figures are a set of points' agreement with their measurements.
type figures struct {
	agree, pairs int // variant pairs of one size in the measured order
	in2, in4, n  int // rows within 2× and 4× of the measured time
	lo, hi       float64
}

func (f *figures) add(o figures) {
	f.agree += o.agree
	f.pairs += o.pairs
	f.in2 += o.in2
	f.in4 += o.in4
	if f.n == 0 || o.lo < f.lo {
		f.lo = o.lo
	}
	f.hi = max(f.hi, o.hi)
	f.n += o.n
}

// score counts the figures of points of one family.
func score(ps []point) figures {
	var f figures
	for i, a := range ps {
		if a.predicted <= 0 || a.measured <= 0 {
			continue
		}
		r := a.predicted / a.measured
		if f.n == 0 || r < f.lo {
			f.lo = r
		}
		f.hi = max(f.hi, r)
		f.n++
		if r >= 0.5 && r <= 2 {
			f.in2++
		}
		if r >= 0.25 && r <= 4 {
			f.in4++
		}
		for _, b := range ps[i+1:] {
			if b.size != a.size || b.predicted <= 0 || b.measured <= 0 {
				continue
			}
			f.pairs++
			if agrees(a.predicted, b.predicted, a.measured, b.measured) {
				f.agree++
			}
		}
	}
	return f
}

// modelPoints are the model's times of the recording's rows against
// each row's median over the runs, grouped by family in recording order.
func modelPoints(m timemodel.Model, rec *recording) (families []string, points map[string][]point) {
	points = map[string][]point{}
	for i, r := range rec.Rows {
		if _, ok := points[r.Family]; !ok {
			families = append(families, r.Family)
		}
		points[r.Family] = append(points[r.Family], point{family: r.Family, variant: r.Variant, size: r.Size,
			predicted: float64(m.Time(r.Work)) / float64(time.Millisecond), measured: medianOver(r.MeasuredMS), row: i})
	}
	return families, points
}

// medianOver is the median of the positive times.
func medianOver(ts []float64) float64 {
	var ok []float64
	for _, t := range ts {
		if t > 0 {
			ok = append(ok, t)
		}
	}
	return median(ok)
}

func median(ts []float64) float64 {
	if len(ts) == 0 {
		return 0
	}
	return stats.Median(ts)
}

// selfFigures is how well one GPU run predicts another's order, lowest
// and highest over the ordered pairs of runs (the model's ceiling against
// a single run), over all families.
func selfFigures(rec *recording) (lo, hi float64, ok bool) {
	lo = 1
	for i := range rec.Runs {
		for j := range rec.Runs {
			if i == j {
				continue
			}
			var total figures
			byFamily := map[string][]point{}
			for _, r := range rec.Rows {
				byFamily[r.Family] = append(byFamily[r.Family], point{size: r.Size, predicted: r.MeasuredMS[i], measured: r.MeasuredMS[j]})
			}
			for _, ps := range byFamily {
				total.add(score(ps))
			}
			if total.pairs == 0 {
				continue
			}
			f := float64(total.agree) / float64(total.pairs)
			lo, hi, ok = min(lo, f), max(hi, f), true
		}
	}
	return lo, hi, ok
}

// spread is (max − min) / median of the positive times.
func spread(ts []float64) float64 {
	var ok []float64
	for _, t := range ts {
		if t > 0 {
			ok = append(ok, t)
		}
	}
	if len(ok) < 2 {
		return 0
	}
	sort.Float64s(ok)
	return (ok[len(ok)-1] - ok[0]) / median(ok)
}

// memoryCounters are the counters that should equal ncu's (those with a
// memory class).
func memoryCounters() []ncu.Counter {
	var out []ncu.Counter
	for _, c := range ncu.Counters {
		if c.Class != "" {
			out = append(out, c)
		}
	}
	return out
}

// counterFigures counts the profiled kernels whose memory counters all
// equal ncu's, and the range of PTX warp-instructions over SASS ones.
// Of the kernels that differ, it tells apart those whose global counts
// depend on the order atomics land (zoo.Family.AtomicOrder) and those that differ
// only in shared wavefronts or bank conflicts ncu took from its hardware
// counters, which also count lost arbitration (ncu.Counter.Timing), by
// more than the virtual GPU counts.
type counterFigures struct {
	kernels, equal int
	lo, hi         float64 // PTX / SASS warp-instructions
	within5        int     // kernels whose ratio is within 5 %
	misses         []counterMiss
	// atomicOrder are the differing kernels whose counts depend on the
	// order atomics land ("row: kernel"); timingOnly counts the kernels
	// that differ only in hardware counters that count arbitration.
	atomicOrder []string
	timingOnly  int
	// arbitration lists what ncu's hardware shared counters counted beyond
	// its SASS-patched ones (ncu: the hardware count, vm: the patched).
	arbitration []counterMiss
}

// counterMiss is a memory counter of a kernel that differs from ncu's;
// why says what it depends on ("" for a difference not understood).
type counterMiss struct {
	row, kernel, counter string
	vm, ncu              int64
	why                  string
}

// Why a counter differs, as counterMiss.why gives it.
const (
	whyAtomicOrder = "order of atomics"
	whyTiming      = "hardware counter: timing"
)

func countersOf(rec *recording) counterFigures {
	var f counterFigures
	mem := memoryCounters()
	for _, r := range rec.Rows {
		var order []string
		if z, err := zoo.Get(r.Family); err == nil {
			order = z.AtomicOrder
		}
		rowName := fmt.Sprintf("%s %d %s", r.Family, r.Size, r.Variant)
		for _, k := range r.Kernels {
			f.kernels++
			all, explained, byOrder := true, true, false
			for _, c := range mem {
				if contains(k.Missing, c.Name) {
					continue
				}
				vm, gpu := *c.Field(&k.VM), *c.Field(&k.NCU)
				if x, ok := k.Arbitration[c.Name]; ok {
					f.arbitration = append(f.arbitration, counterMiss{rowName, k.Kernel, c.Name, gpu, gpu + x, ""})
				}
				if vm == gpu {
					continue
				}
				all = false
				why := ""
				switch {
				case contains(order, k.Kernel) && strings.HasPrefix(c.Class, "global"):
					why, byOrder = whyAtomicOrder, true
				case contains(k.Timing, c.Name) && vm < gpu:
					why = whyTiming
				default:
					explained = false
				}
				f.misses = append(f.misses, counterMiss{rowName, k.Kernel, c.Name, vm, gpu, why})
			}
			switch {
			case all:
				f.equal++
			case explained && byOrder:
				f.atomicOrder = append(f.atomicOrder, rowName+": "+k.Kernel)
			case explained:
				f.timingOnly++
			}
			if k.NCU.WarpInstrs > 0 {
				q := float64(k.VM.WarpInstrs) / float64(k.NCU.WarpInstrs)
				if f.lo == 0 || q < f.lo {
					f.lo = q
				}
				f.hi = max(f.hi, q)
				if math.Abs(q-1) <= 0.05 {
					f.within5++
				}
			}
		}
	}
	return f
}
