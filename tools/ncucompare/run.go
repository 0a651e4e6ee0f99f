package main

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/cudalib/counters"
	"github.com/culab/culab/cudalib/labs"
	"github.com/culab/culab/cudalib/vgpu"
)

// markerName is the empty kernel launched after every step of a lab run
// (its inputs, then each variant): its grid's x is the number of the step
// just finished plus one, so the launches of a step can be told apart in
// ncu's list of launches, whatever else the step launched.
const markerName = "ncucompare_marker"

const markerSource = `extern "C" __global__ void ncucompare_marker() {}`

// runLog is what one run mode writes: the steps in order, and on the
// virtual GPU each step's launches with their counters.
type runLog struct {
	Device  string
	Virtual bool
	Seed    uint64
	Steps   []step
	Errors  []string `json:",omitempty"` // labs that stopped, and why
}

// step is one finished step of a lab run (labs.Progress).
type step struct {
	ID       int    // the marker after it has grid (ID+1, 1, 1)
	Lab      string // lab key
	Size     int
	Label    string   // as labs reports it, e.g. "matmul 128: tiled 16"
	Launches []launch `json:",omitempty"` // virtual GPU only
}

// launch is one kernel launch of the virtual GPU.
type launch struct {
	Kernel      string // PTX (mangled) name
	Grid, Block [3]int
	Counters    counters.Counters
	// PTX are the warp-instructions by PTX text line (estimate mode).
	PTX map[int]int64 `json:"-"`
	// PTXDivergent are the divergent branches by PTX text line.
	PTXDivergent map[int]int64 `json:"-"`
}

// runConfig selects what the run mode runs.
type runConfig struct {
	virtual bool
	seed    uint64
	labs    []string       // keys; none: all
	sizes   map[string]int // per lab key; default the smallest virtual size
	ptx     bool           // keep each launch's counts per PTX instruction
}

// recorder collects the virtual GPU's launches into the current step and
// reports each finished step by launching the marker.
type recorder struct {
	mu     sync.Mutex
	log    runLog
	cur    []launch
	lab    string
	size   int
	marker *cudalib.Kernel
	ptx    bool
	err    error
}

func (r *recorder) observe(p *vgpu.Profile) {
	if p.Kernel == markerName {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	l := launch{Kernel: p.Kernel, Grid: p.Grid, Block: p.Block, Counters: p.Total}
	if r.ptx {
		l.PTX, l.PTXDivergent = p.PTXWarpInstrs, p.PTXDivergent
	}
	r.cur = append(r.cur, l)
}

// Step ends the current step (labs.Progress).
func (r *recorder) Step(label string) {
	r.mu.Lock()
	id := len(r.log.Steps)
	r.log.Steps = append(r.log.Steps, step{ID: id, Lab: r.lab, Size: r.size, Label: label, Launches: r.cur})
	r.cur = nil
	r.mu.Unlock()
	if err := r.marker.Run(cudalib.Config{Grid: cudalib.D1(id + 1), Block: cudalib.D1(1)}); err != nil && r.err == nil {
		r.err = fmt.Errorf("marker after step %d: %w", id, err)
	}
}

// Done is labs.Progress's end of a run.
func (r *recorder) Done() {}

// runLabs runs every selected lab once at its small size on the GPU or the
// virtual GPU and returns the steps, with an error those so far.
func runLabs(c runConfig) (*runLog, error) {
	var dev *cudalib.Device
	var err error
	if c.virtual {
		dev, err = cudalib.OpenVirtual()
	} else {
		dev, err = cudalib.Open()
		if err == nil && dev.Virtual() {
			err = fmt.Errorf("no GPU here (cudalib opened the virtual GPU): use -vm")
		}
	}
	if err != nil {
		return nil, err
	}
	mod, err := dev.Compile(markerSource)
	if err != nil {
		return nil, fmt.Errorf("compile the marker: %w", err)
	}
	marker, err := mod.Kernel(markerName)
	if err != nil {
		return nil, err
	}
	r := &recorder{log: runLog{Device: dev.String(), Virtual: dev.Virtual(), Seed: c.seed}, marker: marker, ptx: c.ptx}
	if c.virtual {
		vgpu.Observe(r.observe)
		defer vgpu.Observe(nil)
	}
	// One warm-up and one timed launch per variant, in one round: ncu
	// profiles every launch, and the comparison needs only the checked
	// run's.
	opts := labs.Options{Seed: c.seed, Progress: r, Rounds: 1, Time: cudalib.TimeOptions{Warmup: 1, MinReps: 1, MaxReps: 1}}
	for _, l := range labs.All() {
		if len(c.labs) > 0 && !contains(c.labs, l.Key) {
			continue
		}
		n, ok := c.sizes[l.Key]
		if !ok {
			n = smallest(l)
		}
		r.lab, r.size = l.Key, n
		fmt.Fprintf(os.Stderr, "ncucompare: %s at %s on %s\n", l.Key, l.SizeLabel(n), dev)
		// A lab that stops (a compile error, a fault) is noted; the others
		// still run, so one broken kernel leaves the rest of the table.
		if _, err := l.RunWith(dev, opts, []int{n}); err != nil {
			fmt.Fprintf(os.Stderr, "ncucompare: %v\n", err)
			r.log.Errors = append(r.log.Errors, err.Error())
		}
		if r.err != nil {
			return &r.log, r.err
		}
	}
	return &r.log, dev.Synchronize()
}

// smallest is the lab's smallest virtual size (or size).
func smallest(l *labs.Lab) int {
	sizes := l.VirtualSizes
	if len(sizes) == 0 {
		sizes = l.Sizes
	}
	n := sizes[0]
	for _, s := range sizes {
		n = min(n, s)
	}
	return n
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// parseSizes reads "key=n,key=n".
func parseSizes(s string) (map[string]int, error) {
	out := map[string]int{}
	if s == "" {
		return out, nil
	}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(kv, "=")
		n, err := strconv.Atoi(v)
		if !ok || err != nil || n <= 0 {
			return nil, fmt.Errorf("size %q: want lab=n with n > 0", kv)
		}
		out[k] = n
	}
	return out, nil
}

// labKeys lists the keys of the labs, for usage messages.
func labKeys() string {
	var keys []string
	for _, l := range labs.All() {
		keys = append(keys, l.Key)
	}
	sort.Strings(keys)
	return strings.Join(keys, ", ")
}
