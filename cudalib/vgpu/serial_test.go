package vgpu

import "testing"

// serialPTX holds three loops whose loads a warp waits for one after
// another: a pointer chase (p = next[p]), a linear probe (a[h], a[h+1],
// … to a zero: a branch on the loaded value) and a merge of two sorted
// lists (a[i] and b[j], whose steps follow from the loaded values).
const serialPTX = `
.version 7.8
.target sm_90
.address_size 64

.visible .entry chase(.param .u64 next, .param .u64 out, .param .u32 steps)
{
	.reg .pred %p<2>;
	.reg .b32 %r<6>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [next];
	ld.param.u64 %rd2, [out];
	ld.param.u32 %r1, [steps];
	mov.u32 %r2, %tid.x;
	mov.u32 %r3, 0;
$L_chase:
	mul.wide.u32 %rd3, %r2, 4;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.u32 %r2, [%rd4];
	add.s32 %r3, %r3, 1;
	setp.lt.u32 %p1, %r3, %r1;
	@%p1 bra $L_chase;
	mov.u32 %r4, %tid.x;
	mul.wide.u32 %rd5, %r4, 4;
	add.s64 %rd6, %rd2, %rd5;
	st.global.u32 [%rd6], %r2;
	ret;
}

.visible .entry probe(.param .u64 a, .param .u64 out, .param .u32 skew)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [a];
	ld.param.u64 %rd2, [out];
	ld.param.u32 %r1, [skew];
	mov.u32 %r2, %tid.x;
	and.b32 %r3, %r2, 7;
	mul.lo.s32 %r3, %r3, %r1;
	shl.b32 %r4, %r2, 8;
	add.s32 %r4, %r4, %r3;
	mov.u32 %r5, %r4;
$L_probe:
	mul.wide.u32 %rd3, %r4, 4;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.u32 %r6, [%rd4];
	add.s32 %r4, %r4, 1;
	setp.ne.s32 %p1, %r6, 0;
	@%p1 bra $L_probe;
	sub.s32 %r7, %r4, %r5;
	mul.wide.u32 %rd5, %r2, 4;
	add.s64 %rd6, %rd2, %rd5;
	st.global.u32 [%rd6], %r7;
	ret;
}

.visible .entry merge(.param .u64 a, .param .u64 b, .param .u64 out, .param .u32 n)
{
	.reg .pred %p<5>;
	.reg .b32 %r<12>;
	.reg .b64 %rd<10>;
	ld.param.u64 %rd1, [a];
	ld.param.u64 %rd2, [b];
	ld.param.u64 %rd3, [out];
	ld.param.u32 %r1, [n];
	mov.u32 %r2, %tid.x;
	shl.b32 %r3, %r2, 8;
	mov.u32 %r4, %r3;
	add.s32 %r5, %r3, %r1;
	mov.u32 %r6, 0;
$L_merge:
	mul.wide.u32 %rd4, %r3, 4;
	add.s64 %rd5, %rd1, %rd4;
	ld.global.u32 %r7, [%rd5];
	mul.wide.u32 %rd6, %r4, 4;
	add.s64 %rd7, %rd2, %rd6;
	ld.global.u32 %r8, [%rd7];
	setp.eq.s32 %p1, %r7, %r8;
	selp.u32 %r9, 1, 0, %p1;
	add.s32 %r6, %r6, %r9;
	setp.le.s32 %p2, %r7, %r8;
	selp.u32 %r10, 1, 0, %p2;
	add.s32 %r3, %r3, %r10;
	setp.le.s32 %p3, %r8, %r7;
	selp.u32 %r11, 1, 0, %p3;
	add.s32 %r4, %r4, %r11;
	setp.lt.u32 %p4, %r3, %r5;
	setp.lt.u32 %p2, %r4, %r5;
	and.pred %p4, %p4, %p2;
	@%p4 bra $L_merge;
	mul.wide.u32 %rd8, %r2, 4;
	add.s64 %rd9, %rd3, %rd8;
	st.global.u32 [%rd9], %r6;
	ret;
}
`

