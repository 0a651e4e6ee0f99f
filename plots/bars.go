package plots

import (
	"errors"
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// BarPlot is a grouped bar chart of your own data: one group per category,
// one coloured bar per series. It shows itself like a Chart.
type BarPlot struct {
	*Chart
	spec barSpec
}

// Bars starts a bar chart over categories (the groups along x). On a log
// y axis bars grow from the bottom of the axis and values ≤ 0 are left out.
func Bars(title, xLabel, yLabel string, categories []string, logY bool) *BarPlot {
	b := &BarPlot{spec: barSpec{
		title: title, xLabel: xLabel, yLabel: yLabel,
		cats: append([]string(nil), categories...), logY: logY,
	}}
	b.Chart = newChart(title, b.spec.frame)
	return b
}

// Add adds a series: one value per category, NaN for none. A length
// mismatch is reported by Err.
func (b *BarPlot) Add(name string, values []float64) *BarPlot {
	b.change(func() {
		if len(values) != len(b.spec.cats) {
			b.spec.err = errors.Join(b.spec.err, fmt.Errorf("series %q has %d values for %d categories", name, len(values), len(b.spec.cats)))
			return
		}
		b.spec.series = append(b.spec.series, barSeries{name: name, values: append([]float64(nil), values...)})
	})
	return b
}

// barSpec describes a grouped bar chart; frame turns it into a plot.
type barSpec struct {
	title, subtitle, xLabel, yLabel string
	cats                            []string
	logY                            bool
	// logBase is where bars start on a log axis (1 for speedups, so
	// slowdowns point down); 0 means the bottom of the axis. Linear bars
	// start at 0.
	logBase float64
	ref     float64 // y of a dashed reference line; 0 for none
	refName string
	series  []barSeries
	err     error
}

type barSeries struct {
	name   string
	values []float64 // NaN: no bar
	failed []bool    // nil, or per value: the row failed its check
}

func (s *barSpec) frame() (*frame, error) {
	if s.err != nil {
		return nil, s.err
	}
	if len(s.cats) == 0 {
		return nil, errors.New("no categories")
	}
	if len(s.series) == 0 {
		return nil, errors.New("no series: call Add")
	}
	if len(s.cats) > maxCategories {
		return nil, fmt.Errorf("%d categories, more than the %d a bar chart may have (their labels cannot fit): group them, or use a line chart", len(s.cats), maxCategories)
	}
	if n := len(s.cats) * len(s.series); n > maxBars {
		return nil, fmt.Errorf("%d categories of %d series are %d bars, more than the %d a bar chart may have: plot fewer series", len(s.cats), len(s.series), n, maxBars)
	}
	var vals []float64
	for _, sr := range s.series {
		for _, v := range sr.values {
			if drawable(v, s.logY) {
				vals = append(vals, v)
			}
		}
	}
	if len(vals) == 0 {
		return nil, errors.New("nothing to draw: every value is missing, zero or (on a log axis) not positive")
	}

	p := newPlot(s.xLabel, s.yLabel)
	lo, hi := minMax(vals)
	if s.logY {
		// The axis stays positive: gonum/plot panics on log of ≤ 0
		// (gonum/plot#681), which is why bars are drawn here, not by
		// plotter.BarChart, whose bars always start at 0. Only the data
		// gets a margin; bars from 1× need none below 1.
		for _, v := range []float64{s.logBase, s.ref} {
			if v > 0 {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
		// A margin beyond the data, but none below the base bars grow from.
		if lo != s.logBase {
			lo /= 1.1
		}
		hi *= 1.1
		p.Y.Min, p.Y.Max = niceLogRange(lo, hi)
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = logTicks{}
	} else {
		lo, hi = math.Min(lo, 0), math.Max(hi, math.Max(0, s.ref))
		if lo == hi {
			hi = 1
		}
		pad := (hi - lo) * 0.06
		p.Y.Min, p.Y.Max = lo, hi+pad
		if lo < 0 {
			p.Y.Min = lo - pad
		}
		p.Y.Tick.Marker = linTicks{}
	}
	p.X.Min, p.X.Max = -0.5, float64(len(s.cats))-0.5
	ticks := make([]plot.Tick, len(s.cats))
	labels := make([]string, len(s.cats))
	for i, name := range s.cats {
		labels[i] = clip(name)
		ticks[i] = plot.Tick{Value: float64(i), Label: labels[i]}
	}
	p.X.Tick.Length = 0
	if slot := (chartWidth - 2.3*vg.Inch) / vg.Length(len(s.cats)); maxWidth(p.X.Tick.Label, labels) > slot*0.9 {
		// Long category labels would overlap: slant them.
		p.X.Tick.Label.Rotation = math.Pi / 6
		p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = text.XRight, text.YTop
		// Slanted at 30°, neighbours are slot/2 apart across their lines:
		// with less than a line's height they overprint each other, so
		// only every step-th category is labelled.
		if h := p.X.Tick.Label.Height("M"); slot < 2*h {
			step := int(math.Ceil(float64(2 * h / slot)))
			for i := range ticks {
				if i%step != 0 {
					ticks[i].Label = ""
				}
			}
		}
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)

	bars := &barGroups{spec: s}
	p.Add(bars)
	f := &frame{title: s.title, subtitle: s.subtitle, plot: p}
	for i, sr := range s.series {
		f.legend = append(f.legend, legendEntry{sr.name, swatch{color: seriesColor(i)}})
	}
	if bars.anyFailed(true) {
		f.legend = append(f.legend, legendEntry{"failed check", swatch{color: color.Gray{Y: 0x99}, hatched: true}})
	}
	if bars.anyFailed(false) {
		f.legend = append(f.legend, legendEntry{"failed, no value", crossThumb{}})
	}
	if s.ref > 0 {
		p.Add(refLine{y: s.ref})
		f.legend = append(f.legend, legendEntry{s.refName, lineThumb{line: refStyle}})
	}
	return f, nil
}

func minMax(vs []float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range vs {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	return lo, hi
}

func maxWidth(sty text.Style, ss []string) vg.Length {
	var w vg.Length
	for _, s := range ss {
		w = max(w, sty.Width(s))
	}
	return w
}

// barGroups draws a barSpec's bars: grouped, from a chosen base, hatched
// when failed, with a red × at the foot of a failed row that has no value.
type barGroups struct{ spec *barSpec }

const groupWidth = 0.8 // of a category's width

func (b *barGroups) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	base := 0.0
	if b.spec.logY {
		base = p.Y.Min
		if b.spec.logBase > 0 {
			base = b.spec.logBase
		}
	}
	bw := groupWidth / float64(len(b.spec.series))
	for si, sr := range b.spec.series {
		for i, v := range sr.values {
			x0 := float64(i) - groupWidth/2 + float64(si)*bw
			failed := sr.failed != nil && sr.failed[i]
			if !drawable(v, b.spec.logY) {
				if failed {
					drawCross(&c, vg.Point{X: trX(x0 + bw/2), Y: c.Min.Y + vg.Points(6)})
				}
				continue
			}
			y0, y1 := trY(base), trY(v)
			if y0 > y1 {
				y0, y1 = y1, y0
			}
			gap := (trX(x0+bw) - trX(x0)) * 0.06
			r := vg.Rectangle{Min: vg.Point{X: trX(x0) + gap, Y: y0}, Max: vg.Point{X: trX(x0+bw) - gap, Y: y1}}
			drawBar(&c, r, seriesColor(si), failed)
		}
	}
}

// anyFailed reports whether a failed row has a bar (withValue) or has none.
func (b *barGroups) anyFailed(withValue bool) bool {
	for _, sr := range b.spec.series {
		for i, v := range sr.values {
			if sr.failed != nil && sr.failed[i] && drawable(v, b.spec.logY) == withValue {
				return true
			}
		}
	}
	return false
}
