package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/cudalib/gpus"
	"github.com/culab/culab/cudalib/timemodel"
	"github.com/culab/culab/display/table"
	"github.com/culab/culab/internal/stats"
	"github.com/culab/culab/tools/internal/toolfile"
)

// The virtual GPU's counters are a deterministic function of the kernel,
// its launch shape and the size, so the work each lab row times can be
// recorded once (-dump) and the model evaluated on the recording in
// milliseconds (-fit), against measured times kept beside it.

// dump is what -dump writes: per lab, each row's timed work and its
// measured time.
type dump struct {
	Measured string    // where the measured times come from
	Labs     []dumpLab `json:"labs"`
}

type dumpLab struct {
	Lab  string    `json:"lab"`
	Rows []dumpRow `json:"rows"`
}

type dumpRow struct {
	Size       string           `json:"size"`
	Variant    string           `json:"variant"`
	MeasuredMS float64          `json:"measured_ms,omitempty"`
	Work       []timemodel.Work `json:"work"`
}

// recorder times work with the H100 model and keeps each sequence it timed.
type recorder struct {
	mu   sync.Mutex
	seqs [][]timemodel.Work
}

func (r *recorder) Time(work []timemodel.Work) time.Duration {
	r.mu.Lock()
	r.seqs = append(r.seqs, append([]timemodel.Work(nil), work...))
	r.mu.Unlock()
	return timemodel.H100.Time(work)
}

// take removes and returns the first recorded sequence whose launches'
// counters add up to c (the row's), dropping those before it.
func (r *recorder) take(c cudalib.Counters) ([]timemodel.Work, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, s := range r.seqs {
		var sum cudalib.Counters
		for _, w := range s {
			sum.Add(&w.Launch.Counters)
		}
		if sum == c {
			r.seqs = r.seqs[i+1:]
			return s, true
		}
	}
	return nil, false
}

// runDump runs the labs on the virtual GPU and writes each timed row's work
// with its measured time from measuredPath (a timecompare.md) to outPath.
func runDump(only string, sizes map[string][]int, measuredPath, outPath string, seed uint64) error {
	measured := times{}
	if measuredPath != "" {
		var err error
		if measured, err = readTimes(measuredPath, parseComparison); err != nil {
			return err
		}
	}
	vdev, err := cudalib.OpenVirtual()
	if err != nil {
		return err
	}
	rec := &recorder{}
	if err := vdev.SetTimeModel(rec); err != nil {
		return err
	}
	d := dump{Measured: measuredPath}
	for _, ls := range selectLabs(only, sizes) {
		l := ls.lab
		t, err := runVirtual(vdev, ls, seed)
		if err != nil {
			return err
		}
		dl := dumpLab{Lab: l.Key}
		for _, row := range t.Rows {
			if !row.Modeled || row.MedianMS <= 0 {
				continue
			}
			work, ok := rec.take(row.Counters)
			if !ok {
				return fmt.Errorf("%s %s %s: no recorded work with the row's counters", l.Key, row.SizeLabel, row.Variant)
			}
			dl.Rows = append(dl.Rows, dumpRow{Size: row.SizeLabel, Variant: row.Variant,
				MeasuredMS: measured[l.Key][row.SizeLabel][row.Variant], Work: work})
		}
		d.Labs = append(d.Labs, dl)
	}
	return writeDump(outPath, d)
}