// TestSerialHits: a chase over 256 KB of random links hits neither L1
// share; a probe whose lanes walk their own 1 KB rows in step misses only
// where they enter a new sector (1 request in 8), and every request where
// some lane always does (rows skewed by 0–7 words); a merge misses where
// a[i] or b[j] enters a new sector (the load beside the first counts).
func TestSerialHits(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadSource(t, g, "serial.ptx", []byte(serialPTX))
	out, err := g.Alloc(4 * 32)
	if err != nil {
		t.Fatal(err)
	}
	profile := func(name string, params ...[]byte) *Profile {
		t.Helper()
		p, err := runProfiled(g, kernel(t, m, name), Launch{Grid: dim(1), Block: dim(32), Params: params})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}

	// A random cycle over 64K words (Sattolo's shuffle).
	const words, steps = 1 << 16, 256
	r := rng(7)
	perm := make([]int32, words)
	for i := range perm {
		perm[i] = int32(i)
	}
	for i := words - 1; i > 0; i-- {
		j := int(r.next() % uint64(i))
		perm[i], perm[j] = perm[j], perm[i]
	}
	next := make([]int32, words)
	for i := range perm {
		next[perm[i]] = perm[(i+1)%words]
	}
	c := profile("chase", p64(upload(t, g, i32bytes(next))), p64(out), p32(steps)).Total
	if c.SerialLoadRequests != steps || c.SerialHits64K > 2 || c.SerialHits4K > c.SerialHits64K {
		t.Errorf("chase: %d serial requests (want %d), hits %d (4 KB) %d (64 KB), want ~0",
			c.SerialLoadRequests, steps, c.SerialHits4K, c.SerialHits64K)
	}

	const walk = 64
	for _, tc := range []struct {
		skew       int
		hits, reqs int64
	}{{0, walk - walk/8, walk + 1}, {1, 0, walk + 1}} {
		a := make([]int32, 32*256)
		for l := range 32 {
			for j := range walk {
				a[l*256+l%8*tc.skew+j] = 1
			}
		}
		c := profile("probe", p64(upload(t, g, i32bytes(a))), p64(out), p32(tc.skew)).Total
		if c.SerialLoadRequests != tc.reqs || c.SerialHits4K != tc.hits || c.SerialHits64K != tc.hits {
			t.Errorf("probe, skew %d: %d serial requests (want %d), hits %d (4 KB) %d (64 KB), want %d",
				tc.skew, c.SerialLoadRequests, tc.reqs, c.SerialHits4K, c.SerialHits64K, tc.hits)
		}
	}

	// a[k] = 2k, b[k] = 3k: every lane steps alike, so a request misses
	// where i or j enters a sector.
	const n = 64
	a, b := make([]int32, 32*256), make([]int32, 32*256)
	for l := range 32 {
		for k := range n {
			a[l*256+k], b[l*256+k] = int32(2*k), int32(3*k)
		}
	}
	var iters, hits int64
	for i, j, pi, pj := 0, 0, -8, -8; i < n && j < n; iters++ {
		if i/8 == pi/8 && j/8 == pj/8 {
			hits++
		}
		pi, pj = i, j
		x, y := 2*i, 3*j
		if x <= y {
			i++
		}
		if y <= x {
			j++
		}
	}
	c = profile("merge", p64(upload(t, g, i32bytes(a))), p64(upload(t, g, i32bytes(b))), p64(out), p32(n)).Total
	if c.SerialLoadRequests != iters || c.SerialHits64K != hits || c.SerialHits4K != hits {
		t.Errorf("merge: %d serial requests (want %d), hits %d (4 KB) %d (64 KB), want %d",
			c.SerialLoadRequests, iters, c.SerialHits4K, c.SerialHits64K, hits)
	}
	got := downloadI32(t, g, out, 32)
	if got[0] != 22 {
		t.Errorf("merge counted %d common values, want 22", got[0])
	}
}

