package nvrtc

import (
	"bytes"
	"errors"
	"strings"
)

// Dynamic parallelism, a kernel that launches kernels (child<<<g, b>>>(...)
// in device code), needs the CUDA device runtime (cudadevrt) linked into
// the module: culab loads a module as NVRTC makes it, linking nothing, and
// the virtual GPU runs no launch from device code. NVRTC compiles such a
// launch into calls of these functions, which stay unresolved: the PTX
// declares them, a CUBIN (-rdc=true) names them, and without -rdc=true
// ptxas fails on them ("Unresolved extern function"). Left to the loaders,
// it failed as an unknown symbol, far from the cause. NVRTC 13 names them
// __cudaCDP2GetParameterBufferV2 and __cudaCDP2LaunchDeviceV2 with
// -rdc=true, and without it refuses the launch itself unless the device
// runtime's API is declared: its message is the last mark.
var deviceLaunchMarks = []string{"cudaGetParameterBuffer", "cudaLaunchDevice", "GetParameterBufferV2", "LaunchDeviceV2", "device-side kernel launch"}

// deviceLaunchMessage says why and what to do instead.
const deviceLaunchMessage = "dynamic parallelism (a kernel launching a kernel) is not supported:" +
	" culab links no CUDA device runtime into a module, and the virtual GPU runs no launch from device code;" +
	" launch the kernels from Go instead, one after the other (a launch waits for the one before it on the stream)"

// deviceLaunch returns a *CompileError at the first launch in the source
// when a compilation (its image, or the log of its failure) calls the
// device runtime to launch a kernel; otherwise nil.
func deviceLaunch(req Request, res *Result, err error) error {
	var text []byte
	var ne *Error
	var ce *CompileError
	switch {
	case res != nil:
		text = res.Image
	case errors.As(err, &ce):
		text = []byte(ce.Log)
	case errors.As(err, &ne):
		text = []byte(ne.Log)
	}
	found := false
	for _, f := range deviceLaunchMarks {
		found = found || bytes.Contains(text, []byte(f))
	}
	if !found {
		return nil
	}
	line, col := launchPosition(req.Source)
	return &CompileError{Name: req.name(), Log: deviceLaunchMessage, Diagnostics: []Diagnostic{
		{File: req.name(), Line: line, Column: col, Severity: "error", Message: deviceLaunchMessage},
	}}
}

// launchPosition is where the first <<< of the source is, outside // comments;
// 0, 0 when there is none.
func launchPosition(src string) (line, col int) {
	for i, l := range strings.Split(src, "\n") {
		code, _, _ := strings.Cut(l, "//")
		if j := strings.Index(code, "<<<"); j >= 0 {
			return i + 1, len([]rune(code[:j])) + 1
		}
	}
	return 0, 0
}
