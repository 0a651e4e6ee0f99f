package labs

import (
	_ "embed"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/culab/culab/cudalib"
)

//go:embed cuda/floyd.cu
var floydSource string

const (
	// floydPad: the device matrix is padded to a multiple of the largest
	// blocking factor, as the seed does, so every variant runs on the same
	// n×n matrix without bounds checks.
	floydPad = 64
	// floydMaxV keeps the padded n² below 2³¹: the kernels index with int.
	floydMaxV = 46336
	// floydEdges is E/V of the random graphs.
	floydEdges = 4
	// floydSampleRows is how many rows the check compares, by Dijkstra, when
	// the CPU reference is over the cap.
	floydSampleRows = 16
)

// Floyd is seed 003's blocked Floyd–Warshall.
var Floyd = register(&Lab{
	Key:   "floyd",
	Title: "All-pairs shortest paths: blocked Floyd–Warshall",
	Seed:  "003",
	Summary: "Floyd–Warshall on random graphs with unreachable pairs, up the seed's optimisation ladder: one launch per k in " +
		"global memory (naive index order, then coalesced), then three-phase blocked rounds in shared memory with an " +
		"if-branch, with min(), and with B = 64 (32×32 threads, 4 cells each); plus the blocking-factor sweep B = 8, 16, 32, 64.",
	File:   "floyd.cu",
	Source: floydSource,
	// floyd.cu passes lambdas to a template: NVRTC 11 (CI's) compiles
	// without lambdas unless told a standard; NVRTC 13 defaults to C++17.
	Options: []string{"-std=c++17"},

	SizeName:     fmt.Sprintf("V (E = %dV random edges)", floydEdges),
	Sizes:        []int{1000, 2000, 5000, 10000},
	smoke:        []int{1, 100, 333},
	VirtualSizes: []int{100, 200, 400},
	Baseline:     "global, naive order",
	Variants: []Variant{
		floydGlobal("global, naive order", false, 5000,
			"one launch per k; threadIdx.x walks rows, so each access of a warp touches 32 rows (uncoalesced); if-branch"),
		floydGlobal("global, coalesced", true, 0,
			"one launch per k; threadIdx.x walks columns: a warp reads 32 consecutive ints"),
		floydBlocked(32, false, "three phases per round, B×B blocks in shared memory, 32×32 threads; if-branch"),
		floydBlocked(32, true, "as above with min() instead of the branch"),
		floydBlocked(64, true, "B = 64: 32×32 threads, 4 cells each (the seed's final kernel)"),
		floydBlocked(8, true, "blocking-factor sweep: 8×8 threads"),
		floydBlocked(16, true, "blocking-factor sweep: 16×16 threads"),
	},

	MetricName:    "throughput",
	MetricUnit:    "GOPS",
	MetricFormula: "V³ relaxations d[i][j] = min(d[i][j], d[i][k] + d[k][j]) / time (the padding's extra work is not counted)",
	work:          func(n int) float64 { return cube(n) / 1e9 },
	Notes: []string{
		fmt.Sprintf("Graphs: V vertices, %dV directed edges of weight 1…100 between random vertices; about one vertex in 16 has no edge, so some pairs stay INF = 2³⁰−1 (INF + INF still fits an int32). The n×n matrix is padded to a multiple of %d with isolated vertices.", floydEdges, floydPad),
		"Each run first copies the initial matrix into the output buffer (device to device, part of the timed run), so every timed run does the same relaxations: on a finished matrix the branch would never be taken.",
		fmt.Sprintf("Check: the whole padded matrix, exactly, against the CPU Floyd–Warshall (rows of each round over every core) when it finished within the CPU cap; past the cap, %d rows (random sources, vertex 0, the last row) against Dijkstra from those sources.", floydSampleRows),
		"The seed's ladder (its testcase p12k1): baseline 273.6 s → coalesced 27.6 → unroll 23.8 → shared 7.48 → min 5.24 → B = 64 2.58 s; its sweep (testcase c21.1, V = 5000) gave 740, 1353, 1985, 2431 GOPS for B = 8, 16, 32, 64, counted from profiled integer instructions rather than V³. The compiler may turn the branch into the same code as min(): compare those rows.",
		"Files in the seed's format: ReadGraph, WriteGraph, ReadDistances, WriteDistances; FloydCPU is the CPU reference.",
	},

	setup:          newFloyd,
	readOnlyInputs: true, // every run copies the input into the output buffer first and works there
	// Every run writes its output whole (that copy): on the virtual GPU
	// the host array is the buffer, so a sampled round's check reads it
	// where it is (404 MB a round at V = 10000, fetched 6 times a variant
	// otherwise) and a size holds the matrix once less.
	mapOutputs: true,
})

