package vgpu

import (
	"fmt"
	"testing"

	"github.com/culab/culab/cudalib/ptx"
	"github.com/culab/culab/cudalib/sass"
)

// TestDivisionSequences holds divisionSASS to what NVRTC 13 and ptxas
// make for sm_90 (needs scripts/setup-cudatools.sh): per operation in a
// loop of 16 with an unchanging divisor, the SASS beyond the same loop
// with an add, plus the add it replaces. Float division's fast path is
// checked by its instructions: MUFU.RCP, FFMAs, FCHK.
func TestDivisionSequences(t *testing.T) {
	tools, err := sass.Find()
	if err != nil {
		t.Skipf("no NVRTC 13 / nvdisasm (scripts/setup-cudatools.sh): %v", err)
	}
	const kernel = `extern "C" __global__ void %s(const %s *a, const %s *b, %s *o) {
	int i = threadIdx.x; %s x = a[i], d = b[i], s = 0;
	for (int r = 0; r < 16; r++) { s += %s; x = x * (%s)3 + (%s)r; }
	o[i] = s; }
`
	src := ""
	for _, k := range []struct{ name, typ, op string }{
		{"div_s32", "int", "x / d"}, {"div_u32", "unsigned", "x / d"}, {"rem_s32", "int", "x % d"},
		{"rem_u32", "unsigned", "x % d"}, {"add_s32", "int", "x + d"},
	} {
		src += fmt.Sprintf(kernel, k.name, k.typ, k.typ, k.typ, k.typ, k.op, k.typ, k.typ)
	}
	prog, err := tools.Compile("div.cu", src, 90)
	if err != nil {
		t.Fatal(err)
	}
	count := func(name string) int64 {
		k, err := prog.Kernel(name)
		if err != nil {
			t.Fatal(err)
		}
		return int64(len(k.Instrs))
	}
	add := count("add_s32")
	for _, op := range []string{"div.s32", "div.u32", "rem.s32", "rem.u32"} {
		name := op[:3] + "_" + op[4:]
		got := (count(name)-add)/16 + 1
		if d := got - divisionSASS[op]; d < -1 || d > 1 {
			t.Errorf("%s: %d SASS instructions an operation, divisionSASS has %d", op, got, divisionSASS[op])
		}
	}
}

// TestSASSOf: the instructions sassOf expands or puts on the FP64 pipe,
// the SFU or the FP32 pipe.
func TestSASSOf(t *testing.T) {
	for _, c := range []struct {
		op   string
		mods []string
		n    int64
		on   pipe
	}{
		{"div", []string{"s32"}, 13, pipeIssue},
		{"rem", []string{"u32"}, 10, pipeIssue},
		{"div", []string{"rn", "f32"}, 10, pipeSFU},
		{"div", []string{"approx", "f32"}, 1, pipeSFU},
		{"div", []string{"full", "f32"}, 1, pipeSFU},
		{"sin", []string{"approx", "f32"}, 1, pipeSFU},
		{"ex2", []string{"approx", "ftz", "f32"}, 1, pipeSFU},
		{"rsqrt", []string{"approx", "f32"}, 1, pipeSFU},
		{"sqrt", []string{"rn", "f64"}, 1, pipeIssue},
		{"fma", []string{"rn", "f64"}, 1, pipeFP64},
		{"setp", []string{"lt", "f64"}, 1, pipeFP64},
		{"cvt", []string{"rn", "f64", "s32"}, 1, pipeFP64},
		{"fma", []string{"rn", "f32"}, 1, pipeFP32},
		{"add", []string{"f32"}, 1, pipeFP32},
		{"max", []string{"f32"}, 1, pipeIssue},
		{"selp", []string{"f64"}, 1, pipeIssue},
		{"mul", []string{"lo", "s32"}, 1, pipeIssue},
	} {
		n, on := sassOf(&ptx.Instr{Op: c.op, Mods: c.mods})
		if n != c.n || on != c.on {
			t.Errorf("%s%v: %d on pipe %d; want %d on %d", c.op, c.mods, n, on, c.n, c.on)
		}
	}
}

const mixPTX = `
.version 7.8
.target sm_90
.address_size 64

.visible .entry mix(.param .u32 d)
{
	.reg .b32 %r<4>;
	.reg .f64 %fd<3>;
	.reg .f32 %f<3>;
	ld.param.u32 %r1, [d];
	mov.u32 %r2, %tid.x;
	div.s32 %r3, %r2, %r1;
	cvt.rn.f64.s32 %fd1, %r3;
	fma.rn.f64 %fd2, %fd1, %fd1, %fd1;
	cvt.rn.f32.s32 %f1, %r3;
	sin.approx.f32 %f2, %f1;
	mul.f32 %f1, %f2, %f2;
	shfl.sync.bfly.b32 %r3, %r3, 1, 31, -1;
	ret;
}
`

// TestProfileSASSMix: a launch's SASS, FP64, SFU, FP32 and shuffle
// warp-instructions, in total and per line.
func TestProfileSASSMix(t *testing.T) {
	g := New(Config{Workers: 1})
	m := loadSource(t, g, "mix.ptx", []byte(mixPTX))
	p, err := runProfiled(g, kernel(t, m, "mix"), Launch{Grid: dim(2), Block: dim(64), Params: [][]byte{p32(3)}})
	if err != nil {
		t.Fatal(err)
	}
	warps := int64(4)
	tot := p.Total
	// Ten instructions a warp (ret included); div.s32 is 13 SASS.
	if tot.WarpInstrs != 10*warps || tot.SASSWarpInstrs != (10-1+13)*warps || tot.FP64WarpInstrs != 2*warps || tot.SFUWarpInstrs != warps || tot.FP32WarpInstrs != warps || tot.ShuffleWarpInstrs != warps {
		t.Errorf("%d PTX, %d SASS, %d FP64, %d SFU, %d FP32, %d shuffle warp-instructions; want %d, %d, %d, %d, %d, %d", tot.WarpInstrs, tot.SASSWarpInstrs, tot.FP64WarpInstrs, tot.SFUWarpInstrs, tot.FP32WarpInstrs, tot.ShuffleWarpInstrs, 10*warps, 22*warps, 2*warps, warps, warps, warps)
	}
}
