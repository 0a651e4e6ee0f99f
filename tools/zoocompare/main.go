// Command zoocompare measures the kernel zoo (tools/zoo) on a GPU and on
// the virtual GPU and compares them: the time model's order of the
// variants and its ratio to the H100's medians, the memory counters
// against Nsight Compute's, and PTX against SASS instructions.
//
//	zoocompare run [-vm] [-once] [-o run.json] [-set zoo|blind] [-families a,b] [-sizes all|smallest] [-rounds 3] [-seed 1] [-rotate 0]
//	    checks every row against the CPU and times it: measured with events
//	    on a GPU (in rounds, the variants of a size interleaved), modeled on
//	    the virtual GPU (which also records each row's counters and timed
//	    work); -once checks only (one launch of each step: for ncu); -set
//	    picks tools/zoo's catalogue: the zoo (default) or the blind zoo
//	zoocompare metrics [-ncu path]
//	    the ncu metrics the comparison reads, comma-separated; with -ncu only
//	    those that ncu knows for this GPU
//	zoocompare compare -vm vm.json -gpu a.json,b.json -ncu ncu.csv[.gz] -once once.json [-model h100] [-o compare.md] [-rec recording.json.gz]
//	    writes the comparison and the recording that the tests read;
//	    -model names the GPU the runs were measured on (package gpus), whose
//	    model (timemodel.For) is held to them: h200 for the H200 check
//	zoocompare sass -rec recording.json.gz [-set zoo|blind] [-families a,b] [-o sass.md]
//	    estimates each profiled kernel's SASS warp-instructions per basic
//	    block of its SASS, from the virtual GPU's counts per PTX instruction
//	    (cudalib/sasscount; cudalib/sass: needs scripts/setup-cudatools.sh),
//	    and holds them to ncu's
//
// tools/zoocompare/run.sh does the GPU side on the GPU machine.
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
	"github.com/culab/culab/tools/zoo"
)

func main() {
	subcmd.Main("zoocompare",
		subcmd.Cmd{Name: "run", Run: runCmd},
		subcmd.Cmd{Name: "metrics", Run: metricsCmd},
		subcmd.Cmd{Name: "compare", Run: compareCmd},
		subcmd.Cmd{Name: "sass", Run: sassCmd},
	)
}

func runCmd(args []string) error {
	fs := flag.NewFlagSet("run", flag.ExitOnError)
	vm := fs.Bool("vm", false, "run on the virtual GPU")
	once := fs.Bool("once", false, "check every row once, no timing (the run ncu profiles)")
	out := fs.String("o", "run.json", "write the log here")
	set := fs.String("set", zoo.SetZoo, "the set of families: "+strings.Join(zoo.Sets, " or "))
	families := fs.String("families", "", "only these families of the set, comma-separated (default all)")
	sizes := fs.String("sizes", "all", "all: every size of a family; smallest: its smallest")
	rounds := fs.Int("rounds", 3, "timing rounds on a GPU (the variants of a size interleaved)")
	seed := fs.Uint64("seed", 1, "seed of the random inputs")
	rotate := fs.Int("rotate", 0, "start with the family this many places down the list (runs in different orders)")
	fs.Parse(args)
	if *sizes != "all" && *sizes != "smallest" {
		return fmt.Errorf("-sizes %q: want all or smallest", *sizes)
	}
	save := func(l *runLog) error { return toolfile.WriteJSON(*out, l) }
	log, err := run(runConfig{virtual: *vm, once: *once, set: *set, families: subcmd.List(*families), rotate: max(*rotate, 0),
		smallest: *sizes == "smallest", rounds: max(*rounds, 1), seed: *seed, save: save})
	if log != nil {
		if werr := save(log); err == nil {
			err = werr
		}
	}
	return err
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
