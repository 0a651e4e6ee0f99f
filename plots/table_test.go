package plots

import (
	"bytes"
	"encoding/json"
	"flag"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/culab/culab/cudalib"

	"github.com/culab/culab/cudalib/labs"
	"github.com/culab/culab/display"
)

var update = flag.Bool("update", false, "rewrite "+fixturePath+" from testdata/matmul-h100.json")

// matmulH100 is notebook 03's table as measured on an H100
// (docs/results/2026-11-22-h100/tables.md): 5 variants at 4 sizes, with one
// check made to fail (16×16 blocks, grid-stride at 1024) and the baseline
// skipped at 2048, so that every kind of row shows.
func matmulH100(t *testing.T) labs.Table {
	t.Helper()
	b, err := os.ReadFile("testdata/matmul-h100.json")
	if err != nil {
		t.Fatal(err)
	}
	var tab labs.Table
	if err := json.Unmarshal(b, &tab); err != nil {
		t.Fatal(err)
	}
	return tab
}

// cellMax bounds what one cell of a lab table may hold: a number, a short
// name or a mark, never a sentence.
const cellMax = 32

func TestSkippedRowsAreNotFailures(t *testing.T) {
	tb := labs.Table{Lab: "x", Title: "X", Rows: []labs.Row{{Size: 1, SizeLabel: "1", Variant: "v", Skipped: true, Check: "not run: no GPU"}}}
	if h := HTML(tb); strings.Contains(h, htmlFailed) || strings.Contains(h, "✗") {
		t.Errorf("skipped row shown as failed:\n%s", h)
	}
	if md := Markdown(tb); strings.Contains(md, "**not run") || !strings.Contains(md, "| not run |") || !strings.Contains(md, "not run: no GPU") {
		t.Errorf("skipped row in Markdown:\n%s", md)
	}
}

// A table of modelled times (the virtual GPU) says so in its time column,
// subtitle and footer, and shows the counters instead of a spread.
func TestModeledRows(t *testing.T) {
	tb := labs.Table{Lab: "x", Device: "culab virtual GPU", Rows: []labs.Row{{Size: 1, SizeLabel: "1", Variant: "v", Pass: true,
		Check: "ok: exact", MedianMS: 0.0123, MinMS: 0.0123, MaxMS: 0.0123, Modeled: true, SectorsPerRequest: 4, ConflictsPerRequest: 31,
		Counters: cudalib.Counters{SharedLoadRequests: 1}}}}
	for name, s := range map[string]string{"html": HTML(tb), "md": Markdown(tb), "txt": Text(tb)} {
		for _, want := range []string{"modeled ms", "MODELED", "counters, not measured (docs", "sect/req", "confl/req", "0.0123", "31.0"} {
			if !strings.Contains(s, want) {
				t.Errorf("%s lacks %q:\n%s", name, want, s)
			}
		}
		if strings.Contains(s, "min–max") {
			t.Errorf("%s shows a spread of one modelled run:\n%s", name, s)
		}
	}
	if c := MetricLines(tb); !strings.Contains(c.Title(), "modeled") {
		t.Errorf("chart title %q does not say the times are modelled", c.Title())
	}
}

func TestTableForms(t *testing.T) {
	tab := vecadd()
	forms := map[string]string{"html": HTML(tab), "md": Markdown(tab), "txt": Text(tab)}
	for name, s := range forms {
		for _, want := range []string{
			"Vector add", "NVIDIA H100 80GB HBM3", "3·4·N bytes / time", "medians of 20 runs",
			"64M", "float4", "&gt; 30s cap", "✗ 12 wrong", "12 of 4194304 checked elements wrong",
			"not run: out of device memory", "1.00×", "ok (max rel err 1.2e-07)", "D2D copy = 2010 GB/s",
		} {
			if name != "html" {
				want = strings.ReplaceAll(want, "&gt;", ">")
			}
			if !strings.Contains(s, want) {
				t.Errorf("%s lacks %q", name, want)
			}
		}
		if dir := os.Getenv("PLOTS_DUMP"); dir != "" {
			_ = os.WriteFile(filepath.Join(dir, "table."+name), []byte(s), 0o644)
		}
	}
	for name, want := range map[string]string{"html": "bandwidth (GB/s)", "md": "bandwidth (GB/s)", "txt": "GB/s"} {
		if !strings.Contains(forms[name], want) {
			t.Errorf("%s: metric column is not headed %q", name, want)
		}
	}
	for name, s := range forms {
		if !strings.Contains(s, "vs base") || !strings.Contains(s, "vs base = speedup over naive") {
			t.Errorf("%s: baseline is not named", name)
		}
	}
	// Values: the failing row's median and its speedups, formatted.
	r := tab.Rows[5]
	for name, s := range forms {
		for _, want := range []string{sig3(r.MedianMS), sig3(r.SpeedupCPU) + "×", sig3(r.SpeedupBase) + "×", sig3(r.Metric)} {
			if !strings.Contains(s, want) {
				t.Errorf("%s lacks the failing row's %q", name, want)
			}
		}
	}
	if !strings.Contains(forms["md"], "| **✗ 12 wrong** |") {
		t.Error("markdown: failing check is not bold")
	}
	d := Show(tab)
	if d.MIME[display.MIMEHTML] != HTML(tab) || d.MIME[display.MIMEText] != Text(tab) || d.MIME[display.MIMEMarkdown] != Markdown(tab) {
		t.Error("Show's bundle is not the HTML, Markdown and text tables")
	}
}

