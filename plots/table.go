package plots

import (
	"fmt"
	"html"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/culab/culab/cudalib/labs"
	"github.com/culab/culab/display"
)

// Show is t as a notebook display: the HTML table, with Markdown and the
// text table beside it. Make it a cell's last expression, or pass it to display.Show.
func Show(t labs.Table) display.Data {
	return display.Data{MIME: map[string]any{
		display.MIMEHTML:     HTML(t),
		display.MIMEMarkdown: Markdown(t), // what `culab run` collects into tables.md
		display.MIMEText:     Text(t),
	}}
}

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

func (c column) textHead() string { return orDefault(c.short, c.head) }

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

// footer lines follow the table in every form: the baseline, what the
// metric means and the ceiling it is compared with.
func footer(t labs.Table) []string {
	lines := []string{"vs base = speedup over " + orDefault(t.Baseline, "the baseline")}
	if modeled(t) {
		lines = append(lines, "modeled ms = H100 time model over the run's counters, not measured (docs/timemodel.md)")
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

// Text is t as aligned plain text for a terminal, at most 100 columns wide
// for the lab catalogue's tables: each size opens with a line of its own
// (the size and the CPU time), the rows follow, the details below.
func Text(t labs.Table) string {
	var cols []column
	for _, c := range columns(t) {
		if !c.perSize {
			cols = append(cols, c)
		}
	}
	win := winners(t)
	cells := make([][]string, len(t.Rows))
	width := make([]int, len(cols))
	for i, c := range cols {
		width[i] = utf8.RuneCountInString(c.textHead())
	}
	for ri, r := range t.Rows {
		for i, c := range cols {
			s := oneLine(c.cell(r))
			if c.check && !r.Pass && !r.Skipped && tooWide(width, s, i) {
				s = "✗" // the figure is in the details
			}
			cells[ri] = append(cells[ri], s)
			width[i] = max(width[i], utf8.RuneCountInString(s))
		}
	}
	line := func(mark string, row []string) string {
		var b strings.Builder
		b.WriteString(mark)
		for i, s := range row {
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(s))
			if i > 0 {
				b.WriteString("  ")
			}
			if cols[i].right {
				b.WriteString(pad + s)
			} else {
				b.WriteString(s + pad)
			}
		}
		return strings.TrimRight(b.String(), " ") + "\n"
	}

	var b strings.Builder
	if t.Title != "" {
		b.WriteString(t.Title + "\n")
	}
	if sub := subtitle(t); sub != "" {
		b.WriteString(sub + "\n")
	}
	var head, rule []string
	for i, c := range cols {
		head = append(head, c.textHead())
		rule = append(rule, strings.Repeat("─", width[i]))
	}
	b.WriteString(line("  ", head))
	b.WriteString(line("  ", rule))
	for ri, r := range t.Rows {
		if ri == 0 || r.Size != t.Rows[ri-1].Size {
			b.WriteString(sizeLine(t, r) + "\n")
		}
		b.WriteString(line(map[bool]string{true: "▸ ", false: "  "}[win[ri]], cells[ri]))
	}
	var notes []string
	for _, w := range win {
		if w {
			notes = append(notes, "▸ "+winnerLegend)
			break
		}
	}
	notes = append(notes, footer(t)...)
	for _, n := range notes {
		b.WriteString(wrap(n, "", textWidth))
	}
	if ds := detailsBySize(t); len(ds) > 0 {
		b.WriteString(detailsSummary + ":\n")
		for _, d := range ds {
			b.WriteString(wrap(d.head, "    ", textWidth))
			for _, l := range d.lines {
				b.WriteString(wrap("  "+l, "      ", textWidth))
			}
		}
	}
	for _, n := range t.Notes {
		b.WriteString(wrap("• "+oneLine(n), "  ", textWidth))
	}
	return b.String()
}

// tooWide says whether s in column i would take the text table past
// textWidth (two spaces between columns and the two of the row mark).
func tooWide(width []int, s string, i int) bool {
	total := 2 + 2*(len(width)-1)
	for j, w := range width {
		if j == i {
			w = max(w, utf8.RuneCountInString(s))
		}
		total += w
	}
	return total > textWidth
}

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

// wrap breaks s at spaces into lines of at most width runes (a longer word
// keeps its own line), continuation lines indented by indent; s keeps its
// own leading spaces.
func wrap(s, indent string, width int) string {
	var b strings.Builder
	lead := s[:len(s)-len(strings.TrimLeft(s, " "))]
	line := lead
	for _, w := range strings.Fields(s) {
		switch {
		case line == lead:
			line += w
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) > width:
			b.WriteString(line + "\n")
			line = indent + w
		default:
			line += " " + w
		}
	}
	b.WriteString(line + "\n")
	return b.String()
}

