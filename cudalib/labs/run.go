package labs

import (
	"errors"
	"fmt"
	"github.com/culab/culab/internal/gcslack"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"time"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/internal/cpus"
)

// Run measures the lab on dev at the given sizes and variants (none: the
// lab's defaults) with default options. See RunWith.
func (l *Lab) Run(dev *cudalib.Device, sizes []int, variants ...string) (Table, error) {
	return l.RunWith(dev, Options{}, sizes, variants...)
}

// RunWith measures the lab: for each size it makes fresh random inputs,
// times the CPU reference once on every core (stopped past opts.CPUCap), then
// runs each variant once on poisoned outputs and checks the result against
// a float64 reference. On a GPU it then times the checked variants with
// Device.TimeFunc in opts.Rounds rounds, each round timing every variant
// in turn, and takes the median, min and max over all their runs: the
// GPU's clocks and the host's load drift over seconds, and interleaving
// spreads that drift over all variants instead of biasing the one timed
// during a slow stretch.
//
// A failed check, or a launch the device refuses for this size, is a row
// of the table, never an error; errors are for what stops the sweep: an
// unknown variant or invalid size, a compile failure, a device fault (call
// dev.Reset()), running out of memory, an interrupt. The rows measured
// before such an error are returned with it.
//
// With dev == nil (no GPU) the table holds the CPU reference times and rows
// whose Check says "not run: no GPU". On the virtual GPU every variant is
// run once, checked, and timed by the model (Row.Modeled), with its
// counters.
func (l *Lab) RunWith(dev *cudalib.Device, opts Options, sizes []int, variants ...string) (t Table, err error) {
	vs, err := l.pick(variants)
	if err != nil {
		return Table{}, err
	}
	if os.Getenv(EnvQuick) != "" {
		opts.Quick = true
	}
	if len(sizes) == 0 {
		sizes = l.SizesFor(dev)
		if opts.Quick {
			sizes = l.QuickSizes(dev)
		}
	}
	for _, n := range sizes {
		if n <= 0 {
			return Table{}, fmt.Errorf("lab %s: size %d: sizes must be positive", l.Key, n)
		}
	}
	r := &runner{lab: l, opts: opts, variants: vs, seed: opts.Seed, cap: opts.CPUCap}
	if r.seed == 0 {
		r.seed = rand.Uint64() | 1 // never 0, so the noted seed can be passed back
	}
	if r.cap == 0 {
		r.cap = DefaultCPUCap
	}
	t = r.table(dev)
	if opts.Progress != nil {
		defer opts.Progress.Done()
	}
	if dev != nil {
		mod, cerr := dev.CompileNamed(l.File, l.Source, l.Options...)
		if cerr != nil {
			return t, fmt.Errorf("lab %s: %w", l.Key, cerr)
		}
		defer func() { // assigns the named result err
			if uerr := mod.Unload(); uerr != nil && err == nil {
				err = fmt.Errorf("lab %s: unload module: %w", l.Key, uerr)
			}
		}()
		r.gpu = &gpuLab{dev: dev, info: dev.Info(), mod: mod, kernels: map[string]*cudalib.Kernel{}}
		if dev.Virtual() {
			// The virtual GPU's memory is the process's, and a size's
			// arrays are gigabytes: the default goal (twice the live
			// heap) let garbage double the peak. The large arrays hold
			// no pointers, so the extra collections are quick.
			defer gcslack.Hold(labGCPercent)()
		}
		if dev.Virtual() && !opts.Quick {
			restore, serr := labSampling(dev)
			if serr != nil {
				return t, fmt.Errorf("lab %s: %w", l.Key, serr)
			}
			defer restore()
		}
	}
	for _, n := range sizes {
		rows, err := r.size(n)
		t.Rows = append(t.Rows, rows...)
		if err != nil {
			return t, err
		}
		if dev != nil && dev.Virtual() {
			// The virtual GPU's memory is the process's: give a size's
			// gigabytes back before the next one allocates its own, or the
			// heap's garbage doubles the peak (a 512³ stencil holds 5 GiB).
			debug.FreeOSMemory()
		}
	}
	return t, nil
}

