package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/culab/culab/cudalib/gpus"
	"github.com/culab/culab/cudalib/ncu"
	"github.com/culab/culab/cudalib/timemodel"
	"github.com/culab/culab/display/table"
	"github.com/culab/culab/tools/internal/subcmd"
	"github.com/culab/culab/tools/internal/toolfile"
	"github.com/culab/culab/tools/zoo"
)

func compareCmd(args []string) error {
	fs := flag.NewFlagSet("compare", flag.ExitOnError)
	vmPath := fs.String("vm", "vm.json", "the virtual GPU's run; comma-separated, a later run's families replace an earlier's (a rerun of some families)")
	gpuPaths := fs.String("gpu", "", "the GPU's timed runs, comma-separated")
	ncuPath := fs.String("ncu", "", "ncu's CSV of the once run (optional; .gz read as gzip)")
	oncePath := fs.String("once", "", "the GPU's once run that ncu profiled")
	recPath := fs.String("rec", "", "write the recording here (gzipped JSON)")
	fromRec := fs.String("from", "", "compare a recording instead of runs")
	nativePath := fs.String("native", "", "the native build's times (optional)")
	out := fs.String("o", "", "write the Markdown here (default: standard output)")
	modelName := fs.String("model", "h100", "the GPU the runs were measured on, whose model (timemodel.For) is held to them: "+strings.Join(gpus.Keys(), ", "))
	fs.Parse(args)
	g, err := gpus.Lookup(*modelName)
	if err != nil {
		return err
	}
	var rec *recording
	var problems []string
	if *fromRec != "" {
		var err error
		if rec, err = readRecording(*fromRec); err != nil {
			return err
		}
	} else {
		vm, err := readVMRuns(subcmd.List(*vmPath))
		if err != nil {
			return err
		}
		var runs []*runLog
		var names []string
		for _, p := range subcmd.List(*gpuPaths) {
			r := &runLog{}
			if err := toolfile.ReadJSON(p, r); err != nil {
				return err
			}
			runs = append(runs, r)
			names = append(names, filepath.Base(p))
		}
		var once *runLog
		var launches []ncu.Launch
		if *ncuPath != "" {
			once = &runLog{}
			if err := toolfile.ReadJSON(*oncePath, once); err != nil {
				return err
			}
			var err error
			if launches, err = readNCU(*ncuPath); err != nil {
				return err
			}
		}
		var native map[rowKey][]float64
		if *nativePath != "" {
			var err error
			if native, err = readNative(*nativePath); err != nil {
				return err
			}
		}
		rec, problems = build(vm, runs, names, once, launches, native)
		if *recPath != "" {
			if err := writeRecording(*recPath, rec); err != nil {
				return err
			}
		}
	}
	w, done, err := toolfile.Create(*out)
	if err != nil {
		return err
	}
	report(w, g, rec, problems)
	return done()
}

// readVMRuns reads the virtual GPU's runs, the first whole, each later one
// replacing the rows of the families it has (and adding its errors).
func readVMRuns(paths []string) (*runLog, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("-vm: no run given")
	}
	vm := &runLog{}
	if err := toolfile.ReadJSON(paths[0], vm); err != nil {
		return nil, err
	}
	for _, p := range paths[1:] {
		var part runLog
		if err := toolfile.ReadJSON(p, &part); err != nil {
			return nil, err
		}
		if !part.Virtual {
			return nil, fmt.Errorf("-vm %s: not a virtual GPU's run", p)
		}
		vm.Rows = replaceFamilies(vm.Rows, part.Rows)
		vm.Errors = append(vm.Errors, part.Errors...)
	}
	return vm, nil
}

// replaceFamilies returns rows with the rows of every family that part
// has replaced by part's, in place of the first row of that family.
func replaceFamilies(rows, part []row) []row {
	fams := map[string][]row{}
	for _, r := range part {
		fams[r.Family] = append(fams[r.Family], r)
	}
	var out []row
	for _, r := range rows {
		new, ok := fams[r.Family]
		switch {
		case !ok:
			out = append(out, r)
		case new != nil:
			out = append(out, new...)
			fams[r.Family] = nil
		}
	}
	for _, r := range part {
		if fams[r.Family] != nil {
			out = append(out, fams[r.Family]...)
			fams[r.Family] = nil
		}
	}
	return out
}

