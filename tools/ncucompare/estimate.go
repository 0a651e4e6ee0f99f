package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/culab/culab/cudalib/labs"
	"github.com/culab/culab/cudalib/nvrtc"
	"github.com/culab/culab/cudalib/ptx"
	"github.com/culab/culab/cudalib/sass"
	"github.com/culab/culab/cudalib/sasscount"
	"github.com/culab/culab/display/table"
	"github.com/culab/culab/tools/internal/toolfile"
)

// The estimate mode is a held-out check of the per-block SASS estimate
// (cudalib/sasscount), whose rules were written on the zoo's kernels:
// it runs the labs on the virtual GPU as the run mode does, estimates each
// launch's SASS warp-instructions from its PTX counts, and holds them to
// the warp instructions ncu counted on the GPU, as a comparison written
// by the compare mode has them ("Other counters", `VM / ncu`).

// defaultRecording is the H100 comparison the labs were never tuned on.
const defaultRecording = "docs/results/2026-11-23-h100/ncucompare.md"

func estimateCmd(args []string) error {
	fs := flag.NewFlagSet("estimate", flag.ExitOnError)
	recPath := fs.String("rec", defaultRecording, "a comparison the compare mode wrote (its warp instructions)")
	sizes := fs.String("sizes", "floyd=32", "sizes per lab, as the recording's run had them (run.sh's default)")
	out := fs.String("o", "", "write the Markdown here (default: standard output)")
	fs.Parse(args)
	sz, err := parseSizes(*sizes)
	if err != nil {
		return err
	}
	f, err := os.Open(*recPath)
	if err != nil {
		return err
	}
	rec, err := readWarpInstrs(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", *recPath, err)
	}
	tools, err := sass.Find()
	if err != nil {
		return err
	}
	est, err := estimateLabs(rec, tools, sz)
	if err != nil {
		return err
	}
	w, done, err := toolfile.Create(*out)
	if err != nil {
		return err
	}
	writeEstimate(w, est, *recPath)
	return done()
}

// recorded is one row of a comparison: a step's launch of a kernel, with
// the virtual GPU's (PTX) and ncu's (SASS) warp instructions.
type recorded struct {
	step, kernel string
	vm, ncu      int64
	// otherShape says the GPU launched it with another shape than the
	// virtual GPU (the occupancy API's answer): not the same launch.
	otherShape bool
}

// readWarpInstrs reads the "warp instructions" column of the "Other
// counters" table of a comparison (compare mode's Markdown), and from the
// "Memory counters" table whether the GPU's launch had the virtual GPU's
// shape (compare writes "VM …, GPU …" where not).
func readWarpInstrs(r io.Reader) ([]recorded, error) {
	tables, err := readTables(r)
	if err != nil {
		return nil, err
	}
	// The same launch's rows in both tables: the n-th of a step and kernel.
	type key struct {
		step, kernel string
		n            int
	}
	keyOf := func(rows []map[string]string) []key {
		nth := map[[2]string]int{}
		out := make([]key, len(rows))
		for i, row := range rows {
			sk := [2]string{row["step"], row["kernel"]}
			out[i] = key{sk[0], sk[1], nth[sk]}
			nth[sk]++
		}
		return out
	}
	other := map[key]bool{}
	mem := tables["Memory counters"]
	for i, k := range keyOf(mem) {
		other[k] = strings.Contains(mem[i]["grid × block"], "GPU ")
	}
	rows := tables["Other counters"]
	if len(rows) == 0 {
		return nil, fmt.Errorf("no rows in an \"## Other counters\" table")
	}
	var out []recorded
	for i, k := range keyOf(rows) {
		cell, ok := rows[i]["warp instructions"]
		if !ok || k.step == "" || k.kernel == "" {
			return nil, fmt.Errorf("the Other counters table needs the columns step, kernel and warp instructions")
		}
		vm, ncu, err := vmNCU(cell)
		if err != nil {
			return nil, fmt.Errorf("%s, %s: %w", k.step, k.kernel, err)
		}
		out = append(out, recorded{step: k.step, kernel: unescape(k.kernel), vm: vm, ncu: ncu, otherShape: other[k]})
	}
	return out, nil
}