// textRows finds each row's line in the text form, in order, and checks
// that every line of the table fits the text width.
func textRows(t *testing.T, tab labs.Table, text string) (head string, rows []string) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	for _, l := range lines {
		if n := utf8.RuneCountInString(l); n > textWidth {
			t.Errorf("text line of %d runes:\n%s", n, l)
		}
	}
	next := 0
	for i, l := range lines {
		if strings.Contains(l, " variant ") && head == "" {
			head, next = l, i+1
		}
	}
	for i, r := range tab.Rows {
		for ; next < len(lines); next++ {
			if l := strings.TrimPrefix(lines[next], "▸ "); strings.HasPrefix(strings.TrimPrefix(l, "  "), r.Variant+"  ") {
				break
			}
		}
		if next == len(lines) {
			t.Fatalf("row %d (%s %s) has no line of its own:\n%s", i, r.SizeLabel, r.Variant, text)
		}
		rows = append(rows, lines[next])
		next++
	}
	return head, rows
}

func TestTextColumnsAlign(t *testing.T) {
	tab := vecadd()
	head, rows := textRows(t, tab, Text(tab))
	col := func(line, s string) int { return utf8.RuneCountInString(line[:strings.Index(line, s)]) }
	for i, r := range tab.Rows {
		line := rows[i]
		if col(line, " "+r.Variant+" ")+1 != col(head, "variant") {
			t.Errorf("variant of row %d is not under its header:\n%s\n%s", i, head, line)
		}
		if m := num(r.MedianMS); col(line, " "+m+" ")+1+utf8.RuneCountInString(m) != col(head, "median ms")+len("median ms") {
			t.Errorf("median of row %d is not right-aligned:\n%s\n%s", i, head, line)
		}
	}
}

