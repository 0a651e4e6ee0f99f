package sasscount

import (
	"slices"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib/nvrtc"
	"github.com/culab/culab/cudalib/ptx"
	"github.com/culab/culab/cudalib/sass"
)

// copyDivSource has a float4 copy on line 4 and a 32-bit division on
// line 5; every thread of a launch of n threads runs every line.
const copyDivSource = `extern "C" __global__ void k(const float4 *a, float4 *b, const int *x, const int *d, int *q, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    b[i] = a[i];
    q[i] = x[i] / d[i];
}
`

// compiled is copyDivSource's PTX and SASS from NVRTC 13, or a skip.
func compiled(t *testing.T) (*ptx.Module, *ptx.Func, *sass.Kernel) {
	t.Helper()
	tools, err := sass.Find()
	if err != nil {
		t.Skipf("no NVRTC 13 and nvdisasm: %v", err)
	}
	lib, err := nvrtc.Load()
	if err != nil {
		t.Skipf("no NVRTC: %v", err)
	}
	if major, _ := lib.Version(); major < 13 {
		t.Skipf("the PTX must be NVRTC 13's, as the SASS; this NVRTC is %d", major)
	}
	req := nvrtc.Request{Name: "t.cu", Source: copyDivSource, Options: []string{"-lineinfo"}, Target: nvrtc.Target{Arch: 90}}
	res, err := lib.Compile(req)
	if err != nil {
		t.Fatal(err)
	}
	m, err := ptx.Parse("t.cu", []byte(strings.TrimRight(string(res.Image), "\x00")))
	if err != nil {
		t.Fatal(err)
	}
	prog, err := tools.CompileRequest(req)
	if err != nil {
		t.Fatal(err)
	}
	k, err := prog.Kernel("k")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range m.Funcs {
		if f.Name == "k" {
			return m, f, k
		}
	}
	t.Fatal("no PTX kernel k")
	return nil, nil, nil
}

// TestCountStraightLine: with every PTX instruction run once a warp, every
// SASS instruction runs once a warp; each line has its SASS and PTX.
func TestCountStraightLine(t *testing.T) {
	m, fn, k := compiled(t)
	const warps = 4
	run := Run{Grid: [3]int{warps, 1, 1}, Block: [3]int{32, 1, 1}, PTXWarpInstrs: map[int]int64{}}
	for _, in := range fn.Body {
		run.PTXWarpInstrs[in.Line] = warps
	}
	l, err := Count(k, m, fn, run)
	if err != nil {
		t.Fatal(err)
	}
	if l.WarpInstrs != int64(warps*len(l.Code)) {
		t.Errorf("%d warp-instructions, want %d × %d instructions", l.WarpInstrs, warps, len(l.Code))
	}
	if l.Accesses["LDG.128"] != warps || l.Accesses["STG.128"] != warps || l.Accesses["LDG.32"] != 2*warps {
		t.Errorf("accesses %v", l.Accesses)
	}
	if l.ByClass[sass.SFU] != warps { // the division's MUFU.RCP
		t.Errorf("SFU %d, want %d", l.ByClass[sass.SFU], warps)
	}
	for _, ln := range l.Lines {
		if ln.File != m.Files[fn.Body[0].Loc.File] {
			t.Errorf("line %d's file %q is not the PTX's %q", ln.Line, ln.File, m.Files[fn.Body[0].Loc.File])
		}
		if ln.Line != 5 {
			continue
		}
		var ptxOps []string
		for _, in := range ln.PTX {
			ptxOps = append(ptxOps, strings.Fields(in.Text)[0])
		}
		if !slices.Contains(ptxOps, "div.s32") || len(ln.SASS) < 15 || ln.WarpInstrs != int64(warps*len(ln.SASS)) {
			t.Errorf("line 5: PTX %v, %d SASS instructions, %d warp-instructions", ptxOps, len(ln.SASS), ln.WarpInstrs)
		}
	}
}

// TestCountOtherPTX: counts of a PTX line the kernel does not have (another
// compile's PTX) are an error, not a silent count.
func TestCountOtherPTX(t *testing.T) {
	m, fn, k := compiled(t)
	run := Run{Grid: [3]int{1, 1, 1}, Block: [3]int{32, 1, 1}, PTXWarpInstrs: map[int]int64{fn.Body[len(fn.Body)-1].Line + 1000: 1}}
	if _, err := Count(k, m, fn, run); err == nil || !strings.Contains(err.Error(), "another PTX") {
		t.Errorf("err %v, want the PTX line named", err)
	}
}
