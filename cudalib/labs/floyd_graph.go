package labs

import (
	"bufio"
	"container/heap"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
)

// Lab floyd (seed 003): graphs, their binary file format and the CPU
// Floyd–Warshall reference.

// FloydINF is the distance of a pair with no path (the seed's 2³⁰−1): small
// enough that INF + INF does not overflow an int32.
const FloydINF = 1<<30 - 1

// Edge is a directed edge of weight W ≥ 0.
type Edge struct{ Src, Dst, W int32 }

// Graph is a directed graph on vertices 0 … V−1.
type Graph struct {
	V     int
	Edges []Edge
}

// Validate checks what the algorithm relies on: vertices in range, weights
// non-negative (so d[k][k] stays 0 and blocked updates in place are safe),
// and every simple path shorter than FloydINF, so a real distance is never
// taken for "no path" and no sum overflows.
func (g *Graph) Validate() error {
	if g.V < 0 {
		return fmt.Errorf("graph: negative vertex count %d", g.V)
	}
	maxW := int64(0)
	for i, e := range g.Edges {
		if e.Src < 0 || int(e.Src) >= g.V || e.Dst < 0 || int(e.Dst) >= g.V {
			return fmt.Errorf("graph: edge %d (%d→%d): vertex out of range 0…%d", i, e.Src, e.Dst, g.V-1)
		}
		if e.W < 0 {
			return fmt.Errorf("graph: edge %d (%d→%d): negative weight %d", i, e.Src, e.Dst, e.W)
		}
		maxW = max(maxW, int64(e.W))
	}
	if g.V > 1 && maxW*int64(g.V-1) >= FloydINF {
		return fmt.Errorf("graph: max weight %d × %d hops could reach INF = %d; with %d vertices weights must be at most %d",
			maxW, g.V-1, FloydINF, g.V, (FloydINF-1)/int64(g.V-1))
	}
	return nil
}

// matrix returns the n×n row-major distance matrix of g, n ≥ V: 0 on the
// diagonal, the lightest edge for each pair, FloydINF elsewhere. Vertices
// V … n−1 are isolated padding, which changes no real distance.
func (g *Graph) matrix(n int) []int32 {
	d := make([]int32, n*n)
	for i := range d {
		d[i] = FloydINF
	}
	for i := range n {
		d[i*n+i] = 0
	}
	for _, e := range g.Edges {
		if p := &d[int(e.Src)*n+int(e.Dst)]; e.W < *p {
			*p = e.W
		}
	}
	return d
}

// FloydCPU is the CPU Floyd–Warshall reference: the V×V row-major
// distances of g, FloydINF for unreachable pairs.
func FloydCPU(g *Graph) ([]int32, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	d := g.matrix(g.V)
	floydRun(nil, d, g.V)
	return d, nil
}

// The CPU reference relaxes in tiles: the pivot rows of a round are
// floydTile wide, and the rest of the matrix goes in pieces of floydTile
// rows × floydSpan columns (128 KiB), which stay in a core's cache while
// they are relaxed through the round's floydTile pivots.
const (
	floydTile = 64
	floydSpan = 512
)

// floydRun runs Floyd–Warshall on the n×n matrix d in rounds, as the GPU's
// blocked kernels do: for each round r of floydTile pivots the diagonal
// tile, then the tiles of row and column r, then all the others, each
// phase's pieces spread over every core. Row by row over the whole matrix,
// every pivot streamed all n² entries through memory (the 16-core H100
// host took 6.7 s at V = 5000); a piece is relaxed through a round's
// pivots in cache. A nil stop never stops; otherwise it is polled between
// pieces, and false means it stopped.
func floydRun(stop *deadline, d []int32, n int) bool { return floydRounds(stop, d, n, nil) }

// floydRounds is floydRun calling after(K) at the end of each round, when
// d holds the distances through the pivots below K (a multiple of
// floydTile, or n).
func floydRounds(stop *deadline, d []int32, n int, after func(k int)) bool {
	nb := ceilDiv(n, floydTile)
	ns := ceilDiv(n, floydSpan)
	tile := func(t int) (int, int) { return t * floydTile, min((t+1)*floydTile, n) }
	for r := range nb {
		k0, k1 := tile(r)
		floydTileRelax(d, n, k0, k1, k0, k1, k0, k1)
		// Row r's and column r's tiles, which read only the diagonal one.
		ok := parallelChunks(stop, 2*nb, 1, func(lo, hi int) {
			for t := lo; t < hi; t++ {
				o0, o1 := tile(t % nb)
				switch {
				case t%nb == r:
				case t < nb:
					floydTileRelax(d, n, k0, k1, o0, o1, k0, k1)
				default:
					floydTileRelax(d, n, o0, o1, k0, k1, k0, k1)
				}
			}
		})
		// The rest, which read only row r's and column r's tiles: pieces
		// of a row tile × a span of columns, less column r's tile.
		ok = ok && parallelChunks(stop, nb*ns, 1, func(lo, hi int) {
			for t := lo; t < hi; t++ {
				if t/ns == r {
					continue
				}
				i0, i1 := tile(t / ns)
				j0, j1 := t%ns*floydSpan, min((t%ns+1)*floydSpan, n)
				if j0 < k0 {
					floydMinPlus(d, n, i0, i1, j0, min(j1, k0), k0, k1)
				}
				if j1 > k1 {
					floydMinPlus(d, n, i0, i1, max(j0, k1), j1, k0, k1)
				}
			}
		})
		if !ok {
			return false
		}
		if after != nil {
			after(k1)
		}
	}
	return true
}

