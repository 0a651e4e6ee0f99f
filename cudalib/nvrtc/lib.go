// Package nvrtc binds NVIDIA's run-time CUDA compiler (NVRTC). The library
// is opened with purego on first use rather than linked, so a binary built
// with CGO_ENABLED=0 starts, and reports why, on machines without CUDA.
package nvrtc

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/ebitengine/purego"
)

// Lib is a loaded NVRTC. Its methods are safe for concurrent use: NVRTC is
// thread-safe as long as each program is used by one thread, and every
// Compile creates its own program.
type Lib struct {
	path         string
	major, minor int
	archs        []int
	includeDirs  []string // the CUDA headers of this NVRTC's version (headers.go); none when not found

	getErrorString   func(code int32) string
	version          func(major, minor *int32) int32
	createProgram    func(prog *uintptr, src, name *byte, numHeaders int32, headers, includeNames []*byte) int32
	destroyProgram   func(prog *uintptr) int32
	compileProgram   func(prog uintptr, numOptions int32, options []*byte) int32
	getProgramLogLen func(prog uintptr, size *uintptr) int32
	getProgramLog    func(prog uintptr, log *byte) int32
	getPTXSize       func(prog uintptr, size *uintptr) int32
	getPTX           func(prog uintptr, ptx *byte) int32
	addNameExpr      func(prog uintptr, expr *byte) int32
	getLoweredName   func(prog uintptr, expr *byte, lowered **byte) int32

	// Absent before CUDA 11.1/11.2: without them the library compiles PTX
	// only and the supported architectures are unknown.
	getCUBINSize     func(prog uintptr, size *uintptr) int32
	getCUBIN         func(prog uintptr, cubin *byte) int32
	getNumArchs      func(n *int32) int32
	getSupportedArch func(archs *int32) int32
}

// libNames are tried newest first: a newer NVRTC knows newer GPUs.
var libNames = []string{"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so.11.2", "libnvrtc.so"}

// EnvTools names the directory scripts/setup-cudatools.sh installed the
// CUDA 13 parts from PyPI into (NVRTC 13, its headers, nvdisasm), when not
// the default ~/.cache/culab/cudatools.
const EnvTools = "CULAB_CUDATOOLS"

// ToolsDir is where scripts/setup-cudatools.sh installs: $CULAB_CUDATOOLS,
// else ~/.cache/culab/cudatools; "" when there is no home directory.
func ToolsDir() string {
	if d := os.Getenv(EnvTools); d != "" {
		return d
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return ""
	}
	return filepath.Join(home, ".cache", "culab", "cudatools")
}

// ToolsLib is the NVRTC 13 that pip installs under dir.
func ToolsLib(dir string) string {
	return filepath.Join(dir, "nvidia", "cu13", "lib", "libnvrtc.so.13")
}

// candidates are the paths Load tries, in order: each of libNames by bare
// name (the dynamic linker's search path, LD_LIBRARY_PATH included) and
// then where CUDA toolkits install it; NVRTC 13 from PyPI
// (scripts/setup-cudatools.sh) comes after the toolkit's NVRTC 13 and
// before any older one: it is the GPU machines' compiler, and it comes
// with the CUDA headers (cuda_fp16.h, cooperative_groups.h, libcu++) that
// Debian's NVRTC 11 lacks.
func candidates() []string {
	dirs := []string{"", "/usr/local/cuda/lib64"}
	switch runtime.GOARCH {
	case "amd64":
		dirs = append(dirs, "/usr/local/cuda/targets/x86_64-linux/lib")
	case "arm64":
		dirs = append(dirs, "/usr/local/cuda/targets/sbsa-linux/lib")
	}
	var paths []string
	for _, name := range libNames {
		for _, dir := range dirs {
			paths = append(paths, filepath.Join(dir, name))
		}
		if name == "libnvrtc.so.13" {
			if d := ToolsDir(); d != "" {
				paths = append(paths, ToolsLib(d))
			}
		}
	}
	return paths
}

var (
	loadMu sync.Mutex
	loaded *Lib
)

// Load opens NVRTC: the first of the candidate paths that loads. The first
// success is kept; a failure is not, so a later call finds a library
// installed in between. The error names every path tried and why it failed.
func Load() (*Lib, error) {
	loadMu.Lock()
	defer loadMu.Unlock()
	if loaded != nil {
		return loaded, nil
	}
	l, err := openFirst(candidates())
	if err != nil {
		return nil, err
	}
	loaded = l
	return l, nil
}

// Open opens the NVRTC library at path, another than Load would pick
// (cudalib/sass compiles with a pinned NVRTC 13 wherever the device's
// NVRTC is older). It is not kept for Load.
func Open(path string) (*Lib, error) { return open(path) }

func openFirst(paths []string) (*Lib, error) {
	var tried []string
	for _, path := range paths {
		l, err := open(path)
		if err == nil {
			return l, nil
		}
		// dlerror often starts with the path already.
		tried = append(tried, fmt.Sprintf("  %s: %s", path, strings.TrimPrefix(err.Error(), path+": ")))
	}
	return nil, fmt.Errorf("load NVRTC: no library could be opened; tried:\n%s", strings.Join(tried, "\n"))
}

