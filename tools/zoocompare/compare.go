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

	"github.com/culab/culab/cudalib/ncu"
	"github.com/culab/culab/cudalib/timemodel"
	"github.com/culab/culab/tools/internal/subcmd"
	"github.com/culab/culab/tools/internal/toolfile"
	"github.com/culab/culab/tools/zoo"
)

func compareCmd(args []string) error {
	fs := flag.NewFlagSet("compare", flag.ExitOnError)
	vmPath := fs.String("vm", "vm.json", "the virtual GPU's run")
	gpuPaths := fs.String("gpu", "", "the GPU's timed runs, comma-separated")
	ncuPath := fs.String("ncu", "", "ncu's CSV of the once run (optional; .gz read as gzip)")
	oncePath := fs.String("once", "", "the GPU's once run that ncu profiled")
	recPath := fs.String("rec", "", "write the recording here (gzipped JSON)")
	fromRec := fs.String("from", "", "compare a recording instead of runs")
	nativePath := fs.String("native", "", "the native build's times (optional)")
	out := fs.String("o", "", "write the Markdown here (default: standard output)")
	fs.Parse(args)
	var rec *recording
	var problems []string
	if *fromRec != "" {
		var err error
		if rec, err = readRecording(*fromRec); err != nil {
			return err
		}
	} else {
		var vm runLog
		if err := toolfile.ReadJSON(*vmPath, &vm); err != nil {
			return err
		}
		var gpus []*runLog
		var names []string
		for _, p := range subcmd.List(*gpuPaths) {
			g := &runLog{}
			if err := toolfile.ReadJSON(p, g); err != nil {
				return err
			}
			gpus = append(gpus, g)
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
		rec, problems = build(&vm, gpus, names, once, launches, native)
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
	report(w, rec, problems)
	return done()
}

func pct(a, n int) string {
	if n == 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f %% (%d/%d)", 100*float64(a)/float64(n), a, n)
}

// report writes the comparison: per family the model's order agreement
// and ratios against the H100's median over the runs, the counters
// against ncu's, then every row.
func report(w io.Writer, rec *recording, problems []string) {
	fams, points := modelPoints(timemodel.H100, rec)
	fmt.Fprintf(w, "# The kernel zoo: the virtual GPU against the H100\n\n")
	fmt.Fprintf(w, "%d families, %d rows; H100 runs: %s. Modeled: `timemodel.H100` on each row's recorded work. "+
		"Order: pairs of variants of one size in the order of the H100's median over the runs (a measured tie within %.0f %% agrees with either order, a modeled tie within %.0f %% only with a measured one).\n\n",
		len(fams), len(rec.Rows), strings.Join(rec.Runs, ", "), 100*tieFraction, 100*modelTieFraction)
	var total figures
	cf := countersOf(rec)
	fmt.Fprintf(w, "| family | what the variants compare | rows | order | within 2× | within 4× | modeled / measured |\n|:---|:---|---:|---:|---:|---:|---:|\n")
	for _, f := range fams {
		s := score(points[f])
		total.add(s)
		title := ""
		if z, err := zoo.Get(f); err == nil {
			title = z.Title
		}
		fmt.Fprintf(w, "| %s | %s | %d | %s | %s | %s | %.2f–%.2f |\n", f, title, s.n, pct(s.agree, s.pairs), pct(s.in2, s.n), pct(s.in4, s.n), s.lo, s.hi)
	}
	fmt.Fprintf(w, "| **all** | | %d | **%s** | **%s** | **%s** | %.2f–%.2f |\n\n", total.n, pct(total.agree, total.pairs), pct(total.in2, total.n), pct(total.in4, total.n), total.lo, total.hi)
	if lo, hi, ok := selfFigures(rec); ok {
		fmt.Fprintf(w, "The H100 against itself (one run's times as the prediction of another's order): %.0f–%.0f %% of the pairs.\n\n", 100*lo, 100*hi)
	}
	writeLOFO(w, rec)
	fmt.Fprintf(w, "## The H100's noise, and a native build\n\n")
	writeNoise(w, rec)
	writeNative(w, rec)
	fmt.Fprintf(w, "## Counters against ncu\n\nAt each family's smallest size, per kernel (summed over a row's launches of it): %d of %d kernels have every global and shared memory counter equal to ncu's. PTX warp-instructions (virtual GPU) / SASS warp-instructions (`smsp__inst_executed.sum`): %.2f–%.2f; %d of %d kernels within 5 %%.\n\n",
		cf.equal, cf.kernels, cf.lo, cf.hi, cf.within5, cf.kernels)
	if len(cf.misses) > 0 {
		fmt.Fprintf(w, "| row | kernel | counter | virtual GPU | ncu |\n|:---|:---|:---|---:|---:|\n")
		for _, m := range cf.misses {
			fmt.Fprintln(w, m)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "## Rows\n\n| family | size | variant | modeled ms | H100 median ms | ratio | runs | spread | bound | PTX/SASS |\n|:---|---:|:---|---:|---:|---:|:---|---:|:---|---:|\n")
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
			fmt.Fprintf(w, "| %s | %d | %s | %.4f | %.4f | %s | %s | %.0f %% | %s | %s |\n", f, p.size, p.variant, p.predicted, p.measured,
				ratio, strings.Join(runs, " "), 100*spread(r.MeasuredMS), bound(r.Work), ptxSass(r.Kernels))
		}
	}
	if len(problems) > 0 {
		fmt.Fprintf(w, "\n## Problems\n\n")
		for _, p := range problems {
			fmt.Fprintf(w, "- %s\n", p)
		}
	}
}

// bound names what bounds the row's longest launch.
func bound(work []timemodel.Work) string {
	var best time.Duration
	name := "–"
	for _, wk := range work {
		if wk.CopyBytes > 0 {
			continue
		}
		if t := timemodel.H100.Kernel(wk.Launch); t > best {
			best, name = t, timemodel.H100.Terms(wk.Launch).Bound()
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

func fmtMiss(r recRow, kernel, counter string, vm, gpu int64) string {
	return fmt.Sprintf("| %s %d %s | %s | %s | %d | %d |", r.Family, r.Size, r.Variant, kernel, counter, vm, gpu)
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
	var lines []string
	for _, r := range rec.Rows {
		if r.NativeMS <= 0 {
			continue
		}
		m := medianOver(r.MeasuredMS)
		lines = append(lines, fmt.Sprintf("| %s | %d | %s | %.4f | %.4f | %.2f |", r.Family, r.Size, r.Variant, r.NativeMS, m, m/r.NativeMS))
	}
	if len(lines) == 0 {
		return
	}
	fmt.Fprintf(w, "Native: culab's median over the runs against a native nvcc build timed the same way (`tools/zoocompare/native`):\n\n| family | size | variant | native ms | culab ms | culab / native |\n|:---|---:|:---|---:|---:|---:|\n%s\n\n", strings.Join(lines, "\n"))
}

// writeNoise gives, per run, how far apart its rounds were and how far
// its medians are from the median over the runs (median and 90th
// percentile over the rows).
func writeNoise(w io.Writer, rec *recording) {
	fmt.Fprintf(w, "Noise, per run over the rows: the spread of a row's rounds ((max − min) / median of the round medians) and the distance of the run's median from the median over the runs:\n\n| run | rounds' spread, median | 90th pct | from the runs' median, median | 90th pct |\n|:---|---:|---:|---:|---:|\n")
	for i, name := range rec.Runs {
		var rounds, dev []float64
		for _, r := range rec.Rows {
			rounds = append(rounds, spread(r.RoundsMS[i]))
			if m := medianOver(r.MeasuredMS); m > 0 && r.MeasuredMS[i] > 0 {
				dev = append(dev, math.Abs(r.MeasuredMS[i]/m-1))
			}
		}
		fmt.Fprintf(w, "| %s | %.1f %% | %.1f %% | %.1f %% | %.1f %% |\n", name, 100*quantile(rounds, 0.5), 100*quantile(rounds, 0.9), 100*quantile(dev, 0.5), 100*quantile(dev, 0.9))
	}
	fmt.Fprintln(w)
}
