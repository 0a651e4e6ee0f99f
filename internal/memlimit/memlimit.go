// Package memlimit says how much memory this process may use: its
// cgroup's limit (a class hub's container), else the machine's memory;
// how much a process holds; and reads sizes as GOMEMLIMIT writes them
// ("3GiB").
package memlimit

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// Of is the memory this process may use, in bytes: the cgroup's limit
// under root ("/" in production) when there is one below the machine's
// memory, else the machine's memory; 0 when neither can be read.
func Of(root string) int64 {
	c, p := Cgroup(root), Physical()
	if c > 0 && (p <= 0 || c < p) {
		return c
	}
	return p
}

// Resident is the resident memory of process pid in bytes, from /proc;
// 0 where it cannot be read.
func Resident(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		return 0
	}
	return pages * int64(os.Getpagesize())
}

// Physical is the machine's memory in bytes, 0 if unknown.
func Physical() int64 {
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) != nil {
		return 0
	}
	return int64(si.Totalram) * int64(si.Unit)
}

// Cgroup is the smallest memory limit of this process's cgroup and its
// ancestors (cgroup v2's memory.max, or v1's memory.limit_in_bytes),
// reading the cgroup file system under root; 0 when there is none or it
// cannot be read.
func Cgroup(root string) int64 {
	return cgroupLimit(root, "memory.max", "memory", "memory.limit_in_bytes")
}

// Tasks is the smallest task (process and thread) limit of this process's
// cgroup and its ancestors (pids.max, v2 or v1's pids controller); 0 when
// there is none or it cannot be read.
func Tasks(root string) int64 {
	return cgroupLimit(root, "pids.max", "pids", "pids.max")
}

// cgroupLimit is the smallest limit of this process's cgroup and its
// ancestors in file v2 of cgroup v2, or v1 of v1's controller.
func cgroupLimit(root, v2, controller, v1 string) int64 {
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
		// hierarchy-ID:controllers:path; v2 is "0::path", a v1
		// controller's "N:memory:path".
		f := strings.SplitN(line, ":", 3)
		if len(f) != 3 {
			continue
		}
		switch {
		case f[0] == "0" && f[1] == "":
			consider(filepath.Join(root, "sys/fs/cgroup", f[2]), v2)
			consider(filepath.Join(root, "sys/fs/cgroup/unified", f[2]), v2)
		case slices.Contains(strings.Split(f[1], ","), controller):
			consider(filepath.Join(root, "sys/fs/cgroup", controller, f[2]), v1)
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

// units are the suffixes of a size, as GOMEMLIMIT takes them.
var units = []struct {
	suffix string
	scale  float64
}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"B", 1}}

// ParseSize reads a size in bytes: a number, whole or decimal, with one
// of the suffixes B, KiB, MiB, GiB, TiB or none ("2GiB", "1.5GiB",
// "500000000").
func ParseSize(s string) (int64, error) {
	num, scale := strings.TrimSpace(s), 1.0
	for _, u := range units {
		if strings.HasSuffix(num, u.suffix) {
			num, scale = strings.TrimSpace(strings.TrimSuffix(num, u.suffix)), u.scale
			break
		}
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || v < 0 || math.IsInf(v, 0) || v*scale >= math.MaxInt64 {
		return 0, fmt.Errorf("size %q: want a number of bytes, with B, KiB, MiB, GiB or TiB after it (2GiB)", s)
	}
	return int64(v * scale), nil
}

// Format writes bytes as a reader would: "3.1 GiB", "512 MiB", "800 KiB".
func Format(bytes int64) string {
	for _, u := range units[:4] {
		if v := float64(bytes) / u.scale; v >= 1 {
			if v >= 10 || v == math.Trunc(v) {
				return fmt.Sprintf("%.0f %s", v, u.suffix)
			}
			return fmt.Sprintf("%.1f %s", v, u.suffix)
		}
	}
	return fmt.Sprintf("%d bytes", bytes)
}
