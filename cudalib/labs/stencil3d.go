package labs

import (
	_ "embed"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/culab/culab/cudalib"
)

//go:embed cuda/stencil3d.cu
var stencil3dSource string

// Lab stencil3d (seed 000): a 27-point double stencil on an n×n×n interior
// stored with a halo of one cell, (n+2)³ doubles with x fastest. The halo
// is a fixed boundary: stencil kernels write interior cells only.

const (
	// stencilSteps is nt, the time steps of one run. Four steps use all
	// three buffers (input, scratch, output) as source and destination.
	stencilSteps = 4
	// stencilFlops is the flop count per interior cell and step: 27
	// multiplies and 26 adds.
	stencilFlops = 53
	// stencilTol is the relative tolerance of the check: the GPU sums the 27
	// terms in another order and with fused multiply-adds, a few units of
	// 2⁻⁵³ per step.
	stencilTol = 1e-12
	// stencilSamples is how many cells the check compares when the CPU
	// reference is over the cap.
	stencilSamples = 2000
)

// Stencil3D is seed 000's 27-point stencil.
var Stencil3D = register(&Lab{
	Key:   "stencil3d",
	Title: "3D 27-point stencil (double)",
	Seed:  "000",
	Summary: fmt.Sprintf("%d time steps of a 27-point double stencil on n³ cells with a fixed halo, ping-ponging buffers: "+
		"global memory only; a shared-memory tile with halo over the seed's block shapes (every halo cell loaded once, "+
		"which the seed's kernel did not do); and 2.5D blocking that marches along z with 9 values per plane in registers.", stencilSteps),
	File:   "stencil3d.cu",
	Source: stencil3dSource,

	SizeName:     "n (grid n³)",
	Sizes:        []int{256, 384, 512},
	smoke:        []int{16, 33},
	VirtualSizes: []int{32, 48, 64, 96},
	label:        func(n int) string { return fmt.Sprintf("%d³", n) },
	Baseline:     "global (32,4,4)",
	Variants:     stencilVariants(),

	MetricName: "throughput",
	MetricUnit: "Gflop/s",
	MetricFormula: fmt.Sprintf("53·n³·nt flop / time, nt = %d (27 multiplies + 26 adds per interior cell and step, "+
		"however the kernel sums them)", stencilSteps),
	work: func(n int) float64 { return stencilFlops * cube(n) * stencilSteps / 1e9 },
	ceiling: func(info cudalib.Info) (float64, string) {
		return info.PeakBandwidth() / 16 * stencilFlops, "DRAM roofline: 53 flop per 16 bytes (each cell read and written once per step)"
	},
	Notes: []string{
		"α(dx,dy,dz) = (1 + (dx+1) + 3(dy+1) + 9(dz+1)) / 378: 27 distinct weights summing to 1 (a weighted average, so values stay bounded), compile-time constants like the seed's ALPHA_xyz.",
		"Each run copies the halo into the scratch and output buffers (st_halo, 6·n² cells), then runs nt steps; the first reads the input, which no step writes, and the last writes the output.",
		fmt.Sprintf("Check: every stored cell, halo included, against the float64 CPU reference, relative tolerance %g. Past the CPU cap, %d sampled cells, each computed from its (2·nt+1)³ neighbourhood of the input.", stencilTol, stencilSamples),
		"The seed (A40, FP64-bound) saw every block shape of ≥ 32 threads at ≈ 478 Gflop/s, (4,2,2) at half that, and 2.5D slower (360–470): compare these rows.",
	},

	setup:          newStencil3D,
	readOnlyInputs: true, // every step reads the input or the scratch buffer; the first step's source is never a destination
})

// stencilShapes are the seed's block-shape sweep (b) and 2.5D blocks (c).
var (
	stencilShapes = []cudalib.Dim3{
		cudalib.D3(8, 8, 8), cudalib.D3(32, 4, 4), cudalib.D3(128, 2, 2),
		cudalib.D3(4, 4, 4), cudalib.D3(4, 4, 2), cudalib.D3(4, 2, 2),
	}
	stencilPlanes = []cudalib.Dim3{
		cudalib.D2(8, 8), cudalib.D2(16, 8), cudalib.D2(32, 8), cudalib.D2(8, 4), cudalib.D2(32, 32),
	}
)

