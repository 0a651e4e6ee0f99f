// Package seeded launches the seeded-bug catalogue's kernels through
// cudalib (package catalog reads the catalogue), and sanitizes each launch
// on every path a user has to the sanitizer, so that the paths can be
// held to each other: tools/sancompare and the labs tests use it.
package seeded

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/tools/sancompare/catalog"
)

// Launch is a catalogue kernel with its launch and fresh arguments.
type Launch struct {
	Kernel, First *cudalib.Kernel // First: nil when the catalogue names none
	Config        cudalib.Config
	Args          []any
	bufs          []cudalib.Buffer
}

// Compile compiles a catalogue kernel's file on d (NVRTC, -lineinfo).
func Compile(d *cudalib.Device, dir string, kc *catalog.Kernel) (*cudalib.Module, error) {
	src, err := os.ReadFile(filepath.Join(dir, kc.File))
	if err != nil {
		return nil, err
	}
	return d.CompileNamed(kc.File, string(src), "-lineinfo")
}

// Prepare makes the kernels of kc from mod and allocates and writes its
// arguments on mod's device.
func Prepare(mod *cudalib.Module, kc *catalog.Kernel) (*Launch, error) {
	l := &Launch{Config: cudalib.Config{Grid: cudalib.Dim3{X: kc.Grid[0], Y: kc.Grid[1], Z: kc.Grid[2]},
		Block: cudalib.Dim3{X: kc.Block[0], Y: kc.Block[1], Z: kc.Block[2]}, Shared: kc.DynamicShared}}
	var err error
	if l.Kernel, err = mod.Kernel(kc.Kernel); err != nil {
		return nil, err
	}
	if kc.First != "" {
		if l.First, err = mod.Kernel(kc.First); err != nil {
			return nil, err
		}
	}
	for i := range kc.Args {
		a := &kc.Args[i]
		switch {
		case a.I32 != nil:
			l.Args = append(l.Args, *a.I32)
		case a.F32 != nil:
			l.Args = append(l.Args, *a.F32)
		default:
			b, err := buffer(l.Kernel.Device(), a)
			if err != nil {
				l.Free()
				return nil, fmt.Errorf("%s, argument %d: %w", kc.Name(), i+1, err)
			}
			l.bufs = append(l.bufs, b)
			l.Args = append(l.Args, b)
		}
	}
	return l, nil
}

// Free releases the launch's buffers.
func (l *Launch) Free() {
	for _, b := range l.bufs {
		b.Free()
	}
}

// RunFirst runs First, if any, without the sanitizer.
func (l *Launch) RunFirst() error {
	if l.First == nil {
		return nil
	}
	return l.First.Run(l.Config, l.Args...)
}

// buffer allocates a typed device buffer for a and copies the elements
// the catalogue says the host writes (none for fill "none": the
// sanitizers see it unwritten; the first half for "head").
func buffer(d *cudalib.Device, a *catalog.Arg) (cudalib.Buffer, error) {
	init := a.Bytes()
	w := a.Written()
	switch a.Buf {
	case "f32":
		b, err := d.Float32s(a.N)
		if err == nil && w > 0 {
			err = b.CopyFromAt(0, words(init[:4*w], func(u uint32) float32 { return math.Float32frombits(u) }))
		}
		return b, err
	case "i32":
		b, err := d.Int32s(a.N)
		if err == nil && w > 0 {
			err = b.CopyFromAt(0, words(init[:4*w], func(u uint32) int32 { return int32(u) }))
		}
		return b, err
	case "u8":
		b, err := d.Uint8s(a.N)
		if err == nil && w > 0 {
			err = b.CopyFromAt(0, init[:w])
		}
		return b, err
	}
	return nil, fmt.Errorf("unknown buffer type %q", a.Buf)
}

// words splits little-endian 4-byte values.
func words[T any](b []byte, f func(uint32) T) []T {
	out := make([]T, len(b)/4)
	for i := range out {
		out[i] = f(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}

// Paths are the ways to the sanitizer a user has, in the order Sanitize
// runs them: Kernel.Sanitize, Device.SetSanitizer(true) with a plain
// launch, and Module.SanitizeLaunches (what %%cuda --sanitize does). The
// labs checker's path is Kernel.Sanitize (cudalib/labs tests hold it to
// these).
var Paths = []string{"Sanitize", "SetSanitizer", "SanitizeLaunches"}

// Sanitize runs the catalogue launch kc once per path, each on fresh
// arguments, First run before without the sanitizer, and returns each
// path's findings (nil for a clean launch).
func Sanitize(d *cudalib.Device, dir string, kc *catalog.Kernel) (map[string][]cudalib.Finding, error) {
	mod, err := Compile(d, dir, kc)
	if err != nil {
		return nil, err
	}
	out := map[string][]cudalib.Finding{}
	for _, path := range Paths {
		fs, err := sanitizeOn(d, mod, kc, path)
		if err != nil {
			return out, fmt.Errorf("%s through %s: %w", kc.Name(), path, err)
		}
		out[path] = fs
	}
	return out, nil
}

// sanitizeOn sanitizes one launch of kc through path. A kernel's error
// other than its findings (a fault without the sanitizer, in the launch
// SanitizeLaunches lets run after its check) is not the path's.
func sanitizeOn(d *cudalib.Device, mod *cudalib.Module, kc *catalog.Kernel, path string) ([]cudalib.Finding, error) {
	l, err := Prepare(mod, kc)
	if err != nil {
		return nil, err
	}
	defer l.Free()
	if err := l.RunFirst(); err != nil {
		return nil, fmt.Errorf("the first launch, %s: %w", kc.First, err)
	}
	var rep *cudalib.SanitizerReport
	switch path {
	case "Sanitize":
		rep, err = l.Kernel.Sanitize(l.Config, l.Args...)
	case "SetSanitizer":
		if err = d.SetSanitizer(true); err != nil {
			return nil, err
		}
		err = l.Kernel.Run(l.Config, l.Args...)
		d.SetSanitizer(false)
		var se *cudalib.SanitizerError
		if errors.As(err, &se) {
			rep, err = se.Report, se.Err
		}
	case "SanitizeLaunches":
		var serr error
		mod.SanitizeLaunches(func(r *cudalib.SanitizerReport, e error) { rep, serr = r, e })
		l.Kernel.Run(l.Config, l.Args...) // its own fault, if any, is not the sanitizer's
		mod.SanitizeLaunches(nil)
		d.Synchronize()
		err = serr
	default:
		return nil, fmt.Errorf("unknown path %q", path)
	}
	if rep == nil || rep.Clean() {
		return nil, err
	}
	return rep.Findings, err
}
