package plots

import (
	"image/color"
	"math"
	"strconv"
	"strings"

	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Chart geometry: readable inline in a notebook without scrolling.
const (
	chartWidth  = 7 * vg.Inch
	chartHeight = 4.5 * vg.Inch
	chartDPI    = 110
)

// Bounds on what a chart draws: rendering is compiled code that an
// interrupt cannot stop, about 12 µs a point or a bar twice over (PNG and
// SVG), so five million points held the notebook for a minute; and more
// bars than the chart has pixels, or labels than fit, show nothing more.
const (
	maxSeriesPoints = 100_000   // points of one line series
	maxChartPoints  = 1_000_000 // points of all a chart's series
	maxCategories   = 1_000     // groups of a bar chart
	maxBars         = 100_000   // bars of a bar chart: categories × series
	// maxTextRunes cuts a title, label or name before it is laid out: a
	// legend name of a million words took 40 s to wrap and draw, an axis
	// label of 100000 lines 9 s, and neither fits the chart.
	maxTextRunes = 300
)

// clip is s cut to maxTextRunes runes, with an ellipsis.
func clip(s string) string {
	if len(s) <= maxTextRunes {
		return s
	}
	if r := []rune(s); len(r) > maxTextRunes {
		return string(r[:maxTextRunes]) + "…"
	}
	return s
}

// sansFont is gonum/plot's bundled Liberation Sans. It is set on each plot's
// texts rather than through the package-global plot.DefaultFont, so other
// users of gonum/plot in the same process keep their defaults.
var sansFont = font.Font{Typeface: "Liberation", Variant: "Sans"}

func sans(size vg.Length) font.Font { return font.From(sansFont, size) }

func sansBold(size vg.Length) font.Font {
	f := sans(size)
	f.Weight = xfont.WeightBold
	return f
}

func textStyle(f font.Font, clr color.Color, xa text.XAlignment, ya text.YAlignment) text.Style {
	return text.Style{Color: clr, Font: f, XAlign: xa, YAlign: ya, Handler: plot.DefaultTextHandler}
}

var (
	black     = color.Gray{Y: 0}
	darkGrey  = color.Gray{Y: 0x55}
	gridGrey  = color.Gray{Y: 0xdd}
	refGrey   = color.Gray{Y: 0x66}
	failRed   = color.RGBA{R: 0xb0, G: 0x00, B: 0x20, A: 0xff}
	hatchLine = color.White
)

// palette is Okabe–Ito, distinguishable with the common colour-vision
// deficiencies; vermillion comes late so it is rarely next to failure red.
var palette = []color.Color{
	color.RGBA{R: 0x00, G: 0x72, B: 0xb2, A: 0xff}, // blue
	color.RGBA{R: 0xe6, G: 0x9f, B: 0x00, A: 0xff}, // orange
	color.RGBA{R: 0x00, G: 0x9e, B: 0x73, A: 0xff}, // bluish green
	color.RGBA{R: 0xcc, G: 0x79, B: 0xa7, A: 0xff}, // reddish purple
	color.RGBA{R: 0x56, G: 0xb4, B: 0xe9, A: 0xff}, // sky blue
	color.RGBA{R: 0xd5, G: 0x5e, B: 0x00, A: 0xff}, // vermillion
	color.RGBA{R: 0x99, G: 0x99, B: 0x99, A: 0xff}, // grey
	color.RGBA{R: 0xf0, G: 0xe4, B: 0x42, A: 0xff}, // yellow
}

// glyphs gives each line series its own marker shape as well as colour,
// so series stay apart in greyscale prints.
var glyphs = []draw.GlyphDrawer{
	draw.CircleGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{},
	draw.RingGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{},
}

func seriesColor(i int) color.Color      { return palette[i%len(palette)] }
func seriesGlyph(i int) draw.GlyphDrawer { return glyphs[i%len(glyphs)] }
func finite(v float64) bool              { return !math.IsNaN(v) && !math.IsInf(v, 0) }
func drawable(v float64, log bool) bool  { return finite(v) && (!log || v > 0) }

func styleAxis(a *plot.Axis, label string) {
	a.Label.Text = clip(label)
	a.Label.TextStyle.Font = sans(11)
	a.Label.Padding = vg.Points(4)
	a.Tick.Label.Font = sans(9.5)
}

// newPlot returns a gonum plot in the package's style: sans text, no
// title or legend of its own (frame draws those), light horizontal grid.
func newPlot(xLabel, yLabel string) *plot.Plot {
	p := plot.New()
	styleAxis(&p.X, xLabel)
	styleAxis(&p.Y, yLabel)
	grid := plotter.NewGrid()
	grid.Vertical.Color = nil
	grid.Horizontal.Color = gridGrey
	p.Add(grid)
	return p
}

// linTicks labels about six steps of 1, 2, 2.5 or 5 ×10^k: gonum's
// DefaultTicks often labels only three, too few to read a bar's value.
type linTicks struct{}

func (linTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) || !finite(lo) || !finite(hi) {
		return nil
	}
	raw := (hi - lo) / 6
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	step, decimals := 10*p, -int(math.Floor(math.Log10(raw)))-1
	for _, m := range []float64{1, 2, 2.5, 5} {
		if m*p >= raw*(1-1e-9) {
			step, decimals = m*p, -int(math.Floor(math.Log10(raw)))
			if m == 2.5 {
				decimals++
			}
			break
		}
	}
	var ticks []plot.Tick
	for i := math.Ceil(lo/step - 1e-9); i*step <= hi+step*1e-9; i++ {
		v := i * step
		if v == 0 {
			v = 0 // not -0, which would print as "-0"
		}
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', max(0, decimals), 64)})
	}
	return ticks
}