func stencilVariants() []Variant {
	vs := []Variant{stencilVariant("global", "st_global", cudalib.D3(32, 4, 4),
		"one thread per cell, 27 reads from global memory; the caches catch the reuse")}
	for _, b := range stencilShapes {
		vs = append(vs, stencilVariant("shared", "st_shared", b,
			"(bx+2)(by+2)(bz+2) tile in dynamic shared memory, loaded by the whole block as one flat array"))
	}
	for _, b := range stencilPlanes {
		vs = append(vs, stencilVariant("2.5D", "st_25d", b,
			"march along z: one (bx+2)(by+2) plane in shared memory, 9 values in registers, two partial sums"))
	}
	return vs
}

// stencilVariant runs kernel with blocks of shape b for nt steps.
func stencilVariant(kind, kernel string, b cudalib.Dim3, note string) Variant {
	shape := fmt.Sprintf("(%d,%d,%d)", b.X, b.Y, b.Z)
	if kernel == "st_25d" {
		shape = fmt.Sprintf("(%d,%d)", b.X, b.Y)
	}
	return Variant{
		Name:    kind + " " + shape,
		Kernels: []string{kernel, "st_halo"},
		Launch:  fmt.Sprintf("st_halo ×2, then %d × %s<<<…, %s>>>", stencilSteps, kernel, shape),
		Note:    note,
		prepare: func(g *gpuRun) (func() error, string, error) { return stencilPrepare(g, kernel, b) },
	}
}

// stencilConfig is the launch of one step: a thread per cell for st_global
// and st_shared (with its tile), a thread per (x, y) column for st_25d
// (with its plane).
func stencilConfig(kernel string, n int, b cudalib.Dim3) cudalib.Config {
	cfg := cudalib.Config{Grid: cudalib.D3(ceilDiv(n, b.X), ceilDiv(n, b.Y), ceilDiv(n, b.Z)), Block: b}
	switch kernel {
	case "st_shared":
		cfg.Shared = (b.X + 2) * (b.Y + 2) * (b.Z + 2) * 8
	case "st_25d":
		cfg.Grid.Z = 1
		cfg.Shared = (b.X + 2) * (b.Y + 2) * 8
	}
	return cfg
}

