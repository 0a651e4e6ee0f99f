package cudalib

import (
	"slices"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib/internal/virtual"
	"github.com/culab/culab/cudalib/nvrtc"
	"github.com/culab/culab/cudalib/sass"
)

// sassSrc has a float4 copy on line 5 (one 128-bit load and store in
// SASS, as in PTX) and a 32-bit division on line 6 (one PTX instruction,
// a dozen SASS ones).
const sassSrc = `
extern "C" __global__ void copydiv(const float4* a, float4* b, const int* x, int* q, int d, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    b[i] = a[i];
    q[i] = x[i] / d;
}
`

// needSASSTools skips where NVRTC 13 and nvdisasm are not installed.
func needSASSTools(t *testing.T) {
	t.Helper()
	if _, err := sass.Find(); err != nil {
		t.Skipf("profiles count PTX here: %v", err)
	}
}

func profileCopyDiv(t *testing.T) *Profile {
	t.Helper()
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, sassSrc, "copydiv")
	a, _ := d.Float32s(4 * 64)
	b, _ := d.Float32s(4 * 64)
	x, _ := d.Int32sFrom(make([]int32, 64))
	q, _ := d.Int32s(64)
	for _, buf := range []Buffer{a, b, x, q} {
		defer buf.Free()
	}
	p, err := k.Profile(Config{Grid: D1(2), Block: D1(32)}, a, b, x, q, int32(3), int32(64))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestProfileSASS: every SASS instruction of a straight-line kernel runs
// once a warp, as ncu counts it; a line shows the SASS and PTX it became.
func TestProfileSASS(t *testing.T) {
	needSASSTools(t)
	p := profileCopyDiv(t)
	if p.SASS == nil && strings.Contains(p.Counting, virtual.EnvSASS+" is off") {
		t.Skipf("profiles count PTX here: %s", p.Counting)
	}
	if p.SASS == nil || !strings.HasPrefix(p.Counting, "SASS instructions (sm_90") {
		t.Fatalf("no SASS counts: %q", p.Counting)
	}
	s := p.SASS
	const warps = 2
	if want := int64(warps * len(s.Code)); s.WarpInstrs != want {
		t.Errorf("SASS warp-instructions %d, want %d (each of %d instructions once a warp)", s.WarpInstrs, want, len(s.Code))
	}
	if s.Accesses["LDG.128"] != warps || s.Accesses["STG.128"] != warps {
		t.Errorf("accesses %v: want %d LDG.128 and STG.128", s.Accesses, warps)
	}
	var copyLine, divLine *SASSLine
	for i := range s.Lines {
		if !p.SourceFile(s.Lines[i].File) {
			continue
		}
		switch s.Lines[i].Line {
		case 5:
			copyLine = &s.Lines[i]
		case 6:
			divLine = &s.Lines[i]
		}
	}
	if copyLine == nil || divLine == nil {
		t.Fatalf("no SASS lines 5 and 6 in %+v", s.Lines)
	}
	var ops []string
	for _, i := range copyLine.SASS {
		ops = append(ops, s.Code[i].Opcode)
	}
	if !slices.Contains(ops, "LDG") || !slices.Contains(ops, "STG") {
		t.Errorf("line 5's SASS %v: want its LDG and STG", ops)
	}
	if !slices.ContainsFunc(copyLine.PTX, func(in SASSPTXInstr) bool {
		return strings.HasPrefix(in.Text, "ld.global") && in.WarpInstrs == warps
	}) {
		t.Errorf("line 5's PTX %+v: want its ld.global run by %d warps", copyLine.PTX, warps)
	}
	if len(divLine.SASS) < 3*len(divLine.PTX) || divLine.WarpInstrs != int64(warps*len(divLine.SASS)) {
		t.Errorf("line 6 (x / d): %d SASS, %d PTX instructions, %d warp-instructions", len(divLine.SASS), len(divLine.PTX), divLine.WarpInstrs)
	}
	if p.Total.WarpInstrs == s.WarpInstrs {
		t.Errorf("Total.WarpInstrs %d should stay the PTX run's", p.Total.WarpInstrs)
	}
	// The time model's pipes: each instruction on its pipe, once a warp.
	var alu, imad int64
	for _, in := range s.Code {
		switch pipe, slots := in.Pipe(); pipe {
		case sass.PipeALU:
			alu += warps
		case sass.PipeFMAHeavy:
			imad += warps * int64(slots)
		}
	}
	if p.Total.ALUWarpInstrs != alu || p.Total.IMADWarpSlots != imad || alu == 0 || imad == 0 {
		t.Errorf("ALU %d, IMAD slots %d; the SASS has %d and %d", p.Total.ALUWarpInstrs, p.Total.IMADWarpSlots, alu, imad)
	}
}

