package main

import (
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/culab/culab/display/table"
)

// runInfo is what the report's header says about the run.
type runInfo struct {
	gpu, virtual string // device descriptions; gpu "" with -virtual-only
	backend      string // the GPU's driver, e.g. "CUDA driver 13.0"
	recorded     string // the record of GPU outputs read (-recorded), if any
	command      string // how vgpudiff was run
	nvrtc        string // the compiler of both, e.g. "NVRTC 13.0"
	n            int
	seed         uint64
	date         string
}

// writeReport writes the Markdown report: a summary, the exact kernels,
// the approximate kernels and the errors.
func writeReport(w io.Writer, info runInfo, results []*result) error {
	var b strings.Builder
	vs := info.gpu
	switch {
	case vs == "" && info.recorded != "":
		vs = "the GPU outputs recorded in " + info.recorded
	case vs == "":
		vs = "no GPU (-virtual-only: exact kernels are run, not compared)"
	}
	fmt.Fprintf(&b, "# vgpudiff: virtual GPU vs %s\n\n", vs)
	fmt.Fprintf(&b, "Date: %s. Virtual GPU: %s. GPU driver: %s. Compiler: %s. Elements per kernel: %d (blocks of %d), seed %d.\n",
		info.date, info.virtual, orNone(info.backend), orNone(info.nvrtc), info.n, blockSize, info.seed)
	fmt.Fprintf(&b, "Command: `%s`.\n\n", info.command)

	var exact, approx, failed []*result
	for _, r := range results {
		if r.approx != nil {
			approx = append(approx, r)
		} else {
			exact = append(exact, r)
		}
		if r.failed() {
			failed = append(failed, r)
		}
	}
	fmt.Fprintf(&b, "%d kernels: %d exact (bit-identical required), %d approximate (documented bound required); **%d failed**.\n\n",
		len(results), len(exact), len(approx), len(failed))
	if info.gpu != "" {
		notes := map[string]bool{}
		for _, src := range sources {
			if src.notOnGPU != "" && !notes[src.label()] {
				notes[src.label()] = true
				fmt.Fprintf(&b, "Not compared with the GPU: `%s`: %s.\n\n", src.label(), src.notOnGPU)
			}
		}
		for _, name := range slices.Sorted(maps.Keys(gpuDeviations)) {
			fmt.Fprintf(&b, "GPU deviation: `%s`: %s.\n\n", name, gpuDeviations[name])
		}
		b.WriteString("NaN choices: where an f64 min, max or fma has two NaN operands, PTX does not say which one the result is; the H100 picks by the operand order of the SASS instruction ptxas chose (min.f64 of the same two NaNs gave the first operand in one kernel and the second in another), so there either quieted NaN operand counts as equal and the table counts those elements apart.\n\n")
	}
	if info.recorded != "" {
		counts := map[string]int{}
		for _, r := range exact {
			counts[r.recorded]++
		}
		fmt.Fprintf(&b, "Exact kernels against the GPU outputs recorded in `%s`: %d same, **%d differ**, %d stale (kernel or inputs changed since), %d not recorded.\n\n",
			info.recorded, counts["same"], counts["differs"], counts["stale record"], counts["not recorded"])
	}
	if len(failed) > 0 {
		b.WriteString("Failed: ")
		for i, r := range failed {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "`%s`", r.k)
		}
		b.WriteString(".\n\n")
	}

	errs := errorIndex(results)
	b.WriteString(inputsLegend)
	b.WriteString("## Exact kernels\n\n")
	ex := table.Table{Columns: table.Cols(table.Left, "source", "kernel", "inputs", "elements", "mismatches", "first mismatch")}
	ex.Columns[1].Code = table.MarkdownForm
	for _, r := range exact {
		detail := r.first
		if r.err != nil {
			detail = errs.ref(r.err)
		}
		ex.Rows = append(ex.Rows, table.Row{Cells: []table.Cell{{Text: r.k.src.label()}, {Text: r.k.name}, {Text: classList(r.k)},
			{Text: fmt.Sprint(r.n)}, mismatchCell(r), {Text: detail}}})
	}
	b.WriteString(table.Markdown(ex))

	b.WriteString("## Approximate kernels\n\nError / bound: the worst element's error measured as the bound is (absolute, relative or in ulps of the exact result as f32), divided by the bound; at most 1 is within it. Special elements (NaN or infinite inputs or results, zero results) must match the GPU's bits.\n\n")
	ap := table.Table{Columns: table.Cols(table.Left, "kernel", "inputs", "documented bound", "bounded elements", "VGPU error / bound",
		"GPU error / bound", "max VGPU−GPU (ulp)", "differing bits", "special mismatches", "VGPU worst element")}
	ap.Columns[0].Code = table.MarkdownForm
	for _, r := range approx {
		a := r.approx
		if r.err != nil {
			ap.AddRow(r.k.name, classList(r.k), a.spec.doc, "", "", "", "", "", "", errs.ref(r.err))
			continue
		}
		ap.Rows = append(ap.Rows, table.Row{Cells: []table.Cell{{Text: r.k.name}, {Text: classList(r.k)}, {Text: a.spec.doc},
			{Text: fmt.Sprint(a.bounded)}, ratio(a.worstV, a.bounded), ratio(a.worstG, a.bounded), {Text: num(a.maxDiff, r.compared)},
			{Text: count(a.differ, r.compared)}, {Text: fmt.Sprint(a.specialBad)}, {Text: a.worstAt + special(a)}}})
	}
	b.WriteString(table.Markdown(ap))
	if len(errs.list) > 0 {
		b.WriteString("## Errors\n\n")
		for i, e := range errs.list {
			fmt.Fprintf(&b, "%d. %s\n", i+1, strings.ReplaceAll(e, "\n", " "))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// errorList numbers the distinct errors, so that a compile error shared by
// every kernel of a source is written once.
type errorList struct {
	list []string
	num  map[string]int
}

func errorIndex(results []*result) *errorList {
	e := &errorList{num: map[string]int{}}
	for _, r := range results {
		if r.err != nil && e.num[r.err.Error()] == 0 {
			e.list = append(e.list, r.err.Error())
			e.num[r.err.Error()] = len(e.list)
		}
	}
	return e
}

func (e *errorList) ref(err error) string {
	return fmt.Sprintf("error %d (see Errors)", e.num[err.Error()])
}

// inputsLegend says how the input classes are drawn (inputs.go).
const inputsLegend = `Inputs: for each kernel, every pair of its first two operands' special values (in random order, up to half the elements), then random values with a special one time in eight. Classes: I32/I64 random bits, small numbers, powers of two ± 1, INT_MIN/INT_MAX, -1, 0, 1; F32/F64 random bits, numbers of every exponent, numbers near integers and halves, ±0, ±Inf, NaNs with payloads and signalling NaNs, smallest and largest subnormals, FLT_MIN/MAX; F32C/F64C add the edges of integer conversions (±2^31, 2^32, ±2^63, 2^64 and their neighbours); F16 half-precision bits; SHIFT counts 0..70 and beyond; SMALL 0..255; POSLEN bit-field position and length up to 70 (and 255); TRIG [-π, π]; FR the ranges of the approximate functions. OUT starts as a copy of C.

`

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func classList(k testKernel) string {
	var cs []string
	for _, c := range k.classes {
		if c != "NONE" {
			cs = append(cs, c)
		}
	}
	return strings.Join(cs, ", ")
}

// mismatchCell is the exact table's verdict on r, in bold where it fails.
func mismatchCell(r *result) table.Cell {
	bold := func(s string) table.Cell { return table.Cell{Text: s, Em: table.Strong} }
	switch {
	case r.err != nil:
		return bold("error")
	case r.recorded == "differs":
		return bold("differs from the recorded GPU output")
	case !r.compared && r.recorded != "":
		return table.Cell{Text: r.recorded}
	case !r.compared && r.k.src.notOnGPU != "":
		return table.Cell{Text: "not compared (see above)"}
	case !r.compared:
		return table.Cell{Text: "—"}
	case r.mismatches > 0 && gpuDeviations[r.k.name] != "":
		return table.Cell{Text: fmt.Sprintf("%d (a GPU deviation, see above)", r.mismatches)}
	case r.mismatches > 0:
		return bold(fmt.Sprint(r.mismatches))
	case r.nanChoices > 0:
		return table.Cell{Text: fmt.Sprintf("0 (%d NaN choices)", r.nanChoices)}
	}
	return table.Cell{Text: "0"}
}

// ratio is an error / bound cell, in bold past the bound.
func ratio(q float64, bounded int) table.Cell {
	switch {
	case bounded == 0 || math.IsNaN(q):
		return table.Cell{Text: "—"}
	case q > 1:
		return table.Cell{Text: fmt.Sprintf("%.3g", q), Em: table.Strong}
	}
	return table.Cell{Text: fmt.Sprintf("%.3g", q)}
}

func num(x float64, ok bool) string {
	if !ok {
		return "—"
	}
	return fmt.Sprintf("%.0f", x)
}

func count(n int, ok bool) string {
	if !ok {
		return "—"
	}
	return fmt.Sprint(n)
}

func special(a *approxResult) string {
	if a.specialBad == 0 {
		return ""
	}
	return "; first special mismatch " + a.firstBad
}
