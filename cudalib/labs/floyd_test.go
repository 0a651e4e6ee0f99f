package labs

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

const inf = FloydINF

// tinyDistances are the hand-computed distances of testdata/floyd_tiny.in:
// edges 0→1 (4, and a heavier duplicate 7), 0→2 (1), 2→1 (2), 1→3 (5),
// 3→0 (3), a self-loop 2→2 (9); vertex 4 has no edges.
var tinyDistances = []int32{
	0, 3, 1, 8, inf,
	8, 0, 9, 5, inf,
	10, 2, 0, 7, inf,
	3, 6, 4, 0, inf,
	inf, inf, inf, inf, 0,
}

func TestFloydTinyFile(t *testing.T) {
	f, err := os.Open("testdata/floyd_tiny.in")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := ReadGraph(f)
	if err != nil {
		t.Fatal(err)
	}
	if g.V != 5 || len(g.Edges) != 7 || g.Edges[1] != (Edge{0, 2, 1}) {
		t.Fatalf("read %d vertices, edges %v", g.V, g.Edges)
	}
	d, err := FloydCPU(g)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(d, tinyDistances) {
		t.Fatalf("distances %v, want %v", d, tinyDistances)
	}
	// The expected output file was written by hand, in the seed's format.
	out, err := os.Open("testdata/floyd_tiny.out")
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	want, err := ReadDistances(out, 5)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(want, tinyDistances) {
		t.Fatalf("floyd_tiny.out = %v", want)
	}
}

// Two independent algorithms agree, on graphs with unreachable pairs.
func TestFloydCPUMatchesDijkstra(t *testing.T) {
	for _, c := range []struct{ v, e int }{{1, 0}, {2, 1}, {7, 10}, {33, 40}, {64, 300}, {100, 150},
		{700, 2800}, // tiles and column spans of the tiled reference, the last ones partial
	} {
		g, err := RandomGraph(c.v, c.e, uint64(c.v))
		if err != nil {
			t.Fatal(err)
		}
		got, err := FloydCPU(g)
		if err != nil {
			t.Fatal(err)
		}
		adj, dist := g.adjacency(), make([]int32, c.v)
		for s := range c.v {
			dijkstra(adj, s, dist)
			if row := got[s*c.v : (s+1)*c.v]; !slices.Equal(row, dist) {
				t.Fatalf("V=%d E=%d: row %d is %v, Dijkstra %v", c.v, c.e, s, row, dist)
			}
		}
		if c.v >= 32 && !slices.Contains(got, inf) {
			t.Errorf("V=%d: no unreachable pair; the generator should leave some vertices isolated", c.v)
		}
	}
}

// The GPU pads the matrix with isolated vertices; padding must not change
// a real distance.
func TestFloydPaddingChangesNothing(t *testing.T) {
	g, err := RandomGraph(45, 120, 3)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := FloydCPU(g)
	const n = 64
	d := g.matrix(n)
	floydRun(nil, d, n)
	for i := range n {
		for j := range n {
			x := d[i*n+j]
			switch {
			case i < g.V && j < g.V && x != want[i*g.V+j]:
				t.Fatalf("d[%d][%d] = %d with padding, %d without", i, j, x, want[i*g.V+j])
			case (i >= g.V || j >= g.V) && i != j && x != inf:
				t.Fatalf("padding cell d[%d][%d] = %d, want INF", i, j, x)
			}
		}
	}
}

func TestFloydRandomGraph(t *testing.T) {
	a, _ := RandomGraph(200, 800, 9)
	b, _ := RandomGraph(200, 800, 9)
	if !slices.Equal(a.Edges, b.Edges) {
		t.Fatal("same seed, different graphs")
	}
	for _, e := range a.Edges {
		if e.W <= 0 || e.Src == e.Dst {
			t.Fatalf("edge %v: want a positive weight and no self-loop", e)
		}
	}
	if err := a.Validate(); err != nil {
		t.Fatal(err)
	}
	if _, err := RandomGraph(1, 1, 0); err == nil {
		t.Fatal("an edge on one vertex: want an error")
	}
}

func TestFloydChecks(t *testing.T) {
	const v = 333
	p, err := Floyd.setup(v, newRand(5, v))
	if err != nil {
		t.Fatal(err)
	}
	n := floydPadded(v)
	if n != 384 || p.in[0].length() != n*n {
		t.Fatalf("padded to %d", n)
	}
	if !p.cpu(newDeadline(DefaultCPUCap)) {
		t.Fatal("CPU reference stopped")
	}
	cpu := []int32(p.cpuOut[0].(i32))
	full, _ := p.ref(true)
	sampled, _ := p.ref(false)
	if len(sampled[0].idx) != floydSampleRows*n {
		t.Fatalf("sample of %d cells", len(sampled[0].idx))
	}
	for _, ref := range [][]reference{full, sampled} {
		if v := compare(i32(cpu), ref[0]); !v.pass || v.text != "ok: exact"+paren(ref[0].how) {
			t.Fatalf("CPU output: %s", v.text)
		}
	}
	// Row 0 is in the sample; pick an unreachable and a reachable pair in it.
	unreach, reach := slices.Index(cpu[:v], inf), slices.IndexFunc(cpu[1:v], func(d int32) bool { return d < inf })+1
	if unreach < 0 || reach < 1 {
		t.Fatalf("row 0 has no unreachable (%d) or no reachable (%d) pair", unreach, reach)
	}
	for _, c := range []struct {
		name string
		i    int
		val  int32
		want string
	}{
		{"unwritten", reach, poisonInt, "not written"},
		{"too long", reach, cpu[reach] + 1, "wrong"},
		{"unreachable made reachable", unreach, 12, "wrong"},
		{"INF + INF wrapped", unreach, -2, "wrong"},
		{"padding written", v, 0, "wrong"},
	} {
		for _, ref := range [][]reference{full, sampled} {
			bad := slices.Clone(cpu)
			bad[c.i] = c.val
			if r := compare(i32(bad), ref[0]); r.pass || !strings.Contains(r.text, c.want) || !strings.Contains(r.text, fmt.Sprintf("[%d]", c.i)) {
				t.Errorf("%s: %s", c.name, r.text)
			}
		}
	}
	if _, err := Floyd.setup(floydMaxV+1, newRand(1, 1)); err == nil {
		t.Error("V past the int indexing limit accepted")
	}
	if floydPadded(1) != 64 || floydPadded(64) != 64 || floydPadded(65) != 128 {
		t.Error("padding to multiples of 64")
	}
}

