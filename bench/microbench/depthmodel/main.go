// Command depthmodel runs bench/microbench/depth.cu's kernels on the
// virtual GPU for each of its configurations and prints the modelled time
// and terms in depth.cu's columns, for comparison with the GPU's figures
// (docs/results/2026-11-29s-load-depth). The virtual GPU's work is kept in
// -work, so that the model can be evaluated again on it in milliseconds:
//
//	go run ./bench/microbench/depthmodel -work /tmp/depth.json            # run the kernels, save, print
//	go run ./bench/microbench/depthmodel -work /tmp/depth.json -saved     # print from the saved work
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/cudalib/gpus"
	"github.com/culab/culab/cudalib/timemodel"
)

// row is one configuration with the work the virtual GPU timed.
type row struct {
	Kernel                        string
	Depth, Footprint, TPB, Blocks int
	Work                          []timemodel.Work
}

func main() {
	src := flag.String("src", "bench/microbench/depth_kernels.cuh", "the kernels' source")
	gpu := flag.String("gpu", "h200", "the modelled GPU")
	work := flag.String("work", "", "where the virtual GPU's work is kept")
	saved := flag.Bool("saved", false, "model the work saved in -work instead of running the kernels")
	flag.Parse()
	g, err := gpus.Lookup(*gpu)
	if err == nil {
		var rows []row
		if *saved {
			rows, err = load(*work)
		} else if rows, err = record(*src); err == nil && *work != "" {
			err = save(*work, rows)
		}
		if err == nil {
			print(timemodel.For(g), rows)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "depthmodel:", err)
		os.Exit(1)
	}
}

// recorder is a time model that keeps the last work it timed.
type recorder struct{ last []timemodel.Work }

func (r *recorder) Time(work []timemodel.Work) time.Duration {
	r.last = append([]timemodel.Work(nil), work...)
	return timemodel.H100.Time(work)
}

func record(path string) ([]row, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dev, err := cudalib.OpenVirtualGPU("h100")
	if err != nil {
		return nil, err
	}
	defer dev.Close()
	rec := &recorder{}
	if err := dev.SetTimeModel(rec); err != nil {
		return nil, err
	}
	mod, err := dev.Compile(string(b))
	if err != nil {
		return nil, err
	}
	const n, most = 1 << 26, 1 << 26
	var arrays [4]*cudalib.Int32s
	for d := range arrays {
		if arrays[d], err = dev.Int32s(most); err != nil {
			return nil, err
		}
	}
	out, err := dev.Int32s(most)
	if err != nil {
		return nil, err
	}
	host := make([]int32, most)
	var rows []row
	for _, foot := range []int{1 << 20, most} {
		for d, a := range arrays {
			off := int32(32 * (1 + 2*(7*d+3))) // an odd multiple of 32, as depth.cu's
			for i := range foot {
				host[i] = int32(i) ^ off
			}
			if err := a.CopyFromAt(0, host[:foot]); err != nil {
				return nil, err
			}
		}
		for _, tpb := range []int{128, 256, 1024} {
			for kind, name := range []string{"dep", "ind"} {
				for depth := kind; depth <= 4; depth++ {
					if kind == 1 && depth == 1 {
						continue
					}
					k, err := mod.Kernel(fmt.Sprintf("%s%d", name, depth))
					if err != nil {
						return nil, err
					}
					if _, err := k.Time(cudalib.Linear(n, tpb), arrays[0], arrays[1], arrays[2], arrays[3], out, int32(foot-1), int32(n)); err != nil {
						return nil, err
					}
					rows = append(rows, row{Kernel: name, Depth: depth, Footprint: foot, TPB: tpb, Blocks: n / tpb, Work: rec.last})
				}
			}
		}
	}
	return rows, nil
}

func print(g timemodel.GPU, rows []row) {
	fmt.Println("kernel\tdepth\tfootprint_ints\tthreads_per_block\tblocks\tmodeled_ms\tbound\tchain_ms\tdram_ms\tl2_ms\tblocks_ms")
	for _, r := range rows {
		t := g.Terms(r.Work[len(r.Work)-1].Launch)
		fmt.Printf("%s\t%d\t%d\t%d\t%d\t%.4f\t%s\t%.4f\t%.4f\t%.4f\t%.4f\n", r.Kernel, r.Depth, r.Footprint, r.TPB, r.Blocks,
			float64(g.Time(r.Work))/1e6, t.Bound(), t.Chain*1e3, t.DRAM*1e3, t.L2*1e3, t.Blocks*1e3)
	}
}

func save(path string, rows []row) error {
	b, err := json.Marshal(rows)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

func load(path string) ([]row, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var rows []row
	return rows, json.Unmarshal(b, &rows)
}
