// Command timecompare holds the virtual GPU's modelled times
// (cudalib/timemodel) to measured ones: every lab variant runs on the
// virtual GPU at sizes an interpreter runs in seconds (each lab's
// VirtualSizes, or -sizes), and the same labs at the same sizes on a GPU
// (-gpu, through cudalib.Open) and/or are looked up in a committed
// `culab run` tables.md of the GPU the model models (-tables). It writes,
// per lab, how often the modelled order of two variants at one size is
// the measured one, how many modelled times are within 2× of the measured,
// and each row's ratio, in Markdown.
//
//	timecompare [-gpu] [-tables docs/results/2026-11-22-h100/tables.md] [-labs a,b] [-sizes lab=n,...] [-recording REC] [-model NAME] [-o out.md]
//
// -model NAME models another GPU of package gpus than the H100 (h200,
// a40, t4, …): the virtual GPU of that model runs the labs, or its time
// model (timemodel.For) times a recording's work; with -fit too.
//
// -modeled TABLES (with -tables) compares two `culab run` tables.md files
// instead, the virtual GPU's (modelled) beside a GPU's (measured): the
// report's sizes, which the virtual GPU runs by sampling.
//
// -recording REC takes the modelled times from a -dump recording's work
// instead of running the labs on the virtual GPU (the counters are the
// same at the same sizes): a GPU run then takes only the GPU's time.
//
// -dump FILE records, instead, the work each row times (every launch's
// counters and shape, every copy) with its measured time from a committed
// timecompare.md (-measured) as gzipped JSON; with -from REC it takes the
// work from that recording instead of running the labs (a new GPU run's
// times beside the same counters). -fit FILE evaluates the time model on
// such a recording (against -measured's times, if given) and writes the
// same comparison, in milliseconds (testdata/h100-*.json.gz are the
// committed ones); -measured a.md,b.md,… (several runs of the same rows)
// adds each run's order agreement and the agreement over the pairs every
// run orders alike.
//
// tools/timecompare/run.sh runs it on the GPU machine.
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/cudalib/gpus"
	"github.com/culab/culab/cudalib/labs"
	"github.com/culab/culab/cudalib/timemodel"
	"github.com/culab/culab/tools/internal/toolfile"
)

func main() {
	gpu := flag.Bool("gpu", false, "also run the labs on the GPU (cudalib.Open) and compare with its measured times")
	tables := flag.String("tables", "", "compare with the median times of this `culab run` tables.md where sizes match")
	only := flag.String("labs", "", "only these labs, comma-separated")
	sizes := flag.String("sizes", "", "sizes per lab, e.g. matmul=256,512;vecadd=100000, or report: each lab's Sizes (default: each lab's VirtualSizes)")
	out := flag.String("o", "", "write the Markdown here (default: stdout)")
	seed := flag.Uint64("seed", 1, "seed of the labs' random inputs")
	dumpPath := flag.String("dump", "", "record each row's timed work and its measured time (-measured) as JSON here, instead")
	measuredPath := flag.String("measured", "", "with -dump: the timecompare.md (or a GPU's `culab run` tables.md) whose GPU times to record beside the work; with -fit: one or more, comma-separated")
	fitPath := flag.String("fit", "", "evaluate the time model on this -dump recording, instead of running the labs")
	fromPath := flag.String("from", "", "with -dump: take the work from this recording instead of running the labs")
	recPath := flag.String("recording", "", "model the rows on this -dump recording's work instead of running the labs on the virtual GPU")
	modelName := flag.String("model", "h100", "the GPU modeled: "+strings.Join(gpus.Keys(), ", "))
	modeledPath := flag.String("modeled", "", "with -tables: take the modelled times from this tables.md of a `culab run` on the virtual GPU (at the report's sizes) instead of running the labs")
	flag.Parse()
	g, err := gpus.Lookup(*modelName)
	if err != nil {
		fmt.Fprintln(os.Stderr, "timecompare:", err)
		os.Exit(2)
	}
	switch {
	case *modeledPath != "":
		err = runTables(*modeledPath, *tables, *only, *out)
	case *fitPath != "":
		err = runFit(g, *fitPath, *measuredPath, *out)
	case *dumpPath != "" && *fromPath != "":
		err = runRemeasure(*fromPath, *measuredPath, *dumpPath)
	case *dumpPath != "":
		var sz map[string][]int
		if sz, err = parseSizes(*sizes); err == nil {
			err = runDump(*only, sz, *measuredPath, *dumpPath, *seed)
		}
	default:
		err = run(g, *gpu, *tables, *only, *sizes, *recPath, *out, *seed)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "timecompare:", err)
		os.Exit(1)
	}
}

