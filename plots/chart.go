// Package plots draws culab lab results: charts of a labs.Table (speedup
// bars, metric against size, fraction of a ceiling), the table itself as
// HTML, Markdown or text, line and bar charts of a student's own data, and
// a progress bar for long sweeps.
//
// Every chart shows itself in a notebook (PNG and SVG) and reports drawing
// problems through Err and its text form rather than panicking. The package
// exports no generic functions or types: the notebook's Go interpreter
// (yaegi) cannot bind them.
package plots

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image/color"
	"strings"
	"sync"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/culab/culab/display"
)

// Chart is a figure, drawn on first use and kept. In a notebook a Chart as
// a cell's last expression shows as an image.
type Chart struct {
	title string
	build func() (*frame, error)

	mu       sync.Mutex
	rendered bool
	png      []byte
	svg      string
	err      error
}

func newChart(title string, build func() (*frame, error)) *Chart {
	return &Chart{title: title, build: build}
}

// Title is the chart's title.
func (c *Chart) Title() string { return c.title }

// Err reports why the chart could not be drawn, or nil.
func (c *Chart) Err() error {
	c.render()
	return c.err
}

// PNG is the chart as a PNG image (7×4.5 in at 110 dpi); nil if it could
// not be drawn.
func (c *Chart) PNG() []byte {
	c.render()
	return c.png
}

// SVG is the chart as an SVG document; "" if it could not be drawn.
func (c *Chart) SVG() string {
	c.render()
	return c.svg
}

// Render is the chart's MIME bundle: PNG (base64) and SVG, with the title
// as text/plain, or only the error as text/plain.
func (c *Chart) Render() map[string]any {
	c.render()
	m := map[string]any{display.MIMEText: c.String()}
	if c.err == nil {
		m[display.MIMEPNG] = base64.StdEncoding.EncodeToString(c.png)
		m[display.MIMESVG] = c.svg
	}
	return m
}

// String is the title, or the error when the chart could not be drawn.
func (c *Chart) String() string {
	if err := c.Err(); err != nil {
		return err.Error()
	}
	return c.title
}

// change runs f, which edits what build reads, and drops the cached
// drawing; builders call it from Add.
func (c *Chart) change(f func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f()
	c.rendered, c.png, c.svg, c.err = false, nil, "", nil
}

func (c *Chart) render() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.rendered {
		return
	}
	c.rendered = true
	c.png, c.svg, c.err = drawBoth(c.build)
	if c.err != nil {
		c.err = fmt.Errorf("plots: chart %q: %w", c.title, c.err)
	}
}

// drawBoth builds the frame and draws it as PNG and as SVG. gonum/plot
// panics on some inputs (log of non-positive values, degenerate sizes);
// those come back as errors.
func drawBoth(build func() (*frame, error)) (png []byte, svg string, err error) {
	defer func() {
		if r := recover(); r != nil {
			png, svg, err = nil, "", fmt.Errorf("drawing failed: %v", r)
		}
	}()
	f, err := build()
	if err != nil {
		return nil, "", err
	}
	if err := drawableAxis("x", &f.plot.X); err != nil {
		return nil, "", err
	}
	if err := drawableAxis("y", &f.plot.Y); err != nil {
		return nil, "", err
	}

	img := vgimg.NewWith(vgimg.UseWH(chartWidth, chartHeight), vgimg.UseDPI(chartDPI))
	f.draw(draw.New(img))
	var pb bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(&pb); err != nil {
		return nil, "", fmt.Errorf("encoding PNG: %w", err)
	}

	sc := vgsvg.New(chartWidth, chartHeight)
	f.draw(draw.New(sc))
	var sb bytes.Buffer
	if _, err := sc.WriteTo(&sb); err != nil {
		return nil, "", fmt.Errorf("encoding SVG: %w", err)
	}
	return pb.Bytes(), svgFallbackFonts.Replace(sb.String()), nil
}

