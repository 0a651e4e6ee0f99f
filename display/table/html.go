package table

import (
	"html/template"
	"strings"
)

// Styles of the Styled look. Inline, because JupyterLab drops <style> from
// untrusted outputs (an executed notebook opened later); colours are
// translucent so that they read on light and dark themes alike.
const (
	styleCell     = "padding:2px 6px;white-space:nowrap;vertical-align:baseline;border-bottom:1px solid rgba(128,128,128,0.25)"
	styleCellOpen = "padding:2px 6px;white-space:nowrap;vertical-align:baseline" // a hint row below draws the rule
	styleHead     = "padding:2px 6px;vertical-align:bottom;border-bottom:2px solid rgba(128,128,128,0.7);font-weight:600"
	styleCode     = "font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px;white-space:pre"
	styleHint     = "padding:0 6px 3px 3.2em;text-align:left;white-space:normal;font-size:12px;opacity:0.85;border-bottom:1px solid rgba(128,128,128,0.25)"
	styleDetail   = "padding:1px 8px;text-align:left;vertical-align:top;border-bottom:1px solid rgba(128,128,128,0.2)"
)

// Row and cell styles by mark and emphasis.
var (
	markStyle = map[Mark]string{
		GroupStart: "border-top:1.5px solid rgba(128,128,128,0.6)",
		Failed:     "background-color:rgba(220,30,50,0.13)",
		Winner:     "background-color:rgba(40,160,80,0.13)",
		Faint:      "opacity:0.45",
		Flagged:    "background-color:rgba(220,120,30,0.16)",
	}
	markOrder = []Mark{GroupStart, Failed, Winner, Faint, Flagged} // in a row's style
	emStyle   = map[Em]string{
		Strong: "font-weight:600",
		Good:   "color:#1a8a3a",
		Bad:    "color:#c0182b;font-weight:600",
		Dim:    "opacity:0.7",
	}
	bareTitle = map[Em]string{Good: "color:#1b7f3b", Bad: "color:#b00020"}
)

// The styles are constants of this file, never data, so they go into the
// template as CSS.
var funcs = template.FuncMap{
	"rowStyle": func(r Row) template.CSS {
		var s []string
		for _, m := range markOrder {
			if r.Marks&m != 0 {
				s = append(s, markStyle[m])
			}
		}
		return template.CSS(strings.Join(s, ";"))
	},
	"flagStyle": func() template.CSS { return template.CSS(markStyle[Flagged]) },
	"winStyle":  func() template.CSS { return template.CSS(markStyle[Winner]) },
	"cellStyle": func(r Row, c htmlCell) template.CSS {
		s := styleCell
		if r.Hint != "" {
			s = styleCellOpen
		}
		if code(c.Col, c.Cell, HTMLForm) {
			s += ";" + styleCode
		}
		s += ";text-align:" + c.Col.align()
		if es := emStyle[c.Em]; es != "" {
			s += ";" + es
		}
		return template.CSS(s)
	},
	"headStyle": func(c Column) template.CSS { return template.CSS(styleHead + ";text-align:" + c.align()) },
	"spanStyle": func() template.CSS { return template.CSS(styleHead + ";font-weight:600;padding-top:8px") },
	"hintStyle": func() template.CSS { return template.CSS(styleHint) },
	"detailStyle": func(c htmlCell) template.CSS {
		s := styleDetail
		if !c.Col.Wrap {
			s += ";white-space:nowrap"
		}
		if code(c.Col, c.Cell, HTMLForm) {
			s += ";font-family:monospace"
		}
		return template.CSS(s)
	},
	"titleStyle": func(e Em) template.CSS { return template.CSS("font-weight:bold;" + bareTitle[e]) },
	"isCode":     func(c htmlCell) bool { return code(c.Col, c.Cell, HTMLForm) },
	"failedBare": func(r Row) bool { return r.Marks&Failed != 0 },
	"cols":       func(t *Table) []Column { return pick(t.Columns, t.shown(HTMLForm)) },
	"cells":      func(t *Table, r Row) []htmlCell { return htmlCells(t, r) },
	"ncols":      func(t *Table) int { return len(t.shown(HTMLForm)) },
	"hasHeads": func(t *Table) bool {
		for _, c := range t.Columns {
			if c.Head != "" {
				return true
			}
		}
		return false
	},
	"hasWinner": func(t *Table) bool { return t.hasWinner() },
}

func (c Column) align() string {
	if c.Align == Right {
		return "right"
	}
	return "left"
}

func pick(cols []Column, idx []int) []Column {
	out := make([]Column, len(idx))
	for i, j := range idx {
		out[i] = cols[j]
	}
	return out
}

// htmlCell is a cell with its column, as the templates range over them.
type htmlCell struct {
	Cell
	Col Column
}

func htmlCells(t *Table, r Row) []htmlCell {
	var out []htmlCell
	for _, i := range t.shown(HTMLForm) {
		out = append(out, htmlCell{r.cell(i), t.Columns[i]})
	}
	return out
}

