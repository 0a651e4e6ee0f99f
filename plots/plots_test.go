package plots

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib/labs"
	"github.com/culab/culab/display"
)

// vecadd is a realistic lab table: 4 sizes × 3 variants, one failing row
// (wrong result, with a time) and one row not run (no time), and a CPU
// reference cut off at the largest size.
func vecadd() labs.Table {
	t := labs.Table{
		Lab: "vecadd", Title: "Vector add", Device: "NVIDIA H100 80GB HBM3",
		SizeName: "elements", MetricName: "bandwidth", MetricUnit: "GB/s",
		MetricFormula: "3·4·N bytes / time", Baseline: "naive",
		Ceiling: 2010, CeilingName: "D2D copy",
		Notes: []string{"times are medians of 20 runs after 3 warm-ups"},
	}
	sizes := []struct {
		n     int
		label string
		cpu   float64
	}{{1 << 20, "1M", 1.9}, {1 << 22, "4M", 7.8}, {1 << 24, "16M", 31.5}, {1 << 26, "64M", 0}}
	variants := []struct {
		name string
		eff  float64 // fraction of peak bandwidth reached at the largest size
	}{{"naive", 0.55}, {"grid-stride", 0.78}, {"float4", 0.91}}
	for _, s := range sizes {
		bytes := 12 * float64(s.n)
		var naive float64
		for _, v := range variants {
			// Small sizes are latency bound: efficiency grows with size.
			eff := v.eff * (1 - 0.6/math.Sqrt(float64(s.n>>20)))
			msec := bytes / (eff * 2010e9) * 1e3
			if v.name == "naive" {
				naive = msec
			}
			r := labs.Row{
				Size: s.n, SizeLabel: s.label, Variant: v.name,
				MedianMS: msec, MinMS: msec * 0.97, MaxMS: msec * 1.08,
				Metric: bytes / (msec * 1e-3) / 1e9,
				CPUMS:  s.cpu, SpeedupBase: naive / msec,
				Pass: true, Check: "ok (max rel err 1.2e-07)",
			}
			if s.cpu > 0 {
				r.SpeedupCPU = s.cpu / msec
			} else {
				r.CPUNote = "CPU > 30s cap"
			}
			t.Rows = append(t.Rows, r)
		}
	}
	t.Rows[5].Pass, t.Rows[5].Check = false, "FAIL: 12 of 4194304 checked elements wrong, first [4194303] = 0, want 1.5; rel L2 err 0.0031 (tol 6e-08), max rel err 1 (tol 6e-08)"
	t.Rows[10] = labs.Row{Size: 1 << 26, SizeLabel: "64M", Variant: "grid-stride",
		CPUNote: "CPU > 30s cap", Check: "not run: out of device memory"}
	return t
}