// stencilPrepare makes the run of one variant: copy the halo into the
// scratch and output buffers, then nt steps.
func stencilPrepare(g *gpuRun, kernel string, b cudalib.Dim3) (func() error, string, error) {
	n := g.n
	k, err := g.kernel(kernel)
	if err != nil {
		return nil, "", err
	}
	halo, err := g.kernel("st_halo")
	if err != nil {
		return nil, "", err
	}
	grid := stencilGrid{n, n, n}
	tmp, err := g.scratch64(grid.stored())
	if err != nil {
		return nil, "", fmt.Errorf("scratch buffer: %w", err)
	}
	// Poisoned like the output: a cell no step writes spreads NaN. The
	// virtual GPU knows which cells were written instead (run.go).
	if g.dev.Virtual() {
		err = g.dev.VirtualDiscard(tmp)
	} else {
		err = tmp.Fill(nan64)
	}
	if err != nil {
		return nil, "", fmt.Errorf("scratch buffer: %w", err)
	}
	s := n + 2
	haloCfg := cudalib.Config{Grid: cudalib.D3(ceilDiv(s, 32), ceilDiv(s, 8), 6), Block: cudalib.D2(32, 8)}
	cfg := stencilConfig(kernel, n, b)
	bufs := [3]cudalib.Buffer{g.in[0], tmp, g.out[0]}
	planes := 1 // cells a thread computes: st_25d's march along z
	if kernel == "st_25d" {
		planes = n
	}
	sampled := stencilSampled(g.dev, cfg, planes)
	run := func() error {
		// Where step 1 will stand for the other steps, nothing reads the
		// output's halo: the copy into the output, the same kernel and
		// shape as the one into the scratch buffer (which step 1 writes),
		// is counted as it (launch sampling) and not run, so the output
		// is not written (a gigabyte at 512³: a copy writes a cell of
		// every row). Before a step of one thread per cell, which
		// samples a few hundred blocks, the copy into the scratch buffer
		// runs a sample of its blocks too (forced); a 2.5D step's sample
		// writes a piece of every row anyway.
		if sampled {
			restore := func() {}
			if planes == 1 {
				var err error
				if restore, err = forceSampling(g.dev); err != nil {
					return err
				}
			}
			err := halo.Launch(haloCfg, g.in[0], tmp, n, n, n)
			restore()
			if err != nil {
				return err
			}
			g.noteLaunch()
			if err := g.dev.RepeatVirtualLaunches(1, 1); err != nil {
				return err
			}
		} else {
			for _, dst := range bufs[1:] {
				if err := halo.Launch(haloCfg, g.in[0], dst, n, n, n); err != nil {
					return err
				}
				g.noteLaunch()
			}
		}
		for step := 1; step <= stencilSteps; step++ {
			src, dst := stencilBuffers(step, stencilSteps)
			if err := k.Launch(cfg, bufs[src], bufs[dst], n, n, n); err != nil {
				return err
			}
			if step == 1 && g.dev.Virtual() {
				if l, ok := g.dev.LastVirtualLaunch(); ok && (sampled || sampleLaunches(g.dev, l, stencilSteps-1)) {
					return stencilSampleSteps(g, tmp, l, sampled)
				}
			}
		}
		return nil
	}
	return run, fmt.Sprintf("st_halo ×2, %d × %s", stencilSteps, launchText(kernel, cfg)), nil
}

// stencilBuffers says which buffers step s (1 … nt) reads and writes: 0 the
// input, 1 the scratch array, 2 the output. The last step writes the output
// and the steps before alternate backwards from it; only the first reads
// the input, which is never written, so every run starts from the same
// values.
func stencilBuffers(s, nt int) (src, dst int) {
	dst = 2 - (nt-s)%2
	if s > 1 {
		src = 2 - (nt-s+1)%2
	}
	return src, dst
}

// stencilAlpha is α(dx,dy,dz), the ALPHA macro of cuda/stencil3d.cu.
func stencilAlpha(dx, dy, dz int) float64 {
	return float64(1+(dx+1)+3*(dy+1)+9*(dz+1)) / 378
}

// stencilGrid is the interior size; the stored array has a halo of one.
type stencilGrid struct{ nx, ny, nz int }

func (g stencilGrid) stored() int { return (g.nx + 2) * (g.ny + 2) * (g.nz + 2) }

// index is the stored offset of cell (x, y, z), halo coordinates included.
func (g stencilGrid) index(x, y, z int) int { return x + (g.nx+2)*(y+(g.ny+2)*z) }

// coords inverts index.
func (g stencilGrid) coords(i int) (x, y, z int) {
	return i % (g.nx + 2), i / (g.nx + 2) % (g.ny + 2), i / ((g.nx + 2) * (g.ny + 2))
}

func (g stencilGrid) interior(x, y, z int) bool {
	return x >= 1 && x <= g.nx && y >= 1 && y <= g.ny && z >= 1 && z <= g.nz
}

