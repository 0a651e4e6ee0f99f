package plots

import (
	"fmt"
	"html"
	"io"
	"os"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/culab/culab/display"
	"github.com/culab/culab/kernel/comm"
	"github.com/culab/culab/widgets"
)

// Progress shows how far a long sweep has got: in a notebook whose front
// end takes widgets a widget bar (an IntProgress and a Label, updated
// through comms), in other notebooks an HTML bar updated in place, in a
// terminal a bar redrawn on one line of stderr, and plain lines when stderr
// is not a terminal. Its Step and Done are what the labs package's
// progress interface asks for. It is safe for concurrent use.
type Progress struct {
	mu       sync.Mutex
	title    string
	total    int
	done     int
	label    string
	start    time.Time
	last     time.Time // of the last update shown
	finished bool
	now      func() time.Time

	handle *display.Handle // notebook mode when non-nil
	// Widget mode (a notebook whose front end takes comms, a known total):
	// the bar and its status line; handle shows them first and, at Done,
	// with the final HTML bar beside them for views without widgets (a
	// saved notebook without its widget state).
	bar    *widgets.IntProgress
	status *widgets.Label
	box    *widgets.Box
	w      io.Writer // terminal mode
	tty    bool      // w redraws in place with carriage returns
	width  int       // runes of the last in-place line, to blank leftovers
}

var _ interface {
	Step(label string)
	Done()
} = (*Progress)(nil)

// Updates are throttled: a notebook or terminal bar redraws at most 10
// times a second, plain lines come at most once a second. The first and
// last steps always show.
const (
	redrawEvery = 100 * time.Millisecond
	lineEvery   = time.Second
)

// NewProgress starts a progress display of total steps (≤ 0 if unknown):
// in the notebook when one is attached (display.Active), as widgets when
// its front end takes them (comm.Online) and total is known, else on
// stderr.
func NewProgress(title string, total int) *Progress {
	if display.Active() {
		return newProgress(title, total, display.New(), nil, false, time.Now)
	}
	return newProgress(title, total, nil, os.Stderr, isTerminal(os.Stderr), time.Now)
}

func newProgress(title string, total int, h *display.Handle, w io.Writer, tty bool, now func() time.Time) *Progress {
	p := &Progress{title: title, total: total, handle: h, w: w, tty: tty, now: now}
	p.start = now()
	p.last = p.start
	if h != nil && total > 0 && comm.Online() {
		p.bar = widgets.NewIntProgress("", 0, 0, total)
		p.status = widgets.NewLabel("")
		p.box = widgets.HBox(p.bar, p.status)
	}
	if h != nil || tty {
		p.show()
	}
	return p
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Step records one finished step; label says what it was (e.g. "n=4096
// tiled").
func (p *Progress) Step(label string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.finished {
		return
	}
	p.done++
	p.label = label
	every := redrawEvery
	if p.handle == nil && !p.tty {
		every = lineEvery
	}
	if p.done == 1 || p.done == p.total || p.now().Sub(p.last) >= every {
		p.show()
	}
}

// Done ends the display, showing the final count and time. Later calls
// (and Steps) do nothing.
func (p *Progress) Done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.finished {
		return
	}
	p.finished = true
	p.show()
	if p.tty {
		fmt.Fprintln(p.w)
	}
}

// show draws the current state; p.mu is held.
func (p *Progress) show() {
	p.last = p.now()
	switch {
	case p.bar != nil:
		p.bar.SetValue(p.done)
		p.status.SetValue(p.title + " · " + p.line())
		if p.finished {
			style := "success"
			if p.done < p.total {
				style = "warning"
			}
			_ = p.bar.SetBarStyle(style) // one of the styles SetBarStyle takes
		}
		if p.done == 0 || p.finished { // the first show, and the last state for views without widgets
			view := p.box.Render()
			view[display.MIMEHTML], view[display.MIMEText] = p.html(), p.line()
			p.handle.Update(display.Data{MIME: view})
		}
	case p.handle != nil:
		p.handle.Update(display.Data{MIME: map[string]any{
			display.MIMEHTML: p.html(),
			display.MIMEText: p.line(),
		}})
	case p.tty:
		bar := ""
		if p.total > 0 {
			const cells = 24
			n := min(cells, p.done*cells/p.total)
			bar = "[" + strings.Repeat("█", n) + strings.Repeat("░", cells-n) + "] "
		}
		s := p.title + " " + bar + p.line()
		pad := max(0, p.width-utf8.RuneCountInString(s))
		fmt.Fprint(p.w, "\r"+s+strings.Repeat(" ", pad))
		p.width = utf8.RuneCountInString(s)
	default:
		fmt.Fprintln(p.w, p.title+": "+p.line())
	}
}

// line is the state in words: "12/40 (30%) · 3.2s, ~7.5s left · n=4096 tiled".
func (p *Progress) line() string {
	elapsed := p.now().Sub(p.start)
	var parts []string
	switch {
	case p.finished && p.total > 0 && p.done < p.total:
		parts = append(parts, fmt.Sprintf("stopped at %d/%d after %s", p.done, p.total, dur(elapsed)))
	case p.finished:
		parts = append(parts, fmt.Sprintf("done: %s in %s", steps(p.done), dur(elapsed)))
	case p.total > 0:
		s := fmt.Sprintf("%d/%d (%d%%) · %s", p.done, p.total, min(100, 100*p.done/p.total), dur(elapsed))
		if p.done > 0 && p.done < p.total {
			left := elapsed / time.Duration(p.done) * time.Duration(p.total-p.done)
			s += ", ~" + dur(left) + " left"
		}
		parts = append(parts, s)
	default:
		parts = append(parts, fmt.Sprintf("step %d · %s", p.done, dur(elapsed)))
	}
	if p.label != "" && !p.finished {
		parts = append(parts, p.label)
	}
	return strings.Join(parts, " · ")
}

func (p *Progress) html() string {
	frac := 0.0
	if p.total > 0 {
		frac = min(1, float64(p.done)/float64(p.total))
	}
	color := "#2563eb"
	if p.finished {
		color = "#16a34a"
		if p.total > 0 && p.done < p.total {
			color = "#d97706"
		}
	}
	bar := ""
	if p.total > 0 {
		bar = fmt.Sprintf(`<span style="display:inline-block;vertical-align:middle;width:240px;height:10px;margin:0 8px;background:#e5e7eb;border-radius:5px;overflow:hidden">`+
			`<span style="display:block;width:%.1f%%;height:100%%;background:%s"></span></span>`, 100*frac, color)
	}
	return fmt.Sprintf(`<div style="font-family:system-ui,-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;font-size:13px;margin:2px 0">`+
		`<b>%s</b>%s<span style="font-variant-numeric:tabular-nums">%s</span></div>`,
		html.EscapeString(p.title), bar, html.EscapeString(p.line()))
}

func steps(n int) string {
	if n == 1 {
		return "1 step"
	}
	return fmt.Sprintf("%d steps", n)
}

// dur writes a duration briefly: "850ms", "3.2s", "2m5s".
func dur(d time.Duration) string {
	switch {
	case d < time.Second:
		return d.Round(time.Millisecond).String()
	case d < time.Minute:
		return d.Round(100 * time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}
