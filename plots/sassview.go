package plots

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/cudalib/sass"
	"github.com/culab/culab/display"
	"github.com/culab/culab/display/table"
)

// SASSTable is what each CUDA source line of a profiled launch became on
// the GPU, as Nsight Compute's source page shows it: the line, then its
// SASS instructions (and, WithPTX, its PTX ones), each with the
// warp-instructions the launch issued of it. It needs the profile's SASS
// (cudalib.Profile.SASS: NVRTC 13 and nvdisasm installed); without it the
// view says why and lists the PTX counts per line.
type SASSTable struct {
	p   *cudalib.Profile
	ptx bool
}

// ProfileSASS is the SASS view of p.
func ProfileSASS(p *cudalib.Profile) *SASSTable { return &SASSTable{p: p} }

// WithPTX adds each line's PTX instructions below its SASS.
func (v *SASSTable) WithPTX() *SASSTable { return &SASSTable{p: v.p, ptx: true} }

// maxCodeText cuts an instruction in the text form.
const maxCodeText = 62

// sassText is an instruction as nvdisasm writes it, without its address.
func sassText(in sass.Instr) string {
	s := in.Opcode
	if len(in.Modifiers) > 0 {
		s += "." + strings.Join(in.Modifiers, ".")
	}
	if in.Operands != "" {
		s += " " + in.Operands
	}
	if in.Predicate != "" {
		s = in.Predicate + " " + s
	}
	return s
}

func (v *SASSTable) model() table.Table {
	p := v.p
	m := table.Table{Class: "culab-sass", Width: textWidth, Gap: 1,
		Title: fmt.Sprintf("%s<<<%v, %v>>>: what each source line became, warp-instructions of this launch", p.Kernel, p.Grid, p.Block),
		Columns: []table.Column{
			{Head: "line", Align: table.Right, Width: 6},
			{Head: "source · SASS" + map[bool]string{true: " · PTX"}[v.ptx], Code: table.Both, Width: maxCodeText},
			{Head: "pipe", Tip: "the unit that executes the instruction (FMA, ALU, SFU, LSU: memory, CONST, UNIFORM, CONTROL …)", Width: 7},
			{Head: "warp instrs", Short: "warps", Tip: "warp-level instructions this launch issued (smsp__inst_executed per instruction)", Align: table.Right, Width: 10},
		},
		Caption: "Counts: " + orDefault(p.Counting, "PTX instructions") + ". Each SASS instruction's count is estimated per basic block from the PTX the virtual GPU ran (cudalib/vgpu/COUNTERS.md says how far to trust it).",
	}
	s := p.SASS
	if s == nil {
		m.Footer = []string{"no SASS: " + orDefault(p.Counting, "PTX instructions")}
		for _, l := range p.Lines {
			if p.SourceFile(l.File) {
				m.Rows = append(m.Rows, table.Row{Cells: []table.Cell{{Text: strconv.Itoa(l.Line), Em: table.Dim},
					{Text: v.source(l.File, l.Line), Plain: cut(v.source(l.File, l.Line), maxCodeText)}, {}, {Text: count(l.WarpInstrs)}}})
			}
		}
		return m
	}
	for _, l := range s.Lines {
		label := strconv.Itoa(l.Line)
		if !p.SourceFile(l.File) {
			label = fmt.Sprintf("%s:%d", shortFile(l.File), l.Line)
		}
		r := table.Row{Marks: table.GroupStart, Cells: []table.Cell{{Text: label, Em: table.Dim},
			{Text: v.source(l.File, l.Line), Plain: cut(v.source(l.File, l.Line), maxCodeText), Em: table.Strong}, {}, {Text: count(l.WarpInstrs), Em: table.Strong}}}
		if l.WarpInstrs == 0 {
			r.Marks |= table.Faint
		}
		m.Rows = append(m.Rows, r)
		for _, i := range l.SASS {
			in := s.Code[i]
			m.Rows = append(m.Rows, table.Row{Cells: []table.Cell{{Text: fmt.Sprintf("%04x", in.Addr), Em: table.Dim},
				{Text: "  " + sassText(in.Instr), Plain: cut("  "+sassText(in.Instr), maxCodeText)}, {Text: string(in.Class), Em: table.Dim}, {Text: count(in.WarpInstrs)}}})
		}
		if v.ptx {
			for _, in := range l.PTX {
				m.Rows = append(m.Rows, table.Row{Marks: table.Faint, Cells: []table.Cell{{Text: "ptx", Em: table.Dim},
					{Text: "  " + in.Text, Plain: cut("  "+in.Text, maxCodeText)}, {}, {Text: count(in.WarpInstrs)}}})
			}
		}
	}
	m.Footer = []string{v.totals()}
	return m
}

// source is the text of line n of file when it is the profile's source.
func (v *SASSTable) source(file string, n int) string {
	if !v.p.SourceFile(file) {
		return ""
	}
	src := v.p.SourceLines()
	if n < 1 || n > len(src) {
		return ""
	}
	return strings.TrimSpace(strings.ReplaceAll(src[n-1], "\t", "    "))
}

func shortFile(f string) string {
	if i := strings.LastIndexByte(f, '/'); i >= 0 {
		return f[i+1:]
	}
	return f
}

// totals: the launch's SASS warp-instructions by pipe and its memory
// accesses by width, beside the PTX run's count.
func (v *SASSTable) totals() string {
	s := v.p.SASS
	var pipes []string
	for _, c := range []sass.Class{sass.FMA, sass.ALU, sass.SFU, sass.Convert, sass.FP64, sass.Memory, sass.Const, sass.Uniform, sass.Control, sass.Other} {
		if n := s.ByClass[c]; n > 0 {
			pipes = append(pipes, fmt.Sprintf("%s %d", c, n))
		}
	}
	var acc []string
	for _, k := range slices.Sorted(maps.Keys(s.Accesses)) {
		acc = append(acc, fmt.Sprintf("%s %d", k, s.Accesses[k]))
	}
	out := fmt.Sprintf("total: %d SASS warp-instructions (the PTX run: %d); by pipe: %s", s.WarpInstrs, v.p.Total.WarpInstrs, strings.Join(pipes, ", "))
	if len(acc) > 0 {
		out += "; memory instructions: " + strings.Join(acc, ", ")
	}
	return out
}

// HTML is the view as a styled HTML table.
func (v *SASSTable) HTML() string {
	if v.p == nil {
		return "<div>no profile</div>"
	}
	return table.HTML(v.model())
}

// Markdown is the view as a Markdown table.
func (v *SASSTable) Markdown() string {
	if v.p == nil {
		return "no profile\n"
	}
	return table.Markdown(v.model())
}

// Text is the view for a terminal, at most 100 columns.
func (v *SASSTable) Text() string {
	if v.p == nil {
		return "no profile\n"
	}
	return table.Text(v.model())
}

// String is the text form.
func (v *SASSTable) String() string { return v.Text() }

// Show displays the view.
func (v *SASSTable) Show() { display.Show(v) }
