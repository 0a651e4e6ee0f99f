package table

import (
	"strings"
	"unicode"
)

// Markdown is t as a GitHub-flavoured Markdown table: Strong and Bad cells
// in bold, a Flagged row's first cell after "▲", the details below (folded
// in the Styled look).
func Markdown(t Table) string {
	var b strings.Builder
	if t.Title != "" {
		b.WriteString("**" + MarkdownEscape(t.Title) + "**\n\n")
	}
	if t.Subtitle != "" {
		b.WriteString(MarkdownEscape(t.Subtitle) + "\n\n")
	}
	idx := t.shown(MarkdownForm)
	var head, rule []string
	for _, i := range idx {
		c := t.Columns[i]
		head = append(head, MarkdownEscape(c.Head))
		rule = append(rule, map[Align]string{Right: "---:", Left: ":---"}[c.Align])
	}
	b.WriteString("| " + strings.Join(head, " | ") + " |\n")
	b.WriteString("|" + strings.Join(rule, "|") + "|\n")
	for _, r := range t.Rows {
		if r.Span != "" {
			continue
		}
		var row []string
		for k, i := range idx {
			c, col := r.cell(i), t.Columns[i]
			text := c.Text
			if c.MD != "" {
				text = c.MD
			}
			s := MarkdownEscape(text)
			if code(col, c, MarkdownForm) && s != "" {
				s = "`" + strings.ReplaceAll(strings.TrimSpace(codeEscaper.Replace(text)), "`", "'") + "`"
			}
			if c.Em == Strong || c.Em == Bad {
				s = "**" + s + "**"
			}
			if k == 0 && r.Marks&Flagged != 0 {
				s = "▲ " + s
			}
			row = append(row, s)
		}
		b.WriteString("| " + strings.Join(row, " | ") + " |\n")
	}
	b.WriteString("\n")
	if t.WinnerLegend != "" && t.hasWinner() {
		b.WriteString("**bold**: " + MarkdownEscape(t.WinnerLegend) + "  \n")
	}
	for _, l := range t.Footer {
		b.WriteString(MarkdownEscape(l) + "  \n")
	}
	if t.Look == Bare {
		mdDetails(&b, t)
		mdNotes(&b, t)
	} else {
		mdNotes(&b, t)
		mdDetails(&b, t)
	}
	return b.String()
}

func mdNotes(b *strings.Builder, t Table) {
	for _, n := range t.Notes {
		b.WriteString("- " + MarkdownEscape(n) + "\n")
	}
}

func mdDetails(b *strings.Builder, t Table) {
	d := t.Details
	if d == nil || len(d.Items) == 0 {
		return
	}
	if t.Look == Bare {
		b.WriteString(MarkdownEscape(d.Summary) + ":\n\n")
	} else {
		// GitHub renders Markdown inside <details> after a blank line.
		b.WriteString("\n<details><summary>" + MarkdownEscape(d.Summary) + "</summary>\n\n")
	}
	for _, it := range d.Items {
		b.WriteString("- " + MarkdownEscape(it.Text) + "\n")
		for _, s := range it.Sub {
			b.WriteString("  - " + MarkdownEscape(s) + "\n")
		}
	}
	if t.Look == Bare {
		b.WriteString("\n")
	} else {
		b.WriteString("\n</details>\n")
	}
}

var (
	mdEscaper = strings.NewReplacer("|", `\|`, "*", `\*`, "`", "\\`", "<", "&lt;", "\n", " ")
	// In a code span only the table's pipe needs escaping.
	codeEscaper = strings.NewReplacer("|", `\|`, "\n", " ")
)

// MarkdownEscape makes s one line of literal text in a Markdown table: the
// pipe, emphasis and code marks escaped, and "<" with every ">" after it
// written as entities, so that nothing reads as an HTML tag ("<<<4, 256>>>");
// a lone ">" ("> 30s cap") stays as it is. An underscore within a word
// ("add_ref", "sm_90") stays too: it cannot start emphasis.
func MarkdownEscape(s string) string {
	s = mdEscaper.Replace(s)
	if strings.Contains(s, "_") {
		r := []rune(s)
		var b strings.Builder
		for i, c := range r {
			if c == '_' && !(i > 0 && i+1 < len(r) && wordRune(r[i-1]) && wordRune(r[i+1])) {
				b.WriteByte('\\')
			}
			b.WriteRune(c)
		}
		s = b.String()
	}
	if i := strings.Index(s, "&lt;"); i >= 0 {
		s = s[:i] + strings.ReplaceAll(s[i:], ">", "&gt;")
	}
	return s
}

func wordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
