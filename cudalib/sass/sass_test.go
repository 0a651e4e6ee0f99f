package sass

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib/nvrtc"
)

// divideSource has a float4 copy on line 4 and a 32-bit signed division on
// line 5; testdata/divide.sass is its sm_90 SASS from NVRTC 13.0.88 and
// nvdisasm 13.2.86 (`nvdisasm -g -c`).
const divideSource = `extern "C" __global__ void k(const float4 *a, float4 *b, const int *x, const int *d, int *q, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    b[i] = a[i];
    q[i] = x[i] / d[i];
}
`

func lineOf(t *testing.T, k *Kernel, line int) LineCounts {
	t.Helper()
	for _, lc := range k.Lines() {
		if lc.Line == line {
			return lc
		}
	}
	t.Fatalf("no instructions on line %d", line)
	return LineCounts{}
}

// checkDivide holds the SASS of divideSource to what ptxas makes of it.
func checkDivide(t *testing.T, p *Program) {
	k, err := p.Kernel("k")
	if err != nil {
		t.Fatal(err)
	}
	copyLine := lineOf(t, k, 4)
	if copyLine.Accesses["LDG.128"] != 1 || copyLine.Accesses["STG.128"] != 1 || copyLine.ByClass[Memory] != 2 {
		t.Errorf("float4 copy: accesses %v, %d memory instructions; want one LDG.128 and one STG.128", copyLine.Accesses, copyLine.ByClass[Memory])
	}
	div := lineOf(t, k, 5)
	if div.IntDivisions != 1 || div.ByClass[SFU] != 1 || div.Total < 15 {
		t.Errorf("x / d: %d divisions, %d SFU, %d instructions; want 1, 1 (MUFU.RCP), ≥ 15", div.IntDivisions, div.ByClass[SFU], div.Total)
	}
	if div.Accesses["LDG.32"] != 2 || div.Accesses["STG.32"] != 1 {
		t.Errorf("x / d: accesses %v, want two LDG.32 and one STG.32", div.Accesses)
	}
	// The padding after the last EXIT (a branch to itself, NOPs) is not code.
	if end := lineOf(t, k, 6); end.Total != 1 || end.ByClass[Control] != 1 {
		t.Errorf("line 6 (the closing brace): %d instructions, want the EXIT alone", end.Total)
	}
}

func TestParseFixture(t *testing.T) {
	b, err := os.ReadFile("testdata/divide.sass")
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse(string(b))
	if err != nil {
		t.Fatal(err)
	}
	checkDivide(t, p)
}

func TestParseRejects(t *testing.T) {
	if _, err := Parse("nothing here\n"); err == nil {
		t.Error("no functions: no error")
	}
	if _, err := Parse("        /*0000*/                   EXIT ;\n"); err == nil || !strings.Contains(err.Error(), "outside any function") {
		t.Errorf("an instruction outside a function: %v", err)
	}
}

func TestClassify(t *testing.T) {
	for _, c := range []struct {
		op    string
		mods  []string
		class Class
		width int
	}{
		{"FFMA", nil, FMA, 0}, {"IMAD", []string{"WIDE"}, FMA, 0}, {"IADD3", nil, ALU, 0},
		{"MUFU", []string{"RCP"}, SFU, 0}, {"I2F", []string{"U32", "RP"}, Convert, 0}, {"DFMA", nil, FP64, 0},
		{"LDS", []string{"64"}, Memory, 64}, {"LDG", []string{"E", "128"}, Memory, 128}, {"STG", []string{"E", "U8"}, Memory, 8},
		{"ATOMS", []string{"ADD"}, Memory, 32}, {"REDG", []string{"E", "ADD", "F32", "FTZ", "RN", "STRONG", "GPU"}, Memory, 32}, {"SHFL", []string{"DOWN"}, Memory, 0}, {"ULDC", []string{"64"}, Uniform, 0},
		{"BAR", []string{"SYNC", "DEFER_BLOCKING"}, Control, 0}, {"LDC", []string{"64"}, Const, 64}, {"XYZZY", nil, Other, 0},
	} {
		class, width := classify(c.op, c.mods)
		if class != c.class || width != c.width {
			t.Errorf("%s.%s: %s %d, want %s %d", c.op, strings.Join(c.mods, "."), class, width, c.class, c.width)
		}
	}
}

