// Command membench measures how much memory a culab session holds on the
// virtual GPU (issue 21).
//
// Default mode: for each notebook it starts the real kernel (`culab kernel
// -f CONN`, which runs the Go engine in a child process) with
// CULAB_DEVICE=virtual, sends the notebook's code cells through the Jupyter
// protocol, samples the RSS of the kernel and all its descendants every
// 20 ms while they run, and after the last cell (and a settle time) reads
// VmRSS and VmHWM of each process from /proc.
//
// With -inproc it runs the notebook on an engine in this process instead
// (as `culab run` does) and writes Go heap profiles after it to -heap DIR:
// NAME.heap (pprof; inuse_space after a GC, and alloc_space since start)
// and prints the runtime's MemStats, to find where the memory goes.
//
//	go run ./bench/membench -culab bin/culab notebooks/01-vector-add.ipynb bench/membench/small-kernels.ipynb
//	go run ./bench/membench -inproc -heap /tmp/heap notebooks/01-vector-add.ipynb
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/kernel/goengine"
	"github.com/culab/culab/kernel/kerneltest"
	"github.com/culab/culab/kernel/nbrun"
)

func main() {
	culab := flag.String("culab", "bin/culab", "culab `binary` whose kernel is measured")
	inproc := flag.Bool("inproc", false, "run the notebooks on an engine in this process and profile its heap")
	heapDir := flag.String("heap", "", "with -inproc: `folder` for the heap profiles")
	settle := flag.Duration("settle", time.Second, "wait after the last cell before reading RSS")
	cellTimeout := flag.Duration("timeout", 10*time.Minute, "limit per cell")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: membench [-culab BIN | -inproc -heap DIR] NOTEBOOK...")
		os.Exit(2)
	}
	if err := os.Setenv(cudalib.EnvDevice, "virtual"); err != nil {
		fatal(err)
	}
	bin, err := filepath.Abs(*culab) // the kernel starts in its notebook's folder
	if err != nil {
		fatal(err)
	}
	if *inproc {
		for _, path := range flag.Args() {
			if err := profileInProcess(path, *heapDir, *settle, *cellTimeout); err != nil {
				fatal(err)
			}
		}
		return
	}
	fmt.Println("| notebook | code cells | time (s) | kernel + engine RSS after (MiB) | kernel RSS after | engine RSS after | engine VmHWM (MiB) | kernel + engine peak, sampled (MiB) |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	for _, path := range flag.Args() {
		r, err := measureKernel(bin, path, *settle, *cellTimeout)
		if err != nil {
			fatal(fmt.Errorf("%s: %w", path, err))
		}
		fmt.Printf("| %s | %d | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f |\n", filepath.Base(path), r.cells, r.took.Seconds(),
			mib(r.treeRSS), mib(r.kernelRSS), mib(r.engineRSS), mib(r.engineHWM), mib(r.peak))
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "membench:", err)
	os.Exit(1)
}

func mib(b int64) float64 { return float64(b) / (1 << 20) }

// reading is one notebook's memory in the real kernel, in bytes.
type reading struct {
	cells                                    int
	took                                     time.Duration
	treeRSS, kernelRSS, engineRSS, engineHWM int64
	peak                                     int64 // largest sampled sum of the tree's RSS
	kernelPID, enginePID                     int
}

