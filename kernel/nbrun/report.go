package nbrun

import (
	"fmt"
	"html"
	"html/template"
	"io"
	"regexp"
	"strings"

	"github.com/culab/culab/display/table"
)

// ReportInfo is the header of a report: where and with what it ran.
type ReportInfo struct {
	Title    string
	Culab    string // version
	Commit   string
	Date     string
	Device   string // device report, several lines
	Driver   string
	NVRTC    string
	Duration string
}

// Entry is one notebook of a report.
type Entry struct {
	Name   string
	Result Result
	Err    error // the notebook could not be run at all
}

// WriteReport writes one self-contained HTML page: the header, then each
// notebook's rich outputs (tables, charts) in order, and any error.
func WriteReport(w io.Writer, info ReportInfo, entries []Entry) error {
	meta := table.Table{Look: table.Bare, Class: "meta", Columns: []table.Column{{RowHead: true}, {}}}
	for _, kv := range metaFields(info) {
		meta.Rows = append(meta.Rows, table.Row{Cells: []table.Cell{{Text: kv[0]}, {Text: kv[1]}}})
	}
	return reportPage.Execute(w, struct {
		Info    ReportInfo
		CSS     template.CSS
		Meta    template.HTML
		Entries []Entry
	}{info, reportCSS, template.HTML(table.HTML(meta)), entries})
}

// metaFields are the header's lines: where and with what the report ran.
func metaFields(info ReportInfo) [][2]string {
	return [][2]string{{"culab", info.Culab}, {"commit", info.Commit}, {"date", info.Date},
		{"driver", info.Driver}, {"NVRTC", info.NVRTC}, {"total time", info.Duration}}
}

var reportPage = template.Must(template.New("report").Funcs(template.FuncMap{
	"status":    status,
	"headings":  headings,
	"traceback": func(o Output) string { return stripANSI(strings.Join(o.Traceback, "\n")) },
	"data":      data,
}).Parse(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>{{.Info.Title}}</title><style>{{.CSS}}</style></head><body><h1>{{.Info.Title}}</h1>
{{.Meta}}<details open><summary>device</summary><pre>{{.Info.Device}}</pre></details>
<ul class=toc>{{range $i, $e := .Entries}}<li><a href="#nb{{$i}}">{{.Name}}</a> — {{status $e}}</li>{{end}}</ul>
{{range $i, $e := .Entries}}<section id="nb{{$i}}"><h2>{{.Name}}</h2><p class=status>{{status $e}}</p>
{{- with .Err}}<pre class=error>{{.Error}}</pre>{{end}}
{{- with .Result.Notebook}}{{range .Cells}}{{template "cell" .}}{{end}}{{end}}</section>
{{end}}</body></html>
{{define "cell"}}{{if eq .CellType "markdown"}}{{headings .}}{{else}}{{range .Outputs}}
{{- if eq .OutputType "stream"}}<pre class={{.Name}}>{{.Text}}</pre>
{{- else if eq .OutputType "error"}}<pre class=error>{{traceback .}}</pre>
{{- else}}{{data .Data}}{{end}}{{end}}{{end}}{{end}}`))

func status(en Entry) template.HTML {
	switch {
	case en.Err != nil:
		return `<span class=fail>not run</span>`
	case en.Result.Failed():
		return template.HTML(fmt.Sprintf(`<span class=fail>failed at cell %d: %s</span>`, en.Result.FailedCell, html.EscapeString(en.Result.Err.Name+": "+en.Result.Err.Value)))
	}
	return template.HTML(fmt.Sprintf(`<span class=ok>ok</span> (%.1fs)`, en.Result.Duration.Seconds()))
}

// headings are a markdown cell's headings, one level down (to give the
// outputs their context).
func headings(c *Cell) template.HTML {
	var b strings.Builder
	for _, line := range strings.Split(string(c.Source), "\n") {
		if m := heading.FindStringSubmatch(line); m != nil {
			fmt.Fprintf(&b, "<h%d>%s</h%d>", len(m[1])+1, html.EscapeString(m[2]), len(m[1])+1)
		}
	}
	return template.HTML(b.String())
}

var (
	heading = regexp.MustCompile(`^(#{1,4})\s+(.*)$`)
	ansi    = regexp.MustCompile("\x1b\\[[0-9;]*m")
)

func stripANSI(s string) string { return ansi.ReplaceAllString(s, "") }

// data is an output's richest representation. Its HTML and SVG are the
// notebook's own and go in as they are, as a notebook shows them.
func data(d map[string]any) template.HTML {
	str := func(k string) (string, bool) { s, ok := d[k].(string); return s, ok }
	if s, ok := str("text/html"); ok {
		return template.HTML("<div class=out>" + s + "</div>")
	} else if s, ok := str("image/png"); ok {
		return template.HTML(`<div class=out><img src="data:image/png;base64,` + html.EscapeString(s) + `"></div>`)
	} else if s, ok := str("image/svg+xml"); ok {
		return template.HTML("<div class=out>" + s + "</div>")
	} else if s, ok := str("text/markdown"); ok {
		return template.HTML("<pre class=md>" + html.EscapeString(s) + "</pre>")
	} else if s, ok := str("text/plain"); ok {
		return template.HTML("<pre>" + html.EscapeString(s) + "</pre>")
	}
	return ""
}

const reportCSS template.CSS = `body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
pre{background:#f6f8fa;padding:.6em;overflow-x:auto;font-size:13px}pre.stderr{background:#fff4e5}
pre.error{background:#fde8e8;color:#900}.fail{color:#b00;font-weight:bold}.ok{color:#070;font-weight:bold}
table.meta th{text-align:left;padding-right:1em}.out{margin:.8em 0;overflow-x:auto}.out img{max-width:100%}
section{border-top:2px solid #ddd;margin-top:2em}`

// WriteTables writes the report's tables as Markdown (every output that
// carries text/markdown, under its notebook's headings): the form results
// are committed in.
func WriteTables(w io.Writer, info ReportInfo, entries []Entry) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", info.Title)
	for _, kv := range metaFields(info) {
		fmt.Fprintf(&b, "- %s: %s\n", kv[0], kv[1])
	}
	fmt.Fprintf(&b, "\n```\n%s\n```\n", strings.TrimSpace(info.Device))
	for _, en := range entries {
		fmt.Fprintf(&b, "\n## %s\n\n", en.Name)
		switch {
		case en.Err != nil:
			fmt.Fprintf(&b, "**not run**: %s\n", en.Err)
			continue
		case en.Result.Failed():
			fmt.Fprintf(&b, "**failed at cell %d**: %s: %s\n\n", en.Result.FailedCell, en.Result.Err.Name, en.Result.Err.Value)
		}
		for _, c := range en.Result.Notebook.Cells {
			if c.CellType == "markdown" {
				for _, line := range strings.Split(string(c.Source), "\n") {
					if m := heading.FindStringSubmatch(line); m != nil && len(m[1]) > 1 {
						fmt.Fprintf(&b, "#%s %s\n\n", m[1], m[2])
					}
				}
				continue
			}
			for _, o := range c.Outputs {
				if s, ok := o.Data["text/markdown"].(string); ok {
					fmt.Fprintf(&b, "%s\n\n", strings.TrimSpace(s))
				}
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