// checkChart asserts c drew a sane PNG and SVG, and dumps them to
// $PLOTS_DUMP when set, for looking at.
func checkChart(t *testing.T, name string, c *Chart) {
	t.Helper()
	if err := c.Err(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	img, err := png.Decode(bytes.NewReader(c.PNG()))
	if err != nil {
		t.Fatalf("%s: PNG does not decode: %v", name, err)
	}
	if w, h := img.Bounds().Dx(), img.Bounds().Dy(); w < 600 || w > 1000 || h < 400 || h > 700 || w <= h {
		t.Errorf("%s: PNG is %d×%d, want about 770×495", name, w, h)
	}
	svg := c.SVG()
	if !strings.HasPrefix(svg, "<?xml") && !strings.HasPrefix(svg, "<svg") {
		t.Errorf("%s: SVG starts %q", name, svg[:min(len(svg), 20)])
	}
	// The start of the title: a long one is shortened to fit.
	if title := []rune(c.Title()); !strings.Contains(svg, escapeXML(string(title[:min(len(title), 40)]))) {
		t.Errorf("%s: SVG lacks the title %q", name, c.Title())
	}
	if !strings.Contains(svg, "sans-serif") {
		t.Errorf("%s: SVG text has no sans-serif fallback", name)
	}
	m := c.Render()
	if m[display.MIMEText] != c.Title() || m[display.MIMESVG] != svg {
		t.Errorf("%s: Render bundle is off: text %q", name, m[display.MIMEText])
	}
	if b, err := base64.StdEncoding.DecodeString(m[display.MIMEPNG].(string)); err != nil || !bytes.Equal(b, c.PNG()) {
		t.Errorf("%s: Render PNG is not the base64 PNG (%v)", name, err)
	}
	if dir := os.Getenv("PLOTS_DUMP"); dir != "" {
		_ = os.WriteFile(filepath.Join(dir, name+".png"), c.PNG(), 0o644)
		_ = os.WriteFile(filepath.Join(dir, name+".svg"), []byte(svg), 0o644)
	}
}

func escapeXML(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;").Replace(s)
}

func TestTableCharts(t *testing.T) {
	t.Parallel()
	tab := vecadd()
	for _, tc := range []struct {
		name  string
		chart *Chart
		marks []string // failed rows must be marked, never hidden
	}{
		{"speedup_base", SpeedupBars(tab, VsBaseline, false), []string{"failed check", "failed, no value"}},
		{"speedup_base_log", SpeedupBars(tab, VsBaseline, true), []string{"failed check", "failed, no value"}},
		{"speedup_cpu", SpeedupBars(tab, VsCPU, false), []string{"failed check", "failed, no value"}},
		{"speedup_cpu_log", SpeedupBars(tab, VsCPU, true), []string{"failed check", "failed, no value"}},
		{"metric_lines", MetricLines(tab), []string{"failed check"}},
		{"ceiling", CeilingFraction(tab), []string{"failed check", "failed, no value", "100% = 2010 GB/s"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			checkChart(t, tc.name, tc.chart)
			for _, m := range tc.marks {
				if !strings.Contains(tc.chart.SVG(), m) {
					t.Errorf("legend lacks %q", m)
				}
			}
		})
	}
}

func TestLogBarsWithZeroAndNegative(t *testing.T) {
	t.Parallel()
	b := Bars("Log bars", "case", "value", []string{"a", "b", "c", "d"}, true).
		Add("x", []float64{0, -3, 10, math.NaN()}).
		Add("y", []float64{1e-3, 5, 0, 1e4})
	checkChart(t, "log_bars", b.Chart)

	// A log-scale speedup chart where every value is zero or negative is an
	// error, not a panic.
	tab := vecadd()
	for i := range tab.Rows {
		tab.Rows[i].SpeedupBase = -float64(i)
	}
	c := SpeedupBars(tab, VsBaseline, true)
	if c.Err() == nil || c.PNG() != nil || !strings.Contains(c.Render()[display.MIMEText].(string), "nothing to draw") {
		t.Errorf("all non-positive: err %v, text %q", c.Err(), c.String())
	}
}

func TestLinearBarsNegative(t *testing.T) {
	t.Parallel()
	b := Bars("Change", "kernel", "Δ time (%)", []string{"copy", "scale", "triad"}, false).
		Add("before", []float64{-12, 3, 0}).
		Add("after", []float64{-20, -1, 4})
	checkChart(t, "bars_negative", b.Chart)
}

// TestCrowdedBars has long category and series names and a long title:
// labels slant and the title is shortened to fit, but legend names are
// never cut (the legend is below the plot; a name wider than the chart
// wraps).
func TestCrowdedBars(t *testing.T) {
	t.Parallel()
	cats := []string{"n=1048576", "n=2097152", "n=4194304", "n=8388608", "n=16777216", "n=33554432", "n=67108864"}
	b := Bars("Matrix transpose on a very long-named device with a title that goes on and on and on and on and on and on and on and on",
		"problem size", "effective bandwidth (GB/s)", cats, false)
	long := "tiles of 32×32 staged through shared memory, transposed, padded to 33 columns so that a warp's column reads fall in 32 different banks"
	names := []string{"naive", "32×32, transposed, padded 33", "padded shared memory", "warp shuffle", "cp.async", "TMA", long}
	for i, name := range names {
		vs := make([]float64, len(cats))
		for j := range vs {
			vs[j] = float64(100*(i+1) + 40*j)
		}
		b.Add(name, vs)
	}
	checkChart(t, "crowded_bars", b.Chart)
	svg := b.SVG()
	if strings.Contains(svg, "and on<") || strings.Count(svg, "…") != 1 {
		t.Error("the long title was not shortened, or a legend name was")
	}
	for _, name := range names[:len(names)-1] {
		if !strings.Contains(svg, ">"+escapeXML(name)+"<") {
			t.Errorf("legend lacks %q whole", name)
		}
	}
	// The name wider than the chart wraps: every word is there, on more than one line.
	for _, w := range strings.Fields(long) {
		if !strings.Contains(svg, escapeXML(w)) {
			t.Errorf("wrapped legend name lacks %q", w)
		}
	}
	if strings.Contains(svg, ">"+escapeXML(long)+"<") {
		t.Error("the legend name wider than the chart is on one line")
	}
}

func TestLines(t *testing.T) {
	t.Parallel()
	xs := []float64{1, 10, 100, 1000, 1e4}
	l := Lines("Scaling", "n", "time (ms)", true, true).
		Add("O(n)", xs, []float64{0.01, 0.1, 1, 10, 100}).
		Add("O(n log n)", xs, []float64{0.01, 0.2, 3, math.NaN(), 500}).
		Add("with zero", xs, []float64{0, 0.05, -1, 2, 20})
	checkChart(t, "lines_log", l.Chart)

	lin := Lines("Linear", "x", "y", false, false).Add("sin", []float64{0, 1, 2, 3}, []float64{0, 0.84, 0.91, 0.14})
	checkChart(t, "lines_linear", lin.Chart)
}

func TestBuilderErrors(t *testing.T) {
	t.Parallel()
	l := Lines("Bad", "x", "y", false, false).Add("short", []float64{1, 2}, []float64{1})
	if err := l.Err(); err == nil || !strings.Contains(err.Error(), `"short"`) || l.PNG() != nil {
		t.Errorf("length mismatch: %v", err)
	}
	if !strings.Contains(l.Render()[display.MIMEText].(string), "1 ys") {
		t.Errorf("text/plain does not carry the error: %q", l.Render()[display.MIMEText])
	}
	b := Bars("Bad", "", "", []string{"a"}, false).Add("two", []float64{1, 2})
	if b.Err() == nil {
		t.Error("bars length mismatch: no error")
	}
	if err := Lines("Empty", "", "", false, false).Err(); err == nil {
		t.Error("no series: no error")
	}
	if err := Lines("Log", "", "", false, true).Add("neg", []float64{1, 2}, []float64{-1, 0}).Err(); err == nil {
		t.Error("log axis without positive values: no error")
	}

	// Adding after a failed draw draws again.
	e := Lines("Later", "x", "y", false, false)
	if e.Err() == nil {
		t.Fatal("no series: no error")
	}
	if err := e.Add("now", []float64{1, 2}, []float64{3, 4}).Err(); err != nil {
		t.Errorf("after Add: %v", err)
	}
}

// TestHugeValuesFail: values near float64's limit overflow an axis's
// margin; such a chart used to hang the cell in the rasterizer (NaN
// coordinates) and must fail with an error saying why.
func TestHugeValuesFail(t *testing.T) {
	t.Parallel()
	for _, c := range []*Chart{
		Bars("bars", "", "", []string{"a", "b"}, false).Add("v", []float64{1e308, math.MaxFloat64}).Chart,
		Bars("log bars", "", "", []string{"a"}, true).Add("v", []float64{math.MaxFloat64}).Chart,
		Lines("lines", "", "", false, false).Add("s", []float64{-1e308, 1e308}, []float64{1, 2}).Chart,
		Lines("log lines", "", "", true, true).Add("s", []float64{1, 2}, []float64{1, math.MaxFloat64}).Chart,
	} {
		if err := c.Err(); err == nil || !strings.Contains(err.Error(), "values this large cannot be drawn") {
			t.Errorf("%s: %v", c.Title(), err)
		}
	}
	if err := Bars("1e300", "", "", []string{"a"}, false).Add("v", []float64{1e300}).Err(); err != nil {
		t.Errorf("large but drawable: %v", err)
	}
}

// Rendering cannot be interrupted: beyond what a chart can show, it is
// refused with the reason, before any drawing (five million points held a
// cell for minutes); texts are cut (a million-rune title took hours to fit)
// and crowded category labels are thinned.
func TestChartBounds(t *testing.T) {
	t.Parallel()
	seq := func(n int) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = float64(i % 1000)
		}
		return v
	}
	cats := func(n int) []string {
		c := make([]string, n)
		for i := range c {
			c[i] = fmt.Sprint("category-", i)
		}
		return c
	}
	many := Lines("many series", "x", "y", false, false)
	for range 11 {
		many.Add("s", seq(maxSeriesPoints), seq(maxSeriesPoints))
	}
	manyBars := Bars("many bars", "", "", cats(500), false)
	for range 201 {
		manyBars.Add("s", seq(500))
	}
	for _, c := range []struct {
		chart *Chart
		want  string
	}{
		{Lines("huge", "x", "y", false, false).Add("s", seq(5_000_000), seq(5_000_000)).Chart,
			`series "s" has 5000000 points, more than the 100000 a series may have: plot every nth point, or the mean of each bin`},
		{many.Chart, "the chart's 11 series have 1100000 points, more than the 1000000 a chart may have"},
		{Bars("wide", "", "", cats(200_000), false).Add("s", seq(200_000)).Chart,
			"200000 categories, more than the 1000 a bar chart may have (their labels cannot fit)"},
		{manyBars.Chart, "500 categories of 201 series are 100500 bars, more than the 100000 a bar chart may have"},
	} {
		if err := c.chart.Err(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want …%s…", c.chart.Title(), err, c.want)
		}
	}
	// At the bounds, drawn.
	if err := Lines("100000 points", "x", "y", false, false).Add("s", seq(maxSeriesPoints), seq(maxSeriesPoints)).Err(); err != nil {
		t.Errorf("a series at the bound: %v", err)
	}
	crowded := Bars("300 categories", "", "", cats(300), false).Add("s", seq(300))
	svg := crowded.SVG()
	if !strings.Contains(svg, ">category-0<") || strings.Contains(svg, ">category-1<") {
		t.Errorf("300 categories: labels not thinned (%v)", crowded.Err())
	}
	// Texts far wider than the chart.
	huge := strings.Repeat("T", 1_000_000)
	l := Lines(huge, huge, strings.Repeat("y\n", 100_000), false, false).Add(strings.Repeat("n ", 1_000_000), []float64{1, 2}, []float64{1, 2})
	if err := l.Err(); err != nil || strings.Contains(l.SVG(), strings.Repeat("T", maxTextRunes+1)) {
		t.Errorf("huge texts: %v, or drawn whole", err)
	}
}

