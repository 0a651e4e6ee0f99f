package cudalib

import (
	"fmt"

	"github.com/culab/culab/cudalib/internal/cudabackend"
	"github.com/culab/culab/cudalib/internal/seam"
	"github.com/culab/culab/cudalib/nvrtc"
)

// EnvLineInfo, when set, compiles every module for the GPU for NVIDIA's
// tools (ncu, compute-sanitizer): with -lineinfo, from a copy of its
// source on disk that the line info names, so that the tools show the
// kernels' source lines. It is implied when such a tool injected itself
// into this process (toolInjected).
const EnvLineInfo = cudabackend.EnvLineInfo

// CheckSource compiles CUDA C without a GPU (PTX for the newest
// architecture NVRTC knows), to report compile errors where no device can
// run the code. It returns nil, a *CompileError, or why NVRTC is missing.
// An interrupt (SetContext) stops it where NVRTC runs in a child process
// (UseCompileWorker).
func CheckSource(name, src string, opts ...string) error {
	opts, _ = deviceOptions(opts)
	lib, err := nvrtc.Load()
	if err != nil {
		return fmt.Errorf("NVRTC (run-time compiler) unavailable: %w", err)
	}
	archs := lib.SupportedArchs()
	arch := 52
	if len(archs) > 0 {
		arch = archs[len(archs)-1]
	}
	ctx := interruptContext()
	_, _, err = seam.CompileCache().Compile(lib, nvrtc.Request{Name: name, Source: src, Options: opts,
		NameExpressions: kernelNames(src), Target: nvrtc.Target{Arch: arch}, Cancel: ctx.Done()})
	if err != nil && ctx.Err() != nil {
		return fmt.Errorf("interrupted: %w while compiling %s", ctx.Err(), name)
	}
	return seam.CompileErr(err)
}

func kernelNames(src string) []string {
	var names []string
	for _, k := range kernelDecls(src) {
		if !k.template {
			names = append(names, k.name)
		}
	}
	return names
}