// Markdown is t as a GitHub-flavoured Markdown table: the fastest variant
// at each size and failed checks in bold, the details in a <details> block
// below.
func Markdown(t labs.Table) string {
	cols := columns(t)
	win := winners(t)
	var b strings.Builder
	if t.Title != "" {
		b.WriteString("**" + mdEscape(t.Title) + "**\n\n")
	}
	if sub := subtitle(t); sub != "" {
		b.WriteString(mdEscape(sub) + "\n\n")
	}
	var head, rule []string
	for _, c := range cols {
		head = append(head, mdEscape(c.head))
		rule = append(rule, map[bool]string{true: "---:", false: ":---"}[c.right])
	}
	b.WriteString("| " + strings.Join(head, " | ") + " |\n")
	b.WriteString("|" + strings.Join(rule, "|") + "|\n")
	for ri, r := range t.Rows {
		var row []string
		for _, c := range cols {
			s := mdEscape(c.cell(r))
			if c.check && rowFailed(r) || win[ri] && c.key {
				s = "**" + s + "**"
			}
			row = append(row, s)
		}
		b.WriteString("| " + strings.Join(row, " | ") + " |\n")
	}
	b.WriteString("\n")
	for _, w := range win {
		if w {
			b.WriteString("**bold**: " + winnerLegend + "  \n")
			break
		}
	}
	for _, l := range footer(t) {
		b.WriteString(mdEscape(l) + "  \n")
	}
	for _, n := range t.Notes {
		b.WriteString("- " + mdEscape(n) + "\n")
	}
	if ds := detailsBySize(t); len(ds) > 0 {
		// GitHub renders Markdown inside <details> after a blank line.
		b.WriteString("\n<details><summary>" + detailsSummary + "</summary>\n\n")
		for _, d := range ds {
			b.WriteString("- " + mdEscape(d.head) + "\n")
			for _, l := range d.lines {
				b.WriteString("  - " + mdEscape(l) + "\n")
			}
		}
		b.WriteString("\n</details>\n")
	}
	return b.String()
}

const detailsSummary = "launch shapes and checks"

var mdEscaper = strings.NewReplacer("|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "<", "&lt;", "\n", " ")

func mdEscape(s string) string { return mdEscaper.Replace(s) }

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }

// HTML styles. Inline, because JupyterLab drops <style> from untrusted
// outputs (an executed notebook opened later); colours are translucent so
// that they read on light and dark themes alike.
const (
	htmlCell    = "padding:2px 6px;white-space:nowrap;vertical-align:baseline;border-bottom:1px solid rgba(128,128,128,0.25)"
	htmlHead    = "padding:2px 6px;vertical-align:bottom;border-bottom:2px solid rgba(128,128,128,0.7);font-weight:600"
	htmlFailed  = "background-color:rgba(220,30,50,0.13)"
	htmlWinner  = "background-color:rgba(40,160,80,0.13)"
	htmlNewSize = "border-top:1.5px solid rgba(128,128,128,0.6)"
	htmlRed     = "color:#c0182b;font-weight:600"
	htmlGreen   = "color:#1a8a3a"
)

