// Command samplebench measures the virtual GPU's sampling error: every
// launch of every zoo kernel (tools/zoo, at each family's smallest size)
// and of every lab (cudalib/labs, at its largest virtual size) runs both
// as a forced sample and whole, from the same memory
// (cudalib.CompareVirtualSampling), and the benchmark compares their
// counters and modelled times. It prints a Markdown report: the
// distribution of the errors, the worst launches, and the launches the
// sampler did not trust (with its reason), or ran whole because their
// grids were too small to sample.
//
//	go run ./bench/samplebench [-zoo=true] [-labs=true] [-json out.json]
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/cudalib/labs"
	"github.com/culab/culab/tools/zoo"
)

// entry is one distinct launch (kernel and shape) of one zoo row or lab.
type entry struct {
	Source      string // "zoo family/variant n" or "lab key n"
	Kernel      string
	Grid, Block [3]int
	Sampled     bool // false: the sample would have been most of the grid, so it ran whole
	Trusted     bool
	Reason      string `json:",omitempty"`
	Ran         int
	Blocks      int64
	// WorstCounter is the counter with the largest relative error (of
	// those at least 1 ‰ of the warp-instructions, or DRAM's), and Err
	// that error; TimeErr is the modelled time's.
	WorstCounter     string
	Err, TimeErr     float64
	WholeUS, SampUS  float64 // modelled µs
	WallWhole, WallS float64 // interpreter seconds
}

func main() {
	doZoo := flag.Bool("zoo", true, "run the zoo's families")
	doLabs := flag.Bool("labs", true, "run the labs")
	only := flag.String("only", "", "comma-separated zoo families or labs to run (default all)")
	out := flag.String("json", "", "also write the entries as JSON to this file")
	flag.Parse()
	if err := run(*doZoo, *doLabs, *only, *out); err != nil {
		fmt.Fprintln(os.Stderr, "samplebench:", err)
		os.Exit(1)
	}
}

func run(doZoo, doLabs bool, only, out string) error {
	dev, err := cudalib.OpenVirtual()
	if err != nil {
		return err
	}
	// Every launch runs whole as asked (the sample is on a snapshot).
	if err := dev.SetVirtualSampling(&cudalib.VirtualSampling{Mode: cudalib.VirtualSampleFull}); err != nil {
		return err
	}
	want := func(key string) bool {
		return only == "" || slices.Contains(strings.Split(only, ","), key)
	}
	var entries []entry
	seen := map[string]bool{}
	source := ""
	cudalib.CompareVirtualSampling(func(c cudalib.SamplingComparison) {
		key := fmt.Sprintf("%s %s %v %v", source, c.Kernel, c.Grid, c.Block)
		if seen[key] {
			return
		}
		seen[key] = true
		entries = append(entries, compare(source, c))
	})
	start := time.Now()
	var failures []string
	if doZoo {
		for _, f := range zoo.All() {
			if !want(f.Key) {
				continue
			}
			n := f.Sizes[0]
			in, err := zoo.NewInstance(dev, f, n, 1)
			if err != nil {
				failures = append(failures, err.Error())
				continue
			}
			for i := range f.Variants {
				v := &f.Variants[i]
				source = fmt.Sprintf("zoo %s/%s %d", f.Key, v.Name, n)
				if err := in.Check(v); err != nil {
					failures = append(failures, err.Error())
				}
			}
			in.Free()
			fmt.Fprintf(os.Stderr, "zoo %s done (%.0f s)\n", f.Key, time.Since(start).Seconds())
		}
	}
	if doLabs {
		for _, l := range labs.All() {
			if !want(l.Key) || len(l.VirtualSizes) == 0 {
				continue
			}
			n := l.VirtualSizes[len(l.VirtualSizes)-1]
			source = fmt.Sprintf("lab %s %d", l.Key, n)
			if _, err := l.RunWith(dev, labs.Options{Seed: 1, CPUCap: -1}, []int{n}); err != nil {
				failures = append(failures, fmt.Sprintf("lab %s: %v", l.Key, err))
			}
			fmt.Fprintf(os.Stderr, "lab %s done (%.0f s)\n", l.Key, time.Since(start).Seconds())
		}
	}
	cudalib.CompareVirtualSampling(nil)
	if out != "" {
		b, err := json.MarshalIndent(entries, "", "  ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(out, b, 0o644); err != nil {
			return err
		}
	}
	report(os.Stdout, entries, failures, time.Since(start))
	return nil
}

