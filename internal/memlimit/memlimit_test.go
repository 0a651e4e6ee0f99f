package memlimit

import (
	"os"
	"path/filepath"
	"testing"
)

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

func TestCgroup(t *testing.T) {
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
		if got := Cgroup(fakeRoot(t, c.files)); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

// The task limit is read as the memory limit is, from pids.max.
func TestTasks(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string
		want  int64
	}{
		{"v2, the parent's limit is smaller", map[string]string{
			"proc/self/cgroup":                  "0::/pod/kernel\n",
			"sys/fs/cgroup/pod/kernel/pids.max": "max\n",
			"sys/fs/cgroup/pod/pids.max":        "500\n",
			"sys/fs/cgroup/pod/memory.max":      "100\n",
		}, 500},
		{"v1", map[string]string{
			"proc/self/cgroup":                   "6:pids:/user/7\n4:memory:/\n",
			"sys/fs/cgroup/pids/user/7/pids.max": "300\n",
		}, 300},
		{"none", map[string]string{"proc/self/cgroup": "0::/\n", "sys/fs/cgroup/pids.max": "max\n"}, 0},
	}
	for _, c := range cases {
		if got := Tasks(fakeRoot(t, c.files)); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

// The process's memory is the cgroup's limit when below the machine's.
func TestOf(t *testing.T) {
	phys := Physical()
	if phys <= 0 {
		t.Fatal("no physical memory read")
	}
	if got := Of(fakeRoot(t, map[string]string{"proc/self/cgroup": "0::/\n", "sys/fs/cgroup/memory.max": "1073741824\n"})); got != 1<<30 {
		t.Errorf("with a 1 GiB cgroup: %d", got)
	}
	if got := Of(fakeRoot(t, map[string]string{})); got != phys {
		t.Errorf("without a cgroup: %d, want the machine's %d", got, phys)
	}
}

func TestParseSize(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64 // -1: an error
	}{
		{"2GiB", 2 << 30}, {"1.5 GiB", 3 << 29}, {"512MiB", 512 << 20}, {"64KiB", 64 << 10},
		{"1TiB", 1 << 40}, {"1000", 1000}, {"1000B", 1000}, {"0", 0},
		{"", -1}, {"lots", -1}, {"-1GiB", -1}, {"2GB", -1}, {"1e30", -1},
	} {
		got, err := ParseSize(c.in)
		if c.want < 0 && err == nil || c.want >= 0 && (err != nil || got != c.want) {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", c.in, got, err, c.want)
		}
	}
}

func TestFormat(t *testing.T) {
	for _, c := range []struct {
		in   int64
		want string
	}{{3 << 30, "3 GiB"}, {3<<30 + 100<<20, "3.1 GiB"}, {512 << 20, "512 MiB"}, {1536 << 10, "1.5 MiB"}, {100, "100 bytes"}} {
		if got := Format(c.in); got != c.want {
			t.Errorf("Format(%d) = %q, want %q", c.in, got, c.want)
		}
	}
}

// This process holds some memory; a process that is not there, none.
func TestResident(t *testing.T) {
	if _, err := os.Stat("/proc/self/statm"); err != nil {
		t.Skip("no /proc here: ", err)
	}
	if got := Resident(os.Getpid()); got <= 0 {
		t.Errorf("Resident(this process) = %d", got)
	}
	if got := Resident(-1); got != 0 {
		t.Errorf("Resident(-1) = %d", got)
	}
}