func measureKernel(culab, path string, settle, cellTimeout time.Duration) (reading, error) {
	var r reading
	nb, err := nbrun.Read(path)
	if err != nil {
		return r, err
	}
	dir, err := os.MkdirTemp("", "membench")
	if err != nil {
		return r, err
	}
	defer os.RemoveAll(dir)
	conn, err := kerneltest.LocalConnection("membench")
	if err != nil {
		return r, err
	}
	connFile := filepath.Join(dir, "conn.json")
	if err := kerneltest.WriteConnection(connFile, conn); err != nil {
		return r, err
	}
	cmd := exec.Command(culab, "kernel", "-f", connFile)
	cmd.Dir = filepath.Dir(path) // as Jupyter starts a kernel beside its notebook
	cmd.Stdout, cmd.Stderr = io.Discard, os.Stderr
	if err := cmd.Start(); err != nil {
		return r, err
	}
	defer func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}()
	r.kernelPID = cmd.Process.Pid
	c, err := kerneltest.Dial(conn)
	if err != nil {
		return r, err
	}
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	err = c.WaitReady(ctx)
	cancel()
	if err != nil {
		return r, err
	}

	stop := make(chan struct{})
	var wg sync.WaitGroup
	var peak int64
	wg.Go(func() {
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			sum := int64(0)
			for _, pid := range tree(r.kernelPID) {
				rss, _ := statusBytes(pid, "VmRSS")
				sum += rss
			}
			peak = max(peak, sum)
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	})
	start := time.Now()
	for i, cell := range nb.Cells {
		if cell.CellType != "code" {
			continue
		}
		r.cells++
		ctx, cancel := context.WithTimeout(context.Background(), cellTimeout)
		rep, _, err := c.Execute(ctx, map[string]any{"code": string(cell.Source), "silent": false, "store_history": true})
		cancel()
		if err != nil {
			close(stop)
			wg.Wait()
			return r, fmt.Errorf("cell %d: %w", i, err)
		}
		if rep.Content["status"] != "ok" {
			close(stop)
			wg.Wait()
			return r, fmt.Errorf("cell %d: %v: %v", i, rep.Content["ename"], rep.Content["evalue"])
		}
	}
	r.took = time.Since(start)
	time.Sleep(settle)
	close(stop)
	wg.Wait()
	r.peak = peak
	pids := tree(r.kernelPID)
	for _, pid := range pids {
		rss, err := statusBytes(pid, "VmRSS")
		if err != nil {
			return r, err
		}
		r.treeRSS += rss
		switch {
		case pid == r.kernelPID:
			r.kernelRSS = rss
		case r.enginePID == 0: // the kernel's first child is its engine
			r.enginePID = pid
			r.engineRSS = rss
			if r.engineHWM, err = statusBytes(pid, "VmHWM"); err != nil {
				return r, err
			}
		}
	}
	if r.enginePID == 0 {
		return r, errors.New("the kernel has no engine process")
	}
	return r, nil
}

// connection picks five free ports on the loopback.
// tree is pid and its descendants, parents first.
func tree(pid int) []int {
	children := map[int][]int{}
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// The command name may hold spaces and parentheses: fields start after the last ')'.
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) < 2 {
			continue
		}
		pp, _ := strconv.Atoi(f[1])
		children[pp] = append(children[pp], p)
	}
	out := []int{pid}
	for i := 0; i < len(out); i++ {
		out = append(out, children[out[i]]...)
	}
	return out
}

// statusBytes reads a "kB" field of /proc/PID/status.
func statusBytes(pid int, field string) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, field+":"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10, err
		}
	}
	return 0, fmt.Errorf("/proc/%d/status has no %s", pid, field)
}

// profileInProcess runs the notebook on an engine in this process, as
// `culab run` does, and writes its heap profile.
func profileInProcess(path, heapDir string, settle, cellTimeout time.Duration) error {
	nb, err := nbrun.Read(path)
	if err != nil {
		return err
	}
	eng, err := goengine.New(goengine.Options{Version: "membench"})
	if err != nil {
		return err
	}
	defer eng.Shutdown(false)
	res, err := nbrun.Execute(context.Background(), nb, eng, nbrun.Options{CellTimeout: cellTimeout})
	if err != nil {
		return err
	}
	if res.Failed() {
		return fmt.Errorf("%s: cell %d failed: %s: %s", path, res.FailedCell, res.Err.Name, res.Err.Value)
	}
	time.Sleep(settle)
	rss, _ := statusBytes(os.Getpid(), "VmRSS")
	hwm, _ := statusBytes(os.Getpid(), "VmHWM")
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Printf("%s: %.1f s; VmRSS %.1f MiB, VmHWM %.1f MiB; after a GC: HeapAlloc %.1f MiB, HeapInuse %.1f, HeapIdle %.1f (released %.1f), StackInuse %.1f, Sys %.1f, TotalAlloc %.1f MiB, NumGC %d\n",
		filepath.Base(path), res.Duration.Seconds(), mib(rss), mib(hwm),
		mib(int64(ms.HeapAlloc)), mib(int64(ms.HeapInuse)), mib(int64(ms.HeapIdle)), mib(int64(ms.HeapReleased)),
		mib(int64(ms.StackInuse)), mib(int64(ms.Sys)), mib(int64(ms.TotalAlloc)), ms.NumGC)
	if heapDir == "" {
		return nil
	}
	if err := os.MkdirAll(heapDir, 0o755); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(heapDir, strings.TrimSuffix(filepath.Base(path), ".ipynb")+".heap"))
	if err != nil {
		return err
	}
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