// floydMinPlus relaxes rows i0…i1 × columns j0…j1 of d through the
// pivots k0…k1 (at most floydTile) when neither d[i][k] nor d[k][j]
// changes meanwhile (a tile outside the round's pivot rows and columns):
// then the pivots' order does not matter, and four at a time save three
// loads and stores of d[i][j] in four. Pivots with d[i][k] = INF are
// left out: they relax nothing, and in a sparse graph most are INF until
// late.
func floydMinPlus(d []int32, n, i0, i1, j0, j1, k0, k1 int) {
	var ks [floydTile]int
	for i := i0; i < i1; i++ {
		di := d[i*n+j0 : i*n+j1]
		w := len(di) // slicing the pivot rows by it lets the compiler drop bounds checks
		live := ks[:0]
		for k := k0; k < k1; k++ {
			if d[i*n+k] != FloydINF {
				live = append(live, k)
			}
		}
		for len(live) >= 4 {
			k := live[:4]
			a0, a1, a2, a3 := d[i*n+k[0]], d[i*n+k[1]], d[i*n+k[2]], d[i*n+k[3]]
			b0 := d[k[0]*n+j0:][:w]
			b1 := d[k[1]*n+j0:][:w]
			b2 := d[k[2]*n+j0:][:w]
			b3 := d[k[3]*n+j0:][:w]
			for j, v := range di {
				di[j] = min(v, a0+b0[j], a1+b1[j], a2+b2[j], a3+b3[j]) // ≤ 2·INF: no overflow
			}
			live = live[4:]
		}
		for _, k := range live {
			a, b := d[i*n+k], d[k*n+j0:][:w]
			for j, v := range di {
				di[j] = min(v, a+b[j])
			}
		}
	}
}

// floydTileRelax relaxes rows i0…i1 × columns j0…j1 of d through the
// vertices k0…k1 in order. In place is safe: d[k][k] = 0 (weights are not
// negative), so row k and column k do not change while k is the pivot.
func floydTileRelax(d []int32, n, i0, i1, j0, j1, k0, k1 int) {
	for k := k0; k < k1; k++ {
		dk := d[k*n+j0 : k*n+j1]
		for i := i0; i < i1; i++ {
			dik := d[i*n+k]
			if dik == FloydINF {
				continue // no path from i through k
			}
			di := d[i*n+j0 : i*n+j1]
			di = di[:len(dk)]
			for j, dkj := range dk {
				di[j] = min(di[j], dik+dkj) // ≤ 2·INF: no overflow
			}
		}
	}
}

// dijkstra fills dist with the distances from src in the graph whose
// out-edges adj lists per vertex: an algorithm independent of
// Floyd–Warshall, for checking rows of its result.
func dijkstra(adj [][]Edge, src int, dist []int32) {
	for i := range dist {
		dist[i] = FloydINF
	}
	dist[src] = 0
	h := &distHeap{{src, 0}}
	for h.Len() > 0 {
		top := heap.Pop(h).(vertexDist)
		if top.d > dist[top.v] {
			continue // a stale entry: v was reached more cheaply since
		}
		for _, e := range adj[top.v] {
			if nd := top.d + e.W; nd < dist[e.Dst] {
				dist[e.Dst] = nd
				heap.Push(h, vertexDist{int(e.Dst), nd})
			}
		}
	}
}

// adjacency lists each vertex's out-edges.
func (g *Graph) adjacency() [][]Edge {
	adj := make([][]Edge, g.V)
	for _, e := range g.Edges {
		adj[e.Src] = append(adj[e.Src], e)
	}
	return adj
}

type vertexDist struct {
	v int
	d int32
}

// distHeap is a min-heap of tentative distances for dijkstra.
type distHeap []vertexDist

