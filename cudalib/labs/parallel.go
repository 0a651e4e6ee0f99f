package labs

import (
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/culab/culab/internal/cpus"
)

// minPiece is the smallest piece of a loop worth a goroutine of its own:
// smaller loops run on the caller's goroutine.
const minPiece = 1 << 15

// pieces splits [0, n) into at most a few pieces per core, each at least
// minPiece long (one piece for a short loop), in order.
func pieces(n int) [][2]int {
	k := min(4*runtime.GOMAXPROCS(0), max(n/minPiece, 1))
	out := make([][2]int, k)
	for i := range out {
		out[i] = [2]int{i * n / k, (i + 1) * n / k}
	}
	return out
}

// parallelFor calls f on the pieces of [0, n), on every core at once, and
// returns when all are done. f(i, lo, hi) gets the piece's number i (in
// order from 0) so that callers can keep per-piece results and merge them
// in a fixed order.
func parallelFor(n int, f func(i, lo, hi int)) {
	ps := pieces(n)
	if len(ps) == 1 {
		f(0, ps[0][0], ps[0][1])
		return
	}
	var wg sync.WaitGroup
	next := make(chan int, len(ps))
	for i := range ps {
		next <- i
	}
	close(next)
	for range min(runtime.GOMAXPROCS(0), len(ps)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i, ps[i][0], ps[i][1])
			}
		}()
	}
	wg.Wait()
}

// cores is how many goroutines parallelFor runs at once: GOMAXPROCS,
// even where a cgroup quota allows fewer CPUs (a class server's one CPU
// per student, under Go's GOMAXPROCS of at least 2). The runtime sized
// GOMAXPROCS from the quota already (rounded up), so fewer goroutines
// would leave a fractional quota's share unused, and under a whole one
// the kernel throttles the extra goroutine: the work takes the same CPU
// time either way. The CPU column's note says both counts (cpuNote).
func cores() int { return runtime.GOMAXPROCS(0) }

// cpuNote is the CPU column's note: on how many CPUs the reference ran
// (lim: the smallest of the cgroup quota, the affinity mask and
// GOMAXPROCS), over how many goroutines, and so whether it is a serial
// time.
func cpuNote(lim cpus.Limit, limit time.Duration) string {
	goroutines := fmt.Sprintf("%d goroutines", lim.GOMAXPROCS)
	if lim.GOMAXPROCS == 1 {
		goroutines = "1 goroutine"
	}
	serial := "so not a serial time"
	if lim.CPUs() <= 1 {
		serial = "so no faster than a serial time"
	}
	return fmt.Sprintf("CPU column: the compiled Go reference, its loops spread over %s on %v, %s; timed once per size on %s/%s, stopped past %v.",
		goroutines, lim, serial, runtime.GOOS, runtime.GOARCH, limit)
}