func pct(a, n int) string {
	if n == 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f %% (%d/%d)", 100*float64(a)/float64(n), a, n)
}

// report writes the comparison: per family the model of g's order
// agreement and ratios against g's median over the runs (the runs were
// measured on g), the counters against ncu's, then every row.
func report(w io.Writer, g gpus.GPU, rec *recording, problems []string) {
	m := timemodel.For(g)
	fams, points := modelPoints(m, rec)
	model := "`timemodel.H100`"
	if g.Key != gpus.H100.Key {
		model = fmt.Sprintf("`timemodel.For(gpus.%s)` (the H100's constants with the %s's published figures: docs/gpus.md)", g.Label, g.Label)
	}
	fmt.Fprintf(w, "# The kernel zoo: the virtual GPU against the %s\n\n", g.Label)
	fmt.Fprintf(w, "%d families, %d rows; %s runs: %s. Modeled: %s on each row's recorded work. "+
		"Order: pairs of variants of one size in the order of the %s's median over the runs (a measured tie within %.0f %% agrees with either order, a modeled tie within %.0f %% only with a measured one).\n\n",
		len(fams), len(rec.Rows), g.Label, strings.Join(rec.Runs, ", "), model, g.Label, 100*tieFraction, 100*modelTieFraction)
	var total figures
	cf := countersOf(rec)
	sum := table.Table{Columns: append(table.Cols(table.Left, "family", "what the variants compare"),
		table.Cols(table.Right, "rows", "order", "within 2×", "within 4×", "modeled / measured")...)}
	for _, f := range fams {
		s := score(points[f])
		total.add(s)
		title := ""
		if z, err := zoo.Get(f); err == nil {
			title = z.Title
		}
		sum.AddRow(f, title, fmt.Sprint(s.n), pct(s.agree, s.pairs), pct(s.in2, s.n), pct(s.in4, s.n), ratioRange(s))
	}
	strong := func(text string) table.Cell { return table.Cell{Text: text, Em: table.Strong} }
	sum.Rows = append(sum.Rows, table.Row{Cells: []table.Cell{strong("all"), {}, {Text: fmt.Sprint(total.n)},
		strong(pct(total.agree, total.pairs)), strong(pct(total.in2, total.n)), strong(pct(total.in4, total.n)), {Text: ratioRange(total)}}})
	fmt.Fprint(w, table.Markdown(sum))
	if lo, hi, ok := selfFigures(rec); ok {
		fmt.Fprintf(w, "The %s against itself (one run's times as the prediction of another's order): %.0f–%.0f %% of the pairs.\n\n", g.Label, 100*lo, 100*hi)
	}
	fmt.Fprintf(w, "## Out of sample\n\nNo constant of `timemodel.H100` was taken from the zoo: each comes from a microbenchmark on the H100 (bench/microbench), "+
		"the labs, public figures, the device's report or ptxas's output (docs/timemodel.md). Every family is held out, and leave-families-out is the table above: "+
		"**order %s, within 2× %s, within 4× %s**.\n\n", pct(total.agree, total.pairs), pct(total.in2, total.n), pct(total.in4, total.n))
	fmt.Fprintf(w, "## The %s's noise, and a native build\n\n", g.Label)
	writeNoise(w, rec)
	writeNative(w, rec)
	fmt.Fprintf(w, "## Counters against ncu\n\nAt each family's smallest size, per kernel (summed over a row's launches of it): %d of %d kernels have every global and shared memory counter equal to ncu's. PTX warp-instructions (virtual GPU) / SASS warp-instructions (`smsp__inst_executed.sum`): %.2f–%.2f; %d of %d kernels within 5 %%.\n\n",
		cf.equal, cf.kernels, cf.lo, cf.hi, cf.within5, cf.kernels)
	writeCounterNotes(w, cf)
	if len(cf.misses) > 0 {
		miss := table.Table{Columns: append(table.Cols(table.Left, "row", "kernel", "counter"), append(table.Cols(table.Right, "virtual GPU", "ncu"), table.Column{Head: "depends on"})...)}
		for _, m := range cf.misses {
			miss.AddRow(m.row, m.kernel, m.counter, fmt.Sprint(m.vm), fmt.Sprint(m.ncu), m.why)
		}
		fmt.Fprint(w, table.Markdown(miss))
	}
	if len(cf.arbitration) > 0 {
		arb := table.Table{Columns: append(table.Cols(table.Left, "row", "kernel", "counter"), table.Cols(table.Right, "SASS-patched", "hardware")...)}
		for _, m := range cf.arbitration {
			arb.AddRow(m.row, m.kernel, m.counter, fmt.Sprint(m.vm), fmt.Sprint(m.ncu))
		}
		fmt.Fprintf(w, "ncu's hardware shared-memory counters against its SASS-patched ones, where they differ (the hardware's excess is lost arbitration):\n\n%s", table.Markdown(arb))
	}
	rows := table.Table{Columns: []table.Column{{Head: "family"}, {Head: "size", Align: table.Right}, {Head: "variant"},
		{Head: "modeled ms", Align: table.Right}, {Head: g.Label + " median ms", Align: table.Right}, {Head: "ratio", Align: table.Right},
		{Head: "runs"}, {Head: "spread", Align: table.Right}, {Head: "bound"}, {Head: "PTX/SASS", Align: table.Right}}}
	for _, f := range fams {
		for _, p := range points[f] {
			r := rec.Rows[p.row]
			runs := make([]string, len(r.MeasuredMS))
			for j, t := range r.MeasuredMS {
				runs[j] = fmt.Sprintf("%.4f", t)
			}
			ratio := "–"
			if p.measured > 0 {
				ratio = fmt.Sprintf("%.2f", p.predicted/p.measured)
			}
			rows.AddRow(f, fmt.Sprint(p.size), p.variant, fmt.Sprintf("%.4f", p.predicted), fmt.Sprintf("%.4f", p.measured),
				ratio, strings.Join(runs, " "), fmt.Sprintf("%.0f %%", 100*spread(r.MeasuredMS)), bound(m, r.Work), ptxSass(r.Kernels))
		}
	}
	fmt.Fprintf(w, "## Rows\n\n%s", table.Markdown(rows))
	if len(problems) > 0 {
		fmt.Fprintf(w, "\n## Problems\n\n")
		for _, p := range problems {
			fmt.Fprintf(w, "- %s\n", p)
		}
	}
}

