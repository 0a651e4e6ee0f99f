package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib/labs"
)

func TestAgreement(t *testing.T) {
	ps := []point{
		{size: "1", variant: "a", modeled: 1, measured: 10},
		{size: "1", variant: "b", modeled: 2, measured: 20},
		{size: "1", variant: "c", modeled: 3, measured: 15}, // c < b measured, c > b modeled: disagrees
		{size: "2", variant: "a", modeled: 2, measured: 10},
		{size: "2", variant: "b", modeled: 1, measured: 10.2}, // a measured tie agrees with either order
		{size: "2", variant: "c", modeled: 5},                 // not measured: no pair
	}
	if a, n, ca, cn := agreement(ps); a != 3 || n != 4 || ca != 2 || cn != 3 {
		t.Errorf("agreement = %d/%d, clear %d/%d, want 3/4, 2/3", a, n, ca, cn)
	}
	if agrees(1, 1.01, 10, 20) || !agrees(1, 1.01, 10, 10.1) || !agrees(1, 2, 10, 20) || agrees(2, 1, 10, 20) {
		t.Error("agrees: a modelled tie agrees only with a measured one; a clear order must match")
	}
	if in, n := within2x(ps); in != 0 || n != 5 {
		t.Errorf("within2x = %d/%d, want 0/5", in, n)
	}
	if lo, hi := ratioRange(ps); lo < 0.098 || lo > 0.0981 || hi != 0.2 {
		t.Errorf("ratios %v–%v", lo, hi)
	}
}

func TestSteadyAgreement(t *testing.T) {
	run := func(a, b, c float64) []point {
		return []point{
			{size: "1", variant: "a", modeled: 1, measured: a},
			{size: "1", variant: "b", modeled: 2, measured: b},
			{size: "1", variant: "c", modeled: 3, measured: c},
			{size: "2", variant: "a", modeled: 1, measured: 10}, // no pair across sizes
		}
	}
	// a is faster than b and c in both runs, as modelled; b–c is a tie
	// in the second run: not steady.
	if a, n := steadyAgreement([][]point{run(10, 20, 15), run(10, 20, 19.6)}); a != 2 || n != 2 {
		t.Errorf("steadyAgreement = %d/%d, want 2/2", a, n)
	}
	// a–b and a–c flip between runs: not steady; c is steadily faster
	// than b, modelled the other way.
	if a, n := steadyAgreement([][]point{run(10, 20, 15), run(25, 20, 14)}); a != 0 || n != 1 {
		t.Errorf("steadyAgreement = %d/%d, want 0/1", a, n)
	}
}

func TestParseTables(t *testing.T) {
	md := `**Vector addition**

lab vecadd · NVIDIA H100 80GB HBM3 (sm\_90, 132 SMs)

| elements | variant | median ms | min–max ms |
|:---|:---|---:|---:|
| 10W | one block | 0.0747 | 0.0730–0.181 |
| 10W | **one thread per element** | **0.00755** | 0.00522–0.229 |
| 10W | broken | not timed | – |

lab launchcfg · NVIDIA H100 80GB HBM3 (sm\_90, 132 SMs)
| 2^20 | if (i &lt; n), block 256 | 0.0153 | x |

lab vecadd · culab virtual GPU (RTX 2080 Ti model) (sm\_75, 68 SMs) · times MODELED from counters, not measured

| elements | variant | modeled ms |
|:---|:---|---:|
| 10W | one block | 0.0656 |
| 20W | one block | 0.125 |
`
	got, err := parseTables(strings.NewReader(md))
	if err != nil {
		t.Fatal(err)
	}
	if got["vecadd"]["10W"]["one block"] != 0.0747 || got["vecadd"]["10W"]["one thread per element"] != 0.00755 ||
		len(got["vecadd"]["10W"]) != 2 || len(got["vecadd"]) != 1 || got["launchcfg"]["2^20"]["if (i < n), block 256"] != 0.0153 {
		t.Errorf("parsed %v", got)
	}
	sz, err := parseSizes("matmul=64,128; vecadd=1000")
	if err != nil || len(sz["matmul"]) != 2 || sz["vecadd"][0] != 1000 {
		t.Errorf("parseSizes: %v, %v", sz, err)
	}
	if _, err := parseSizes("matmul=x"); err == nil {
		t.Error("parseSizes accepted a bad size")
	}
	stencil, err := labs.Get("stencil3d")
	if err != nil {
		t.Fatal(err)
	}
	if sz, err := parseSizes("report"); err != nil || !slices.Equal(sz["stencil3d"], stencil.Sizes) {
		t.Errorf("parseSizes(report): %v, %v", sz["stencil3d"], err)
	}
	// A -measured file may be a GPU's tables.md as well as a comparison.
	if m, err := parseComparison(strings.NewReader(md)); err != nil || m["vecadd"]["10W"]["one block"] != 0.0747 {
		t.Errorf("parseComparison of a tables.md: %v, %v", m, err)
	}
}

// The comparison parses back: its measured times, by lab, size and
// variant, whatever the names hold that Markdown escapes.
func TestComparisonParsesBack(t *testing.T) {
	rs := []labResult{{lab: "matmul", source: "H100", points: []point{
		{size: "256³", variant: "mm_tiled<16> *x*", modeled: 1.5, measured: 2},
		{size: "256³", variant: "a | b", modeled: 1, measured: 0.25},
	}}}
	var b strings.Builder
	writeMarkdown(&b, []string{"# head"}, rs)
	got, err := parseComparison(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if m := got["matmul"]["256³"]; m["mm_tiled<16> *x*"] != 2 || m["a | b"] != 0.25 {
		t.Errorf("parsed %v from:\n%s", got, b.String())
	}
}
