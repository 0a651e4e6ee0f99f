package table

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/culab/culab/display"
)

// full is a table with every feature: heads with short forms and
// tooltips, both alignments, a code column, a column only some forms
// show, every emphasis and mark, a spanning row, hints, leads, fallbacks,
// footer, notes, details and a caption; its texts hold what each form
// must escape.
func full() Table {
	return Table{
		Class: "culab-test", Title: `Results <for> "you" & me`, Subtitle: "device · 3 runs",
		Columns: []Column{
			{Head: "size", Hide: TextForm},
			{Head: "variant", Tip: "which kernel"},
			{Head: "median ms", Short: "ms", Align: Right},
			{Head: "launch", Code: Both},
			{Head: "check", Hide: MarkdownForm},
		},
		Rows: []Row{
			{Marks: GroupStart | Winner, Lead: "n = 1", Cells: []Cell{{Text: "1"}, {Text: "tiled", Em: Strong, Tip: "a|b"},
				{Text: "1.00", Em: Strong}, {Text: "k<<<1, 32>>>"}, {Text: "✓", Em: Good}}},
			{Marks: Failed, Cells: []Cell{{Text: "1"}, {Text: "naive_*x*"}, {Text: "12.5"}, {Text: "a || b"},
				{Text: "✗ 3 wrong", Em: Bad, Fallback: "✗"}}},
			{Span: "more"},
			{Marks: GroupStart | Flagged, Hint: "32-way bank conflict", Tip: "row tip", Lead: "n = 2",
				Cells: []Cell{{Text: "2"}, {Text: "odd `tick`"}, {Text: "100", Plain: "1e2"}, {Text: "  k2()", MD: "k2(void)"}, {Text: "not run", Em: Dim}}},
			{Marks: Faint, Cells: []Cell{{Text: "2"}, {Text: "none", Code: Both}}},
		},
		WinnerLegend: "fastest at its size",
		Footer:       []string{"vs base = speedup over naive"},
		Notes:        []string{"a note > 30s"},
		Details: &Details{Summary: "launch shapes",
			Table: &Table{Columns: []Column{{Head: "size"}, {Head: "launch", Code: Both, Wrap: true}}, Rows: []Row{{Cells: []Cell{{Text: "1"}, {Text: "k<<<1, 32>>>"}}}}},
			Items: []Item{{Text: "n = 1", Sub: []string{"tiled: k<<<1, 32>>>"}}}},
		Caption: "hover for hints",
		Width:   100,
	}
}

func TestHTML(t *testing.T) {
	h := HTML(full())
	for _, want := range []string{
		`<table class="culab-test" style=`,
		`Results &lt;for&gt; &#34;you&#34; &amp; me`,
		`<th style="padding:2px 6px;vertical-align:bottom;border-bottom:2px solid rgba(128,128,128,0.7);font-weight:600;text-align:left" title="which kernel">variant</th>`,
		`text-align:right">median ms</th>`,
		`<td style="padding:2px 6px;white-space:nowrap;vertical-align:baseline;border-bottom:1px solid rgba(128,128,128,0.25);text-align:left;font-weight:600" title="a|b">tiled</td>`,
		`color:#c0182b;font-weight:600">✗ 3 wrong</td>`, // Bad
		`color:#1a8a3a">✓</td>`,                         // Good
		`opacity:0.7">not run</td>`,                     // Dim
		`k&lt;&lt;&lt;1, 32&gt;&gt;&gt;`,
		`<tr style="border-top:1.5px solid rgba(128,128,128,0.6);background-color:rgba(40,160,80,0.13)">`, // group start, winner
		`<tr style="background-color:rgba(220,30,50,0.13)">`,                                              // failed
		`<tr style="opacity:0.45">`, // faint
		`<tr style="border-top:1.5px solid rgba(128,128,128,0.6);background-color:rgba(220,120,30,0.16)" title="row tip">`,
		`<tr class="culab-hint" style="background-color:rgba(220,120,30,0.16)"><td colspan="5" style=`, `>▲ 32-way bank conflict</td></tr>`,
		`<tr><td colspan="5" style=`, `>more</td></tr>`,
		`>100</td>`, // Plain is the text form's
		`font-family:ui-monospace`,
		`font-size:12px;white-space:pre;text-align:left">none</td>`, // a code cell
		`bold</span>: fastest at its size</div>`,
		`<div style="margin-top:4px;opacity:0.8">vs base = speedup over naive</div>`,
		`<li>a note &gt; 30s</li>`,
		`<summary style="cursor:pointer;opacity:0.8">launch shapes</summary>`,
		`white-space:nowrap">1</td><td style="padding:1px 8px;text-align:left;vertical-align:top;border-bottom:1px solid rgba(128,128,128,0.2);font-family:monospace">k&lt;&lt;&lt;1`,
		`<div style="margin-top:4px;opacity:0.7">hover for hints</div>`,
	} {
		if !strings.Contains(h, want) {
			t.Errorf("HTML lacks %s", want)
		}
	}
	// One line per row; a flagged row's cells leave the rule to its hint.
	if n := strings.Count(h, "\n<tr"); n != 7 { // 4 rows, a heading, a hint, a detail
		t.Errorf("%d row lines, want 7:\n%s", n, h)
	}
	if strings.Contains(h, "<script") || strings.Count(h, "<td") != 5*4+2+2 {
		t.Errorf("cells:\n%s", h)
	}
	// Without a winner there is no legend.
	tb := full()
	tb.Rows[0].Marks = 0
	if strings.Contains(HTML(tb), "fastest at its size") {
		t.Error("legend without a winner")
	}
}

