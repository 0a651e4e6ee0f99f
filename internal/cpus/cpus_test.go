package cpus

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// fakeRoot lays out files (path relative to the root: content) as a file
// system root: /proc/self's files and the cgroup directories.
func fakeRoot(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, content := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

const (
	v2Mount  = "30 23 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate\n"
	v1Mounts = "31 23 0:28 / /sys/fs/cgroup tmpfs rw - tmpfs tmpfs rw,mode=755\n" +
		"32 31 0:29 / /sys/fs/cgroup/cpu,cpuacct rw,relatime - cgroup cgroup rw,cpu,cpuacct\n" +
		"34 31 0:31 / /sys/fs/cgroup/cpuset rw,relatime - cgroup cgroup rw,cpuset\n"
	other = "25 1 8:1 / / rw,relatime - ext4 /dev/sda1 rw\n"
)

func TestQuota(t *testing.T) {
	for _, c := range []struct {
		name  string
		files map[string]string
		want  float64
	}{
		{"v2: a student's server on the hub", map[string]string{
			"proc/self/mountinfo":                         other + v2Mount,
			"proc/self/cgroup":                            "0::/culab-hub/alice\n",
			"sys/fs/cgroup/culab-hub/alice/cpu.max":       "100000 100000\n",
			"sys/fs/cgroup/culab-hub/cpu.max":             "max 100000\n",
			"sys/fs/cgroup/culab-hub/alice/cpu.max.burst": "0\n",
		}, 1},
		{"v2: a smaller quota above", map[string]string{
			"proc/self/mountinfo":                   v2Mount,
			"proc/self/cgroup":                      "0::/culab-hub/alice",
			"sys/fs/cgroup/culab-hub/alice/cpu.max": "200000 100000",
			"sys/fs/cgroup/culab-hub/cpu.max":       "150000 100000",
		}, 1.5},
		{"v2: no quota", map[string]string{
			"proc/self/mountinfo":              v2Mount,
			"proc/self/cgroup":                 "0::/user.slice/session-1.scope",
			"sys/fs/cgroup/user.slice/cpu.max": "max 100000",
		}, 0},
		{"v2: a container's own cgroup at the mount's root", map[string]string{
			"proc/self/mountinfo":   "30 23 0:26 /docker/abc /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n",
			"proc/self/cgroup":      "0::/docker/abc",
			"sys/fs/cgroup/cpu.max": "250000 100000",
		}, 2.5},
		{"v1: cpu,cpuacct", map[string]string{
			"proc/self/mountinfo": v1Mounts,
			"proc/self/cgroup":    "5:cpuset:/\n4:cpu,cpuacct:/culab-hub/alice\n1:name=systemd:/\n",
			"sys/fs/cgroup/cpu,cpuacct/culab-hub/alice/cpu.cfs_quota_us":  "50000\n",
			"sys/fs/cgroup/cpu,cpuacct/culab-hub/alice/cpu.cfs_period_us": "100000\n",
			"sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us":                  "-1\n",
			"sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us":                 "100000\n",
		}, 0.5},
		{"v1: no quota", map[string]string{
			"proc/self/mountinfo":                         v1Mounts,
			"proc/self/cgroup":                            "4:cpu,cpuacct:/",
			"sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us":  "-1",
			"sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us": "100000",
		}, 0},
		{"hybrid: the smaller of v1 and v2", map[string]string{
			"proc/self/mountinfo":                           v1Mounts + "41 31 0:38 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n",
			"proc/self/cgroup":                              "4:cpu,cpuacct:/a\n0::/a\n",
			"sys/fs/cgroup/cpu,cpuacct/a/cpu.cfs_quota_us":  "300000",
			"sys/fs/cgroup/cpu,cpuacct/a/cpu.cfs_period_us": "100000",
			"sys/fs/cgroup/unified/a/cpu.max":               "75000 50000",
		}, 1.5},
		{"a cgroup outside the mount's root", map[string]string{
			"proc/self/mountinfo":   "30 23 0:26 /docker/abc /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n",
			"proc/self/cgroup":      "0::/docker/abcdef",
			"sys/fs/cgroup/cpu.max": "100000 100000",
		}, 0},
		{"a path climbing out of the mount", map[string]string{
			"proc/self/mountinfo":     v2Mount,
			"proc/self/cgroup":        "0::/../..",
			"sys/fs/cgroup/cpu.max":   "100000 100000",
			"sys/fs/cpu.max":          "100000 100000",
			"cpu.max":                 "100000 100000",
			"sys/fs/cgroup/a/cpu.max": "100000 100000",
		}, 0},
		{"a mount point with a space", map[string]string{
			"proc/self/mountinfo":        `30 23 0:26 / /sys/fs/my\040cgroup rw - cgroup2 cgroup2 rw` + "\n",
			"proc/self/cgroup":           "0::/a",
			"sys/fs/my cgroup/a/cpu.max": "100000 100000",
		}, 1},
		{"garbage", map[string]string{
			"proc/self/mountinfo":     v2Mount + "nonsense\n",
			"proc/self/cgroup":        "0::/a\nbroken\n",
			"sys/fs/cgroup/a/cpu.max": "lots 100000",
		}, 0},
		{"no /proc", map[string]string{}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Quota(fakeRoot(t, c.files)); got != c.want {
				t.Errorf("Quota = %v, want %v", got, c.want)
			}
		})
	}
}

func TestString(t *testing.T) {
	for _, c := range []struct {
		l    Limit
		want string
	}{
		{Limit{Quota: 1, Affinity: 16, GOMAXPROCS: 2}, "1 CPU (cgroup quota 1.0)"},
		{Limit{Quota: 1.5, Affinity: 16, GOMAXPROCS: 2}, "1.5 CPUs (cgroup quota 1.5)"},
		{Limit{Quota: 2, Affinity: 16, GOMAXPROCS: 2}, "2 CPUs (cgroup quota 2.0)"},
		{Limit{Quota: 1.0 / 3, Affinity: 16, GOMAXPROCS: 2}, "0.33 CPUs (cgroup quota 0.33)"},
		{Limit{Quota: 4, Affinity: 2, GOMAXPROCS: 2}, "2 CPUs"},
		{Limit{Affinity: 16, GOMAXPROCS: 16}, "16 CPUs"},
		{Limit{Affinity: 16, GOMAXPROCS: 4}, "4 CPUs (GOMAXPROCS 4)"},
		{Limit{Affinity: 1, GOMAXPROCS: 1}, "1 CPU"},
	} {
		if got := c.l.String(); got != c.want {
			t.Errorf("%#v: %q, want %q", c.l, got, c.want)
		}
	}
}

func TestRead(t *testing.T) {
	l := Read()
	if l.Affinity != runtime.NumCPU() || l.GOMAXPROCS != runtime.GOMAXPROCS(0) || l.Quota < 0 {
		t.Fatalf("Read = %#v", l)
	}
	if n := l.CPUs(); n <= 0 || n > float64(l.GOMAXPROCS) {
		t.Fatalf("CPUs = %v of %#v", n, l)
	}
	t.Logf("this process: %v (quota %v, affinity %d, GOMAXPROCS %d)", l, l.Quota, l.Affinity, l.GOMAXPROCS)
}