// writeCounterNotes says what the comparison of counters leaves to timing:
// the kernels whose counts depend on the order atomics land, and the
// hardware counters of shared wavefronts and bank conflicts.
func writeCounterNotes(w io.Writer, cf counterFigures) {
	fmt.Fprintf(w, "Shared wavefronts are compared against ncu's SASS-patched metric "+
		"(`smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_{ld,st}`), which counts from each instruction's addresses, where ncu reported it; "+
		"its hardware counters (`l1tex__data_*`, the only ones of bank conflicts) also count a shared access that lost the data banks' arbitration, "+
		"by an amount that changes from launch to launch (cudalib/vgpu/COUNTERS.md, bench/microbench/smemconf.cu).")
	if cf.timingOnly > 0 {
		fmt.Fprintf(w, " %d kernels differ only in hardware counts that hold arbitration (the hardware wavefronts above the SASS-patched ones, or no SASS-patched ones), by more than the addresses give (\"%s\" below).", cf.timingOnly, whyTiming)
	}
	if len(cf.atomicOrder) > 0 {
		fmt.Fprintf(w, " %d kernels differ in global counters that depend on the order atomics land (\"%s\" below: the slot an atomic hands a thread decides where its later accesses go, and the order changes from run to run on the GPU; the virtual GPU runs such kernels' blocks in order, the same every run): %s.",
			len(cf.atomicOrder), whyAtomicOrder, strings.Join(cf.atomicOrder, "; "))
	}
	fmt.Fprintf(w, " Every other kernel: %d of %d equal.\n\n", cf.equal, cf.kernels-cf.timingOnly-len(cf.atomicOrder))
}