// readTables reads a Markdown file's tables, each under its "## " heading,
// as rows of cells by column head.
func readTables(r io.Reader) (map[string][]map[string]string, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	out := map[string][]map[string]string{}
	var heading string
	var head []string
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if h, ok := strings.CutPrefix(line, "## "); ok {
			heading, head = h, nil
			continue
		}
		if !strings.HasPrefix(line, "|") {
			head = nil // a table ends at the first line outside it
			continue
		}
		// An escaped pipe is a cell's text, not a border.
		cells := strings.Split(strings.Trim(strings.ReplaceAll(line, `\|`, "\x00"), "|"), "|")
		for i := range cells {
			cells[i] = strings.ReplaceAll(strings.TrimSpace(cells[i]), "\x00", `\|`)
		}
		switch {
		case head == nil:
			head = cells
		case strings.HasPrefix(cells[0], "-") || strings.HasPrefix(cells[0], ":"):
			// the alignment row
		case len(cells) != len(head):
			return nil, fmt.Errorf("%s: row %q has %d cells, the head %d", heading, line, len(cells), len(head))
		default:
			row := map[string]string{}
			for i, c := range cells {
				row[head[i]] = c
			}
			out[heading] = append(out[heading], row)
		}
	}
	return out, sc.Err()
}

// vmNCU reads a cell "VM / ncu" (a ✓ after it when equal).
func vmNCU(cell string) (vm, ncu int64, err error) {
	a, b, ok := strings.Cut(strings.TrimSuffix(cell, " ✓"), " / ")
	if ok {
		vm, err = strconv.ParseInt(strings.TrimSpace(a), 10, 64)
	}
	if ok && err == nil {
		ncu, err = strconv.ParseInt(strings.TrimSpace(b), 10, 64)
	}
	if !ok || err != nil {
		return 0, 0, fmt.Errorf("warp instructions %q: want \"VM / ncu\" counts", cell)
	}
	return vm, ncu, nil
}

// unescape undoes table.MarkdownEscape's entities and escapes, for kernel
// names written by a newer compare mode.
func unescape(s string) string {
	return strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&", `\|`, "|", `\*`, "*", `\_`, "_", "\\`", "`").Replace(s)
}

// labEstimate is one recorded launch with the estimate of this run.
type labEstimate struct {
	recorded
	ptx    int64 // the virtual GPU's PTX warp-instructions in this run
	blocks int64 // the per-block SASS estimate
}

// labCode is one lab's PTX and SASS as NVRTC 13 makes them.
type labCode struct {
	names map[string]string // mangled -> C++ name (as the recording has it)
	funcs map[string]*ptx.Func
	sass  *sass.Program
}

// compileLab compiles a lab as the virtual GPU does (-lineinfo first) with
// every variant's kernel instantiated, to PTX and to SASS.
func compileLab(l *labs.Lab, lib *nvrtc.Lib, tools *sass.Tools) (*labCode, error) {
	req := nvrtc.Request{Name: l.File, Source: l.Source, Options: append([]string{"-lineinfo"}, l.Options...),
		NameExpressions: kernelNames(l), Target: nvrtc.Target{Arch: 90}}
	res, err := lib.Compile(req)
	if err != nil {
		return nil, fmt.Errorf("lab %s: PTX: %w", l.Key, err)
	}
	mod, err := ptx.Parse(l.File, bytes.TrimRight(res.Image, "\x00"))
	if err != nil {
		return nil, fmt.Errorf("lab %s: %w", l.Key, err)
	}
	c := &labCode{names: map[string]string{}, funcs: map[string]*ptx.Func{}}
	for expr, lowered := range res.Lowered {
		c.names[lowered] = expr
	}
	for _, fn := range mod.Funcs {
		c.funcs[fn.Name] = fn
	}
	if c.sass, err = tools.CompileRequest(req); err != nil {
		return nil, fmt.Errorf("lab %s: SASS: %w", l.Key, err)
	}
	return c, nil
}