func newStencil3D(n int, rng *rand.Rand) (*problem, error) {
	g := stencilGrid{n, n, n}
	// The kernels index with 32-bit ints.
	if float64(n+2)*float64(n+2)*float64(n+2) > math.MaxInt32 {
		return nil, fmt.Errorf("n = %d: %d³ stored cells exceed the kernels' 32-bit indexing", n, n+2)
	}
	if g.stored() > stencilInPlaceCells {
		return newStencil3DInPlace(g, rng), nil
	}
	in := randomFloats(rng, g.stored())
	sampleSeed := rng.Uint64()
	// The baseline's arrays are made (and touched) before its timing, only
	// when it runs; both start as copies of the input for their halo.
	var cpuOut, tmp []float64
	p := &problem{
		in:  []array{f64(in)},
		out: []array{make(f64, len(in))},
		ref: func(cpuDone bool) ([]reference, error) {
			if cpuDone {
				return []reference{{want: cpuOut, tol: tolerance{l2: stencilTol, max: stencilTol}}}, nil
			}
			return []reference{stencilSample(g, in, stencilSteps, rand.New(rand.NewPCG(sampleSeed, 0)))}, nil
		},
	}
	p.cpuPrepare = func() {
		cpuOut, tmp = append([]float64(nil), in...), append([]float64(nil), in...)
		p.cpuOut = []array{f64(cpuOut)}
	}
	p.cpu = func(stop *deadline) bool {
		if cpuOut == nil {
			p.cpuPrepare() // a caller that did not (tests)
		}
		return stencilRun(stop, g, in, tmp, cpuOut, stencilSteps)
	}
	return p, nil
}

// stencilInPlaceCells is the most stored cells (2 GiB of float64) whose
// baseline runs on arrays of its own. Larger grids (384³ and 512³: a
// gigabyte an array) run it in the input itself (stencilInPlace), after
// the GPU's variants (problem.cpuLast): the baseline's two more arrays
// would hold the engine at over 3 GiB. Their check is then the sampled
// cells' (the full result is not kept).
const stencilInPlaceCells = 1 << 25

// newStencil3DInPlace is newStencil3D for a grid over stencilInPlaceCells:
// the same input (randomFloats draws one seed for so many values), a
// baseline in place.
func newStencil3DInPlace(g stencilGrid, rng *rand.Rand) *problem {
	in := make([]float64, g.stored())
	randomFillSeeded(rng.Uint64(), in)
	sampleSeed := rng.Uint64()
	return &problem{
		in:  []array{f64(in)},
		out: []array{make(f64, len(in))},
		ref: func(bool) ([]reference, error) {
			r := stencilSample(g, in, stencilSteps, rand.New(rand.NewPCG(sampleSeed, 0)))
			r.how = fmt.Sprintf("%d sampled cells: the CPU reference runs in its input, after the GPU's runs, so its result is not kept at this size", len(r.idx))
			return []reference{r}, nil
		},
		cpu:     func(stop *deadline) bool { return stencilInPlace(stop, g, in, stencilSteps) },
		cpuLast: true,
	}
}

// stencilInPlace is stencilRun in one array: nt steps of buf, which holds
// the input and then the result. Each step walks the z planes in order,
// keeping the old values of the plane before and of the plane itself
// while it writes the plane's new ones (rows spread over every core); the
// sums are stencilRun's, term for term, so the result is the same bit for
// bit.
func stencilInPlace(stop *deadline, g stencilGrid, buf []float64, nt int) bool {
	sx, sxy := g.nx+2, (g.nx+2)*(g.ny+2)
	prev, cur := make([]float64, sxy), make([]float64, sxy)
	for range nt {
		copy(prev, buf[:sxy]) // the halo plane z = 0: never written
		for z := 1; z <= g.nz; z++ {
			copy(cur, buf[z*sxy:(z+1)*sxy])
			planes := [3][]float64{prev, cur, buf[(z+1)*sxy : (z+2)*sxy]}
			dst := buf[z*sxy : (z+1)*sxy]
			ok := parallelChunks(stop, g.ny, 8, func(y0, y1 int) { stencilPlane(dst, &planes, sx, y0, y1) })
			if !ok {
				return false
			}
			prev, cur = cur, prev
		}
	}
	return true
}

