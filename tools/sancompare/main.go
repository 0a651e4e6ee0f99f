// Command sancompare holds the virtual GPU's sanitizer to NVIDIA's
// compute-sanitizer on a real GPU, kernel by kernel of the seeded-bug
// catalogue (cudalib/vgpu/testdata/seeded): every finding compute-sanitizer
// makes, the virtual GPU should make too. tools/sancompare/run.sh does it
// all on the GPU machine.
//
//	sancompare list [-catalog DIR]
//	    prints the catalogue's kernels, one "FILE:KERNEL LOGBASE" a line
//	sancompare run -kernel FILE:KERNEL [-catalog DIR] [-virtual]
//	    compiles the kernel (NVRTC, -lineinfo) and launches it once on the
//	    GPU (the program compute-sanitizer wraps) or the virtual GPU
//	sancompare vm [-catalog DIR] [-o vm.json]
//	    runs every kernel with the virtual GPU's sanitizer, writes findings
//	sancompare compare -vm vm.json -logs DIR [-catalog DIR] [-o sancompare.md]
//	    parses DIR/LOGBASE.TOOL.log (compute-sanitizer's output) and
//	    writes the side-by-side table
package main

import (
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/tools/sancompare/catalog"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "list":
		err = listCmd(os.Args[2:])
	case "run":
		err = runCmd(os.Args[2:])
	case "vm":
		err = vmCmd(os.Args[2:])
	case "compare":
		err = compareCmd(os.Args[2:])
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "sancompare:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: sancompare list|run|vm|compare [flags] (sancompare CMD -h for the flags)")
	os.Exit(2)
}

func listCmd(args []string) error {
	fs := flag.NewFlagSet("list", flag.ExitOnError)
	dir := fs.String("catalog", catalog.Dir, "catalogue directory")
	fs.Parse(args)
	m, err := catalog.Load(*dir)
	if err != nil {
		return err
	}
	for _, k := range m.Kernels {
		fmt.Println(k.Name(), strings.TrimSuffix(logName(&k, "TOOL"), ".TOOL.log"))
	}
	return nil
}

// find returns the catalogue's kernel named FILE:KERNEL.
func find(m *catalog.Manifest, name string) (*catalog.Kernel, error) {
	for i := range m.Kernels {
		if m.Kernels[i].Name() == name {
			return &m.Kernels[i], nil
		}
	}
	return nil, fmt.Errorf("no kernel %q in the catalogue", name)
}

// prepare compiles a catalogue kernel on d and makes its arguments.
func prepare(d *cudalib.Device, dir string, kc *catalog.Kernel) (*cudalib.Kernel, cudalib.Config, []any, error) {
	var cfg cudalib.Config
	src, err := os.ReadFile(filepath.Join(dir, kc.File))
	if err != nil {
		return nil, cfg, nil, err
	}
	mod, err := d.CompileNamed(kc.File, string(src), "-lineinfo")
	if err != nil {
		return nil, cfg, nil, err
	}
	k, err := mod.Kernel(kc.Kernel)
	if err != nil {
		return nil, cfg, nil, err
	}
	cfg = cudalib.Config{Grid: cudalib.Dim3{X: kc.Grid[0], Y: kc.Grid[1], Z: kc.Grid[2]},
		Block: cudalib.Dim3{X: kc.Block[0], Y: kc.Block[1], Z: kc.Block[2]}, Shared: kc.DynamicShared}
	var args []any
	for _, a := range kc.Args {
		switch {
		case a.I32 != nil:
			args = append(args, *a.I32)
		case a.F32 != nil:
			args = append(args, *a.F32)
		default:
			b, err := buffer(d, &a)
			if err != nil {
				return nil, cfg, nil, err
			}
			args = append(args, b)
		}
	}
	return k, cfg, args, nil
}

// buffer allocates a typed device buffer for a and copies its initial
// contents (none for fill "none": compute-sanitizer's initcheck sees it
// unwritten).
func buffer(d *cudalib.Device, a *catalog.Arg) (any, error) {
	init := a.Bytes()
	switch a.Buf {
	case "f32":
		b, err := d.Float32s(a.N)
		if err == nil && init != nil {
			err = b.CopyFrom(decode(init, func(p []byte) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(p)) }))
		}
		return b, err
	case "i32":
		b, err := d.Int32s(a.N)
		if err == nil && init != nil {
			err = b.CopyFrom(decode(init, func(p []byte) int32 { return int32(binary.LittleEndian.Uint32(p)) }))
		}
		return b, err
	case "u8":
		b, err := d.Uint8s(a.N)
		if err == nil && init != nil {
			err = b.CopyFrom(init)
		}
		return b, err
	}
	return nil, fmt.Errorf("unknown buffer type %q", a.Buf)
}

// decode splits little-endian 4-byte values.
func decode[T any](b []byte, f func([]byte) T) []T {
	out := make([]T, len(b)/4)
	for i := range out {
		out[i] = f(b[4*i:])
	}
	return out
}

func runCmd(args []string) error {
	fs := flag.NewFlagSet("run", flag.ExitOnError)
	dir := fs.String("catalog", catalog.Dir, "catalogue directory")
	name := fs.String("kernel", "", "FILE:KERNEL of the catalogue")
	virtual := fs.Bool("virtual", false, "run on the virtual GPU instead of the GPU")
	fs.Parse(args)
	m, err := catalog.Load(*dir)
	if err != nil {
		return err
	}
	kc, err := find(m, *name)
	if err != nil {
		return err
	}
	dev := "gpu"
	if *virtual {
		dev = "virtual"
	}
	os.Setenv(cudalib.EnvDevice, dev)
	d, err := cudalib.Open()
	if err != nil {
		return err
	}
	k, cfg, kargs, err := prepare(d, *dir, kc)
	if err != nil {
		return err
	}
	// A seeded kernel may fault: compute-sanitizer reports it, the error
	// here only says so.
	if err := k.Run(cfg, kargs...); err != nil {
		fmt.Fprintf(os.Stderr, "sancompare: %s: %v\n", kc.Name(), err)
	}
	return nil
}

// vmResult is one kernel's findings on the virtual GPU.
type vmResult struct {
	Kernel   string            `json:"kernel"` // FILE:KERNEL
	Findings []cudalib.Finding `json:"findings"`
	Err      string            `json:"err,omitempty"`
}

func vmCmd(args []string) error {
	fs := flag.NewFlagSet("vm", flag.ExitOnError)
	dir := fs.String("catalog", catalog.Dir, "catalogue directory")
	out := fs.String("o", "vm.json", "output JSON")
	fs.Parse(args)
	m, err := catalog.Load(*dir)
	if err != nil {
		return err
	}
	d, err := cudalib.OpenVirtual()
	if err != nil {
		return err
	}
	var res []vmResult
	for i := range m.Kernels {
		kc := &m.Kernels[i]
		r := vmResult{Kernel: kc.Name()}
		k, cfg, kargs, err := prepare(d, *dir, kc)
		if err == nil {
			var rep *cudalib.SanitizerReport
			rep, err = k.Sanitize(cfg, kargs...)
			if rep != nil {
				r.Findings = rep.Findings
			}
		}
		if err != nil {
			r.Err = err.Error()
		}
		res = append(res, r)
	}
	b, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(*out, b, 0o644)
}