// labGCPercent is the heap's growth between collections (GOGC) while a
// lab runs on the virtual GPU, less where its arrays are large (gcslack).
const labGCPercent = 25

// SizesFor is the sizes Run uses on dev when it is given none: Sizes, the
// report's, on a GPU and on the virtual GPU alike (which samples the
// large launches: see RunWith); QuickSizes where EnvQuick is set.
func (l *Lab) SizesFor(dev *cudalib.Device) []int {
	if os.Getenv(EnvQuick) != "" {
		return l.QuickSizes(dev)
	}
	return l.Sizes
}

// QuickSizes is the sizes of a quick run (Options.Quick): on the virtual
// GPU VirtualSizes (where the lab has them), which it interprets whole in
// seconds; Sizes elsewhere.
func (l *Lab) QuickSizes(dev *cudalib.Device) []int {
	if dev != nil && dev.Virtual() && len(l.VirtualSizes) > 0 {
		return l.VirtualSizes
	}
	return l.Sizes
}

// runner is the state of one RunWith.
type runner struct {
	lab      *Lab
	opts     Options
	variants []Variant
	seed     uint64
	cap      time.Duration
	gpu      *gpuLab // nil without a device
	// cappedAt is the smallest size whose CPU reference hit the cap: larger
	// sizes are not tried, they would only burn another cap's worth of time.
	cappedAt int
	// done is the size whose CPU reference finished last and its time,
	// from which cpu predicts larger sizes' (zero: none yet).
	done struct {
		n  int
		ms float64
	}
	ph *phases // of the size being measured (EnvPhases)
}

func (r *runner) table(dev *cudalib.Device) Table {
	l := r.lab
	t := Table{
		Lab: l.Key, Title: l.Title, Device: "no GPU", SizeName: l.SizeName,
		MetricName: l.MetricName, MetricUnit: l.MetricUnit, MetricFormula: l.MetricFormula,
		Baseline: l.Baseline,
	}
	if dev != nil {
		t.Device = dev.String()
		if l.ceiling != nil && !dev.Virtual() {
			t.Ceiling, t.CeilingName = l.ceiling(dev.Info())
		}
	}
	cpu := cpuNote(cpus.Read(), r.cap)
	if r.cap < 0 {
		cpu = "CPU column: the CPU reference was skipped (Options.CPUCap < 0)."
	}
	check := "Check: GPU outputs start poisoned (NaN, or a sentinel for integers), so unwritten elements fail; values are compared with a float64 reference."
	if dev != nil && dev.Virtual() {
		check = "Check: the virtual GPU tracks which output elements the kernels write; those they did not are poisoned in the fetched copy (NaN, or a sentinel for integers), so they fail; values are compared with a float64 reference."
	}
	t.Notes = append(t.Notes,
		fmt.Sprintf("Inputs are random, seed %d: Options{Seed: %d} repeats them.", r.seed, r.seed),
		cpu, check)
	if dev != nil && !dev.Virtual() && r.opts.rounds() > 1 {
		t.Notes = append(t.Notes, fmt.Sprintf("GPU times: median, min and max over all timed runs of a variant, taken in %d rounds that each time every variant of the size in turn, so that drift of clocks or host load spreads over all variants.", r.opts.rounds()))
		if r.opts.Time == (cudalib.TimeOptions{}) {
			t.Notes = append(t.Notes, fmt.Sprintf("Timed runs per variant and size: at least 10 and 50 ms of device time, at most %d, each round after one untimed warm-up run; a variant whose checked run (timed with events) took %v or more: 3 runs, the checked one and two more in the first round; %v or more: the checked run alone. Such runs are thousands of launches or long kernels; the row's note says how many runs it took.", MaxTimedRuns, SlowRun, LongRun))
		}
	}
	if dev != nil && dev.Virtual() {
		model := "H100"
		if g, ok := dev.ModeledGPU(); ok {
			model = g.Label
		}
		t.Notes = append(t.Notes, "Virtual GPU: every kernel ran once (its PTX interpreted on the CPU) and was checked. Times are MODELED, not measured: the "+model+" model over the run's counters (docs/timemodel.md, docs/gpus.md); the metric and speedups follow from them. sect/req: global 32-byte sectors per request (4 is ideal for floats); confl/req: shared-memory bank conflicts per request.")
	}
	t.Notes = append(t.Notes, l.Notes...)
	return t
}

