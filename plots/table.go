package plots

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/culab/culab/cudalib/labs"
	"github.com/culab/culab/display"
	"github.com/culab/culab/display/table"
)

// Show is t as a notebook display: the HTML table, with Markdown and the
// text table beside it. Make it a cell's last expression, or pass it to display.Show.
func Show(t labs.Table) display.Data { return table.Bundle(model(t)) }

// Every form of the table keeps one line per row: each cell is a number or
// a short mark, and what does not fit a cell (the launch shape, the check's
// error figures, notes on the times) goes to the details below the table.

// column is one column of the table view.
type column struct {
	head  string // header in HTML and Markdown
	short string // header in the text form, which must fit 100 columns; "" = head
	right bool   // numbers align right
	check bool   // the check column, emphasised on failed rows
	key   bool   // the variant and its time: in bold on the winning row
	// perSize columns hold one value per size (the size, the CPU time):
	// the text form writes them once, on the line that opens each size.
	perSize bool
	cell    func(labs.Row) string
	tip     func(labs.Row) string // the HTML cell's tooltip; nil: none
}

// columns chooses t's columns; the metric column appears only when the
// table has one.
func columns(t labs.Table) []column {
	hasMetric := t.MetricName != ""
	for _, r := range t.Rows {
		hasMetric = hasMetric || r.Metric != 0
	}
	cols := []column{
		{head: sizeName(t), perSize: true, cell: sizeLabel},
		{head: "variant", key: true, cell: func(r labs.Row) string { return r.Variant },
			tip: func(r labs.Row) string { return r.Note }},
		{head: "median ms", right: true, key: true, cell: func(r labs.Row) string {
			if r.TimeNote != "" && r.MedianMS == 0 {
				return "not timed"
			}
			return num(r.MedianMS)
		}, tip: func(r labs.Row) string { return r.TimeNote }},
	}
	if modeled(t) {
		// One modelled run: no spread, but the counters the time comes from.
		cols[2].head = "modeled ms"
		cols = append(cols,
			column{head: "sect/req", right: true, cell: func(r labs.Row) string { return num(r.SectorsPerRequest) },
				tip: func(r labs.Row) string { return "global 32-byte sectors per global load/store request" }},
			column{head: "confl/req", right: true, cell: func(r labs.Row) string { return conflicts(r) },
				tip: func(r labs.Row) string { return "shared-memory bank conflicts per shared load/store request" }})
	} else {
		cols = append(cols, column{head: "min–max ms", right: true, cell: func(r labs.Row) string {
			if r.MinMS == 0 && r.MaxMS == 0 {
				return "–"
			}
			return num(r.MinMS) + "–" + num(r.MaxMS)
		}})
	}
	if hasMetric {
		head := orDefault(t.MetricName, "metric")
		if t.MetricUnit != "" {
			head += " (" + t.MetricUnit + ")"
		}
		cols = append(cols, column{head: head, short: t.MetricUnit, right: true, cell: func(r labs.Row) string { return num(r.Metric) }})
	}
	return append(cols,
		column{head: "CPU ms", right: true, perSize: true, cell: cpu},
		column{head: "vs CPU", right: true, cell: func(r labs.Row) string { return times(r.SpeedupCPU) }},
		column{head: "vs base", right: true, cell: func(r labs.Row) string { return times(r.SpeedupBase) }},
		column{head: "check", check: true, cell: mark, tip: func(r labs.Row) string { return r.Check }},
	)
}

// conflicts is bank conflicts per shared request: 0 for a kernel with
// shared accesses and none, "–" for one without shared accesses.
func conflicts(r labs.Row) string {
	c := r.Counters
	if c.SharedLoadRequests+c.SharedStoreRequests == 0 {
		return "–"
	}
	if r.ConflictsPerRequest == 0 {
		return "0"
	}
	return sig3(r.ConflictsPerRequest)
}

func sizeName(t labs.Table) string { return orDefault(t.SizeName, "size") }

func sizeLabel(r labs.Row) string { return orDefault(r.SizeLabel, strconv.Itoa(r.Size)) }

// cpu is the CPU reference time, or why there is none ("> 30s cap").
func cpu(r labs.Row) string {
	if r.CPUNote != "" {
		return strings.TrimPrefix(r.CPUNote, "CPU ")
	}
	return num(r.CPUMS)
}

// rowFailed is a row whose check did not pass; a row skipped on purpose (no
// GPU) is not a failure and is not shown as one.
func rowFailed(r labs.Row) bool { return !r.Pass && !r.Skipped }

// mark is the check column: ✓, "not run" for a row skipped on purpose, or
// ✗ with the one figure that failed. The whole check text is in the
// details below the table.
func mark(r labs.Row) string {
	switch {
	case r.Skipped:
		return "not run"
	case r.Pass:
		return "✓"
	}
	if f := failedFigure(r.Check); f != "" {
		return "✗ " + f
	}
	return "✗"
}

// The check texts of labs (check.go) that failedFigure shortens.
var (
	failedOutput = regexp.MustCompile(`output (\d+): FAIL: `)
	wrongCount   = regexp.MustCompile(`^(\d+) of \d+ (?:checked elements (wrong)|elements (not written))`)
	l2Error      = regexp.MustCompile(`^rel L2 err ([^ ,;]+)`)
)

