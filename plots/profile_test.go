package plots

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/cudalib/nvrtc"
	"github.com/culab/culab/display"
)

// transposeSrc is a %%cuda cell (line 1 is the %%cuda line): a 32×W tile
// transposed through shared memory, with a strided load on line 5.
const transposeSrc = `
#define W %d
extern "C" __global__ void transpose(const float* in, float* out, float* col) {
    __shared__ float tile[32][W];
    col[threadIdx.y * 32 + threadIdx.x] = in[(threadIdx.y * 32 + threadIdx.x) * 32];
    int x = threadIdx.x, y = threadIdx.y;
    tile[y][x] = in[y * 32 + x];
    __syncthreads();
    out[y * 32 + x] = tile[x][y];
}
`

// profileOf profiles the transpose with rows of w floats.
func profileOf(t *testing.T, w int) *cudalib.Profile {
	t.Helper()
	if _, err := nvrtc.Load(); err != nil {
		t.Skipf("no NVRTC: %v", err)
	}
	d, err := cudalib.OpenVirtual()
	if err != nil {
		t.Fatal(err)
	}
	m, err := d.CompileNamed("cell.cu", fmt.Sprintf(transposeSrc, w))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Unload() })
	k, err := m.Kernel("transpose")
	if err != nil {
		t.Fatal(err)
	}
	in, _ := d.Float32s(32 * 32 * 32)
	out, _ := d.Float32s(32 * 32)
	col, _ := d.Float32s(32 * 32)
	t.Cleanup(func() { in.Free(); out.Free(); col.Free() })
	p, err := k.Profile(cudalib.Config{Grid: cudalib.D1(1), Block: cudalib.D2(32, 32)}, in, out, col)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestProfileViewHints(t *testing.T) {
	v := ProfileView(profileOf(t, 32))
	ls := v.lines()
	byLine := map[int]profLine{}
	for _, l := range ls {
		byLine[l.n] = l
	}
	if ls[0].n != 3 {
		t.Errorf("the view starts at line %d; want 3, the __global__ line", ls[0].n)
	}
	if l := byLine[5]; !l.worst || !strings.HasPrefix(l.hint, "32 sectors per load request") {
		t.Errorf("line 5 (strided load): worst=%v hint %q", l.worst, l.hint)
	}
	if l := byLine[9]; !l.worst || !strings.HasPrefix(l.hint, "32-way bank conflict: 32 threads of a warp hit one bank; pad the row") {
		t.Errorf("line 9 (tile[x][y]): worst=%v hint %q", l.worst, l.hint)
	}
	if l := byLine[4]; l.ran || l.worst {
		t.Errorf("line 4 (a declaration) ran=%v worst=%v; want dim", l.ran, l.worst)
	}
	h := v.HTML()
	for _, want := range []string{"32-way bank conflict", "strided, not coalesced", "tile[x][y]", "opacity:0.45", "▲"} {
		if !strings.Contains(h, want) {
			t.Errorf("HTML lacks %q", want)
		}
	}
	txt := v.Text()
	for _, want := range []string{"▲ 9: 32-way bank conflict", "▲ 5: 32 sectors per load request"} {
		if !strings.Contains(txt, want) {
			t.Errorf("text lacks %q:\n%s", want, txt)
		}
	}
	for _, line := range strings.Split(txt, "\n") {
		if n := utf8.RuneCountInString(line); n > textWidth {
			t.Errorf("text line of %d columns: %q", n, line)
		}
	}
	if md := v.Markdown(); !strings.Contains(md, "| ▲ 9 | `out[y * 32 + x] = tile[x][y];` |") {
		t.Errorf("Markdown:\n%s", md)
	}
	data, _, ok := display.Bundle(v)
	if !ok || data[display.MIMEHTML] == nil || data[display.MIMEMarkdown] == nil {
		t.Errorf("bundle: %v", data)
	}
	if c := v.Chart(); c.Err() != nil || len(c.PNG()) == 0 {
		t.Errorf("chart: %v", c.Err())
	}
	// Hardware figures sit beside the virtual ones.
	hw := v.WithHardware(&HardwareCounters{Label: "H100", Lines: map[int]cudalib.Counters{9: {WarpInstrs: 77}}})
	if h := hw.HTML(); !strings.Contains(h, "H100 instrs") || !strings.Contains(h, ">77<") {
		t.Errorf("hardware columns missing")
	}
}

func TestCompare(t *testing.T) {
	c := Compare(profileOf(t, 32), profileOf(t, 33))
	if txt := c.Text(); !strings.Contains(txt, "A: transpose(32,32,1) vs B: transpose(32,32,1)") {
		t.Errorf("names:\n%s", txt)
	}
	c = c.Names("32×32", "32×33")
	txt := c.Text()
	if !strings.HasPrefix(txt, "32×32 vs 32×33") {
		t.Errorf("names:\n%s", txt)
	}
	var conf cmpRow
	for _, r := range c.totals() {
		if r.label == "bank conflicts" {
			conf = r
		}
	}
	if conf.va != "992" || conf.vb != "–" || conf.change != "none" {
		t.Errorf("bank conflicts row %+v; want 992 → none", conf)
	}
	found := false
	for _, r := range c.lineRows() {
		if r.label == "out[y * 32 + x] = tile[x][y];" {
			found = true
			if !strings.Contains(r.va, "32.0 wf/req") || !strings.Contains(r.vb, "1.00 wf/req") {
				t.Errorf("tile row %+v", r)
			}
		}
	}
	if !found {
		t.Errorf("no row for the tile's line: %+v", c.lineRows())
	}
	for _, line := range strings.Split(txt, "\n") {
		if n := utf8.RuneCountInString(line); n > textWidth {
			t.Errorf("text line of %d columns: %q", n, line)
		}
	}
	if h := c.HTML(); !strings.Contains(h, ">bank conflicts</td><td style=\""+htmlCell+";text-align:left\">992</td><td style=\""+htmlCell+";text-align:left\">–</td>") {
		t.Errorf("HTML lacks the bank conflicts row:\n%s", h)
	}
	if !strings.Contains(c.HTML(), "culab-compare") || c.Chart().Err() != nil {
		t.Errorf("HTML or chart: %v", c.Chart().Err())
	}
}

// ncu's per-line figures land in the hardware columns, by line.
func TestHardwareOf(t *testing.T) {
	if HardwareOf(nil) != nil {
		t.Error("HardwareOf(nil) is not nil")
	}
	h := HardwareOf(&cudalib.HardwareProfile{
		Counters: cudalib.Counters{WarpInstrs: 1000},
		Lines: []cudalib.HardwareLine{{Line: 9, Metrics: map[string]float64{
			ncuInstrs: 224, ncuGlobalReq: 32, ncuGlobalSect: 128, ncuGlobalIdeal: 128, ncuSharedWF: 1024, ncuSharedWFIdeal: 32,
		}}},
	})
	c := h.Lines[9]
	if h.Total.WarpInstrs != 1000 || c.WarpInstrs != 224 || per(globalSect(c), globalReq(c)) != "4.00" ||
		coalescing(c) != 1 || bankConflicts(c) != 992 {
		t.Errorf("line 9: %+v", c)
	}
}

// Lanes reading one word each count its bytes; the coalescing figure still
// stops at 100 %.
func TestCoalescingAtMostWhole(t *testing.T) {
	c := cudalib.Counters{GlobalLoadRequests: 1, GlobalLoadSectors: 1, GlobalLoadBytes: 128}
	if got := coalescing(c); got != 1 {
		t.Errorf("coalescing of a broadcast load = %v, want 1", got)
	}
}
