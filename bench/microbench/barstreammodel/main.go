// Command barstreammodel runs bench/microbench/barstream.cu's kernel on the
// virtual GPU for each of its configurations and records each launch's
// work (-dump), then evaluates a GPU's time model on that recording against
// the GPU's barstream.tsv (-fit), in a second for any model:
//
//	go run ./bench/microbench/barstreammodel -dump work.json.gz
//	go run ./bench/microbench/barstreammodel -fit work.json.gz -measured barstream.tsv -model h200
package main

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/cudalib/gpus"
	"github.com/culab/culab/cudalib/timemodel"
	"github.com/culab/culab/internal/stats"
)

func main() {
	src := flag.String("src", "bench/microbench/barstream_kernel.cuh", "the kernel's source")
	dump := flag.String("dump", "", "run the configurations on the virtual GPU and record their work here")
	fit := flag.String("fit", "", "evaluate the model on this -dump recording")
	measured := flag.String("measured", "", "with -fit: the GPU's barstream.tsv (its runs' median)")
	model := flag.String("model", "h200", "with -fit: the GPU modelled")
	flag.Parse()
	var err error
	switch {
	case *dump != "":
		err = record(*src, *dump)
	case *fit != "":
		err = evaluate(*fit, *measured, *model)
	default:
		err = errors.New("-dump or -fit")
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "barstreammodel:", err)
		os.Exit(1)
	}
}

// As barstream_kernel.cuh: the L2 table, its iterations, and the floats an
// SM streams from DRAM. The recording is of the H100's 132 SMs, as
// barstream.cu's grids on the H100 and H200.
const (
	table  = 1 << 20
	iters  = 256
	stream = 1 << 19
	sms    = 132
)

// config is one launch of barstream.cu and its recorded work.
type config struct {
	Src     string // "l2" or "dram"
	Threads int
	W       int
	Per     int // blocks an SM
	Iters   int
	Work    []timemodel.Work
}

func (c config) key() string { return fmt.Sprintf("%s\t%d\t%d\t%d", c.Src, c.Threads, c.W, c.Per) }

// recorder keeps the work of the last timed sequence.
type recorder struct{ last []timemodel.Work }

func (r *recorder) Time(work []timemodel.Work) time.Duration {
	r.last = append([]timemodel.Work(nil), work...)
	return timemodel.H100.Time(work)
}

func record(path, out string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	dev, err := cudalib.OpenVirtual()
	if err != nil {
		return err
	}
	defer dev.Close()
	rec := &recorder{}
	if err := dev.SetTimeModel(rec); err != nil {
		return err
	}
	mod, err := dev.Compile(string(b))
	if err != nil {
		return err
	}
	host := make([]float32, stream*sms)
	for i := range host {
		host[i] = 0.001*float32(i%1000) - 0.5
	}
	srcBuf, err := dev.Float32sFrom(host)
	if err != nil {
		return err
	}
	var configs []config
	for _, dram := range []bool{false, true} {
		for _, w := range []int{4, 16, 64} {
			for _, threads := range []int{64, 256} {
				k, err := mod.Kernel(fmt.Sprintf("bstream<%d, %d, %t>", w, threads, dram))
				if err != nil {
					return err
				}
				pers := []int{1, 2, 4, 8}
				if threads == 64 {
					pers = append(pers, 16, 32)
				}
				for _, per := range pers {
					c := config{Src: "l2", Threads: threads, W: w, Per: per, Iters: iters}
					if dram {
						c.Src, c.Iters = "dram", stream/(per*threads)
					}
					blocks := sms * per
					outBuf, err := dev.Float32s(blocks * threads)
					if err != nil {
						return err
					}
					cyc, err := dev.Int64s(3 * blocks)
					if err != nil {
						return err
					}
					_, err = k.TimeWith(cudalib.TimeOptions{Warmup: -1, MinReps: 1, MaxReps: 1}, cudalib.Config{Grid: cudalib.D1(blocks), Block: cudalib.D1(threads)}, srcBuf, outBuf, cyc, float32(0.5), int32(c.Iters))
					if err != nil {
						return err
					}
					c.Work = rec.last
					configs = append(configs, c)
					fmt.Fprintln(os.Stderr, c.key())
					outBuf.Free()
					cyc.Free()
				}
			}
		}
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	z := gzip.NewWriter(f)
	if err := json.NewEncoder(z).Encode(configs); err != nil {
		f.Close()
		return err
	}
	if err := z.Close(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func evaluate(path, measuredPath, model string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return err
	}
	var configs []config
	if err := json.NewDecoder(z).Decode(&configs); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	measured, err := medians(measuredPath)
	if err != nil {
		return err
	}
	gpu, err := gpus.Lookup(model)
	if err != nil {
		return err
	}
	g := timemodel.For(gpu)
	fmt.Println("src\tthreads\tW\tblocks_per_sm\tmeasured\tmodeled\tratio\tbound")
	var sq float64
	var n int
	for _, c := range configs {
		cyc := (g.Time(c.Work) - g.LaunchOverhead).Seconds() * g.ClockHz / float64(c.Iters)
		m, ok := measured[c.key()]
		if !ok {
			fmt.Printf("%s\t-\t%.0f\t-\t%s\n", c.key(), cyc, g.Explain(c.Work))
			continue
		}
		r := cyc / m
		sq += math.Log(r) * math.Log(r)
		n++
		fmt.Printf("%s\t%.0f\t%.0f\t%.2f\t%s\n", c.key(), m, cyc, r, g.Explain(c.Work))
	}
	if n > 0 {
		fmt.Printf("# rms log(modeled/measured) over %d configurations: %.3f\n", n, math.Sqrt(sq/float64(n)))
	}
	return nil
}

// medians reads barstream.tsv (several runs) into each configuration's
// median cycles an iteration.
func medians(path string) (map[string]float64, error) {
	all := map[string][]float64{}
	if path != "" {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		s := bufio.NewScanner(f)
		for s.Scan() {
			p := strings.Split(s.Text(), "\t")
			if len(p) != 5 || (p[0] != "l2" && p[0] != "dram") {
				continue
			}
			v, err := strconv.ParseFloat(p[4], 64)
			if err != nil {
				return nil, fmt.Errorf("%s: %q: %w", path, s.Text(), err)
			}
			k := strings.Join(p[:4], "\t")
			all[k] = append(all[k], v)
		}
		if err := s.Err(); err != nil {
			return nil, err
		}
	}
	med := map[string]float64{}
	for k, v := range all {
		med[k] = stats.Median(v)
	}
	return med, nil
}