// maxFigure bounds the failed figure, so that one odd check text cannot
// widen the column of every row.
const maxFigure = 20

// failedFigure is the short reason of a failed check: "3 wrong" (of the
// elements checked), "L2 err 0.52", "out 2: 12 unwritten", "not run"; the
// first clause of a check text it does not know, shortened.
func failedFigure(check string) string {
	if strings.HasPrefix(check, "not run") { // a launch the device refused
		return "not run"
	}
	s, prefix := strings.TrimPrefix(strings.TrimPrefix(check, "FAIL"), ": "), ""
	if m := failedOutput.FindStringSubmatchIndex(s); m != nil {
		prefix, s = "out "+s[m[2]:m[3]]+": ", s[m[1]:]
	}
	if m := wrongCount.FindStringSubmatch(s); m != nil {
		return prefix + m[1] + " " + map[bool]string{true: "wrong", false: "unwritten"}[m[2] != ""]
	}
	if m := l2Error.FindStringSubmatch(s); m != nil {
		return prefix + "L2 err " + m[1]
	}
	if i := strings.IndexAny(s, ";,("); i > 0 {
		s = s[:i]
	}
	return shorten(prefix+strings.TrimSpace(s), maxFigure)
}

// shorten cuts s to n runes, ending in "…" when cut.
func shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// winners marks the fastest passing row of each size that has at least two
// of them: the variant a student looks for first.
func winners(t labs.Table) []bool {
	best := map[int]int{} // size → index of its fastest passing row
	count := map[int]int{}
	for i, r := range t.Rows {
		if !r.Pass || r.Skipped || !(r.MedianMS > 0) {
			continue
		}
		count[r.Size]++
		if j, ok := best[r.Size]; !ok || r.MedianMS < t.Rows[j].MedianMS {
			best[r.Size] = i
		}
	}
	win := make([]bool, len(t.Rows))
	for size, i := range best {
		win[i] = count[size] > 1
	}
	return win
}

const winnerLegend = "fastest passing variant at its size"

// detail is what a row's cells leave out: its launch shape (and notes on
// its times) and its whole check text.
type detail struct {
	row          int
	launch, text string
}

func details(t labs.Table) []detail {
	var ds []detail
	for i, r := range t.Rows {
		text := r.Check
		if text == "" && rowFailed(r) {
			text = "FAIL"
		}
		launch := r.Note
		if r.TimeNote != "" {
			launch = strings.TrimPrefix(launch+"; "+r.TimeNote, "; ")
		}
		if launch != "" || text != "" {
			ds = append(ds, detail{row: i, launch: launch, text: text})
		}
	}
	return ds
}

// num formats a time or metric to 3 significant digits; "–" for none (0).
func num(v float64) string {
	if v == 0 {
		return "–"
	}
	return sig3(v)
}

// times formats a speedup: "12.3×"; "–" for none.
func times(v float64) string {
	if v == 0 {
		return "–"
	}
	return sig3(v) + "×"
}

// sig3 writes v with 3 significant digits and no exponent, keeping all
// integer digits: 0.0123, 1.00, 12.3, 1234.
func sig3(v float64) string {
	if v == 0 || !finite(v) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	e := math.Floor(math.Log10(math.Abs(v)))
	if math.Abs(v) >= math.Pow(10, e+1)-0.5*math.Pow(10, e-2) {
		e++ // rounds up to the next power of ten: 9.996 → 10.0
	}
	return strconv.FormatFloat(v, 'f', max(0, 2-int(e)), 64)
}

// modelOf finds the modeled GPU in a virtual device's name: "culab
// virtual GPU (A40 model) (sm_86, 84 SMs)".
var modelOf = regexp.MustCompile(`\(([^()]+) model\)`)

// modelName is the GPU whose time model timed a table on device, the
// H100 where the name does not say.
func modelName(device string) string {
	if m := modelOf.FindStringSubmatch(device); m != nil {
		return m[1]
	}
	return "H100"
}

// footer lines follow the table in every form: the baseline, what the
// metric means and the ceiling it is compared with.
func footer(t labs.Table) []string {
	lines := []string{"vs base = speedup over " + orDefault(t.Baseline, "the baseline")}
	if modeled(t) {
		lines = append(lines, "modeled ms = "+modelName(t.Device)+" time model over the run's counters, not measured (docs/timemodel.md)")
	}
	if t.MetricFormula != "" {
		lines = append(lines, fmt.Sprintf("%s = %s", orDefault(t.MetricName, "metric"), t.MetricFormula))
	}
	if t.Ceiling > 0 {
		lines = append(lines, fmt.Sprintf("ceiling: %s = %s %s", orDefault(t.CeilingName, "ceiling"), sig3(t.Ceiling), t.MetricUnit))
	}
	return lines
}

// textWidth is the width the text form keeps within: a terminal, or a
// notebook's text output, without wrapping.
const textWidth = 100

