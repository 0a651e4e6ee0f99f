package labs

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"time"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/display/table"
)

// Lab is one lab of the catalogue: mostly data (its CUDA C source, sizes,
// variants and metric) plus a few small functions that make its inputs,
// run its CPU baseline and compute the reference outputs.
//
// Its exported fields describe it for notebooks; Run and RunWith measure it.
type Lab struct {
	Key     string   // catalogue key, e.g. "vecadd"
	Title   string   // e.g. "Vector addition"
	Seed    string   // seed report it comes from, e.g. "001"
	Summary string   // what the lab shows, in a sentence or two
	File    string   // CUDA C file name under cuda/, e.g. "vecadd.cu"
	Source  string   // the CUDA C source, embedded from cuda/File
	Options []string // NVRTC options the source is compiled with

	SizeName string // column title for sizes, e.g. "elements" or "n"
	Sizes    []int  // sizes Run uses when it is given none
	// VirtualSizes are a quick run's sizes on the virtual GPU
	// (Options.Quick, QuickSizes): small enough to interpret every block
	// of every launch, each notebook within a minute on a 2-core machine.
	VirtualSizes []int
	Variants     []Variant
	Baseline     string // name of the variant SpeedupBase compares against

	MetricName    string // e.g. "bandwidth"
	MetricUnit    string // e.g. "GB/s"
	MetricFormula string // how the metric is counted, e.g. "3·4·N bytes / time"
	Notes         []string

	// smoke are small sizes for tests, including ones that are not
	// multiples of any block or tile size.
	smoke []int
	// label writes a size as the report does ("10W"); nil: decimal.
	label func(n int) string
	// work is the metric's numerator for one run at size n, in the metric
	// unit times seconds (GB for GB/s, GFLOP for GFLOP/s, ...).
	work func(n int) float64
	// ceiling is an optional upper bound in the metric's unit for the device.
	ceiling func(info cudalib.Info) (value float64, name string)
	// setup makes the inputs of size n from rng; an error means the size
	// is not valid for the lab.
	setup func(n int, rng *rand.Rand) (*problem, error)
	// readOnlyInputs says no variant writes its inputs: on the virtual
	// GPU the host arrays themselves are the device buffers (mapped, not
	// uploaded: a 512³ stencil's input is a gigabyte).
	readOnlyInputs bool
	// mapOutputs says the host output arrays themselves are the device's
	// output buffers on the virtual GPU (mapped, as large inputs are):
	// nothing is fetched, and a size holds each output once. For a lab
	// whose runs write their outputs whole anyway (launchcfg at 2^26: two
	// 1 GiB copies of its output otherwise); a sampled run's output is
	// then the whole host array, where a device buffer holds only the
	// pages the sample wrote.
	mapOutputs bool
	// args are the kernel arguments of the single-kernel variants.
	args func(g *gpuRun) []any
}

// Variant is one way of running a lab on the GPU: one kernel with a launch
// configuration, or a function that enqueues several launches (phases,
// time steps) or a library call.
type Variant struct {
	Name    string   // as the table shows it
	Kernels []string // kernels it launches, C++ names ("mm_tiled<32>"); none for a library call
	Launch  string   // the launch configuration in words, e.g. "<<<ceil(n/256), 256>>>"
	Note    string   // what the variant shows

	// maxSize, when positive, skips larger sizes (the variant would take
	// minutes there).
	maxSize int
	// virtualMax, when positive, skips larger sizes on the virtual GPU
	// unless it runs every block (CULAB_VIRTUAL_SAMPLE=full): the variant
	// has too few blocks for a sample of them to save time (one block that
	// loops over everything), and interpreting it whole takes minutes.
	virtualMax int
	// config is the launch configuration of a single-kernel variant: its
	// one kernel is launched with config and the lab's args.
	config func(g *gpuRun, k *cudalib.Kernel) (cudalib.Config, error)
	// prepare makes a variant that is not a single launch: it looks up
	// kernels (g.kernel), takes scratch buffers (g.scratch64) and returns run, which
	// enqueues one complete run on the default stream, and the launch
	// configuration in words for the table. Before the checked run the
	// inputs are copied in fresh and the outputs poisoned; the timed runs
	// (Device.TimeFunc) follow it directly, so a run must not depend on
	// what an earlier run left in its outputs.
	prepare func(g *gpuRun) (run func() error, launch string, err error)
}

// Progress hears each finished step of a run and Done at its end;
// plots.NewProgress implements it. Lab.Steps counts the steps.
type Progress interface {
	Step(label string)
	Done()
}

// DefaultCPUCap is how long the CPU reference may run per size.
const DefaultCPUCap = 30 * time.Second

// Options tune RunWith. The zero value means the defaults.
type Options struct {
	// Seed makes the random inputs reproducible; 0 picks a fresh seed,
	// which the table's notes give so the run can be repeated.
	Seed uint64
	// CPUCap stops the CPU reference (on every core) past this time per
	// size (0: DefaultCPUCap); negative skips the CPU reference.
	CPUCap time.Duration
	// Progress, when set, hears each step.
	Progress Progress
	// Time sets the repetitions of each timed variant; the zero value means
	// cudalib's defaults with one warm-up a round, reduced to 3 runs (the
	// checked run among them) for variants whose checked run took SlowRun
	// or more, and to the checked run alone from LongRun.
	Time cudalib.TimeOptions
	// Rounds is how many rounds a GPU times the variants of one size in,
	// after checking them all (0: DefaultRounds; 1: each variant in one
	// go). Each round times every variant in turn with its share of Time
	// (MinTime, MinReps and MaxReps divided by Rounds, the full warm-up),
	// so that drift of the GPU's clocks or the host's load spreads over
	// all variants instead of biasing the one timed during a slow stretch.
	// Slow variants (see SlowRun) are timed in the first round only.
	Rounds int
	// Quick runs, when no sizes are given, QuickSizes instead of the
	// report's Sizes: on the virtual GPU the small VirtualSizes, whose
	// launches run whole (under the virtual GPU's own sampling budget, not
	// LabSampleBudget) and whose outputs are all checked.
	Quick bool
}

