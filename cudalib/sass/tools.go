// Package sass counts what an NVIDIA GPU runs: it compiles CUDA C with
// NVRTC 13 to a CUBIN for one architecture (sm_90 for the H100), has
// nvdisasm print its SASS with the line table, and counts each kernel's
// instructions per source line by the pipe that executes them (FMA, ALU,
// SFU, FP64, memory with each access's width, ...), with the integer
// division sequences ptxas expands a `/` into.
//
// PTX, which the virtual GPU executes, is not what runs: a 32-bit integer
// division is one PTX instruction and some twenty SASS ones, and ptxas
// merges neighbouring shared loads into wider ones. NVRTC 13 and nvdisasm
// run without a GPU; scripts/setup-cudatools.sh installs pinned versions
// from PyPI.
//
// Kernel.CFG splits a kernel's code into basic blocks and loops, so that
// a count per block can follow ptxas's loops rather than the source's
// lines: a loop ptxas unrolled by k has k copies of each line of the body
// and runs a k-th as often, with a remainder loop and peeled chunks around
// it; short guarded code is predicated into the block around it; a
// division's slow path is a subroutine only a CALL reaches.
// cudalib/sasscount ties the blocks to the virtual GPU's
// count of each PTX instruction: each loop's trips per entry shared out
// among the SASS chunks of k copies as ptxas lays them out, code outside
// loops by the PTX twins of the accesses and floating-point operations
// ptxas keeps one for one.
package sass

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/culab/culab/cudalib/nvrtc"
)

// EnvTools names the directory scripts/setup-cudatools.sh installed the
// tools into, when not the default ~/.cache/culab/cudatools.
const EnvTools = nvrtc.EnvTools

// ErrToolsMissing is wrapped by Find's error when NVRTC 13 or nvdisasm is
// not installed.
var ErrToolsMissing = errors.New("NVRTC 13 and nvdisasm are not installed: run scripts/setup-cudatools.sh")

// Tools are the compiler and disassembler.
type Tools struct {
	nvrtc      *nvrtc.Lib
	nvdisasm   string
	disVersion string // the pip package's, "13.2.86"; "?" unknown
}

// DefaultDir is where scripts/setup-cudatools.sh installs by default.
func DefaultDir() string { return nvrtc.ToolsDir() }

// Find opens the tools in DefaultDir.
//
// It is the NVRTC 13 that nvrtc.Load (cudalib's own compiler) prefers
// where no CUDA toolkit's is installed.
func Find() (*Tools, error) { return FindIn(DefaultDir()) }

// FindIn opens the tools as pip installs them under dir (nvidia/cu13).
func FindIn(dir string) (*Tools, error) {
	lib := nvrtc.ToolsLib(dir)
	dis := filepath.Join(dir, "nvidia", "cu13", "bin", "nvdisasm")
	for _, p := range []string{lib, dis} {
		if _, err := os.Stat(p); err != nil {
			return nil, fmt.Errorf("%w (%s: %v)", ErrToolsMissing, p, err)
		}
	}
	// nvrtc.Open loads the builtins library beside it first.
	l, err := nvrtc.Open(lib)
	if err != nil {
		return nil, fmt.Errorf("%w (%v)", ErrToolsMissing, err)
	}
	if major, _ := l.Version(); major < 13 {
		return nil, fmt.Errorf("%w (%s is NVRTC %d)", ErrToolsMissing, lib, major)
	}
	return &Tools{nvrtc: l, nvdisasm: dis, disVersion: disasmVersion(dir)}, nil
}

// Compile compiles src (named name in the line table) to a CUBIN for
// compute capability arch (90: sm_90) with line information, and returns
// its disassembly's kernels. Source that does not compile returns
// *nvrtc.CompileError.
func (t *Tools) Compile(name, src string, arch int, opts ...string) (*Program, error) {
	return t.CompileRequest(nvrtc.Request{Name: name, Source: src, Options: append([]string{"-lineinfo"}, opts...),
		Target: nvrtc.Target{Arch: arch}})
}

// CompileRequest is Compile of a request as cudalib's compiler takes it
// (name expressions instantiate templates); it is compiled to a CUBIN of
// req.Target.Arch, with the options as given (add -lineinfo for lines).
func (t *Tools) CompileRequest(req nvrtc.Request) (*Program, error) {
	req.Target.CUBIN = true
	res, err := t.nvrtc.Compile(req)
	if err != nil {
		return nil, err
	}
	return t.disassemble(res.Image)
}

// Disassembly is CompileRequest's text before it is parsed: nvdisasm's
// output, as Parse reads it (fixtures keep it).
func (t *Tools) Disassembly(req nvrtc.Request) (string, error) {
	req.Target.CUBIN = true
	res, err := t.nvrtc.Compile(req)
	if err != nil {
		return "", err
	}
	return t.disassembly(res.Image)
}

// CompileCached is CompileRequest with the CUBIN kept in cache (NVRTC's,
// in memory and on disk) and its disassembly in dir (none: ""), so that
// a module compiles and disassembles once: nvdisasm alone takes over half
// a second of CPU time for any CUBIN.
func (t *Tools) CompileCached(cache *nvrtc.Cache, dir string, req nvrtc.Request) (*Program, error) {
	req.Target.CUBIN = true
	res, _, err := cache.Compile(t.nvrtc, req)
	if err != nil {
		return nil, err
	}
	if dir == "" {
		return t.disassemble(res.Image)
	}
	key := sha256.New()
	key.Write([]byte(t.Version() + "\x00"))
	key.Write(res.Image)
	path := filepath.Join(dir, hex.EncodeToString(key.Sum(nil)))
	text, ok := readEntry(dir, path)
	if !ok {
		if text, err = t.disassembly(res.Image); err != nil {
			return nil, err
		}
		writeEntry(dir, path, text) // a failed write costs a disassembly next time
	}
	p, err := Parse(text)
	if err != nil {
		return nil, err
	}
	return p.withRegisters(res.Image)
}

// NVRTCVersion is the tools' NVRTC's major and minor version: a CUBIN
// pairs with the PTX of the same NVRTC only.
func (t *Tools) NVRTCVersion() (major, minor int) { return t.nvrtc.Version() }

// Version is the NVRTC's and nvdisasm's: "NVRTC 13.0 + nvdisasm 13.2".
func (t *Tools) Version() string {
	major, minor := t.nvrtc.Version()
	return fmt.Sprintf("NVRTC %d.%d + nvdisasm %s", major, minor, t.disVersion)
}

// disassemble has nvdisasm print a CUBIN's SASS with its line table, and
// reads the kernels' registers from the CUBIN.
func (t *Tools) disassemble(image []byte) (*Program, error) {
	text, err := t.disassembly(image)
	if err != nil {
		return nil, err
	}
	p, err := Parse(text)
	if err != nil {
		return nil, err
	}
	return p.withRegisters(image)
}

// disassembly is nvdisasm's text of a CUBIN: its code (-c) with the line
// table (-g), without the data-flow annotations (-ndf: a fifth faster,
// the same text).
func (t *Tools) disassembly(image []byte) (string, error) {
	dir, err := os.MkdirTemp("", "culab-sass-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	cubin := filepath.Join(dir, "kernel.cubin")
	if err := os.WriteFile(cubin, image, 0o600); err != nil {
		return "", err
	}
	out, err := exec.Command(t.nvdisasm, "-g", "-c", "-ndf", cubin).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return "", fmt.Errorf("nvdisasm: %v: %s", err, ee.Stderr)
		}
		return "", fmt.Errorf("nvdisasm: %w", err)
	}
	return string(out), nil
}