// open loads one library file and resolves its symbols. purego's
// RegisterLibFunc panics on a missing symbol, so each is looked up first.
func open(path string) (*Lib, error) {
	if err := loadBuiltins(path); err != nil {
		return nil, err
	}
	h, err := purego.Dlopen(path, purego.RTLD_NOW|purego.RTLD_LOCAL)
	if err != nil {
		return nil, err
	}
	l := &Lib{path: path}
	var missing []string
	bind := func(fptr any, name string, required bool) {
		sym, err := purego.Dlsym(h, name)
		if err != nil || sym == 0 {
			if required {
				missing = append(missing, name)
			}
			return
		}
		purego.RegisterFunc(fptr, sym)
	}
	bind(&l.getErrorString, "nvrtcGetErrorString", true)
	bind(&l.version, "nvrtcVersion", true)
	bind(&l.createProgram, "nvrtcCreateProgram", true)
	bind(&l.destroyProgram, "nvrtcDestroyProgram", true)
	bind(&l.compileProgram, "nvrtcCompileProgram", true)
	bind(&l.getProgramLogLen, "nvrtcGetProgramLogSize", true)
	bind(&l.getProgramLog, "nvrtcGetProgramLog", true)
	bind(&l.getPTXSize, "nvrtcGetPTXSize", true)
	bind(&l.getPTX, "nvrtcGetPTX", true)
	bind(&l.addNameExpr, "nvrtcAddNameExpression", true)
	bind(&l.getLoweredName, "nvrtcGetLoweredName", true)
	bind(&l.getCUBINSize, "nvrtcGetCUBINSize", false)
	bind(&l.getCUBIN, "nvrtcGetCUBIN", false)
	bind(&l.getNumArchs, "nvrtcGetNumSupportedArchs", false)
	bind(&l.getSupportedArch, "nvrtcGetSupportedArchs", false)
	if (l.getCUBINSize == nil) != (l.getCUBIN == nil) {
		l.getCUBINSize, l.getCUBIN = nil, nil
	}
	if len(missing) > 0 {
		return nil, errors.Join(fmt.Errorf("missing symbols %s", strings.Join(missing, ", ")), closeLib(h))
	}

	var major, minor int32
	if code := l.version(&major, &minor); code != 0 {
		return nil, errors.Join(l.err("nvrtcVersion", code), closeLib(h))
	}
	l.major, l.minor = int(major), int(minor)
	if l.getNumArchs != nil && l.getSupportedArch != nil {
		archs, err := l.queryArchs()
		if err != nil {
			return nil, errors.Join(err, closeLib(h))
		}
		l.archs = archs
	}
	l.includeDirs = findIncludeDirs(path, l.major)
	return l, nil
}

// loadBuiltins loads the builtins library beside an NVRTC opened by path
// (libnvrtc-builtins.so.13.* beside libnvrtc.so.13), if there is one.
// NVRTC opens it by name, which the dynamic linker looks for on its search
// path only (pip's install directory is not on it); loaded first, globally,
// it is found by its soname.
func loadBuiltins(path string) error {
	if !filepath.IsAbs(path) {
		return nil
	}
	dir, base := filepath.Split(path)
	major, ok := strings.CutPrefix(base, "libnvrtc.so.")
	if !ok {
		return nil
	}
	major, _, _ = strings.Cut(major, ".")
	found, _ := filepath.Glob(filepath.Join(dir, "libnvrtc-builtins.so."+major+".*"))
	if len(found) == 0 {
		return nil
	}
	if _, err := purego.Dlopen(found[0], purego.RTLD_NOW|purego.RTLD_GLOBAL); err != nil {
		return fmt.Errorf("its builtins %s: %w", found[0], err)
	}
	return nil
}

func closeLib(h uintptr) error {
	if err := purego.Dlclose(h); err != nil {
		return fmt.Errorf("dlclose: %w", err)
	}
	return nil
}

func (l *Lib) queryArchs() ([]int, error) {
	var n int32
	if code := l.getNumArchs(&n); code != 0 {
		return nil, l.err("nvrtcGetNumSupportedArchs", code)
	}
	if n <= 0 {
		return nil, nil
	}
	buf := make([]int32, n)
	if code := l.getSupportedArch(&buf[0]); code != 0 {
		return nil, l.err("nvrtcGetSupportedArchs", code)
	}
	archs := make([]int, n)
	for i, a := range buf {
		archs[i] = int(a)
	}
	return archs, nil
}

// Version is NVRTC's version, e.g. 11, 8.
func (l *Lib) Version() (major, minor int) { return l.major, l.minor }

// Path is the path the library was opened by.
func (l *Lib) Path() string { return l.path }

// SupportedArchs lists the compute capabilities NVRTC compiles for, as
// major*10+minor in ascending order; empty when this NVRTC cannot say.
func (l *Lib) SupportedArchs() []int { return append([]int(nil), l.archs...) }

// Error is an NVRTC API call that failed other than by a compile error.
type Error struct {
	Func string // e.g. "nvrtcCompileProgram"
	Code int    // nvrtcResult
	Text string // nvrtcGetErrorString, e.g. "NVRTC_ERROR_INVALID_OPTION"
	Log  string // program log, when the call had one
}

func (e *Error) Error() string {
	s := fmt.Sprintf("%s: %s (%d)", e.Func, e.Text, e.Code)
	if log := strings.TrimSpace(e.Log); log != "" {
		s += ": " + log
	}
	return s
}

func (l *Lib) err(fn string, code int32) *Error {
	return &Error{Func: fn, Code: int(code), Text: l.getErrorString(code)}
}
