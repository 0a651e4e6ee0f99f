// Command ncucompare holds the virtual GPU's counters (counters.Counters) to
// Nsight Compute's on a real GPU. Every lab kernel runs once at a small
// size with seeded inputs and the variants' launch shapes, through the
// labs themselves, on both devices; ncu profiles the GPU run, the virtual
// GPU counts its own. tools/ncucompare/run.sh does it all on the GPU
// machine.
//
//	ncucompare run [-vm] [-o log.json] [-seed 1] [-labs a,b] [-sizes lab=n,...]
//	    runs the labs on the GPU (under ncu) or with -vm on the virtual GPU;
//	    writes the steps (and the virtual GPU's counters per launch)
//	ncucompare sass [-o code.json] [-arch 90] [-labs a,b] [-sassdir dir]
//	    compiles the labs to PTX and CUBIN, counts each kernel's memory
//	    instructions in both (cuobjdump -sass)
//	ncucompare compare -vm vm.json -gpu gpu.json -ncu ncu.csv [-code code.json] [-o compare.md]
//	    writes the comparison table
//	ncucompare estimate [-rec ncucompare.md] [-sizes floyd=32] [-o estimate.md]
//	    runs the labs on the virtual GPU and holds the per-block SASS
//	    estimate (cudalib/sasscount) to the warp instructions ncu
//	    counted in a comparison (needs scripts/setup-cudatools.sh)
//	ncucompare metrics [-ncu path]
//	    prints the ncu metrics compare reads, comma-separated; with -ncu
//	    only those that ncu knows for this GPU (the others to stderr)
//
// Launches are matched through an empty marker kernel launched after each
// step of a lab run (its grid numbers the step), so rows of ncu's CSV
// belong to steps whatever else a step launched.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/culab/culab/cudalib/ncu"
	"github.com/culab/culab/tools/internal/subcmd"
	"github.com/culab/culab/tools/internal/toolfile"
)

func main() {
	subcmd.Main("ncucompare",
		subcmd.Cmd{Name: "run", Run: runCmd},
		subcmd.Cmd{Name: "sass", Run: sassCmd},
		subcmd.Cmd{Name: "compare", Run: compareCmd},
		subcmd.Cmd{Name: "estimate", Run: estimateCmd},
		subcmd.Cmd{Name: "metrics", Run: metricsCmd},
	)
}

func runCmd(args []string) error {
	fs := flag.NewFlagSet("run", flag.ExitOnError)
	vm := fs.Bool("vm", false, "run on the virtual GPU and record its counters")
	out := fs.String("o", "run.json", "write the log here")
	seed := fs.Uint64("seed", 1, "seed of the labs' random inputs")
	only := fs.String("labs", "", "only these labs, comma-separated (labs: "+labKeys()+")")
	sizes := fs.String("sizes", "", "sizes per lab, e.g. matmul=64,vecadd=1000 (default: each lab's smallest virtual size)")
	fs.Parse(args)
	sz, err := parseSizes(*sizes)
	if err != nil {
		return err
	}
	log, err := runLabs(runConfig{virtual: *vm, seed: *seed, labs: subcmd.List(*only), sizes: sz})
	if log != nil {
		if werr := toolfile.WriteJSON(*out, log); err == nil {
			err = werr
		}
	}
	return err
}

func sassCmd(args []string) error {
	fs := flag.NewFlagSet("sass", flag.ExitOnError)
	out := fs.String("o", "code.json", "write the counts here")
	arch := fs.Int("arch", 90, "compute capability to compile for (major*10+minor)")
	only := fs.String("labs", "", "only these labs, comma-separated")
	keep := fs.String("sassdir", "", "also write each lab's cuobjdump -sass text here (LAB.sass)")
	fs.Parse(args)
	code, err := codeOf(*arch, subcmd.List(*only), *keep)
	if err != nil {
		return err
	}
	return toolfile.WriteJSON(*out, code)
}

func metricsCmd(args []string) error {
	fs := flag.NewFlagSet("metrics", flag.ExitOnError)
	tool := fs.String("ncu", "", "the ncu to ask which metrics it knows (default: all)")
	fs.Parse(args)
	names := ncu.MetricNames()
	if *tool != "" {
		kept, dropped, err := ncu.Supported(context.Background(), *tool, names)
		if err != nil {
			return err
		}
		for _, m := range dropped {
			fmt.Fprintf(os.Stderr, "ncu does not know %s: left out\n", m)
		}
		names = kept
	}
	fmt.Println(strings.Join(names, ","))
	return nil
}

func compareCmd(args []string) error {
	fs := flag.NewFlagSet("compare", flag.ExitOnError)
	vmPath := fs.String("vm", "vm.json", "the virtual GPU's run log")
	gpuPath := fs.String("gpu", "gpu.json", "the GPU's run log")
	ncuPath := fs.String("ncu", "ncu.csv", "ncu's CSV of the GPU run")
	codePath := fs.String("code", "", "the sass mode's counts (optional)")
	out := fs.String("o", "", "write the Markdown here (default: standard output)")
	fs.Parse(args)
	var vm, gpu runLog
	if err := toolfile.ReadJSON(*vmPath, &vm); err != nil {
		return err
	}
	if err := toolfile.ReadJSON(*gpuPath, &gpu); err != nil {
		return err
	}
	rows, err := ncu.ReadFile(*ncuPath)
	if err != nil {
		return err
	}
	var code *codeLog
	if *codePath != "" {
		code = &codeLog{}
		if err := toolfile.ReadJSON(*codePath, code); err != nil {
			return err
		}
	}
	w, done, err := toolfile.Create(*out)
	if err != nil {
		return err
	}
	report(w, &vm, &gpu, rows, code)
	return done()
}
