package engineproc

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
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
	limit := cgroupMemoryLimit(root)
	if limit <= 0 {
		return 0
	}
	soft := int64(float64(limit) * limitShare)
	debug.SetMemoryLimit(soft)
	return soft
}

// cgroupMemoryLimit is the smallest memory limit of this process's cgroup
// and its ancestors (cgroup v2's memory.max, or v1's
// memory.limit_in_bytes), in bytes; 0 when there is none or it cannot be
// read.
func cgroupMemoryLimit(root string) int64 {
	b, err := os.ReadFile(filepath.Join(root, "proc/self/cgroup"))
	if err != nil {
		return 0
	}
	var best int64
	consider := func(dir, file string) {
		for {
			if v, err := readLimit(filepath.Join(dir, file)); err == nil && v > 0 && (best == 0 || v < best) {
				best = v
			}
			parent := filepath.Dir(dir)
			if parent == dir || !strings.HasPrefix(parent, filepath.Join(root, "sys/fs/cgroup")) {
				return
			}
			dir = parent
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		// hierarchy-ID:controllers:path; v2 is "0::path", v1's memory
		// controller "N:memory:path".
		f := strings.SplitN(line, ":", 3)
		if len(f) != 3 {
			continue
		}
		switch {
		case f[0] == "0" && f[1] == "":
			consider(filepath.Join(root, "sys/fs/cgroup", f[2]), "memory.max")
			consider(filepath.Join(root, "sys/fs/cgroup/unified", f[2]), "memory.max")
		case slices.Contains(strings.Split(f[1], ","), "memory"):
			consider(filepath.Join(root, "sys/fs/cgroup/memory", f[2]), "memory.limit_in_bytes")
		}
	}
	return best
}

// noLimitV1 is at or above what cgroup v1 reports for "no limit" (the
// largest page-aligned int64).
const noLimitV1 = 1 << 62

// readLimit reads a limit file: a number of bytes, "max" (none: 0).
func readLimit(path string) (int64, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	s := strings.TrimSpace(string(b))
	if s == "max" {
		return 0, nil
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v >= noLimitV1 {
		return 0, err
	}
	return v, nil
}