// compare turns a comparison into an entry.
func compare(source string, c cudalib.SamplingComparison) entry {
	e := entry{Source: source, Kernel: c.Kernel, Grid: c.Grid, Block: c.Block, Sampled: c.Sample.Sampled,
		Trusted: c.Sample.Trusted, Reason: c.Sample.Reason, Ran: len(c.Sample.Ran), Blocks: c.Sample.Blocks,
		WholeUS: us(c.WholeTime), SampUS: us(c.SampledTime), WallWhole: c.WallWhole.Seconds(), WallS: c.WallSampled.Seconds()}
	e.TimeErr = rel(float64(c.SampledTime), float64(c.WholeTime))
	w, s := reflect.ValueOf(c.Whole), reflect.ValueOf(c.Sampled)
	floor := float64(c.Whole.WarpInstrs) / 1000
	for i := range w.NumField() {
		name := w.Type().Field(i).Name
		x, y := float64(s.Field(i).Int()), float64(w.Field(i).Int())
		// Counters far below the launch's instructions weigh nothing in
		// the model; the footprint's always count.
		if y < floor && !strings.HasPrefix(name, "DRAM") && !strings.HasPrefix(name, "Atomic") && !strings.HasPrefix(name, "Max") {
			continue
		}
		if r := rel(x, y); math.Abs(r) > math.Abs(e.Err) {
			e.Err, e.WorstCounter = r, name
		}
	}
	return e
}

func rel(x, y float64) float64 {
	if y == 0 {
		if x == 0 {
			return 0
		}
		return math.Inf(1)
	}
	return (x - y) / y
}

func us(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }

// report prints the Markdown report.
func report(w *os.File, entries []entry, failures []string, took time.Duration) {
	var sampled, untrusted, whole []entry
	for _, e := range entries {
		switch {
		case !e.Sampled:
			whole = append(whole, e)
		case !e.Trusted:
			untrusted = append(untrusted, e)
		default:
			sampled = append(sampled, e)
		}
	}
	fmt.Fprintf(w, "%d distinct launches in %.0f s: %d sampled and trusted, %d sampled and not trusted, %d ran whole (grid too small to sample).\n\n",
		len(entries), took.Seconds(), len(sampled), len(untrusted), len(whole))
	fmt.Fprintf(w, "Trusted samples, |error| distribution:\n\n")
	fmt.Fprintf(w, "| | worst counter | modelled time |\n|---|---|---|\n")
	ce, te := make([]float64, len(sampled)), make([]float64, len(sampled))
	within1, within3 := 0, 0
	for i, e := range sampled {
		ce[i], te[i] = math.Abs(e.Err), math.Abs(e.TimeErr)
		if ce[i] <= 0.01 {
			within1++
		}
		if te[i] <= 0.03 {
			within3++
		}
	}
	slices.Sort(ce)
	slices.Sort(te)
	for _, q := range []float64{0.5, 0.9, 0.99, 1} {
		fmt.Fprintf(w, "| %s | %s | %s |\n", quantName(q), pct(quantile(ce, q)), pct(quantile(te, q)))
	}
	fmt.Fprintf(w, "| within goal | %d of %d within 1 %% | %d of %d within 3 %% |\n\n", within1, len(sampled), within3, len(sampled))
	slices.SortFunc(sampled, func(a, b entry) int { return cmpAbs(b.Err, a.Err) })
	fmt.Fprintf(w, "Worst trusted samples (by counter error):\n\n")
	table(w, sampled[:min(15, len(sampled))], false)
	slices.SortFunc(sampled, func(a, b entry) int { return cmpAbs(b.TimeErr, a.TimeErr) })
	fmt.Fprintf(w, "\nWorst trusted samples (by modelled time):\n\n")
	table(w, sampled[:min(8, len(sampled))], false)
	fmt.Fprintf(w, "\nSamples not trusted (the sampler's reason; in auto mode these fall back to a whole run up to 4× the budget):\n\n")
	table(w, untrusted, true)
	if len(failures) > 0 {
		fmt.Fprintf(w, "\nRuns that failed or were wrong (the whole run's outputs are checked):\n\n")
		for _, f := range failures {
			fmt.Fprintf(w, "- %s\n", f)
		}
	}
}

func table(w *os.File, es []entry, reasons bool) {
	fmt.Fprintf(w, "| launch | kernel | grid × block | ran | worst counter | error | time error |%s\n", map[bool]string{true: " reason |", false: ""}[reasons])
	fmt.Fprintf(w, "|---|---|---|---|---|---|---|%s\n", map[bool]string{true: "---|", false: ""}[reasons])
	for _, e := range es {
		fmt.Fprintf(w, "| %s | %s | %v × %v | %d / %d | %s | %s | %s |", e.Source, e.Kernel, e.Grid, e.Block, e.Ran, e.Blocks,
			e.WorstCounter, pct(e.Err), pct(e.TimeErr))
		if reasons {
			fmt.Fprintf(w, " %s |", e.Reason)
		}
		fmt.Fprintln(w)
	}
}

func cmpAbs(a, b float64) int {
	switch {
	case math.Abs(a) < math.Abs(b):
		return -1
	case math.Abs(a) > math.Abs(b):
		return 1
	}
	return 0
}

func quantile(s []float64, q float64) float64 {
	if len(s) == 0 {
		return 0
	}
	return s[min(len(s)-1, int(math.Ceil(q*float64(len(s))))-1+boolInt(q == 0))]
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func quantName(q float64) string {
	if q == 1 {
		return "max"
	}
	return fmt.Sprintf("p%.0f", 100*q)
}

func pct(x float64) string { return fmt.Sprintf("%+.3f %%", 100*x) }
