package main

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/cudalib/counters"
	"github.com/culab/culab/cudalib/timemodel"
	"github.com/culab/culab/cudalib/vgpu"
	"github.com/culab/culab/tools/zoo"
)

// runLog is what one run writes.
type runLog struct {
	Device  string
	Virtual bool
	Once    bool
	Seed    uint64
	Date    string
	Rows    []row
	Errors  []string `json:",omitempty"` // families or sizes that could not run
}

// row is one variant at one size.
type row struct {
	Family, Variant string
	Size            int
	Check           string    `json:",omitempty"` // why the output was wrong or the run failed; "" when right
	RoundsMS        []float64 `json:",omitempty"` // the median of each timing round (one on the virtual GPU)
	// Launches are the checked run's launches in order: on the virtual
	// GPU with their counters.
	Launches []launch
	// Work is the virtual GPU's timed sequence, as the time model saw it.
	Work []timemodel.Work `json:",omitempty"`

	failed bool // the checked run did not run (not a wrong output)
}

type launch struct {
	Kernel      string
	Grid, Block [3]int
	Counters    *counters.Counters `json:",omitempty"`
	// Lines are the virtual GPU's counters per source line (sass mode).
	Lines []counters.Line `json:",omitempty"`
	// PTX are the warp-instructions by PTX text line (sass mode).
	PTX map[int]int64 `json:"-"`
	// PTXDivergent are the divergent branches by PTX text line (sass mode).
	PTXDivergent map[int]int64 `json:"-"`
}

type runConfig struct {
	virtual, once, smallest bool
	lines                   bool   // keep the virtual GPU's counters per line
	set                     string // tools/zoo's set of families ("": the zoo)
	families                []string
	rotate                  int // start the families this many places later (runs in other orders)
	rounds                  int
	seed                    uint64
	// save, when set, is given the log after each size: a run cut short
	// (ncu's time limit) keeps what it finished.
	save func(*runLog) error
}

// timeOptions are each round's: a GPU row takes at least 3 × 4 ms.
var timeOptions = cudalib.TimeOptions{Warmup: 2, MinReps: 5, MinTime: 4 * time.Millisecond, MaxReps: 5000}

// observer keeps the virtual GPU's launches while on.
type observer struct {
	mu       sync.Mutex
	on       bool
	lines    bool // keep each launch's counters per line
	launches []launch
}

func (o *observer) observe(p *vgpu.Profile) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.on {
		c := p.Total
		l := launch{Kernel: p.Kernel, Grid: p.Grid, Block: p.Block, Counters: &c}
		if o.lines {
			l.Lines, l.PTX, l.PTXDivergent = p.Lines, p.PTXWarpInstrs, p.PTXDivergent
		}
		o.launches = append(o.launches, l)
	}
}

func (o *observer) start() {
	o.mu.Lock()
	o.on, o.launches = true, nil
	o.mu.Unlock()
}

func (o *observer) stop() []launch {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.on = false
	return o.launches
}

// recorder is the virtual GPU's time model, keeping the last sequence.
type recorder struct {
	mu   sync.Mutex
	last []timemodel.Work
}

func (r *recorder) Time(work []timemodel.Work) time.Duration {
	r.mu.Lock()
	r.last = append([]timemodel.Work(nil), work...)
	r.mu.Unlock()
	return timemodel.H100.Time(work)
}

func (r *recorder) take() []timemodel.Work {
	r.mu.Lock()
	defer r.mu.Unlock()
	w := r.last
	r.last = nil
	return w
}

func run(c runConfig) (*runLog, error) {
	set := c.set
	if set == "" {
		set = zoo.SetZoo
	}
	fams, err := zoo.Select(set, c.families)
	if err != nil {
		return nil, err
	}
	if k := c.rotate % len(fams); k > 0 {
		fams = append(fams[k:], fams[:k]...)
	}
	var dev *cudalib.Device
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
	log := &runLog{Device: dev.String(), Virtual: dev.Virtual(), Once: c.once, Seed: c.seed, Date: time.Now().UTC().Format(time.RFC3339)}
	obs, rec := &observer{lines: c.lines}, &recorder{}
	if c.virtual {
		vgpu.Observe(obs.observe)
		defer vgpu.Observe(nil)
		if err := dev.SetTimeModel(rec); err != nil {
			return nil, err
		}
	}
	rounds := c.rounds
	if c.virtual {
		rounds = 1 // the model's time is the same every round
	}
	for _, f := range fams {
		sizes := f.Sizes
		if c.smallest {
			sizes = sizes[:1]
		}
		for _, n := range sizes {
			start := time.Now()
			rows, err := runSize(dev, f, n, c, rounds, obs, rec)
			log.Rows = append(log.Rows, rows...)
			if err != nil {
				// A size that cannot run is noted; the others still run.
				log.Errors = append(log.Errors, err.Error())
				fmt.Fprintf(os.Stderr, "zoocompare: %v\n", err)
			}
			fmt.Fprintf(os.Stderr, "zoocompare: %s %d on %s: %.1f s\n", f.Key, n, dev, time.Since(start).Seconds())
			if c.save != nil {
				if err := c.save(log); err != nil {
					return log, err
				}
			}
		}
	}
	return log, dev.Synchronize()
}

// runSize checks every variant of f at n, then times them in rounds.
func runSize(dev *cudalib.Device, f *zoo.Family, n int, c runConfig, rounds int, obs *observer, rec *recorder) ([]row, error) {
	in, err := zoo.NewInstance(dev, f, n, c.seed)
	if err != nil {
		return nil, err
	}
	defer in.Free()
	rows := make([]row, len(f.Variants))
	for i := range f.Variants {
		v := &f.Variants[i]
		r := &rows[i]
		*r = row{Family: f.Key, Variant: v.Name, Size: n}
		obs.start()
		err := in.Check(v)
		r.Launches = obs.stop()
		if !c.virtual {
			for _, s := range v.Steps(n) {
				r.Launches = append(r.Launches, launch{Kernel: s.Kernel, Grid: dims(s.Grid), Block: dims(s.Block)})
			}
		}
		if err != nil {
			r.Check = err.Error()
			r.failed = !errors.Is(err, zoo.ErrCheck)
			fmt.Fprintf(os.Stderr, "zoocompare: %v\n", err)
		}
	}
	if c.once {
		return rows, nil
	}
	// On a GPU a first round is thrown away: the GPU idled while the CPU
	// made the inputs and its reference, and its clocks come back up
	// under load (an idle H100 reports 345 MHz against 1980).
	first := 0
	if !c.virtual {
		first = -1
	}
	for round := first; round < rounds; round++ {
		for i := range f.Variants {
			r := &rows[i]
			// A wrong output is timed still (the comparison lists it): only
			// a variant that did not run is not.
			if r.failed {
				continue
			}
			t, err := in.Time(&f.Variants[i], timeOptions)
			if err != nil {
				r.Check, r.failed = err.Error(), true
				continue
			}
			if round < 0 {
				continue
			}
			r.RoundsMS = append(r.RoundsMS, t.MS())
			if c.virtual {
				r.Work = rec.take()
			}
		}
	}
	return rows, nil
}

// dims is d as ncu prints it (a zero Y or Z is 1).
func dims(d cudalib.Dim3) [3]int { return [3]int{d.X, max(d.Y, 1), max(d.Z, 1)} }
