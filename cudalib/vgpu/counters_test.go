package vgpu

import (
	"math/bits"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/culab/culab/cudalib/counters"
)

// countersPTX holds one warp-sized access pattern per kernel: lane t
// accesses base + t·stride (stride in bytes for shared memory, in floats
// for global memory), then stores back what it read.
const countersPTX = `
.version 7.8
.target sm_90
.address_size 64
.file 1 "counters.cu"

.visible .entry gload(.param .u64 p, .param .u32 stride)
{
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	.reg .b64 %rd<5>;
	.reg .f32 %f<2>;
	.loc 1 10 0
	ld.param.u64 %rd1, [p];
	ld.param.u32 %r1, [stride];
	mov.u32 %r2, %tid.x;
	mul.lo.s32 %r3, %r2, %r1;
	mul.wide.u32 %rd2, %r3, 4;
	cvta.to.global.u64 %rd3, %rd1;
	add.s64 %rd4, %rd3, %rd2;
	.loc 1 11 0
	ld.global.f32 %f1, [%rd4];
	setp.lt.u32 %p1, %r2, 16;
	.loc 1 12 0
	@%p1 st.global.f32 [%rd4], %f1;
	.loc 1 13 0
	@%p1 bra DONE;
	bar.sync 0;
DONE:
	ret;
}

.visible .entry gload4(.param .u64 p, .param .u32 stride)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<5>;
	.reg .f32 %f<5>;
	ld.param.u64 %rd1, [p];
	ld.param.u32 %r1, [stride];
	mov.u32 %r2, %tid.x;
	mul.wide.u32 %rd2, %r2, %r1;
	cvta.to.global.u64 %rd3, %rd1;
	add.s64 %rd4, %rd3, %rd2;
	ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd4];
	ret;
}

.visible .entry sh32(.param .u32 stride)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.reg .f32 %f<2>;
	.shared .align 16 .b8 tile[8448];
	ld.param.u32 %r1, [stride];
	mov.u32 %r2, %tid.x;
	mul.lo.s32 %r3, %r2, %r1;
	cvt.u64.u32 %rd1, %r3;
	mov.u64 %rd2, tile;
	add.s64 %rd3, %rd2, %rd1;
	.loc 1 20 0
	ld.shared.f32 %f1, [%rd3];
	.loc 1 21 0
	st.shared.f32 [%rd3], %f1;
	ret;
}

.visible .entry sh64(.param .u32 stride)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.reg .f64 %fd<2>;
	.shared .align 16 .b8 tile[8448];
	ld.param.u32 %r1, [stride];
	mov.u32 %r2, %tid.x;
	mul.lo.s32 %r3, %r2, %r1;
	cvt.u64.u32 %rd1, %r3;
	mov.u64 %rd2, tile;
	add.s64 %rd3, %rd2, %rd1;
	.loc 1 30 0
	ld.shared.f64 %fd1, [%rd3];
	st.shared.f64 [%rd3], %fd1;
	ret;
}

.visible .entry sh128(.param .u32 stride)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.reg .f32 %f<5>;
	.shared .align 16 .b8 tile[8448];
	ld.param.u32 %r1, [stride];
	mov.u32 %r2, %tid.x;
	mul.lo.s32 %r3, %r2, %r1;
	cvt.u64.u32 %rd1, %r3;
	mov.u64 %rd2, tile;
	add.s64 %rd3, %rd2, %rd1;
	.loc 1 40 0
	ld.shared.v4.f32 {%f1, %f2, %f3, %f4}, [%rd3];
	st.shared.v4.f32 [%rd3], {%f1, %f2, %f3, %f4};
	ret;
}

.visible .entry uneven(.param .u64 p)
{
	.reg .pred %p<2>;
	.reg .b32 %r<2>;
	.reg .b64 %rd<3>;
	.reg .f32 %f<3>;
	ld.param.u64 %rd1, [p];
	cvta.to.global.u64 %rd2, %rd1;
	mov.u32 %r1, %tid.x;
	setp.ge.u32 %p1, %r1, 32;
	@%p1 bra DONE;
	ld.global.f32 %f1, [%rd2];
	ld.global.f32 %f2, [%rd2+4];
	add.f32 %f1, %f1, %f2;
	// No store: the blocks run on different workers and would race.
	add.f32 %f1, %f1, %f2;
DONE:
	ret;
}

.visible .entry misc(.param .u32 off)
{
	.reg .b32 %r<5>;
	.reg .b64 %rd<6>;
	.local .align 8 .b8 buf[256];
	.shared .align 4 .b8 cnt[128];
	ld.param.u32 %r1, [off];
	mov.u32 %r2, %tid.x;
	mov.u64 %rd1, buf;
	cvt.u64.u32 %rd2, %r1;
	add.s64 %rd3, %rd1, %rd2;
	.loc 1 50 0
	st.local.u32 [%rd3], %r2;
	ld.local.v2.u32 {%r3, %r4}, [%rd1];
	.loc 1 51 0
	mov.u64 %rd4, cnt;
	cvta.shared.u64 %rd5, %rd4;
	atom.shared.add.u32 %r3, [%rd4], 1;
	ld.u32 %r4, [%rd5];
	ret;
}
`

