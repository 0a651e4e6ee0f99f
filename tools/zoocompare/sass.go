package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/culab/culab/cudalib/counters"
	"github.com/culab/culab/cudalib/ncu"
	"github.com/culab/culab/cudalib/nvrtc"
	"github.com/culab/culab/cudalib/ptx"
	"github.com/culab/culab/cudalib/sass"
	"github.com/culab/culab/cudalib/sasscount"
	"github.com/culab/culab/tools/internal/subcmd"
	"github.com/culab/culab/tools/internal/toolfile"
	"github.com/culab/culab/tools/zoo"
)

// The sass mode estimates what the GPU runs from what the virtual GPU ran,
// two ways, and holds both to ncu's SASS warp-instructions: per source
// line (the times the line's PTX ran, its warp-instructions over its PTX
// instructions, times the SASS instructions ptxas made of the line: wrong
// where a line is not a unit of execution, in loops ptxas unrolls and
// code it moves), and per SASS basic block (cudalib/sasscount).

func sassCmd(args []string) error {
	fs := flag.NewFlagSet("sass", flag.ExitOnError)
	recPath := fs.String("rec", "", "the recording with ncu's counts (compare -rec)")
	set := fs.String("set", zoo.SetZoo, "the set of families: "+strings.Join(zoo.Sets, " or "))
	families := fs.String("families", "", "only these families (default all)")
	out := fs.String("o", "", "write the Markdown here (default: standard output)")
	fs.Parse(args)
	rec, err := readRecording(*recPath)
	if err != nil {
		return err
	}
	tools, err := sass.Find()
	if err != nil {
		return err
	}
	lib, err := nvrtc.Load()
	if err != nil {
		return err
	}
	vm, err := run(runConfig{virtual: true, once: true, smallest: true, lines: true, set: *set, families: subcmd.List(*families), seed: 1})
	if err != nil {
		return err
	}
	est, err := estimate(vm, rec, tools, lib)
	if err != nil {
		return err
	}
	w, done, err := toolfile.Create(*out)
	if err != nil {
		return err
	}
	writeEstimates(w, est, lib)
	writeCounters(w, est)
	return done()
}

// kernelEstimate is one kernel of one row: ncu's SASS warp-instructions,
// the virtual GPU's PTX ones and the line-scaled SASS estimate.
type kernelEstimate struct {
	row              string
	kernel           string
	ncu, ptx, sassEs int64
	// blocks is the per-block estimate (cudalib/sasscount).
	blocks  int64
	byClass map[sass.Class]float64
	// The memory counters: ncu's (and those it did not report), the
	// virtual GPU's, and the virtual GPU's with the shared requests ptxas
	// branched around taken out (sasscount.WithSASS).
	ncuC, vmC, fixedC counters.Counters
	missing           []string
}

