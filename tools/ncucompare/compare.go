package main

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/culab/culab/cudalib/counters"
	"github.com/culab/culab/cudalib/ncu"
	"github.com/culab/culab/display/table"
)

// metric is one of ncu's counters with the comparison's methods; metrics
// are compared in ncu.Counters' order, and the ones with a class are the
// goal (equal wherever ptxas kept that class's accesses one-to-one).
type metric struct{ ncu.Counter }

var metrics = func() []metric {
	out := make([]metric, len(ncu.Counters))
	for i, c := range ncu.Counters {
		out[i] = metric{c}
	}
	return out
}()

// vm is the virtual GPU's count of the metric.
func (m metric) vm(c *counters.Counters) int64 { return *m.Field(c) }

// pair is one launch of the virtual GPU with ncu's rows for it: the
// first is the matching launch, the others repeat it (the warm-up and
// timed runs of the variant) and show ncu's noise.
type pair struct {
	step step
	vm   launch
	ncu  []*ncu.Launch
}

// sameShape says whether the GPU launched with the virtual GPU's shape
// (launches shaped by the occupancy API may differ).
func (p *pair) sameShape() bool {
	return p.ncu[0].Grid == p.vm.Grid && p.ncu[0].Block == p.vm.Block
}

// match pairs the virtual GPU's launches with ncu's: steps by label (the
// GPU run's log gives each label's marker), then within a step the j-th
// launch of a kernel with the j-th row of that kernel. Of launches of one
// kernel and shape in a step (rounds of Floyd–Warshall), only the first is
// kept. The step's checked run comes first; its repeats (warm-up, timed)
// follow, every n rows of the kernel where the checked run launched it n
// times.
func match(vm, gpu *runLog, rows []ncu.Launch) (pairs []pair, problems []string) {
	// ncu rows by step: a marker with grid x = id+1 ends step id.
	byStep := map[int][]*ncu.Launch{}
	cur := 0
	for i := range rows {
		r := &rows[i]
		if r.Kernel == markerName {
			cur = r.Grid[0]
			continue
		}
		byStep[cur] = append(byStep[cur], r)
	}
	gpuStep := map[string]int{}
	for _, s := range gpu.Steps {
		gpuStep[s.Label] = s.ID
	}
	for _, s := range vm.Steps {
		id, ok := gpuStep[s.Label]
		if !ok {
			if len(s.Launches) > 0 {
				problems = append(problems, fmt.Sprintf("step %q ran on the virtual GPU only", s.Label))
			}
			continue
		}
		gpuRows := map[string][]*ncu.Launch{}
		for _, r := range byStep[id] {
			gpuRows[r.Kernel] = append(gpuRows[r.Kernel], r)
		}
		launches := map[string]int{}
		for _, l := range s.Launches {
			launches[l.Kernel]++
		}
		seen := map[string]bool{}
		nth := map[string]int{}
		for i, l := range s.Launches {
			j := nth[l.Kernel]
			nth[l.Kernel]++
			key := fmt.Sprint(l.Kernel, l.Grid, l.Block)
			if seen[key] {
				continue
			}
			seen[key] = true
			rs := gpuRows[l.Kernel]
			if j >= len(rs) {
				problems = append(problems, fmt.Sprintf("%s: no ncu row for launch %d of %s", s.Label, j+1, l.Kernel))
				continue
			}
			p := pair{step: s, vm: l, ncu: []*ncu.Launch{rs[j]}}
			// The repeats: the same launch in the warm-up and timed runs,
			// and later launches of the step with the same shape and the
			// same memory counts on the virtual GPU (time steps of a
			// stencil), in the checked run and in the repeats.
			jj := j
			for _, o := range s.Launches[i:] {
				if o.Kernel != l.Kernel {
					continue
				}
				if o.Grid == l.Grid && o.Block == l.Block && sameMemory(&o.Counters, &l.Counters) {
					for k := jj; k < len(rs); k += launches[l.Kernel] {
						if k != j {
							p.ncu = append(p.ncu, rs[k])
						}
					}
				}
				jj++
			}
			pairs = append(pairs, p)
		}
	}
	return pairs, problems
}

