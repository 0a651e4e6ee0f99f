package plots

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/display"
	"github.com/culab/culab/display/table"
)

// ProfileComparison sets two profiles side by side ("naive vs tiled",
// "32×32 vs 32×33"): their totals, then the lines that touch memory or
// diverge, a line of one beside the line of the other with the same source
// text. It shows as HTML (Markdown and text beside it); Chart draws the
// totals.
type ProfileComparison struct {
	a, b         *cudalib.Profile
	nameA, nameB string
}

// Compare compares profile a with profile b.
func Compare(a, b *cudalib.Profile) *ProfileComparison { return &ProfileComparison{a: a, b: b} }

// Names names the two sides ("32×32", "32×33"); by default they are the
// kernels' names, with the block shape where the names are the same.
func (c *ProfileComparison) Names(a, b string) *ProfileComparison {
	return &ProfileComparison{a: c.a, b: c.b, nameA: a, nameB: b}
}

// cmpRow is one row of the comparison: a figure of both, or a source line.
type cmpRow struct {
	label  string
	va, vb string
	change string // b against a
}

// totalFigures are the totals compared, with how each reads.
var totalFigures = []struct {
	name string
	val  func(c cudalib.Counters) float64
}{
	{"warp instructions", func(c cudalib.Counters) float64 { return float64(c.WarpInstrs) }},
	{"global requests", func(c cudalib.Counters) float64 { return float64(globalReq(c)) }},
	{"global sectors", func(c cudalib.Counters) float64 { return float64(globalSect(c)) }},
	{"sectors/request", func(c cudalib.Counters) float64 { return ratio(globalSect(c), globalReq(c)) }},
	{"coalescing %", func(c cudalib.Counters) float64 { return 100 * coalescing(c) }},
	{"shared wavefronts", func(c cudalib.Counters) float64 { return float64(sharedWF(c)) }},
	{"wavefronts/request", func(c cudalib.Counters) float64 { return ratio(sharedWF(c), sharedReq(c)) }},
	{"bank conflicts", func(c cudalib.Counters) float64 { return float64(bankConflicts(c)) }},
	{"divergent branches", func(c cudalib.Counters) float64 { return float64(c.DivergentBranches) }},
	{"barriers", func(c cudalib.Counters) float64 { return float64(c.Barriers) }},
	{"DRAM sectors (least)", func(c cudalib.Counters) float64 { return float64(c.DRAMSectors) }},
}

func change(a, b float64) string {
	switch {
	case a == b:
		return "="
	case a == 0:
		return "new"
	case b == 0:
		return "none"
	}
	return sig3(b/a) + "×"
}

func fig(v float64) string {
	switch {
	case v == 0:
		return "–"
	case v == math.Trunc(v) && math.Abs(v) < 1e15:
		return strconv.FormatInt(int64(v), 10) // a count
	}
	return sig3(v)
}

// totals are the rows of the totals.
func (c *ProfileComparison) totals() []cmpRow {
	var rows []cmpRow
	for _, f := range totalFigures {
		a, b := f.val(c.a.Total), f.val(c.b.Total)
		rows = append(rows, cmpRow{label: f.name, va: fig(a), vb: fig(b), change: change(a, b)})
	}
	return rows
}

// lineRows pairs the lines of a and b that touch memory or diverge by
// their source text; a line of one without a match stands alone.
func (c *ProfileComparison) lineRows() []cmpRow {
	type side struct {
		n   int
		src string
		c   cudalib.Counters
	}
	pick := func(p *cudalib.Profile) []side {
		var out []side
		for _, l := range ProfileView(p).lines() {
			if globalReq(l.c)+sharedReq(l.c)+l.c.DivergentBranches > 0 {
				out = append(out, side{l.n, strings.Join(strings.Fields(l.src), " "), l.c})
			}
		}
		return out
	}
	sa, sb := pick(c.a), pick(c.b)
	used := make([]bool, len(sb))
	desc := func(s side) string {
		var parts []string
		if globalReq(s.c) > 0 {
			parts = append(parts, sig3(ratio(globalSect(s.c), globalReq(s.c)))+" sect/req")
		}
		if sharedReq(s.c) > 0 {
			parts = append(parts, sig3(ratio(sharedWF(s.c), sharedReq(s.c)))+" wf/req")
		}
		if s.c.DivergentBranches > 0 {
			parts = append(parts, fmt.Sprintf("%d div", s.c.DivergentBranches))
		}
		return fmt.Sprintf("L%d: %s", s.n, strings.Join(parts, ", "))
	}
	cost := func(s side) float64 { return float64(globalSect(s.c) + sharedWF(s.c)) }
	var rows []cmpRow
	for _, x := range sa {
		r := cmpRow{label: x.src, va: desc(x), vb: "–", change: "only in " + c.a.Kernel}
		for j, y := range sb {
			if !used[j] && y.src == x.src {
				used[j] = true
				r.vb, r.change = desc(y), change(cost(x), cost(y))
				break
			}
		}
		rows = append(rows, r)
	}
	for j, y := range sb {
		if !used[j] {
			rows = append(rows, cmpRow{label: y.src, va: "–", vb: desc(y), change: "only in " + c.b.Kernel})
		}
	}
	return rows
}

