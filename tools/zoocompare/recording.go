package main

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/culab/culab/cudalib/counters"
	"github.com/culab/culab/cudalib/ncu"
	"github.com/culab/culab/cudalib/timemodel"
)

// recording is what compare keeps of the runs, committed beside the
// comparison and read by the tests: every row's timed work on the virtual
// GPU with the H100's times of each run, and per kernel of the profiled
// size the virtual GPU's counters beside ncu's. The model can be
// evaluated on it in milliseconds, so a change to the model is measured
// on kernels it was not fitted to.
type recording struct {
	Runs []string // the GPU runs' logs, in MeasuredMS's order
	Rows []recRow
}

type recRow struct {
	Family, Variant string
	Size            int
	// MeasuredMS is each run's median over its rounds (0: the row did not
	// run there); RoundsMS each run's rounds.
	MeasuredMS []float64
	RoundsMS   [][]float64
	Work       []timemodel.Work
	// NativeMS is a native nvcc build's median of rounds (tools/zoocompare/native),
	// for the rows it times.
	NativeMS float64 `json:",omitempty"`
	// Kernels are the row's kernels with their counters summed over its
	// launches, at the size ncu profiled (none at other sizes).
	Kernels []kernelCounters `json:",omitempty"`
}

type kernelCounters struct {
	Kernel   string
	Launches int
	VM, NCU  counters.Counters
	Missing  []string `json:",omitempty"` // counters ncu did not report
	// Timing names the counters whose ncu value is a hardware counter that
	// also counts lost arbitration (ncu.Counter.Timing): ncu did not report
	// the SASS-patched metric.
	Timing []string `json:",omitempty"`
	// Arbitration is, per counter, what ncu's hardware counter counted
	// beyond the SASS-patched metric the comparison used.
	Arbitration map[string]int64 `json:",omitempty"`
}

func writeRecording(path string, rec *recording) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	zw := gzip.NewWriter(f)
	err = json.NewEncoder(zw).Encode(rec)
	if cerr := zw.Close(); err == nil {
		err = cerr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func readRecording(path string) (*recording, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	rec := &recording{}
	if err := json.NewDecoder(zr).Decode(rec); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rec, nil
}

// readNCU reads ncu's CSV, gzipped or not.
func readNCU(path string) ([]ncu.Launch, error) {
	if !strings.HasSuffix(path, ".gz") {
		return ncu.ReadFile(path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var r io.Reader = zr
	ls, err := ncu.Parse(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ls, nil
}

type rowKey struct {
	family, variant string
	size            int
}

// build joins the virtual GPU's run, the GPU runs and ncu's profile of
// the once run into a recording. Problems (rows that failed a check, ncu
// launches that do not match) are returned beside it.
func build(vm *runLog, gpus []*runLog, gpuNames []string, once *runLog, launches []ncu.Launch, native map[rowKey][]float64) (*recording, []string) {
	var problems []string
	rec := &recording{Runs: gpuNames}
	timed := make([]map[rowKey]row, len(gpus))
	for i, g := range gpus {
		timed[i] = map[rowKey]row{}
		for _, r := range g.Rows {
			timed[i][rowKey{r.Family, r.Variant, r.Size}] = r
			if r.Check != "" {
				problems = append(problems, fmt.Sprintf("%s: %s %d %s: %s", gpuNames[i], r.Family, r.Size, r.Variant, r.Check))
			}
		}
	}
	profiled, ps := matchNCU(once, launches)
	problems = append(problems, ps...)
	for _, r := range vm.Rows {
		if r.Check != "" {
			problems = append(problems, fmt.Sprintf("virtual GPU: %s %d %s: %s", r.Family, r.Size, r.Variant, r.Check))
			continue
		}
		k := rowKey{r.Family, r.Variant, r.Size}
		rr := recRow{Family: r.Family, Variant: r.Variant, Size: r.Size, Work: r.Work}
		for i := range gpus {
			g := timed[i][k]
			rr.RoundsMS = append(rr.RoundsMS, g.RoundsMS)
			rr.MeasuredMS = append(rr.MeasuredMS, median(g.RoundsMS))
		}
		rr.NativeMS = median(native[k])
		if got, ok := profiled[k]; ok {
			rr.Kernels = joinKernels(r.Launches, got)
		}
		rec.Rows = append(rec.Rows, rr)
	}
	return rec, problems
}

// readNative reads the native build's rows: "row", family, size,
// variant and the rounds' times, tab-separated.
func readNative(path string) (map[rowKey][]float64, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[rowKey][]float64{}
	for i, line := range strings.Split(string(b), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 5 || f[0] != "row" {
			continue
		}
		n, err := strconv.Atoi(f[2])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: size %q", path, i+1, f[2])
		}
		var ts []float64
		for _, t := range strings.Fields(f[4]) {
			v, err := strconv.ParseFloat(t, 64)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: time %q", path, i+1, t)
			}
			ts = append(ts, v)
		}
		out[rowKey{f[1], f[3], n}] = ts
	}
	return out, nil
}

// matchNCU gives each launch of the once run its row of ncu's profile:
// the launches are profiled in the order the run made them; ncu rows of
// kernels the run did not list (none expected) are skipped.
func matchNCU(once *runLog, launches []ncu.Launch) (map[rowKey][]*ncu.Launch, []string) {
	out := map[rowKey][]*ncu.Launch{}
	if once == nil {
		return out, nil
	}
	var problems []string
	next := 0
	for _, r := range once.Rows {
		k := rowKey{r.Family, r.Variant, r.Size}
		for _, l := range r.Launches {
			for next < len(launches) && launches[next].Kernel != l.Kernel {
				problems = append(problems, fmt.Sprintf("ncu launch %d (%s) is no zoo launch: skipped", launches[next].ID, launches[next].Kernel))
				next++
			}
			if next == len(launches) {
				problems = append(problems, fmt.Sprintf("%s %d %s: no ncu row for %s", r.Family, r.Size, r.Variant, l.Kernel))
				return out, problems
			}
			out[k] = append(out[k], &launches[next])
			next++
		}
	}
	return out, problems
}

// joinKernels sums the virtual GPU's launches and ncu's per kernel name.
func joinKernels(vm []launch, gpu []*ncu.Launch) []kernelCounters {
	var out []kernelCounters
	at := map[string]int{}
	get := func(name string) *kernelCounters {
		i, ok := at[name]
		if !ok {
			i = len(out)
			at[name] = i
			out = append(out, kernelCounters{Kernel: name})
		}
		return &out[i]
	}
	for _, l := range vm {
		k := get(l.Kernel)
		k.Launches++
		if l.Counters != nil {
			k.VM.Add(l.Counters)
		}
	}
	for _, l := range gpu {
		k := get(l.Kernel)
		c, missing := l.Counters()
		k.NCU.Add(&c)
		for _, m := range missing {
			if !contains(k.Missing, m) {
				k.Missing = append(k.Missing, m)
			}
		}
		for _, x := range ncu.Counters {
			if x.Timing(l) && !contains(k.Timing, x.Name) {
				k.Timing = append(k.Timing, x.Name)
			}
			if v, ok := x.Arbitration(l); ok && v != 0 {
				if k.Arbitration == nil {
					k.Arbitration = map[string]int64{}
				}
				k.Arbitration[x.Name] += int64(math.Round(v))
			}
		}
	}
	return out
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
