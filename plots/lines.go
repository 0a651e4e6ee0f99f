package plots

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// LinePlot is a line chart of your own data, one marked line per series.
// It shows itself like a Chart.
type LinePlot struct {
	*Chart
	spec lineSpec
}

// Lines starts a line chart. On a log axis points with a value ≤ 0 are
// left out.
func Lines(title, xLabel, yLabel string, logX, logY bool) *LinePlot {
	l := &LinePlot{spec: lineSpec{title: title, xLabel: xLabel, yLabel: yLabel, logX: logX, logY: logY}}
	l.Chart = newChart(title, l.spec.frame)
	return l
}

// Add adds a series of points (xs[i], ys[i]); NaN leaves a gap. A length
// mismatch is reported by Err.
func (l *LinePlot) Add(name string, xs, ys []float64) *LinePlot {
	l.change(func() {
		if len(xs) != len(ys) {
			l.spec.err = errors.Join(l.spec.err, fmt.Errorf("series %q has %d xs and %d ys", name, len(xs), len(ys)))
			return
		}
		l.spec.series = append(l.spec.series, lineSeries{
			name: name, xs: append([]float64(nil), xs...), ys: append([]float64(nil), ys...),
		})
	})
	return l
}

// lineSpec describes a line chart; frame turns it into a plot.
type lineSpec struct {
	title, subtitle, xLabel, yLabel string
	logX, logY                      bool
	zeroY                           bool        // a linear y axis starts at 0
	xTicks                          []plot.Tick // ticks at the data's x values; nil: automatic
	series                          []lineSeries
	marks                           []lineMark
	err                             error
}

// lineMark is one point marked apart from the series (MarkedMetricLines);
// y NaN: named in the legend only.
type lineMark struct {
	name string
	x, y float64
}

// markGlyph draws a lineMark: a ring larger than the series' markers.
var markGlyph = draw.GlyphStyle{Color: black, Radius: vg.Points(7), Shape: thickRing{}}

type lineSeries struct {
	name   string
	xs, ys []float64
	failed []bool // nil, or per point: the row failed its check
}

func (s *lineSpec) frame() (*frame, error) {
	if s.err != nil {
		return nil, s.err
	}
	if len(s.series) == 0 {
		return nil, errors.New("no series: call Add")
	}
	total := 0
	for _, sr := range s.series {
		if len(sr.xs) > maxSeriesPoints {
			return nil, fmt.Errorf("series %q has %d points, more than the %d a series may have: plot every nth point, or the mean of each bin", sr.name, len(sr.xs), maxSeriesPoints)
		}
		total += len(sr.xs)
	}
	if total > maxChartPoints {
		return nil, fmt.Errorf("the chart's %d series have %d points, more than the %d a chart may have: plot fewer series, or every nth point", len(s.series), total, maxChartPoints)
	}
	var xs, ys []float64
	for _, sr := range s.series {
		for i, x := range sr.xs {
			if !drawable(x, s.logX) {
				continue
			}
			if drawable(sr.ys[i], s.logY) {
				xs, ys = append(xs, x), append(ys, sr.ys[i])
			} else if sr.failed != nil && sr.failed[i] {
				xs = append(xs, x)
			}
		}
	}
	for _, m := range s.marks {
		if drawable(m.x, s.logX) && drawable(m.y, s.logY) {
			xs, ys = append(xs, m.x), append(ys, m.y)
		}
	}
	if len(ys) == 0 {
		return nil, errors.New("nothing to draw: every point is missing or (on a log axis) not positive")
	}

	p := newPlot(s.xLabel, s.yLabel)
	setRange(&p.X, xs, s.logX, false, s.xTicks == nil)
	setRange(&p.Y, ys, s.logY, s.zeroY, true)
	if s.xTicks != nil {
		p.X.Tick.Marker = plot.ConstantTicks(s.xTicks)
	}

	f := &frame{title: s.title, subtitle: s.subtitle, plot: p}
	anyFailed := false
	for i, sr := range s.series {
		ls := lineSet{series: sr, spec: s, line: draw.LineStyle{Color: seriesColor(i), Width: vg.Points(1.8)},
			glyph: draw.GlyphStyle{Color: seriesColor(i), Radius: vg.Points(3.2), Shape: seriesGlyph(i)}}
		p.Add(ls)
		f.legend = append(f.legend, legendEntry{sr.name, lineThumb{line: ls.line, glyph: ls.glyph}})
		for _, bad := range sr.failed {
			anyFailed = anyFailed || bad
		}
	}
	if anyFailed {
		f.legend = append(f.legend, legendEntry{"failed check", crossThumb{}})
	}
	if len(s.marks) > 0 {
		p.Add(markSet{marks: s.marks, spec: s})
		for _, m := range s.marks {
			f.legend = append(f.legend, legendEntry{m.name, lineThumb{glyph: markGlyph}})
		}
	}
	return f, nil
}

