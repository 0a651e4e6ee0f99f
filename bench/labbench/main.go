// Command labbench times two lab variants through labs.Run — vecadd "one
// thread per element" at 2·10^8 and matmul "shared tiles 32×32" at n = 2048
// — for run.sh to compare with native.cu, the same kernels built by nvcc.
// It prints one JSON object of the rows' median milliseconds. With
// -launchpace it times Floyd–Warshall's launch sequences instead, keyed as
// bench/launchpace/native.cu prints them.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
	"time"

	"github.com/culab/culab/bench/internal/cpuprof"
	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/cudalib/labs"
)

func main() {
	worker := flag.Bool("worker", false, "keep the GPU in a worker process, as the notebook kernel does")
	serve := flag.Bool("serve-worker", false, "be that worker (internal)")
	pace := flag.Bool("launchpace", false, "time floyd's launch sequences (V = 100, 200, 400) instead")
	repeat := flag.Int("repeat", 1, "run it this many times (for -cpuprofile), printing each")
	profile := flag.String("cpuprofile", "", "write this process's CPU profile to this file")
	host := flag.Bool("hostcost", false, "print the host's µs per launch of floyd's fw_global at V = 400 instead (bench/launchpace/hostcost.cu's twin)")
	flag.Parse()
	stopProfile, err := cpuprof.Start(*profile)
	if err != nil {
		fmt.Fprintln(os.Stderr, "labbench:", err)
		os.Exit(1)
	}
	defer stopProfile()
	run := func() error { return runs(*repeat, *worker, *serve, *pace) }
	if *host {
		run = func() error { return hostCost(*worker) }
	}
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "labbench:", err)
		stopProfile()
		os.Exit(1)
	}
}

// hostCost times, on the host, 400 launches of fw_global enqueued back to
// back, as hostcost.cu does: the median over 31 trials of µs per launch.
func hostCost(worker bool) error {
	if worker {
		cudalib.UseWorker("-serve-worker")
	}
	dev, err := cudalib.Open()
	if err != nil {
		return err
	}
	src, err := os.ReadFile("cudalib/labs/cuda/floyd.cu")
	if err != nil {
		return err
	}
	m, err := dev.Compile(string(src))
	if err != nil {
		return err
	}
	k, err := m.Kernel("fw_global")
	if err != nil {
		return err
	}
	const n, launches, trials = 448, 400, 31
	d, err := dev.Int32s(n * n)
	if err != nil {
		return err
	}
	cfg := cudalib.Config{Grid: cudalib.D2(n/32, n/8), Block: cudalib.D2(32, 8)}
	var per []float64
	for t := 0; t < trials+2; t++ {
		if err := dev.Synchronize(); err != nil {
			return err
		}
		t0 := time.Now()
		for kk := range launches {
			if err := k.Launch(cfg, d, n, kk, 1); err != nil {
				return err
			}
		}
		if t >= 2 {
			per = append(per, float64(time.Since(t0).Nanoseconds())/1e3/launches)
		}
	}
	if err := dev.Synchronize(); err != nil {
		return err
	}
	sort.Float64s(per)
	return json.NewEncoder(os.Stdout).Encode(map[string]float64{"culab_us": per[len(per)/2]})
}

// runs runs run n times; a profile of many runs sees the launch path, not
// the start.
func runs(n int, worker, serve, pace bool) error {
	for i := 1; i < n; i++ {
		if err := run(worker, serve, pace); err != nil {
			return err
		}
	}
	return run(worker, serve, pace)
}

func run(worker, serve, pace bool) error {
	if serve {
		return cudalib.ServeWorker(os.Stdin, os.Stdout)
	}
	if worker {
		cudalib.UseWorker("-serve-worker")
	}
	dev, err := cudalib.Open()
	if err != nil {
		return err
	}
	opts := labs.Options{CPUCap: -1} // no CPU reference: only the GPU rows matter here
	res := map[string]float64{}
	if pace {
		t, err := labs.Floyd.RunWith(dev, opts, []int{100, 200, 400}, "global, coalesced", "shared B=32, min")
		if err != nil {
			return err
		}
		for _, r := range t.Rows {
			if !r.Pass {
				return fmt.Errorf("floyd %d %s: %s", r.Size, r.Variant, r.Check)
			}
			res[fmt.Sprintf("%d/%s", r.Size, r.Variant)] = r.MedianMS
		}
		return json.NewEncoder(os.Stdout).Encode(res)
	}
	for _, c := range []struct {
		key, variant string
		lab          *labs.Lab
		size         int
	}{
		{"vadd_ms", "one thread per element", labs.VecAdd, 200_000_000},
		{"mm_ms", "shared tiles 32×32", labs.MatMul, 2048},
	} {
		t, err := c.lab.RunWith(dev, opts, []int{c.size}, c.variant)
		if err != nil {
			return err
		}
		if len(t.Rows) != 1 || !t.Rows[0].Pass {
			return fmt.Errorf("%s %s: unexpected rows %+v", c.lab.Key, c.variant, t.Rows)
		}
		res[c.key] = t.Rows[0].MedianMS
	}
	return json.NewEncoder(os.Stdout).Encode(res)
}
