package ncu

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// installed are where Nsight Compute lands when it is not on PATH: the
// CUDA toolkit's bin and the standalone installer's directory.
var installed = []string{"/usr/local/cuda/bin/ncu", "/opt/nvidia/nsight-compute/*/ncu", "/usr/local/cuda-*/bin/ncu"}

// Find returns the ncu executable: on PATH, else in the usual install
// directories; an *Error with CodeNotFound says how to get one.
func Find() (string, error) {
	if p, err := exec.LookPath("ncu"); err == nil {
		return p, nil
	}
	for _, pat := range installed {
		ms, _ := filepath.Glob(pat)
		for i := len(ms) - 1; i >= 0; i-- { // the newest version sorts last
			if p, err := exec.LookPath(ms[i]); err == nil {
				return p, nil
			}
		}
	}
	return "", &Error{Code: CodeNotFound, Msg: "ncu (Nsight Compute's command line profiler) is not on PATH",
		Fix: "install Nsight Compute (it comes with the CUDA toolkit) and put ncu on PATH"}
}

// Version runs `ncu --version` and returns the version it prints
// ("2025.3.1.0"), or its last line where there is no "Version" word.
func Version(ncu string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, ncu, "--version").CombinedOutput()
	if err != nil {
		return "", &Error{Code: CodeFailed, Msg: strings.TrimSpace(ncu + " --version: " + err.Error() + ": " + string(out)),
			Fix: "check the Nsight Compute installation"}
	}
	return parseVersion(out), nil
}

func parseVersion(out []byte) string {
	last := ""
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		last = l
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "Version" {
			return f[1]
		}
	}
	return last
}

// Profile is what one profiling run collects.
type Profile struct {
	// Kernel is the mangled name of the kernel to profile (an exact
	// match; "" profiles every kernel).
	Kernel string
	// Launches is how many matching launches to profile (0: all).
	Launches int
	Metrics  []string
	// SourceCounters adds the section whose figures the source page
	// shows per line, with the CUDA source imported into the report (ncu
	// finds a relative file name of the line info in its working
	// directory).
	SourceCounters bool
	// Report is the report file to write (ncu adds .ncu-rep); "" prints
	// the details page instead. Log receives ncu's messages.
	Report, Log string
}

// Args is the ncu command line (after the ncu executable) that profiles
// program: kernels named and printed mangled, every process of the tree.
func (p Profile) Args(program ...string) []string {
	args := []string{"--target-processes", "all", "--kernel-name-base", "mangled", "--print-kernel-base", "mangled"}
	if p.Kernel != "" {
		args = append(args, "--kernel-name", p.Kernel)
	}
	if p.Launches > 0 {
		args = append(args, "--launch-count", strconv.Itoa(p.Launches))
	}
	if len(p.Metrics) > 0 {
		args = append(args, "--metrics", strings.Join(p.Metrics, ","))
	}
	if p.SourceCounters {
		args = append(args, "--section", "SourceCounters", "--import-source", "yes")
	}
	if p.Report != "" {
		args = append(args, "--export", p.Report, "--force-overwrite")
	} else {
		args = append(args, "--csv", "--print-units", "base")
	}
	if p.Log != "" {
		args = append(args, "--log-file", p.Log)
	}
	return append(args, program...)
}

// RawArgs prints a report's launches, a row each with every metric as a
// column, in base units (Parse reads it).
func RawArgs(report string) []string {
	return []string{"--import", report, "--page", "raw", "--csv", "--print-units", "base", "--print-kernel-base", "mangled"}
}

// SourceArgs prints a report's CUDA source with its figures per line
// (ParseSource reads it).
func SourceArgs(report string) []string {
	return []string{"--import", report, "--page", "source", "--csv", "--print-source", "cuda", "--print-units", "base"}
}

// Run runs ncu with args and returns its standard output; a failure is an
// *Error carrying what ncu said.
func Run(ctx context.Context, ncu string, args ...string) ([]byte, error) {
	var out, errb bytes.Buffer
	cmd := exec.CommandContext(ctx, ncu, args...)
	cmd.Env = append(os.Environ(), "LC_ALL=C") // no locale's thousands separators in figures
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if cerr := CheckLog(out.String() + errb.String()); cerr != nil {
		return out.Bytes(), cerr
	}
	if err != nil {
		return out.Bytes(), &Error{Code: CodeFailed, Msg: strings.TrimSpace("ncu " + strings.Join(args, " ") + ": " + err.Error() + "\n" + errb.String()),
			Fix: "see ncu's message above"}
	}
	return out.Bytes(), nil
}

// Supported returns the metrics of want that ncu knows for this machine's
// GPU (`ncu --query-metrics`) and those it does not: ncu refuses a whole
// run for one unknown metric (on an H100 with ncu 2025.3 neither barrier
// metric exists). Querying needs the counters, so the driver's
// restriction shows here as an *Error with CodePermission. Where the
// listing names none of want (its format changed), all are kept.
func Supported(ctx context.Context, ncu string, want []string) (kept, dropped []string, err error) {
	out, err := Run(ctx, ncu, "--query-metrics")
	if err != nil {
		return nil, nil, err
	}
	kept, dropped = supported(string(out), want)
	return kept, dropped, nil
}

// supported reads a --query-metrics listing: a metric per line, its name
// (without the .sum, .max, ... of a roll-up) first.
func supported(listing string, want []string) (kept, dropped []string) {
	known := map[string]bool{}
	for _, l := range strings.Split(listing, "\n") {
		if f := strings.Fields(l); len(f) > 0 {
			known[f[0]] = true
		}
	}
	for _, m := range want {
		base := m
		if i := strings.LastIndexByte(m, '.'); i > 0 {
			base = m[:i]
		}
		if known[base] || known[m] {
			kept = append(kept, m)
		} else {
			dropped = append(dropped, m)
		}
	}
	if len(kept) == 0 {
		return want, nil
	}
	return kept, dropped
}
