package plots

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/display"
	"github.com/culab/culab/display/table"
)

// ProfileTable is a kernel's CUDA source with each line's counters beside
// it (a cudalib.Profile): warp instructions, global requests with sectors
// per request and coalescing, shared wavefronts per request and bank
// conflicts, divergent branches, barriers. Lines that ran nothing are dim;
// the lines that waste the most memory work are marked, each with a hint
// saying what its figure means. In a notebook it shows as HTML (Markdown
// and text beside it); Chart draws the per-line figures.
type ProfileTable struct {
	p  *cudalib.Profile
	hw *HardwareCounters
}

// HardwareCounters are a second set of counters of the same launch, with
// the same definitions, measured on a GPU (Nsight Compute): the view shows
// them beside the virtual GPU's. Lines maps a line of the profile's source
// to its counters.
type HardwareCounters struct {
	Label string // the column heads' prefix, e.g. "H100"
	Total cudalib.Counters
	Lines map[int]cudalib.Counters
}

// ProfileView is the view of p.
func ProfileView(p *cudalib.Profile) *ProfileTable { return &ProfileTable{p: p} }

// WithHardware adds hardware counters of the same launch beside the
// virtual GPU's (nil: none).
func (v *ProfileTable) WithHardware(h *HardwareCounters) *ProfileTable {
	return &ProfileTable{p: v.p, hw: h}
}

// maxWorst is how many lines the view marks as the worst.
const maxWorst = 3

// profLine is one source line of the view.
type profLine struct {
	n     int    // 1-based line of the source
	src   string // its text, tabs expanded
	c     cudalib.Counters
	hw    *cudalib.Counters
	ran   bool
	hint  string
	waste float64 // memory work beyond what the line needs (worst first)
	worst bool
	sass  int64 // SASS warp-instructions (with the profile's SASS)
}

