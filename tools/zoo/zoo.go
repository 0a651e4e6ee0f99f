// Package zoo is a catalogue of small CUDA kernels that appear nowhere else
// in culab (reduction and scan ladders, histograms, SpMV formats, stencils,
// GEMM tilings, sorting networks, arithmetic mixes, access patterns...),
// written to test the virtual GPU's counters and time model out of sample:
// the labs (cudalib/labs) are what the model was calibrated on, the zoo is
// what it was not.
//
// A Family is data: its CUDA C source (embedded from cuda/), its sizes, its
// variants (each a sequence of launches) and a setup that makes fresh
// random inputs of a size with a CPU reference check. Instances run the
// same rows on a GPU and on the virtual GPU through cudalib.
//
// Families come in sets: "zoo", the catalogue the time model was
// validated on, and "blind", a second catalogue of kernel shapes the zoo
// lacks (graphs, hashing, radix sort, integer mixes, dynamic
// programming, resampling, Monte Carlo, further sparse formats, cellular
// automata, FFT, constant tables, local arrays, pointer chasing), written
// to be measured before the model is changed while looking at them.
package zoo

import (
	"embed"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/culab/culab/cudalib"
)

//go:embed cuda/*.cu cuda/blind/*.cu
var sources embed.FS

// Family is one kind of kernel with its variants.
type Family struct {
	Key   string // e.g. "reduce"
	Set   string // SetZoo or SetBlind
	Title string // what the variants compare, in a line
	File  string // CUDA C file under cuda/ (cuda/blind/ for the blind set: "blind/bfs.cu")
	Sizes []int  // the sizes the comparison runs, smallest first
	Smoke int    // a small size for tests (not a multiple of the block where the kernels allow it)
	// Variants all compute the same outputs from the same buffers.
	Variants []Variant
	// AtomicOrder names the kernels whose memory counts depend on the
	// order atomics land: the slot an atomic hands a thread (a queue
	// position, a compacted index, a scatter offset, a hash slot) decides
	// where its later accesses go, and that order changes from run to run
	// on the GPU (the virtual GPU runs such a kernel's blocks in order,
	// the same every run), so their sectors (and the probes of a hash
	// table built so) cannot equal ncu's but by chance.
	AtomicOrder []string
	// setup makes the buffers of size n from rng, and their check.
	setup func(n int, rng *rand.Rand) (*Problem, error)
}

// Variant is one way of computing a family's outputs: launches in order.
type Variant struct {
	Name  string
	steps func(n int) []Step
}

// Step is one kernel launch. Args may hold Buf references to the
// problem's buffers; ints and float32s are passed as CUDA int and float.
type Step struct {
	Kernel      string
	Grid, Block cudalib.Dim3
	Shared      int // dynamic shared memory in bytes
	Args        []any
}

// Buf refers to a problem's buffer in a Step's arguments.
type Buf int

// Problem is one size of a family: its buffers' initial contents (copied
// to the device before every checked run: inputs, outputs poisoned or
// zeroed as the kernels need), which of them are outputs, and the check
// of a variant's outputs against the CPU's reference.
type Problem struct {
	Bufs  []any // []float32, []int32 or []uint32
	Outs  []int // indices in Bufs of the outputs, in check's order
	check func(variant string, outs []any) error
}

// Steps are the variant's launches at size n.
func (v *Variant) Steps(n int) []Step { return v.steps(n) }

// Source is the family's CUDA C source.
func (f *Family) Source() (string, error) {
	b, err := sources.ReadFile("cuda/" + f.File)
	return string(b), err
}

// Setup makes the problem of size n with inputs drawn from rng.
func (f *Family) Setup(n int, rng *rand.Rand) (*Problem, error) { return f.setup(n, rng) }

// The sets of families.
const (
	SetZoo   = "zoo"
	SetBlind = "blind"
)

// Sets are the sets' names.
var Sets = []string{SetZoo, SetBlind}

// catalogue holds every family, filled as the package initialises.
var catalogue []*Family

// register adds a family of the zoo set.
func register(f *Family) *Family {
	if f.Set == "" {
		f.Set = SetZoo
	}
	catalogue = append(catalogue, f)
	return f
}

// registerBlind adds a family of the blind set.
func registerBlind(f *Family) *Family {
	f.Set = SetBlind
	return register(f)
}

// All lists the families of every set by key.
func All() []*Family {
	out := append([]*Family(nil), catalogue...)
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// InSet lists the families of a set by key.
func InSet(set string) ([]*Family, error) {
	var out []*Family
	for _, f := range All() {
		if f.Set == set {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no zoo set %q (sets: %s)", set, strings.Join(Sets, ", "))
	}
	return out, nil
}

// Get returns the family with the given key, of any set.
func Get(key string) (*Family, error) {
	var keys []string
	for _, f := range All() {
		if f.Key == key {
			return f, nil
		}
		keys = append(keys, f.Key)
	}
	return nil, fmt.Errorf("no zoo family %q (families: %s)", key, strings.Join(keys, ", "))
}

// Select returns the families of set named in keys (all of the set when
// keys is empty); a key of another set is an error.
func Select(set string, keys []string) ([]*Family, error) {
	in, err := InSet(set)
	if err != nil || len(keys) == 0 {
		return in, err
	}
	var out []*Family
	for _, k := range keys {
		f, err := Get(k)
		if err != nil {
			return nil, err
		}
		if f.Set != set {
			return nil, fmt.Errorf("zoo family %q is in set %q, not %q", k, f.Set, set)
		}
		out = append(out, f)
	}
	return out, nil
}

// one is a variant of a single launch.
func one(name, kernel string, cfg func(n int) (grid, block cudalib.Dim3), args func(n int) []any) Variant {
	return Variant{Name: name, steps: func(n int) []Step {
		g, b := cfg(n)
		return []Step{{Kernel: kernel, Grid: g, Block: b, Args: args(n)}}
	}}
}

// perElement launches one thread per element in blocks of block threads.
func perElement(block int) func(n int) (cudalib.Dim3, cudalib.Dim3) {
	return func(n int) (cudalib.Dim3, cudalib.Dim3) {
		return cudalib.D1(ceilDiv(n, block)), cudalib.D1(block)
	}
}

// fixedGrid launches grid blocks of block threads whatever the size.
func fixedGrid(grid, block int) func(n int) (cudalib.Dim3, cudalib.Dim3) {
	return func(int) (cudalib.Dim3, cudalib.Dim3) { return cudalib.D1(grid), cudalib.D1(block) }
}

// one1 is a single block or thread.
var one1 = cudalib.D1(1)

func ceilDiv(a, b int) int { return (a + b - 1) / b }
