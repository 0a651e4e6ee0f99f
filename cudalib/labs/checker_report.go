package labs

import (
	"fmt"
	"math"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/display/table"
)

// CheckReport is Check's result: one case per size. As a cell's last
// expression it shows as a table (HTML, Markdown and text forms) with the
// failed cases' whole texts and sanitizer findings below it.
type CheckReport struct {
	Kernel  string // the kernel's name
	Problem string // Spec.Name
	Device  string
	Seed    uint64 // Spec{Seed: Seed} repeats the inputs
	// Sanitized says the launches ran under the virtual GPU's sanitizer.
	Sanitized bool
	Cases     []Case
	// Stopped is why the check ended before its last case (the error
	// Check returned: a launch the kernel refuses, an interrupt), "" when
	// it ran them all: a report shown without its error still says why
	// it has no cases.
	Stopped string
}

// Case is one size of a check.
type Case struct {
	Size   int
	Launch string // e.g. "vecadd<<<4, 256>>>"
	Pass   bool
	Result string // "ok", or "FAIL: " and why
	// MaxErr is the largest |got − want| over the outputs; NaN when an
	// element was never written.
	MaxErr float64
	// FirstWrong is the index of the first wrong element of argument
	// Output (numbered from 1), which held Got instead of Want (NaN: never
	// written); -1 when no element was wrong.
	FirstWrong int
	Output     int
	Got, Want  float64
	// MS is the wall time of the launch and the wait for it (on the
	// virtual GPU: the interpreter's time, not a GPU's).
	MS float64
	// Findings are the sanitizer's, on the virtual GPU: errors fail the
	// case, warnings are shown only.
	Findings []cudalib.Finding

	fault bool // a GPU fault: the context needs dev.Reset()
}

// Passed reports whether every case passed (and there was one).
func (r *CheckReport) Passed() bool { return len(r.Cases) > 0 && r.passed() == len(r.Cases) }

// Score is the fraction of cases that passed, for graders.
func (r *CheckReport) Score() float64 {
	if len(r.Cases) == 0 {
		return 0
	}
	return float64(r.passed()) / float64(len(r.Cases))
}

func (r *CheckReport) passed() int {
	n := 0
	for _, c := range r.Cases {
		if c.Pass {
			n++
		}
	}
	return n
}

// title is the report's first line.
func (r *CheckReport) title() string {
	verdict := "FAILED"
	if r.Passed() {
		verdict = "PASSED"
	}
	t := fmt.Sprintf("Check of %s (%s): %s, %d of %d cases passed (score %.2f)", r.Kernel, r.Problem, verdict, r.passed(), len(r.Cases), r.Score())
	if r.Stopped != "" {
		t += "; stopped: " + r.Stopped
	}
	return t
}

// notes follow the table in every form.
func (r *CheckReport) notes() []string {
	san := "no sanitizer on a GPU: an out-of-bounds access shows as a fault, or only as wrong or unwritten values (run the check on the virtual GPU to have it sanitized)"
	if r.Sanitized {
		san = "every launch ran under the virtual GPU's sanitizer; an error it finds fails the case (a warning does not)"
	}
	return []string{
		fmt.Sprintf("Device: %s; %s.", r.Device, san),
		fmt.Sprintf("Inputs are random, seed %d (Spec{Seed: %d} repeats them); outputs start poisoned (NaN, or math.MinInt32), so an element the kernel never writes fails.", r.Seed, r.Seed),
		"ms: wall time of the launch and the wait for it (on the virtual GPU, the interpreter's).",
	}
}

// row is one case's cells: n, launch, result, max error, first wrong, ms.
func (c Case) row() [6]string {
	mark := "✓"
	if !c.Pass {
		mark = "✗"
	}
	first := "–"
	if c.FirstWrong >= 0 && !c.Pass {
		first = fmt.Sprintf("[%d]: %s, want %s", c.FirstWrong, fmtValue(c.Got), fmtValue(c.Want))
		if c.Output > 0 {
			first = fmt.Sprintf("arg %d %s", c.Output, first)
		}
	}
	maxErr := "–"
	if c.Result != "" && (c.Pass || c.FirstWrong >= 0) {
		maxErr = fmtErr(c.MaxErr)
	}
	ms := "–"
	if c.MS > 0 {
		ms = fmt.Sprintf("%.3g", c.MS)
	}
	return [6]string{fmt.Sprint(c.Size), c.Launch, mark, maxErr, first, ms}
}

var checkHeads = [6]string{"n", "launch", "pass", "max err", "first wrong", "ms"}

func fmtErr(e float64) string {
	switch {
	case math.IsNaN(e):
		return "NaN (unwritten)"
	case e == 0:
		return "0"
	}
	return fmt.Sprintf("%.2g", e)
}

// failures are the failed cases' whole texts and every case's sanitizer
// findings, one line each.
func (r *CheckReport) failures() []string {
	var out []string
	for _, c := range r.Cases {
		if !c.Pass {
			out = append(out, fmt.Sprintf("n = %d: %s", c.Size, c.Result))
		}
		for _, f := range c.Findings {
			out = append(out, fmt.Sprintf("n = %d: sanitizer: %s", c.Size, findingText(f)))
		}
	}
	return out
}

// model is the report as a table: failed cases marked, the failures and
// findings below it, then the notes.
func (r *CheckReport) model() table.Table {
	m := table.Table{Look: table.Bare, Class: "culab-check", Title: r.title(), TitleEm: table.Bad, Notes: r.notes()}
	if r.Passed() {
		m.TitleEm = table.Good
	}
	m.Columns = table.Cols(table.Left, checkHeads[:]...)
	m.Columns[1].Code = table.HTMLForm // the launch
	for _, c := range r.Cases {
		row := table.Row{}
		if !c.Pass {
			row.Marks = table.Failed
		}
		for _, s := range c.row() {
			row.Cells = append(row.Cells, table.Cell{Text: s})
		}
		m.Rows = append(m.Rows, row)
	}
	if f := r.failures(); len(f) > 0 {
		m.Details = &table.Details{Summary: "Failures and sanitizer findings"}
		for _, l := range f {
			m.Details.Items = append(m.Details.Items, table.Item{Text: l})
		}
	}
	return m
}

// String is the report as a text table.
func (r *CheckReport) String() string { return table.Text(r.model()) }

// Markdown is the report as a Markdown table.
func (r *CheckReport) Markdown() string { return table.Markdown(r.model()) }

// HTML is the report as a table, failed rows marked. The table's class,
// culab-check, tells it from a lab's results table, where ✗ means a
// broken lab rather than an unfinished exercise.
func (r *CheckReport) HTML() string { return table.HTML(r.model()) }