// sameMemory says whether two launches have equal memory counts (the
// goal metrics): then ncu's rows for either are repeats of one launch.
func sameMemory(a, b *counters.Counters) bool {
	for _, m := range metrics {
		if m.Class != "" && m.vm(a) != m.vm(b) {
			return false
		}
	}
	return true
}

// report writes the comparison as Markdown.
func report(w io.Writer, vm, gpu *runLog, rows []ncu.Launch, code *codeLog) {
	pairs, problems := match(vm, gpu, rows)
	kernels := map[string]*kernelCode{}
	if code != nil {
		for i := range code.Kernels {
			kernels[code.Kernels[i].Mangled] = &code.Kernels[i]
		}
	}
	name := func(mangled string) string {
		if k := kernels[mangled]; k != nil {
			return k.Name
		}
		return mangled
	}
	fmt.Fprintf(w, "# Virtual GPU counters against Nsight Compute\n\n")
	fmt.Fprintf(w, "GPU: %s; virtual GPU: %s; inputs seeded %d. Each lab ran once at a small size (tools/ncucompare); ", gpu.Device, vm.Device, vm.Seed)
	fmt.Fprintf(w, "a cell is `VM / ncu`, ✓ where equal. A launch's memory class (global ld, shared st, …) maps *one-to-one* where the GPU executed as many instructions of it as the virtual GPU (equal requests), or where the kernel's SASS has as many instructions of each width as its PTX: there every count of the class should be equal.\n\n")
	if code != nil {
		fmt.Fprintf(w, "Code: NVRTC %s for sm_%d", code.NVRTC, code.Arch)
		if code.Note != "" {
			fmt.Fprintf(w, " (%s)", code.Note)
		}
		fmt.Fprintf(w, ".\n\n")
	}
	missing := missingMetrics(rows)
	if len(missing) > 0 {
		fmt.Fprintf(w, "ncu reported none of: %s.\n\n", strings.Join(missing, ", "))
	}
	var goalEq, goalAll, otherEq, otherAll, varies, variesIn, timed int
	var goal, rest []metric
	for _, m := range metrics {
		if m.Class != "" {
			goal = append(goal, m)
		} else {
			rest = append(rest, m)
		}
	}
	mem := table.Table{Columns: table.Cols(table.Left, "step", "kernel", "grid × block")}
	for _, m := range goal {
		mem.Columns = append(mem.Columns, table.Column{Head: m.Name})
	}
	for _, p := range pairs {
		shape := table.Cell{Text: dims(p.vm.Grid) + " × " + dims(p.vm.Block)}
		if !p.sameShape() {
			shape = table.Cell{Text: fmt.Sprintf("VM %s, GPU %s × %s", shape.Text, dims(p.ncu[0].Grid), dims(p.ncu[0].Block)), Em: table.Strong}
		}
		row := table.Row{Cells: []table.Cell{{Text: p.step.Label}, {Text: name(p.vm.Kernel)}, shape}}
		for _, m := range goal {
			cell, eq, ok := m.cell(&p)
			if !p.sameShape() {
				ok = false // not the same launch: not counted
			}
			if lo, hi := m.span(&p); ok && hi > lo {
				// ncu disagrees with itself: no count can be equal.
				cell += fmt.Sprintf(" (%s–%s)", num(lo), num(hi))
				varies++
				if v := float64(m.vm(&p.vm.Counters)); v >= lo && v <= hi {
					variesIn++
				}
			} else if v, _ := m.Value(p.ncu[0]); ok && m.Timing(p.ncu[0]) && float64(m.vm(&p.vm.Counters)) < v {
				// A hardware count holding lost arbitration: not the addresses'.
				cell += " (arbitration)"
				timed++
			} else if ok && (m.oneToOne(kernels[p.vm.Kernel]) || requestsEqual(&p, m.Class)) {
				goalAll++
				if eq {
					goalEq++
				}
			} else if ok {
				otherAll++
				if eq {
					otherEq++
				}
			}
			row.Cells = append(row.Cells, table.Cell{Text: cell})
		}
		mem.Rows = append(mem.Rows, row)
	}
	fmt.Fprintf(w, "## Memory counters\n\n%s", table.Markdown(mem))
	fmt.Fprintf(w, "Equal: %d of %d memory counts in classes that map one-to-one onto SASS; %d of %d elsewhere (merged or split accesses, or no SASS to tell). Launches whose shape differs (bold) are not counted.\n\n", goalEq, goalAll, otherEq, otherAll)
	if timed > 0 {
		fmt.Fprintf(w, "Not counted: %d shared wavefront or bank-conflict counts (marked \"arbitration\") that ncu took from its hardware counters where they hold lost arbitration — the hardware wavefronts above the SASS-patched `smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_*`, or no SASS-patched ones — and that exceed the virtual GPU's (COUNTERS.md; bench/microbench/smemconf.cu).\n\n", timed)
	}
	if varies > 0 {
		fmt.Fprintf(w, "Not counted either: %d counts that ncu measured differently in repeats of the same launch (the cell adds ncu's range over the repeats; the virtual GPU's count lies in it for %d). These are shared-memory bank conflicts that do not follow from the addresses: the data banks are shared with the L1 cache, and accesses of other warps in flight collide (COUNTERS.md).\n\n", varies, variesIn)
	}

	other := table.Table{Columns: table.Cols(table.Left, "step", "kernel")}
	for _, m := range rest {
		other.Columns = append(other.Columns, table.Column{Head: m.Name})
	}
	for _, p := range pairs {
		row := []string{p.step.Label, name(p.vm.Kernel)}
		for _, m := range rest {
			cell, _, _ := m.cell(&p)
			row = append(row, cell)
		}
		other.AddRow(row...)
	}
	fmt.Fprintf(w, "## Other counters\n\n%s", table.Markdown(other))
	fmt.Fprintf(w, "Instruction counts differ by nature: the virtual GPU counts PTX instructions, ncu SASS ones. DRAM sectors: the VM's figure is the distinct sectors the launch touched, a lower bound of DRAM traffic with cold caches; ncu's is what crossed DRAM with the L2's state at the launch.\n\n")

	writeNoise(w, pairs)
	if code != nil {
		writeCode(w, code)
	}
	for _, e := range gpu.Errors {
		problems = append(problems, "GPU run: "+e)
	}
	for _, e := range vm.Errors {
		problems = append(problems, "virtual GPU run: "+e)
	}
	if len(problems) > 0 {
		fmt.Fprintf(w, "## Unmatched and failed\n\n")
		for _, p := range problems {
			fmt.Fprintf(w, "- %s\n", p)
		}
	}
}