// step reports a finished step: per size the inputs and CPU reference, then
// each variant (see Lab.Steps).
func (r *runner) step(label string) {
	if r.opts.Progress != nil {
		r.opts.Progress.Step(r.lab.Key + " " + label)
	}
}

// size measures every variant at size n.
func (r *runner) size(n int) ([]Row, error) {
	l := r.lab
	label := l.SizeLabel(n)
	if err := cudalib.Interrupted(); err != nil {
		return nil, err
	}
	r.ph = newPhases()
	defer r.ph.write(os.Stderr, l.Key, label)
	t0 := time.Now()
	p, err := l.setup(n, newRand(r.seed, n))
	if err != nil {
		return nil, fmt.Errorf("lab %s, size %s: %w", l.Key, label, err)
	}
	r.ph.since("inputs", t0)
	rows := make([]Row, len(r.variants))
	for i, v := range r.variants {
		rows[i] = Row{Size: n, SizeLabel: label, Variant: v.Name}
		if r.gpu == nil {
			rows[i].Check, rows[i].Skipped = "not run: no GPU", true
		}
	}
	cpu := func() (done bool, err error) {
		t0 := time.Now()
		ms, note, done := r.cpu(n, p)
		r.ph.since("cpu reference", t0)
		r.step(label + ": CPU reference")
		for i := range rows {
			rows[i].CPUMS, rows[i].CPUNote = ms, note
		}
		return done, cudalib.Interrupted()
	}
	var cpuDone bool
	if !p.cpuLast {
		if cpuDone, err = cpu(); err != nil {
			return nil, err
		}
	}
	if r.gpu == nil {
		if p.cpuLast {
			_, err = cpu()
		}
		return rows, err
	}
	t0 = time.Now()
	g, err := r.gpu.start(n, p, l.readOnlyInputs, l.mapOutputs)
	r.ph.since("alloc and upload", t0)
	if err != nil {
		return nil, fmt.Errorf("lab %s, size %s: %w", l.Key, label, err)
	}
	fail := func(v Variant, err error) error {
		return fmt.Errorf("lab %s, size %s, variant %q: %w", l.Key, label, v.Name, err)
	}
	// Every variant is checked first, then the checked ones are timed in
	// rounds that interleave them (Options.Rounds).
	var todo []*timed
	for i, v := range r.variants {
		plan, err := r.check(g, p, v, &rows[i], cpuDone)
		if g.dev.Virtual() && p.bytes() > 1<<28 {
			// A variant's garbage (fetched copies, indices of written
			// cells) is gigabytes at the largest sizes: give it back before
			// the next, or the heap's headroom doubles the peak. The big
			// arrays hold no pointers, so this collection is quick.
			debug.FreeOSMemory()
		}
		if err != nil {
			g.free() // the variant's error says more than a failed free after it
			r.setTimes(todo, n)
			return speedups(rows[:i], l.Baseline), fail(v, err)
		}
		if plan.rounds == 0 { // not run, timed by the model or by its checked run
			r.step(label + ": " + v.Name)
		}
		if plan.rounds == 0 && !plan.keep {
			continue
		}
		t := &timed{v: v, row: &rows[i], plan: plan}
		if plan.keep {
			t.samples = append(t.samples, plan.checked)
		}
		todo = append(todo, t)
	}
	t0 = time.Now()
	stopped, err := r.time(g, todo)
	r.ph.since("timing", t0)
	r.setTimes(todo, n)
	if err != nil {
		g.free()
		return speedups(rows, l.Baseline), fail(stopped.v, err)
	}
	t0 = time.Now()
	if err := g.free(); err != nil {
		return speedups(rows, l.Baseline), fmt.Errorf("lab %s, size %s: %w", l.Key, label, err)
	}
	r.ph.since("free", t0)
	if p.cpuLast {
		if _, err := cpu(); err != nil {
			return speedups(rows, l.Baseline), err
		}
	}
	return speedups(rows, l.Baseline), nil
}

