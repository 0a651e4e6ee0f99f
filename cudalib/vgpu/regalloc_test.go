package vgpu

import (
	"runtime"
	"testing"

	"github.com/culab/culab/cudalib/vgpu/vgputest"
)

// TestGuardedWriteKeepsLoopValue: a guarded write leaves the old value in
// the lanes whose guard fails, across the loop's back edge, while
// temporaries come and go after its last read in the body: they must not
// share its row.
func TestGuardedWriteKeepsLoopValue(t *testing.T) {
	src := `
.version 7.8
.target sm_90
.address_size 64
.visible .entry keep(.param .u64 out)
{
	.reg .pred %p<3>;
	.reg .b32 %r<10>;
	.reg .b64 %rd<4>;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, 1000;
	mov.u32 %r3, 0;
	mov.u32 %r8, 0;
	mov.u32 %r9, 0;
$L:
	and.b32 %r4, %r3, 3;
	setp.eq.u32 %p1, %r4, %r1;
	@%p1 mov.u32 %r2, %r3;
	add.u32 %r8, %r8, %r2;
	mul.lo.u32 %r5, %r3, 3;
	add.u32 %r6, %r5, 1;
	add.u32 %r7, %r6, %r3;
	add.u32 %r9, %r9, %r7;
	add.u32 %r3, %r3, 1;
	setp.lt.u32 %p2, %r3, 6;
	@%p2 bra $L;
	ld.param.u64 %rd1, [out];
	mul.wide.u32 %rd2, %r1, 8;
	add.s64 %rd3, %rd1, %rd2;
	st.global.v2.u32 [%rd3], {%r8, %r9};
	ret;
}
`
	g := New(Config{})
	m := loadSource(t, g, "keep.ptx", []byte(src))
	out, _ := g.Alloc(8 * 32)
	run(t, g, kernel(t, m, "keep"), dim(1), dim(32), p64(out))
	got := downloadI32(t, g, out, 64)
	for l := 0; l < 32; l++ {
		r2, sum := int32(1000), int32(0)
		for k := int32(0); k < 6; k++ {
			if k&3 == int32(l) {
				r2 = k
			}
			sum += r2
		}
		if got[2*l] != sum || got[2*l+1] != 66 { // Σ 4k+1 for k < 6
			t.Errorf("lane %d: %d %d, want %d 66", l, got[2*l], got[2*l+1], sum)
		}
	}
}

// TestFramesArePacked: the unrolled B = 64 Floyd–Warshall phase declares
// about 2500 registers; few are live at once, so its frame is small.
func TestFramesArePacked(t *testing.T) {
	g := New(Config{})
	m := loadFixture(t, g, "nvrtc11/lab-floyd.ptx")
	k := kernel(t, m, "_Z9fw_phase2ILi64ELb1EEvPiii")
	if k.Registers() < 2000 || k.entry.nregs > 200 {
		t.Errorf("%d registers declared take %d rows", k.Registers(), k.entry.nregs)
	}
}

// TestUnwrittenRegistersReadZero: a register written on one path only
// reads zero on the other, in every block, though the worker's previous
// block wrote it.
func TestUnwrittenRegistersReadZero(t *testing.T) {
	src := `
.version 7.8
.target sm_90
.address_size 64
.visible .entry maybe(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	mov.u32 %r1, %ctaid.x;
	setp.eq.u32 %p1, %r1, 0;
	@%p1 mov.u32 %r2, 5;
	ld.param.u64 %rd1, [out];
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r2;
	ret;
}
`
	g := New(Config{Workers: 1})
	m := loadSource(t, g, "maybe.ptx", []byte(src))
	out, _ := g.Alloc(4 * 3)
	run(t, g, kernel(t, m, "maybe"), dim(3), dim(1), p64(out))
	if got := downloadI32(t, g, out, 3); got[0] != 5 || got[1] != 0 || got[2] != 0 {
		t.Errorf("blocks stored %v, want [5 0 0]", got)
	}
}

// A kernel of a quarter of a million instructions and as many registers
// loads in memory that grows with its size (the liveness of every register
// at every instruction took 34 GB for one of 2^17 calls), and runs right.
func TestLargeKernelLoadsInLinearMemory(t *testing.T) {
	const calls = 1 << 15
	src := vgputest.ChainKernel(calls)
	pm := mustParse(t, src)
	insts := 0
	for _, f := range pm.Funcs {
		insts += len(f.Body)
	}
	g := New(Config{})
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	m, err := g.Load(pm)
	if err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	// About 2 KiB allocated an instruction, in all (the instructions,
	// their operands, a row of 32 lanes for each constant); the table of
	// liveness alone was instructions × registers / 8 bytes, 2 GB here.
	perInst := (after.TotalAlloc - before.TotalAlloc) / uint64(insts)
	t.Logf("%d instructions: %d bytes allocated an instruction", insts, perInst)
	if perInst > 8<<10 {
		t.Errorf("loading %d instructions allocated %d bytes an instruction", insts, perInst)
	}
	k := kernel(t, m, "chain")
	out, _ := g.Alloc(4 * 32)
	run(t, g, k, dim(1), dim(32), p64(out))
	got := downloadI32(t, g, out, 32)
	for tid := range 32 {
		x := uint32(0)
		for k := range calls {
			x = (x + uint32(tid) + 2) ^ uint32(k)
		}
		if uint32(got[tid]) != x {
			t.Fatalf("thread %d: %d, want %d", tid, uint32(got[tid]), x)
		}
	}
}
