// Command barphasemodel runs bench/microbench/barphase.cu's kernel on the
// virtual GPU (the H100 model) for each of its configurations and prints
// the modelled cycles an iteration an SM beside the terms that bound it,
// for comparison with the GPU's figures (docs/results/2026-11-29i-barrier-overlap):
//
//	go run ./bench/microbench/barphasemodel -src bench/microbench/barphase_kernel.cuh
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/cudalib/timemodel"
)

func main() {
	src := flag.String("src", "bench/microbench/barphase_kernel.cuh", "the kernel's source")
	flag.Parse()
	if err := run(*src); err != nil {
		fmt.Fprintln(os.Stderr, "barphasemodel:", err)
		os.Exit(1)
	}
}

func run(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	dev, err := cudalib.OpenVirtualGPU("h100")
	if err != nil {
		return err
	}
	defer dev.Close()
	mod, err := dev.Compile(string(b))
	if err != nil {
		return err
	}
	const iters, threads, tableLen = 256, 256, 1 << 20
	host := make([]float32, tableLen)
	for i := range host {
		host[i] = 0.001*float32(i%1000) - 0.5
	}
	table, err := dev.Float32sFrom(host)
	if err != nil {
		return err
	}
	g := timemodel.H100
	fmt.Println("W\tblocks_per_sm\tmodeled_cycles_per_iter\tbound")
	for _, w := range []int{4, 16, 32, 64, 128} {
		k, err := mod.Kernel(fmt.Sprintf("phase<%d>", w))
		if err != nil {
			return err
		}
		for _, per := range []int{1, 2, 4, 8} {
			blocks := 132 * per
			out, err := dev.Float32s(blocks * threads)
			if err != nil {
				return err
			}
			cyc, err := dev.Int64s(3 * blocks)
			if err != nil {
				return err
			}
			tm, err := k.Time(cudalib.Config{Grid: cudalib.D1(blocks), Block: cudalib.D1(threads)}, table, out, cyc, float32(0.5))
			if err != nil {
				return err
			}
			perIter := (tm.Median - g.LaunchOverhead).Seconds() * g.ClockHz / iters
			fmt.Printf("%d\t%d\t%.1f\t%s\n", w, per, perIter, tm.Bound)
			out.Free()
			cyc.Free()
		}
	}
	return nil
}