// HTML is t as a styled HTML table for a notebook, one line per row: the
// fastest variant at each size in bold on green, failed rows on red with
// the figure that failed, a heavier rule between sizes; each row's launch
// shape and check text are its tooltips and in a <details> below, after the
// metric formula and the notes.
func HTML(t labs.Table) string {
	cols := columns(t)
	win := winners(t)
	esc := html.EscapeString
	var b strings.Builder
	b.WriteString(`<div style="font-family:system-ui,-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;font-size:13px;line-height:1.4;margin:4px 0;max-width:100%;overflow-x:auto">` + "\n")
	if t.Title != "" {
		b.WriteString(`<div style="font-weight:600;font-size:15px;margin-bottom:2px">` + esc(t.Title) + "</div>\n")
	}
	if sub := subtitle(t); sub != "" {
		b.WriteString(`<div style="opacity:0.7;margin-bottom:4px">` + esc(sub) + "</div>\n")
	}
	// margin:0 and table-layout:auto undo JupyterLab's centred, fixed-layout tables.
	b.WriteString(`<table style="border-collapse:collapse;margin:0;table-layout:auto;font-variant-numeric:tabular-nums">` + "\n<thead><tr>")
	for _, c := range cols {
		// Headers may wrap (a long baseline name); rows may not.
		fmt.Fprintf(&b, `<th style="%s;text-align:%s">%s</th>`, htmlHead, align(c.right), esc(c.head))
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	for i, r := range t.Rows {
		var rowStyle []string
		if i > 0 && r.Size != t.Rows[i-1].Size {
			rowStyle = append(rowStyle, htmlNewSize)
		}
		switch {
		case rowFailed(r):
			rowStyle = append(rowStyle, htmlFailed)
		case win[i]:
			rowStyle = append(rowStyle, htmlWinner)
		}
		fmt.Fprintf(&b, `<tr style="%s">`, strings.Join(rowStyle, ";"))
		for _, c := range cols {
			style, title := htmlCell+";text-align:"+align(c.right), ""
			switch {
			case c.check && rowFailed(r):
				style += ";" + htmlRed
			case c.check && r.Pass:
				style += ";" + htmlGreen
			case c.check:
				style += ";opacity:0.7"
			case win[i] && c.key:
				style += ";font-weight:600"
			}
			if c.tip != nil && c.tip(r) != "" {
				title = ` title="` + esc(c.tip(r)) + `"`
			}
			s := esc(c.cell(r))
			fmt.Fprintf(&b, `<td style="%s"%s>%s</td>`, style, title, s)
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody>\n</table>\n")
	for _, w := range win {
		if w {
			b.WriteString(`<div style="margin-top:4px;opacity:0.8"><span style="` + htmlWinner + `;font-weight:600;padding:0 4px">bold</span>: ` + winnerLegend + "</div>\n")
			break
		}
	}
	for _, l := range footer(t) {
		b.WriteString(`<div style="margin-top:4px;opacity:0.8">` + esc(l) + "</div>\n")
	}
	if len(t.Notes) > 0 {
		b.WriteString(`<ul style="margin:4px 0;padding-left:20px">`)
		for _, n := range t.Notes {
			b.WriteString("<li>" + esc(n) + "</li>")
		}
		b.WriteString("</ul>\n")
	}
	if ds := details(t); len(ds) > 0 {
		b.WriteString(`<details style="margin-top:4px"><summary style="cursor:pointer;opacity:0.8">` + detailsSummary + "</summary>\n")
		b.WriteString(`<table style="border-collapse:collapse;margin:4px 0 0 0;table-layout:auto;font-size:12px"><tbody>` + "\n")
		const cell = "padding:1px 8px;text-align:left;vertical-align:top;border-bottom:1px solid rgba(128,128,128,0.2)"
		for _, d := range ds {
			r := t.Rows[d.row]
			fmt.Fprintf(&b, `<tr><td style="%[1]s;white-space:nowrap">%[2]s</td><td style="%[1]s;white-space:nowrap">%[3]s</td><td style="%[1]s;font-family:monospace">%[4]s</td><td style="%[1]s">%[5]s</td></tr>`+"\n",
				cell, esc(sizeLabel(r)), esc(r.Variant), esc(d.launch), esc(d.text))
		}
		b.WriteString("</tbody></table>\n</details>\n")
	}
	b.WriteString("</div>\n")
	return b.String()
}

func align(right bool) string {
	if right {
		return "right"
	}
	return "left"
}
