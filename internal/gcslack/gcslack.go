// Package gcslack bounds the garbage that Go's collector lets pile up
// beside a large heap that costs nothing to scan.
//
// The collector starts a cycle once the heap has grown by GOGC % (100) of
// what the last cycle found live. A cycle's work is scanning what holds
// pointers; an array of floats is marked, never scanned. So a lab holding
// 2 GiB of host arrays let 2 GiB of garbage (the sampled blocks' records,
// the written-cell sets) pile up before a collection that then took
// milliseconds: the engine peaked at 3.2 GB for 2.2 GB of data. After each
// cycle, the package sets GOGC so that the garbage allowed is the larger of
// Floor and the scannable heap: the collector's work per allocated byte
// stays what GOGC=100 gives a heap of pointers, and it never allows more
// than GOGC=100 would.
package gcslack

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
)

// Floor is the garbage always allowed: below it GOGC stays 100.
const Floor = 256 << 20

// floor is Floor, smaller in tests (read by the finalizer's goroutine).
var floor atomic.Uint64

func init() { floor.Store(Floor) }

var started atomic.Bool

// Start keeps GOGC at Percent's value after every collection, for the
// rest of the process. A GOGC set in the environment is the user's choice
// and wins; a second call does nothing.
func Start() {
	if os.Getenv("GOGC") != "" || !started.CompareAndSwap(false, true) {
		return
	}
	arm()
}

// sentinel's finalizer runs once after each collection that finds it
// unreachable, that is, after each cycle. (A pointer field keeps it out of
// the tiny allocator, whose objects' finalizers may never run.)
type sentinel struct{ _ *int }

func arm() {
	runtime.SetFinalizer(&sentinel{}, func(*sentinel) {
		set(Percent(heap()))
		arm()
	})
}

// set applies p when GOGC is not p already (SetGCPercent stops the world).
func set(p int) {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	if s[0].Value.Uint64() != uint64(p) {
		debug.SetGCPercent(p)
	}
}

// heap reads what the last cycle found live, and the scannable part of it.
func heap() (live, scan uint64) {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/scan/heap:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64(), s[1].Value.Uint64()
}

// Percent is the GOGC that allows max(Floor, scan) bytes of garbage
// beside live bytes, at most 100 and at least 1.
func Percent(live, scan uint64) int {
	slack := max(floor.Load(), scan)
	if live <= slack {
		return 100
	}
	return max(1, int(math.Ceil(100*float64(slack)/float64(live))))
}