// drawableAxis refuses an axis whose range, with its margin, overflows
// float64 (values near ±1.8e308): gonum/plot would map every point to NaN,
// and the rasterizer loops forever on NaN coordinates, so the cell would
// hang instead of failing.
func drawableAxis(name string, a *plot.Axis) error {
	if finite(a.Min) && finite(a.Max) && finite(a.Max-a.Min) && (a.Scale == nil || !isLog(a.Scale) || a.Min > 0) {
		return nil
	}
	return fmt.Errorf("the %s axis would span %g…%g: values this large cannot be drawn (scale them, e.g. to ms or GB, or leave out the overflowed ones)", name, a.Min, a.Max)
}

func isLog(s plot.Normalizer) bool {
	_, ok := s.(plot.LogScale)
	return ok
}

// svgFallbackFonts adds metric-compatible fallbacks to the SVG's font
// family: fonts are not embedded (that would add hundreds of KB), and a
// browser without Liberation Sans would otherwise fall back to serif.
var svgFallbackFonts = strings.NewReplacer(
	"font-family:Liberation Sans;", "font-family:'Liberation Sans',Arial,Helvetica,sans-serif;",
)

// frame is a chart ready to draw: the gonum plot (axes and data) and what
// frame draws around it itself: title, subtitle and a legend below the
// data, where it cannot cover any and has the chart's whole width.
type frame struct {
	title, subtitle string
	plot            *plot.Plot
	legend          []legendEntry
}

type legendEntry struct {
	name  string
	thumb plot.Thumbnailer
}

func (f *frame) draw(c draw.Canvas) {
	c.SetColor(color.White)
	c.Fill(c.Rectangle.Path())
	margin := vg.Points(10)
	c = draw.Crop(c, margin, -margin, margin/2, -margin)

	width := c.Max.X - c.Min.X
	ts, title := fitText(textStyle(sansBold(13), black, text.XCenter, text.YTop), f.title, width)
	c.FillText(ts, vg.Point{X: c.Center().X, Y: c.Max.Y}, title)
	c.Max.Y -= ts.Height(title) + vg.Points(3)
	if f.subtitle != "" {
		ss, sub := fitText(textStyle(sans(9.5), darkGrey, text.XCenter, text.YTop), f.subtitle, width)
		c.FillText(ss, vg.Point{X: c.Center().X, Y: c.Max.Y}, sub)
		c.Max.Y -= ss.Height(sub)
	}
	c.Max.Y -= vg.Points(8)

	if len(f.legend) > 0 {
		c.Min.Y += drawLegend(c, f.legend) + vg.Points(6)
	}
	f.plot.Draw(c)
}

// Legend geometry: thumbnail, gap before the name, space between entries.
var (
	legendThumb = vg.Points(18)
	legendGap   = vg.Points(4)
	legendSpace = vg.Points(14)
)

// drawLegend lays the entries out in centred rows at the bottom of c, as
// many to a row as fit, and returns the height it took. A name is never
// cut: one too long for a row of its own wraps at spaces.
func drawLegend(c draw.Canvas, entries []legendEntry) vg.Length {
	sty := textStyle(sans(10), black, text.XLeft, text.YTop)
	width := c.Max.X - c.Min.X
	type placed struct {
		name  string
		thumb plot.Thumbnailer
		w, h  vg.Length
	}
	var rows [][]placed
	var rowW []vg.Length
	for _, e := range entries {
		name := wrapText(sty, clip(e.name), width-legendThumb-legendGap)
		p := placed{name: name, thumb: e.thumb, w: legendThumb + legendGap + sty.Width(name), h: sty.Height(name)}
		if n := len(rows); n > 0 && rowW[n-1]+legendSpace+p.w <= width {
			rows[n-1] = append(rows[n-1], p)
			rowW[n-1] += legendSpace + p.w
			continue
		}
		rows = append(rows, []placed{p})
		rowW = append(rowW, p.w)
	}
	var heights []vg.Length
	var total vg.Length
	for _, row := range rows {
		var h vg.Length
		for _, p := range row {
			h = max(h, p.h)
		}
		heights = append(heights, h)
		total += h + vg.Points(3)
	}
	y := c.Min.Y + total // top of the first row
	for i, row := range rows {
		x := c.Center().X - rowW[i]/2
		for _, p := range row {
			line := sty.Height("M")
			thumb := draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{
				Min: vg.Point{X: x, Y: y - line + vg.Points(1)}, Max: vg.Point{X: x + legendThumb, Y: y - vg.Points(1)}}}
			p.thumb.Thumbnail(&thumb)
			c.FillText(sty, vg.Point{X: x + legendThumb + legendGap, Y: y}, p.name)
			x += p.w + legendSpace
		}
		y -= heights[i] + vg.Points(3)
	}
	return total
}