// The templates put each row on a line of its own, as the hand-written
// HTML they replace did.
var templates = template.Must(template.New("styled").Funcs(funcs).Parse(
	`<div style="font-family:system-ui,-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;font-size:13px;line-height:1.4;margin:4px 0;max-width:100%;overflow-x:auto">
{{if .Title}}<div style="font-weight:600;font-size:15px;margin-bottom:2px">{{.Title}}</div>
{{end}}{{if .Subtitle}}<div style="opacity:0.7;margin-bottom:4px">{{.Subtitle}}</div>
{{end}}{{/* margin:0 and table-layout:auto undo JupyterLab's centred, fixed-layout tables. */ -}}
<table{{with .Class}} class="{{.}}"{{end}} style="border-collapse:collapse;margin:0;table-layout:auto;font-variant-numeric:tabular-nums">
<thead><tr>{{range cols .}}<th style="{{headStyle .}}"{{with .Tip}} title="{{.}}"{{end}}>{{.Head}}</th>{{end}}</tr></thead>
<tbody>
{{$t := .}}{{range .Rows}}{{if .Span}}<tr><td colspan="{{ncols $t}}" style="{{spanStyle}}">{{.Span}}</td></tr>
{{else}}{{$r := .}}<tr style="{{rowStyle .}}"{{with .Tip}} title="{{.}}"{{end}}>{{range cells $t .}}<td style="{{cellStyle $r .}}"{{with .Tip}} title="{{.}}"{{end}}>{{.Text}}</td>{{end}}</tr>
{{with .Hint}}<tr class="culab-hint" style="{{flagStyle}}"><td colspan="{{ncols $t}}" style="{{hintStyle}}">▲ {{.}}</td></tr>
{{end}}{{end}}{{end}}</tbody>
</table>
{{if and .WinnerLegend (hasWinner .)}}<div style="margin-top:4px;opacity:0.8"><span style="{{winStyle}};font-weight:600;padding:0 4px">bold</span>: {{.WinnerLegend}}</div>
{{end}}{{range .Footer}}<div style="margin-top:4px;opacity:0.8">{{.}}</div>
{{end}}{{with .Notes}}<ul style="margin:4px 0;padding-left:20px">{{range .}}<li>{{.}}</li>{{end}}</ul>
{{end}}{{with .Details}}<details style="margin-top:4px"><summary style="cursor:pointer;opacity:0.8">{{.Summary}}</summary>
{{with .Table}}<table style="border-collapse:collapse;margin:4px 0 0 0;table-layout:auto;font-size:12px"><tbody>
{{$d := .}}{{range .Rows}}<tr>{{range cells $d .}}<td style="{{detailStyle .}}">{{.Text}}</td>{{end}}</tr>
{{end}}</tbody></table>
{{else}}<ul style="margin:4px 0;padding-left:20px">{{range .Items}}<li>{{.Text}}{{with .Sub}}<ul>{{range .}}<li>{{.}}</li>{{end}}</ul>{{end}}</li>{{end}}</ul>
{{end}}</details>
{{end}}{{with .Caption}}<div style="margin-top:4px;opacity:0.7">{{.}}</div>
{{end}}</div>
`))

var bare = template.Must(template.New("bare").Funcs(funcs).Parse(
	`<div>{{with .Title}}<p style="{{titleStyle $.TitleEm}}">{{.}}</p>
{{end}}<table{{with .Class}} class="{{.}}"{{end}}>{{if hasHeads .}}<thead><tr>{{range cols .}}<th>{{.Head}}</th>{{end}}</tr></thead>{{end}}<tbody>
{{$t := .}}{{range .Rows}}<tr{{if failedBare .}} style="background:#fde7e9"{{end}}>{{range cells $t .}}{{if .Col.RowHead}}<th>{{.Text}}</th>{{else if isCode .}}<td><code>{{.Text}}</code></td>{{else}}<td>{{.Text}}</td>{{end}}{{end}}</tr>
{{end}}</tbody></table>
{{with .Details}}<p>{{.Summary}}:</p><ul>
{{range .Items}}<li><code>{{.Text}}</code>{{with .Sub}}<ul>{{range .}}<li><code>{{.}}</code></li>{{end}}</ul>{{end}}</li>
{{end}}</ul>
{{end}}{{range .Footer}}<p style="font-size:smaller">{{.}}</p>
{{end}}{{with .Notes}}<ul style="font-size:smaller">
{{range .}}<li>{{.}}</li>
{{end}}</ul>{{end}}</div>`))

// HTML is t as HTML in its look: html/template escapes every text.
func HTML(t Table) string {
	var b strings.Builder
	tmpl := templates
	if t.Look == Bare {
		tmpl = bare
	}
	if err := tmpl.Execute(&b, &t); err != nil {
		// The templates are fixed and their data plain strings: an error
		// is a bug here, shown rather than lost.
		return "<pre>table: " + template.HTMLEscapeString(err.Error()) + "</pre>"
	}
	return b.String()
}