func (h distHeap) Len() int           { return len(h) }
func (h distHeap) Less(i, j int) bool { return h[i].d < h[j].d }
func (h distHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *distHeap) Push(x any)        { *h = append(*h, x.(vertexDist)) }
func (h *distHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// RandomGraph returns a reproducible graph of v vertices and e directed
// edges with weights 1…100. About one vertex in 16 has no edge at all, so
// some pairs are unreachable and must stay FloydINF.
func RandomGraph(v, e int, seed uint64) (*Graph, error) {
	return randomGraph(rand.New(rand.NewPCG(seed, 0x666c6f79)), v, e)
}

func randomGraph(rng *rand.Rand, v, e int) (*Graph, error) {
	if v < 0 || e < 0 {
		return nil, fmt.Errorf("random graph: negative size (%d vertices, %d edges)", v, e)
	}
	perm := rng.Perm(v)
	live := perm[v/16:] // perm[:v/16] stay isolated
	if e > 0 && len(live) < 2 {
		return nil, fmt.Errorf("random graph: %d vertices are too few for edges", v)
	}
	g := &Graph{V: v, Edges: make([]Edge, e)}
	for i := range g.Edges {
		s := rng.IntN(len(live))
		t := rng.IntN(len(live) - 1)
		if t >= s {
			t++ // no self-loops
		}
		g.Edges[i] = Edge{int32(live[s]), int32(live[t]), int32(1 + rng.IntN(100))}
	}
	return g, nil
}

// The seed's file formats, little-endian int32 throughout:
//   graph:     V, E, then E triples (src, dst, weight);
//   distances: V×V values, row-major, FloydINF for no path.

// ReadGraph reads a graph file and validates it. Errors say what is wrong
// and where: a short file, a negative count, an edge out of range.
func ReadGraph(r io.Reader) (*Graph, error) {
	br := bufio.NewReader(r)
	var hdr [2]int32
	if err := binary.Read(br, binary.LittleEndian, &hdr); err != nil {
		return nil, fmt.Errorf("graph file: header (V, E): %w", truncated(err))
	}
	v, e := hdr[0], hdr[1]
	if v < 0 {
		return nil, fmt.Errorf("graph file: negative vertex count V = %d", v)
	}
	if e < 0 {
		return nil, fmt.Errorf("graph file: negative edge count E = %d", e)
	}
	// E comes from the file: read the edges in chunks and grow, rather than
	// trusting it for one large allocation.
	g := &Graph{V: int(v), Edges: make([]Edge, 0, min(int(e), edgeChunk))}
	buf := make([]byte, 12*edgeChunk)
	for len(g.Edges) < int(e) {
		k := min(int(e)-len(g.Edges), edgeChunk)
		if n, err := io.ReadFull(br, buf[:12*k]); err != nil {
			return nil, fmt.Errorf("graph file: edge %d of %d: %w", len(g.Edges)+n/12, e, truncated(err))
		}
		for i := range k {
			le := binary.LittleEndian
			b := buf[12*i:]
			g.Edges = append(g.Edges, Edge{int32(le.Uint32(b)), int32(le.Uint32(b[4:])), int32(le.Uint32(b[8:]))})
		}
	}
	if n, _ := io.Copy(io.Discard, br); n > 0 {
		return nil, fmt.Errorf("graph file: %d bytes after the %d edges (is E right?)", n, e)
	}
	if err := g.Validate(); err != nil {
		return nil, fmt.Errorf("graph file: %w", err)
	}
	return g, nil
}

// WriteGraph writes g in the seed's graph format.
func WriteGraph(w io.Writer, g *Graph) error {
	if err := g.Validate(); err != nil {
		return err
	}
	if g.V > 1<<31-1 || len(g.Edges) > 1<<31-1 {
		return fmt.Errorf("write graph: %d vertices, %d edges do not fit the format's int32 counts", g.V, len(g.Edges))
	}
	bw := bufio.NewWriter(w)
	buf := []int32{int32(g.V), int32(len(g.Edges))}
	for _, e := range g.Edges {
		buf = append(buf, e.Src, e.Dst, e.W)
	}
	if err := binary.Write(bw, binary.LittleEndian, buf); err != nil {
		return fmt.Errorf("write graph: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write graph: %w", err)
	}
	return nil
}

// ReadDistances reads a distances file of v×v values, as the seed's
// program writes it.
func ReadDistances(r io.Reader, v int) ([]int32, error) {
	if v < 0 {
		return nil, fmt.Errorf("distances file: negative vertex count %d", v)
	}
	d := make([]int32, v*v)
	if err := binary.Read(bufio.NewReader(r), binary.LittleEndian, d); err != nil {
		return nil, fmt.Errorf("distances file: %d×%d values: %w", v, v, truncated(err))
	}
	return d, nil
}

// WriteDistances writes v×v distances in the seed's output format.
func WriteDistances(w io.Writer, v int, d []int32) error {
	if len(d) != v*v {
		return fmt.Errorf("write distances: %d values for %d vertices, want %d", len(d), v, v*v)
	}
	bw := bufio.NewWriter(w)
	if err := binary.Write(bw, binary.LittleEndian, d); err != nil {
		return fmt.Errorf("write distances: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write distances: %w", err)
	}
	return nil
}

// edgeChunk is how many edges ReadGraph decodes per read.
const edgeChunk = 4096

// truncated names a short read for what it is.
func truncated(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("file truncated: %w", io.ErrUnexpectedEOF)
	}
	return err
}