// logTicks labels a log axis by its span: linear steps within a factor of
// 4, 1-2-5 steps up to 3 decades, powers of ten beyond. gonum's LogTicks
// labels only powers of ten, which leaves a 2–9× speedup axis with one
// label. Unlike it, logTicks returns no ticks (instead of panicking) for a
// non-positive range.
type logTicks struct{}

func (logTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(lo > 0) || !(hi > lo) || !finite(hi) {
		return nil
	}
	if hi/lo <= 4 {
		return linTicks{}.Ticks(lo, hi)
	}
	e0, e1 := math.Floor(math.Log10(lo)), math.Ceil(math.Log10(hi))
	fine := e1-e0 <= 3
	var ticks []plot.Tick
	for e := e0; e <= e1; e++ {
		p := math.Pow(10, e)
		for m := 1; m <= 9; m++ {
			v := float64(m) * p
			if v < lo*(1-1e-9) || v > hi*(1+1e-9) {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 || fine && (m == 2 || m == 5) {
				t.Label = formatTick(v)
			}
			ticks = append(ticks, t)
		}
	}
	return ticks
}

// niceLogRange widens [lo, hi] (0 < lo < hi) to labelled 1-2-5 values when
// it spans at most 3 decades, so a short log axis shows a label at each
// end; wider ranges hold powers of ten already and stay as they are.
func niceLogRange(lo, hi float64) (float64, float64) {
	if math.Ceil(math.Log10(hi))-math.Floor(math.Log10(lo)) > 3 {
		return lo, hi
	}
	steps := []float64{1, 2, 5, 10}
	p := math.Pow(10, math.Floor(math.Log10(lo)))
	nlo := p
	for _, m := range steps {
		if m*p <= lo*(1+1e-9) {
			nlo = m * p
		}
	}
	p = math.Pow(10, math.Floor(math.Log10(hi)))
	nhi := 10 * p
	for i := len(steps) - 1; i >= 0; i-- {
		if steps[i]*p >= hi*(1-1e-9) {
			nhi = steps[i] * p
		}
	}
	return nlo, nhi
}

// formatTick writes a tick value briefly: "0.5", "20", "1e6".
func formatTick(v float64) string {
	s := strconv.FormatFloat(v, 'g', 5, 64)
	if strings.ContainsRune(s, 'e') {
		mant, exp, _ := strings.Cut(s, "e")
		exp = strings.TrimLeft(strings.TrimPrefix(exp, "+"), "0")
		if strings.HasPrefix(exp, "-") {
			exp = "-" + strings.TrimLeft(exp[1:], "0")
		}
		return mant + "e" + exp
	}
	return s
}

// wrapText breaks s at spaces into lines no wider than width (a word wider
// than width keeps a line of its own).
func wrapText(sty text.Style, s string, width vg.Length) string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		switch {
		case line == "":
			line = w
		case sty.Width(line+" "+w) > width:
			lines = append(lines, line)
			line = w
		default:
			line += " " + w
		}
	}
	return strings.Join(append(lines, line), "\n")
}

// fitText shrinks sty's font (down to 9 pt) and then truncates s with an
// ellipsis until s fits in width.
func fitText(sty text.Style, s string, width vg.Length) (text.Style, string) {
	s = clip(s)
	for sty.Width(s) > width && sty.Font.Size > 9 {
		sty.Font.Size -= 0.5
	}
	return sty, truncate(sty, s, width)
}

// truncate cuts s to its longest prefix that fits in width with an
// ellipsis (at least one rune), found by bisection: a title of a million
// runes, cut a rune at a time, took hours.
func truncate(sty text.Style, s string, width vg.Length) string {
	if sty.Width(s) <= width {
		return s
	}
	r := []rune(s)
	lo, hi := 1, len(r) // the prefix of lo runes is kept; that of hi does not fit
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if sty.Width(string(r[:mid])+"…") > width {
			hi = mid
		} else {
			lo = mid
		}
	}
	return string(r[:lo]) + "…"
}