// cell is "vm / ncu" with ✓ when equal; ok is false when ncu did not
// report the metric.
func (m metric) cell(p *pair) (cell string, eq, ok bool) {
	vm := m.vm(&p.vm.Counters)
	v, ok := m.Value(p.ncu[0])
	if !ok {
		return fmt.Sprintf("%d / n/a", vm), false, false
	}
	eq = float64(vm) == v
	mark := ""
	if eq {
		mark = " ✓"
	}
	return fmt.Sprintf("%d / %s%s", vm, num(v), mark), eq, true
}

// span is the least and greatest value of metric m among ncu's repeats
// of the pair's launch (equal when ncu measured it the same every time).
func (m metric) span(p *pair) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, r := range p.ncu {
		if v, ok := m.Value(r); ok {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	return lo, hi
}

// oneToOne says whether the kernel's SASS has as many accesses of each
// width as its PTX in the metric's class.
func (m metric) oneToOne(k *kernelCode) bool {
	if m.Class == "" || k == nil || k.SASS == nil {
		return false
	}
	return describe(k.PTX[m.Class]) == describe(k.SASS[m.Class])
}

// requestsEqual says whether the GPU executed as many instructions of a
// memory class as the virtual GPU did for the launch (its requests
// metric, the class's first): then the class mapped one-to-one however
// ptxas reordered or unrolled the code.
func requestsEqual(p *pair, class string) bool {
	for _, m := range metrics {
		if m.Class == class {
			_, eq, ok := m.cell(p)
			return eq && ok
		}
	}
	return false
}

// writeNoise gives, per metric, the largest spread among ncu's rows of
// the same launch (see match).
func writeNoise(w io.Writer, pairs []pair) {
	fmt.Fprintf(w, "## ncu's noise\n\nThe largest spread (max − min) between ncu's profiles of repeated identical launches (a variant's checked run, warm-up and timed run, and launches of a step that the virtual GPU counts the same, like a stencil's time steps), per metric:\n\n")
	t := table.Table{Columns: table.Cols(table.Left, "metric", "spread", "launches compared")}
	for _, m := range metrics {
		spread, n := 0.0, 0
		for _, p := range pairs {
			if len(p.ncu) < 2 {
				continue
			}
			if lo, hi := m.span(&p); hi >= lo {
				spread = math.Max(spread, hi-lo)
				n++
			}
		}
		if n > 0 {
			t.AddRow(m.Name, num(spread), fmt.Sprint(n))
		}
	}
	fmt.Fprint(w, table.Markdown(t))
}

// writeCode gives each kernel's static memory instructions in PTX and SASS.
func writeCode(w io.Writer, code *codeLog) {
	fmt.Fprintf(w, "## PTX against SASS\n\nStatic memory instructions per kernel (count × bits per lane), PTX → SASS; **bold** where they differ (ptxas merged, split or dropped accesses). The virtual GPU models two of ptxas's changes (vgpu/COUNTERS.md): aligned shared loads and stores from one base merged into one LDS.128 or STS.128 (four 4-byte or two 8-byte pieces), and short branches around shared accesses turned into predication; where SASS differs otherwise, the counters of that class differ for that reason.\n\n")
	used := map[string]bool{}
	for _, k := range code.Kernels {
		for c := range k.PTX {
			used[c] = true
		}
		for c := range k.SASS {
			used[c] = true
		}
	}
	var cols []string
	for _, c := range classes {
		if used[c] {
			cols = append(cols, c)
		}
	}
	t := table.Table{Columns: table.Cols(table.Left, append([]string{"lab", "kernel"}, cols...)...)}
	for _, k := range code.Kernels {
		row := table.Row{Cells: []table.Cell{{Text: k.Lab}, {Text: k.Name}}}
		for _, c := range cols {
			cell := table.Cell{Text: describe(k.PTX[c])}
			if s := describe(k.SASS[c]); k.SASS != nil && s != cell.Text {
				cell = table.Cell{Text: cell.Text + " → " + s, Em: table.Strong}
			}
			row.Cells = append(row.Cells, cell)
		}
		t.Rows = append(t.Rows, row)
	}
	fmt.Fprint(w, table.Markdown(t))
}

// missingMetrics lists the metrics of the comparison that no ncu row has.
func missingMetrics(rows []ncu.Launch) []string {
	have := map[string]bool{}
	for _, r := range rows {
		for k := range r.Metrics {
			have[k] = true
		}
	}
	var out []string
	for _, m := range metrics {
		for _, alt := range m.Metrics {
			for _, n := range alt {
				if !have[n] && !contains(out, n) {
					out = append(out, n)
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

func dims(d [3]int) string {
	switch {
	case d[2] > 1:
		return fmt.Sprintf("%d×%d×%d", d[0], d[1], d[2])
	case d[1] > 1:
		return fmt.Sprintf("%d×%d", d[0], d[1])
	}
	return fmt.Sprint(d[0])
}

func num(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return fmt.Sprintf("%d", int64(v))
	}
	return fmt.Sprintf("%.2f", v)
}
