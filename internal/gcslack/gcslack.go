// Package gcslack bounds the garbage that Go's collector lets pile up
// beside a large heap that costs nothing to scan.
//
// The collector starts a cycle once the heap has grown by GOGC % of what
// the last cycle found live. A cycle's work is scanning what holds
// pointers; an array of floats is marked, never scanned. So a lab holding
// 2 GiB of host arrays let hundreds of megabytes of garbage (the sampled
// blocks' records, the written-cell sets) pile up beside them even at a
// GOGC of 25, before a collection that then took milliseconds. While a
// Hold is in force, the package sets GOGC after each cycle so that the
// garbage allowed is the larger of Floor and the scannable heap, and never
// more than the Hold's percent allows.
package gcslack

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
)

// Floor is the garbage always allowed: enough that the sampled blocks'
// records and the written-cell sets are not collected cycle after cycle,
// small beside a lab's gigabyte arrays (256 MiB held make report's peak
// 0.24 GB higher at the same CPU: docs/results/2026-11-29h-report-memory).
const Floor = 64 << 20

// floor is Floor, smaller in tests (read by the finalizer's goroutine).
var floor atomic.Uint64

func init() { floor.Store(Floor) }

var hold struct {
	sync.Mutex
	n, was, most int
	armed        bool
}

// Hold keeps GOGC at most percent, and at Percent of the heap when that
// is less, until release; holds may nest (the smallest percent of the
// first one stands). A GOGC set in the environment is the user's choice
// and wins.
func Hold(percent int) (release func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	hold.Lock()
	defer hold.Unlock()
	if hold.n++; hold.n == 1 {
		hold.most = percent
		hold.was = debug.SetGCPercent(percent)
		if !hold.armed {
			hold.armed = true
			arm()
		}
	}
	return func() {
		hold.Lock()
		defer hold.Unlock()
		if hold.n--; hold.n == 0 {
			debug.SetGCPercent(hold.was)
		}
	}
}

// sentinel's finalizer runs once after each collection that finds it
// unreachable, that is, after each cycle. (A pointer field keeps it out of
// the tiny allocator, whose objects' finalizers may never run.)
type sentinel struct{ _ *int }

// arm sets GOGC after the next cycle, and again after each one while a
// hold is in force.
func arm() {
	runtime.SetFinalizer(&sentinel{}, func(*sentinel) {
		hold.Lock()
		defer hold.Unlock()
		if hold.n == 0 {
			hold.armed = false
			return
		}
		set(min(hold.most, Percent(heap())))
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