// estimate scales each profiled kernel's SASS by its lines' executions.
func estimate(vm *runLog, rec *recording, tools *sass.Tools, lib *nvrtc.Lib) ([]kernelEstimate, error) {
	ncuOf := map[string]kernelCounters{}
	for _, r := range rec.Rows {
		for _, k := range r.Kernels {
			ncuOf[fmt.Sprint(r.Family, r.Size, r.Variant, k.Kernel)] = k
		}
	}
	type code struct {
		ptxLines  map[string]map[int]int // kernel -> line -> static PTX instructions
		sassLines map[string][]sass.LineCounts
		funcs     map[string]*ptx.Func
		kernels   map[string]*sass.Kernel
	}
	codes := map[string]*code{}
	codeOf := func(family string) (*code, error) {
		if c, ok := codes[family]; ok {
			return c, nil
		}
		f, err := zoo.Get(family)
		if err != nil {
			return nil, err
		}
		src, err := f.Source()
		if err != nil {
			return nil, err
		}
		c := &code{ptxLines: map[string]map[int]int{}, sassLines: map[string][]sass.LineCounts{}, funcs: map[string]*ptx.Func{}, kernels: map[string]*sass.Kernel{}}
		res, err := lib.Compile(nvrtc.Request{Name: f.File, Source: src, Options: []string{"-lineinfo"}, Target: nvrtc.Target{Arch: 90}})
		if err != nil {
			return nil, fmt.Errorf("%s: PTX: %w", family, err)
		}
		mod, err := ptx.Parse(f.File, []byte(strings.TrimRight(string(res.Image), "\x00")))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", family, err)
		}
		for _, fn := range mod.Funcs {
			lines := map[int]int{}
			for _, in := range fn.Body {
				lines[in.Loc.Line]++
			}
			c.ptxLines[fn.Name] = lines
			c.funcs[fn.Name] = fn
		}
		prog, err := tools.Compile(f.File, src, 90)
		if err != nil {
			return nil, fmt.Errorf("%s: SASS: %w", family, err)
		}
		for _, k := range prog.Kernels {
			c.sassLines[k.Name] = k.Lines()
			c.kernels[k.Name] = k
		}
		codes[family] = c
		return c, nil
	}
	var out []kernelEstimate
	for _, r := range vm.Rows {
		c, err := codeOf(r.Family)
		if err != nil {
			return nil, err
		}
		byKernel := map[string]*kernelEstimate{}
		var order []string
		for _, l := range r.Launches {
			e := byKernel[l.Kernel]
			if e == nil {
				n := ncuOf[fmt.Sprint(r.Family, r.Size, r.Variant, l.Kernel)]
				e = &kernelEstimate{row: fmt.Sprintf("%s %d %s", r.Family, r.Size, r.Variant), kernel: l.Kernel,
					ncu: n.NCU.WarpInstrs, ncuC: n.NCU, missing: n.Missing, byClass: map[sass.Class]float64{}}
				byKernel[l.Kernel] = e
				order = append(order, l.Kernel)
			}
			execs := map[int]float64{}
			for _, lc := range l.Lines {
				if n := c.ptxLines[l.Kernel][lc.Line]; n > 0 {
					execs[lc.Line] = float64(lc.WarpInstrs) / float64(n)
				}
			}
			// SASS on a line the PTX has no executed instruction on (the
			// prologue) runs once a warp.
			warps := sasscount.Warps(l.Grid, l.Block)
			var total float64
			for _, sl := range c.sassLines[l.Kernel] {
				x, ok := execs[sl.Line]
				if !ok {
					x = warps
				}
				total += x * float64(sl.Total)
			}
			fn, k := c.funcs[l.Kernel], c.kernels[l.Kernel]
			if fn == nil || k == nil {
				return nil, fmt.Errorf("%s: no PTX or SASS of kernel %s", r.Family, l.Kernel)
			}
			pc, err := sasscount.NewPTXCounts(fn, l.PTX)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", r.Family, err)
			}
			pc.Diverged(l.PTXDivergent)
			var blocks float64
			for i, x := range sasscount.BlockCounts(k, pc, warps) {
				blocks += x
				e.byClass[k.Code()[i].Class] += x
			}
			e.ptx += l.Counters.WarpInstrs
			fixed := sasscount.WithSASS(k, pc, *l.Counters, l.Lines)
			e.vmC.Add(l.Counters)
			e.fixedC.Add(&fixed)
			e.sassEs += int64(math.Round(total))
			e.blocks += int64(math.Round(blocks))
		}
		for _, k := range order {
			out = append(out, *byKernel[k])
		}
	}
	return out, nil
}