// lines are the source's lines from the first to the last that ran, each
// with its counters, hint and mark.
func (v *ProfileTable) lines() []profLine {
	p := v.p
	if p == nil {
		return nil
	}
	src := p.SourceLines()
	first, last := len(src)+1, 0
	for _, l := range p.Lines {
		if p.SourceFile(l.File) && l.Line <= len(src) {
			first, last = min(first, l.Line), max(last, l.Line)
		}
	}
	// Show the kernel from its signature: back up to the line that opens
	// the function, a few lines at most.
	for k := 0; k < 4 && first > 1 && !strings.Contains(src[first-1], "__global__"); k++ {
		first--
	}
	var out []profLine
	for n := first; n <= last; n++ {
		l := profLine{n: n, src: strings.ReplaceAll(src[n-1], "\t", "    "), c: p.Line(n)}
		l.ran = l.c != (cudalib.Counters{})
		if p.SASS != nil {
			for _, sl := range p.SASS.Lines {
				if sl.Line == n && p.SourceFile(sl.File) {
					l.sass += sl.WarpInstrs
				}
			}
			l.ran = l.ran || l.sass > 0
		}
		if v.hw != nil {
			if c, ok := v.hw.Lines[n]; ok {
				l.hw = &c
			}
		}
		l.hint, l.waste = lineHint(l.c)
		out = append(out, l)
	}
	order := make([]int, 0, len(out))
	for i := range out {
		if out[i].waste > 0 {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return -cmpFloat(out[a].waste, out[b].waste) })
	for _, i := range order[:min(len(order), maxWorst)] {
		out[i].worst = true
	}
	return out
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Figures of a line's counters.

func globalReq(c cudalib.Counters) int64 { return c.GlobalLoadRequests + c.GlobalStoreRequests }
func globalSect(c cudalib.Counters) int64 {
	return c.GlobalLoadSectors + c.GlobalStoreSectors
}
func sharedReq(c cudalib.Counters) int64 { return c.SharedLoadRequests + c.SharedStoreRequests }
func sharedWF(c cudalib.Counters) int64  { return c.SharedLoadWavefronts + c.SharedStoreWavefronts }
func bankConflicts(c cudalib.Counters) int64 {
	return c.SharedLoadBankConflicts + c.SharedStoreBankConflicts
}

func ratio(a, b int64) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// coalescing is the fraction of the global sectors' bytes the lanes asked
// for, at most 1: lanes that read the same word (a broadcast) each count its
// bytes, so the raw ratio can pass 1, yet no sector is used more than whole.
func coalescing(c cudalib.Counters) float64 {
	return min(1, ratio(c.GlobalLoadBytes+c.GlobalStoreBytes, 32*globalSect(c)))
}

// ways is the n of an n-way bank conflict: a phase's wavefronts per ideal
// wavefront.
func ways(wavefronts, conflicts int64) int {
	if ideal := wavefronts - conflicts; ideal > 0 {
		return int(math.Round(float64(wavefronts) / float64(ideal)))
	}
	return 0
}

// lineHint says in one line what a line's worst figure means, and how much
// memory work (sectors, wavefronts) the line spends beyond what it needs.
func lineHint(c cudalib.Counters) (string, float64) {
	wastedSect := float64(globalSect(c)) - math.Ceil(float64(c.GlobalLoadBytes+c.GlobalStoreBytes)/32)
	conf := bankConflicts(c)
	waste := max(wastedSect, 0) + float64(conf) + float64(c.LocalLoadSectors+c.LocalStoreSectors) + float64(c.DivergentBranches)
	w := max(ways(c.SharedLoadWavefronts, c.SharedLoadBankConflicts), ways(c.SharedStoreWavefronts, c.SharedStoreBankConflicts))
	switch eff := coalescing(c); {
	case conf > 0 && w >= 2:
		if w >= 32 {
			return fmt.Sprintf("%d-way bank conflict: 32 threads of a warp hit one bank; pad the row (a [32][33] tile)", w), waste
		}
		return fmt.Sprintf("%d-way bank conflict: %d threads of a warp hit one bank at different words; pad the row or change the index", w, w), waste
	case globalReq(c) > 0 && eff < 0.5:
		// Say it of the worse of the loads and the stores: a line may
		// load strided and store coalesced.
		kind, req, sect, bytes := "load", c.GlobalLoadRequests, c.GlobalLoadSectors, c.GlobalLoadBytes
		if ratio(c.GlobalStoreBytes, 32*c.GlobalStoreSectors) < ratio(bytes, 32*sect) && c.GlobalStoreSectors > 0 || sect == 0 {
			kind, req, sect, bytes = "store", c.GlobalStoreRequests, c.GlobalStoreSectors, c.GlobalStoreBytes
		}
		spr, eff := ratio(sect, req), ratio(bytes, 32*sect)
		if spr >= 31.5 {
			return fmt.Sprintf("%.0f sectors per %s request: each lane has its own 32-byte sector — strided, not coalesced; let neighbouring threads access neighbouring elements", spr, kind), waste
		}
		return fmt.Sprintf("%s sectors per %s request, %.0f%% of the bytes used: lanes %s apart — strided, not coalesced", sig3(spr), kind, 100*eff, kind), waste
	case c.LocalLoadSectors+c.LocalStoreSectors > 0:
		return fmt.Sprintf("local memory (%d sectors): per-thread memory in DRAM — a spill or an indexed local array", c.LocalLoadSectors+c.LocalStoreSectors), waste
	case c.DivergentBranches > 0:
		return fmt.Sprintf("%d divergent branches: a warp's lanes went both ways, so the warp runs both paths", c.DivergentBranches), waste
	case globalReq(c) > 0 && eff < 0.99:
		return fmt.Sprintf("%.0f%% of the bytes moved are used: partly coalesced (misaligned or gaps)", 100*eff), waste
	case c.Barriers > 0:
		return fmt.Sprintf("barrier: %d warp arrivals; each warp waits here for its whole block", c.Barriers), 0
	case globalReq(c) > 0:
		return "coalesced: a warp's lanes read consecutive bytes", 0
	}
	return "", 0
}

// profColumn is one figure column of the view.
type profColumn struct {
	head, short string // HTML/Markdown head, text head
	tip         string
	cell        func(c cudalib.Counters) string
}

func count(v int64) string {
	if v == 0 {
		return "–"
	}
	return strconv.FormatInt(v, 10)
}

func per(a, b int64) string {
	if b == 0 {
		return "–"
	}
	return sig3(ratio(a, b))
}

var profColumns = []profColumn{
	{"warp instrs", "instrs", "warp-level instructions executed (smsp__inst_executed)", func(c cudalib.Counters) string { return count(c.WarpInstrs) }},
	{"global req", "g.req", "global load and store requests: one per warp instruction", func(c cudalib.Counters) string { return count(globalReq(c)) }},
	{"sect/ req", "sec/rq", "32-byte sectors per global request: 4 for 32 lanes reading consecutive floats, 32 when every lane has its own sector", func(c cudalib.Counters) string { return per(globalSect(c), globalReq(c)) }},
	{"bytes used", "coal", "coalescing: bytes the lanes asked for / (32 × sectors moved)", func(c cudalib.Counters) string {
		if globalSect(c) == 0 {
			return "–"
		}
		return fmt.Sprintf("%.0f%%", 100*coalescing(c))
	}},
	{"wavefr/ req", "wf/rq", "shared-memory wavefronts per shared request: 1 without bank conflicts (for 4-byte accesses), 32 when all lanes hit one bank", func(c cudalib.Counters) string { return per(sharedWF(c), sharedReq(c)) }},
	{"bank confl", "confl", "bank conflicts: wavefronts beyond one per phase (l1tex__data_bank_conflicts_pipe_lsu_mem_shared)", func(c cudalib.Counters) string { return count(bankConflicts(c)) }},
	{"diverg", "div", "divergent branches: those whose active lanes split between the two ways", func(c cudalib.Counters) string { return count(c.DivergentBranches) }},
	{"barriers", "bar", "warp arrivals at __syncthreads", func(c cudalib.Counters) string { return count(c.Barriers) }},
}

// hwColumns are the hardware figures shown beside the virtual ones.
var hwColumns = []int{0, 2, 5} // warp instrs, sectors/req, bank conflicts

// title is the view's one-line heading.
func (v *ProfileTable) title() string {
	p := v.p
	where := "virtual GPU" // the counts are the PTX run's, whichever GPU it models
	if p.Companion {
		where = "companion virtual GPU (the GPU's launch, copied)"
	}
	return fmt.Sprintf("%s<<<%v, %v>>> counted on the %s", p.Kernel, p.Grid, p.Block, where)
}

// totals is the view's summary line.
func (v *ProfileTable) totals() string {
	c := v.p.Total
	s := ""
	if v.p.SASS != nil {
		s = fmt.Sprintf("total: %d SASS warp instructions (%d PTX); ", v.p.SASS.WarpInstrs, c.WarpInstrs)
	} else {
		s = fmt.Sprintf("total: %d warp instructions; ", c.WarpInstrs)
	}
	s += fmt.Sprintf("global %d requests, %s sectors/request, %s coalesced; shared %d requests, %s wavefronts/request, %d bank conflicts; %d divergent branches",
		globalReq(c), per(globalSect(c), globalReq(c)), pct(coalescing(c), globalSect(c) > 0),
		sharedReq(c), per(sharedWF(c), sharedReq(c)), bankConflicts(c), c.DivergentBranches)
	if v.hw != nil {
		h := v.hw.Total
		s += fmt.Sprintf(". %s: %d warp instructions, %s sectors/request, %s wavefronts/request", v.hwLabel(), h.WarpInstrs,
			per(globalSect(h), globalReq(h)), per(sharedWF(h), sharedReq(h)))
	}
	return s
}

func pct(v float64, ok bool) string {
	if !ok {
		return "–"
	}
	return fmt.Sprintf("%.0f%%", 100*v)
}

func (v *ProfileTable) hwLabel() string { return orDefault(v.hw.Label, "hardware") }

// maxSourceHTML and maxSourceText cut long source lines (the whole line
// is the HTML cell's tooltip).
const (
	maxSourceHTML = 40
	maxSourceText = 37
)

// model is the view as a table: the source with its figures (the
// hardware's beside them in HTML and Markdown), lines that ran nothing
// faint, the worst lines flagged with their hints (on a line of their own
// below them in HTML, below the table in text, in a column of Markdown's).
func (v *ProfileTable) model() table.Table {
	m := table.Table{Class: "culab-profile", Title: v.title(), Footer: []string{v.totals()}, Caption: profLegend + " " + v.counting(),
		Width: textWidth, Gap: 1}
	m.Columns = []table.Column{
		{Head: "line", Align: table.Right, Width: 4},
		{Head: "source", Code: table.Both, Width: maxSourceText},
	}
	withSASS := v.p.SASS != nil
	if withSASS {
		// The SASS count in every form; the PTX one beside it in Markdown
		// only (HTML's and text's widths; ProfileSASS(p).WithPTX() has it).
		m.Columns = append(m.Columns, table.Column{Head: "SASS instrs", Short: "instrs", Tip: sassTip, Align: table.Right, Width: 6})
	}
	for i, c := range profColumns {
		col := table.Column{Head: c.head, Short: c.short, Tip: c.tip, Align: table.Right, Width: 6}
		if i == 0 && withSASS {
			col.Head, col.Tip, col.Hide = "PTX instrs", "PTX warp-instructions the virtual GPU executed (it runs PTX; the GPU runs the SASS)", table.TextForm|table.HTMLForm
		}
		m.Columns = append(m.Columns, col)
	}
	if v.hw != nil {
		for _, i := range hwColumns {
			m.Columns = append(m.Columns, table.Column{Head: v.hwLabel() + " " + profColumns[i].short, Tip: profColumns[i].tip,
				Align: table.Right, Hide: table.TextForm})
		}
	}
	m.Columns = append(m.Columns, table.Column{Head: "hint", Hide: table.HTMLForm | table.TextForm})
	for _, l := range v.lines() {
		r := table.Row{Tip: l.hint, Cells: []table.Cell{
			{Text: strconv.Itoa(l.n), Em: table.Dim},
			{Text: cut(l.src, maxSourceHTML), Tip: longer(l.src, maxSourceHTML), Plain: cut(halveIndent(l.src), maxSourceText), MD: cut(strings.TrimSpace(l.src), maxSourceHTML)},
		}}
		if withSASS {
			s := ""
			if l.ran {
				s = count(l.sass)
			}
			r.Cells = append(r.Cells, table.Cell{Text: s})
		}
		switch {
		case !l.ran:
			r.Marks = table.Faint
		case l.worst:
			r.Marks, r.Hint = table.Flagged, l.hint
		}
		for _, c := range profColumns {
			s := ""
			if l.ran {
				s = c.cell(l.c)
			}
			r.Cells = append(r.Cells, table.Cell{Text: s})
		}
		if v.hw != nil {
			for _, i := range hwColumns {
				s := ""
				if l.hw != nil {
					s = profColumns[i].cell(*l.hw)
				}
				r.Cells = append(r.Cells, table.Cell{Text: s})
			}
		}
		r.Cells = append(r.Cells, table.Cell{Text: l.hint})
		m.Rows = append(m.Rows, r)
	}
	return m
}

// HTML is the view as a styled HTML table: the source with its figures,
// the worst lines marked, their hints on a line of their own below them.
func (v *ProfileTable) HTML() string {
	if v.p == nil {
		return "<div>no profile</div>"
	}
	return table.HTML(v.model())
}

const profLegend = "Marked: the lines that move the most memory beyond what they need, with what their figure means (hover over a line for its hint, a column head for its definition). Dim lines ran no instruction. Counts are the virtual GPU's, with Nsight Compute's definitions."

const sassTip = "SASS warp-instructions: what the GPU issues for the line (smsp__inst_executed), estimated per SASS basic block from the PTX the virtual GPU ran"

// counting says in the legend what the instruction counts are.
func (v *ProfileTable) counting() string {
	if v.p.SASS != nil {
		return "Instructions: " + v.p.Counting + "; memory counters are the PTX run's (plots.ProfileSASS shows each line's SASS)."
	}
	return "Instructions: " + orDefault(v.p.Counting, "PTX instructions") + " — the GPU runs SASS, so counts differ from Nsight Compute's."
}

// cut shortens s to n characters with an ellipsis.
func cut(s string, n int) string {
	s = strings.TrimRight(s, " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// longer is s when cut would shorten it, else "".
func longer(s string, n int) string {
	if utf8.RuneCountInString(strings.TrimRight(s, " ")) > n {
		return s
	}
	return ""
}

// Markdown is the view as a Markdown table with a hint column.
func (v *ProfileTable) Markdown() string {
	if v.p == nil {
		return "no profile\n"
	}
	return table.Markdown(v.model())
}

// Text is the view for a terminal, at most 100 columns: the source cut to
// 37 characters, the figures, and below the table the hints of the marked
// lines.
func (v *ProfileTable) Text() string {
	if v.p == nil {
		return "no profile\n"
	}
	return table.Text(v.model())
}

// halveIndent halves a line's indentation: the text form's source column
// is narrow.
func halveIndent(s string) string {
	body := strings.TrimLeft(s, " ")
	return strings.Repeat(" ", (len(s)-len(body))/2) + body
}

// String is the text form.
func (v *ProfileTable) String() string { return v.Text() }

// Chart is a bar chart of the lines that touch memory: global sectors per
// request and shared wavefronts per request (with the hardware's beside
// them, when the view has them).
func (v *ProfileTable) Chart() *BarPlot {
	var cats []string
	var sect, wf, hsect, hwf []float64
	nan := math.NaN()
	val := func(a, b int64) float64 {
		if b == 0 {
			return nan
		}
		return ratio(a, b)
	}
	for _, l := range v.lines() {
		if globalReq(l.c)+sharedReq(l.c) == 0 {
			continue
		}
		cats = append(cats, "line "+strconv.Itoa(l.n))
		sect = append(sect, val(globalSect(l.c), globalReq(l.c)))
		wf = append(wf, val(sharedWF(l.c), sharedReq(l.c)))
		h := cudalib.Counters{}
		if l.hw != nil {
			h = *l.hw
		}
		hsect = append(hsect, val(globalSect(h), globalReq(h)))
		hwf = append(hwf, val(sharedWF(h), sharedReq(h)))
	}
	title := "memory work per request, by source line"
	if v.p != nil {
		title = v.p.Kernel + ": " + title
	}
	bp := Bars(title, "source line", "sectors or wavefronts per request", cats, false)
	bp.Add("global sectors/request", sect).Add("shared wavefronts/request", wf)
	if v.hw != nil {
		bp.Add(v.hwLabel()+" sectors/request", hsect).Add(v.hwLabel()+" wavefronts/request", hwf)
	}
	return bp
}

// Show displays the table and, below it, the chart.
func (v *ProfileTable) Show() {
	display.Show(v)
	display.Show(v.Chart())
}
