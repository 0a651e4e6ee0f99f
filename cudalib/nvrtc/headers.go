package nvrtc

import (
	"crypto/sha256"
	"embed"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"sync"
)

// Two kinds of headers reach every compilation:
//
//   - The CUDA toolkit's own (cuda_fp16.h, cuda_bf16.h, cooperative_groups.h,
//     mma.h, libcu++'s <cuda/std/...>), by include path, when those of this
//     NVRTC's major version are found: beside the library as a toolkit or
//     pip installs them, in /usr/local/cuda, or where
//     scripts/setup-cudatools.sh puts them. Another version's headers would
//     use builtins this NVRTC may lack, so they are never mixed.
//   - culab's small C library headers (include/: <stdio.h>, <cmath>,
//     <stdint.h>, ...), handed to NVRTC by name, so that the includes every
//     textbook kernel starts with resolve to what device code has of them.
//     NVRTC has no C library: without them "#include <stdio.h>" fails.

//go:embed include
var shimFS embed.FS

// shim is one of culab's headers as NVRTC takes it.
type shim struct {
	name string // as included: "stdio.h", "cmath"
	text string
}

// shims are the embedded headers, sorted by name, and their fingerprint
// for the compile cache.
var shims = sync.OnceValues(func() ([]shim, [sha256.Size]byte) {
	entries, err := shimFS.ReadDir("include")
	if err != nil {
		panic(err) // embedded at build time: cannot fail
	}
	var out []shim
	h := sha256.New()
	for _, e := range entries {
		b, err := shimFS.ReadFile("include/" + e.Name())
		if err != nil {
			panic(err)
		}
		out = append(out, shim{name: e.Name(), text: string(b)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	for _, s := range out {
		h.Write([]byte(s.name + "\x00" + s.text + "\x00"))
	}
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return out, sum
})

// ShimHeaders lists the C library headers culab hands NVRTC ("stdio.h",
// "cmath", ...).
func ShimHeaders() []string {
	s, _ := shims()
	names := make([]string, len(s))
	for i, x := range s {
		names[i] = x.name
	}
	return names
}

// IncludeDirs are the CUDA toolkit header directories passed to every
// compilation with this NVRTC; empty when none of its version was found.
func (l *Lib) IncludeDirs() []string { return append([]string(nil), l.includeDirs...) }

// includeOptions are the include-path options for l.includeDirs.
func (l *Lib) includeOptions() []string {
	opts := make([]string, len(l.includeDirs))
	for i, d := range l.includeDirs {
		opts[i] = "--include-path=" + d
	}
	return opts
}

// findIncludeDirs finds the CUDA headers of NVRTC major version major
// for the library opened by libPath: the first candidate directory whose
// cuda_runtime_api.h is of that major version, with its cccl directory
// (libcu++, CUB, Thrust: CUDA 13 keeps them there) when it has one.
func findIncludeDirs(libPath string, major int) []string {
	var dirs []string
	if filepath.IsAbs(libPath) {
		// A toolkit's lib64/ or targets/*/lib/, pip's nvidia/cuXX/lib/.
		dirs = append(dirs, filepath.Join(filepath.Dir(libPath), "..", "include"))
	}
	dirs = append(dirs, "/usr/local/cuda/include")
	if d := ToolsDir(); d != "" {
		dirs = append(dirs, filepath.Join(d, "nvidia", "cu"+strconv.Itoa(major), "include"))
	}
	for _, d := range dirs {
		d = filepath.Clean(d)
		if headersMajor(d) != major {
			continue
		}
		found := []string{d}
		if fi, err := os.Stat(filepath.Join(d, "cccl")); err == nil && fi.IsDir() {
			found = append(found, filepath.Join(d, "cccl"))
		}
		return found
	}
	return nil
}

var cudartVersionRE = regexp.MustCompile(`(?m)^#define CUDART_VERSION\s+(\d+)`)

// headersMajor is the CUDA major version of the headers in dir, from
// cuda_runtime_api.h's CUDART_VERSION (13000 for 13.0); 0 when there are
// none. The definition is near the top: the first 64 KiB are read.
func headersMajor(dir string) int {
	f, err := os.Open(filepath.Join(dir, "cuda_runtime_api.h"))
	if err != nil {
		return 0
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, 64<<10))
	if err != nil {
		return 0
	}
	m := cudartVersionRE.FindSubmatch(b)
	if m == nil {
		return 0
	}
	v, err := strconv.Atoi(string(m[1]))
	if err != nil {
		return 0
	}
	return v / 1000
}
