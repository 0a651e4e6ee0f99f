package zoo

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/culab/culab/cudalib"
)

// The blind set's families over graphs and tables: BFS, hashing, pointer
// chasing.

// bfsLevels is the number of levels every BFS variant expands: more than
// the random graphs' depth at the sizes run, so every reachable vertex is
// reached (the later launches find empty frontiers). Even, so that the
// bottom-up variant's last level lands in buffer 2 as the others' do.
const bfsLevels = 10

// randomGraph is an undirected graph in CSR: each vertex draws 1–15
// neighbours uniformly (16 edge ends a vertex on average).
func randomGraph(rng *rand.Rand, n int) (rowptr, col []int32) {
	var edges [][2]int32
	deg := make([]int32, n)
	for v := range int32(n) {
		for range 1 + rng.IntN(15) {
			u := rng.Int32N(int32(n))
			edges = append(edges, [2]int32{v, u})
			deg[v]++
			deg[u]++
		}
	}
	rowptr = make([]int32, n+1)
	for v, d := range deg {
		rowptr[v+1] = rowptr[v] + d
	}
	col = make([]int32, rowptr[n])
	at := slices.Clone(rowptr[:n])
	for _, e := range edges { // one end at a time: a loop's ends share a list
		col[at[e[0]]] = e[1]
		at[e[0]]++
		col[at[e[1]]] = e[0]
		at[e[1]]++
	}
	return rowptr, col
}

// bfsDist are the levels of the vertices reached from 0 within levels
// steps, -1 for the others.
func bfsDist(rowptr, col []int32, levels int) []int32 {
	dist := make([]int32, len(rowptr)-1)
	for i := range dist {
		dist[i] = -1
	}
	dist[0] = 0
	frontier := []int32{0}
	for l := int32(0); l < int32(levels) && len(frontier) > 0; l++ {
		var next []int32
		for _, v := range frontier {
			for _, u := range col[rowptr[v]:rowptr[v+1]] {
				if dist[u] < 0 {
					dist[u] = l + 1
					next = append(next, u)
				}
			}
		}
		frontier = next
	}
	return dist
}

// bfs is a BFS variant: the reset, then expand(n, level) a launch per
// level. Buffers: rowptr, col, dist, counts, the two queues, the
// bottom-up variant's second dist.
func bfs(name string, expand func(n, level int) Step) Variant {
	return Variant{Name: name, steps: func(n int) []Step {
		g, b := perElement(256)(max(n, bfsLevels+1))
		s := []Step{{Kernel: "bfs_init", Grid: g, Block: b, Args: []any{Buf(2), Buf(6), Buf(3), Buf(4), n, bfsLevels}}}
		for l := range bfsLevels {
			s = append(s, expand(n, l))
		}
		return s
	}}
}

// bfsQueue expands the queue of a level with grid blocks of 256 threads.
func bfsQueue(kernel string, grid int) func(n, level int) Step {
	return func(n, l int) Step {
		return Step{Kernel: kernel, Grid: cudalib.D1(grid), Block: cudalib.D1(256),
			Args: []any{Buf(0), Buf(1), Buf(2), Buf(4 + l%2), Buf(4 + (l+1)%2), Buf(3), l}}
	}
}

// bfsPull is the bottom-up variant: level l reads buffer 2 and writes 6
// when l is even, the other way round when odd.
var bfsPull = bfs("bottom-up, thread per vertex", func(n, l int) Step {
	g, b := perElement(256)(n)
	in, out := Buf(2), Buf(6)
	if l%2 == 1 {
		in, out = out, in
	}
	return Step{Kernel: "bfs_pull", Grid: g, Block: b, Args: []any{Buf(0), Buf(1), in, out, n, l}}
})

var _ = registerBlind(&Family{
	Key: "bfs", Title: "level-synchronous BFS on a random graph: bottom-up a thread a vertex, top-down queues a thread or a warp a vertex", File: "blind/bfs.cu",
	Sizes: []int{1 << 16, 1 << 20}, Smoke: 3000,
	Variants: []Variant{
		bfsPull,
		bfs("queue, thread per vertex", bfsQueue("bfs_queue", 264)),
		bfs("queue, warp per vertex", bfsQueue("bfs_queue_warp", 1056)),
	},
	AtomicOrder: []string{"bfs_queue", "bfs_queue_warp"},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		rowptr, col := randomGraph(rng, n)
		want := bfsDist(rowptr, col, bfsLevels)
		return &Problem{Bufs: []any{rowptr, col, poisonInts(n), poisonInts(bfsLevels + 1), poisonInts(n), poisonInts(n), poisonInts(n)},
			Outs: []int{2}, check: func(_ string, o []any) error { return equalInts(o[0], want) }}, nil
	},
})