func (c *ProfileComparison) names() (string, string) {
	if c.nameA != "" && c.nameB != "" {
		return c.nameA, c.nameB
	}
	a, b := c.a.Kernel, c.b.Kernel
	if a == b {
		a, b = a+fmt.Sprint(c.a.Block), b+fmt.Sprint(c.b.Block)
	}
	if a == b {
		a, b = "A: "+a, "B: "+b
	}
	return a, b
}

func (c *ProfileComparison) title() string {
	a, b := c.names()
	return fmt.Sprintf("%s vs %s (virtual GPU counters)", a, b)
}

const cmpLegend = "Totals, then the lines that touch memory (global sectors and shared wavefronts per request), a line beside the line of the other kernel with the same source; change is the second against the first (for lines: sectors + wavefronts)."

// model is the comparison as one table: totals, then the source lines
// under a heading of their own.
func (c *ProfileComparison) model() table.Table {
	an, bn := c.names()
	m := table.Table{Class: "culab-compare", Title: c.title(), Caption: cmpLegend,
		Columns: []table.Column{{}, {Head: an}, {Head: bn}, {Head: "change"}}}
	for _, r := range c.totals() {
		m.Rows = append(m.Rows, table.Row{Cells: []table.Cell{{Text: r.label}, {Text: r.va}, {Text: r.vb}, {Text: r.change}}})
	}
	m.Rows = append(m.Rows, table.Row{Span: "source lines"})
	for _, r := range c.lineRows() {
		label := table.Cell{Text: cut(r.label, 44), Tip: longer(r.label, 44), MD: r.label, Code: table.Both}
		m.Rows = append(m.Rows, table.Row{Cells: []table.Cell{label, {Text: r.va}, {Text: r.vb}, {Text: r.change}}})
	}
	return m
}

// HTML is the comparison as one HTML table: totals, then lines.
func (c *ProfileComparison) HTML() string {
	if c.a == nil || c.b == nil {
		return "<div>two profiles are needed</div>"
	}
	return table.HTML(c.model())
}

// Markdown is the comparison as a Markdown table.
func (c *ProfileComparison) Markdown() string {
	if c.a == nil || c.b == nil {
		return "two profiles are needed\n"
	}
	return table.Markdown(c.model())
}

// Text is the comparison for a terminal (at most 100 columns).
func (c *ProfileComparison) Text() string {
	if c.a == nil || c.b == nil {
		return "two profiles are needed\n"
	}
	// A layout of its own: the source lines are too long for a column of
	// display/table's text form, so each opens its row on a line of its own.
	an, bn := c.names()
	var b strings.Builder
	b.WriteString(table.Wrap(c.title(), "  ", textWidth))
	fmt.Fprintf(&b, "%-22s %-24s %-24s %s\n", "", cut(an, 24), cut(bn, 24), "change")
	for _, r := range c.totals() {
		fmt.Fprintf(&b, "%-22s %-24s %-24s %s\n", r.label, r.va, r.vb, r.change)
	}
	b.WriteString("source lines\n")
	for _, r := range c.lineRows() {
		fmt.Fprintf(&b, "  %s\n    %-34s %-34s %s\n", cut(r.label, textWidth-2), cut(r.va, 34), cut(r.vb, 34), cut(r.change, 24))
	}
	return b.String()
}

// String is the text form.
func (c *ProfileComparison) String() string { return c.Text() }

// Chart draws the two kernels' totals of memory work side by side (a log
// axis: instructions and conflicts differ by orders of magnitude).
func (c *ProfileComparison) Chart() *BarPlot {
	cats := []string{"warp instrs", "global sectors", "shared wavefronts", "bank conflicts", "divergent"}
	vals := func(p *cudalib.Profile) []float64 {
		if p == nil {
			return []float64{math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN()}
		}
		t := p.Total
		return []float64{float64(t.WarpInstrs), float64(globalSect(t)), float64(sharedWF(t)), float64(bankConflicts(t)), float64(t.DivergentBranches)}
	}
	an, bn := "A", "B"
	if c.a != nil && c.b != nil {
		an, bn = c.names()
	}
	va, vb := vals(c.a), vals(c.b)
	// Leave out what neither has (no divergence, no shared memory).
	for i := len(cats) - 1; i >= 0; i-- {
		if !(va[i] > 0) && !(vb[i] > 0) {
			cats = slices.Delete(cats, i, i+1)
			va, vb = slices.Delete(va, i, i+1), slices.Delete(vb, i, i+1)
		}
	}
	return Bars(an+" vs "+bn+": totals", "", "count (log)", cats, true).Add(an, va).Add(bn, vb)
}

// Show displays the table and, below it, the chart.
func (c *ProfileComparison) Show() {
	display.Show(c)
	display.Show(c.Chart())
}