// The pipes bench/microbench/pipes.cu found each opcode on (ncu's
// smsp__inst_executed_pipe_* on an H200).
func TestPipe(t *testing.T) {
	for _, tc := range []struct {
		opcode string
		mods   []string
		pipe   Pipe
		slots  int
	}{
		{"FFMA", nil, PipeFMA, 1}, {"FMUL", nil, PipeFMA, 1},
		{"IMAD", nil, PipeFMAHeavy, 1}, {"IMAD", []string{"MOV", "U32"}, PipeFMAHeavy, 1},
		{"IMAD", []string{"HI", "U32"}, PipeFMAHeavy, 2}, {"IMAD", []string{"WIDE", "U32"}, PipeFMAHeavy, 2},
		{"VIADD", nil, PipeFMAHeavy, 1},
		{"LOP3", []string{"LUT"}, PipeALU, 1}, {"SHF", []string{"L", "W", "U32", "HI"}, PipeALU, 1},
		{"IADD3", nil, PipeALU, 1}, {"FMNMX", nil, PipeALU, 1}, {"VIMNMX3", []string{"U32"}, PipeALU, 1},
		{"I2FP", []string{"F32", "S32"}, PipeALU, 1},
		{"POPC", nil, PipeXU, 1}, {"MUFU", []string{"RCP"}, PipeXU, 1},
		{"LDG", []string{"E"}, PipeIssue, 1}, {"BRA", nil, PipeIssue, 1},
	} {
		p, n := Instr{Opcode: tc.opcode, Modifiers: tc.mods}.Pipe()
		if p != tc.pipe || n != tc.slots {
			t.Errorf("%s.%v: pipe %d, %d slots; want %d, %d", tc.opcode, tc.mods, p, n, tc.pipe, tc.slots)
		}
	}
}

func TestFindInMissing(t *testing.T) {
	_, err := FindIn(t.TempDir())
	if !errors.Is(err, ErrToolsMissing) || !strings.Contains(err.Error(), "setup-cudatools.sh") {
		t.Errorf("FindIn an empty directory: %v, want ErrToolsMissing naming the setup script", err)
	}
}

