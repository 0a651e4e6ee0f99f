package engineproc

import (
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
)

func released() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// A cell's garbage goes back to the OS after the cell, not when a later
// cell happens to allocate: the heap held drops to what is live.
func TestReleaseReturnsACellsGarbage(t *testing.T) {
	var r releaser
	r.release() // what the test binary holds so far is the baseline
	size := 4 * releaseSlack
	garbage := make([]byte, size)
	for i := 0; i < len(garbage); i += 4096 {
		garbage[i] = 1 // touched, as a cell's data is
	}
	runtime.KeepAlive(garbage)
	garbage = nil
	before, was := heapHeld(), released()
	if before < uint64(size) {
		t.Fatalf("the heap holds %d bytes, want the %d of garbage in it", before, size)
	}
	if !r.release() {
		t.Fatal("no release after a cell that left 256 MiB of garbage")
	}
	if held := heapHeld(); held > before-uint64(size)/2 {
		t.Errorf("the heap holds %d bytes after the release, %d before: the garbage was kept", held, before)
	}
	if got := released() - was; got < uint64(size)/2 {
		t.Errorf("%d bytes returned to the OS, want most of the %d of garbage", got, size)
	}
	if r.release() {
		t.Error("a second release with no new garbage collected again")
	}
}

// A cell that allocated little costs no collection.
func TestNoReleaseBelowTheSlack(t *testing.T) {
	var r releaser
	r.release()
	small := make([]byte, releaseSlack/4)
	runtime.KeepAlive(small)
	r.afterCell()
	if r.busy.Load() {
		t.Error("a release started after a cell that allocated a quarter of releaseSlack")
	}
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

func TestCgroupMemoryLimit(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string
		want  int64
	}{
		{"v2 in a container", map[string]string{
			"proc/self/cgroup":         "0::/\n",
			"sys/fs/cgroup/memory.max": "4294967296\n",
		}, 4 << 30},
		{"v2, the parent's limit is smaller", map[string]string{
			"proc/self/cgroup":                    "0::/pod/kernel\n",
			"sys/fs/cgroup/pod/kernel/memory.max": "max\n",
			"sys/fs/cgroup/pod/memory.max":        "1073741824\n",
		}, 1 << 30},
		{"v2, no limit", map[string]string{
			"proc/self/cgroup":                    "0::/user.slice\n",
			"sys/fs/cgroup/user.slice/memory.max": "max\n",
		}, 0},
		{"v1", map[string]string{
			"proc/self/cgroup": "5:cpu,cpuacct:/x\n4:memory:/process_api/abc\n0::/\n",
			"sys/fs/cgroup/memory/process_api/abc/memory.limit_in_bytes": "2147483648\n",
			"sys/fs/cgroup/memory/memory.limit_in_bytes":                 "9223372036854771712\n",
		}, 2 << 30},
		{"v1, no limit", map[string]string{
			"proc/self/cgroup":                           "4:memory:/\n",
			"sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712\n",
		}, 0},
		{"unreadable", map[string]string{"proc/self/cgroup": "0::/a\n", "sys/fs/cgroup/a/memory.max": "lots\n"}, 0},
		{"no cgroup file", map[string]string{}, 0},
	}
	for _, c := range cases {
		if got := cgroupMemoryLimit(fakeRoot(t, c.files)); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
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