// estimateLabs runs the labs on the virtual GPU (NVRTC 13's PTX, as on
// the GPU machine) and estimates each recorded launch's SASS.
func estimateLabs(rec []recorded, tools *sass.Tools, sizes map[string]int) ([]labEstimate, error) {
	// sass.Find loaded NVRTC 13: the virtual GPU's compiler is that one.
	lib, err := nvrtc.Load()
	if err != nil {
		return nil, err
	}
	if major, _ := lib.Version(); major < 13 {
		return nil, fmt.Errorf("the virtual GPU would compile with NVRTC %d, not the recording's 13", major)
	}
	var keys []string
	for _, r := range rec {
		key, _, _ := strings.Cut(r.step, " ")
		if !slices.Contains(keys, key) {
			keys = append(keys, key)
		}
	}
	log, err := runLabs(runConfig{virtual: true, seed: 1, labs: keys, sizes: sizes, ptx: true})
	if err != nil {
		return nil, err
	}
	if len(log.Errors) > 0 {
		return nil, fmt.Errorf("virtual GPU run: %s", strings.Join(log.Errors, "; "))
	}
	code := map[string]*labCode{}
	for _, l := range labs.All() {
		if slices.Contains(keys, l.Key) {
			if code[l.Key], err = compileLab(l, lib, tools); err != nil {
				return nil, err
			}
		}
	}
	// The launches as the compare mode pairs them: per step, the first of
	// each kernel and shape, the n-th of a kernel with its n-th row.
	type key struct {
		step, kernel string
		n            int
	}
	launches := map[key]launch{}
	for _, s := range log.Steps {
		c := code[s.Lab]
		seen := map[string]bool{}
		nth := map[string]int{}
		for _, l := range s.Launches {
			shape := fmt.Sprint(l.Kernel, l.Grid, l.Block)
			if seen[shape] {
				continue
			}
			seen[shape] = true
			name := c.names[l.Kernel]
			launches[key{s.Label, name, nth[name]}] = l
			nth[name]++
		}
	}
	var out []labEstimate
	nth := map[[2]string]int{}
	for _, r := range rec {
		k := key{r.step, r.kernel, nth[[2]string{r.step, r.kernel}]}
		nth[[2]string{r.step, r.kernel}]++
		l, ok := launches[k]
		if !ok {
			return nil, fmt.Errorf("%s, %s: the virtual GPU made no such launch", r.step, r.kernel)
		}
		lab, _, _ := strings.Cut(r.step, " ")
		blocks, err := blockEstimate(code[lab], l)
		if err != nil {
			return nil, fmt.Errorf("%s, %s: %w", r.step, r.kernel, err)
		}
		out = append(out, labEstimate{recorded: r, ptx: l.Counters.WarpInstrs, blocks: blocks})
	}
	return out, nil
}

// blockEstimate is the per-block SASS estimate of one launch.
func blockEstimate(c *labCode, l launch) (int64, error) {
	fn := c.funcs[l.Kernel]
	if fn == nil {
		return 0, fmt.Errorf("no PTX function %s", l.Kernel)
	}
	k, err := c.sass.Kernel(l.Kernel)
	if err != nil {
		return 0, err
	}
	byLine, err := alignPTX(fn, l.PTX)
	if err != nil {
		return 0, err
	}
	pc, err := sasscount.NewPTXCounts(fn, byLine)
	if err != nil {
		return 0, err
	}
	// The divergent branches moved as the counts did.
	shift := slices.Min(slices.Collect(maps.Keys(byLine))) - slices.Min(slices.Collect(maps.Keys(l.PTX)))
	div := map[int]int64{}
	for line, n := range l.PTXDivergent {
		div[line+shift] = n
	}
	pc.Diverged(div)
	var total float64
	for _, x := range sasscount.BlockCounts(k, pc, sasscount.Warps(l.Grid, l.Block)) {
		total += x
	}
	return int64(math.Round(total)), nil
}

// alignPTX moves the virtual GPU's counts (by line of the PTX text it ran)
// onto fn's lines. The virtual GPU compiled each template instance with
// other name expressions than compileLab (cudalib's Module), so the PTX
// holds other functions around the kernel and its text sits elsewhere;
// the kernel's own text is the same. The shift is the least that puts
// every counted line on one of fn's instructions.
func alignPTX(fn *ptx.Func, byLine map[int]int64) (map[int]int64, error) {
	if len(byLine) == 0 {
		return nil, fmt.Errorf("%s: the virtual GPU counted no PTX instruction (no profile?)", fn.Name)
	}
	first := math.MaxInt
	for line := range byLine {
		first = min(first, line)
	}
	at := map[int]bool{}
	for _, in := range fn.Body {
		at[in.Line] = true
	}
	for _, in := range fn.Body {
		shift := in.Line - first
		fits := true
		for line := range byLine {
			if !at[line+shift] {
				fits = false
				break
			}
		}
		if fits {
			out := make(map[int]int64, len(byLine))
			for line, n := range byLine {
				out[line+shift] = n
			}
			return out, nil
		}
	}
	return nil, fmt.Errorf("%s: the PTX the virtual GPU ran is not this compile's (no shift puts its counted lines on the kernel's instructions)", fn.Name)
}