func run(model gpus.GPU, gpu bool, tablesPath, only, sizeFlag, recPath, outPath string, seed uint64) error {
	sizes, err := parseSizes(sizeFlag)
	if err != nil {
		return err
	}
	var measured times
	if tablesPath != "" {
		if measured, err = readTimes(tablesPath, parseTables); err != nil {
			return err
		}
	}
	vdev, err := cudalib.OpenVirtualGPU(model.Key)
	if err != nil {
		return err
	}
	modeledBy := vdev.String()
	var recorded map[string]labs.Table
	if recPath != "" {
		d, err := readDump(recPath)
		if err != nil {
			return err
		}
		recorded = recordedTables(timemodel.For(model), d)
		modeledBy = fmt.Sprintf("the %s model on the work recorded in %s (the virtual GPU's counters at these sizes)", model.Label, recPath)
	}
	var gdev *cudalib.Device
	if gpu {
		if gdev, err = cudalib.Open(); err != nil {
			return err
		}
		if gdev.Virtual() {
			return fmt.Errorf("-gpu: no GPU can be used here")
		}
	}
	head := []string{
		"# Modeled (virtual GPU) vs measured lab times",
		"",
		fmt.Sprintf("`timecompare` on %s. Modeled: %s. Order agreement: pairs of variants at one size whose modeled order is the measured one (a measured tie within %.0f%% agrees with either order; a modeled tie, within 1%%, only with a measured one).",
			time.Now().UTC().Format("2006-01-02 15:04 MST"), modeledBy, 100*tieFraction),
	}
	if gdev != nil {
		head = append(head, "", "Measured on "+gdev.String()+" at the same sizes, same seed.")
	}
	if tablesPath != "" {
		head = append(head, "", "Measured (tables): "+tablesPath+", at the sizes both have.")
	}
	var results []labResult
	for _, ls := range selectLabs(only, sizes) {
		l := ls.lab
		mt, ok := recorded[l.Key]
		if recorded == nil {
			if mt, err = runVirtual(vdev, ls, seed); err != nil {
				return err
			}
		} else if !ok {
			return fmt.Errorf("%s: lab %s is not recorded", recPath, l.Key)
		}
		if gdev != nil {
			gt, err := l.RunWith(gdev, compareOptions(seed), ls.sizes)
			if err != nil {
				return fmt.Errorf("GPU: %w", err)
			}
			results = append(results, pair(l.Key, gdev.String()+" (same sizes)", mt, lookupRows(gt)))
		}
		if m := measured[l.Key]; m != nil {
			results = append(results, pair(l.Key, "tables", mt, m))
		}
		if gdev == nil && measured == nil {
			results = append(results, pair(l.Key, "–", mt, nil))
		}
	}
	w, done, err := toolfile.Create(outPath)
	if err != nil {
		return err
	}
	writeMarkdown(w, head, results)
	return done()
}

