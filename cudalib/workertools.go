package cudalib

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// NVIDIA's tools (ncu, compute-sanitizer) follow child processes by
// wrapping the C library's process creation, which puts their injection
// libraries into the child's LD_PRELOAD; Go's os/exec starts the GPU
// worker without the C library, so the worker ran unseen ("No kernels
// were profiled", issue 19). The worker inherits the tools' variables
// (NV_*, the injection port) with the environment; what it lacks is the
// preload, so workerEnv adds the tools' libraries that are mapped into
// this process.

// toolLibPrefixes name the libraries of NVIDIA's process-tree launcher
// that a tool preloads into every process it follows.
var toolLibPrefixes = []string{"libTreeLauncherTarget", "libInterceptorInjectionTarget"}

// workerEnv is the GPU worker's environment: nil (this process's) unless
// a tool's libraries are loaded here, then this environment with them in
// LD_PRELOAD.
func workerEnv() []string {
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return nil
	}
	return withPreload(os.Environ(), toolLibs(string(maps)))
}

// toolLibs returns the tools' libraries in a /proc/<pid>/maps listing,
// each once, in the order mapped.
func toolLibs(maps string) []string {
	var libs []string
	for _, line := range strings.Split(maps, "\n") {
		f := strings.Fields(line)
		if len(f) < 6 || !strings.HasPrefix(f[5], "/") {
			continue
		}
		path, base := f[5], filepath.Base(f[5])
		for _, p := range toolLibPrefixes {
			if strings.HasPrefix(base, p) && strings.Contains(base, ".so") && !slices.Contains(libs, path) {
				libs = append(libs, path)
			}
		}
	}
	return libs
}

// withPreload is env with libs before any LD_PRELOAD it has; nil without
// libs.
func withPreload(env, libs []string) []string {
	if len(libs) == 0 {
		return nil
	}
	pre := strings.Join(libs, ":")
	out := make([]string, 0, len(env)+1)
	for _, kv := range env {
		if old, ok := strings.CutPrefix(kv, "LD_PRELOAD="); ok {
			if old != "" {
				pre += ":" + old
			}
			continue
		}
		out = append(out, kv)
	}
	return append(out, "LD_PRELOAD="+pre)
}
