// Command sancompare holds the virtual GPU's sanitizer to NVIDIA's
// compute-sanitizer on a real GPU, kernel by kernel of the seeded-bug
// catalogue (cudalib/vgpu/testdata/seeded): every finding compute-sanitizer
// makes, the virtual GPU should make too, on every path to its sanitizer,
// as an error where compute-sanitizer reports one. tools/sancompare/run.sh
// does it all on the GPU machine. A launch is named FILE:KERNEL, or
// FILE:FIRST+KERNEL where the catalogue launches FIRST before it.
//
//	sancompare list [-catalog DIR]
//	    prints the catalogue's launches, one "NAME LOGBASE" a line
//	sancompare run -kernel NAME [-catalog DIR] [-virtual]
//	    compiles the kernel (NVRTC, -lineinfo) and launches it (after
//	    FIRST) once on the GPU (the program compute-sanitizer wraps) or
//	    the virtual GPU
//	sancompare vm [-catalog DIR] [-o vm.json]
//	    runs every launch with the virtual GPU's sanitizer on each path
//	    (seeded.Paths), writes the findings
//	sancompare compare -vm vm.json -logs DIR [-catalog DIR] [-o sancompare.md]
//	    parses DIR/LOGBASE.TOOL.log (compute-sanitizer's output) and
//	    writes the side-by-side table
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/tools/sancompare/catalog"
	"github.com/culab/culab/tools/sancompare/seeded"
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

func runCmd(args []string) error {
	fs := flag.NewFlagSet("run", flag.ExitOnError)
	dir := fs.String("catalog", catalog.Dir, "catalogue directory")
	name := fs.String("kernel", "", "FILE:KERNEL or FILE:FIRST+KERNEL of the catalogue")
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
	mod, err := seeded.Compile(d, *dir, kc)
	if err != nil {
		return err
	}
	l, err := seeded.Prepare(mod, kc)
	if err != nil {
		return err
	}
	// A seeded kernel may fault: compute-sanitizer reports it, the error
	// here only says so.
	if err := l.RunFirst(); err != nil {
		fmt.Fprintf(os.Stderr, "sancompare: %s: %s: %v\n", kc.Name(), kc.First, err)
	}
	if err := l.Kernel.Run(l.Config, l.Args...); err != nil {
		fmt.Fprintf(os.Stderr, "sancompare: %s: %v\n", kc.Name(), err)
	}
	return nil
}

// vmResult is one kernel's findings on the virtual GPU, per path to the
// sanitizer (seeded.Paths).
type vmResult struct {
	Kernel string                       `json:"kernel"` // the catalogue's Name
	Paths  map[string][]cudalib.Finding `json:"paths"`
	Err    string                       `json:"err,omitempty"`
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
		r.Paths, err = seeded.Sanitize(d, *dir, kc)
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