// ratioRange is a family's lowest and highest modeled / measured.
func ratioRange(f figures) string { return fmt.Sprintf("%.2f–%.2f", f.lo, f.hi) }

// bound names what bounds the row's longest launch.
func bound(m timemodel.GPU, work []timemodel.Work) string {
	var best time.Duration
	name := "–"
	for _, wk := range work {
		if wk.CopyBytes > 0 {
			continue
		}
		if t := m.Kernel(wk.Launch); t > best {
			best, name = t, m.Terms(wk.Launch).Bound()
		}
	}
	if len(work) > 1 {
		name += fmt.Sprintf(" (%d launches)", len(work))
	}
	return name
}

// ptxSass is the row's PTX / SASS warp-instructions where ncu profiled it.
func ptxSass(ks []kernelCounters) string {
	var vm, gpu int64
	for _, k := range ks {
		vm += k.VM.WarpInstrs
		gpu += k.NCU.WarpInstrs
	}
	if gpu == 0 {
		return ""
	}
	return fmt.Sprintf("%.2f", float64(vm)/float64(gpu))
}

// quantile is the q-quantile of xs (nearest rank).
func quantile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

// writeNative holds culab's times to a native nvcc build's of the same
// kernels, timed the same way on the same GPU in the same session.
func writeNative(w io.Writer, rec *recording) {
	t := table.Table{Columns: []table.Column{{Head: "family"}, {Head: "size", Align: table.Right}, {Head: "variant"},
		{Head: "native ms", Align: table.Right}, {Head: "culab ms", Align: table.Right}, {Head: "culab / native", Align: table.Right}}}
	for _, r := range rec.Rows {
		if r.NativeMS <= 0 {
			continue
		}
		m := medianOver(r.MeasuredMS)
		t.AddRow(r.Family, fmt.Sprint(r.Size), r.Variant, fmt.Sprintf("%.4f", r.NativeMS), fmt.Sprintf("%.4f", m), fmt.Sprintf("%.2f", m/r.NativeMS))
	}
	if len(t.Rows) == 0 {
		return
	}
	fmt.Fprintf(w, "Native: culab's median over the runs against a native nvcc build timed the same way (`tools/zoocompare/native`):\n\n%s", table.Markdown(t))
}

// writeNoise gives, per run, how far apart its rounds were and how far
// its medians are from the median over the runs (median and 90th
// percentile over the rows).
func writeNoise(w io.Writer, rec *recording) {
	t := table.Table{Columns: append(table.Cols(table.Left, "run"),
		table.Cols(table.Right, "rounds' spread, median", "90th pct", "from the runs' median, median", "90th pct")...)}
	for i, name := range rec.Runs {
		var rounds, dev []float64
		for _, r := range rec.Rows {
			rounds = append(rounds, spread(r.RoundsMS[i]))
			if m := medianOver(r.MeasuredMS); m > 0 && r.MeasuredMS[i] > 0 {
				dev = append(dev, math.Abs(r.MeasuredMS[i]/m-1))
			}
		}
		perCent := func(x float64) string { return fmt.Sprintf("%.1f %%", 100*x) }
		t.AddRow(name, perCent(quantile(rounds, 0.5)), perCent(quantile(rounds, 0.9)), perCent(quantile(dev, 0.5)), perCent(quantile(dev, 0.9)))
	}
	fmt.Fprintf(w, "Noise, per run over the rows: the spread of a row's rounds ((max − min) / median of the round medians) and the distance of the run's median from the median over the runs:\n\n%s", table.Markdown(t))
}