// EnvQuick, when set (to anything), makes every RunWith a quick one
// (Options.Quick): a machine too small for the report's sizes on the
// virtual GPU, or a test that runs the notebooks as they ship, sets it.
const EnvQuick = "CULAB_LAB_QUICK"

// SlowRun and LongRun are how long one checked run may take before
// RunWith times the variant over 3 runs, the checked one among them, or by
// the checked run alone (when Options.Time is left zero). On the H100,
// Floyd–Warshall's runs of 37 ms to 2.8 s varied by under 1% from run to
// run (min–max over 3 runs, 2026-11-25), while their repeats were half of
// notebook 06's 59 s.
const (
	SlowRun = 20 * time.Millisecond
	LongRun = 250 * time.Millisecond
)

// catalogue holds every lab, filled by register as the package initialises.
var catalogue []*Lab

// register adds a lab to the catalogue; lab files declare
// `var X = register(&Lab{...})`.
func register(l *Lab) *Lab {
	catalogue = append(catalogue, l)
	return l
}

// All lists the labs by seed report, then key. The device query of seeds
// 000 and 001 is QueryDevice, not a Lab: it has no sizes or variants.
func All() []*Lab {
	out := append([]*Lab(nil), catalogue...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Seed != out[j].Seed {
			return out[i].Seed < out[j].Seed
		}
		return out[i].Key < out[j].Key
	})
	return out
}

// Get returns the lab with the given key.
func Get(key string) (*Lab, error) {
	var keys []string
	for _, l := range All() {
		if l.Key == key {
			return l, nil
		}
		keys = append(keys, l.Key)
	}
	return nil, fmt.Errorf("no lab %q (labs: %s; the device query is QueryDevice)", key, strings.Join(keys, ", "))
}

// VariantNames lists the variants in table order.
func (l *Lab) VariantNames() []string {
	names := make([]string, len(l.Variants))
	for i, v := range l.Variants {
		names[i] = v.Name
	}
	return names
}

// Steps is how many steps RunWith reports to Options.Progress for these
// arguments: per size one for the inputs and CPU reference, and with a GPU
// one per variant.
func (l *Lab) Steps(gpu bool, sizes []int, variants ...string) int {
	if len(sizes) == 0 {
		sizes = l.Sizes
	}
	perSize := 1
	if gpu {
		if len(variants) == 0 {
			perSize += len(l.Variants)
		} else {
			perSize += len(variants)
		}
	}
	return len(sizes) * perSize
}

// SizeLabel writes size n as the lab's report does.
func (l *Lab) SizeLabel(n int) string {
	if l.label == nil {
		return fmt.Sprint(n)
	}
	return l.label(n)
}

// Metric converts the median time of one run at size n into the lab's
// metric (MetricUnit); 0 when the time is not positive.
func (l *Lab) Metric(n int, ms float64) float64 {
	if ms <= 0 {
		return 0
	}
	return l.work(n) / (ms / 1e3)
}

// Markdown describes the lab for a notebook: its variants and what it
// measures.
func (l *Lab) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "### %s (`%s`, seed %s)\n\n%s\n\n", l.Title, l.Key, l.Seed, l.Summary)
	fmt.Fprintf(&b, "Metric: %s in %s = %s. Default sizes (%s): %s. Source: `cuda/%s`.\n\n",
		l.MetricName, l.MetricUnit, l.MetricFormula, l.SizeName, l.sizeList(l.Sizes), l.File)
	b.WriteString(table.Markdown(l.variantTable()))
	return b.String()
}

// variantTable is the lab's catalogue of variants: each one's kernels, its
// launch and what it shows, with the lab's notes below.
func (l *Lab) variantTable() table.Table {
	t := table.Table{Look: table.Bare, Columns: table.Cols(table.Left, "variant", "kernels", "launch", "note"), Notes: l.Notes}
	t.Columns[2].Code = table.HTMLForm | table.MarkdownForm
	for _, v := range l.Variants {
		name := table.Cell{Text: v.Name}
		if v.Name == l.Baseline {
			name.Text += " (baseline)"
		}
		kernels := table.Cell{Text: "library call"}
		if len(v.Kernels) > 0 {
			kernels = table.Cell{Text: strings.Join(v.Kernels, ", "), Code: table.HTMLForm | table.MarkdownForm}
		}
		t.Rows = append(t.Rows, table.Row{Cells: []table.Cell{name, kernels, {Text: v.Launch}, {Text: v.Note}}})
	}
	return t
}

func (l *Lab) sizeList(sizes []int) string {
	s := make([]string, len(sizes))
	for i, n := range sizes {
		s[i] = l.SizeLabel(n)
	}
	return strings.Join(s, ", ")
}

// pick returns the named variants in the lab's order (all when none are
// named), or an error naming the unknown ones.
func (l *Lab) pick(names []string) ([]Variant, error) {
	if len(names) == 0 {
		return l.Variants, nil
	}
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	var out []Variant
	for _, v := range l.Variants {
		if want[v.Name] {
			out = append(out, v)
			delete(want, v.Name)
		}
	}
	if len(want) > 0 {
		var unknown []string
		for n := range want {
			unknown = append(unknown, fmt.Sprintf("%q", n))
		}
		sort.Strings(unknown)
		return nil, fmt.Errorf("lab %s has no variant %s (variants: %q)", l.Key, strings.Join(unknown, ", "), l.VariantNames())
	}
	return out, nil
}