// tools finds the installed tools or skips: they come from
// scripts/setup-cudatools.sh, which a machine may not have run.
func tools(t *testing.T) *Tools {
	t.Helper()
	tl, err := Find()
	if errors.Is(err, ErrToolsMissing) {
		t.Skipf("no NVRTC 13 and nvdisasm (%v)", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

func TestCompileDivide(t *testing.T) {
	p, err := tools(t).Compile("divide.cu", divideSource, 90)
	if err != nil {
		t.Fatal(err)
	}
	checkDivide(t, p)
}

// The intrinsic is one MUFU.SIN; sinf's range reduction is many more
// instructions, and a shared float4 load is one LDS.128.
func TestCompileMix(t *testing.T) {
	const src = `extern "C" __global__ void fast(const float *in, float *out) {
    int i = threadIdx.x;
    out[i] = __sinf(in[i]);
}
extern "C" __global__ void slow(const float *in, float *out) {
    int i = threadIdx.x;
    out[i] = sinf(in[i]);
}
extern "C" __global__ void tile(const float4 *in, float4 *out) {
    __shared__ float4 s[64];
    s[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
`
	p, err := tools(t).Compile("mix.cu", src, 90)
	if err != nil {
		t.Fatal(err)
	}
	get := func(name string) *Kernel {
		k, err := p.Kernel(name)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	fast, slow := lineOf(t, get("fast"), 3), lineOf(t, get("slow"), 7)
	if fast.ByClass[SFU] != 1 {
		t.Errorf("__sinf: %d SFU instructions, want 1", fast.ByClass[SFU])
	}
	if slow.Total < 3*fast.Total {
		t.Errorf("sinf: %d instructions, __sinf %d: want sinf's range reduction to cost more", slow.Total, fast.Total)
	}
	tile := get("tile")
	if lc := lineOf(t, tile, 11); lc.Accesses["STS.128"] != 1 {
		t.Errorf("shared float4 store: %v, want one STS.128", lc.Accesses)
	}
	if lc := lineOf(t, tile, 13); lc.Accesses["LDS.128"] != 1 {
		t.Errorf("shared float4 load: %v, want one LDS.128", lc.Accesses)
	}
	if _, err := p.Kernel("nope"); err == nil || !strings.Contains(err.Error(), "fast") {
		t.Errorf("an unknown kernel: %v", err)
	}
}

// loopSASS is nvdisasm's shape of a loop ptxas unrolled by 4 with a
// remainder loop first, a division's slow path after the last EXIT, and a
// branch whose condition is a second predicate.
const loopSASS = `        .text.k:
        //--------------------- .text.k --------------------------
k:
        /*0000*/                   ISETP.GE.AND P0, PT, R0, 0x1, PT ;
        /*0010*/               @!P0 BRA ` + "`" + `(.L_x_2) ;
.L_x_0:
        /*0020*/                   LDG.E R2, desc[UR4][R4.64] ;
        /*0030*/                   ISETP.NE.AND P1, PT, R3, RZ, PT ;
        /*0040*/                @P1 BRA ` + "`" + `(.L_x_0) ;
.L_x_1:
        /*0050*/                   LDG.E R2, desc[UR4][R4.64] ;
        /*0060*/                   LDG.E R6, desc[UR4][R4.64+0x4] ;
        /*0070*/                   ISETP.GT.AND P1, PT, R3, 0x4, PT ;
        /*0080*/               @!P0 BRA P1, ` + "`" + `(.L_x_1) ;
        /*0090*/               @!P1 BRA ` + "`" + `(.L_x_2) ;
        /*00a0*/                   MOV R4, 0xc0 ;
        /*00b0*/                   CALL.REL.NOINC ` + "`" + `($__internal_0_$__cuda_sm3x_div_rn_noftz_f32_slowpath) ;
.L_x_2:
        /*00c0*/                   EXIT ;
$__internal_0_$__cuda_sm3x_div_rn_noftz_f32_slowpath:
        /*00d0*/                   MOV R0, R1 ;
        /*00e0*/                   RET.REL.NODEC R4 ` + "`" + `(k) ;
.L_x_3:
        /*00f0*/                   BRA ` + "`" + `(.L_x_3);
        /*0100*/                   NOP;
`

func TestCFG(t *testing.T) {
	p, err := Parse(loopSASS)
	if err != nil {
		t.Fatal(err)
	}
	g := p.Kernels[0].CFG()
	type blk struct {
		from, to int
		succs    []int
		loop     int
		reached  bool
	}
	want := []blk{
		{0, 2, []int{5, 1}, -1, true},
		{2, 5, []int{1, 2}, 0, true},
		{5, 9, []int{2, 3}, 1, true}, // BRA P1 with guard !P0: a conditional back edge
		{9, 10, []int{5, 4}, -1, true},
		{10, 12, []int{5}, -1, false}, // calls the slow path
		{12, 13, nil, -1, true},
		{13, 15, nil, -1, false}, // the subroutine: only a CALL gets there
	}
	if len(g.Blocks) != len(want) {
		t.Fatalf("%d blocks %+v, want %d", len(g.Blocks), g.Blocks, len(want))
	}
	for i, w := range want {
		b := g.Blocks[i]
		if b.From != w.from || b.To != w.to || !slices.Equal(b.Succs, w.succs) || b.Loop != w.loop || b.Reached != w.reached {
			t.Errorf("block %d: %+v, want %+v", i, b, w)
		}
	}
	if len(g.Loops) != 2 || g.Loops[0] != (Loop{Head: 1, Tail: 1, Parent: -1}) || g.Loops[1] != (Loop{Head: 2, Tail: 2, Parent: -1}) {
		t.Errorf("loops %+v, want blocks 1 and 2, each its own", g.Loops)
	}
}

// shflSASS is ptxas's __shfl_sync in a loop: BRA.DIV to a WARPSYNC'd copy
// for a diverged warp, which jumps back to the converged path.
const shflSASS = `        .text.k:
        //--------------------- .text.k --------------------------
k:
        /*0000*/                   MOV R0, RZ ;
.L_x_0:
        /*0010*/                   BRA.DIV UR4, ` + "`" + `(.L_x_2) ;
        /*0020*/                   SHFL.IDX PT, R3, R2, R0, 0x1f ;
.L_x_1:
        /*0030*/                   IADD3 R0, R0, 0x1, RZ ;
        /*0040*/                   ISETP.NE.AND P0, PT, R0, 0x20, PT ;
        /*0050*/                @P0 BRA ` + "`" + `(.L_x_0) ;
        /*0060*/                   EXIT ;
.L_x_2:
        /*0070*/                   WARPSYNC.ALL ;
        /*0080*/                   SHFL.IDX P0, R3, R2, R0, R7 ;
        /*0090*/                   BRA ` + "`" + `(.L_x_1) ;
.L_x_3:
        /*00a0*/                   BRA ` + "`" + `(.L_x_3);
`

// TestCFGDivergedShuffle: BRA.DIV falls through for a converged warp; the
// diverged warp's copy is not reached and closes no loop.
func TestCFGDivergedShuffle(t *testing.T) {
	p, err := Parse(shflSASS)
	if err != nil {
		t.Fatal(err)
	}
	g := p.Kernels[0].CFG()
	if len(g.Blocks) != 6 {
		t.Fatalf("%d blocks %+v, want 6", len(g.Blocks), g.Blocks)
	}
	if !slices.Equal(g.Blocks[1].Succs, []int{5, 2}) || !g.Blocks[2].Reached || g.Blocks[5].Reached {
		t.Errorf("blocks %+v: want BRA.DIV to the copy (not reached) and on to the converged shuffle", g.Blocks)
	}
	if len(g.Loops) != 1 || g.Loops[0] != (Loop{Head: 1, Tail: 3, Parent: -1}) {
		t.Errorf("loops %+v, want the one over blocks 1..3", g.Loops)
	}
}

// Each kernel's registers are ptxas's, from the CUBIN: a loop unrolled
// into many independent loads takes more than a plain one (barphase.cu's
// phase<4> and phase<128>: 32 and 98 with NVRTC 13.0), whatever the order
// of the kernels in the module.
func TestRegisters(t *testing.T) {
	tl := tools(t)
	src := `template <int W> __global__ void phase(const float *g, float *out, float a) {
    __shared__ float s[256];
    const int t = threadIdx.x;
    float acc = 1.0f;
    for (int k = 0; k < 64; k++) {
        s[t] = g[k * 256 + t];
        __syncthreads();
#pragma unroll
        for (int j = 0; j < W; j++) acc = fmaf(acc, a, s[(t + 33 * j) & 255]);
        __syncthreads();
    }
    out[blockIdx.x * 256 + t] = acc;
}
__global__ void plain(float *x) { x[threadIdx.x] += 1.0f; }
`
	p, err := tl.CompileRequest(nvrtc.Request{Name: "regs.cu", Source: src, NameExpressions: []string{"phase<4>", "phase<128>"},
		Target: nvrtc.Target{Arch: 90}})
	if err != nil {
		t.Fatal(err)
	}
	regs := map[string]int{}
	for _, k := range p.Kernels {
		regs[k.Name] = k.Registers
	}
	small, large, plain := regs["_Z5phaseILi4EEvPKfPff"], regs["_Z5phaseILi128EEvPKfPff"], regs["_Z5plainPf"]
	if plain <= 0 || small < plain || large <= 2*small || large > 255 {
		t.Errorf("registers %v: want plain > 0, phase<4> at least plain's, phase<128> over twice phase<4>'s", regs)
	}
}