// floydPadded is the padded matrix size for v vertices.
func floydPadded(v int) int { return max(ceilDiv(v, floydPad), 1) * floydPad }

func floydGlobal(name string, coalesced bool, maxSize int, note string) Variant {
	order := 0
	if coalesced {
		order = 1
	}
	return Variant{
		Name:    name,
		Kernels: []string{"fw_global"},
		Launch:  fmt.Sprintf("V × fw_global<<<(n/32, n/8), (32,8)>>>(d, n, k, %d)", order),
		Note:    note,
		maxSize: maxSize,
		prepare: func(g *gpuRun) (func() error, string, error) {
			k, err := g.kernel("fw_global")
			if err != nil {
				return nil, "", err
			}
			n := floydPadded(g.n)
			cfg := cudalib.Config{Grid: cudalib.D2(n/32, n/8), Block: cudalib.D2(32, 8)}
			// Padding vertices have no edges: no path goes through them,
			// so k stops at V.
			rounds := floydRoundsRun{rounds: g.n, per: 1, dataDependent: true,
				pivot: func(r int) int { return r },
				launch: func(kk int) error {
					if err := k.Launch(cfg, g.out[0], n, kk, order); err != nil {
						return err
					}
					g.noteRound()
					return nil
				},
				relax: func(d []int32, kk int, ran [][]int64) { floydGlobalRelax(d, n, kk, coalesced, ran) },
			}
			run := func() error {
				if err := g.dev.Copy(g.out[0], g.in[0]); err != nil {
					return err
				}
				return rounds.run(g)
			}
			return run, fmt.Sprintf("copy, %d × %s", g.n, launchText("fw_global", cfg)), nil
		},
	}
}

// floydKernel names phase p (1–3) of the blocked kernels.
func floydKernel(p, b int, useMin bool) string {
	return fmt.Sprintf("fw_phase%d<%d, %t>", p, b, useMin)
}

func floydBlocked(b int, useMin bool, note string) Variant {
	relax := "if"
	if useMin {
		relax = "min"
	}
	t := min(b, 32)
	kernels := []string{floydKernel(1, b, useMin), floydKernel(2, b, useMin), floydKernel(3, b, useMin)}
	return Variant{
		Name:    fmt.Sprintf("shared B=%d, %s", b, relax),
		Kernels: kernels,
		Launch: fmt.Sprintf("n/%d rounds of phase 1 <<<1, (%d,%d)>>>, phase 2 <<<(n/%d, 2), (%d,%d)>>>, phase 3 <<<(n/%d, n/%d), (%d,%d)>>>",
			b, t, t, b, t, t, b, b, t, t),
		Note: note,
		prepare: func(g *gpuRun) (func() error, string, error) {
			var ks [3]*cudalib.Kernel
			for p := range ks {
				k, err := g.kernel(kernels[p])
				if err != nil {
					return nil, "", err
				}
				ks[p] = k
			}
			n := floydPadded(g.n)
			nb := n / b
			block := cudalib.D2(t, t)
			cfgs := [3]cudalib.Config{
				{Grid: cudalib.D1(1), Block: block},
				{Grid: cudalib.D2(nb, 2), Block: block},
				{Grid: cudalib.D2(nb, nb), Block: block},
			}
			rounds := floydRoundsRun{rounds: nb, per: 3, dataDependent: !useMin,
				pivot: func(r int) int { return r * b },
				launch: func(r int) error {
					for p, k := range ks {
						if err := k.Launch(cfgs[p], g.out[0], n, r); err != nil {
							return err
						}
						g.noteRound()
					}
					return nil
				},
				relax: func(d []int32, r int, ran [][]int64) { floydBlockedRelax(d, n, b, r, ran) },
			}
			run := func() error {
				if err := g.dev.Copy(g.out[0], g.in[0]); err != nil {
					return err
				}
				return rounds.run(g)
			}
			return run, fmt.Sprintf("copy, %d rounds × (%s, %s, %s)", nb,
				launchText(kernels[0], cfgs[0]), launchText(kernels[1], cfgs[1]), launchText(kernels[2], cfgs[2])), nil
		},
	}
}

