// Command labprof runs one lab on the virtual GPU at the given sizes, as
// its notebook does, with a CPU profile, a heap profile at the peak and
// the process's peak RSS: where make report's time and memory go.
//
//	go run ./bench/labprof -lab stencil3d -sizes 512 -cpuprofile cpu.out
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/culab/culab/bench/internal/cpuprof"
	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/cudalib/labs"
)

func main() {
	key := flag.String("lab", "stencil3d", "the lab's key")
	sizes := flag.String("sizes", "", "comma-separated sizes (empty: the lab's report sizes)")
	variants := flag.String("variants", "", "semicolon-separated variants (empty: all)")
	cpuCap := flag.Duration("cpucap", 20*time.Second, "the CPU reference's cap (negative: skip it)")
	cpuProfile := flag.String("cpuprofile", "", "write the CPU profile here")
	memProfile := flag.String("memprofile", "", "write the heap profile (allocations included) here at the end")
	gpu := flag.String("gpu", "", "the modelled GPU's key, e.g. a40 (empty: the virtual GPU's default); with -report")
	tableOut := flag.String("table", "", "write the table as JSON here (before/after comparisons of the modelled times and counters)")
	report := flag.Bool("report", false, "run the notebook's section \"On the report's GPU\": the lab's report variants and sizes on its report GPU (or -gpu), no CPU reference")
	flag.Parse()
	err := run(*key, *sizes, *variants, *cpuCap, *cpuProfile, *gpu, *report, *tableOut)
	if err == nil && *memProfile != "" {
		err = writeHeap(*memProfile)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "labprof:", err)
		os.Exit(1)
	}
}

func run(key, sizes, variants string, cpuCap time.Duration, cpuProfile, gpu string, report bool, tableOut string) error {
	lab, err := labs.Get(key)
	if err != nil {
		return err
	}
	var ns []int
	for _, s := range strings.Split(sizes, ",") {
		if s == "" {
			continue
		}
		n, err := strconv.Atoi(s)
		if err != nil {
			return fmt.Errorf("size %q: %w", s, err)
		}
		ns = append(ns, n)
	}
	var vs []string
	if variants != "" {
		vs = strings.Split(variants, ";")
	}
	stopProfile, err := cpuprof.Start(cpuProfile)
	if err != nil {
		return err
	}
	defer stopProfile()
	dev, err := open(lab, gpu, report)
	if err != nil {
		return err
	}
	if report {
		if len(ns) == 0 {
			ns = lab.ReportSizes(dev, false)
		}
		if len(vs) == 0 {
			vs = lab.ReportVariants()
		}
		cpuCap = -1
	}
	t0 := time.Now()
	t, err := lab.RunWith(dev, labs.Options{CPUCap: cpuCap, Seed: 1}, ns, vs...)
	wall := time.Since(t0)
	for _, r := range t.Rows {
		cpu := r.CPUNote
		if r.CPUMS > 0 {
			cpu = fmt.Sprintf("%.0f ms", r.CPUMS)
		}
		fmt.Printf("%s %s: pass %v modeled %.4g ms, CPU %s: %s\n", r.SizeLabel, r.Variant, r.Pass, r.MedianMS, cpu, r.Check)
	}
	if tableOut != "" {
		b, jerr := json.MarshalIndent(t, "", "  ")
		if jerr == nil {
			jerr = os.WriteFile(tableOut, b, 0o644)
		}
		if jerr != nil {
			return errors.Join(err, jerr)
		}
	}
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	fmt.Printf("wall %.1fs, CPU %.1fs, peak RSS %.0f MiB\n", wall.Seconds(),
		time.Duration(ru.Utime.Nano()+ru.Stime.Nano()).Seconds(), float64(ru.Maxrss)/1024)
	return err
}

// open is the virtual GPU modelling gpu, or with report and no gpu the
// lab's report GPU (as the notebook's section does), else the default.
func open(lab *labs.Lab, gpu string, report bool) (*cudalib.Device, error) {
	switch {
	case gpu != "":
		return cudalib.OpenVirtualGPU(gpu)
	case report:
		return lab.ReportDevice(nil)
	}
	return cudalib.OpenVirtual()
}

func writeHeap(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return pprof.Lookup("allocs").WriteTo(f, 0)
}
