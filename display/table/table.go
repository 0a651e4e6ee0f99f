// Package table is a neutral model of a table of results (columns; rows of
// cells with emphasis and tooltips; row marks; footer lines, notes and
// details) and its three renderers: HTML through html/template, Markdown
// and aligned text. Labs, checks, profiles and reports build a Table from
// their data and render it here, so that every table of culab looks and
// escapes alike (in the manner of gonum/plot's split of a plot's model
// from its drawing).
//
// It imports nothing of culab but display, the MIME bundles it fills.
package table

import "github.com/culab/culab/display"

// Align is a column's alignment: numbers align right.
type Align uint8

// The alignments.
const (
	Left Align = iota
	Right
)

// Em is a cell's emphasis.
type Em uint8

// The emphases. Markdown has only bold: Strong and Bad are bold there,
// Good and Dim plain. The Bare look's HTML marks failed rows, not cells.
const (
	Normal Em = iota
	Strong    // the value a reader looks for: bold
	Good      // a passed check: green
	Bad       // a failed check: red and bold
	Dim       // a value of less weight (a skipped check, a line number)
)

// Mark is a set of row marks.
type Mark uint8

// The row marks.
const (
	// GroupStart opens a group of rows (one size of a lab): a heavier
	// rule above it.
	GroupStart Mark = 1 << iota
	// Winner is the row a reader looks for first: green, "▸" in text.
	Winner
	// Failed is a row that failed: red.
	Failed
	// Faint is a row of no weight (a source line that ran nothing).
	Faint
	// Flagged is a row singled out with its Hint: orange, "▲".
	Flagged
)

// Form is a set of the renderers' forms.
type Form uint8

// The forms.
const (
	HTMLForm Form = 1 << iota
	MarkdownForm
	TextForm
)

// Look is how a table presents itself in HTML and text.
type Look uint8

// The looks.
const (
	// Styled is the look of lab tables and profiles: inline styles (an
	// executed notebook's outputs keep no <style>), colours that read on
	// light and dark themes, a compact text form with a rule under the
	// heads and a gutter for row marks.
	Styled Look = iota
	// Bare is the look of reports and checks: plain HTML elements, the
	// title in the verdict's colour, a text form in blocks separated by
	// blank lines.
	Bare
)

// Column is one column.
type Column struct {
	Head  string
	Short string // the text form's head, where Head is too wide; "" = Head
	Tip   string // the head's tooltip (HTML)
	Align Align
	// Code are the forms in which the cells are source code: monospace in
	// HTML, `code` in Markdown.
	Code Form
	// Wrap lets the cells wrap in HTML; by default a row is one line.
	Wrap bool
	// RowHead cells head their rows (<th>).
	RowHead bool
	// Width is the least width of the column in the text form.
	Width int
	// Hide are the forms that leave the column out.
	Hide Form
}

// Cell is one cell.
type Cell struct {
	Text string
	Tip  string // the tooltip (HTML)
	Em   Em
	// Code marks the cell as source code, as Column.Code does a column's.
	Code Form
	// Plain and MD are the text and Markdown forms' texts where they
	// differ from Text ("" = Text).
	Plain, MD string
	// Fallback is what the text form shows instead when the cell would
	// take the table past Table.Width ("" = none).
	Fallback string
}

// Row is one row.
type Row struct {
	Cells []Cell
	Marks Mark
	Tip   string // the row's tooltip (HTML)
	// Hint says what a Flagged row's mark means: on a line of its own
	// below the row in HTML, below the table in text.
	Hint string
	// Lead is a line of its own above the row in the text form (the size
	// a group of rows shares, which the text form leaves out of the rows).
	Lead string
	// Span makes the row a heading across the table (Cells unused); the
	// Markdown form, whose tables have no spanning cells, leaves it out.
	Span string
}

// Details are what the cells leave out, below the table: folded in the
// Styled look's HTML and Markdown.
type Details struct {
	Summary string
	// Table is the Styled look's HTML form of the details, a compact table;
	// without it, and in the other forms, the details are Items.
	Table *Table
	Items []Item
}

// Item is one entry of the details, with lines below it.
type Item struct {
	Text string
	Sub  []string
}

// Table is a table of results with what goes with it.
type Table struct {
	Look     Look
	Class    string // the HTML table's class, for tests and style sheets
	Title    string
	TitleEm  Em // the Bare look's title colour: Good or Bad
	Subtitle string
	Columns  []Column
	Rows     []Row
	// WinnerLegend says what a Winner row is, below the table, when a row
	// is one.
	WinnerLegend string
	Footer       []string // lines below the table
	Notes        []string // a list below the footer
	Details      *Details
	// Caption says how to read the HTML form (what hovering shows); the
	// other forms leave it out.
	Caption string
	// Width is the text form's width: longer lines wrap, cells give way
	// to their Fallback; 0 = unlimited.
	Width int
	// Gap is the spaces between the text form's columns; 0 = 2.
	Gap int
}

// Bundle is t as a notebook display: HTML, with Markdown (which `culab
// run` collects into tables.md) and text beside it.
func Bundle(t Table) display.Data {
	return display.Data{MIME: map[string]any{
		display.MIMEHTML:     HTML(t),
		display.MIMEMarkdown: Markdown(t),
		display.MIMEText:     Text(t),
	}}
}

// Both is the forms with a markup for code.
const Both = HTMLForm | MarkdownForm

// code says whether a cell of column c is code in form f.
func code(c Column, cell Cell, f Form) bool { return (c.Code|cell.Code)&f != 0 }

// shown are the indices of t's columns that form f shows.
func (t *Table) shown(f Form) []int {
	var out []int
	for i, c := range t.Columns {
		if c.Hide&f == 0 {
			out = append(out, i)
		}
	}
	return out
}

// hasWinner says whether a row is marked Winner.
func (t *Table) hasWinner() bool {
	for _, r := range t.Rows {
		if r.Marks&Winner != 0 {
			return true
		}
	}
	return false
}

// cell is row r's cell of column i; a short row reads as empty cells.
func (r Row) cell(i int) Cell {
	if i < len(r.Cells) {
		return r.Cells[i]
	}
	return Cell{}
}

// symbol is a row's mark in the text and Markdown forms.
func (r Row) symbol() string {
	switch {
	case r.Marks&Winner != 0:
		return "▸"
	case r.Marks&Flagged != 0:
		return "▲"
	}
	return ""
}

// Cols are columns headed heads, aligned a: a plain table's columns.
func Cols(a Align, heads ...string) []Column {
	cols := make([]Column, len(heads))
	for i, h := range heads {
		cols[i] = Column{Head: h, Align: a}
	}
	return cols
}

// AddRow appends a row of plain cells.
func (t *Table) AddRow(cells ...string) {
	r := Row{Cells: make([]Cell, len(cells))}
	for i, s := range cells {
		r.Cells[i] = Cell{Text: s}
	}
	t.Rows = append(t.Rows, r)
}
