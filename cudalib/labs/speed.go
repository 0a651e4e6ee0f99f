package labs

import (
	"errors"
	"fmt"
	"html"
	"strings"
	"text/tabwriter"

	"github.com/culab/culab/cudalib"
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

// String is the report as a text table.
func (r *SpeedReport) String() string {
	var b strings.Builder
	b.WriteString(r.title() + "\n\n")
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(speedHeads[:], "\t"))
	for _, cells := range r.rows() {
		fmt.Fprintln(tw, strings.Join(cells[:], "\t"))
	}
	tw.Flush()
	b.WriteString("\n" + r.note() + "\n")
	return b.String()
}

// Markdown is the report as a Markdown table.
func (r *SpeedReport) Markdown() string {
	esc := strings.NewReplacer("|", `\|`, "<", "&lt;", ">", "&gt;")
	var b strings.Builder
	b.WriteString("**" + r.title() + "**\n\n")
	b.WriteString("| " + strings.Join(speedHeads[:], " | ") + " |\n|---|---|---|\n")
	for _, cells := range r.rows() {
		for i := range cells {
			cells[i] = esc.Replace(cells[i])
		}
		b.WriteString("| " + strings.Join(cells[:], " | ") + " |\n")
	}
	b.WriteString("\n" + esc.Replace(r.note()) + "\n")
	return b.String()
}

// HTML is the report as a table, in the check report's colours.
func (r *SpeedReport) HTML() string {
	colour := "#1b7f3b"
	if !r.Passed() {
		colour = "#b00020"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "<div><p style=\"font-weight:bold;color:%s\">%s</p>\n", colour, html.EscapeString(r.title()))
	b.WriteString(`<table class="culab-speed"><thead><tr>`)
	for _, h := range speedHeads {
		fmt.Fprintf(&b, "<th>%s</th>", h)
	}
	b.WriteString("</tr></thead><tbody>\n")
	for _, cells := range r.rows() {
		fmt.Fprintf(&b, "<tr><td>%s</td><td><code>%s</code></td><td>%s</td></tr>\n",
			html.EscapeString(cells[0]), html.EscapeString(cells[1]), html.EscapeString(cells[2]))
	}
	fmt.Fprintf(&b, "</tbody></table>\n<p style=\"font-size:smaller\">%s</p></div>", html.EscapeString(r.note()))
	return b.String()
}