// stencilRun is the float64 baseline and reference, z planes spread over
// every core: nt steps from in
// (never written) through tmp into out, which hold in's halo, in the order
// of stencilBuffers. A nil stop never stops; otherwise it is polled every
// z plane, and false means it stopped.
func stencilRun(stop *deadline, g stencilGrid, in, tmp, out []float64, nt int) bool {
	bufs := [3][]float64{in, tmp, out}
	sx, sxy := g.nx+2, (g.nx+2)*(g.ny+2)
	for s := 1; s <= nt; s++ {
		si, di := stencilBuffers(s, nt)
		src, dst := bufs[si], bufs[di]
		ok := parallelChunks(stop, g.nz, 1, func(z0, _ int) {
			z := z0 + 1
			planes := [3][]float64{src[(z-1)*sxy : z*sxy], src[z*sxy : (z+1)*sxy], src[(z+1)*sxy : (z+2)*sxy]}
			stencilPlane(dst[z*sxy:(z+1)*sxy], &planes, sx, 0, g.ny)
		})
		if !ok {
			return false
		}
	}
	return true
}

// stencilSample is the reference at the 8 corners of the interior, the 8
// corners of the halo and random cells. A cell after nt steps depends only
// on the input within nt cells of it, so each is computed by running nt
// steps on that box (clipped to the array) with the box's faces held fixed:
// the faces miss their own updates, and each step carries that error one
// cell further in, to distance nt−s+1 from the centre after step s, so the
// centre stays exact (bit for bit: the same operations in the same order).
func stencilSample(g stencilGrid, in []float64, nt int, rng *rand.Rand) reference {
	var idx []int
	for _, lo := range []int{0, 1} {
		xs, ys, zs := [2]int{lo, g.nx + 1 - lo}, [2]int{lo, g.ny + 1 - lo}, [2]int{lo, g.nz + 1 - lo}
		for _, z := range zs {
			for _, y := range ys {
				for _, x := range xs {
					idx = append(idx, g.index(x, y, z))
				}
			}
		}
	}
	for range stencilSamples {
		idx = append(idx, rng.IntN(g.stored()))
	}
	want := make([]float64, len(idx))
	for s, i := range idx {
		x, y, z := g.coords(i)
		if !g.interior(x, y, z) {
			want[s] = in[i] // the halo is never written
			continue
		}
		r := max(nt, 1) // the box needs an interior even for nt = 0
		x0, x1 := max(x-r, 0), min(x+r, g.nx+1)
		y0, y1 := max(y-r, 0), min(y+r, g.ny+1)
		z0, z1 := max(z-r, 0), min(z+r, g.nz+1)
		box := stencilGrid{x1 - x0 - 1, y1 - y0 - 1, z1 - z0 - 1}
		bin := make([]float64, box.stored())
		for bz := 0; bz <= z1-z0; bz++ {
			for by := 0; by <= y1-y0; by++ {
				copy(bin[box.index(0, by, bz):box.index(x1-x0+1, by, bz)], in[g.index(x0, y0+by, z0+bz):])
			}
		}
		tmp, out := append([]float64(nil), bin...), append([]float64(nil), bin...)
		stencilRun(nil, box, bin, tmp, out, nt)
		want[s] = out[box.index(x-x0, y-y0, z-z0)]
	}
	return reference{want: want, idx: idx, tol: tolerance{l2: stencilTol, max: stencilTol},
		how: fmt.Sprintf("%d sampled cells: the CPU reference is over the cap", len(idx))}
}

