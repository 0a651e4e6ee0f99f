package vgpu

import (
	"testing"

	"github.com/culab/culab/cudalib/ptx"
)

// TestVaryingRegs: registers from the block's index and parameters are
// uniform, those from a thread's index, a load or a register that one of
// them reaches in a later instruction (a loop's back edge) are not.
func TestVaryingRegs(t *testing.T) {
	const src = `
.version 7.8
.target sm_90
.address_size 64

.visible .entry k(.param .u64 p)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [p];
	mov.u32 %r1, %ctaid.x;
	mov.u32 %r2, %ntid.x;
	mul.lo.s32 %r3, %r1, %r2;
	mov.u32 %r4, %tid.x;
	add.s32 %r5, %r7, 1;
	ld.global.u32 %r6, [%rd1];
	add.s32 %r7, %r4, %r3;
	mul.wide.u32 %rd2, %r3, 4;
	add.s64 %rd3, %rd1, %rd2;
	ret;
}
`
	m, err := ptx.Parse("k.ptx", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	vary := varyingRegs(m.Funcs[0])
	for r, want := range map[string]bool{"%rd1": false, "%r1": false, "%r2": false, "%r3": false, "%rd2": false, "%rd3": false,
		"%r4": true, "%r5": true, "%r6": true, "%r7": true} {
		if vary[r] != want {
			t.Errorf("%s varying %v, want %v", r, vary[r], want)
		}
	}
}