func TestChartErrors(t *testing.T) {
	empty := labs.Table{Lab: "empty", Title: "Empty", Ceiling: 100}
	for _, c := range []*Chart{SpeedupBars(empty, VsCPU, true), MetricLines(empty), CeilingFraction(empty)} {
		if err := c.Err(); err == nil || !strings.Contains(err.Error(), "no rows") {
			t.Errorf("%s: %v", c.Title(), err)
		}
	}
	if err := SpeedupBars(vecadd(), Speedup(7), false).Err(); err == nil {
		t.Error("unknown Speedup: no error")
	}
}

func TestCeilingMissing(t *testing.T) {
	tab := vecadd()
	tab.Ceiling = 0
	c := CeilingFraction(tab)
	if c.Err() == nil || !strings.Contains(c.String(), "no ceiling") {
		t.Errorf("no ceiling: %v", c.Err())
	}
	if _, ok := c.Render()[display.MIMEPNG]; ok {
		t.Error("a failed chart still carries a PNG")
	}
}

func TestMetricLinesFallsBackToTime(t *testing.T) {
	t.Parallel()
	tab := vecadd()
	tab.MetricName = ""
	for i := range tab.Rows {
		tab.Rows[i].Metric = 0
	}
	c := MetricLines(tab)
	checkChart(t, "time_lines", c)
	if !strings.Contains(c.SVG(), "median time (ms)") {
		t.Error("time fallback lacks its axis label")
	}
}