func paren(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}

func TestGraphFileRoundTrip(t *testing.T) {
	g, _ := RandomGraph(300, 5000, 1) // more edges than one read chunk
	var buf bytes.Buffer
	if err := WriteGraph(&buf, g); err != nil {
		t.Fatal(err)
	}
	if buf.Len() != 8+12*len(g.Edges) {
		t.Fatalf("file is %d bytes, want %d", buf.Len(), 8+12*len(g.Edges))
	}
	back, err := ReadGraph(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if back.V != g.V || !slices.Equal(back.Edges, g.Edges) {
		t.Fatal("graph changed in the round trip")
	}

	d, _ := FloydCPU(g)
	buf.Reset()
	if err := WriteDistances(&buf, g.V, d); err != nil {
		t.Fatal(err)
	}
	dd, err := ReadDistances(&buf, g.V)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(d, dd) {
		t.Fatal("distances changed in the round trip")
	}
	if err := WriteDistances(&buf, 3, d); err == nil {
		t.Fatal("wrong vertex count: want an error")
	}
}

func graphFile(words ...int32) []byte {
	var buf bytes.Buffer
	binary.Write(&buf, binary.LittleEndian, words)
	return buf.Bytes()
}

func TestReadGraphMalformed(t *testing.T) {
	ok := graphFile(3, 2, 0, 1, 5, 1, 2, 7)
	for _, c := range []struct {
		name string
		file []byte
		want string
	}{
		{"empty", nil, "header (V, E): file truncated"},
		{"short header", ok[:6], "header (V, E): file truncated"},
		{"negative V", graphFile(-4, 0), "negative vertex count V = -4"},
		{"negative E", graphFile(3, -1), "negative edge count E = -1"},
		{"missing edge", ok[:8+12], "edge 1 of 2: file truncated"},
		{"cut inside an edge", ok[:len(ok)-2], "edge 1 of 2: file truncated"},
		{"src out of range", graphFile(3, 1, 3, 0, 1), "edge 0 (3→0): vertex out of range 0…2"},
		{"dst out of range", graphFile(3, 1, 0, -1, 1), "edge 0 (0→-1): vertex out of range"},
		{"negative weight", graphFile(3, 1, 0, 1, -5), "negative weight -5"},
		{"weight near INF", graphFile(3, 1, 0, 1, 1<<29), "could reach INF"},
		{"trailing bytes", append(slices.Clone(ok), 1, 2, 3, 4), "4 bytes after the 2 edges"},
	} {
		_, err := ReadGraph(bytes.NewReader(c.file))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.name, err, c.want)
		}
	}
	if _, err := ReadGraph(bytes.NewReader(ok)); err != nil {
		t.Fatalf("well-formed file: %v", err)
	}
	if _, err := ReadDistances(bytes.NewReader(make([]byte, 15)), 2); err == nil || !strings.Contains(err.Error(), "truncated") {
		t.Fatalf("short distances file: %v", err)
	}
}

// With the CPU reference capped, the check falls back to rows by Dijkstra.
func TestGPUFloyd(t *testing.T) {
	tab := runOnGPU(t, Floyd, Options{Seed: 2, CPUCap: time.Nanosecond}, []int{333},
		"global, coalesced", "shared B=8, min", "shared B=64, min")
	for _, r := range tab.Rows {
		if !strings.Contains(r.Check, "vs Dijkstra") {
			t.Errorf("%s: capped CPU should check rows by Dijkstra: %s", r.Variant, r.Check)
		}
	}
}

// floydDiff finds the first differing cell wherever it lies (in any of
// the pieces it compares at once, and the earliest of several), -1 for
// equal matrices.
func TestFloydDiff(t *testing.T) {
	const n = 1 << 20 // several pieces
	a := make([]int32, n)
	for i := range a {
		a[i] = int32(i % 1000)
	}
	if got := floydDiff(a, slices.Clone(a)); got != -1 {
		t.Fatalf("equal matrices: %d, want -1", got)
	}
	for _, at := range [][]int{{0}, {n - 1}, {n / 2}, {n / 3, n - 5}, {7, n / 2, n - 1}} {
		b := slices.Clone(a)
		for _, i := range at {
			b[i]++
		}
		if got := floydDiff(a, b); got != at[0] {
			t.Errorf("cells %v differ: %d, want %d", at, got, at[0])
		}
	}
}