// cpu times the CPU reference once; done is false when it was
// stopped (or skipped), and note then says why.
func (r *runner) cpu(n int, p *problem) (ms float64, note string, done bool) {
	capNote := fmt.Sprintf("CPU > %v cap", r.cap)
	switch {
	case r.cap < 0:
		return 0, "CPU skipped", false
	case r.cappedAt > 0 && n >= r.cappedAt:
		return 0, capNote, false
	}
	if s := r.predictCPU(n); s > 1.5*r.cap.Seconds() {
		return 0, fmt.Sprintf("%s (%.0fs predicted from %s)", capNote, s, r.lab.SizeLabel(r.done.n)), false
	}
	if p.cpuPrepare != nil {
		p.cpuPrepare()
	}
	stop := newDeadline(r.cap)
	start := time.Now()
	done = p.cpu(stop)
	elapsed := time.Since(start)
	if !done {
		if r.cappedAt == 0 || n < r.cappedAt {
			r.cappedAt = n
		}
		return 0, capNote, false
	}
	ms = millis(elapsed)
	if n > r.done.n {
		r.done.n, r.done.ms = n, ms
	}
	return ms, "", true
}

// predictCPU is the CPU reference's time at size n in seconds, scaled from
// the largest smaller size that finished by the ratio of the lab's work
// (the metric's numerator counts the same operations); 0 without one. A
// size predicted at over 1.5 times the cap is not tried: it would only
// burn the cap (Floyd–Warshall at V = 10000 after 2.4 s at 5000: 19.5 s
// predicted, the 10 s cap burnt, a 24 s cell on an H200's host). The
// margin is for predictions from a size small enough for the reference's
// fixed costs to show: from V = 2000, Floyd's 5000 was predicted at 1.6
// times what it took.
func (r *runner) predictCPU(n int) float64 {
	if r.done.n == 0 || r.done.n >= n || r.lab.work == nil {
		return 0
	}
	w0 := r.lab.work(r.done.n)
	if w0 <= 0 {
		return 0
	}
	return r.done.ms / 1e3 * r.lab.work(n) / w0
}

