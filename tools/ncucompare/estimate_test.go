package main

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib/nvrtc"
	"github.com/culab/culab/cudalib/ptx"
	"github.com/culab/culab/cudalib/sass"
)

// TestEstimateLabs holds the held-out figure of the per-block SASS
// estimate (docs/results/2026-11-25f-labs-sass): its rules were written on
// the zoo; on the labs' 75 launches that the GPU made with the virtual
// GPU's shape, 53 are within 5 % of ncu's warp instructions and 49 within
// 1 %. A rule change that moves these moves the held-out figure, and the
// README must say so.
func TestEstimateLabs(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the virtual GPU and NVRTC over every kernel (scripts/test.sh runs it without -short and without -race)")
	}
	tools, err := sass.Find()
	if errors.Is(err, sass.ErrToolsMissing) {
		t.Skipf("no NVRTC 13 and nvdisasm (%v)", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if lib, err := nvrtc.Load(); err != nil {
		t.Fatal(err)
	} else if major, _ := lib.Version(); major < 13 {
		t.Skipf("this process loaded NVRTC %d before the tools' NVRTC 13 (run the test alone: -run TestEstimateLabs)", major)
	}
	f, err := os.Open("../../" + defaultRecording)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := readWarpInstrs(f)
	if err != nil {
		t.Fatal(err)
	}
	est, err := estimateLabs(rec, tools, map[string]int{"floyd": 32})
	if err != nil {
		t.Fatal(err)
	}
	if len(est) != 77 {
		t.Errorf("%d launches, want 77", len(est))
	}
	s := summarize(est)
	if s.n != 75 || s.otherShape != 2 || s.sameVM != 75 {
		t.Errorf("%d launches compared (want 75), %d of another shape (want 2), %d with the recording's PTX count (want all)", s.n, s.otherShape, s.sameVM)
	}
	// 75 and 52 since the rules of docs/results/2026-11-28b-sass-counts,
	// three of them set on these kernels (in sample; 53 and 49 held out).
	if s.within5 != 75 || s.within1 != 52 {
		t.Errorf("per-block estimate within 5 %%: %d, within 1 %%: %d of %d; the recorded figure is 75 and 52", s.within5, s.within1, s.n)
	}
}

// TestReadWarpInstrs reads a comparison's two tables: the warp
// instructions, and which launches the GPU made with another shape.
func TestReadWarpInstrs(t *testing.T) {
	const md = `# Virtual GPU counters against Nsight Compute

## Memory counters

| step | kernel | grid × block | global ld requests |
|---|---|---|---|
| lab 8: a | k | 2 × 32 | 8 / 8 ✓ |
| lab 8: b | k&lt;4&gt; | **VM 3 × 32, GPU 2 × 64** | 8 / 8 ✓ |

Equal: 2 of 2.

## Other counters

| step | kernel | warp instructions | branches |
|---|---|---|---|
| lab 8: a | k | 10 / 12 | 1 / 1 ✓ |
| lab 8: b | k&lt;4&gt; | 7 / 7 ✓ | a \| b |

## ncu's noise
`
	got, err := readWarpInstrs(strings.NewReader(md))
	if err != nil {
		t.Fatal(err)
	}
	want := []recorded{{step: "lab 8: a", kernel: "k", vm: 10, ncu: 12}, {step: "lab 8: b", kernel: "k<4>", vm: 7, ncu: 7, otherShape: true}}
	if len(got) != len(want) {
		t.Fatalf("%+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("row %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if _, err := readWarpInstrs(strings.NewReader("## Other counters\n\n| step | kernel | warp instructions |\n|---|---|---|\n| s | k | many |\n")); err == nil || !strings.Contains(err.Error(), `"many"`) {
		t.Errorf("a bad cell: %v, want an error naming it", err)
	}
	if _, err := readWarpInstrs(strings.NewReader("# nothing\n")); err == nil {
		t.Error("no table: no error")
	}
}

// TestAlignPTX moves counts by the virtual GPU's PTX lines onto another
// compile's, where the kernel's text sits lower.
func TestAlignPTX(t *testing.T) {
	fn := &ptx.Func{Name: "k", Body: []*ptx.Instr{{Line: 20}, {Line: 21}, {Line: 23}}}
	got, err := alignPTX(fn, map[int]int64{5: 4, 8: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[20] != 4 || got[23] != 2 {
		t.Errorf("%v, want map[20:4 23:2]", got)
	}
	if _, err := alignPTX(fn, map[int]int64{5: 4, 9: 2}); err == nil {
		t.Error("counts that fit no shift: no error")
	}
}
