package plots

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/plot"

	"github.com/culab/culab/cudalib/labs"
)

// Speedup selects which speedup of a labs.Row a chart shows.
type Speedup int

// The speedups a chart can show.
const (
	VsBaseline Speedup = iota // Row.SpeedupBase: against Table.Baseline at the same size
	VsCPU                     // Row.SpeedupCPU: against the CPU reference (on every core)
)

// SpeedupBars charts t's speedups, grouped by size with one colour per
// variant. On a log axis (logY) bars grow from 1×, so slowdowns point down.
// Failed rows are hatched (or marked × when they have no time); rows with
// no time are left out.
func SpeedupBars(t labs.Table, vs Speedup, logY bool) *Chart {
	if c := noRows(t); c != nil {
		return c
	}
	g := gridOf(t)
	s := &barSpec{
		subtitle: subtitle(t), xLabel: sizeAxisLabel(t), cats: g.labels,
		logY: logY, logBase: 1, ref: 1,
	}
	var value func(r labs.Row) float64
	switch vs {
	case VsBaseline:
		base := orDefault(t.Baseline, "baseline")
		s.title = tableTitle(t) + ": speedup vs " + base
		s.yLabel = "speedup vs " + base + " (×)"
		s.refName = "1× = " + base
		value = func(r labs.Row) float64 { return r.SpeedupBase }
	case VsCPU:
		s.title = tableTitle(t) + ": speedup vs CPU reference (every core)"
		s.yLabel = "speedup vs CPU reference (×)"
		s.refName = "1× = CPU"
		value = func(r labs.Row) float64 { return r.SpeedupCPU }
	default:
		return failed(tableTitle(t), fmt.Errorf("unknown Speedup %d", vs))
	}
	s.series = g.barSeries(value)
	return newChart(s.title, s.frame)
}

// CeilingFraction charts each row's metric as a percentage of t.Ceiling
// (e.g. of measured device-to-device bandwidth), grouped by size. A table
// without a ceiling gives a chart whose Err says so.
func CeilingFraction(t labs.Table) *Chart {
	title := tableTitle(t) + ": " + orDefault(t.MetricName, "metric") + " as % of " + orDefault(t.CeilingName, "ceiling")
	if !(t.Ceiling > 0) || !finite(t.Ceiling) {
		return failed(title, fmt.Errorf("table %q has no ceiling (Table.Ceiling is %v)", t.Lab, t.Ceiling))
	}
	if c := noRows(t); c != nil {
		return c
	}
	g := gridOf(t)
	name := orDefault(t.CeilingName, "ceiling")
	s := &barSpec{
		title: title, subtitle: subtitle(t), xLabel: sizeAxisLabel(t), cats: g.labels,
		yLabel:  "% of " + name,
		ref:     100,
		refName: "100% = " + strings.TrimSpace(fmt.Sprintf("%s %s", sig3(t.Ceiling), t.MetricUnit)),
	}
	s.series = g.barSeries(func(r labs.Row) float64 { return 100 * r.Metric / t.Ceiling })
	return newChart(title, s.frame)
}

// MetricLines charts t's metric against size, one marked line per variant;
// tables that measured no metric chart the median time instead. Axes turn
// logarithmic when values span a decade (sizes) or a factor of 20 (values). Failed
// rows carry a red ×; rows with no time are left out.
func MetricLines(t labs.Table) *Chart { return metricLines(t, nil, "") }

// MarkedMetricLines is MetricLines with one more point among the sweep's:
// row, measured apart from it (an interactive cell's point, from
// labs.Lab.RunPoint), drawn as a large black ring at its size and value
// and named in the legend by label with its value. A row without a time
// (not run, a failed check) is named there with its check, not drawn.
func MarkedMetricLines(t labs.Table, label string, row labs.Row) *Chart {
	return metricLines(t, &row, label)
}

// PointText is a point's row (labs.Lab.RunPoint) in one line: variant,
// size, time (measured or modeled), metric and check, e.g.
// "copy_stride<<<264, 256>>> at 2^20: 0.0123 ms modeled, 2730 GB/s · ok: exact".
func PointText(t labs.Table, row labs.Row) string {
	figures := "no time"
	if row.MedianMS > 0 {
		kind := "measured"
		if row.Modeled {
			kind = "modeled"
		}
		figures = fmt.Sprintf("%s ms %s", sig3(row.MedianMS), kind)
		if row.Metric > 0 {
			figures += ", " + strings.TrimSpace(sig3(row.Metric)+" "+t.MetricUnit)
		}
	}
	return fmt.Sprintf("%s at %s: %s · %s", row.Variant, row.SizeLabel, figures, orDefault(row.Check, "not checked"))
}