func profileOf(t *testing.T, g *GPU, m *Module, name string, threads int, params ...[]byte) *Profile {
	t.Helper()
	p, err := runProfiled(g, kernel(t, m, name), Launch{Grid: dim(1), Block: dim(threads), Params: params})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestGlobalSectors(t *testing.T) {
	g := New(Config{Workers: 1})
	m := loadSource(t, g, "counters.ptx", []byte(countersPTX))
	buf, _ := g.Alloc(4 * 33 * 32)
	// Wavefronts: the most distinct words in one of 32 banks.
	cases := []struct {
		stride                                            int
		loadSectors, loadLines, loadWavefronts, stSectors int64
	}{
		{1, 4, 1, 1, 2},      // coalesced f32: 128 bytes; 16 lanes store 64
		{32, 32, 32, 32, 16}, // a sector per lane, each in a line of its own, all in bank 0
		{8, 32, 8, 8, 16},    // a sector per lane, four sectors a line, 4 banks
		{0, 1, 1, 1, 1},      // every lane the same word
		{2, 8, 2, 2, 4},
		{33, 32, 32, 1, 16}, // a line a lane, each in its own bank
	}
	for _, c := range cases {
		p := profileOf(t, g, m, "gload", 32, p64(buf), p32(c.stride))
		tot := p.Total
		// One block: every sector is new to it; a request is scattered
		// where its sectors hold over twice the 128 bytes asked.
		scattered := int64(0)
		if c.loadSectors*32 > 2*128 {
			scattered = c.loadSectors
		}
		if tot.GlobalLoadRequests != 1 || tot.GlobalLoadSectors != c.loadSectors || tot.GlobalLoadBytes != 128 ||
			tot.BlockLoadSectors != c.loadSectors || tot.BlockScatteredSectors != scattered || tot.LoadSectors != c.loadSectors ||
			tot.GlobalLoadLines != c.loadLines || tot.GlobalLoadWavefronts != c.loadWavefronts ||
			tot.GlobalStoreRequests != 1 || tot.GlobalStoreSectors != c.stSectors || tot.GlobalStoreBytes != 64 {
			t.Errorf("stride %d: %+v", c.stride, tot)
		}
	}
}

// A 16-byte load's wavefronts are the whole warp's bank ways: 512
// coalesced bytes take 4, a warp on one 16-byte word 1 (not shared
// memory's four quarter-warps: l1lines.cu's latency), a lane a line 32.
func TestGlobalWavefronts16(t *testing.T) {
	g := New(Config{Workers: 1})
	m := loadSource(t, g, "counters.ptx", []byte(countersPTX))
	buf, _ := g.Alloc(144 * 32)
	for _, c := range []struct {
		stride                 int
		sectors, lines, fronts int64
	}{
		{16, 16, 4, 4},
		{0, 1, 1, 1},
		{128, 32, 32, 32},
		{144, 32, 32, 4}, // a line and 16 bytes a lane: 8 lanes cover the banks
	} {
		tot := profileOf(t, g, m, "gload4", 32, p64(buf), p32(c.stride)).Total
		if tot.GlobalLoadSectors != c.sectors || tot.GlobalLoadLines != c.lines || tot.GlobalLoadWavefronts != c.fronts {
			t.Errorf("stride %d: %d sectors, %d lines, %d wavefronts; want %d, %d, %d", c.stride,
				tot.GlobalLoadSectors, tot.GlobalLoadLines, tot.GlobalLoadWavefronts, c.sectors, c.lines, c.fronts)
		}
	}
}

// A coalesced row that starts half-way into a line spans two lines, and
// lines of sectors in any order count once each.
func TestGlobalLoadLines(t *testing.T) {
	g := New(Config{Workers: 1})
	m := loadSource(t, g, "counters.ptx", []byte(countersPTX))
	buf, _ := g.Alloc(4 * 32 * 32)
	p := profileOf(t, g, m, "gload", 32, p64(buf+64), p32(1))
	if tot := p.Total; tot.GlobalLoadSectors != 4 || tot.GlobalLoadLines != 2 {
		t.Errorf("misaligned row: %d sectors, %d lines, want 4, 2", tot.GlobalLoadSectors, tot.GlobalLoadLines)
	}
	for _, c := range []struct {
		secs []uint64
		want int64
	}{
		{nil, 0},
		{[]uint64{3, 4}, 2},       // neighbours across a line's end
		{[]uint64{0, 1, 2, 3}, 1}, // a whole line
		{[]uint64{1, 9, 17, 18}, 3},
	} {
		if got := linesOf(c.secs); got != c.want {
			t.Errorf("linesOf(%v) = %d, want %d", c.secs, got, c.want)
		}
	}
}

func TestControlCounters(t *testing.T) {
	g := New(Config{Workers: 1})
	m := loadSource(t, g, "counters.ptx", []byte(countersPTX))
	buf, _ := g.Alloc(4 * 64)
	// Two warps: the first splits at the branch (16 lanes skip the
	// barrier), the second does not (none of its lanes is below 16).
	p := profileOf(t, g, m, "gload", 64, p64(buf), p32(1))
	tot := p.Total
	if tot.Branches != 2 || tot.DivergentBranches != 1 || tot.Barriers != 2 || tot.Blocks != 1 || tot.Threads != 64 {
		t.Errorf("%+v", tot)
	}
	// 11 PTX instructions up to bra for both warps, then bar.sync (16
	// lanes of the first warp, 32 of the second) and ret, where the first
	// warp's lanes meet again.
	if tot.WarpInstrs != 2*13 || tot.ThreadInstrs != 64*11+16+32+64 {
		t.Errorf("instructions: %d warp, %d thread", tot.WarpInstrs, tot.ThreadInstrs)
	}
	if tot.DRAMSectors != 8 {
		t.Errorf("DRAM sectors %d, want 8", tot.DRAMSectors)
	}
	// The second warp's guarded store has no lane whose guard holds: no
	// request reaches L1TEX (measured on H100: grad1d's dd_shared at 1024
	// threads issues its predicated if (i < n) load in all 32 warps —
	// 34 shared store requests — but makes 7 global load requests).
	if tot.GlobalStoreRequests != 1 || tot.GlobalStoreSectors != 2 || tot.GlobalStoreBytes != 64 {
		t.Errorf("stores: %+v", tot)
	}
}

func TestSharedWavefronts(t *testing.T) {
	g := New(Config{Workers: 1})
	m := loadSource(t, g, "counters.ptx", []byte(countersPTX))
	cases := []struct {
		kernel    string
		stride    int
		wf, confl int64
	}{
		{"sh32", 4, 1, 0},            // row of a tile
		{"sh32", 32 * 4, 32, 31},     // column of a 32×32 float tile: one bank
		{"sh32", 33 * 4, 1, 0},       // column of a padded 32×33 tile
		{"sh32", 0, 1, 0},            // broadcast
		{"sh32", 2 * 4, 2, 1},        // stride 2: two words per bank
		{"sh64", 8, 2, 0},            // f64 row: two half-warps
		{"sh64", 16, 4, 2},           // f64 stride 2: two words per bank in each half
		{"sh64", 32 * 8, 32, 30},     // f64 column of 32×32 doubles
		{"sh128", 16, 4, 0},          // float4 row: four quarter-warps
		{"sh128", 32, 8, 4},          // float4 stride 2
		{"sh32", 32 * 4 * 2, 32, 31}, // all in bank 0, 32 distinct words
	}
	for _, c := range cases {
		p := profileOf(t, g, m, c.kernel, 32, p32(c.stride))
		tot := p.Total
		if tot.SharedLoadRequests != 1 || tot.SharedLoadWavefronts != c.wf || tot.SharedLoadBankConflicts != c.confl ||
			tot.SharedStoreRequests != 1 || tot.SharedStoreWavefronts != c.wf || tot.SharedStoreBankConflicts != c.confl {
			t.Errorf("%s stride %d: %+v, want %d wavefronts, %d conflicts", c.kernel, c.stride, tot, c.wf, c.confl)
		}
	}
	// float4, every lane the same 16 bytes: a load's lanes pair up and it
	// takes 2 wavefronts (measured on H100: mm_tiled's LDS.128 of As[ty][k..k+3],
	// 131072 PTX loads became 81920 LDS with 98304 wavefronts, 0 conflicts);
	// a store stays at one wavefront per quarter-warp.
	p := profileOf(t, g, m, "sh128", 32, p32(0))
	if tot := p.Total; tot.SharedLoadWavefronts != 2 || tot.SharedLoadBankConflicts != 0 ||
		tot.SharedStoreWavefronts != 4 || tot.SharedStoreBankConflicts != 0 {
		t.Errorf("float4 broadcast: %+v", tot)
	}
	// A partial warp: 8 lanes of f64 fill one half-warp phase only.
	p = profileOf(t, g, m, "sh64", 8, p32(8))
	if tot := p.Total; tot.SharedLoadWavefronts != 1 || tot.SharedLoadBankConflicts != 0 {
		t.Errorf("8 lanes of f64: %+v", tot)
	}
}

func TestCountersPerLine(t *testing.T) {
	g := New(Config{Workers: 1})
	m := loadSource(t, g, "counters.ptx", []byte(countersPTX))
	p := profileOf(t, g, m, "sh32", 32, p32(128))
	if len(p.Lines) != 2 {
		t.Fatalf("lines %+v", p.Lines)
	}
	ld, st := p.Lines[0], p.Lines[1]
	if ld.File != "counters.cu" || ld.Line != 20 || ld.SharedLoadWavefronts != 32 || ld.SharedStoreRequests != 0 ||
		st.Line != 21 || st.SharedStoreWavefronts != 32 || st.SharedLoadRequests != 0 {
		t.Errorf("lines %+v", p.Lines)
	}
	// Instructions before the first .loc count in the total only.
	if ld.WarpInstrs != 1 || p.Total.WarpInstrs != 9 {
		t.Errorf("line 20: %d instructions, total %d", ld.WarpInstrs, p.Total.WarpInstrs)
	}
	buf, _ := g.Alloc(4 * 32)
	p = profileOf(t, g, m, "gload", 32, p64(buf), p32(1))
	var sum counters.Counters
	for i := range p.Lines {
		sum.Add(&p.Lines[i].Counters)
	}
	sum.Blocks, sum.Threads, sum.DRAMSectors, sum.DRAMChunks, sum.LoadSectors = p.Total.Blocks, p.Total.Threads, p.Total.DRAMSectors, p.Total.DRAMChunks, p.Total.LoadSectors
	sum.MaxWarpInstrs, sum.MaxWarpGlobalLoads, sum.MaxWarpSharedLoads = p.Total.MaxWarpInstrs, p.Total.MaxWarpGlobalLoads, p.Total.MaxWarpSharedLoads
	sum.BlockWarpInstrs, sum.BlockWarpGlobalLoads, sum.BlockWarpSharedLoads = p.Total.BlockWarpInstrs, p.Total.BlockWarpGlobalLoads, p.Total.BlockWarpSharedLoads
	if sum != p.Total {
		t.Errorf("lines sum to %+v, total %+v", sum, p.Total)
	}
}

// TestLongestWarp: the longest warp's counts are one warp's, not the
// average's, on any number of workers, and each block's longest summed
// over blocks; Add sums them over launches. A block's loads of one sector
// fetch it into L1 once (BlockLoadSectors).
func TestLongestWarp(t *testing.T) {
	for _, workers := range []int{1, 3} {
		g := New(Config{Workers: workers})
		m := loadSource(t, g, "counters.ptx", []byte(countersPTX))
		buf, _ := g.Alloc(8)
		// Three blocks of four warps; only each block's first warp loads:
		// ten instructions and two loads, where the others issue six.
		p, err := runProfiled(g, kernel(t, m, "uneven"), Launch{Grid: dim(3), Block: dim(128), Params: [][]byte{p64(buf)}})
		if err != nil {
			t.Fatal(err)
		}
		tot := p.Total
		if tot.WarpInstrs != 3*(10+3*6) || tot.GlobalLoadRequests != 3*2 ||
			tot.MaxWarpInstrs != 10 || tot.MaxWarpGlobalLoads != 2 || tot.MaxWarpSharedLoads != 0 ||
			tot.BlockWarpInstrs != 3*10 || tot.BlockWarpGlobalLoads != 3*2 || tot.BlockWarpSharedLoads != 0 ||
			tot.GlobalLoadSectors != 6 || tot.BlockLoadSectors != 3 || tot.LoadSectors != 1 || tot.BlockScatteredSectors != 0 {
			t.Errorf("%d workers: %+v", workers, tot)
		}
		sum := tot
		sum.Add(&tot)
		if sum.MaxWarpInstrs != 20 || sum.MaxWarpGlobalLoads != 4 {
			t.Errorf("two launches: %+v", sum)
		}
	}
	g := New(Config{Workers: 1})
	m := loadSource(t, g, "counters.ptx", []byte(countersPTX))
	if p := profileOf(t, g, m, "sh32", 64, p32(4)); p.Total.MaxWarpSharedLoads != 1 || p.Total.SharedLoadRequests != 2 {
		t.Errorf("shared: %+v", p.Total)
	}
}

// TestLocalAtomicGeneric: local memory interleaves the lanes by word; an
// atomic is a request; a generic address is counted in its space.
func TestLocalAtomicGeneric(t *testing.T) {
	g := New(Config{Workers: 1})
	m := loadSource(t, g, "counters.ptx", []byte(countersPTX))
	p := profileOf(t, g, m, "misc", 32, p32(8))
	tot := p.Total
	if tot.LocalStoreRequests != 1 || tot.LocalStoreSectors != 4 || tot.LocalLoadRequests != 1 || tot.LocalLoadSectors != 8 ||
		tot.AtomicRequests != 1 || tot.SharedLoadRequests != 1 || tot.SharedLoadWavefronts != 1 || tot.GlobalLoadRequests != 0 {
		t.Errorf("%+v", tot)
	}
}

// TestObserve: an observer sees every launch's profile, Run's too.
func TestObserve(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadSource(t, g, "counters.ptx", []byte(countersPTX))
	var got []*Profile
	Observe(func(p *Profile) { got = append(got, p) })
	err := g.Run(kernel(t, m, "sh32"), Launch{Grid: dim(3), Block: dim(32), Params: [][]byte{p32(128)}}, nil)
	Observe(nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Run(kernel(t, m, "sh32"), Launch{Grid: dim(1), Block: dim(32), Params: [][]byte{p32(128)}}, nil); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Kernel != "sh32" || got[0].Grid != dim(3) || got[0].Total.SharedLoadWavefronts != 3*32 {
		t.Errorf("observed %+v", got)
	}
}

// TestProfileDeterministic: the same profile on any number of workers.
func TestProfileDeterministic(t *testing.T) {
	var first *Profile
	for _, workers := range []int{1, 2, 3, 7} {
		g := New(Config{Workers: workers})
		m := loadFixture(t, g, "nvrtc11/lab-matmul.ptx")
		const n = 64
		r := rng(2)
		da, db := upload(t, g, f32bytes(r.float32s(n*n))), upload(t, g, f32bytes(r.float32s(n*n)))
		dc, _ := g.Alloc(4 * n * n)
		p, err := runProfiled(g, kernel(t, m, "_Z8mm_tiledILi16EEvPfPKfS2_i"), Launch{Grid: dim2(n/16, n/16), Block: dim2(16, 16),
			Params: [][]byte{p64(dc), p64(da), p64(db), p32(n)}})
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = p
			tot := p.Total
			// 16 blocks × 8 warps, 4 tiles with 2 barriers each; one store
			// per warp; the inputs and the output touched once each.
			if tot.Barriers != 16*8*4*2 || tot.GlobalStoreRequests != 16*8 || tot.SharedLoadBankConflicts != 0 ||
				tot.DRAMSectors != 3*n*n*4/32 || len(p.Lines) == 0 {
				t.Errorf("mm_tiled: %+v", tot)
			}
			continue
		}
		if !reflect.DeepEqual(p, first) {
			t.Errorf("%d workers: %+v\nwant %+v", workers, p.Total, first.Total)
		}
	}
}

// TestBlockSectors: the set counts a sector once, a line's sectors apart,
// grows, and starts afresh past its window and at reset.
func TestBlockSectors(t *testing.T) {
	var s blockSectors
	s.reset()
	for i := range uint64(blockWindowSectors/2 - 1) {
		if n := s.add([]uint64{i * 977, i*977 + 1}); n != 2 {
			t.Fatalf("line %d: %d new sectors, want 2", i*977/4, n)
		}
	}
	if n := s.add([]uint64{0, 1, 2}); n != 1 {
		t.Errorf("a line's third sector: %d new, want 1", n)
	}
	if n := s.add([]uint64{977 * (blockWindowSectors/2 - 2)}); n != 0 {
		t.Errorf("a sector of the window: %d new, want 0", n)
	}
	if n := s.add([]uint64{3, 5}); n != 2 || s.add([]uint64{0}) != 1 {
		t.Error("past the window: the set did not start afresh")
	}
	s.reset()
	if s.add([]uint64{1}) != 1 || s.add([]uint64{1}) != 0 {
		t.Error("after reset: want new once")
	}
}

// TestContiguousFastPath holds the counts of a whole warp's contiguous
// access (contiguousAt's shortcuts) to the general computation, for every
// access size, aligned and not, at addresses near sector and bank edges.
func TestContiguousFastPath(t *testing.T) {
	for _, size := range []int{1, 2, 4, 8, 16} { // ld.v4.b32 is the widest access on sm_90
		for _, first := range []uint64{0x1000, 0x1000 + uint64(size), 0x1004, 0x1010, 0x101c, 0x1020 - uint64(size), 0x1001, 0x1002} {
			var base vec
			for l := range base {
				base[l] = first - 8 + uint64(l*size)
			}
			const m = 1<<32 - 1
			got, ok := contiguousAt(&base, 8, m, size)
			if !ok || got != first {
				t.Fatalf("size %d at %#x: contiguousAt = %#x, %v", size, first, got, ok)
			}
			words := max(size/4, 1)
			if fast, slow := contiguousWavefronts(first, size), phaseWavefronts(&base, 8, m, words); fast != slow {
				t.Errorf("size %d at %#x: global wavefronts %d, want %d", size, first, fast, slow)
			}
			for _, load := range []bool{true, false} {
				wf, ideal := sharedWavefronts(&base, 8, m, size, load)
				if wf != int64(words) || ideal != int64(words) {
					t.Errorf("size %d at %#x load %v: shared wavefronts %d (ideal %d), the shortcut says %d", size, first, load, wf, ideal, words)
				}
			}
			var b1, b2 [32]uint64
			fast, slow := accessSectors(&b1, &base, 8, m, first, true, size), accessSectors(&b2, &base, 8, m, 0, false, size)
			if !slices.Equal(fast, slow) {
				t.Errorf("size %d at %#x: sectors %v, want %v", size, first, fast, slow)
			}
		}
	}
	var base vec
	for l := range base {
		base[l] = 0x1000 + uint64(4*l)
	}
	base[7] += 4
	if _, ok := contiguousAt(&base, 0, 1<<32-1, 4); ok {
		t.Error("a lane out of step passed as contiguous")
	}
	if _, ok := contiguousAt(&base, 0, 1<<31-1, 4); ok {
		t.Error("a partial warp passed as contiguous")
	}
}

// TestWavefrontMemo holds the memo's premise: a lane pattern moved by a
// multiple of 4 bytes has the wavefronts it had, over random patterns
// (strides, broadcasts, random words, partial warps) of every size.
func TestWavefrontMemo(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 3000 {
		size := []int{1, 2, 4, 8, 16}[r.IntN(5)]
		m := uint32(1<<32 - 1)
		if r.IntN(3) == 0 {
			m = r.Uint32() | 1
		}
		var base vec
		stride := uint64(r.IntN(5)) * uint64(size)
		for l := range base {
			switch trial % 3 {
			case 0:
				base[l] = 0x10000 + uint64(l)*stride
			case 1:
				base[l] = 0x10000 + uint64(l/16)*stride*7 // half-warps each on one address
			default:
				base[l] = 0x10000 + uint64(r.IntN(64))*uint64(size)
			}
		}
		var e wavefrontMemo
		load := r.IntN(2) == 0
		wf, ideal := sharedWavefronts(&base, 0, m, size, load)
		e.keep(&base, 0, m, spShared, wf, ideal)
		delta := 4 * uint64(r.IntN(1000))
		var moved vec
		for l := range base {
			moved[l] = base[l] + delta
		}
		if !e.matches(&moved, 0, m, spShared) {
			t.Fatalf("trial %d: a moved pattern does not match", trial)
		}
		if w2, i2 := sharedWavefronts(&moved, 0, m, size, load); w2 != wf || i2 != ideal {
			t.Fatalf("trial %d: moved by %d, shared wavefronts %d/%d, the memo says %d/%d", trial, delta, w2, i2, wf, ideal)
		}
		if g1, g2 := phaseWavefronts(&base, 0, m, max(size/4, 1)), phaseWavefronts(&moved, 0, m, max(size/4, 1)); g1 != g2 {
			t.Fatalf("trial %d: moved by %d, global wavefronts %d, before %d", trial, delta, g2, g1)
		}
		moved[bits.TrailingZeros32(m)] += 2
		if e.matches(&moved, 0, m, spShared) || e.matches(&base, 0, m, spGlobal) {
			t.Fatalf("trial %d: another pattern or space matched", trial)
		}
	}
}
