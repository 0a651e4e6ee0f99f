package nbrun

import (
	"fmt"
	"html"
	"io"
	"regexp"
	"strings"
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
	var b strings.Builder
	e := html.EscapeString
	fmt.Fprintf(&b, `<!DOCTYPE html><html><head><meta charset="utf-8"><title>%s</title><style>%s</style></head><body>`, e(info.Title), reportCSS)
	fmt.Fprintf(&b, "<h1>%s</h1>\n<table class=meta>", e(info.Title))
	for _, kv := range [][2]string{{"culab", info.Culab}, {"commit", info.Commit}, {"date", info.Date},
		{"driver", info.Driver}, {"NVRTC", info.NVRTC}, {"total time", info.Duration}} {
		fmt.Fprintf(&b, "<tr><th>%s</th><td>%s</td></tr>", e(kv[0]), e(kv[1]))
	}
	fmt.Fprintf(&b, "</table>\n<details open><summary>device</summary><pre>%s</pre></details>\n<ul class=toc>", e(info.Device))
	for i, en := range entries {
		fmt.Fprintf(&b, `<li><a href="#nb%d">%s</a> — %s</li>`, i, e(en.Name), status(en))
	}
	b.WriteString("</ul>\n")
	for i, en := range entries {
		fmt.Fprintf(&b, `<section id="nb%d"><h2>%s</h2><p class=status>%s</p>`, i, e(en.Name), status(en))
		if en.Err != nil {
			fmt.Fprintf(&b, "<pre class=error>%s</pre>", e(en.Err.Error()))
		}
		if nb := en.Result.Notebook; nb != nil {
			for _, c := range nb.Cells {
				writeCell(&b, c)
			}
		}
		b.WriteString("</section>\n")
	}
	b.WriteString("</body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func status(en Entry) string {
	switch {
	case en.Err != nil:
		return `<span class=fail>not run</span>`
	case en.Result.Failed():
		return fmt.Sprintf(`<span class=fail>failed at cell %d: %s</span>`, en.Result.FailedCell, html.EscapeString(en.Result.Err.Name+": "+en.Result.Err.Value))
	}
	return fmt.Sprintf(`<span class=ok>ok</span> (%.1fs)`, en.Result.Duration.Seconds())
}

// writeCell shows markdown headings (to give the outputs their context)
// and every output, richest representation first.
func writeCell(b *strings.Builder, c *Cell) {
	if c.CellType == "markdown" {
		for _, line := range strings.Split(string(c.Source), "\n") {
			if m := heading.FindStringSubmatch(line); m != nil {
				fmt.Fprintf(b, "<h%d>%s</h%d>", len(m[1])+1, html.EscapeString(m[2]), len(m[1])+1)
			}
		}
		return
	}
	for _, o := range c.Outputs {
		switch o.OutputType {
		case "stream":
			fmt.Fprintf(b, "<pre class=%s>%s</pre>", o.Name, html.EscapeString(o.Text))
		case "error":
			fmt.Fprintf(b, "<pre class=error>%s</pre>", html.EscapeString(stripANSI(strings.Join(o.Traceback, "\n"))))
		default:
			writeData(b, o.Data)
		}
	}
}

var (
	heading = regexp.MustCompile(`^(#{1,4})\s+(.*)$`)
	ansi    = regexp.MustCompile("\x1b\\[[0-9;]*m")
)

func stripANSI(s string) string { return ansi.ReplaceAllString(s, "") }

func writeData(b *strings.Builder, data map[string]any) {
	str := func(k string) (string, bool) { s, ok := data[k].(string); return s, ok }
	if s, ok := str("text/html"); ok {
		fmt.Fprintf(b, "<div class=out>%s</div>", s)
	} else if s, ok := str("image/png"); ok {
		fmt.Fprintf(b, `<div class=out><img src="data:image/png;base64,%s"></div>`, s)
	} else if s, ok := str("image/svg+xml"); ok {
		fmt.Fprintf(b, "<div class=out>%s</div>", s)
	} else if s, ok := str("text/markdown"); ok {
		fmt.Fprintf(b, "<pre class=md>%s</pre>", html.EscapeString(s))
	} else if s, ok := str("text/plain"); ok {
		fmt.Fprintf(b, "<pre>%s</pre>", html.EscapeString(s))
	}
}

const reportCSS = `body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
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
	for _, kv := range [][2]string{{"culab", info.Culab}, {"commit", info.Commit}, {"date", info.Date},
		{"driver", info.Driver}, {"NVRTC", info.NVRTC}, {"total time", info.Duration}} {
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