func TestHTMLBare(t *testing.T) {
	tb := Table{Look: Bare, Class: "culab-check", Title: "Check: FAILED", TitleEm: Bad,
		Columns: []Column{{Head: "n", RowHead: true}, {Head: "launch", Code: HTMLForm}, {Head: "pass"}},
		Rows: []Row{{Cells: []Cell{{Text: "1"}, {Text: "k<<<1>>>"}, {Text: "✓"}}},
			{Marks: Failed, Cells: []Cell{{Text: "2"}, {Text: "k"}, {Text: "✗"}}}},
		Details: &Details{Summary: "Failures", Items: []Item{{Text: "n = 2: FAIL <x>"}}},
		Footer:  []string{"times modeled"}, Notes: []string{"seed 1"},
	}
	h := HTML(tb)
	for _, want := range []string{
		`<div><p style="font-weight:bold;color:#b00020">Check: FAILED</p>`,
		`<table class="culab-check"><thead><tr><th>n</th><th>launch</th><th>pass</th></tr></thead><tbody>`,
		"<tr><th>1</th><td><code>k&lt;&lt;&lt;1&gt;&gt;&gt;</code></td><td>✓</td></tr>\n",
		`<tr style="background:#fde7e9"><th>2</th>`,
		"<p>Failures:</p><ul>\n<li><code>n = 2: FAIL &lt;x&gt;</code></li>\n</ul>",
		`<p style="font-size:smaller">times modeled</p>`,
		"<ul style=\"font-size:smaller\">\n<li>seed 1</li>\n</ul></div>",
	} {
		if !strings.Contains(h, want) {
			t.Errorf("HTML lacks %s:\n%s", want, h)
		}
	}
	// Code in HTML only: plain escaped text in Markdown.
	if md := Markdown(tb); !strings.Contains(md, "| 1 | k&lt;&lt;&lt;1&gt;&gt;&gt; | ✓ |") {
		t.Errorf("Markdown:\n%s", md)
	}
	tb.Columns = []Column{{RowHead: true}, {}}
	if h := HTML(tb); strings.Contains(h, "<thead>") {
		t.Errorf("a table without heads has a head row:\n%s", h)
	}
}

func TestMarkdown(t *testing.T) {
	md := Markdown(full())
	want := "**Results &lt;for&gt; \"you\" & me**\n\n" +
		"device · 3 runs\n\n" +
		"| size | variant | median ms | launch |\n" +
		"|:---|:---|---:|:---|\n" +
		"| 1 | **tiled** | **1.00** | `k<<<1, 32>>>` |\n" +
		"| 1 | naive\\_\\*x\\* | 12.5 | `a \\|\\| b` |\n" +
		"| ▲ 2 | odd \\`tick\\` | 100 | `k2(void)` |\n" +
		"| 2 | `none` |  |  |\n" +
		"\n" +
		"**bold**: fastest at its size  \n" +
		"vs base = speedup over naive  \n" +
		"- a note > 30s\n" +
		"\n<details><summary>launch shapes</summary>\n\n" +
		"- n = 1\n" +
		"  - tiled: k&lt;&lt;&lt;1, 32&gt;&gt;&gt;\n" +
		"\n</details>\n"
	if md != want {
		t.Errorf("Markdown:\n%s\nwant:\n%s", md, want)
	}
}