func metricLines(t labs.Table, mark *labs.Row, markLabel string) *Chart {
	if c := noRows(t); c != nil {
		return c
	}
	g := gridOf(t)
	useMetric := false
	for _, r := range t.Rows {
		useMetric = useMetric || r.Metric > 0
	}
	s := &lineSpec{subtitle: subtitle(t), xLabel: sizeAxisLabel(t), zeroY: true}
	value := func(r labs.Row) float64 { return r.MedianMS }
	unit := "ms"
	if useMetric {
		metric := orDefault(t.MetricName, "metric")
		s.title = tableTitle(t) + ": " + metric + " vs size"
		s.yLabel = metric
		if t.MetricUnit != "" {
			s.yLabel += " (" + t.MetricUnit + ")"
		}
		value = func(r labs.Row) float64 { return r.Metric }
		unit = t.MetricUnit
	} else {
		s.title = tableTitle(t) + ": time vs size"
		s.yLabel = "median time (ms)"
		if modeled(t) {
			s.yLabel = "modeled time (ms)"
		}
	}

	// Sizes that are all positive are x values; otherwise sizes are only
	// labels, placed evenly.
	xs := make([]float64, len(g.sizes))
	numeric := true
	for i, sz := range g.sizes {
		xs[i] = float64(sz)
		numeric = numeric && sz > 0
	}
	if !numeric {
		for i := range xs {
			xs[i] = float64(i)
		}
	}
	s.logX = numeric && len(xs) > 1 && xs[len(xs)-1]/xs[0] >= 10
	for i, x := range xs {
		s.xTicks = append(s.xTicks, plot.Tick{Value: x, Label: g.labels[i]})
	}

	var ys []float64
	for _, v := range g.variants {
		sr := lineSeries{name: v, xs: xs, ys: make([]float64, len(xs)), failed: make([]bool, len(xs))}
		for i := range xs {
			sr.ys[i] = math.NaN()
			if r, ok := g.rows[cell{g.sizes[i], v}]; ok {
				sr.failed[i] = rowFailed(r)
				if r.MedianMS > 0 && value(r) > 0 {
					sr.ys[i] = value(r)
					ys = append(ys, sr.ys[i])
				}
			}
		}
		s.series = append(s.series, sr)
	}
	if mark != nil {
		m := pointMark(g, xs, numeric, *mark, markLabel, value, unit)
		if finite(m.y) {
			ys = append(ys, m.y)
		}
		s.marks = append(s.marks, m)
	}
	if lo, hi := minMax(ys); len(ys) > 1 && hi/lo >= 20 {
		s.logY = true
	}
	return newChart(s.title, s.frame)
}

// pointMark places row on the chart of t's sweep: at its size (on an axis
// of labels, at its size's label), at value(row), NaN when it has none;
// its legend name says the value, or why it is not drawn.
func pointMark(g grid, xs []float64, numeric bool, row labs.Row, label string, value func(labs.Row) float64, unit string) lineMark {
	m := lineMark{name: orDefault(label, row.Variant), x: math.NaN(), y: math.NaN()}
	if numeric {
		m.x = float64(row.Size)
	} else if i := slices.Index(g.sizes, row.Size); i >= 0 {
		m.x = xs[i]
	}
	switch v := value(row); {
	case !finite(m.x):
		m.name += ": not drawn (its size is not among the sweep's)"
	case rowFailed(row) || !(row.MedianMS > 0 && v > 0):
		m.name += ": not drawn (" + orDefault(row.Check, "no time") + ")"
	default:
		m.y = v
		m.name += ": " + strings.TrimSpace(sig3(v)+" "+unit)
	}
	return m
}

// grid is a table's rows by (size, variant): sizes ascending, variants in
// order of first appearance.
type grid struct {
	sizes    []int
	labels   []string
	variants []string
	rows     map[cell]labs.Row
}

type cell struct {
	size    int
	variant string
}

func gridOf(t labs.Table) grid {
	g := grid{rows: map[cell]labs.Row{}}
	label := map[int]string{}
	seenVariant := map[string]bool{}
	for _, r := range t.Rows {
		if _, ok := label[r.Size]; !ok {
			g.sizes = append(g.sizes, r.Size)
			label[r.Size] = ""
		}
		if label[r.Size] == "" {
			label[r.Size] = r.SizeLabel
		}
		if !seenVariant[r.Variant] {
			seenVariant[r.Variant] = true
			g.variants = append(g.variants, r.Variant)
		}
		g.rows[cell{r.Size, r.Variant}] = r
	}
	sort.Ints(g.sizes)
	for _, sz := range g.sizes {
		l := label[sz]
		if l == "" {
			l = strconv.Itoa(sz)
		}
		g.labels = append(g.labels, l)
	}
	return g
}

// barSeries gives one series per variant of value(row) by size: NaN where
// the row is missing or has no time.
func (g grid) barSeries(value func(labs.Row) float64) []barSeries {
	var out []barSeries
	for _, v := range g.variants {
		sr := barSeries{name: v, values: make([]float64, len(g.sizes)), failed: make([]bool, len(g.sizes))}
		for i, sz := range g.sizes {
			sr.values[i] = math.NaN()
			if r, ok := g.rows[cell{sz, v}]; ok {
				sr.failed[i] = rowFailed(r)
				if r.MedianMS > 0 && value(r) != 0 {
					sr.values[i] = value(r)
				}
			}
		}
		out = append(out, sr)
	}
	return out
}

// failed is a chart that reports err instead of drawing.
func failed(title string, err error) *Chart {
	return newChart(title, func() (*frame, error) { return nil, err })
}

// noRows is a failed chart for a table without rows, else nil.
func noRows(t labs.Table) *Chart {
	if len(t.Rows) > 0 {
		return nil
	}
	return failed(tableTitle(t), fmt.Errorf("table %q has no rows", t.Lab))
}

// tableTitle names the table; modelled times say so in every chart's title.
func tableTitle(t labs.Table) string {
	title := orDefault(t.Title, orDefault(t.Lab, "lab"))
	if modeled(t) {
		title += " (modeled times)"
	}
	return title
}

// modeled says the table's times are the virtual GPU's model, not
// measurements.
func modeled(t labs.Table) bool {
	for _, r := range t.Rows {
		if r.Modeled {
			return true
		}
	}
	return false
}

func subtitle(t labs.Table) string {
	var parts []string
	if t.Lab != "" {
		parts = append(parts, "lab "+t.Lab)
	}
	if t.Device != "" {
		parts = append(parts, t.Device)
	}
	if modeled(t) {
		parts = append(parts, "times MODELED from counters, not measured")
	}
	return strings.Join(parts, " · ")
}

func sizeAxisLabel(t labs.Table) string {
	if t.SizeName == "" {
		return "size"
	}
	return "size (" + t.SizeName + ")"
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
