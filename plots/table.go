package plots

import (
	"fmt"
	"html"
	"math"
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

// column is one column of the table view.
type column struct {
	head  string
	right bool // numbers align right
	check bool // the check column, emphasised on failed rows
	cell  func(labs.Row) string
}

// columns chooses t's columns; the metric and note columns appear only
// when the table has them.
func columns(t labs.Table) []column {
	hasMetric, hasNote := t.MetricName != "", false
	for _, r := range t.Rows {
		hasMetric = hasMetric || r.Metric != 0
		hasNote = hasNote || r.Note != ""
	}
	cols := []column{
		{head: orDefault(t.SizeName, "size"), cell: func(r labs.Row) string {
			return orDefault(r.SizeLabel, strconv.Itoa(r.Size))
		}},
		{head: "variant", cell: func(r labs.Row) string { return r.Variant }},
		{head: "median ms", right: true, cell: func(r labs.Row) string { return num(r.MedianMS) }},
		{head: "min–max ms", right: true, cell: func(r labs.Row) string {
			if r.MinMS == 0 && r.MaxMS == 0 {
				return "–"
			}
			return num(r.MinMS) + "–" + num(r.MaxMS)
		}},
	}
	if hasMetric {
		head := orDefault(t.MetricName, "metric")
		if t.MetricUnit != "" {
			head += " (" + t.MetricUnit + ")"
		}
		cols = append(cols, column{head: head, right: true, cell: func(r labs.Row) string { return num(r.Metric) }})
	}
	cols = append(cols,
		column{head: "CPU ms", right: true, cell: func(r labs.Row) string {
			switch {
			case r.CPUMS > 0 && r.CPUNote != "":
				return num(r.CPUMS) + " (" + r.CPUNote + ")"
			case r.CPUNote != "":
				return r.CPUNote
			}
			return num(r.CPUMS)
		}},
		column{head: "vs CPU", right: true, cell: func(r labs.Row) string { return times(r.SpeedupCPU) }},
		column{head: "vs " + orDefault(t.Baseline, "baseline"), right: true, cell: func(r labs.Row) string { return times(r.SpeedupBase) }},
		column{head: "check", check: true, cell: check},
	)
	if hasNote {
		cols = append(cols, column{head: "note", cell: func(r labs.Row) string { return r.Note }})
	}
	return cols
}

// rowFailed is a row whose check did not pass; a row skipped on purpose (no
// GPU) is not a failure and is not shown as one.
func rowFailed(r labs.Row) bool { return !r.Pass && !r.Skipped }

func check(r labs.Row) string {
	c := r.Check
	if c == "" {
		c = map[bool]string{true: "ok", false: "FAIL"}[r.Pass || r.Skipped]
	}
	if rowFailed(r) {
		return "✗ " + c
	}
	return c
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

// footer lines follow the table in every form: what the metric means and
// the ceiling it is compared with.
func footer(t labs.Table) []string {
	var lines []string
	if t.MetricFormula != "" {
		lines = append(lines, fmt.Sprintf("%s = %s", orDefault(t.MetricName, "metric"), t.MetricFormula))
	}
	if t.Ceiling > 0 {
		lines = append(lines, fmt.Sprintf("ceiling: %s = %s %s", orDefault(t.CeilingName, "ceiling"), sig3(t.Ceiling), t.MetricUnit))
	}
	return lines
}

// Text is t as aligned plain text for a terminal.
func Text(t labs.Table) string {
	cols := columns(t)
	cells := make([][]string, len(t.Rows)+1)
	width := make([]int, len(cols))
	for i, c := range cols {
		cells[0] = append(cells[0], c.head)
		width[i] = utf8.RuneCountInString(c.head)
	}
	for ri, r := range t.Rows {
		for i, c := range cols {
			s := oneLine(c.cell(r))
			cells[ri+1] = append(cells[ri+1], s)
			width[i] = max(width[i], utf8.RuneCountInString(s))
		}
	}

	var b strings.Builder
	if t.Title != "" {
		b.WriteString(t.Title + "\n")
	}
	if sub := subtitle(t); sub != "" {
		b.WriteString(sub + "\n")
	}
	for ri, row := range cells {
		var line strings.Builder
		for i, s := range row {
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(s))
			if i > 0 {
				line.WriteString("  ")
			}
			if cols[i].right {
				line.WriteString(pad + s)
			} else {
				line.WriteString(s + pad)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
		if ri == 0 {
			var rule []string
			for _, w := range width {
				rule = append(rule, strings.Repeat("─", w))
			}
			b.WriteString(strings.Join(rule, "  ") + "\n")
		}
	}
	for _, l := range footer(t) {
		b.WriteString(l + "\n")
	}
	for _, n := range t.Notes {
		b.WriteString("• " + oneLine(n) + "\n")
	}
	return b.String()
}

// Markdown is t as a GitHub-flavoured Markdown table, failed checks in bold.
func Markdown(t labs.Table) string {
	cols := columns(t)
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
	for _, r := range t.Rows {
		var row []string
		for _, c := range cols {
			s := mdEscape(c.cell(r))
			if c.check && rowFailed(r) {
				s = "**" + s + "**"
			}
			row = append(row, s)
		}
		b.WriteString("| " + strings.Join(row, " | ") + " |\n")
	}
	if f := footer(t); len(f) > 0 || len(t.Notes) > 0 {
		b.WriteString("\n")
		for _, l := range f {
			b.WriteString(mdEscape(l) + "  \n")
		}
		for _, n := range t.Notes {
			b.WriteString("- " + mdEscape(n) + "\n")
		}
	}
	return b.String()
}

var mdEscaper = strings.NewReplacer("|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "<", "&lt;", "\n", " ")

func mdEscape(s string) string { return mdEscaper.Replace(s) }

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }

// HTML is t as a styled HTML table for a notebook: failing rows red with
// their check text, a heavier rule between sizes, the metric formula and
// notes below.
func HTML(t labs.Table) string {
	cols := columns(t)
	esc := html.EscapeString
	var b strings.Builder
	b.WriteString(`<div style="font-family:system-ui,-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;font-size:13px;margin:4px 0">` + "\n")
	if t.Title != "" {
		b.WriteString(`<div style="font-weight:600;font-size:15px;margin-bottom:2px">` + esc(t.Title) + "</div>\n")
	}
	if sub := subtitle(t); sub != "" {
		b.WriteString(`<div style="opacity:0.7;margin-bottom:4px">` + esc(sub) + "</div>\n")
	}
	b.WriteString(`<table style="border-collapse:collapse;font-variant-numeric:tabular-nums">` + "\n<thead><tr>")
	for _, c := range cols {
		fmt.Fprintf(&b, `<th style="text-align:%s;padding:3px 10px;border-bottom:2px solid #888;white-space:nowrap">%s</th>`, align(c.right), esc(c.head))
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	for i, r := range t.Rows {
		rowStyle := ""
		if i > 0 && r.Size != t.Rows[i-1].Size {
			rowStyle = "border-top:1.5px solid #aaa;"
		}
		if rowFailed(r) {
			rowStyle += "background:#fde2e1;color:#a00018;"
		}
		if rowStyle != "" {
			rowStyle = ` style="` + rowStyle + `"`
		}
		b.WriteString("<tr" + rowStyle + ">")
		for _, c := range cols {
			s := c.cell(r)
			cellStyle := fmt.Sprintf("text-align:%s;padding:3px 10px;border-bottom:1px solid #ddd", align(c.right))
			s = esc(s)
			switch {
			case c.check && rowFailed(r):
				s = "<b>" + s + "</b>"
			case !c.check:
				cellStyle += ";white-space:nowrap"
			}
			fmt.Fprintf(&b, `<td style="%s">%s</td>`, cellStyle, s)
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody>\n</table>\n")
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
	b.WriteString("</div>\n")
	return b.String()
}

func align(right bool) string {
	if right {
		return "right"
	}
	return "left"
}