// recordedTables models each recorded row with m: per lab, a table of
// modelled rows as the virtual GPU would have written them.
func recordedTables(m timemodel.Model, d dump) map[string]labs.Table {
	out := map[string]labs.Table{}
	for _, l := range d.Labs {
		t := labs.Table{Lab: l.Lab}
		for _, row := range l.Rows {
			t.Rows = append(t.Rows, labs.Row{SizeLabel: row.Size, Variant: row.Variant, Modeled: true,
				MedianMS: float64(m.Time(row.Work)) / float64(time.Millisecond)})
		}
		out[l.Lab] = t
	}
	return out
}

// lookupRows indexes a measured table like parseTables does.
func lookupRows(t labs.Table) map[string]map[string]float64 {
	m := map[string]map[string]float64{}
	for _, r := range t.Rows {
		if m[r.SizeLabel] == nil {
			m[r.SizeLabel] = map[string]float64{}
		}
		if r.MedianMS > 0 && !r.Modeled {
			m[r.SizeLabel][r.Variant] = r.MedianMS
		}
	}
	return m
}

// pair joins the modelled table's rows with measured times by size label
// and variant; rows measured nowhere are kept only without any measurement.
func pair(lab, source string, modeled labs.Table, measured map[string]map[string]float64) labResult {
	r := labResult{lab: lab, source: source}
	for _, row := range modeled.Rows {
		p := point{size: row.SizeLabel, variant: row.Variant, modeled: row.MedianMS}
		if measured != nil {
			v, ok := measured[row.SizeLabel][row.Variant]
			if !ok {
				continue
			}
			p.measured = v
		}
		r.points = append(r.points, p)
	}
	return r
}

// parseSizes reads "lab=n,n;lab=n", or "report": each lab's Sizes (the
// report's, which the virtual GPU runs by sampling).
func parseSizes(s string) (map[string][]int, error) {
	out := map[string][]int{}
	if s == "report" {
		for _, l := range labs.All() {
			out[l.Key] = l.Sizes
		}
		return out, nil
	}
	for _, part := range strings.Split(s, ";") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		lab, list, ok := strings.Cut(part, "=")
		if !ok {
			return nil, fmt.Errorf("-sizes %q: want lab=n,n;lab=n", s)
		}
		for _, f := range strings.Split(list, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n <= 0 {
				return nil, fmt.Errorf("-sizes %q: %q is not a positive size", s, f)
			}
			out[strings.TrimSpace(lab)] = append(out[strings.TrimSpace(lab)], n)
		}
	}
	return out, nil
}

// labSizes is a lab and the sizes to compare it at.
type labSizes struct {
	lab   *labs.Lab
	sizes []int
}

// selectLabs is the labs named in only (comma-separated; every lab when
// empty), each at its sizes in sizes or else its VirtualSizes.
func selectLabs(only string, sizes map[string][]int) []labSizes {
	var out []labSizes
	for _, l := range labs.All() {
		if only != "" && !contains(strings.Split(only, ","), l.Key) {
			continue
		}
		sz := sizes[l.Key]
		if sz == nil {
			sz = l.VirtualSizes
		}
		out = append(out, labSizes{l, sz})
	}
	return out
}

// compareOptions is how every comparison runs a lab: the seed's inputs,
// no serial CPU reference (only the device rows are compared).
func compareOptions(seed uint64) labs.Options { return labs.Options{Seed: seed, CPUCap: -1} }

// runVirtual runs a lab on the virtual GPU and says how long it took.
func runVirtual(vdev *cudalib.Device, ls labSizes, seed uint64) (labs.Table, error) {
	start := time.Now()
	t, err := ls.lab.RunWith(vdev, compareOptions(seed), ls.sizes)
	if err != nil {
		return t, fmt.Errorf("virtual GPU: %w", err)
	}
	fmt.Fprintf(os.Stderr, "timecompare: %s on the virtual GPU in %v\n", ls.lab.Key, time.Since(start).Round(time.Millisecond))
	return t, nil
}

func contains(xs []string, x string) bool {
	for _, s := range xs {
		if strings.TrimSpace(s) == x {
			return true
		}
	}
	return false
}