// markSet draws the marked points over the series.
type markSet struct {
	marks []lineMark
	spec  *lineSpec
}

func (ms markSet) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for _, m := range ms.marks {
		if drawable(m.x, ms.spec.logX) && drawable(m.y, ms.spec.logY) {
			c.DrawGlyphNoClip(markGlyph, vg.Point{X: trX(m.x), Y: trY(m.y)})
		}
	}
}

// thickRing is a ring drawn with a 2-point line: it stands out around the
// series' markers it may sit on.
type thickRing struct{}

func (thickRing) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	var path vg.Path
	path.Move(vg.Point{X: pt.X + sty.Radius, Y: pt.Y})
	path.Arc(pt, sty.Radius, 0, 2*math.Pi)
	path.Close()
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: vg.Points(2)})
	c.Stroke(path)
}

// setRange fits axis a to vs (all drawable on it) with a margin. A log
// axis stays positive (gonum/plot panics on log of ≤ 0); with nice, its
// ends are widened to labelled ticks.
func setRange(a *plot.Axis, vs []float64, log, zero, nice bool) {
	lo, hi := minMax(vs)
	if log {
		a.Scale = plot.LogScale{}
		a.Tick.Marker = logTicks{}
		a.Min, a.Max = lo/1.2, hi*1.2
		if nice {
			a.Min, a.Max = niceLogRange(a.Min, a.Max)
		}
		return
	}
	a.Tick.Marker = linTicks{}
	if zero {
		lo, hi = math.Min(lo, 0), math.Max(hi, 0)
	}
	if lo == hi {
		lo, hi = lo-1, hi+1
	}
	pad := (hi - lo) * 0.05
	a.Min, a.Max = lo-pad, hi+pad
	if zero && lo == 0 {
		a.Min = 0
	}
}

// lineSet draws one series: lines between consecutive drawable points
// (a missing point breaks the line), a marker at each, and a red × on
// failed rows, at the foot of the axis when the row has no value.
type lineSet struct {
	series lineSeries
	spec   *lineSpec
	line   draw.LineStyle
	glyph  draw.GlyphStyle
}

func (l lineSet) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	var run []vg.Point
	var runs [][]vg.Point
	var crosses []vg.Point
	for i, x := range l.series.xs {
		y := l.series.ys[i]
		failed := l.series.failed != nil && l.series.failed[i]
		if !drawable(x, l.spec.logX) || !drawable(y, l.spec.logY) {
			if len(run) > 0 {
				runs, run = append(runs, run), nil
			}
			if failed && drawable(x, l.spec.logX) {
				crosses = append(crosses, vg.Point{X: trX(x), Y: c.Min.Y + vg.Points(6)})
			}
			continue
		}
		pt := vg.Point{X: trX(x), Y: trY(y)}
		run = append(run, pt)
		if failed {
			crosses = append(crosses, pt)
		}
	}
	if len(run) > 0 {
		runs = append(runs, run)
	}
	for _, r := range runs {
		c.StrokeLines(l.line, c.ClipLinesXY(r)...)
		for _, pt := range r {
			c.DrawGlyph(l.glyph, pt)
		}
	}
	for _, pt := range crosses {
		drawCross(&c, pt)
	}
}
