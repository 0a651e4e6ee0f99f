package table

import (
	"strings"
	"unicode/utf8"
)

// Text is t as aligned plain text for a terminal. The Styled look is
// compact: a rule under the heads, a gutter with each row's mark, Lead
// lines above their rows, the hints of Flagged rows and the footer below,
// then the details and the notes as bullets; lines wrap at t.Width. The
// Bare look is blocks (title, table, details, footer, notes) separated by
// blank lines.
func Text(t Table) string {
	gap := t.Gap
	if gap == 0 {
		gap = 2
	}
	idx := t.shown(TextForm)
	width := make([]int, len(idx))
	for k, i := range idx {
		c := t.Columns[i]
		width[k] = max(c.Width, runes(c.textHead()))
	}
	// Fallbacks are chosen row by row: a cell whose text would take the
	// table past t.Width gives way to its fallback.
	cells := make([][]string, len(t.Rows))
	for ri, r := range t.Rows {
		if r.Span != "" {
			continue
		}
		for k, i := range idx {
			c := r.cell(i)
			s := oneLine(c.Text)
			if c.Plain != "" {
				s = oneLine(c.Plain)
			}
			if c.Fallback != "" && t.Width > 0 && t.tooWide(width, gap, k, s) {
				s = c.Fallback
			}
			cells[ri] = append(cells[ri], s)
			width[k] = max(width[k], runes(s))
		}
	}
	gutter := ""
	if t.Look == Styled {
		gutter = strings.Repeat(" ", gap)
	}
	line := func(mark string, row []string) string {
		var b strings.Builder
		if gutter != "" {
			b.WriteString(mark + gutter[min(len(gutter), runes(mark)):])
		}
		for k, s := range row {
			pad := strings.Repeat(" ", max(0, width[k]-runes(s)))
			if k > 0 {
				b.WriteString(strings.Repeat(" ", gap))
			}
			if t.Columns[idx[k]].Align == Right {
				b.WriteString(pad + s)
			} else {
				b.WriteString(s + pad)
			}
		}
		return strings.TrimRight(b.String(), " ") + "\n"
	}
	wrapped := func(s, indent string) string { return Wrap(s, indent, t.Width) }

	var b strings.Builder
	if t.Title != "" {
		b.WriteString(wrapped(t.Title, "  "))
	}
	if t.Subtitle != "" {
		b.WriteString(t.Subtitle + "\n") // a lab's device line: whole, as a terminal shows it
	}
	if t.Look == Bare && (t.Title != "" || t.Subtitle != "") {
		b.WriteString("\n")
	}
	var head, rule []string
	for k, i := range idx {
		head = append(head, t.Columns[i].textHead())
		rule = append(rule, strings.Repeat("─", width[k]))
	}
	b.WriteString(line("", head))
	if t.Look == Styled {
		b.WriteString(line("", rule))
	}
	for ri, r := range t.Rows {
		if r.Span != "" {
			b.WriteString(r.Span + "\n")
			continue
		}
		if r.Lead != "" {
			b.WriteString(r.Lead + "\n")
		}
		b.WriteString(line(r.symbol(), cells[ri]))
	}
	for ri, r := range t.Rows {
		if r.Hint != "" && r.Span == "" {
			first := ""
			if len(cells[ri]) > 0 {
				first = strings.TrimSpace(cells[ri][0]) + ": "
			}
			b.WriteString(wrapped(strings.TrimSpace(r.symbol()+" "+first+r.Hint), "    "))
		}
	}
	if t.WinnerLegend != "" && t.hasWinner() {
		b.WriteString(wrapped("▸ "+t.WinnerLegend, "  "))
	}
	if t.Look == Bare {
		bareText(&b, t)
		return b.String()
	}
	for _, l := range t.Footer {
		b.WriteString(wrapped(l, "  "))
	}
	if d := t.Details; d != nil && len(d.Items) > 0 {
		b.WriteString(d.Summary + ":\n")
		for _, it := range d.Items {
			b.WriteString(wrapped(it.Text, "    "))
			for _, s := range it.Sub {
				b.WriteString(wrapped("  "+s, "      "))
			}
		}
	}
	for _, n := range t.Notes {
		b.WriteString(wrapped("• "+oneLine(n), "  "))
	}
	return b.String()
}

// bareText is the Bare look's text below the table.
func bareText(b *strings.Builder, t Table) {
	if d := t.Details; d != nil && len(d.Items) > 0 {
		b.WriteString("\n" + d.Summary + ":\n")
		for _, it := range d.Items {
			b.WriteString(Wrap("  "+it.Text, "    ", t.Width))
			for _, s := range it.Sub {
				b.WriteString(Wrap("    "+s, "      ", t.Width))
			}
		}
	}
	if len(t.Footer)+len(t.Notes) > 0 {
		b.WriteString("\n")
	}
	for _, l := range append(append([]string(nil), t.Footer...), t.Notes...) {
		b.WriteString(Wrap(l, "  ", t.Width))
	}
}

func (c Column) textHead() string {
	if c.Short != "" {
		return c.Short
	}
	return c.Head
}

// tooWide says whether s in column k would take the text table past
// t.Width, with the widths so far.
func (t *Table) tooWide(width []int, gap, k int, s string) bool {
	total := gap * len(width) // the gutter and the gaps
	if t.Look == Bare {
		total -= gap
	}
	for j, w := range width {
		if j == k {
			w = max(w, runes(s))
		}
		total += w
	}
	return total > t.Width
}

// Wrap breaks s at spaces into lines of at most width runes (a longer word
// keeps its own line; width 0: no limit), continuation lines indented by
// indent; s keeps its own leading spaces.
func Wrap(s, indent string, width int) string {
	if width <= 0 {
		return s + "\n"
	}
	var b strings.Builder
	lead := s[:len(s)-len(strings.TrimLeft(s, " "))]
	line := lead
	for _, w := range strings.Fields(s) {
		switch {
		case line == lead:
			line += w
		case runes(line)+1+runes(w) > width:
			b.WriteString(line + "\n")
			line = indent + w
		default:
			line += " " + w
		}
	}
	b.WriteString(line + "\n")
	return b.String()
}

func runes(s string) int { return utf8.RuneCountInString(s) }

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }
