package vgpu

import (
	"os"
	"path/filepath"
	"testing"
)

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

// mergePTX reads a row of four floats per lane from a tile of rows of
// %r1 bytes: lane t reads row t/16, so each half-warp reads one row (the
// tiled matmul's ta[ty][k..k+3]). Line 2 reads it again after a store.
const mergePTX = `
.version 7.8
.target sm_90
.address_size 64
.file 1 "merge.cu"

.visible .entry rows(.param .u32 pad)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<6>;
	.reg .f32 %f<9>;
	.shared .align 4 .b8 ta[2048];
	ld.param.u32 %r1, [pad];
	mov.u32 %r2, %tid.x;
	shr.u32 %r3, %r2, 4;
	mul.wide.u32 %rd1, %r3, 64;
	mov.u64 %rd2, ta;
	add.s64 %rd3, %rd2, %rd1;
	mul.wide.u32 %rd4, %r3, %r1;
	add.s64 %rd5, %rd3, %rd4;
	.loc 1 1 0
	ld.shared.f32 %f1, [%rd3];
	ld.shared.f32 %f2, [%rd3+8];
	ld.shared.f32 %f3, [%rd3+4];
	ld.shared.f32 %f4, [%rd3+12];
	.loc 1 2 0
	ld.shared.f32 %f5, [%rd3+16];
	ld.shared.f32 %f6, [%rd3+20];
	st.shared.f32 [%rd3+64], %f1;
	ld.shared.f32 %f7, [%rd3+24];
	ld.shared.f32 %f8, [%rd3+28];
	.loc 1 3 0
	ld.shared.f32 %f1, [%rd5];
	ld.shared.f32 %f2, [%rd5+4];
	ld.shared.f32 %f3, [%rd5+8];
	ld.shared.f32 %f4, [%rd5+12];
	ret;
}
`

// TestMergedSharedLoads: ptxas merges four 4-byte shared loads of one
// 16-byte aligned block into an LDS.128 (measured on H100: mm_tiled's
// 32 loads per tile became 20 instructions, 81920 requests for the PTX's
// 131072, with 98304 wavefronts — 2 per LDS.128, its lanes reading in
// pairs), but not across a shared store, nor where the base's alignment
// is unknown (a padded tile).
func TestMergedSharedLoads(t *testing.T) {
	g := New(Config{Workers: 1})
	m := loadSource(t, g, "merge.ptx", []byte(mergePTX))
	p := profileOf(t, g, m, "rows", 32, p32(4))
	type want struct{ req, wf, confl int64 }
	got := map[int]want{}
	for _, l := range p.Lines {
		got[l.Line] = want{l.SharedLoadRequests, l.SharedLoadWavefronts, l.SharedLoadBankConflicts}
	}
	for line, w := range map[int]want{1: {1, 2, 0}, 2: {4, 4, 0}, 3: {4, 4, 0}} {
		if got[line] != w {
			t.Errorf("line %d: got %+v, want %+v", line, got[line], w)
		}
	}
}

// pairPTX is the blind zoo's fft_shared_table's first butterfly as NVRTC
// 13 writes it: lane t loads and stores the float2 pair x[2t], x[2t+1]
// (16 bytes at 16t), then the same pairs split by a shared load between
// the stores, and by a barrier between the loads.
const pairPTX = `
.version 7.8
.target sm_90
.address_size 64
.file 1 "pair.cu"

.visible .entry pairs()
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<4>;
	.reg .f32 %f<12>;
	.shared .align 8 .b8 x[2048];
	mov.u32 %r1, %tid.x;
	shl.b32 %r2, %r1, 1;
	mul.wide.s32 %rd1, %r2, 8;
	mov.u64 %rd2, x;
	add.s64 %rd3, %rd2, %rd1;
	.loc 1 1 0
	ld.shared.v2.f32 {%f1, %f2}, [%rd3];
	ld.shared.v2.f32 {%f3, %f4}, [%rd3+8];
	.loc 1 2 0
	add.f32 %f5, %f1, %f3;
	st.shared.v2.f32 [%rd3], {%f5, %f2};
	sub.f32 %f6, %f1, %f3;
	st.shared.v2.f32 [%rd3+8], {%f6, %f4};
	.loc 1 3 0
	st.shared.v2.f32 [%rd3], {%f6, %f2};
	.loc 1 4 0
	ld.shared.f32 %f7, [%rd3+512];
	.loc 1 3 0
	st.shared.v2.f32 [%rd3+8], {%f7, %f4};
	.loc 1 5 0
	ld.shared.v2.f32 {%f8, %f9}, [%rd3];
	bar.sync 0;
	ld.shared.v2.f32 {%f10, %f11}, [%rd3+8];
	ret;
}
`