// stencilSampleSteps samples the time steps of a run whose first step ran
// a sample of its blocks on the virtual GPU: the steps are launches of one
// kernel and shape whose counters do not depend on the values (no branch
// on the data), so the first stands for the others and is counted again
// for each (Principal Kernel Analysis's launch sampling) instead of
// running them on a source the sample left mostly unwritten. The check is
// then that step's: the cells its blocks wrote into the scratch buffer tmp
// (and the halo st_halo copied there) against one step of the CPU stencil
// from the input, which the step read.
//
// haloCounted says the halo copy into the output was counted as the one
// into the scratch buffer and not run (stencilPrepare).
func stencilSampleSteps(g *gpuRun, tmp *cudalib.Float64s, first cudalib.VirtualLaunch, haloCounted bool) error {
	if err := g.dev.RepeatVirtualLaunches(1, stencilSteps-1); err != nil {
		return err
	}
	if first.Sampled() {
		g.sampling.launches = append(g.sampling.launches, first)
	}
	grid := stencilGrid{g.n, g.n, g.n}
	g.sampling.check = func() (verdict, error) {
		written, err := g.dev.VirtualWritten(tmp)
		if err != nil {
			return verdict{}, err
		}
		c, err := stencilStepCheck(grid, g.p.in[0].(f64), written, stencilCheckCells, tmp.CopyToAt)
		if err != nil {
			return verdict{}, err
		}
		text := stencilStepsText(ranText(first), haloCounted) + "; " + c.text
		if first.Sampled() && !first.Sample.Trusted {
			text += "; the sample's estimate is not trusted: " + first.Sample.Reason
		}
		if !c.pass {
			text = "FAIL: " + text
		}
		return verdict{pass: c.pass, text: text}, nil
	}
	return nil
}

// stencilStepsText says how a sampled run's steps ran: step 1 as ran
// says, the others counted as it and not run, and with haloCounted the
// same for the halo copy into the output.
func stencilStepsText(ran string, haloCounted bool) string {
	text := fmt.Sprintf("sampled: step 1 of %d %s, steps 2–%d counted as step 1 (same kernel and shape, no branch on the data) and not run",
		stencilSteps, ran, stencilSteps)
	if haloCounted {
		text += ", and the halo copy into the output counted as the one into the scratch buffer and not run"
	}
	return text
}

// stencilCheckCells is about the most written cells a sampled step's
// check compares (64 MiB of them and their reference): a sample of 2.5D
// (32,32) blocks at 512³ writes 31 M cells, a gigabyte gathered with its
// reference, and 10–15 s of checking.
const stencilCheckCells = 1 << 22

// stencilStepCheck checks the cells written (spans of the scratch buffer,
// read by fetch) by one sampled step from in against the CPU stencil's
// step: interior cells its blocks wrote and halo cells the halo copy
// wrote. Past limit cells it checks whole z planes: the two first and two
// last (the halo plane and the first interior plane at each end) and
// every k-th between them, the smallest k that brings the count within
// limit; the verdict says which. Every sampled block writes a piece of
// every plane, so each one is still checked.
func stencilStepCheck(grid stencilGrid, in []float64, written []cudalib.Range, limit int, fetch func(lo int, dst []float64) error) (verdict, error) {
	sxy := (grid.nx + 2) * (grid.ny + 2)
	last := grid.nz + 1 // the far halo plane
	perPlane := make([]int, last+1)
	interior := 0
	for _, r := range written {
		for i := r.Lo; i < r.Hi; {
			z := i / sxy
			hi := min(r.Hi, (z+1)*sxy)
			perPlane[z] += hi - i
			interior += grid.interiorIn(i, hi)
			i = hi
		}
	}
	k := 1
	keep := func(z int) bool { return z <= 1 || z >= last-1 || (z-1)%k == 0 }
	for count := spansLen(written); count > limit && k < grid.nz; {
		k++
		count = 0
		for z, c := range perPlane {
			if keep(z) {
				count += c
			}
		}
	}
	var checked []cudalib.Range
	for _, r := range written {
		for i := r.Lo; i < r.Hi; {
			z := i / sxy
			hi := min(r.Hi, (z+1)*sxy)
			if keep(z) {
				checked = append(checked, cudalib.Range{Lo: i, Hi: hi})
			}
			i = hi
		}
	}
	count := spansLen(checked)
	got, want := make(f64, count), make([]float64, count)
	starts := make([]int, len(checked)) // where each span starts in got
	at := 0
	for s, r := range checked {
		starts[s] = at
		if err := fetch(r.Lo, got[at:at+r.Hi-r.Lo]); err != nil {
			return verdict{}, err
		}
		at += r.Hi - r.Lo
	}
	step := newStencilStepper(grid)
	parallelFor(len(checked), func(_, lo, hi int) {
		for s := lo; s < hi; s++ {
			step.fill(in, checked[s].Lo, checked[s].Hi, want[starts[s]:])
		}
	})
	place := func(j int) int { // got[j]'s cell
		s := sort.Search(len(starts), func(s int) bool { return starts[s] > j }) - 1
		return checked[s].Lo + j - starts[s]
	}
	c := compare(got, reference{want: want, tol: tolerance{l2: stencilTol, max: stencilTol}, place: place})
	what := fmt.Sprintf("the %s of interior cells step 1 wrote and the halo cells the halo copy wrote", percent(interior, grid.nx*grid.ny*grid.nz))
	if k > 1 {
		what += fmt.Sprintf(" (compared: the %d of their %d cells in planes z = 0, 1, 1+%d, 1+2·%d, …, %d, %d)", count, spansLen(written), k, k, last-1, last)
	}
	text := what + " match one step of the CPU stencil from the input: " + strings.TrimPrefix(strings.TrimPrefix(c.text, "ok: "), "FAIL: ")
	if interior == 0 || count == 0 {
		c.pass = false
	}
	return verdict{pass: c.pass, text: text}, nil
}

