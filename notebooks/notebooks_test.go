// Package notebooks_test runs every notebook of this directory through the
// Go engine, as `culab run` does, each with a fresh engine, and checks that
// it completes and shows what it should: a lab notebook its lab's table and
// a chart. Without a GPU the notebooks run on the virtual GPU, which is
// what CI checks.
//
// The lab notebooks run at small sizes here (their parameters cell is
// overridden, as `culab run -p` does), which the virtual GPU runs in
// seconds; under -race (10× slower) scripts/test.sh runs two of them
// with -short and the whole set without -race. CULAB_NOTEBOOKS_FULL=1 runs them at the sizes
// they ship with instead.
package notebooks_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/culab/culab/kernel/goengine"
	"github.com/culab/culab/kernel/nbrun"
)

// notebooks are the notebooks this directory must hold, with the parameter
// overrides the test runs them with and what they must show.
var notebooks = []struct {
	file   string
	params map[string]string
	table  bool // a lab table (plots.Show: HTML with a <table>, and Markdown)
	chart  bool // an image/png output
	// interactive: a cell runs a point of the lab with widgets.Interact
	// (issue 34), which shows here, without a front end, as text and one
	// run.
	interactive bool
	// report is the GPU model the section "On the report's GPU" runs on
	// (its label) and figure one of the report's figures its comparison
	// table must show beside a modeled time; "" for a notebook without it.
	report, figure string
	// short: run also under -short, which scripts/test.sh uses with
	// -race (the race detector makes the interpreters 10× slower; the
	// whole set runs without it).
	short bool
}{
	{file: "00-device.ipynb", short: true},
	{file: "01-vector-add.ipynb", params: with(sizes("[]int{1000, 10*labs.W + 3}"), "reportSizes", "[]int{10 * labs.W}"), table: true, chart: true, short: true,
		report: "RTX 2080 Ti", figure: "0.097376"},
	{file: "02-halo-gradient-1d.ipynb", params: sizes("[]int{150, 1<<16 + 3}"), table: true, chart: true},
	{file: "03-matmul-naive-vs-shared.ipynb", params: with(sizes("[]int{100, 129}"), "reportSizes", "[]int{256}"), table: true, chart: true, interactive: true,
		report: "RTX 2080 Ti", figure: "1.965312"},
	{file: "04-bank-conflicts.ipynb", params: with(sizes("[]int{100, 129}"), "transposeSizes", "[]int{100, 257}"), table: true, chart: true, interactive: true},
	{file: "05-stencil-3d.ipynb", params: with(sizes("[]int{16, 21}"), "reportSizes", "[]int{32}"), table: true, chart: true,
		report: "A40", figure: "477.644443"},
	{file: "06-floyd-warshall.ipynb", params: sizes("[]int{1, 100}"), table: true, chart: true},
	{file: "07-launch-config.ipynb", params: sizes("[]int{1000, 19260817 / 1000}"), table: true, chart: true, interactive: true},
	{file: "08-your-own-kernel.ipynb", params: sizes("[]int{1000, 1 << 16}"), chart: true},
}

func sizes(v string) map[string]string { return map[string]string{"sizes": v} }

func with(m map[string]string, k, v string) map[string]string { m[k] = v; return m }

func TestNotebooksAreComplete(t *testing.T) {
	files, err := filepath.Glob("*.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, nb := range notebooks {
		want[nb.file] = true
	}
	for _, f := range files {
		if !want[f] {
			t.Errorf("%s is not in this test's list: add it", f)
		}
		delete(want, f)
	}
	for f := range want {
		t.Errorf("%s is missing", f)
	}
}

// rawNotebook is the part of nbformat the format checks read.
type rawNotebook struct {
	NBFormat      int `json:"nbformat"`
	NBFormatMinor int `json:"nbformat_minor"`
	Metadata      struct {
		Kernelspec   map[string]string `json:"kernelspec"`
		LanguageInfo map[string]any    `json:"language_info"`
	} `json:"metadata"`
	Cells []struct {
		ID             *string         `json:"id"`
		CellType       string          `json:"cell_type"`
		Metadata       map[string]any  `json:"metadata"`
		Outputs        json.RawMessage `json:"outputs"`
		ExecutionCount json.RawMessage `json:"execution_count"`
	} `json:"cells"`
}