// model is t as a table, one line per row, for every form (HTML's says
// what it shows; the text form opens each size with a line of its own, the
// size and the CPU time, instead of their columns).
func model(t labs.Table) table.Table {
	cols := columns(t)
	win := winners(t)
	m := table.Table{Title: t.Title, Subtitle: subtitle(t), WinnerLegend: winnerLegend, Footer: footer(t),
		Notes: t.Notes, Width: textWidth}
	for _, c := range cols {
		tc := table.Column{Head: c.head, Short: c.short}
		if c.right {
			tc.Align = table.Right
		}
		if c.perSize {
			tc.Hide = table.TextForm
		}
		m.Columns = append(m.Columns, tc)
	}
	for i, r := range t.Rows {
		var row table.Row
		if i == 0 || r.Size != t.Rows[i-1].Size {
			row.Lead = sizeLine(t, r)
			if i > 0 {
				row.Marks |= table.GroupStart
			}
		}
		switch {
		case rowFailed(r):
			row.Marks |= table.Failed
		case win[i]:
			row.Marks |= table.Winner
		}
		for _, c := range cols {
			cell := table.Cell{Text: c.cell(r)}
			if c.tip != nil {
				cell.Tip = c.tip(r)
			}
			switch {
			case c.check && rowFailed(r):
				cell.Em, cell.Fallback = table.Bad, "✗" // the figure is in the details
			case c.check && r.Pass:
				cell.Em = table.Good
			case c.check:
				cell.Em = table.Dim
			case win[i] && c.key:
				cell.Em = table.Strong
			}
			row.Cells = append(row.Cells, cell)
		}
		m.Rows = append(m.Rows, row)
	}
	if ds := details(t); len(ds) > 0 {
		// HTML: one row per detail; the other forms: by size.
		dt := &table.Table{Columns: []table.Column{{}, {}, {Code: table.HTMLForm, Wrap: true}, {Wrap: true}}}
		for _, d := range ds {
			r := t.Rows[d.row]
			dt.Rows = append(dt.Rows, table.Row{Cells: []table.Cell{{Text: sizeLabel(r)}, {Text: r.Variant}, {Text: d.launch}, {Text: d.text}}})
		}
		m.Details = &table.Details{Summary: detailsSummary, Table: dt}
		for _, sd := range detailsBySize(t) {
			m.Details.Items = append(m.Details.Items, table.Item{Text: sd.head, Sub: sd.lines})
		}
	}
	return m
}

// Text is t as aligned plain text for a terminal, at most 100 columns wide
// for the lab catalogue's tables: each size opens with a line of its own
// (the size and the CPU time), the rows follow, the details below.
func Text(t labs.Table) string { return table.Text(model(t)) }

// Markdown is t as a GitHub-flavoured Markdown table: the fastest variant
// at each size and failed checks in bold, the details in a <details> block
// below.
func Markdown(t labs.Table) string { return table.Markdown(model(t)) }

// HTML is t as a styled HTML table for a notebook, one line per row: the
// fastest variant at each size in bold on green, failed rows on red with
// the figure that failed, a heavier rule between sizes; each row's launch
// shape and check text are its tooltips and in a <details> below, after the
// metric formula and the notes.
func HTML(t labs.Table) string { return table.HTML(model(t)) }

// sizeLine opens a size in the text form: "n = 256 · CPU 17.1 ms".
func sizeLine(t labs.Table, r labs.Row) string {
	s := sizeName(t) + " = " + sizeLabel(r)
	switch {
	case r.CPUNote != "":
		s += " · CPU " + strings.TrimPrefix(r.CPUNote, "CPU ")
	case r.CPUMS > 0:
		s += " · CPU " + sig3(r.CPUMS) + " ms"
	}
	return s
}

// sizeDetails are the details of one size's rows in the text and Markdown
// forms: the check text most of them share, said once on a line of the
// size's own, then each row's launch shape, with its check text where it
// is another.
type sizeDetails struct {
	head  string   // "n = 256 — ok: rel L2 err …"
	lines []string // "shared tiles 16×16: mm_tiled<16><<<…>>>"
}

func detailsBySize(t labs.Table) []sizeDetails {
	var groups [][]detail
	for _, d := range details(t) {
		if n := len(groups); n == 0 || t.Rows[groups[n-1][0].row].Size != t.Rows[d.row].Size {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], d)
	}
	var out []sizeDetails
	for _, g := range groups {
		count := map[string]int{}
		shared := ""
		for _, d := range g {
			if count[d.text]++; count[d.text] > 1 && count[d.text] > count[shared] {
				shared = d.text
			}
		}
		sd := sizeDetails{head: sizeName(t) + " = " + sizeLabel(t.Rows[g[0].row])}
		if shared != "" {
			sd.head += " — " + shared
		}
		for _, d := range g {
			var parts []string
			if d.launch != "" {
				parts = append(parts, d.launch)
			}
			if d.text != shared {
				parts = append(parts, d.text)
			}
			if len(parts) > 0 {
				sd.lines = append(sd.lines, t.Rows[d.row].Variant+": "+strings.Join(parts, " · "))
			}
		}
		out = append(out, sd)
	}
	return out
}

const detailsSummary = "launch shapes and checks"