// check runs one variant once, at the size g holds, on poisoned outputs
// and checks its result. On the virtual GPU that run is also its timing;
// on a GPU check returns how to time the variant (neither rounds nor a
// kept sample: it did not run).
func (r *runner) check(g *gpuRun, p *problem, v Variant, row *Row, cpuDone bool) (plan timePlan, err error) {
	if err := cudalib.Interrupted(); err != nil {
		return plan, err
	}
	if v.maxSize > 0 && g.n > v.maxSize {
		row.Check, row.Skipped = fmt.Sprintf("not run: too slow above %s", r.lab.SizeLabel(v.maxSize)), true
		return plan, nil
	}
	if v.virtualMax > 0 && g.n > v.virtualMax && g.dev.Virtual() {
		if s, err := g.dev.VirtualSampling(); err == nil && s.Mode != cudalib.VirtualSampleFull {
			row.Check, row.Skipped = fmt.Sprintf("not run on the virtual GPU above %s: its few blocks each loop over a large share of the work, so sampling blocks saves little and interpreting it takes minutes (%s=full runs it)", r.lab.SizeLabel(v.virtualMax), cudalib.EnvVirtualSample), true
			return plan, nil
		}
	}
	t0 := time.Now()
	run, launch, err := g.prepare(v, r.lab.args)
	r.ph.since("prepare", t0)
	if err != nil {
		return plan, refused(row, err)
	}
	row.Note = launch
	t0 = time.Now()
	for i, a := range p.in {
		var err error
		if g.orig == nil {
			if r.lab.readOnlyInputs && g.uploaded || g.mapped[i] {
				continue // no kernel writes them: still as uploaded (or mapped)
			}
			err = a.upload(g.in[i]) // the virtual GPU's memory is the host's
		} else {
			err = g.dev.Copy(g.in[i], g.orig[i])
		}
		if err != nil {
			return plan, fmt.Errorf("input %d: %w", i+1, err)
		}
	}
	g.uploaded = true
	r.ph.since("restore inputs", t0)
	t0 = time.Now()
	for i, a := range p.out {
		var err error
		if g.dev.Virtual() {
			// The virtual GPU tracks which elements the run writes
			// (written, below): nothing to write up front, and the pages a
			// sampled launch does not touch are never made.
			err = g.dev.VirtualDiscard(g.out[i])
		} else {
			err = a.poison(g.out[i])
		}
		if err != nil {
			return plan, fmt.Errorf("poison output %d: %w", i+1, err)
		}
	}
	r.ph.since("poison", t0)
	// On the virtual GPU the checked run is also the timed one: its time
	// is modelled from what it counted, the same on every run. On a GPU it
	// is timed with events too: that says how to time the variant, and a
	// slow variant keeps it as a sample (planTiming).
	opts := checkedRun
	if g.dev.Virtual() {
		opts = cudalib.TimeOptions{}
	}
	g.sampling = runSampling{}
	start := time.Now()
	tm, err := g.dev.TimeFunc(opts, run)
	if err != nil {
		return plan, refused(row, err)
	}
	if err := g.dev.Synchronize(); err != nil {
		return plan, fmt.Errorf("checked run: %w", err)
	}
	r.ph.since("checked run", start)
	t0 = time.Now()
	var written [][]cudalib.Range // per output, on the virtual GPU
	for i, a := range p.out {
		if g.sampling.check != nil || g.sampling.skip != "" {
			break // the variant checks what it ran itself
		}
		if !g.outMapped[i] { // else the host array is the buffer
			if err := a.fetch(g.out[i]); err != nil {
				return plan, fmt.Errorf("output %d: %w", i+1, err)
			}
		}
		if g.dev.Virtual() {
			w, err := g.dev.VirtualWritten(g.out[i])
			if err != nil {
				return plan, fmt.Errorf("output %d: %w", i+1, err)
			}
			unwriteOutside(a, w)
			written = append(written, w)
		}
	}
	r.ph.since("fetch", t0)
	t0 = time.Now()
	var refs []reference
	if !g.sampling.sampled() || p.refAt == nil {
		if refs, err = g.references(p, cpuDone); err != nil {
			return plan, fmt.Errorf("reference: %w", err)
		}
	}
	r.ph.since("reference", t0)
	t0 = time.Now()
	if g.sampling.skip != "" {
		row.Check, row.Skipped = g.sampling.skip, true
		return plan, nil
	}
	var verdict verdict
	switch {
	case g.sampling.check != nil:
		if verdict, err = g.sampling.check(); err != nil {
			return plan, fmt.Errorf("sampled check: %w", err)
		}
	case g.sampling.sampled() && p.refAt != nil:
		verdict = checkWritten(p.out, written, nil, p.refAt, &g.sampling)
	case g.sampling.sampled():
		verdict = checkWritten(p.out, written, refs, nil, &g.sampling)
	default:
		verdict = checkAll(p.out, refs)
	}
	r.ph.since("compare", t0)
	row.Pass, row.Check = verdict.pass, verdict.text

	if tm.Modeled {
		r.setTiming(row, g.n, tm)
		return plan, nil
	}
	plan = planTiming(r.opts.Time, r.opts.rounds(), tm.Median)
	plan.checked = tm.Median
	switch {
	case plan.slow && plan.runs() == 1:
		row.Note += fmt.Sprintf("; timed by its checked run alone (one run takes %v)", tm.Median.Round(time.Millisecond))
	case plan.slow:
		row.Note += fmt.Sprintf("; timed over %d runs, the checked one among them (one run takes %v)", plan.runs(), tm.Median.Round(time.Millisecond))
	}
	return plan, nil
}

