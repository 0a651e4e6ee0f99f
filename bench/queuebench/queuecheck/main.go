// Command queuecheck times one kernel with cudalib in several processes at
// once on the GPU, with and without the timing queue (cudalib/gpuqueue),
// and reports the per-process medians beside a process timing alone, and
// whether any two queued timed sections overlapped (from the turns logged
// through CULAB_GPU_QUEUE_LOG).
//
//	CGO_ENABLED=0 go build -o .cudabin/queuecheck ./bench/queuebench/queuecheck
//	.cudabin/queuecheck -procs 4 -reps 5
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/cudalib/gpuqueue"
	"github.com/culab/culab/internal/stats"
)

// A latency-bound loop: about a millisecond per launch on an H100 at the
// default size, long enough for time slices of other processes to show.
const src = `
extern "C" __global__ void spin(float* out, int n, int iters) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = i;
    for (int k = 0; k < iters; k++) x = x * 0.999f + 0.001f;
    out[i] = x;
}
`

const childEnv = "QUEUECHECK_CHILD"

var (
	procs = flag.Int("procs", 4, "processes timing at once")
	reps  = flag.Int("reps", 5, "Time calls per process (each at least 10 launches and 50 ms)")
	n     = flag.Int("n", 1<<20, "threads")
	iters = flag.Int("iters", 20000, "loop iterations per thread")
)

// result is a child's report: the medians of its Time calls, in ms.
type result struct {
	Medians []float64
	Err     string
}

func main() {
	flag.Parse()
	if os.Getenv(childEnv) != "" {
		json.NewEncoder(os.Stdout).Encode(child())
		return
	}
	if err := parent(); err != nil {
		fmt.Fprintln(os.Stderr, "queuecheck:", err)
		os.Exit(1)
	}
}

func child() result {
	dev, err := cudalib.Open()
	if err != nil {
		return result{Err: err.Error()}
	}
	if dev.Virtual() {
		return result{Err: "no GPU: the virtual GPU's times are modeled and not queued"}
	}
	mod, err := dev.Compile(src)
	if err != nil {
		return result{Err: err.Error()}
	}
	k, err := mod.Kernel("spin")
	if err != nil {
		return result{Err: err.Error()}
	}
	out, err := dev.Float32s(*n)
	if err != nil {
		return result{Err: err.Error()}
	}
	var r result
	for range *reps {
		t, err := k.Time(cudalib.Linear(*n, 256), out, *n, *iters)
		if err != nil {
			return result{Err: err.Error()}
		}
		r.Medians = append(r.Medians, t.MS())
	}
	return r
}

// run starts k children with env and returns their results and the wall
// time of the whole phase.
func run(k int, env ...string) ([]result, time.Duration, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, 0, err
	}
	start := time.Now()
	res := make([]result, k)
	errs := make([]error, k)
	var wg sync.WaitGroup
	for i := range k {
		wg.Go(func() {
			cmd := exec.Command(self, os.Args[1:]...)
			cmd.Env = append(os.Environ(), append(env, childEnv+"=1")...)
			cmd.Stderr = os.Stderr
			out, err := cmd.Output()
			if err == nil {
				err = json.Unmarshal(out, &res[i])
			}
			if err == nil && res[i].Err != "" {
				err = fmt.Errorf("%s", res[i].Err)
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, 0, fmt.Errorf("process %d: %w", i, err)
		}
	}
	return res, time.Since(start), nil
}

func parent() error {
	tmp, err := os.MkdirTemp("", "queuecheck")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	queue := gpuqueue.EnvDir + "=" + filepath.Join(tmp, "queue") // private: no other user's turns
	logPath := filepath.Join(tmp, "turns.log")

	solo, soloWall, err := run(1, queue)
	if err != nil {
		return fmt.Errorf("alone: %w", err)
	}
	free, freeWall, err := run(*procs, gpuqueue.EnvDir+"=off")
	if err != nil {
		return fmt.Errorf("without the queue: %w", err)
	}
	queued, queuedWall, err := run(*procs, queue, cudalib.EnvQueueLog+"="+logPath)
	if err != nil {
		return fmt.Errorf("with the queue: %w", err)
	}
	turns, overlap, err := checkTurns(logPath)
	if err != nil {
		return err
	}

	fmt.Printf("kernel spin<<<%d/256, 256>>>, %d iterations; %d processes × %d Time calls\n", *n, *iters, *procs, *reps)
	fmt.Printf("%-26s %10s  %s\n", "phase", "wall", "per-process median of Time medians (ms)")
	row := func(name string, wall time.Duration, rs []result) {
		var ms []string
		for _, r := range rs {
			ms = append(ms, fmt.Sprintf("%.4f", stats.Median(r.Medians)))
		}
		fmt.Printf("%-26s %9.2fs  %s\n", name, wall.Seconds(), strings.Join(ms, " "))
	}
	row("alone", soloWall, solo)
	row("at once, no queue", freeWall, free)
	row("at once, queued", queuedWall, queued)
	fmt.Printf("queued turns logged: %d (want %d); overlapping turns: %s\n", turns, *procs**reps, overlap)
	if turns != *procs**reps || overlap != "none" {
		return fmt.Errorf("the queue failed")
	}
	return nil
}

// checkTurns reads the turn log: appends are ordered by the kernel, so in
// a log without overlap every "enter PID" is followed by "leave PID".
func checkTurns(path string) (int, string, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	turns, inside := 0, ""
	overlap := "none"
	for line := 1; sc.Scan(); line++ {
		fs := strings.Fields(sc.Text())
		if len(fs) != 3 {
			return 0, "", fmt.Errorf("%s:%d: %q", path, line, sc.Text())
		}
		switch {
		case fs[0] == "enter" && inside == "":
			inside = fs[1]
			turns++
		case fs[0] == "leave" && inside == fs[1]:
			inside = ""
		case overlap == "none":
			overlap = fmt.Sprintf("first at line %d (%s while pid %s held the GPU)", line, sc.Text(), inside)
		}
	}
	return turns, overlap, sc.Err()
}