// interiorIn counts the interior cells among the stored cells [lo, hi).
func (g stencilGrid) interiorIn(lo, hi int) int {
	sx := g.nx + 2
	n := 0
	for i := lo; i < hi; {
		rowEnd := min(hi, (i/sx+1)*sx)
		if x, y, z := g.coords(i); y >= 1 && y <= g.ny && z >= 1 && z <= g.nz {
			xe := x + rowEnd - i // the row's cells [x, xe)
			n += max(0, min(xe, g.nx+1)-max(x, 1))
		}
		i = rowEnd
	}
	return n
}

// stencilStepInstrs is at least the warp-instructions of one step per
// warp of cells: 27 loads (or shared reads and multiply-adds) and a store
// (stencilSampled).
const stencilStepInstrs = 28

// stencilSampled reports whether the steps of a launch cfg whose threads
// each compute planes cells will be sampled on the virtual GPU: sampling
// forced, or auto with the step's least cost over the budget (its first
// step then runs a sample of its blocks, or runs whole and stands for the
// others as a sample would: stencilSampleSteps).
func stencilSampled(dev *cudalib.Device, cfg cudalib.Config, planes int) bool {
	if !dev.Virtual() {
		return false
	}
	s, err := dev.VirtualSampling()
	if err != nil {
		return false
	}
	warps := int64(cfg.Grid.X*max(cfg.Grid.Y, 1)*max(cfg.Grid.Z, 1)) * int64(ceilDiv(cfg.Block.X*max(cfg.Block.Y, 1)*max(cfg.Block.Z, 1), 32))
	budget := s.Budget
	if budget == 0 {
		budget = cudalib.VirtualSampleBudget
	}
	switch s.Mode {
	case cudalib.VirtualSampleForced:
		return true
	case cudalib.VirtualSampleAuto:
		return warps*int64(planes)*stencilStepInstrs > budget
	}
	return false
}

// forceSampling makes dev's launches sample whatever their size until
// restore.
func forceSampling(dev *cudalib.Device) (restore func(), err error) {
	s, err := dev.VirtualSampling()
	if err != nil {
		return nil, err
	}
	forced := s
	forced.Mode = cudalib.VirtualSampleForced
	if err := dev.SetVirtualSampling(&forced); err != nil {
		return nil, err
	}
	return func() { _ = dev.SetVirtualSampling(&s) }, nil
}

// stencilStepper computes cells of one step of the stencil, with the
// neighbours' offsets worked out once (a sampled check computes millions
// of cells).
type stencilStepper struct {
	g   stencilGrid
	off [27]int
}