// TestProfileSASSOff: CULAB_SASS=off keeps PTX counts and says so.
func TestProfileSASSOff(t *testing.T) {
	t.Setenv(virtual.EnvSASS, "off")
	p := profileCopyDiv(t)
	if p.SASS != nil || !strings.Contains(p.Counting, "PTX instructions ("+virtual.EnvSASS+" is off)") {
		t.Errorf("SASS %v, counting %q", p.SASS != nil, p.Counting)
	}
}

// BenchmarkProfileSASS: a profiled launch's speed in thread-instructions
// a second with SASS counting off and on — the counting is per launch,
// after it ran, so the two should match (issue 32: ≥ 1 G on 2 cores).
//
//	go test -run '^$' -bench ProfileSASS -benchtime 5x ./cudalib/
func BenchmarkProfileSASS(b *testing.B) {
	if _, err := sass.Find(); err != nil {
		b.Skipf("no SASS tools: %v", err)
	}
	d, err := OpenVirtual()
	if err != nil {
		b.Fatal(err)
	}
	m, err := d.CompileNamed("saxpy.cu", `extern "C" __global__ void saxpy(const float* x, float* y, float a, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        y[i] = a * x[i] + y[i];
}`)
	if err != nil {
		b.Fatal(err)
	}
	k, _ := m.Kernel("saxpy")
	const n = 1 << 22
	x, _ := d.Float32s(n)
	y, _ := d.Float32s(n)
	defer x.Free()
	defer y.Free()
	for _, mode := range []string{"off", "on"} {
		b.Run("sass-"+mode, func(b *testing.B) {
			b.Setenv(virtual.EnvSASS, map[string]string{"off": "off", "on": ""}[mode])
			var threads int64
			for range b.N {
				p, err := k.Profile(Config{Grid: D1(1024), Block: D1(256)}, x, y, float32(2), int32(n))
				if err != nil {
					b.Fatal(err)
				}
				if (p.SASS != nil) != (mode == "on") {
					b.Fatalf("SASS %v: %s", p.SASS != nil, p.Counting)
				}
				threads += p.Total.ThreadInstrs
			}
			b.ReportMetric(float64(threads)/b.Elapsed().Seconds()/1e9, "Gthread-instr/s")
		})
	}
}

// TestProbeSaysCounting: culab info's report says whether profiles count
// SASS or PTX, and why PTX.
func TestProbeSaysCounting(t *testing.T) {
	t.Setenv(virtual.EnvSASS, "off")
	if s := Probe().String(); !strings.Contains(s, "Profiles, modelled times:") || !strings.Contains(s, "PTX instructions ("+virtual.EnvSASS+" is off)") {
		t.Errorf("report without the counting:\n%s", s)
	}
	t.Setenv(virtual.EnvSASS, "")
	_, err := sass.Find()
	want := "SASS instructions (sm_90"
	if err != nil {
		want = "PTX instructions (" + err.Error()
	}
	if s := Probe().String(); !strings.Contains(s, want) {
		t.Errorf("report without %q:\n%s", want, s)
	}
}

// The virtual GPU's occupancy counts the registers ptxas gives a kernel
// where its SASS is there (the CUBIN's), as the GPU's does: a loop
// unrolled into many independent loads has the PTX declare a register a
// value, and the estimate from their live ranges was not ptxas's
// (bench/microbench/barphase.cu's 128 steps: 98 registers, two blocks of
// 256 threads an SM on an H200; the estimate over 128, one block).
func TestVirtualOccupancyTakesPtxasRegisters(t *testing.T) {
	tl, err := sass.Find()
	if err != nil {
		t.Skipf("no NVRTC 13 and nvdisasm (%v): the PTX's estimate stands", err)
	}
	src := `template <int W> __global__ void phase(const float *g, float *out, float a) {
    __shared__ float s[256];
    const int t = threadIdx.x;
    float acc = 1.0f;
    for (int k = 0; k < 256; k++) {
        s[t] = g[(k * 4099 * 256 + blockIdx.x * 256 + t) & ((1 << 20) - 1)];
        __syncthreads();
#pragma unroll
        for (int j = 0; j < W; j++) acc = fmaf(acc, a, s[(t + 33 * j) & 255]);
        __syncthreads();
    }
    out[blockIdx.x * 256 + t] = acc;
}`
	p, err := tl.CompileRequest(nvrtc.Request{Source: src, NameExpressions: []string{"phase<128>"}, Target: nvrtc.Target{Arch: 90}})
	if err != nil {
		t.Fatal(err)
	}
	want := p.Kernels[0].Registers
	d := openVirtualGPU(t)
	k := compileVirtual(t, d, src, "phase<128>")
	if got := k.Attributes().Registers; got != want || want == 0 {
		t.Errorf("%d registers a thread, ptxas's %d", got, want)
	}
	perWarp := (want*32 + 255) / 256 * 256
	if n, err := k.ActiveBlocksPerSM(256, 0); err != nil || n != 65536/(perWarp*8) {
		t.Errorf("blocks of 256 an SM: %d, %v; want %d by %d registers", n, err, 65536/(perWarp*8), want)
	}
}