// TestMergedSharedPairs: ptxas merges two 8-byte shared accesses of one
// 16-byte aligned block into an LDS.128 or STS.128 (fft_shared_table on
// H100: a load and a store request fewer a warp, 4 wavefronts and 4
// conflicts fewer, as ncu measured), but not stores with a shared load
// between them, nor loads across a barrier.
func TestMergedSharedPairs(t *testing.T) {
	g := New(Config{Workers: 1})
	m := loadSource(t, g, "pair.ptx", []byte(pairPTX))
	p := profileOf(t, g, m, "pairs", 32)
	type counts struct{ ldReq, ldWf, ldConf, stReq, stWf, stConf int64 }
	got := map[int]counts{}
	for _, l := range p.Lines {
		c := l.Counters
		got[l.Line] = counts{c.SharedLoadRequests, c.SharedLoadWavefronts, c.SharedLoadBankConflicts,
			c.SharedStoreRequests, c.SharedStoreWavefronts, c.SharedStoreBankConflicts}
	}
	// A 16-byte access of 32 lanes at 16t: quarter-warp phases, one
	// wavefront each. An 8-byte one at stride 16: half-warps, two each.
	for line, w := range map[int]counts{
		1: {1, 4, 0, 0, 0, 0},
		2: {0, 0, 0, 1, 4, 0},
		3: {0, 0, 0, 2, 8, 4},
		5: {2, 8, 4, 0, 0, 0},
	} {
		if got[line] != w {
			t.Errorf("line %d: got %+v, want %+v", line, got[line], w)
		}
	}
}

// TestMergeMatchesSASS holds the modeled merge to ptxas's: the shared
// loads of each lab kernel that merges any, as `cuobjdump -sass` counted
// them on the GPU machine (tools/ncucompare sass, NVRTC 13.0, sm_90), for
// the PTX of NVRTC 11.8 and 13.
func TestMergeMatchesSASS(t *testing.T) {
	sass := map[string][2]int{ // kernel: LDS.32, LDS.128
		"_Z8mm_tiledILi16EEvPfPKfS2_i":            {16, 4},
		"_Z8mm_tiledILi32EEvPfPKfS2_i":            {32, 8},
		"_Z11mm_colmajorILi16ELi16EEvPfPKfS2_i":   {16, 4},
		"_Z11mm_colmajorILi16ELi17EEvPfPKfS2_i":   {32, 0},
		"_Z11mm_colmajorILi32ELi32EEvPfPKfS2_i":   {32, 8},
		"_Z11mm_colmajorILi32ELi33EEvPfPKfS2_i":   {64, 0},
		"_Z18mm_colmajor_kmajorILi32EEvPfPKfS2_i": {64, 0},
		"_Z9fw_phase1ILi32ELb1EEvPiii":            {97, 0},
		"_Z9fw_phase2ILi32ELb1EEvPiii":            {161, 0},
		"_Z9fw_phase3ILi8ELb1EEvPiii":             {8, 2},
		"_Z9fw_phase3ILi16ELb1EEvPiii":            {16, 4},
		"_Z9fw_phase3ILi32ELb1EEvPiii":            {32, 8},
		"_Z9fw_phase3ILi64ELb1EEvPiii":            {128, 32},
		"_Z15transpose_tiledILi32EEvPfPKfi":       {4, 0},
	}
	for _, ver := range []string{"nvrtc11", "nvrtc13"} {
		for _, lab := range []string{"matmul", "bankconflict", "floyd", "transpose"} {
			src, err := os.ReadFile(filepath.Join("..", "ptx", "testdata", ver, "lab-"+lab+".ptx"))
			if err != nil {
				t.Fatal(err)
			}
			m := loadSource(t, New(Config{Workers: 1}), lab+".ptx", src)
			for name, want := range sass {
				k, err := m.Kernel(name)
				if err != nil {
					continue // another lab's
				}
				counted, merged := 0, 0
				for _, in := range k.insts {
					if in.aux || in.src.Op != "ld" || in.space != spShared {
						continue
					}
					if in.count == nil {
						merged++
					} else {
						counted++
					}
				}
				if got := [2]int{counted - merged/3, merged / 3}; got != want {
					t.Errorf("%s %s: %d LDS.32 + %d LDS.128, ptxas made %d + %d", ver, name, got[0], got[1], want[0], want[1])
				}
			}
		}
	}
}