// time times the checked variants in rounds: each round times every
// variant with rounds left, in table order, so that drift of the GPU's
// clocks or the host's load while a size is timed spreads over all of
// them. On an error it returns the variant it stopped at.
func (r *runner) time(g *gpuRun, todo []*timed) (stopped *timed, err error) {
	last := 0
	for _, t := range todo {
		last = max(last, t.plan.rounds)
	}
	for round := range last {
		for _, t := range todo {
			if round >= t.plan.rounds {
				continue
			}
			if err := r.timeRound(g, t); err != nil {
				return t, err
			}
			if round == t.plan.rounds-1 {
				r.step(t.row.SizeLabel + ": " + t.v.Name)
			}
		}
	}
	return nil, nil
}

// timeRound times one round of a variant, prepared again (compiles are
// cached, scratch buffers kept for the size: g.scratch64).
func (r *runner) timeRound(g *gpuRun, t *timed) (err error) {
	if err := cudalib.Interrupted(); err != nil {
		return err
	}
	run, _, err := g.prepare(t.v, r.lab.args)
	if err != nil {
		return fmt.Errorf("timing: %w", err)
	}
	tm, err := g.dev.TimeFunc(t.plan.opts, run)
	if err != nil {
		return fmt.Errorf("timing: %w", err)
	}
	t.add(tm)
	return nil
}

// setTimes fills the rows of the timed variants from the samples of their
// rounds; a row the run stopped before timing says so.
func (r *runner) setTimes(todo []*timed, n int) {
	for _, t := range todo {
		if len(t.samples) == 0 {
			t.row.TimeNote = "not timed: the run stopped first"
			continue
		}
		r.setTiming(t.row, n, t.timing())
	}
}

// setTiming fills a row's times, counters and metric.
func (r *runner) setTiming(row *Row, n int, tm cudalib.Timing) {
	row.Modeled, row.Counters = tm.Modeled, tm.Counters
	row.SectorsPerRequest, row.ConflictsPerRequest = perRequest(tm.Counters)
	row.MedianMS, row.MinMS, row.MaxMS = millis(tm.Median), millis(tm.Min), millis(tm.Max)
	row.Metric = r.lab.Metric(n, row.MedianMS)
}

// perRequest is the key counters of a run: global sectors per global
// request and shared bank conflicts per shared request (0 without such
// requests).
func perRequest(c cudalib.Counters) (sectors, conflicts float64) {
	if req := c.GlobalLoadRequests + c.GlobalStoreRequests; req > 0 {
		sectors = float64(c.GlobalLoadSectors+c.GlobalStoreSectors) / float64(req)
	}
	if req := c.SharedLoadRequests + c.SharedStoreRequests; req > 0 {
		conflicts = float64(c.SharedLoadBankConflicts+c.SharedStoreBankConflicts) / float64(req)
	}
	return sectors, conflicts
}

// refused turns a launch the device refused before running it (a block
// too large for this kernel, a grid too large for this size) into the
// row's verdict; other errors stop the run.
func refused(row *Row, err error) error {
	var le *cudalib.LaunchError
	if errors.As(err, &le) {
		row.Check = "not run: " + le.Error()
		return nil
	}
	return err
}