// estimateSummary is how the per-block estimate and the PTX count
// compare with ncu's SASS count over the launches.
type estimateSummary struct {
	n                int
	otherShape       int // launches left out: the GPU's had another shape
	within5, within1 int
	lo, hi           float64 // per-block estimate / ncu
	ptxWithin5       int
	ptxLo, ptxHi     float64 // PTX / ncu
	sameVM           int     // this run's PTX count equal to the recording's
}

func summarize(est []labEstimate) estimateSummary {
	s := estimateSummary{lo: math.Inf(1), hi: math.Inf(-1), ptxLo: math.Inf(1), ptxHi: math.Inf(-1)}
	for _, e := range est {
		if e.otherShape {
			s.otherShape++
		}
		if e.ncu == 0 || e.otherShape {
			continue
		}
		s.n++
		q, p := float64(e.blocks)/float64(e.ncu), float64(e.ptx)/float64(e.ncu)
		s.lo, s.hi = math.Min(s.lo, q), math.Max(s.hi, q)
		s.ptxLo, s.ptxHi = math.Min(s.ptxLo, p), math.Max(s.ptxHi, p)
		if math.Abs(q-1) <= 0.05 {
			s.within5++
		}
		if math.Abs(q-1) <= 0.01 {
			s.within1++
		}
		if math.Abs(p-1) <= 0.05 {
			s.ptxWithin5++
		}
		if e.ptx == e.vm {
			s.sameVM++
		}
	}
	return s
}

// writeEstimate writes the launches and the summary as Markdown.
func writeEstimate(w io.Writer, est []labEstimate, recPath string) {
	s := summarize(est)
	fmt.Fprintf(w, "# The labs' SASS warp-instructions estimated per basic block (held out)\n\n"+
		"ncu's `smsp__inst_executed.sum` per launch from `%s`; the virtual GPU re-ran each lab step with NVRTC 13's PTX, "+
		"and the per-block estimate (cudalib/sasscount, rules written on the zoo, none changed) made its SASS count from each PTX instruction's warp executions.\n\n"+
		"- per-block estimate / ncu: %.3f–%.3f; %d of %d launches within 5 %%, %d within 1 %%.\n"+
		"- PTX warp-instructions / ncu: %.3f–%.3f; %d of %d within 5 %%.\n"+
		"- this run's PTX warp-instructions equal the recording's virtual GPU figure on %d of %d launches.\n"+
		"- left out: %d launches the GPU made with another shape than the virtual GPU (the occupancy API's answer differs; marked below).\n\n",
		recPath, s.lo, s.hi, s.within5, s.n, s.within1, s.ptxLo, s.ptxHi, s.ptxWithin5, s.n, s.sameVM, s.n, s.otherShape)
	t := table.Table{Columns: append(table.Cols(table.Left, "step", "kernel"), table.Cols(table.Right, "ncu SASS", "PTX", "PTX / ncu", "by block", "by block / ncu")...)}
	ratio := func(x, n int64) string {
		if n == 0 {
			return "–"
		}
		return fmt.Sprintf("%.3f", float64(x)/float64(n))
	}
	for _, e := range est {
		row := table.Row{Cells: []table.Cell{{Text: e.step}, {Text: e.kernel}, {Text: fmt.Sprint(e.ncu)}, {Text: fmt.Sprint(e.ptx)},
			{Text: ratio(e.ptx, e.ncu)}, {Text: fmt.Sprint(e.blocks)}, {Text: ratio(e.blocks, e.ncu)}}}
		switch {
		case e.otherShape:
			row.Cells[6].Text += " (other shape)"
		case e.ncu == 0 || math.Abs(float64(e.blocks)/float64(e.ncu)-1) > 0.05:
			row.Cells[6].Em = table.Strong
		}
		t.Rows = append(t.Rows, row)
	}
	fmt.Fprint(w, table.Markdown(t))
}
