package ncu

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Error is a reason ncu could not measure, with what to do about it.
type Error struct {
	Code string // one of the Code constants
	Msg  string // what happened, in ncu's words where it said something
	Fix  string // what to do
}

func (e *Error) Error() string {
	if e.Fix == "" {
		return e.Msg
	}
	return e.Msg + " (" + e.Fix + ")"
}

// The codes of Error.
const (
	CodeNotFound   = "NO_NCU"           // no ncu executable
	CodePermission = "ERR_NVGPUCTRPERM" // the driver keeps the counters for admins
	CodeNoLaunch   = "NO_LAUNCH"        // ncu ran but profiled no launch
	CodeFailed     = "NCU_FAILED"       // anything else ncu reported
)

// PermissionDocs is NVIDIA's page on enabling the counters for all users.
const PermissionDocs = "https://developer.nvidia.com/ERR_NVGPUCTRPERM"

var permissionFix = "the driver restricts GPU performance counters to admin users: run with sudo (or with CAP_SYS_ADMIN), " +
	"or set the nvidia module option NVreg_RestrictProfilingToAdminUsers=0 and reload the driver (" + PermissionDocs + ")"

// CheckLog reads ncu's messages (its log file or output) and returns the
// first reason it could not measure, or nil where it profiled something.
func CheckLog(log string) error {
	var errs []string
	profiled, none := false, false
	for _, l := range strings.Split(log, "\n") {
		l = strings.TrimSpace(l)
		switch {
		case strings.Contains(l, "ERR_NVGPUCTRPERM"):
			return &Error{Code: CodePermission, Msg: strings.TrimSpace(strings.TrimPrefix(l, "==ERROR==")), Fix: permissionFix}
		case strings.HasPrefix(l, "==ERROR=="):
			errs = append(errs, strings.TrimSpace(strings.TrimPrefix(l, "==ERROR==")))
		case strings.HasPrefix(l, "==PROF== Profiling"):
			profiled = true
		case strings.Contains(l, "No kernels were profiled"):
			none = true
		}
	}
	switch {
	case len(errs) > 0:
		return &Error{Code: CodeFailed, Msg: "ncu: " + strings.Join(errs, "; "), Fix: "see ncu's message"}
	case none && !profiled:
		return &Error{Code: CodeNoLaunch, Msg: "ncu profiled no kernel launch",
			Fix: "the launch did not reach ncu: check that the kernel ran and its name is the mangled one"}
	}
	return nil
}

// Access is whether this process may read the GPU's performance counters,
// as far as the driver's setting tells without running anything.
type Access struct {
	Known   bool   // the driver's setting could be read
	Allowed bool   // counters readable by this process (when Known)
	Why     string // the setting, and for a refusal what to do
}

// Capability bits of CapEff that lift the driver's restriction.
const (
	capSysAdmin = 21
	capPerfmon  = 38 // from driver R565
)

// CounterAccess reads the driver's RmProfilingAdminOnly setting (from
// /proc/driver/nvidia/params) and this process's privileges. It is cheap
// (two small files, no GPU work), so callers may cache it; a profile's
// own error stays the final word.
func CounterAccess() Access {
	params, err := os.ReadFile("/proc/driver/nvidia/params")
	if err != nil {
		return Access{Why: "cannot read the driver's profiling setting (" + err.Error() + "); a profile will tell"}
	}
	status, _ := os.ReadFile("/proc/self/status")
	return counterAccess(string(params), string(status), os.Geteuid())
}

func counterAccess(params, status string, euid int) Access {
	adminOnly := -1
	for _, l := range strings.Split(params, "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "RmProfilingAdminOnly" {
			adminOnly, _ = strconv.Atoi(strings.TrimSpace(v))
		}
	}
	switch {
	case adminOnly < 0:
		return Access{Why: "the driver does not list RmProfilingAdminOnly; a profile will tell"}
	case adminOnly == 0:
		return Access{Known: true, Allowed: true, Why: "the driver lets every user read them (RmProfilingAdminOnly: 0)"}
	case euid == 0:
		return Access{Known: true, Allowed: true, Why: "admin only (RmProfilingAdminOnly: 1), and this process runs as root"}
	}
	for _, l := range strings.Split(status, "\n") {
		if v, ok := strings.CutPrefix(l, "CapEff:"); ok {
			caps, _ := strconv.ParseUint(strings.TrimSpace(v), 16, 64)
			if caps&(1<<capSysAdmin|1<<capPerfmon) != 0 {
				return Access{Known: true, Allowed: true, Why: "admin only (RmProfilingAdminOnly: 1), and this process has CAP_SYS_ADMIN or CAP_PERFMON"}
			}
		}
	}
	return Access{Known: true, Why: fmt.Sprintf("admin only (RmProfilingAdminOnly: 1) and this process is not: %s", permissionFix)}
}