var cellID = regexp.MustCompile(`^[a-zA-Z0-9-_]{1,64}$`)

func TestNotebookFormat(t *testing.T) {
	for _, nb := range notebooks {
		t.Run(strings.TrimSuffix(nb.file, ".ipynb"), func(t *testing.T) {
			b, err := os.ReadFile(nb.file)
			if err != nil {
				t.Fatal(err)
			}
			var raw rawNotebook
			if err := json.Unmarshal(b, &raw); err != nil {
				t.Fatal(err)
			}
			if raw.NBFormat != 4 || raw.NBFormatMinor < 5 {
				t.Errorf("nbformat %d.%d, want 4.5 or later", raw.NBFormat, raw.NBFormatMinor)
			}
			ks := raw.Metadata.Kernelspec
			if ks["name"] != "culab" || ks["display_name"] != "Go (culab)" || ks["language"] != "go" {
				t.Errorf("kernelspec %v, want culab / Go (culab) / go", ks)
			}
			if raw.Metadata.LanguageInfo["name"] != "go" {
				t.Errorf("language_info %v, want name go", raw.Metadata.LanguageInfo)
			}
			ids := map[string]bool{}
			firstCode := true
			for i, c := range raw.Cells {
				switch {
				case c.ID == nil || !cellID.MatchString(*c.ID):
					t.Errorf("cell %d: missing or invalid id", i)
				case ids[*c.ID]:
					t.Errorf("cell %d: duplicate id %q", i, *c.ID)
				default:
					ids[*c.ID] = true
				}
				if c.CellType != "code" {
					continue
				}
				// Notebooks are committed unexecuted: `culab run` fills them.
				if s := strings.TrimSpace(string(c.Outputs)); s != "[]" {
					t.Errorf("cell %d: outputs %s, want none", i, s)
				}
				if s := strings.TrimSpace(string(c.ExecutionCount)); s != "null" {
					t.Errorf("cell %d: execution_count %s, want null", i, s)
				}
				if firstCode && !hasTag(c.Metadata, "parameters") {
					t.Errorf("cell %d, the first code cell, is not tagged \"parameters\"", i)
				}
				firstCode = false
			}
			if firstCode {
				t.Error("no code cell")
			}
		})
	}
}

func hasTag(meta map[string]any, tag string) bool {
	tags, _ := meta["tags"].([]any)
	for _, t := range tags {
		if t == tag {
			return true
		}
	}
	return false
}