func newStencilStepper(g stencilGrid) stencilStepper {
	s := stencilStepper{g: g}
	sx, sxy := g.nx+2, (g.nx+2)*(g.ny+2)
	for t := range s.off {
		s.off[t] = t%3 - 1 + sx*(t/3%3-1) + sxy*(t/9-1)
	}
	return s
}

// fill writes at(src, i) for the cells lo ≤ i < hi into want[i−lo]: a
// row's interior cells at a time by stencilRow.
func (s stencilStepper) fill(src []float64, lo, hi int, want []float64) {
	sx, sxy := s.g.nx+2, (s.g.nx+2)*(s.g.ny+2)
	var r [9][]float64
	for i := lo; i < hi; {
		x, y, z := s.g.coords(i)
		row := i - x
		end := min(hi, row+sx)
		// The row's interior cells among [i, end): x in [a, b).
		a, b := max(x, 1), min(end-row, s.g.nx+1)
		if y < 1 || y > s.g.ny || z < 1 || z > s.g.nz || a >= b {
			copy(want[i-lo:end-lo], src[i:end]) // the halo is never written
			i = end
			continue
		}
		copy(want[i-lo:row+a-lo], src[i:row+a])
		for j := range r {
			o := row + (j%3-1)*sx + (j/3-1)*sxy
			r[j] = src[o+a-1 : o+b+1]
		}
		stencilRow(want[row+a-lo:row+b-lo], &r)
		copy(want[row+b-lo:end-lo], src[row+b:end])
		i = end
	}
}

// stencilWeights are α(dx,dy,dz) in stencilRun's order (dx fastest).
var stencilWeights = func() (w [27]float64) {
	for t := range w {
		w[t] = stencilAlpha(t%3-1, t/3%3-1, t/9-1)
	}
	return w
}()

// stencilRow writes cells of one row of a step: d[x] from r, the nine
// source rows around it, r[(dy+1) + 3(dz+1)] = row (y+dy, z+dz), each
// starting one cell before d's first (len(d)+2 cells at least). Each
// cell adds its 27 products in stencilWeights' order (dx fastest), as
// stencilStepper.at does, so every path of the CPU stencil gives the same
// bits. Four cells at a time: their sums are four chains of dependent
// adds that the CPU runs side by side, where one cell's chain waits on
// each add (the CPU baseline at 512³ is 537 M cells of 27 terms).
func stencilRow(d []float64, r *[9][]float64) {
	n := len(d)
	w := &stencilWeights
	x := 0
	for ; x+4 <= n; x += 4 {
		var a0, a1, a2, a3 float64
		for j := range r {
			v := r[j][x : x+6 : x+6]
			wl, wc, wr := w[3*j], w[3*j+1], w[3*j+2]
			a0 += wl * v[0]
			a1 += wl * v[1]
			a2 += wl * v[2]
			a3 += wl * v[3]
			a0 += wc * v[1]
			a1 += wc * v[2]
			a2 += wc * v[3]
			a3 += wc * v[4]
			a0 += wr * v[2]
			a1 += wr * v[3]
			a2 += wr * v[4]
			a3 += wr * v[5]
		}
		d[x], d[x+1], d[x+2], d[x+3] = a0, a1, a2, a3
	}
	for ; x < n; x++ {
		acc := 0.0
		for j := range r {
			v := r[j][x : x+3 : x+3]
			acc += w[3*j] * v[0]
			acc += w[3*j+1] * v[1]
			acc += w[3*j+2] * v[2]
		}
		d[x] = acc
	}
}

// stencilPlane writes the interior rows y0+1 … y1 of one z plane of a
// step, dst, from src, the source planes z−1, z and z+1 (sx cells a row).
func stencilPlane(dst []float64, src *[3][]float64, sx, y0, y1 int) {
	var r [9][]float64
	for y := y0 + 1; y <= y1; y++ {
		for j := range r {
			o := (y + j%3 - 1) * sx
			r[j] = src[j/3][o : o+sx]
		}
		stencilRow(dst[y*sx+1:(y+1)*sx-1], &r)
	}
}