// dependentPTX gathers out[t] = b[a[t]] + c[t] + a[a[a[t]]]: a[t] and c[t]
// are the first level, b[a[t]] and a[a[t]] the second (the first of them
// counts), a[a[a[t]]] the third; the loop's chase (the same loads each
// turn) is serialLoads', not counted here.
const dependentPTX = `
.version 7.8
.target sm_90
.address_size 64

.visible .entry gather(.param .u64 a, .param .u64 b, .param .u64 c, .param .u64 out, .param .u32 turns)
{
	.reg .pred %p<2>;
	.reg .b32 %r<12>;
	.reg .b64 %rd<16>;
	ld.param.u64 %rd1, [a];
	ld.param.u64 %rd2, [b];
	ld.param.u64 %rd3, [c];
	ld.param.u64 %rd4, [out];
	ld.param.u32 %r10, [turns];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd5, %r1, 4;
	add.s64 %rd6, %rd1, %rd5;
	ld.global.u32 %r2, [%rd6];
	add.s64 %rd7, %rd3, %rd5;
	ld.global.u32 %r3, [%rd7];
	mul.wide.u32 %rd8, %r2, 4;
	add.s64 %rd9, %rd2, %rd8;
	ld.global.u32 %r4, [%rd9];
	add.s64 %rd10, %rd1, %rd8;
	ld.global.u32 %r5, [%rd10];
	mul.wide.u32 %rd11, %r5, 4;
	add.s64 %rd12, %rd1, %rd11;
	ld.global.u32 %r6, [%rd12];
	mov.u32 %r11, 0;
$L_chase:
	mul.wide.u32 %rd13, %r6, 4;
	add.s64 %rd14, %rd1, %rd13;
	ld.global.u32 %r6, [%rd14];
	add.s32 %r11, %r11, 1;
	setp.lt.u32 %p1, %r11, %r10;
	@%p1 bra $L_chase;
	add.s32 %r7, %r4, %r3;
	add.s32 %r7, %r7, %r6;
	add.s64 %rd15, %rd4, %rd5;
	st.global.u32 [%rd15], %r7;
	ret;
}
`

// TestDependentLoads: a warp's gather through two levels of loaded
// indices waits twice beyond its first loads, however many loads a level
// holds; the loop's loads are serial loads instead.
func TestDependentLoads(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadSource(t, g, "dependent.ptx", []byte(dependentPTX))
	const n, turns = 64, 3
	a, b, c := make([]int32, n), make([]int32, n), make([]int32, n)
	for i := range n {
		a[i], b[i], c[i] = int32((i*5+3)%n), int32(100+i), int32(1000*i)
	}
	out, err := g.Alloc(4 * n)
	if err != nil {
		t.Fatal(err)
	}
	p, err := runProfiled(g, kernel(t, m, "gather"), Launch{Grid: dim(1), Block: dim(n),
		Params: [][]byte{p64(upload(t, g, i32bytes(a))), p64(upload(t, g, i32bytes(b))), p64(upload(t, g, i32bytes(c))), p64(out), p32(turns)}})
	if err != nil {
		t.Fatal(err)
	}
	const warps = n / 32
	if got := p.Total.DependentLoadRequests; got != 2*warps {
		t.Errorf("DependentLoadRequests = %d, want %d (two levels beyond the first, %d warps)", got, 2*warps, warps)
	}
	if got := p.Total.SerialLoadRequests; got != turns*warps {
		t.Errorf("SerialLoadRequests = %d, want %d (the loop's chase)", got, turns*warps)
	}
	got := downloadI32(t, g, out, n)
	for i := range n {
		x := a[a[a[i]]]
		for range turns {
			x = a[x]
		}
		if want := b[a[i]] + c[i] + x; got[i] != want {
			t.Fatalf("out[%d] = %d, want %d", i, got[i], want)
		}
	}
}