func writeEstimates(w io.Writer, est []kernelEstimate, lib *nvrtc.Lib) {
	major, minor := lib.Version()
	within := func(get func(e kernelEstimate) int64) (n int, lo, hi float64) {
		lo = math.Inf(1)
		for _, e := range est {
			if e.ncu == 0 {
				continue
			}
			q := float64(get(e)) / float64(e.ncu)
			lo, hi = math.Min(lo, q), math.Max(hi, q)
			if math.Abs(q-1) <= 0.05 {
				n++
			}
		}
		return n, lo, hi
	}
	pn, plo, phi := within(func(e kernelEstimate) int64 { return e.ptx })
	sn, slo, shi := within(func(e kernelEstimate) int64 { return e.sassEs })
	bn, blo, bhi := within(func(e kernelEstimate) int64 { return e.blocks })
	fmt.Fprintf(w, "# SASS warp-instructions estimated from the virtual GPU's counts\n\n"+
		"Per kernel at each family's smallest size: ncu's `smsp__inst_executed.sum`; the virtual GPU's PTX warp-instructions (PTX from NVRTC %d.%d); "+
		"Σ over source lines of the line's SASS instructions (NVRTC 13 sm_90, `cudalib/sass`) × the times the line ran (its PTX warp-instructions / its PTX instructions); "+
		"and Σ over SASS basic blocks of the block's instructions × the times it ran, from the PTX loops' trips and the copies ptxas made of them (cudalib/sasscount).\n\n"+
		"- PTX / SASS: %.2f–%.2f, %d of %d kernels within 5 %%.\n- line-scaled SASS / SASS: %.2f–%.2f, %d of %d within 5 %%.\n"+
		"- block-scaled SASS / SASS: %.2f–%.2f, %d of %d within 5 %%.\n\n",
		major, minor, plo, phi, pn, len(est), slo, shi, sn, len(est), blo, bhi, bn, len(est))
	sorted := append([]kernelEstimate(nil), est...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].row < sorted[j].row })
	fmt.Fprintf(w, "| row | kernel | ncu SASS | PTX | PTX/SASS | by line | by line/SASS | by block | by block/SASS | by block: FMA / ALU / SFU / CONV / FP64 / LSU |\n|:---|:---|---:|---:|---:|---:|---:|---:|---:|:---|\n")
	for _, e := range sorted {
		ratio := func(x int64) string {
			if e.ncu == 0 {
				return "–"
			}
			return fmt.Sprintf("%.2f", float64(x)/float64(e.ncu))
		}
		fmt.Fprintf(w, "| %s | %s | %d | %d | %s | %d | %s | %d | %s | %.0f / %.0f / %.0f / %.0f / %.0f / %.0f |\n", e.row, e.kernel, e.ncu, e.ptx, ratio(e.ptx), e.sassEs, ratio(e.sassEs),
			e.blocks, ratio(e.blocks), e.byClass[sass.FMA], e.byClass[sass.ALU], e.byClass[sass.SFU], e.byClass[sass.Convert], e.byClass[sass.FP64], e.byClass[sass.Memory])
	}
}

// writeCounters says how many kernels have every global and shared
// memory counter equal to ncu's, before and after the SASS's shared
// requests, and lists those that differ.
func writeCounters(w io.Writer, est []kernelEstimate) {
	var equalVM, equalFixed, n int
	type miss struct {
		e    kernelEstimate
		name string
		vm   int64
	}
	var misses []miss
	for _, e := range est {
		if e.ncu == 0 {
			continue
		}
		n++
		vmOK, fixedOK := true, true
		for _, c := range ncu.Counters {
			if c.Class == "" || slices.Contains(e.missing, c.Name) {
				continue
			}
			want := *c.Field(&e.ncuC)
			vm, fixed := *c.Field(&e.vmC), *c.Field(&e.fixedC)
			vmOK = vmOK && vm == want
			fixedOK = fixedOK && fixed == want
			if vm != want || fixed != want {
				misses = append(misses, miss{e, c.Name, vm})
			}
		}
		if vmOK {
			equalVM++
		}
		if fixedOK {
			equalFixed++
		}
	}
	fmt.Fprintf(w, "\n## Memory counters, with the SASS's shared requests\n\n"+
		"The virtual GPU counts a shared load or store that a short branch jumps over for every warp that reaches the branch, as if ptxas predicated it; "+
		"where the SASS has the access unpredicated (ptxas kept the branch), only the warps that ran it issue it (cudalib/sasscount, WithSASS). "+
		"Every global and shared memory counter equal to ncu's: the virtual GPU %d of %d kernels, with the SASS's shared requests %d of %d.\n\n"+
		"| row | kernel | counter | ncu | virtual GPU | with the SASS |\n|:---|:---|:---|---:|---:|---:|\n", equalVM, n, equalFixed, n)
	sort.SliceStable(misses, func(i, j int) bool { return misses[i].e.row < misses[j].e.row })
	for _, m := range misses {
		var c ncu.Counter
		for _, x := range ncu.Counters {
			if x.Name == m.name {
				c = x
			}
		}
		fmt.Fprintf(w, "| %s | %s | %s | %d | %d | %d |\n", m.e.row, m.e.kernel, m.name, *c.Field(&m.e.ncuC), m.vm, *c.Field(&m.e.fixedC))
	}
}