// writeDump writes d as gzipped JSON (a recording of every row is a few
// MB of mostly repeated counter names).
func writeDump(path string, d dump) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	zw := gzip.NewWriter(f)
	err = json.NewEncoder(zw).Encode(d)
	if cerr := zw.Close(); err == nil {
		err = cerr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// fitResults evaluates model on a dump: one labResult per lab.
func fitResults(m timemodel.Model, d dump) []labResult {
	var rs []labResult
	for _, l := range d.Labs {
		r := labResult{lab: l.Lab, source: d.Measured}
		for _, row := range l.Rows {
			r.points = append(r.points, point{size: row.Size, variant: row.Variant,
				modeled: float64(m.Time(row.Work)) / float64(time.Millisecond), measured: row.MeasuredMS})
		}
		rs = append(rs, r)
	}
	return rs
}

func readDump(path string) (dump, error) {
	var d dump
	f, err := os.Open(path)
	if err != nil {
		return d, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return d, fmt.Errorf("%s: %w", path, err)
	}
	if err := json.NewDecoder(zr).Decode(&d); err != nil {
		return d, fmt.Errorf("%s: %w", path, err)
	}
	return d, nil
}

// parseComparison reads the measured times of a timecompare.md: each lab's
// first "### KEY" section (the GPU run at the same sizes), rows "| size |
// variant | modeled ms | measured ms | ratio |"; or of a GPU's `culab run`
// tables.md (parseTables), whose labs' tables follow lines "lab KEY · …".
func parseComparison(r io.Reader) (times, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if bytes.HasPrefix(b, []byte("lab ")) || bytes.Contains(b, []byte("\nlab ")) {
		return parseTables(bytes.NewReader(b))
	}
	r = bytes.NewReader(b)
	return parseTimes(r, func(line string) (string, bool) {
		k, ok := strings.CutPrefix(line, "### ")
		return strings.TrimSpace(k), ok
	}, 3, true)
}

// remeasure replaces each row's measured time with measuredPath's (a
// timecompare.md): the counters depend only on the kernels and sizes, so
// a new GPU run's times can be set beside a recording without running
// the virtual GPU again. A row that file does not have keeps no time.
func remeasure(d dump, measuredPath string) (dump, error) {
	measured, err := readTimes(measuredPath, parseComparison)
	if err != nil {
		return d, err
	}
	out := dump{Measured: measuredPath}
	for _, l := range d.Labs {
		nl := dumpLab{Lab: l.Lab, Rows: append([]dumpRow(nil), l.Rows...)}
		for i, row := range nl.Rows {
			nl.Rows[i].MeasuredMS = measured[l.Lab][row.Size][row.Variant]
		}
		out.Labs = append(out.Labs, nl)
	}
	return out, nil
}

// runRemeasure writes the recording at from with measuredPath's times to
// outPath.
func runRemeasure(from, measuredPath, outPath string) error {
	if measuredPath == "" {
		return fmt.Errorf("-from: -measured names the times to record")
	}
	d, err := readDump(from)
	if err != nil {
		return err
	}
	if d, err = remeasure(d, measuredPath); err != nil {
		return err
	}
	return writeDump(outPath, d)
}

// runFit writes the comparison of model's time model on a recording, against
// measuredPath's times instead of the recorded ones if it is set. Several
// comma-separated runs of the same rows are each compared, the first in
// full, and summed up across runs (writeAcross).
func runFit(model gpus.GPU, path, measuredPath, outPath string) error {
	d, err := readDump(path)
	if err != nil {
		return err
	}
	runs := []dump{d}
	if measuredPath != "" {
		runs = runs[:0]
		for _, m := range strings.Split(measuredPath, ",") {
			r, err := remeasure(d, m)
			if err != nil {
				return err
			}
			runs = append(runs, r)
		}
	}
	w, done, err := toolfile.Create(outPath)
	if err != nil {
		return err
	}
	results := make([][]labResult, len(runs))
	for i, r := range runs {
		results[i] = fitResults(timemodel.For(model), r)
	}
	head := []string{
		"# Modeled vs measured lab times, from a recording",
		"",
		fmt.Sprintf("`timecompare -model %s -fit %s`: the %s model on the recorded work of every row; measured: %s.", model.Key, path, model.Label, runs[0].Measured),
	}
	if len(runs) > 1 {
		writeAcross(w, runs, results)
		head = head[2:]
	}
	writeMarkdown(w, head, results[0])
	return done()
}

// writeAcross writes, per lab, the order agreement against each run, over
// the pairs every run orders the same way (steadyAgreement), and against
// each row's median over the runs (medianRun), with the share of times
// within 2× of that median; and how well one run of the GPU predicts
// another's order (selfAgreement), the most a model can reach against a
// single run.
func writeAcross(w io.Writer, runs []dump, results [][]labResult) {
	fmt.Fprintf(w, "# Modeled vs measured lab times across %d runs, from a recording\n\nOrder agreement against each run; \"steady pairs\": the pairs every run orders the same way, more than %.0f%% apart, and how many of those the model orders so; \"median of the runs\": against each row's median time over the runs (order, and times within 2×); \"GPU vs itself\": the order agreement of one run's times, taken as the prediction, with another run's, lowest and highest over the pairs of runs.\n\n", len(runs), 100*tieFraction)
	var heads []string
	for _, r := range runs {
		heads = append(heads, r.Measured)
	}
	t := table.Table{Columns: append(table.Cols(table.Left, "lab"),
		table.Cols(table.Right, append(heads, "steady pairs", "median of the runs", "within 2× of it", "GPU vs itself")...)...)}
	median := fitResults(timemodel.H100, medianRun(runs))
	for l, lr := range results[0] {
		row := []string{lr.lab}
		points := make([][]point, len(runs))
		for i := range runs {
			points[i] = results[i][l].points
			a, n, _, _ := agreement(points[i])
			row = append(row, pct(a, n))
		}
		a, n := steadyAgreement(points)
		ma, mn, _, _ := agreement(median[l].points)
		in, m := within2x(median[l].points)
		self := "–"
		if lo, hi, ok := selfAgreement(runs, l); ok {
			self = fmt.Sprintf("%.0f–%.0f%%", 100*lo, 100*hi)
		}
		t.AddRow(append(row, pct(a, n), pct(ma, mn), pct(in, m), self)...)
	}
	fmt.Fprint(w, table.Markdown(t))
}

// selfAgreement is the lowest and highest order agreement, over every
// ordered pair of runs, of one run's times taken as the prediction of
// another's, for lab l (agreement's rules: the predicting run is held to
// the model's tie rule). ok is false with fewer than two runs.
func selfAgreement(runs []dump, l int) (lo, hi float64, ok bool) {
	lo = 1
	for i, pred := range runs {
		for j, meas := range runs {
			if i == j {
				continue
			}
			var ps []point
			for r, row := range meas.Labs[l].Rows {
				ps = append(ps, point{size: row.Size, variant: row.Variant, modeled: pred.Labs[l].Rows[r].MeasuredMS, measured: row.MeasuredMS})
			}
			a, n, _, _ := agreement(ps)
			if n == 0 {
				continue
			}
			f := float64(a) / float64(n)
			lo, hi, ok = min(lo, f), max(hi, f), true
		}
	}
	return lo, hi, ok
}

// medianRun is the runs' common recording with each row's median measured
// time over the runs that measured it: the GPU's order with its
// run-to-run noise reduced.
func medianRun(runs []dump) dump {
	out := dump{Measured: "median of the runs"}
	for l, lab := range runs[0].Labs {
		nl := dumpLab{Lab: lab.Lab, Rows: append([]dumpRow(nil), lab.Rows...)}
		for i := range nl.Rows {
			var ts []float64
			for _, r := range runs {
				if t := r.Labs[l].Rows[i].MeasuredMS; t > 0 {
					ts = append(ts, t)
				}
			}
			nl.Rows[i].MeasuredMS = stats.Median(ts)
		}
		out.Labs = append(out.Labs, nl)
	}
	return out
}
