package labs

import (
	"runtime"
	"sync"
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

// cores is how many goroutines parallelFor runs at once: the CPU
// column's note says it.
func cores() int { return runtime.GOMAXPROCS(0) }
