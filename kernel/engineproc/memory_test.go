package engineproc

import (
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

func released() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// waitFor waits until cond holds (a minute at most: a busy machine is slow,
// but the state comes).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no %s within a minute", what)
		}
	}
}

// touched is n bytes of memory in use, as a cell's data.
func touched(n int) []byte {
	b := make([]byte, n)
	for i := 0; i < n; i += 4096 {
		b[i] = 1
	}
	return b
}

const garbageSize = 4 * releaseSlack

// A cell's garbage goes back to the OS after the cell, not when a later
// cell happens to allocate: the heap held drops to what is live.
func TestReleaseAfterACellThatAllocated(t *testing.T) {
	r := releaser{idle: time.Hour}
	r.release() // what the test binary holds so far is the baseline
	garbage := touched(garbageSize)
	runtime.KeepAlive(garbage)
	garbage = nil
	before, was := heapHeld(), released()
	if before < garbageSize {
		t.Fatalf("the heap holds %d bytes, want the %d of garbage in it", before, garbageSize)
	}
	r.afterCell()
	waitFor(t, "release", func() bool { return !r.busy.Load() && r.after.Load() < before-garbageSize/2 })
	if got := released() - was; got < garbageSize/2 {
		t.Errorf("%d bytes returned to the OS, want most of the %d of garbage", got, garbageSize)
	}
}

// A cell that only drops its data (data = nil) allocates nothing; the
// garbage goes back once the engine is idle.
func TestIdleReleaseOfDroppedData(t *testing.T) {
	r := releaser{idle: 10 * time.Millisecond}
	data := touched(garbageSize)
	r.afterCell() // the cell that made data: released at once, data stays live
	waitFor(t, "release of the first cell", func() bool { return !r.busy.Load() && r.after.Load() >= garbageSize })
	runtime.KeepAlive(data)
	data = nil
	r.afterCell() // the cell that dropped it
	waitFor(t, "idle release", func() bool { return heapHeld() < garbageSize/2 })
}

// A cell that allocated little costs no collection; a new cell cancels a
// pending idle release.
func TestNoReleaseBelowTheSlack(t *testing.T) {
	r := releaser{idle: time.Hour}
	r.release()
	small := touched(releaseSlack / 4)
	r.afterCell()
	r.mu.Lock()
	armed := r.timer != nil
	r.mu.Unlock()
	if r.busy.Load() || armed {
		t.Error("a release started or was armed after a cell that allocated a quarter of releaseSlack")
	}
	runtime.KeepAlive(small)

	data := touched(garbageSize)
	r.release() // data is live: the heap holds more than releaseSlack without growing
	r.afterCell()
	r.mu.Lock()
	armed = r.timer != nil
	r.mu.Unlock()
	if !armed {
		t.Fatal("no idle release armed while the heap holds 256 MiB")
	}
	r.beforeCell()
	if r.timer != nil {
		t.Error("a new cell did not cancel the idle release")
	}
	runtime.KeepAlive(data)
}

// fakeRoot writes files (path → content) under a temporary root.
func fakeRoot(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for path, content := range files {
		p := filepath.Join(root, path)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestSetMemoryLimit(t *testing.T) {
	prev := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(prev)
	root := fakeRoot(t, map[string]string{"proc/self/cgroup": "0::/\n", "sys/fs/cgroup/memory.max": "1000000000\n"})
	t.Setenv("GOMEMLIMIT", "")
	if got := setMemoryLimit(root); got != 800000000 || debug.SetMemoryLimit(-1) != 800000000 {
		t.Errorf("soft limit %d (runtime: %d), want 80%% of the cgroup's 1e9", got, debug.SetMemoryLimit(-1))
	}
	debug.SetMemoryLimit(prev)
	t.Setenv("GOMEMLIMIT", "3GiB")
	if got := setMemoryLimit(root); got != 0 || debug.SetMemoryLimit(-1) != prev {
		t.Errorf("with GOMEMLIMIT set, the engine set its own limit %d", got)
	}
}