// swatch is a bar's legend thumbnail; hatched marks failed rows.
type swatch struct {
	color   color.Color
	hatched bool
}

func (s swatch) Thumbnail(c *draw.Canvas) {
	r := vg.Rectangle{Min: c.Min, Max: c.Max}
	r.Min.Y += (r.Max.Y - r.Min.Y) / 8
	drawBar(c, r, s.color, s.hatched)
}

// lineThumb is a line series' legend thumbnail: a short line with its marker.
type lineThumb struct {
	line  draw.LineStyle
	glyph draw.GlyphStyle
}

func (t lineThumb) Thumbnail(c *draw.Canvas) {
	y := c.Center().Y
	if t.line.Color != nil {
		c.StrokeLine2(t.line, c.Min.X, y, c.Max.X, y)
	}
	if t.glyph.Shape != nil {
		c.DrawGlyphNoClip(t.glyph, c.Center())
	}
}

// crossThumb is the legend thumbnail of a failed row.
type crossThumb struct{}

func (crossThumb) Thumbnail(c *draw.Canvas) { drawCross(c, c.Center()) }

// drawBar fills r; hatched bars get white diagonal stripes and a red
// outline, visible whatever the series colour.
func drawBar(c *draw.Canvas, r vg.Rectangle, fill color.Color, hatched bool) {
	pts := []vg.Point{r.Min, {X: r.Min.X, Y: r.Max.Y}, r.Max, {X: r.Max.X, Y: r.Min.Y}}
	c.FillPolygon(fill, c.ClipPolygonXY(pts))
	outline := draw.LineStyle{Color: black, Width: vg.Points(0.5)}
	if hatched {
		stripe := draw.LineStyle{Color: hatchLine, Width: vg.Points(1.5)}
		c.StrokeLines(stripe, c.ClipLinesXY(hatch(r, vg.Points(5))...)...)
		outline = draw.LineStyle{Color: failRed, Width: vg.Points(1.5)}
	}
	c.StrokeLines(outline, c.ClipLinesXY(append(pts, r.Min))...)
}

// hatch returns 45° segments spaced step apart that fill r.
func hatch(r vg.Rectangle, step vg.Length) [][]vg.Point {
	var segs [][]vg.Point
	// Lines x = y + k for k across the rectangle.
	for k := r.Min.X - r.Max.Y + step/2; k < r.Max.X-r.Min.Y; k += step {
		y0 := max(r.Min.Y, r.Min.X-k)
		y1 := min(r.Max.Y, r.Max.X-k)
		if y1 > y0 {
			segs = append(segs, []vg.Point{{X: y0 + k, Y: y0}, {X: y1 + k, Y: y1}})
		}
	}
	return segs
}

// drawCross marks a failed row: a bold red ×, drawn unclipped so it shows
// even at the edge of the data area.
func drawCross(c *draw.Canvas, at vg.Point) {
	r := vg.Points(4.5)
	sty := draw.LineStyle{Color: failRed, Width: vg.Points(2)}
	c.StrokeLine2(sty, at.X-r, at.Y-r, at.X+r, at.Y+r)
	c.StrokeLine2(sty, at.X-r, at.Y+r, at.X+r, at.Y-r)
}

// refLine is a dashed horizontal reference (1× speedup, 100% of ceiling).
type refLine struct{ y float64 }

var refStyle = draw.LineStyle{Color: refGrey, Width: vg.Points(1.2), Dashes: []vg.Length{vg.Points(5), vg.Points(3)}}

func (r refLine) Plot(c draw.Canvas, p *plot.Plot) {
	_, trY := p.Transforms(&c)
	y := trY(r.y)
	if c.ContainsY(y) {
		c.StrokeLine2(refStyle, c.Min.X, y, c.Max.X, y)
	}
}
