package engineproc

import (
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
)

// A cell that worked on large data (a lab on the virtual GPU: ~700 MiB of
// host arrays and device buffers at its largest size) leaves it as garbage
// when it ends. Go collects it only when a later cell allocates enough, and
// its scavenger returns freed pages to the OS slowly, so the engine held
// ~800 MiB after notebook 01 with 4 MiB live; on a class hub's shared nodes
// that decides how many students fit. So after each cell the engine checks
// (a cheap read of runtime metrics) whether the heap it holds grew by
// releaseSlack since its last release, and if so collects and returns the
// free memory at once (debug.FreeOSMemory), on its own goroutine so that
// the reply is not delayed. Only cells that allocated that much pay for a
// collection, which their own run dwarfs. A soft memory limit (GOMEMLIMIT)
// was not used: it makes the collector run continually in a session whose
// live data legitimately exceeds it, and leaves the garbage of a session
// below it in place.
const releaseSlack = 64 << 20

// heapHeld is the heap the process holds: objects (live, and garbage not yet
// collected), fragmentation, and free pages not yet returned to the OS.
func heapHeld() uint64 {
	s := []metrics.Sample{
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/memory/classes/heap/unused:bytes"},
		{Name: "/memory/classes/heap/free:bytes"},
	}
	metrics.Read(s)
	return s[0].Value.Uint64() + s[1].Value.Uint64() + s[2].Value.Uint64()
}

// releaser returns finished cells' garbage to the OS.
type releaser struct {
	busy  atomic.Bool
	after atomic.Uint64 // heapHeld after the last release
}

// afterCell starts a release on its own goroutine unless one is running.
func (r *releaser) afterCell() {
	if heapHeld() < r.after.Load()+releaseSlack || !r.busy.CompareAndSwap(false, true) {
		return
	}
	go func() {
		defer r.busy.Store(false)
		r.release()
	}()
}

// release collects and returns the free heap to the OS when the heap grew
// by releaseSlack since the last release; it reports whether it did.
func (r *releaser) release() bool {
	if heapHeld() < r.after.Load()+releaseSlack {
		return false
	}
	debug.FreeOSMemory()
	r.after.Store(heapHeld())
	return true
}