// hashing is a hash-table variant: clear a table of cap(n) slots, insert
// the first 7n/8 keys, look up n queries; step 0 probes linearly, 1 is
// double hashing.
func hashing(name string, cap func(n int) int, step int) Variant {
	return Variant{Name: name, steps: func(n int) []Step {
		c, m := cap(n), n/8*7
		gi, bi := perElement(256)(m)
		gq, bq := perElement(256)(n)
		return []Step{
			{Kernel: "hash_clear", Grid: cudalib.D1(528), Block: cudalib.D1(256), Args: []any{Buf(0), c}},
			{Kernel: "hash_insert", Grid: gi, Block: bi, Args: []any{Buf(0), Buf(1), Buf(2), Buf(3), m, c, step}},
			{Kernel: "hash_probe", Grid: gq, Block: bq, Args: []any{Buf(0), Buf(1), Buf(4), Buf(5), n, c, step}},
		}
	}}
}

var _ = registerBlind(&Family{
	Key: "hash", Title: "open-addressing hash table, insert by atomicCAS then probe: linear probing at load 0.44 and 0.88, double hashing at 0.88", File: "blind/hash.cu",
	Sizes: []int{1 << 18, 1 << 22}, Smoke: 1 << 12,
	Variants: []Variant{
		hashing("linear, load 0.44", func(n int) int { return 2 * n }, 0),
		hashing("linear, load 0.88", same, 0),
		hashing("double hashing, load 0.88", same, 1),
	},
	AtomicOrder: []string{"hash_insert", "hash_probe"},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		if n < 8 || n&(n-1) != 0 {
			return nil, fmt.Errorf("%d keys: want a power of two ≥ 8", n)
		}
		// key(j) = (a·j + c) mod 2³¹ with a odd: distinct for j < 2³¹.
		a, c := rng.Uint32()|1, rng.Uint32()
		key := func(j int) int32 { return int32((a*uint32(j) + c) & 0x7fffffff) }
		m := n / 8 * 7
		keys, vals := make([]int32, n), randomInts(rng, n, 0, 1<<30)
		for j := range keys {
			keys[j] = key(j)
		}
		q, want := make([]int32, n), make([]int32, n)
		for i := range q {
			if i%2 == 0 {
				j := rng.IntN(m)
				q[i], want[i] = keys[j], vals[j]
			} else {
				q[i], want[i] = key(n+rng.IntN(n)), -1 // never inserted
			}
		}
		return &Problem{Bufs: []any{poisonInts(2 * n), poisonInts(2 * n), keys, vals, q, poisonInts(n)},
			Outs: []int{5}, check: func(_ string, o []any) error { return equalInts(o[0], want) }}, nil
	},
})

// chaseSteps is every chain's number of dependent loads; a table of n
// entries has n/256 chains.
const chaseSteps = 128

func chaseArgs(n int) []any { return []any{Buf(0), Buf(1), Buf(2), n / 256, chaseSteps} }

var _ = registerBlind(&Family{
	Key: "chase", Title: "pointer chasing on a random cycle: a chain a thread, four chains a thread interleaved or one after another", File: "blind/chase.cu",
	Sizes: []int{1 << 20, 1 << 24}, Smoke: 1 << 12,
	Variants: []Variant{
		one("one chain a thread", "chase_one", func(n int) (cudalib.Dim3, cudalib.Dim3) { return perElement(128)(n / 256) }, chaseArgs),
		one("four chains interleaved", "chase_four", func(n int) (cudalib.Dim3, cudalib.Dim3) { return perElement(128)(n / 1024) }, chaseArgs),
		one("four chains in turn", "chase_four_serial", func(n int) (cudalib.Dim3, cudalib.Dim3) { return perElement(128)(n / 1024) }, chaseArgs),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		if n%1024 != 0 {
			return nil, fmt.Errorf("%d entries: want a multiple of 1024", n)
		}
		// Sattolo's shuffle: one cycle through every entry.
		next := make([]int32, n)
		for i := range next {
			next[i] = int32(i)
		}
		for i := n - 1; i > 0; i-- {
			j := rng.IntN(i)
			next[i], next[j] = next[j], next[i]
		}
		chains := n / 256
		start, want := randomInts(rng, chains, 0, int32(n)), make([]int32, chains)
		for c, p := range start {
			for range chaseSteps {
				p = next[p]
			}
			want[c] = p
		}
		return &Problem{Bufs: []any{next, start, poisonInts(chains)}, Outs: []int{2},
			check: func(_ string, o []any) error { return equalInts(o[0], want) }}, nil
	},
})