// The H100 matmul table, 20 rows: in every form each row is one line of
// short cells, the winners stand out, and what the cells leave out (launch
// shapes, check texts) is below the table.
func TestMatMulTableOneLinePerRow(t *testing.T) {
	tab := matmulH100(t)
	want := map[string]bool{ // size label + variant of the fastest passing row
		"256 shared tiles 16×16": true, "512 shared tiles 32×32": true,
		"1024 shared tiles 32×32": true, "2048 shared tiles 32×32": true,
	}
	const failed, skipped = 11, 15

	t.Run("text", func(t *testing.T) {
		text := Text(tab)
		_, rows := textRows(t, tab, text)
		for i, line := range rows {
			r := tab.Rows[i]
			if won := strings.HasPrefix(line, "▸ "); won != want[r.SizeLabel+" "+r.Variant] {
				t.Errorf("row %d marked fastest: %v\n%s", i, won, line)
			}
			if r.MedianMS > 0 && !strings.Contains(line, " "+sig3(r.MedianMS)+" ") {
				t.Errorf("row %d lacks its median %s:\n%s", i, sig3(r.MedianMS), line)
			}
		}
		if !strings.HasSuffix(rows[failed], "  ✗ 37 wrong") || !strings.HasSuffix(rows[skipped], "  not run") || !strings.HasSuffix(rows[0], "  ✓") {
			t.Errorf("check marks:\n%s\n%s\n%s", rows[0], rows[failed], rows[skipped])
		}
		for _, s := range []string{"n = 256 · CPU 17.1 ms", "n = 2048 · CPU 5453 ms", "▸ " + winnerLegend, "vs base = speedup over one block 16×16"} {
			if !strings.Contains(text, s+"\n") {
				t.Errorf("text lacks the line %q", s)
			}
		}
		// A check text every row of a size shares is said once, on the size's line.
		if n := strings.Count(text, "ok: rel L2 err 2.9e-07"); n != 1 || !strings.Contains(text, "\nn = 256 — ok: rel L2 err 2.9e-07") {
			t.Errorf("the check text of n = 256 is written %d times, not once on its size's line", n)
		}
		flat := strings.Join(strings.Fields(text), " ")
		for _, r := range tab.Rows {
			if !strings.Contains(flat, r.Check) || !strings.Contains(flat, r.Note) {
				t.Errorf("details lack %q or %q", r.Check, r.Note)
			}
		}
	})

	t.Run("html", func(t *testing.T) {
		h := HTML(tab)
		body := h[strings.Index(h, "<tbody>"):strings.Index(h, "</tbody>")]
		trs := regexp.MustCompile(`<tr style="([^"]*)">(.*)</tr>`).FindAllStringSubmatch(body, -1)
		if len(trs) != len(tab.Rows) {
			t.Fatalf("%d rows in the HTML table, want %d", len(trs), len(tab.Rows))
		}
		td := regexp.MustCompile(`<td style="([^"]*)"(?: title="([^"]*)")?>([^<]*)</td>`)
		for i, tr := range trs {
			r := tab.Rows[i]
			if won := strings.Contains(tr[1], htmlWinner); won != want[r.SizeLabel+" "+r.Variant] {
				t.Errorf("row %d shown as fastest: %v", i, won)
			}
			if red := strings.Contains(tr[1], htmlFailed); red != (i == failed) {
				t.Errorf("row %d shown as failed: %v", i, red)
			}
			tds := td.FindAllStringSubmatch(tr[2], -1)
			for _, c := range tds {
				if !strings.Contains(c[1], "white-space:nowrap") || utf8.RuneCountInString(html.UnescapeString(c[3])) > cellMax {
					t.Errorf("row %d: cell %q may wrap (%s)", i, c[3], c[1])
				}
			}
			if variant, check := tds[1], tds[len(tds)-1]; variant[2] != html.EscapeString(r.Note) || check[2] != html.EscapeString(r.Check) {
				t.Errorf("row %d: tooltips %q, %q", i, variant[2], check[2])
			}
		}
		if !strings.Contains(trs[failed][2], ">✗ 37 wrong</td>") || !strings.Contains(trs[skipped][2], ">not run</td>") {
			t.Errorf("check marks:\n%s\n%s", trs[failed][2], trs[skipped][2])
		}
		details := h[strings.Index(h, "<details"):]
		for _, r := range tab.Rows {
			if !strings.Contains(details, html.EscapeString(r.Check)) || !strings.Contains(details, html.EscapeString(r.Note)) {
				t.Errorf("details lack %q or %q", r.Check, r.Note)
			}
		}
	})

	t.Run("markdown", func(t *testing.T) {
		md := Markdown(tab)
		var rows []string
		for _, l := range strings.Split(md, "\n") {
			if strings.HasPrefix(l, "| ") {
				rows = append(rows, l)
			}
		}
		if len(rows) != 1+len(tab.Rows) {
			t.Fatalf("%d table lines, want a header and %d rows:\n%s", len(rows), len(tab.Rows), md)
		}
		for i, l := range rows[1:] {
			r := tab.Rows[i]
			cells := strings.Split(strings.Trim(l, "| "), " | ")
			for _, c := range cells {
				if utf8.RuneCountInString(strings.Trim(c, "*")) > cellMax {
					t.Errorf("row %d: long cell %q", i, c)
				}
			}
			if won := strings.HasPrefix(cells[1], "**"); won != want[r.SizeLabel+" "+r.Variant] {
				t.Errorf("row %d bold: %v", i, won)
			}
		}
		details := md[strings.Index(md, "<details>"):]
		for _, r := range tab.Rows {
			if !strings.Contains(details, mdEscape(r.Check)) || !strings.Contains(details, mdEscape(r.Note)) {
				t.Errorf("details lack %q or %q", r.Check, r.Note)
			}
		}
	})
}

// The check texts labs writes (cudalib/labs/check.go), shortened to the
// figure that failed.
func TestFailedFigure(t *testing.T) {
	for check, want := range map[string]string{
		"FAIL: 37 of 1048576 checked elements wrong, first [523776] = 254.18941, want 255.43312; rel L2 err 0.0061 (tol 2e-05), max rel err 0.025 (tol 0.0001)": "37 wrong",
		"FAIL: 512 of 4096 elements not written (still poisoned), first [3584]; rel L2 err NaN (tol 8e-06), max rel err NaN (tol 6e-05)":                        "512 unwritten",
		"FAIL: rel L2 err 0.52 (tol 8e-06), max rel err 3e-05 (tol 6e-05)":                                                                                      "L2 err 0.52",
		"FAIL: rel L2 err 0.001, max rel err 1 (must be exact)":                                                                                                 "L2 err 0.001",
		"FAIL: output 1: ok: exact; output 2: FAIL: 3 of 64 checked elements wrong, first [5] = 1, want 2; exact":                                               "out 2: 3 wrong",
		"FAIL: output has 10 elements, the reference 12":                                                                                                        "output has 10 eleme…",
		"not run: launch refused: 2048 threads per block, the device allows 1024":                                                                               "not run",
		"FAIL": "",
	} {
		if got := failedFigure(check); got != want {
			t.Errorf("failedFigure(%q) = %q, want %q", check, got, want)
		}
	}
}

