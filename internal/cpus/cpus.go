// Package cpus says how many CPUs this process may actually use: the
// smallest of its cgroup's CPU quota, its affinity mask and GOMAXPROCS.
// On a class server (make hub) each student's server runs in a cgroup
// with a quota of one CPU, yet Go's GOMAXPROCS is never below 2 where the
// machine has 2 CPUs or more, so GOMAXPROCS alone overstates it.
package cpus

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// Limit is what bounds this process's CPUs.
type Limit struct {
	// Quota is the cgroup CPU quota in CPUs (quota / period), the smallest
	// on the way from the process's cgroup to the hierarchy's root; 0 for
	// none.
	Quota float64
	// Affinity is how many CPUs the affinity mask allows.
	Affinity int
	// GOMAXPROCS is how many goroutines run at once.
	GOMAXPROCS int
}

// Read returns this process's Limit.
func Read() Limit {
	return Limit{Quota: Quota("/"), Affinity: runtime.NumCPU(), GOMAXPROCS: runtime.GOMAXPROCS(0)}
}

// CPUs is the smallest bound: how many CPUs' worth of time the process
// can use at once.
func (l Limit) CPUs() float64 {
	n := float64(min(l.Affinity, l.GOMAXPROCS))
	if l.Quota > 0 {
		n = min(n, l.Quota)
	}
	return n
}

// String is the count and the bound that sets it, such as
// "1 CPU (cgroup quota 1.0)", "4 CPUs (GOMAXPROCS 4)" or "16 CPUs".
func (l Limit) String() string {
	n := l.CPUs()
	count := strconv.FormatFloat(round2(n), 'f', -1, 64) + " CPUs"
	if n == 1 {
		count = "1 CPU"
	}
	switch {
	case l.Quota > 0 && l.Quota == n:
		q := strconv.FormatFloat(round2(l.Quota), 'f', -1, 64)
		if !strings.Contains(q, ".") {
			q += ".0"
		}
		return count + " (cgroup quota " + q + ")"
	case l.GOMAXPROCS < l.Affinity:
		return fmt.Sprintf("%s (GOMAXPROCS %d)", count, l.GOMAXPROCS)
	}
	return count
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// Quota is the CPU quota, in CPUs, of this process's cgroups as seen
// under root ("/", or a fake file system in tests): the smallest of
// cgroup v2's cpu.max and v1's cpu.cfs_quota_us / cpu.cfs_period_us over
// its cgroup and the cgroups above it within the mount; 0 where there is
// none, or none can be read.
func Quota(root string) float64 {
	mounts, err := cgroupMounts(filepath.Join(root, "proc/self/mountinfo"))
	if err != nil {
		return 0
	}
	groups, err := os.ReadFile(filepath.Join(root, "proc/self/cgroup"))
	if err != nil {
		return 0
	}
	quota := 0.0
	for _, line := range strings.Split(strings.TrimSpace(string(groups)), "\n") {
		// hierarchy-ID:controllers:path; v2's controllers are empty.
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		v2 := parts[1] == ""
		if !v2 && !hasCPU(parts[1]) {
			continue
		}
		for _, m := range mounts {
			rel, ok := within(parts[2], m.root)
			if m.v2 != v2 || !ok {
				continue
			}
			top := filepath.Join(root, m.point)
			for dir := filepath.Join(top, rel); strings.HasPrefix(dir, top); dir = filepath.Dir(dir) {
				if q := levelQuota(dir, v2); q > 0 && (quota == 0 || q < quota) {
					quota = q
				}
				if dir == top {
					break
				}
			}
		}
	}
	return quota
}

// within is cgroup path relative to a mount whose root is the cgroup
// mountRoot; false where the path is not below it (another container's
// view, or a path that climbs out with "..").
func within(path, mountRoot string) (string, bool) {
	if !strings.HasPrefix(path, "/") || strings.Contains(path+"/", "/../") {
		return "", false
	}
	if mountRoot == "/" || path == mountRoot {
		return strings.TrimPrefix(path, mountRoot), true
	}
	return strings.CutPrefix(path, mountRoot+"/")
}

// levelQuota is one cgroup directory's quota in CPUs; 0 for none.
func levelQuota(dir string, v2 bool) float64 {
	if v2 {
		// cpu.max: "max 100000" or "QUOTA PERIOD", in microseconds.
		b, err := os.ReadFile(filepath.Join(dir, "cpu.max"))
		if err != nil {
			return 0
		}
		f := strings.Fields(string(b))
		if len(f) != 2 {
			return 0
		}
		return ratio(f[0], f[1])
	}
	q, err1 := os.ReadFile(filepath.Join(dir, "cpu.cfs_quota_us"))
	p, err2 := os.ReadFile(filepath.Join(dir, "cpu.cfs_period_us"))
	if err1 != nil || err2 != nil {
		return 0
	}
	return ratio(strings.TrimSpace(string(q)), strings.TrimSpace(string(p))) // a quota of -1: none
}

func ratio(quota, period string) float64 {
	q, err1 := strconv.ParseInt(quota, 10, 64)
	p, err2 := strconv.ParseInt(period, 10, 64)
	if err1 != nil || err2 != nil || q <= 0 || p <= 0 {
		return 0
	}
	return float64(q) / float64(p)
}

func hasCPU(controllers string) bool {
	for _, c := range strings.Split(controllers, ",") {
		if c == "cpu" {
			return true
		}
	}
	return false
}

// mount is a cgroup file system's mount: where it is, the cgroup at its
// root, and whether it is v2 (else a v1 hierarchy with the cpu controller).
type mount struct {
	point, root string
	v2          bool
}

// cgroupMounts reads the cgroup v2 mounts and the v1 mounts of the cpu
// controller from a mountinfo file (proc(5)): "ID PARENT MAJ:MIN ROOT
// POINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPEROPTIONS".
func cgroupMounts(path string) ([]mount, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []mount
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		pre, post, ok := strings.Cut(sc.Text(), " - ")
		fields, tail := strings.Fields(pre), strings.Fields(post)
		if !ok || len(fields) < 5 || len(tail) < 3 {
			continue
		}
		m := mount{root: unescape(fields[3]), point: unescape(fields[4])}
		switch {
		case tail[0] == "cgroup2":
			m.v2 = true
		case tail[0] == "cgroup" && hasCPU(tail[2]):
		default:
			continue
		}
		out = append(out, m)
	}
	return out, sc.Err()
}

// unescape undoes mountinfo's octal escapes of space, tab, newline and
// backslash ("\040").
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+4 <= len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