// TestNotebooksRun executes every notebook on a fresh engine. The engines
// share process-wide state (the notebook's GPU, the display sink), so the
// notebooks run one after another.
func TestNotebooksRun(t *testing.T) {
	full := os.Getenv("CULAB_NOTEBOOKS_FULL") != ""
	for _, nb := range notebooks {
		t.Run(strings.TrimSuffix(nb.file, ".ipynb"), func(t *testing.T) {
			if testing.Short() && !nb.short {
				t.Skip("-short runs notebooks 00 and 01 only")
			}
			doc, err := nbrun.Read(nb.file)
			if err != nil {
				t.Fatal(err)
			}
			params := nb.params
			if full {
				params = nil
			}
			eng, err := goengine.New(goengine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer eng.Shutdown(false)
			ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
			defer cancel()
			start := time.Now()
			var log strings.Builder
			res, err := nbrun.Execute(ctx, doc, eng, nbrun.Options{Params: params, CellTimeout: 10 * time.Minute, Log: &log})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %.1fs", nb.file, time.Since(start).Seconds())
			if res.Failed() {
				c := doc.Cells[res.FailedCell]
				t.Fatalf("cell %d failed: %s: %s\n%s\ncell source:\n%s", res.FailedCell, res.Err.Name, res.Err.Value,
					strings.Join(res.Err.Traceback, "\n"), c.Source)
			}
			var table, chart, report bool
			interactive := 0
			for i, c := range doc.Cells {
				if strings.Contains(string(c.Source), "widgets.Interact(") {
					interactive++
					checkInteractive(t, i, c, log.String())
				}
				for _, o := range c.Outputs {
					if o.OutputType == "error" {
						t.Errorf("an error output in a cell that did not fail: %s: %s", o.EName, o.EValue)
					}
					html, _ := o.Data["text/html"].(string)
					_, md := o.Data["text/markdown"]
					table = table || (strings.Contains(html, "<table") && md)
					_, png := o.Data["image/png"]
					chart = chart || png
					report = report || nb.report != "" && strings.Contains(html, "culab-report") &&
						strings.Contains(html, "("+nb.report+" model)") && strings.Contains(html, nb.figure)
				}
			}
			if nb.report != "" && !report {
				t.Errorf("no comparison with the report's figures (%s) on the %s model", nb.figure, nb.report)
			}
			if nb.interactive && interactive == 0 {
				t.Error("no interactive cell (widgets.Interact)")
			}
			if nb.table && !table {
				t.Error("no lab table: no output with an HTML <table> and Markdown (plots.Show)")
			}
			if nb.chart && !chart {
				t.Error("no chart: no image/png output")
			}
		})
	}
}

// checkInteractive checks an interactive cell run without a front end:
// its controls show as text (the widgets' fallback), and its one run's
// output, the point's line and the sweep's chart with it marked, is the
// cell's. log holds nbrun's line per cell, which gives the cell's time
// (logged: the goal is well under a second at these sizes).
func checkInteractive(t *testing.T, i int, c *nbrun.Cell, log string) {
	t.Helper()
	var texts []string
	png := false
	for _, o := range c.Outputs {
		texts = append(texts, o.Text)
		if s, ok := o.Data["text/plain"].(string); ok {
			texts = append(texts, s)
		}
		_, ok := o.Data["image/png"]
		png = png || ok
	}
	all := strings.Join(texts, "\n")
	if !strings.Contains(all, "VBox(") || !strings.Contains(all, " · ok") || !png {
		t.Errorf("interactive cell %d: want the controls as text, the point's line (checked ok) and a chart; got chart %v and:\n%s", i, png, all)
	}
	if m := regexp.MustCompile(fmt.Sprintf(`(?m)^  cell %d \[\d+\] ([\d.]+)s$`, i)).FindStringSubmatch(log); m != nil {
		t.Logf("interactive cell %d: %ss", i, m[1])
	}
}

// Notebook 08 runs to the end on a machine without the Go toolchain (a GPU
// box with only the culab binary): its %%gorun cell, the compiled CPU
// baseline, says why it was skipped, and the charts use the interpreted
// CPU times instead.
func TestNotebook08WithoutGo(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: notebook 08 runs without -short")
	}
	t.Setenv("PATH", t.TempDir())
	t.Setenv("CULAB_GO", filepath.Join(t.TempDir(), "go")) // not /usr/local/go/bin/go either
	doc, err := nbrun.Read("08-your-own-kernel.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	eng, err := goengine.New(goengine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Shutdown(false)
	res, err := nbrun.Execute(context.Background(), doc, eng, nbrun.Options{Params: sizes("[]int{1000, 1 << 16}"), CellTimeout: 10 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if res.Failed() {
		t.Fatalf("cell %d failed: %s: %s", res.FailedCell, res.Err.Name, res.Err.Value)
	}
	skipped, chart := false, false
	for _, c := range doc.Cells {
		for _, o := range c.Outputs {
			if strings.HasPrefix(string(c.Source), "%%gorun") && o.Name == "stderr" && strings.Contains(o.Text, "%%gorun skipped: it needs the Go toolchain") {
				skipped = true
			}
			_, png := o.Data["image/png"]
			chart = chart || png
		}
	}
	if !skipped || !chart {
		t.Errorf("the %%%%gorun cell said it was skipped: %v; a chart: %v", skipped, chart)
	}
}
