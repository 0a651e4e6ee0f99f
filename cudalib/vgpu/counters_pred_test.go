package vgpu

import "testing"

// predPTX has the branch shapes markPredicated tells apart, one per
// source line: lane t is "in" when t < n.
const predPTX = `
.version 7.8
.target sm_90
.address_size 64
.file 1 "pred.cu"

.visible .entry pred(.param .u32 n)
{
	.reg .pred %p<3>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	.reg .f32 %f<3>;
	.shared .align 4 .b8 s[512];
	ld.param.u32 %r1, [n];
	mov.u32 %r2, %tid.x;
	mul.wide.u32 %rd1, %r2, 4;
	mov.u64 %rd2, s;
	add.s64 %rd3, %rd2, %rd1;
	setp.ge.u32 %p1, %r2, %r1;
	setp.lt.u32 %p2, %r2, %r1;
	.loc 1 1 0
	@%p1 bra SKIP;
	st.shared.f32 [%rd3], 0f3F800000;
SKIP:
	.loc 1 2 0
	@%p2 bra ELSE;
	ld.shared.f32 %f1, [%rd3];
	bra END;
ELSE:
	ld.shared.f32 %f2, [%rd3+4];
END:
	.loc 1 3 0
	@%p1 bra LONG;
	add.s32 %r3, %r2, 1;
	add.s32 %r3, %r3, 1;
	add.s32 %r3, %r3, 1;
	add.s32 %r3, %r3, 1;
	add.s32 %r3, %r3, 1;
	add.s32 %r3, %r3, 1;
	add.s32 %r3, %r3, 1;
	add.s32 %r3, %r3, 1;
	add.s32 %r3, %r3, 1;
	add.s32 %r3, %r3, 1;
	add.s32 %r3, %r3, 1;
	add.s32 %r3, %r3, 1;
	st.shared.u32 [%rd3], %r3;
LONG:
	.loc 1 4 0
	@%p1 bra DONE;
	ld.shared.f32 %f1, [%rd3];
DONE:
	ret;
}
`

// TestPredicatedRequests: ptxas turns a short if (or if/else) into
// predicated code, so on the GPU every warp issues its shared accesses,
// a warp with no lane in the branch as a request with no wavefronts
// (smsp__inst_executed_op_shared_{ld,st} counts issued instructions).
// Measured on H100: grad1d's dd_shared at 1024 threads and n = 150 has
// 34 shared store requests (all 32 warps issue the if (i < n) store, plus
// the halo's 2) but 7 wavefronts; longer stretches (the halo's 26 PTX
// instructions) and branches to a ret (an early EXIT) stay branches.
func TestPredicatedRequests(t *testing.T) {
	g := New(Config{Workers: 1})
	m := loadSource(t, g, "pred.ptx", []byte(predPTX))
	type want struct{ ldReq, ldWf, stReq, stWf int64 }
	cases := []struct {
		n     int
		lines [4]want
	}{
		// Warp 0 all in, warp 1 all out.
		{32, [4]want{{0, 0, 2, 1}, {4, 2, 0, 0}, {0, 0, 1, 1}, {1, 1, 0, 0}}},
		// Warp 0 divergent (both parts run), warp 1 all out.
		{16, [4]want{{0, 0, 2, 1}, {4, 3, 0, 0}, {0, 0, 1, 1}, {1, 1, 0, 0}}},
		// Every lane in: the ifs run whole; the if/else still issues its
		// then-part with no lane on.
		{64, [4]want{{0, 0, 2, 2}, {4, 2, 0, 0}, {0, 0, 2, 2}, {2, 2, 0, 0}}},
	}
	for _, c := range cases {
		p := profileOf(t, g, m, "pred", 64, p32(c.n))
		got := map[int]want{}
		for _, l := range p.Lines {
			got[l.Line] = want{l.SharedLoadRequests, l.SharedLoadWavefronts, l.SharedStoreRequests, l.SharedStoreWavefronts}
		}
		for i, w := range c.lines {
			if got[i+1] != w {
				t.Errorf("n=%d line %d: got %+v, want %+v", c.n, i+1, got[i+1], w)
			}
		}
	}
}