func TestLogTicks(t *testing.T) {
	lo, hi := niceLogRange(0.7/1.1, 9.3*1.1)
	if lo != 0.5 || hi != 20 {
		t.Errorf("niceLogRange = %v, %v; want 0.5, 20", lo, hi)
	}
	var labels []string
	for _, tk := range (logTicks{}).Ticks(lo, hi) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	if got := strings.Join(labels, " "); got != "0.5 1 2 5 10 20" {
		t.Errorf("labels %q", got)
	}
	if ticks := (logTicks{}).Ticks(0, 10); ticks != nil {
		t.Errorf("non-positive range gave ticks %v", ticks)
	}
	if got := formatTick(1e6); got != "1e6" {
		t.Errorf("formatTick(1e6) = %q", got)
	}
}

// A marked point shows among the sweep's lines: the y axis reaches it, the
// legend names it with its value, and the image changes; a point without a
// time is named with its check, not drawn.
func TestMarkedMetricLines(t *testing.T) {
	t.Parallel()
	tab := vecadd()
	row := labs.Row{Size: 1 << 22, SizeLabel: "4M", Variant: "grid-stride, block 512", MedianMS: 0.01, Metric: 5000, Pass: true}
	c := MarkedMetricLines(tab, "your point", row)
	checkChart(t, "marked_lines", c)
	if !strings.Contains(c.SVG(), "your point: 5000 GB/s") {
		t.Error("legend lacks the marked point with its value")
	}
	f, err := c.build()
	if err != nil {
		t.Fatal(err)
	}
	if f.plot.Y.Max < 5000 || f.plot.X.Min > 1<<22 || f.plot.X.Max < 1<<22 {
		t.Errorf("axes x %v–%v, y %v–%v do not reach the point (4M, 5000)", f.plot.X.Min, f.plot.X.Max, f.plot.Y.Min, f.plot.Y.Max)
	}
	row.Check, row.Modeled = "ok: exact", true
	if got := PointText(tab, row); got != "grid-stride, block 512 at 4M: 0.0100 ms modeled, 5000 GB/s · ok: exact" {
		t.Errorf("PointText: %q", got)
	}
	if bytes.Equal(c.PNG(), MetricLines(tab).PNG()) {
		t.Error("the marked chart draws as the unmarked one")
	}

	row.Pass, row.Check, row.MedianMS, row.Metric = false, "not run: launch refused", 0, 0
	c = MarkedMetricLines(tab, "your point", row)
	checkChart(t, "marked_lines_not_run", c)
	if !strings.Contains(c.SVG(), "your point: not drawn (not run: launch refused)") {
		t.Error("legend lacks the point's check")
	}
}