// speedups fills the speedup columns of one size's rows.
func speedups(rows []Row, baseline string) []Row {
	var base float64
	for _, row := range rows {
		if row.Variant == baseline {
			base = row.MedianMS
		}
	}
	for i := range rows {
		if rows[i].MedianMS <= 0 {
			continue
		}
		if rows[i].CPUMS > 0 {
			rows[i].SpeedupCPU = rows[i].CPUMS / rows[i].MedianMS
		}
		if base > 0 {
			rows[i].SpeedupBase = base / rows[i].MedianMS
		}
	}
	return rows
}

func millis(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// gpuLab is the device side of one RunWith: the compiled module and the
// kernels looked up so far.
type gpuLab struct {
	dev     *cudalib.Device
	info    cudalib.Info
	mod     *cudalib.Module
	kernels map[string]*cudalib.Kernel
}

// kernel returns the named kernel of the lab's module (templates are
// instantiated on first use).
func (gl *gpuLab) kernel(name string) (*cudalib.Kernel, error) {
	if k, ok := gl.kernels[name]; ok {
		return k, nil
	}
	k, err := gl.mod.Kernel(name)
	if err != nil {
		return nil, err
	}
	gl.kernels[name] = k
	return k, nil
}

// gpuRun is what a variant runs on: the size, the device buffers of the
// problem's inputs and outputs (in the same order), and scratch buffers.
type gpuRun struct {
	*gpuLab
	p       *problem // the size's host arrays
	n       int
	in, out []cudalib.Buffer
	// orig holds the inputs as uploaded, once per size: each checked run
	// starts from a device copy of them, not another upload from the host.
	// nil on the virtual GPU, where each checked run uploads them (once
	// per size for a lab with readOnlyInputs: uploaded says it was).
	orig     []cudalib.Buffer
	uploaded bool
	mapped   []bool // per input: the host array itself (start)
	// outMapped, per output: the host array itself (Lab.mapOutputs).
	outMapped []bool
	// scratch are the variants' scratch buffers by length, made at the
	// first request and kept for the size's variants and rounds: a
	// gigabyte allocated and freed per round costs tens of milliseconds.
	scratch map[int]*cudalib.Float64s
	refs    []reference // computed at the first check of this size
	// sampling is what the checked run sampled (sampled.go), reset
	// before it.
	sampling runSampling
	// round, while a Floyd round runs, collects how its launches ran.
	round *[]cudalib.VirtualLaunch
}

// start allocates the device buffers of one size and uploads the inputs
// (maps them, for readOnly inputs on the virtual GPU; maps the outputs
// too for mapOut).
func (gl *gpuLab) start(n int, p *problem, readOnly, mapOut bool) (*gpuRun, error) {
	g := &gpuRun{gpuLab: gl, p: p, n: n}
	// On the virtual GPU a large input no kernel writes is the host array
	// itself (a 512³ stencil's is a gigabyte): nothing to upload. (Large:
	// a heap allocation of its own, page-aligned.)
	maps := func(a array) bool { return gl.dev.Virtual() && 8*a.length() >= 1<<20 }
	for _, a := range p.in {
		alloc := a.alloc
		mapped := readOnly && maps(a)
		if mapped {
			alloc = a.mapOn
		}
		g.mapped = append(g.mapped, mapped)
		b, err := alloc(gl.dev)
		if err != nil {
			g.free()
			return nil, fmt.Errorf("input: %w", err)
		}
		g.in = append(g.in, b)
		if gl.dev.Virtual() {
			continue // no device copy: an upload is a host copy there, and a 512³ stencil's input is a gigabyte
		}
		if b, err = a.alloc(gl.dev); err == nil {
			g.orig = append(g.orig, b)
			err = a.upload(b)
		}
		if err != nil {
			g.free()
			return nil, fmt.Errorf("input: %w", err)
		}
	}
	for _, a := range p.out {
		alloc := a.alloc
		mapped := mapOut && maps(a)
		if mapped {
			alloc = a.mapOn
		}
		g.outMapped = append(g.outMapped, mapped)
		b, err := alloc(gl.dev)
		if err != nil {
			g.free()
			return nil, fmt.Errorf("output: %w", err)
		}
		g.out = append(g.out, b)
	}
	return g, nil
}

// scratch64 returns a scratch buffer of n float64 for a variant's run,
// shared by the variants and rounds of the size (each run must set what
// it reads) and freed with the size's buffers.
func (g *gpuRun) scratch64(n int) (*cudalib.Float64s, error) {
	if b, ok := g.scratch[n]; ok {
		return b, nil
	}
	b, err := g.dev.Float64s(n)
	if err != nil {
		return nil, err
	}
	if g.scratch == nil {
		g.scratch = map[int]*cudalib.Float64s{}
	}
	g.scratch[n] = b
	return b, nil
}

// free releases every buffer of the size; the first error is returned.
func (g *gpuRun) free() error {
	var err error
	bufs := [][]cudalib.Buffer{g.in, g.orig, g.out, nil}
	for _, b := range g.scratch {
		bufs[3] = append(bufs[3], b)
	}
	for _, bs := range bufs {
		if e := freeAll(bs); err == nil {
			err = e
		}
	}
	g.in, g.orig, g.out, g.scratch = nil, nil, nil, nil
	return err
}

func freeAll(bufs []cudalib.Buffer) error {
	var err error
	for _, b := range bufs {
		if e := b.Free(); err == nil && e != nil {
			err = fmt.Errorf("free: %w", e)
		}
	}
	return err
}

// references computes the problem's references once per size.
func (g *gpuRun) references(p *problem, cpuDone bool) ([]reference, error) {
	if g.refs == nil {
		refs, err := p.ref(cpuDone)
		if err != nil {
			return nil, err
		}
		for i := range refs {
			refs[i] = refs[i].withNorm() // once for all the size's variants
		}
		g.refs = refs
	}
	return g.refs, nil
}

// prepare returns the variant's run function and its launch in words: the
// variant's own prepare, or its one kernel launched with its config and
// the lab's arguments.
func (g *gpuRun) prepare(v Variant, args func(*gpuRun) []any) (run func() error, launch string, err error) {
	if v.prepare != nil {
		return v.prepare(g)
	}
	if len(v.Kernels) != 1 || v.config == nil || args == nil {
		return nil, "", fmt.Errorf("variant %q has neither a prepare function nor one kernel with a config and the lab's arguments", v.Name)
	}
	k, err := g.kernel(v.Kernels[0])
	if err != nil {
		return nil, "", err
	}
	cfg, err := v.config(g, k)
	if err != nil {
		return nil, "", err
	}
	a := args(g)
	run = func() error {
		if err := k.Launch(cfg, a...); err != nil {
			return err
		}
		g.noteLaunch()
		return nil
	}
	return run, launchText(k.Name(), cfg), nil
}

// launchText writes a launch as CUDA C does: name<<<grid, block[, shared]>>>.
func launchText(name string, cfg cudalib.Config) string {
	s := fmt.Sprintf("%s<<<%s, %s", name, dimText(cfg.Grid), dimText(cfg.Block))
	if cfg.Shared > 0 {
		s += fmt.Sprintf(", %d", cfg.Shared)
	}
	return s + ">>>"
}

// dimText writes a shape with as few dimensions as it has.
func dimText(d cudalib.Dim3) string {
	y, z := max(d.Y, 1), max(d.Z, 1)
	switch {
	case z > 1:
		return fmt.Sprintf("(%d,%d,%d)", d.X, y, z)
	case y > 1:
		return fmt.Sprintf("(%d,%d)", d.X, y)
	}
	return fmt.Sprint(d.X)
}