func TestMarkdownEscape(t *testing.T) {
	for in, want := range map[string]string{
		"a|b":           `a\|b`,
		"mm_tiled<16>":  `mm_tiled&lt;16&gt;`,
		"__shared__ x_": `\_\_shared\_\_ x\_`,
		"> 30s cap":     "> 30s cap",
		"2·n³ * 2":      `2·n³ \* 2`,
		"two\nlines":    "two lines",
		"`x`":           "\\`x\\`",
		"a > b < c > d": "a > b &lt; c &gt; d",
	} {
		if got := MarkdownEscape(in); got != want {
			t.Errorf("MarkdownEscape(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestText(t *testing.T) {
	txt := Text(full())
	want := "Results <for> \"you\" & me\n" +
		"device · 3 runs\n" +
		"  variant       ms  launch        check\n" +
		"  ──────────  ────  ────────────  ─────────\n" +
		"n = 1\n" +
		"▸ tiled       1.00  k<<<1, 32>>>  ✓\n"
	if !strings.HasPrefix(txt, want) {
		t.Errorf("text head:\n%s", txt)
	}
	lines := strings.Split(txt, "\n")
	head := lines[2]
	col := func(line, s string) int { return utf8.RuneCountInString(line[:strings.Index(line, s)]) }
	for _, l := range lines {
		if utf8.RuneCountInString(l) > 100 {
			t.Errorf("line past the width: %q", l)
		}
	}
	for _, want := range []string{"n = 1\n▸ tiled ", "\n  naive_*x* ", "n = 2\n▲ odd `tick` ", "\nmore\n", "\n  none\n",
		"▲ odd `tick`: 32-way bank conflict\n", "▸ fastest at its size\n", "vs base = speedup over naive\n",
		"launch shapes:\nn = 1\n  tiled: k<<<1, 32>>>\n", "• a note > 30s\n"} {
		if !strings.Contains(txt, want) {
			t.Errorf("text lacks %q:\n%s", want, txt)
		}
	}
	// Alignment: "ms" heads a right-aligned column, "launch" a left one.
	for _, l := range lines[4:9] {
		for _, v := range []string{"1.00", "12.5", "1e2"} {
			if i := strings.Index(l, v+" "); i >= 0 && col(l, v)+len(v) != col(head, "ms")+2 {
				t.Errorf("%s is not right-aligned under ms:\n%s\n%s", v, head, l)
			}
		}
		for _, v := range []string{"k<<<", "a || b", "k2()"} {
			if i := strings.Index(l, v); i >= 0 && col(l, v) != col(head, "launch") && v != "k2()" {
				t.Errorf("%s is not left-aligned under launch:\n%s\n%s", v, head, l)
			}
		}
	}
	if strings.Contains(head, "size") || strings.Contains(txt, "hover") {
		t.Errorf("text shows a hidden column or the caption:\n%s", txt)
	}
	// A cell that would take the table past its width gives way to its fallback.
	tb := full()
	tb.Width = 40
	if txt := Text(tb); !strings.Contains(txt, "  ✗\n") || strings.Contains(txt, "3 wrong") {
		t.Errorf("no fallback at width 40:\n%s", txt)
	}
}

func TestTextBare(t *testing.T) {
	tb := Table{Look: Bare, Title: "Check of k: PASSED",
		Columns: []Column{{Head: "n"}, {Head: "launch"}, {Head: "ms", Align: Right}},
		Rows:    []Row{{Cells: []Cell{{Text: "1"}, {Text: "k<<<1, 32>>>"}, {Text: "0.5"}}}, {Cells: []Cell{{Text: "1024"}, {Text: "k"}, {Text: "12.25"}}}},
		Details: &Details{Summary: "Failures", Items: []Item{{Text: "n = 2: FAIL"}}},
		Notes:   []string{"Device: x."},
	}
	want := "Check of k: PASSED\n\n" +
		"n     launch           ms\n" +
		"1     k<<<1, 32>>>    0.5\n" +
		"1024  k             12.25\n" +
		"\nFailures:\n  n = 2: FAIL\n" +
		"\nDevice: x.\n"
	if got := Text(tb); got != want {
		t.Errorf("text:\n%s\nwant:\n%s", got, want)
	}
}

func TestBundle(t *testing.T) {
	tb := full()
	d := Bundle(tb)
	if d.MIME[display.MIMEHTML] != HTML(tb) || d.MIME[display.MIMEMarkdown] != Markdown(tb) || d.MIME[display.MIMEText] != Text(tb) {
		t.Error("the bundle is not the three forms")
	}
	// Every text of the model escapes in HTML: nothing a cell holds opens a tag.
	tb.Rows[0].Cells[1].Text = `<script>alert("x")</script>`
	tb.Rows[0].Cells[1].Tip = `" onmouseover="x`
	h := HTML(tb)
	if strings.Contains(h, "<script") || regexp.MustCompile(`" onmouseover`).MatchString(h) {
		t.Errorf("unescaped:\n%s", h)
	}
}

func TestPlainTable(t *testing.T) {
	tb := Table{Columns: append(Cols(Left, "lab"), Cols(Right, "agreement", "within 2×")...)}
	tb.AddRow("vec_add", "90%", "3 of 4")
	tb.AddRow("a|b")
	want := "| lab | agreement | within 2× |\n|:---|---:|---:|\n| vec_add | 90% | 3 of 4 |\n| a\\|b |  |  |\n\n"
	if md := Markdown(tb); md != want {
		t.Errorf("Markdown:\n%s\nwant:\n%s", md, want)
	}
}
