package labs

import (
	"fmt"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/cudalib/gpus"
	"github.com/culab/culab/display/table"
)

// ReportGPU is the GPU the lab's report measured on (package gpus), and
// false for a lab whose report names none.
func (l *Lab) ReportGPU() (gpus.GPU, bool) {
	key, ok := reportGPUs[l.Seed]
	if !ok {
		return gpus.GPU{}, false
	}
	g, err := gpus.Lookup(key)
	return g, err == nil
}

// ReportDevice is the device the report's table is run on: dev itself
// when it is a real GPU of the report's model (the driver's name is the
// GPU's), else the virtual GPU modelling the report's GPU.
func (l *Lab) ReportDevice(dev *cudalib.Device) (*cudalib.Device, error) {
	g, ok := l.ReportGPU()
	if !ok {
		return nil, fmt.Errorf("lab %s: its report (seed %s) names no GPU", l.Key, l.Seed)
	}
	if dev != nil && !dev.Virtual() && dev.Info().Name == g.Name {
		return dev, nil
	}
	return cudalib.OpenVirtualGPU(g.Key)
}

// ReportVariants are the lab's variants that run the report's kernels, in
// the lab's order.
func (l *Lab) ReportVariants() []string {
	want := map[string]bool{}
	for _, f := range ReportFigures(l.Key) {
		want[f.Variant] = true
	}
	var out []string
	for _, v := range l.Variants {
		if want[v.Name] {
			out = append(out, v.Name)
		}
	}
	return out
}

// ReportSizes are the sizes of the report's figures that the lab runs
// (its Sizes), ascending. With quick, or EnvQuick set, it is the smallest
// of the lab's quick sizes on dev (QuickSizes) instead: a run of seconds
// that shows the comparison at work, mostly at a size the report has no
// figure for.
func (l *Lab) ReportSizes(dev *cudalib.Device, quick bool) []int {
	if quick || os.Getenv(EnvQuick) != "" {
		return []int{slices.Min(l.QuickSizes(dev))}
	}
	var out []int
	for _, f := range ReportFigures(l.Key) {
		if f.Variant != "" && slices.Contains(l.Sizes, f.Size) && !slices.Contains(out, f.Size) {
			out = append(out, f.Size)
		}
	}
	slices.Sort(out)
	return out
}

// ReportComparison is a lab's table beside its report's: each published
// figure with the row of t that runs the same kernel at the same size.
// As a cell's last expression it shows as a table.
type ReportComparison struct {
	Lab, Title string
	Device     string // what t ran on
	Modeled    bool   // t's times are the virtual GPU's model
	ReportGPU  string // the report's GPU, e.g. "A40"
	Rows       []ReportRow
}

// ReportRow is one published figure and its counterpart.
type ReportRow struct {
	Figure ReportFigure
	// Ours is t's figure in Figure.Unit, 0 when t has none (Why says why).
	Ours float64
	// Ratio is t's time over the report's (for a throughput, the report's
	// figure over t's): above 1, t is slower. 0 without Ours.
	Ratio float64
	Why   string
}

// Within reports whether the row's two figures are within a factor f.
func (r ReportRow) Within(f float64) bool { return r.Ratio > 0 && r.Ratio <= f && r.Ratio >= 1/f }

// CompareReport sets t's rows beside the figures its lab's report
// published. Figures of sizes or variants t did not run stay without a
// counterpart, saying why.
func CompareReport(t Table) (*ReportComparison, error) {
	l, err := Get(t.Lab)
	if err != nil {
		return nil, err
	}
	figs := ReportFigures(l.Key)
	if len(figs) == 0 {
		return nil, fmt.Errorf("lab %s: its report (seed %s) publishes no table of times", l.Key, l.Seed)
	}
	c := &ReportComparison{Lab: l.Key, Title: l.Title, Device: t.Device}
	if g, ok := l.ReportGPU(); ok {
		c.ReportGPU = g.Label
	}
	rows := map[[2]string]Row{}
	sizes := map[int]bool{}
	for _, r := range t.Rows {
		rows[[2]string{fmt.Sprint(r.Size), r.Variant}] = r
		sizes[r.Size] = true
		c.Modeled = c.Modeled || r.Modeled
	}
	for _, f := range figs {
		rr := ReportRow{Figure: f}
		r, ok := rows[[2]string{fmt.Sprint(f.Size), f.Variant}]
		switch {
		case f.Variant == "":
			rr.Why = "no lab variant: " + noCounterpart(f)
		case !ok && sizes[f.Size]:
			rr.Why = "not run here: this run left the variant out"
		case !ok:
			rr.Why = "not run here: " + l.SizeLabel(f.Size) + " is not among this run's sizes"
		case r.MedianMS <= 0:
			rr.Why = "no time: " + strings.TrimSpace(r.TimeNote+" "+r.Check)
		case f.Unit == "ms":
			rr.Ours, rr.Ratio = r.MedianMS, r.MedianMS/f.Value
		default:
			rr.Ours, rr.Ratio = r.Metric, f.Value/r.Metric
		}
		c.Rows = append(c.Rows, rr)
	}
	return c, nil
}