func newFloyd(v int, rng *rand.Rand) (*problem, error) {
	if v > floydMaxV {
		return nil, fmt.Errorf("V = %d: at most %d (the padded matrix is indexed with int)", v, floydMaxV)
	}
	e := floydEdges * v
	if v == 1 {
		e = 0 // no edge without a self-loop
	}
	g, err := randomGraph(rng, v, e)
	if err != nil {
		return nil, err
	}
	sampleSeed := rng.Uint64()
	n := floydPadded(v)
	d0 := g.matrix(n)
	var cpuOut []int32 // made when the baseline runs: 400 MB at V = 10000
	// The reference keeps the distances where sampled runs start their
	// rounds (floyd_sampled.go).
	st := &floydState{}
	p := &problem{
		in:    []array{i32(d0)},
		out:   []array{make(i32, n*n)},
		state: st,
	}
	p.cpuPrepare = func() {
		cpuOut = slices.Clone(d0)
		p.cpuOut = []array{i32(cpuOut)}
	}
	p.cpu = func(stop *deadline) bool {
		if cpuOut == nil {
			p.cpuPrepare() // a caller that did not (tests)
		}
		st.snaps, st.done = map[int][]int32{0: d0}, false
		want := floydSampleK(n)
		st.done = floydRounds(stop, cpuOut, n, func(k int) {
			if slices.Contains(want, k) {
				st.snaps[k] = slices.Clone(cpuOut)
			}
		})
		return st.done
	}
	p.ref = func(cpuDone bool) ([]reference, error) {
		if cpuDone {
			want := make([]float64, len(cpuOut))
			for i, x := range cpuOut {
				want[i] = float64(x)
			}
			return []reference{{want: want, tol: exact}}, nil
		}
		return []reference{floydSample(g, n, rand.New(rand.NewPCG(sampleSeed, 0)))}, nil
	}
	return p, nil
}

// floydSample is the reference on whole rows of the padded n×n matrix:
// vertex 0, the last row and random vertices, each by Dijkstra from that
// source (padding rows and columns: INF, 0 on the diagonal).
func floydSample(g *Graph, n int, rng *rand.Rand) reference {
	rows := []int{0, n - 1}
	for range floydSampleRows - len(rows) {
		rows = append(rows, rng.IntN(max(g.V, 1)))
	}
	adj := g.adjacency()
	dist := make([]int32, g.V)
	var idx []int
	var want []float64
	for _, src := range rows {
		if src < g.V {
			dijkstra(adj, src, dist)
		}
		for j := range n {
			d := int32(FloydINF)
			switch {
			case j == src:
				d = 0
			case src < g.V && j < g.V:
				d = dist[j]
			}
			idx = append(idx, src*n+j)
			want = append(want, float64(d))
		}
	}
	return reference{want: want, idx: idx, tol: exact,
		how: fmt.Sprintf("%d rows vs Dijkstra: the CPU reference is over the cap", len(rows))}
}