func TestWinners(t *testing.T) {
	rows := []labs.Row{
		{Size: 1, MedianMS: 2, Pass: true},
		{Size: 1, MedianMS: 1, Pass: false}, // faster, but wrong
		{Size: 1, MedianMS: 3, Pass: true},
		{Size: 1, Skipped: true},
		{Size: 2, MedianMS: 1, Pass: true}, // alone at its size: nothing to win
		{Size: 2, MedianMS: 0.5},
	}
	got := winners(labs.Table{Rows: rows})
	if want := []bool{true, false, false, false, false, false}; !equal(got, want) {
		t.Errorf("winners = %v, want %v", got, want)
	}
}

func equal(a, b []bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestSig3(t *testing.T) {
	for v, want := range map[float64]string{
		0.012345: "0.0123", 1: "1.00", 12.34: "12.3", 123.4: "123", 1234.6: "1235",
		9.996: "10.0", 0.09996: "0.100", 999.7: "1000", -2.345: "-2.35",
	} {
		if got := sig3(v); got != want {
			t.Errorf("sig3(%v) = %q, want %q", v, got, want)
		}
	}
	if times(0) != "–" || times(12.34) != "12.3×" || num(0) != "–" {
		t.Error("times/ms of none or 12.34")
	}
}

// fixturePath is the notebook the JupyterLab browser test
// (tests/test_jupyterlab.py) runs with `culab run` and opens: one cell that
// shows the H100 matmul table through plots.Show.
const fixturePath = "../tests/fixtures/03-matmul-table.ipynb"

// TestLabTableFixture keeps the fixture notebook in step with
// testdata/matmul-h100.json; -update rewrites it.
func TestLabTableFixture(t *testing.T) {
	tab := matmulH100(t)
	want := fixtureNotebook(t, tab)
	if *update {
		if err := os.WriteFile(fixturePath, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(fixturePath)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale: go test ./plots -run TestLabTableFixture -update", fixturePath)
	}
}

func fixtureNotebook(t *testing.T, tab labs.Table) []byte {
	t.Helper()
	// The table as JSON, one row a line, inside a Go raw string.
	rows := make([]string, len(tab.Rows))
	for i, r := range tab.Rows {
		rows[i] = marshal(t, r)
	}
	head := tab
	head.Rows = nil
	js := marshal(t, head)
	js = js[:len(js)-1] + ",\"Rows\":[\n" + strings.Join(rows, ",\n") + "\n]}"
	if strings.Contains(js, "`") {
		t.Fatal("the table's JSON holds a backquote")
	}
	code := `import "encoding/json"

// Notebook 03's table as measured on an H100 (docs/results/2026-11-22-h100),
// with one check made to fail and one row skipped.
const matmulJSON = ` + "`" + js + "`" + `

var matmul labs.Table
if err := json.Unmarshal([]byte(matmulJSON), &matmul); err != nil {
	panic(err)
}
plots.Show(matmul)`
	nb := map[string]any{
		"cells": []any{
			map[string]any{"id": "about", "cell_type": "markdown", "metadata": map[string]any{}, "source": "# A lab table\n" +
				"Notebook 03's matmul table from the H100, for the JupyterLab browser test (tests/test_jupyterlab.py).\n" +
				"Written by `go test ./plots -run TestLabTableFixture -update` from plots/testdata/matmul-h100.json."},
			map[string]any{"id": "table", "cell_type": "code", "metadata": map[string]any{}, "execution_count": nil,
				"outputs": []any{}, "source": code},
		},
		"metadata": map[string]any{
			"kernelspec":    map[string]any{"name": "culab", "display_name": "Go (culab)", "language": "go"},
			"language_info": map[string]any{"name": "go", "file_extension": ".go"},
		},
		"nbformat": 4, "nbformat_minor": 5,
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(nb); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// marshal writes v as compact JSON without its zero fields, so that the
// fixture stays as it is when labs.Row gains a field.
func marshal(t *testing.T, v any) string {
	t.Helper()
	js, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]any
	if err := json.Unmarshal(js, &fields); err != nil {
		t.Fatal(err)
	}
	for k, f := range fields {
		if f == nil || f == false || f == "" || f == 0.0 {
			delete(fields, k)
		}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(fields); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
