package labs

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestReportFigures checks the transcribed figures' shape: every table
// of the three reports is there, whole, and every lab variant named exists.
func TestReportFigures(t *testing.T) {
	for _, c := range []struct {
		lab   string
		count int // rows × sizes of the report's tables
		gpu   string
	}{
		{"stencil3d", 15 * 3, "a40"},
		{"vecadd", 4 * 6, "rtx2080ti"},
		{"matmul", 4 * 4, "rtx2080ti"},
	} {
		l, err := Get(c.lab)
		if err != nil {
			t.Fatal(err)
		}
		figs := ReportFigures(c.lab)
		if len(figs) != c.count {
			t.Errorf("%s: %d figures, want %d", c.lab, len(figs), c.count)
		}
		if g, ok := l.ReportGPU(); !ok || g.Key != c.gpu {
			t.Errorf("%s: report GPU %q, want %s", c.lab, g.Key, c.gpu)
		}
		for _, f := range figs {
			if f.Lab != c.lab || f.Value <= 0 || f.Source == "" || f.Row == "" {
				t.Errorf("%s: incomplete figure %+v", c.lab, f)
			}
			if f.Variant != "" && !slices.Contains(l.VariantNames(), f.Variant) {
				t.Errorf("%s: figure names variant %q, which the lab has not", c.lab, f.Variant)
			}
		}
		if len(l.ReportVariants()) == 0 {
			t.Errorf("%s: no report variants", c.lab)
		}
	}
	if figs := ReportFigures("floyd"); len(figs) != 0 {
		t.Errorf("floyd: %d figures, want none (its report's tables are not transcribed)", len(figs))
	}
}

// TestReportFiguresInSeeds checks each figure against the report it names,
// where the seeds are at hand (CULAB_SEEDS, or shared/seeds beside the
// checkout or beside its parent, as for a worktree): the number must
// appear in that file.
func TestReportFiguresInSeeds(t *testing.T) {
	dir := os.Getenv("CULAB_SEEDS")
	for _, up := range []string{"../../..", "../../../.."} {
		if d := filepath.Join(up, "shared", "seeds"); dir == "" {
			if _, err := os.Stat(d); err == nil {
				dir = d
			}
		}
	}
	number := regexp.MustCompile(`\d+\.\d+`)
	numbers := map[string]map[float64]bool{}
	for _, lab := range []string{"stencil3d", "vecadd", "matmul"} {
		for _, f := range ReportFigures(lab) {
			file, _, _ := strings.Cut(f.Source, ",")
			if numbers[file] == nil {
				b, err := os.ReadFile(filepath.Join(dir, file))
				if err != nil {
					t.Skipf("the seed reports are not at hand (%v): set CULAB_SEEDS", err)
				}
				numbers[file] = map[float64]bool{}
				for _, s := range number.FindAllString(string(b), -1) {
					v, _ := strconv.ParseFloat(s, 64)
					numbers[file][v] = true
				}
			}
			if !numbers[file][f.Value] {
				t.Errorf("%s %s %d: %v is not in %s", lab, f.Row, f.Size, f.Value, file)
			}
		}
	}
}

// TestCompareReport sets a made-up table beside the report: each figure
// shows, a row at a report size gets its ratio, the rest say why not.
func TestCompareReport(t *testing.T) {
	tab := Table{Lab: "matmul", Device: "test", Rows: []Row{
		{Size: 256, Variant: "one block 16×16", MedianMS: 2 * 1.965312, Modeled: true},
		{Size: 256, Variant: "shared tiles 32×32", MedianMS: 0.032896 / 2, Modeled: true},
		{Size: 256, Variant: "16×16 blocks, grid-stride", MedianMS: 0.053248, Modeled: true},
	}}
	c, err := CompareReport(tab)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Rows) != len(ReportFigures("matmul")) || !c.Modeled || c.ReportGPU != "RTX 2080 Ti" {
		t.Fatalf("comparison %+v", c)
	}
	for _, r := range c.Rows {
		f := r.Figure
		switch {
		case f.Size == 256 && f.Variant != "":
			if want := map[string]float64{"one block 16×16": 2, "shared tiles 32×32": 0.5, "16×16 blocks, grid-stride": 1}[f.Variant]; r.Ratio < want*0.999 || r.Ratio > want*1.001 {
				t.Errorf("%s: ratio %v, want %v", f.Variant, r.Ratio, want)
			}
		case r.Ratio != 0 || r.Why == "":
			t.Errorf("%s at %d: ratio %v, why %q: want none and a reason", f.Row, f.Size, r.Ratio, r.Why)
		case f.Variant != "" && !strings.Contains(r.Why, "not among this run's sizes"):
			t.Errorf("%s at %d: why %q, want the size not run", f.Row, f.Size, r.Why)
		}
	}
	// A size the run has, with a variant it left out.
	tab.Rows = tab.Rows[:2]
	if c2, err := CompareReport(tab); err != nil {
		t.Error(err)
	} else {
		for _, r := range c2.Rows {
			if r.Figure.Size == 256 && r.Figure.Variant == "16×16 blocks, grid-stride" && r.Why != "not run here: this run left the variant out" {
				t.Errorf("a variant left out: why %q", r.Why)
			}
		}
	}
	a := c.Agreement(0.1)
	// At 256 the report orders shared < grid-stride < one block; here
	// grid-stride (0.053) and one block (3.9) keep it, shared (0.016) too.
	if a.Rows != 3 || a.Within2x != 3 || a.Pairs != 3 || a.Agree != 3 {
		t.Errorf("agreement %+v", a)
	}
	if h := c.HTML(); !strings.Contains(h, "culab-report") || !strings.Contains(h, "This run: test") {
		t.Errorf("the HTML lacks its class or the run's device:\n%s", h)
	}
	md := c.Markdown()
	for _, f := range ReportFigures("matmul") {
		if !strings.Contains(md, strconv.FormatFloat(f.Value, 'g', -1, 64)) {
			t.Errorf("the Markdown lacks the report's %v (%s, %d)", f.Value, f.Row, f.Size)
		}
	}
	if _, err := CompareReport(Table{Lab: "floyd"}); err == nil {
		t.Error("floyd: no error for a report without figures")
	}
}