// noCounterpart says why a figure has no lab variant.
func noCounterpart(f ReportFigure) string {
	if strings.Contains(f.Row, "serial") {
		return "the report's serial CPU loop (the lab's CPU column is Go on every core)"
	}
	return "the report's kernel without its halo branches computes wrong results"
}

// Agreement is how often the two tables order a pair of variants alike:
// over pairs of figures of the same report table and size, with a
// counterpart each, whose report figures differ by at least apart (0.1:
// 10 %). Within is how many of the compared rows are within 2×.
type Agreement struct {
	Pairs, Agree   int
	Rows, Within2x int
	Lo, Hi         float64 // the smallest and largest Ratio
	Disagreements  []string
}

// Agreement compares the orders and the ratios.
func (c *ReportComparison) Agreement(apart float64) Agreement {
	a := Agreement{Lo: math.Inf(1), Hi: math.Inf(-1)}
	for i, x := range c.Rows {
		if x.Ratio == 0 {
			continue
		}
		a.Rows++
		if x.Within(2) {
			a.Within2x++
		}
		a.Lo, a.Hi = min(a.Lo, x.Ratio), max(a.Hi, x.Ratio)
		for _, y := range c.Rows[i+1:] {
			if y.Ratio == 0 || y.Figure.Source != x.Figure.Source || y.Figure.Size != x.Figure.Size || y.Figure.Variant == x.Figure.Variant {
				continue
			}
			// Compare as times: a throughput's time is its inverse.
			rx, ry := x.Figure.time(), y.Figure.time()
			if math.Max(rx, ry)/math.Min(rx, ry) < 1+apart {
				continue
			}
			a.Pairs++
			ox, oy := x.Ratio*rx, y.Ratio*ry // ours, as times on the report's scale
			if (rx < ry) == (ox < oy) {
				a.Agree++
			} else {
				a.Disagreements = append(a.Disagreements, fmt.Sprintf("%s: report %s %s than %s, here the other way",
					x.Figure.sizeText(), x.Figure.Row, fasterSlower(rx < ry), y.Figure.Row))
			}
		}
	}
	if a.Rows == 0 {
		a.Lo, a.Hi = 0, 0
	}
	return a
}

func fasterSlower(faster bool) string {
	if faster {
		return "faster"
	}
	return "slower"
}

// time is the figure as a time on an arbitrary scale: the figure itself
// for a time, its inverse for a throughput.
func (f ReportFigure) time() float64 {
	if f.Unit == "ms" {
		return f.Value
	}
	return 1 / f.Value
}

func (f ReportFigure) sizeText() string {
	l, err := Get(f.Lab)
	if err != nil {
		return fmt.Sprint(f.Size)
	}
	return l.SizeLabel(f.Size)
}

var reportHeads = [...]string{"size", "report's row", "variant here", "here", "report", "unit", "here/report (time)", "source"}

// model is the comparison as a table, a group of rows per report table.
func (c *ReportComparison) model() table.Table {
	what := "measured"
	if c.Modeled {
		what = "modeled"
	}
	m := table.Table{Look: table.Bare, Class: "culab-report",
		Title:   fmt.Sprintf("%s: this run (%s) beside the report's figures (%s)", c.Title, what, c.ReportGPU),
		Columns: table.Cols(table.Left, reportHeads[:]...)}
	for _, i := range []int{3, 4, 6} {
		m.Columns[i].Align = table.Right
	}
	m.Columns[7].Hide = table.TextForm
	for _, r := range c.Rows {
		f := r.Figure
		here, ratio := "–", r.Why
		if r.Ratio > 0 {
			here, ratio = sig(r.Ours), fmt.Sprintf("%.2f", r.Ratio)
		}
		m.Rows = append(m.Rows, table.Row{Cells: []table.Cell{
			{Text: f.sizeText()}, {Text: f.Row}, {Text: orDash(f.Variant)}, {Text: here},
			{Text: fmt.Sprint(f.Value)}, {Text: f.Unit}, {Text: ratio}, {Text: f.Source},
		}})
	}
	a := c.Agreement(0.1)
	m.Notes = append(m.Notes,
		fmt.Sprintf("This run: %s, times %s.", c.Device, what),
		fmt.Sprintf("Within 2× of the report: %d of %d compared figures (here/report %.2f–%.2f). Order: %d of %d pairs of variants of the same report table and size whose report figures are ≥ 10 %% apart are ordered alike.",
			a.Within2x, a.Rows, a.Lo, a.Hi, a.Agree, a.Pairs),
		"here/report (time) is this run's time over the report's (for Gflop/s, the report's figure over this run's): above 1, this run is slower.",
		"The figures are transcribed from the seed reports (cudalib/labs/reportfigures.go names the file and table of each).")
	for _, d := range a.Disagreements {
		m.Notes = append(m.Notes, "Order differs — "+d)
	}
	return m
}

func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}

// sig writes x with four significant digits.
func sig(x float64) string { return fmt.Sprintf("%.4g", x) }

// String is the comparison as a text table.
func (c *ReportComparison) String() string { return table.Text(c.model()) }

// Markdown is the comparison as a Markdown table.
func (c *ReportComparison) Markdown() string { return table.Markdown(c.model()) }

// HTML is the comparison as an HTML table.
func (c *ReportComparison) HTML() string { return table.HTML(c.model()) }
