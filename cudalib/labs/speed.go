package labs

import (
	"errors"
	"fmt"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/display/table"
)

// SpeedReport is SpeedTest's result: a kernel's time against a reference
// kernel's on the same launch and arguments. As a cell's last expression
// it shows as a small table (HTML, Markdown and text forms).
type SpeedReport struct {
	Kernel, Reference string // the kernels' names
	Device            string
	Config            cudalib.Config
	Mine, Ref         cudalib.Timing
	// Limit is the largest ratio Mine/Ref that passes.
	Limit float64
}

// SpeedTest times the kernel mine and the reference kernel refName,
// compiled from refSrc on mine's device, on the same launch cfg and
// arguments, and reports both times. The error says so when mine takes
// more than limit times the reference's time; then the report is returned
// too, for the cell to show. Times are modeled on the virtual GPU (the
// same verdict on every machine) and measured on a GPU.
//
// It times whatever it is given: a kernel that skips its work is fast, so
// a grader runs it only on a kernel that passed Check.
func SpeedTest(mine *cudalib.Kernel, refSrc, refName string, limit float64, cfg cudalib.Config, args ...any) (*SpeedReport, error) {
	if mine == nil {
		return nil, errors.New("speed test: no kernel to time")
	}
	if !(limit > 0) {
		return nil, fmt.Errorf("speed test: the limit is %v, want a ratio above 0", limit)
	}
	dev := mine.Device()
	mod, err := dev.Compile(refSrc)
	if err != nil {
		return nil, fmt.Errorf("speed test: the reference kernel: %w", err)
	}
	defer mod.Unload()
	ref, err := mod.Kernel(refName)
	if err != nil {
		return nil, fmt.Errorf("speed test: the reference kernel: %w", err)
	}
	rep := &SpeedReport{Kernel: mine.Name(), Reference: refName, Device: dev.String(), Config: cfg, Limit: limit}
	if rep.Mine, err = mine.Time(cfg, args...); err != nil {
		return nil, fmt.Errorf("speed test: %w", err)
	}
	if rep.Ref, err = ref.Time(cfg, args...); err != nil {
		return nil, fmt.Errorf("speed test: the reference: %w", err)
	}
	if rep.Ref.Median <= 0 {
		return nil, fmt.Errorf("speed test: the reference %s took no time (%v): nothing to compare with", refName, rep.Ref)
	}
	if !rep.Passed() {
		return rep, fmt.Errorf("%s takes %.2f× the reference's time (%.4g ms against %.4g ms, %s), over the limit of %.2f×",
			rep.Kernel, rep.Ratio(), rep.Mine.MS(), rep.Ref.MS(), rep.timing(), limit)
	}
	return rep, nil
}

// Ratio is the kernel's time over the reference's.
func (r *SpeedReport) Ratio() float64 { return r.Mine.MS() / r.Ref.MS() }

// Passed reports whether the kernel took at most Limit times the
// reference's time.
func (r *SpeedReport) Passed() bool { return r.Ratio() <= r.Limit }

// timing says how both times were taken.
func (r *SpeedReport) timing() string {
	if r.Mine.Modeled {
		return "modeled"
	}
	return "measured"
}

func (r *SpeedReport) title() string {
	verdict := "PASSED"
	if !r.Passed() {
		verdict = "FAILED"
	}
	return fmt.Sprintf("Speed of %s: %s, %.2f× the reference's time (limit %.2f×)", r.Kernel, verdict, r.Ratio(), r.Limit)
}

func (r *SpeedReport) note() string {
	how := "measured with CUDA events: the median of many launches"
	if r.Mine.Modeled {
		how = "modeled from the launch's counters (global sectors, shared wavefronts, bank conflicts, ...): the same on every machine"
	}
	return fmt.Sprintf("Device: %s; times %s.", r.Device, how)
}

var speedHeads = [3]string{"kernel", "launch", "ms"}

// rows are the table's cells: the kernel's row, then the reference's.
func (r *SpeedReport) rows() [2][3]string {
	row := func(name string, t cudalib.Timing) [3]string {
		return [3]string{name, launchText(name, r.Config), fmt.Sprintf("%.4g", t.MS())}
	}
	return [2][3]string{row(r.Kernel, r.Mine), row(r.Reference, r.Ref)}
}

// model is the report as a table in the check report's look.
func (r *SpeedReport) model() table.Table {
	m := table.Table{Look: table.Bare, Class: "culab-speed", Title: r.title(), TitleEm: table.Good, Footer: []string{r.note()}}
	if !r.Passed() {
		m.TitleEm = table.Bad
	}
	m.Columns = table.Cols(table.Left, speedHeads[:]...)
	m.Columns[1].Code = table.HTMLForm // the launch
	for _, cells := range r.rows() {
		m.Rows = append(m.Rows, table.Row{Cells: []table.Cell{{Text: cells[0]}, {Text: cells[1]}, {Text: cells[2]}}})
	}
	return m
}

// String is the report as a text table.
func (r *SpeedReport) String() string { return table.Text(r.model()) }

// Markdown is the report as a Markdown table.
func (r *SpeedReport) Markdown() string { return table.Markdown(r.model()) }

// HTML is the report as a table, in the check report's colours.
func (r *SpeedReport) HTML() string { return table.HTML(r.model()) }
