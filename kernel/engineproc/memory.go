package engineproc

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"

	"github.com/culab/culab/internal/memlimit"
)

// A cell that worked on large data (a lab on the virtual GPU: ~700 MiB of
// host arrays and device buffers at its largest size) leaves it as garbage
// when it ends. Go collects it only when a later cell allocates enough, and
// keeps the freed pages (an idle Go process still held 700 MiB of dropped
// garbage three minutes later, through its forced collection), so the
// engine held ~800 MiB after notebook 01 with 4 MiB live; on a class hub's
// shared nodes that decides how many students fit. So the engine returns
// it (debug.FreeOSMemory: collect, then give back every free page), on its
// own goroutine so that no reply waits:
//
//   - right after a cell, when the heap it holds grew by releaseSlack since
//     the last release (a cheap read of runtime metrics): only cells that
//     allocated that much pay for a collection, which their run dwarfs;
//   - after idleRelease without a cell, when it holds releaseSlack at all:
//     a cell that only drops references (data = nil) grows nothing, and
//     its garbage would otherwise stay; at most one collection per pause.
//
// A soft memory limit (GOMEMLIMIT) was not used for this: it makes the
// collector run continually in a session whose live data exceeds it, and
// leaves the garbage of a session below it in place.
const (
	releaseSlack = 64 << 20
	idleRelease  = 5 * time.Second
)

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

// releaser returns cells' garbage to the OS.
type releaser struct {
	idle  time.Duration // idleRelease; shorter in tests
	busy  atomic.Bool
	after atomic.Uint64 // heapHeld after the last release

	mu    sync.Mutex
	timer *time.Timer // the pending idle release
}

// beforeCell cancels a pending idle release: the engine is not idle.
func (r *releaser) beforeCell() {
	r.mu.Lock()
	if r.timer != nil {
		r.timer.Stop()
		r.timer = nil
	}
	r.mu.Unlock()
}

// afterCell releases now when the heap grew by releaseSlack, else arms the
// idle release when the heap holds that much.
func (r *releaser) afterCell() {
	held := heapHeld()
	switch {
	case held >= r.after.Load()+releaseSlack:
		r.start()
	case held >= releaseSlack:
		r.mu.Lock()
		if r.timer != nil {
			r.timer.Stop()
		}
		r.timer = time.AfterFunc(r.idle, r.start)
		r.mu.Unlock()
	}
}

// start runs a release on its own goroutine unless one is running.
func (r *releaser) start() {
	if !r.busy.CompareAndSwap(false, true) {
		return
	}
	go func() {
		defer r.busy.Store(false)
		r.release()
	}()
}

// release collects and returns the free heap to the OS.
func (r *releaser) release() {
	debug.FreeOSMemory()
	r.after.Store(heapHeld())
}

// A class hub runs each student's server in a container with a memory
// limit (docs/deploy: 4 GiB on the CPU nodes). Go's collector knows
// nothing of it: it lets the heap grow to twice what is live, and a cell
// whose live data fits the limit can be OOM-killed for the garbage beside
// it. So the engine gives the runtime a soft limit of limitShare of its
// cgroup's limit, leaving the rest to the kernel, the Jupyter server and
// the student's other kernels: near it the collector works harder instead
// of the process dying; far below it nothing changes. GOMEMLIMIT, when set,
// is the user's choice and wins.
const limitShare = 0.8

// setMemoryLimit applies limitShare of the cgroup's memory limit as the
// runtime's soft limit, reading the cgroup file system under root ("/" in
// production); it returns the limit set, 0 for none.
func setMemoryLimit(root string) int64 {
	if os.Getenv("GOMEMLIMIT") != "" {
		return 0
	}
	limit := memlimit.Cgroup(root)
	if limit <= 0 {
		return 0
	}
	soft := int64(float64(limit) * limitShare)
	debug.SetMemoryLimit(soft)
	return soft
}
