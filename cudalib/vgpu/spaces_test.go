package vgpu

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// spacesPTX exercises generic addressing and the faults of each space.
const spacesPTX = `
.version 7.8
.target sm_90
.address_size 64

.visible .entry generic(.param .u64 out)
{
	.reg .pred %p<3>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<12>;
	.shared .align 4 .b8 sh[128];
	.local .align 4 .b8 loc[8];
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd2, %r1, 4;
	mov.u64 %rd3, sh;
	add.s64 %rd4, %rd3, %rd2;
	cvta.shared.u64 %rd5, %rd4;
	mul.lo.u32 %r2, %r1, 10;
	st.u32 [%rd5], %r2;
	bar.sync 0;
	xor.b64 %rd6, %rd2, 4;
	add.s64 %rd7, %rd3, %rd6;
	ld.shared.u32 %r3, [%rd7];
	mov.u64 %rd8, loc;
	cvta.local.u64 %rd9, %rd8;
	st.u32 [%rd9+4], %r3;
	ld.local.u32 %r4, [loc+4];
	cvta.to.shared.u64 %rd10, %rd5;
	sub.s64 %rd11, %rd10, %rd4;
	cvt.u32.u64 %r5, %rd11;
	add.s32 %r4, %r4, %r5;
	isspacep.shared %p1, %rd5;
	isspacep.global %p2, %rd5;
	selp.u32 %r6, 1000, 0, %p1;
	selp.u32 %r7, 100000, 0, %p2;
	add.s32 %r4, %r4, %r6;
	add.s32 %r4, %r4, %r7;
	cvta.to.global.u64 %rd1, %rd1;
	add.s64 %rd1, %rd1, %rd2;
	st.global.u32 [%rd1], %r4;
	ret;
}

.visible .entry shared_oob(.param .u32 i)
{
	.reg .b32 %r<2>;
	.reg .b64 %rd<4>;
	.shared .align 4 .b8 s[64];
	ld.param.u32 %r1, [i];
	mul.wide.u32 %rd1, %r1, 4;
	mov.u64 %rd2, s;
	add.s64 %rd3, %rd2, %rd1;
	st.shared.u32 [%rd3], %r1;
	ret;
}

.visible .entry local_oob(.param .u32 i)
{
	.reg .b32 %r<2>;
	.reg .b64 %rd<4>;
	.local .align 4 .b8 l[16];
	ld.param.u32 %r1, [i];
	mul.wide.u32 %rd1, %r1, 4;
	mov.u64 %rd2, l;
	add.s64 %rd3, %rd2, %rd1;
	st.local.u32 [%rd3], %r1;
	ret;
}

.visible .entry misaligned(.param .u64 p)
{
	.reg .b32 %r<2>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [p];
	ld.global.u32 %r1, [%rd1+2];
	ret;
}
`

func TestGenericAddressing(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadSource(t, g, "spaces.ptx", []byte(spacesPTX))
	out, _ := g.Alloc(4 * 32)
	run(t, g, kernel(t, m, "generic"), dim(1), dim(32), p64(out))
	got := downloadI32(t, g, out, 32)
	for i, v := range got {
		if want := int32(i^1)*10 + 1000; v != want {
			t.Errorf("out[%d] = %d, want %d", i, v, want)
		}
	}
}

func TestSpaceFaults(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadSource(t, g, "spaces.ptx", []byte(spacesPTX))
	buf, _ := g.Alloc(64)
	cases := []struct {
		kernel string
		param  []byte
		space  string
		reason string
		addr   uint64
		near   string
	}{
		{"shared_oob", p32(16), "shared", reasonBounds, 64, "4 bytes past the end of the 64-byte shared memory"},
		{"local_oob", p32(4), "local", reasonBounds, 16, "past the end of the 16-byte local memory"},
		{"misaligned", p64(buf), "global", reasonMisaligned, buf + 2, ""},
	}
	for _, c := range cases {
		err := g.Run(kernel(t, m, c.kernel), Launch{Grid: dim(1), Block: dim(1), Params: [][]byte{c.param}}, nil)
		var f *Fault
		if !errors.As(err, &f) {
			t.Errorf("%s: %v, want a *Fault", c.kernel, err)
			continue
		}
		if f.Space != c.space || f.Reason != c.reason || f.Addr != c.addr || !strings.Contains(f.Nearest, c.near) || f.PTXLine == 0 {
			t.Errorf("%s: fault %+v", c.kernel, *f)
		}
	}
	// The last word of each space is in range.
	run(t, g, kernel(t, m, "shared_oob"), dim(1), dim(1), p32(15))
	run(t, g, kernel(t, m, "local_oob"), dim(1), dim(1), p32(3))
}

func TestUnsupported(t *testing.T) {
	src := `
.version 7.8
.target sm_90
.address_size 64
.extern .func (.param .b64 func_retval0) malloc(.param .b64 malloc_param_0);
.visible .entry grab()
{
	.reg .b64 %rd<3>;
	mov.u64 %rd1, 64;
	{
	.param .b64 param0;
	st.param.b64 [param0+0], %rd1;
	.param .b64 retval0;
	call.uni (retval0), malloc, (param0);
	ld.param.b64 %rd2, [retval0+0];
	}
	ret;
}
`
	_, err := New(Config{}).Load(mustParse(t, src))
	var u *UnsupportedError
	if !errors.As(err, &u) || u.PTXLine != 14 || !strings.Contains(u.Error(), "malloc") {
		t.Fatalf("Load: %v, want an *UnsupportedError for the call of malloc on PTX line 14", err)
	}
}

func TestPrintfAndAssert(t *testing.T) {
	g := New(Config{Workers: 1})
	m := loadTestdata(t, g, "printf.ptx")
	in := []int32{7, 0, 3, -2, 9}
	din := upload(t, g, i32bytes(in))
	var out bytes.Buffer
	err := g.Run(kernel(t, m, "hello"), Launch{Grid: dim(2), Block: dim(4), Printf: &out,
		Params: [][]byte{p64(din), p32(len(in))}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for i, v := range in {
		fmt.Fprintf(&want, "thread %d of block %d: in=%d x=%.3f big=%d s=ok c=%c\n", i, i/4, v, float32(v)*0.5, int64(v)<<33, 'A'+i%26)
	}
	if out.String() != want.String() {
		t.Errorf("printf wrote\n%s\nwant\n%s", out.String(), want.String())
	}
	// Past the printf buffer (1 MiB a launch) lines are dropped, a warp's
	// lines at a time, and the output says so once.
	big := make([]int32, 1<<15)
	dbig := upload(t, g, i32bytes(big))
	out.Reset()
	err = g.Run(kernel(t, m, "hello"), Launch{Grid: dim(len(big) / 256), Block: dim(256), Printf: &out,
		Params: [][]byte{p64(dbig), p32(len(big))}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	const notice = "[device printf: output past 1048576 bytes dropped in this launch"
	if n := out.Len(); n < maxPrintf-4096 || n > maxPrintf+200 || strings.Count(out.String(), notice) != 1 {
		t.Errorf("a flood of printf: %d bytes, %d notices", n, strings.Count(out.String(), notice))
	}
	err = g.Run(kernel(t, m, "check"), Launch{Grid: dim(1), Block: dim(8), Params: [][]byte{p64(din), p32(len(in))}}, nil)
	var f *Fault
	if !errors.As(err, &f) || !strings.Contains(f.Reason, "assertion `in[i] >= 0' failed") || f.Thread != [3]int{3, 0, 0} {
		t.Fatalf("assert: %v", err)
	}
}

func TestLaunchErrors(t *testing.T) {
	g := New(Config{})
	m := loadFixture(t, g, "nvrtc11/lab-vecadd.ptx")
	k := kernel(t, m, "_Z13vecadd_threadPfPKfS1_i")
	good := [][]byte{p64(0), p64(0), p64(0), p32(0)}
	for _, l := range []Launch{
		{Grid: dim(0), Block: dim(32), Params: good},
		{Grid: dim(1), Block: dim(2048), Params: good},
		{Grid: dim(1), Block: [3]int{64, 32, 1}, Params: good},
		{Grid: dim(1), Block: dim(32), Params: good[:3]},
		{Grid: dim(1), Block: dim(32), Params: [][]byte{p64(0), p64(0), p64(0), p64(0)}},
		{Grid: dim(1), Block: dim(32), Params: good, DynamicShared: 1 << 20},
	} {
		var e *Error
		if err := g.Run(k, l, nil); !errors.As(err, &e) || e.Kind != Invalid {
			t.Errorf("launch %+v: %v, want an Invalid *Error", l, err)
		}
	}
	if _, err := m.Kernel("nope"); err == nil {
		t.Error("Kernel of an unknown name succeeded")
	}
	if err := m.Unload(); err != nil {
		t.Fatal(err)
	}
	var e *Error
	if err := g.Run(k, Launch{Grid: dim(1), Block: dim(32), Params: good}, nil); !errors.As(err, &e) {
		t.Errorf("run after unload: %v", err)
	}
}

func TestMemory(t *testing.T) {
	g := New(Config{MemoryLimit: 1 << 20})
	a, err := g.Alloc(1000)
	if err != nil {
		t.Fatal(err)
	}
	b, err := g.Alloc(24)
	if err != nil {
		t.Fatal(err)
	}
	if a%256 != 0 || b%256 != 0 || b < a+1000 {
		t.Errorf("allocations at %#x and %#x", a, b)
	}
	var e *Error
	if _, err := g.Alloc(1 << 20); !errors.As(err, &e) || e.Kind != OutOfMemory {
		t.Errorf("over the limit: %v, want OutOfMemory", err)
	}
	if used, limit := g.MemInfo(); used != 1024 || limit != 1<<20 {
		t.Errorf("MemInfo = %d, %d", used, limit)
	}
	if err := g.Fill(a, 0xABCD, 2, 500); err != nil {
		t.Fatal(err)
	}
	if err := g.Copy(b, a+2, 24); err != nil {
		t.Fatal(err)
	}
	got := download(t, g, b, 24)
	for i, x := range got {
		if want := []byte{0xCD, 0xAB}[i%2]; x != want {
			t.Fatalf("byte %d = %#x, want %#x", i, x, want)
		}
	}
	// Accesses beyond an allocation are refused, not performed.
	if err := g.CopyIn(a+990, make([]byte, 11)); !errors.As(err, &e) || e.Kind != Invalid {
		t.Errorf("copy past the end: %v", err)
	}
	if err := g.CopyOut(make([]byte, 4), b+24); err == nil {
		t.Error("copy from past the end succeeded")
	}
	if err := g.Fill(a, 0, 3, 1); err == nil {
		t.Error("fill with 3-byte elements succeeded")
	}
	if err := g.Free(a + 4); !errors.As(err, &e) || e.Kind != Invalid {
		t.Errorf("free inside an allocation: %v", err)
	}
	if err := g.Free(a); err != nil {
		t.Fatal(err)
	}
	if err := g.Free(a); err == nil {
		t.Error("double free succeeded")
	}
	err = g.CopyIn(a, []byte{1})
	if err == nil || !strings.Contains(err.Error(), "freed") {
		t.Errorf("copy into freed memory: %v", err)
	}
}

// callsPTX calls a function from part of a warp; in it one lane exits the
// thread, odd lanes return early and even ones at the end.
const callsPTX = `
.version 7.8
.target sm_90
.address_size 64

.func (.param .b32 r) f(.param .b32 x)
{
	.reg .pred %p<3>;
	.reg .b32 %r<4>;
	ld.param.u32 %r1, [x];
	setp.eq.u32 %p1, %r1, 7;
	@%p1 exit;
	and.b32 %r2, %r1, 1;
	setp.eq.u32 %p2, %r2, 1;
	mul.lo.u32 %r3, %r1, 10;
	st.param.b32 [r], %r3;
	@%p2 ret;
	add.u32 %r3, %r1, 1000;
	st.param.b32 [r], %r3;
	ret;
}

.visible .entry k(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<5>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	mov.u32 %r4, -1;
	setp.lt.u32 %p1, %r1, 20;
	@!%p1 bra $SKIP;
	{
	.param .b32 a;
	st.param.b32 [a], %r1;
	.param .b32 rv;
	call (rv), f, (a);
	ld.param.b32 %r4, [rv];
	}
$SKIP:
	activemask.b32 %r2;
	popc.b32 %r3, %r2;
	mul.lo.u32 %r3, %r3, 100000;
	add.u32 %r4, %r4, %r3;
	st.global.u32 [%rd3], %r4;
	ret;
}
`

func TestDivergentCallExitAndReturn(t *testing.T) {
	g := New(Config{})
	m := loadSource(t, g, "calls.ptx", []byte(callsPTX))
	init := make([]int32, 32)
	for i := range init {
		init[i] = -5
	}
	out := upload(t, g, i32bytes(init))
	run(t, g, kernel(t, m, "k"), dim(1), dim(32), p64(out))
	got := downloadI32(t, g, out, 32)
	for i, v := range got {
		want := int32(-1)
		switch {
		case i == 7: // exited: never stores
			if v != -5 {
				t.Errorf("out[7] = %d, want -5", v)
			}
			continue
		case i < 20 && i%2 == 1:
			want = int32(i) * 10
		case i < 20:
			want = int32(i) + 1000
		}
		want += 31 * 100000 // every lane but the exited one meets after the call
		if v != want {
			t.Errorf("out[%d] = %d, want %d", i, v, want)
		}
	}
}

// memopsPTX: narrow signed loads into wider registers, narrow stores,
// red, and atomics through generic addresses of shared and global memory.
const memopsPTX = `
.version 7.8
.target sm_90
.address_size 64

.visible .entry memops(.param .u64 bytes, .param .u64 out)
{
	.reg .b16 %rs<2>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<12>;
	.shared .align 8 .b8 cnt[8];
	ld.param.u64 %rd1, [bytes];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %tid.x;
	cvt.u64.u32 %rd3, %r1;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.s8 %r2, [%rd4];
	ld.global.u8 %r3, [%rd4];
	ld.global.s16 %rd5, [%rd1+2];
	mul.wide.u32 %rd6, %r1, 8;
	add.s64 %rd7, %rd2, %rd6;
	st.global.u32 [%rd7], %r2;
	st.global.u32 [%rd7+4], %r3;
	add.s64 %rd8, %rd1, 64;
	st.global.u8 [%rd8+1], %r1;
	cvt.u16.u32 %rs1, %r1;
	st.global.u16 [%rd8+2], %rs1;
	st.global.u64 [%rd1+72], %rd5;
	mov.u64 %rd9, cnt;
	cvta.shared.u64 %rd10, %rd9;
	atom.add.u32 %r4, [%rd10], 1;
	red.global.add.u32 [%rd1+80], 2;
	atom.max.s32 %r5, [%rd1+84], %r2;
	atom.global.cas.b64 %rd11, [%rd1+88], 0, 77;
	bar.sync 0;
	ld.shared.u32 %r6, [cnt];
	st.global.u32 [%rd1+96], %r6;
	ret;
}
`

func TestNarrowAndGenericAtomics(t *testing.T) {
	g := New(Config{})
	m := loadSource(t, g, "memops.ptx", []byte(memopsPTX))
	const threads = 8
	in := make([]byte, 104)
	for i := 0; i < threads; i++ {
		in[i] = byte(0xF0 + i) // negative as s8
	}
	in[2], in[3] = 0x34, 0x82 // s16 at 2: 0x8234
	in[84] = 0x80             // s32 at 84: 0x80, max with negatives keeps it
	bytesBuf := upload(t, g, in)
	out, _ := g.Alloc(8 * threads)
	run(t, g, kernel(t, m, "memops"), dim(1), dim(threads), p64(bytesBuf), p64(out))
	got := downloadI32(t, g, out, 2*threads)
	for i := 0; i < threads; i++ {
		b := in[i]
		if got[2*i] != int32(int8(b)) || got[2*i+1] != int32(b) {
			t.Errorf("thread %d: s8 %d u8 %d, want %d %d", i, got[2*i], got[2*i+1], int8(b), b)
		}
	}
	mem := download(t, g, bytesBuf, 104)
	if mem[65] != threads-1 || mem[66] != threads-1 || mem[67] != 0 {
		t.Errorf("narrow stores: % x", mem[64:68])
	}
	if s16 := binary.LittleEndian.Uint64(mem[72:]); s16 != uint64(0xffffffffffff8234) {
		t.Errorf("ld.s16 into a 64-bit register: %#x", s16)
	}
	if red := binary.LittleEndian.Uint32(mem[80:]); red != 2*threads {
		t.Errorf("red.add: %d", red)
	}
	if mx := int32(binary.LittleEndian.Uint32(mem[84:])); mx != 0x80 {
		t.Errorf("atom.max.s32: %d", mx)
	}
	if cas := binary.LittleEndian.Uint64(mem[88:]); cas != 77 {
		t.Errorf("atom.cas.b64: %d", cas)
	}
	if n := binary.LittleEndian.Uint32(mem[96:]); n != threads {
		t.Errorf("generic atom.add on shared memory: %d", n)
	}
}

// TestWarpsWaitOnEachOther: warp 0 spins on a shared flag that warp 1
// sets; warps take turns, so it ends.
func TestWarpsWaitOnEachOther(t *testing.T) {
	src := `
.version 7.8
.target sm_90
.address_size 64
.visible .entry handoff(.param .u64 out)
{
	.reg .pred %p<3>;
	.reg .b32 %r<4>;
	.reg .b64 %rd<3>;
	.shared .align 4 .b32 flag;
	mov.u32 %r1, %tid.x;
	setp.lt.u32 %p1, %r1, 32;
	@%p1 bra $WAIT;
	mov.u32 %r2, 42;
	st.volatile.shared.u32 [flag], %r2;
	ret;
$WAIT:
	ld.volatile.shared.u32 %r3, [flag];
	setp.eq.u32 %p2, %r3, 0;
	@%p2 bra $WAIT;
	ld.param.u64 %rd1, [out];
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd1, %rd1, %rd2;
	st.global.u32 [%rd1], %r3;
	ret;
}
`
	g := New(Config{})
	m := loadSource(t, g, "handoff.ptx", []byte(src))
	out, _ := g.Alloc(4 * 32)
	err := g.Run(kernel(t, m, "handoff"), Launch{Grid: dim(1), Block: dim(64), Params: [][]byte{p64(out)}, Budget: 1 << 20}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range downloadI32(t, g, out, 32) {
		if v != 42 {
			t.Fatalf("out[%d] = %d, want 42", i, v)
		}
	}
}

// TestCarryFlag adds and subtracts 64-bit numbers in 32-bit halves through
// the carry flag (add.cc/addc, sub.cc/subc).
func TestCarryFlag(t *testing.T) {
	src := `
.version 7.8
.target sm_90
.address_size 64
.visible .entry wide(.param .u64 io)
{
	.reg .b32 %r<11>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [io];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd2, %r1, 24;
	add.s64 %rd3, %rd1, %rd2;
	ld.global.v2.u32 {%r2, %r3}, [%rd3];
	ld.global.v2.u32 {%r4, %r5}, [%rd3+8];
	add.cc.u32 %r6, %r2, %r4;
	addc.u32 %r7, %r3, %r5;
	sub.cc.u32 %r8, %r2, %r4;
	subc.u32 %r9, %r3, %r5;
	st.global.v2.u32 [%rd3], {%r6, %r7};
	st.global.v2.u32 [%rd3+8], {%r8, %r9};
	ret;
}
`
	g := New(Config{})
	m := loadSource(t, g, "carry.ptx", []byte(src))
	const threads = 32
	r := rng(21)
	in := make([]byte, 24*threads)
	a, b := make([]uint64, threads), make([]uint64, threads)
	for i := range a {
		a[i], b[i] = r.next(), r.next()
		if i%4 == 0 {
			b[i] = a[i]&0xffffffff | 0xffffffff // forces carries and borrows
		}
		binary.LittleEndian.PutUint64(in[24*i:], a[i])
		binary.LittleEndian.PutUint64(in[24*i+8:], b[i])
	}
	io := upload(t, g, in)
	run(t, g, kernel(t, m, "wide"), dim(1), dim(threads), p64(io))
	out := download(t, g, io, 24*threads)
	for i := range a {
		sum, diff := binary.LittleEndian.Uint64(out[24*i:]), binary.LittleEndian.Uint64(out[24*i+8:])
		if sum != a[i]+b[i] || diff != a[i]-b[i] {
			t.Errorf("lane %d: %x+%x = %x, - = %x", i, a[i], b[i], sum, diff)
		}
	}
}

// TestCpAsync copies from global to shared memory with cp.async, whole and
// with a zero-filled tail.
func TestCpAsync(t *testing.T) {
	src := `
.version 7.8
.target sm_90
.address_size 64
.visible .entry stage(.param .u64 in, .param .u64 out)
{
	.reg .b32 %r<6>;
	.reg .b64 %rd<9>;
	.shared .align 16 .b8 buf[512];
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 16;
	add.s64 %rd4, %rd1, %rd3;
	mov.u64 %rd5, buf;
	add.s64 %rd6, %rd5, %rd3;
	and.b32 %r2, %r1, 1;
	mul.lo.u32 %r3, %r2, 12;
	add.u32 %r4, %r3, 4;
	cp.async.cg.shared.global [%rd6], [%rd4], 16, %r4;
	cp.async.commit_group;
	cp.async.wait_group 0;
	bar.sync 0;
	ld.shared.v4.u32 {%r2, %r3, %r4, %r5}, [%rd6];
	add.s64 %rd7, %rd2, %rd3;
	st.global.v4.u32 [%rd7], {%r2, %r3, %r4, %r5};
	ret;
}
`
	g := New(Config{})
	m := loadSource(t, g, "cpasync.ptx", []byte(src))
	const threads = 32
	r := rng(22)
	in := r.int32s(4*threads, 1<<30)
	din := upload(t, g, i32bytes(in))
	dout, _ := g.Alloc(16 * threads)
	run(t, g, kernel(t, m, "stage"), dim(1), dim(threads), p64(din), p64(dout))
	got := downloadI32(t, g, dout, 4*threads)
	for i := 0; i < threads; i++ {
		for j := 0; j < 4; j++ {
			want := in[4*i+j]
			if i%2 == 0 && j > 0 { // 4 of 16 bytes copied, the rest zeros
				want = 0
			}
			if got[4*i+j] != want {
				t.Errorf("thread %d word %d: %d, want %d", i, j, got[4*i+j], want)
			}
		}
	}
}

func TestElect(t *testing.T) {
	src := `
.version 7.8
.target sm_90
.address_size 64
.visible .entry leader(.param .u64 out)
{
	.reg .pred %p<3>;
	.reg .b32 %r<5>;
	.reg .b64 %rd<4>;
	mov.u32 %r1, %tid.x;
	setp.ge.u32 %p1, %r1, 5;
	mov.u32 %r2, -1;
	mov.u32 %r3, 0;
	@!%p1 bra $DONE;
	elect.sync %r2|%p2, -1;
	selp.u32 %r3, 1, 0, %p2;
$DONE:
	ld.param.u64 %rd1, [out];
	mul.wide.u32 %rd2, %r1, 8;
	add.s64 %rd3, %rd1, %rd2;
	st.global.v2.u32 [%rd3], {%r2, %r3};
	ret;
}
`
	g := New(Config{})
	m := loadSource(t, g, "elect.ptx", []byte(src))
	out, _ := g.Alloc(8 * 32)
	run(t, g, kernel(t, m, "leader"), dim(1), dim(32), p64(out))
	got := downloadI32(t, g, out, 64)
	for l := 0; l < 32; l++ {
		wantD, wantP := int32(-1), int32(0)
		if l >= 5 {
			wantD = 5
			if l == 5 {
				wantP = 1
			}
		}
		if got[2*l] != wantD || got[2*l+1] != wantP {
			t.Errorf("lane %d: leader %d, elected %d; want %d, %d", l, got[2*l], got[2*l+1], wantD, wantP)
		}
	}
}

// TestMemberMaskGroups: the two half-warps vote, reduce and match side by
// side, each over its own member mask (as cooperative groups' tiles do).
func TestMemberMaskGroups(t *testing.T) {
	src := `
.version 7.8
.target sm_90
.address_size 64
.visible .entry halves(.param .u64 out)
{
	.reg .pred %p<3>;
	.reg .b32 %r<9>;
	.reg .b64 %rd<4>;
	mov.u32 %r1, %laneid;
	setp.lt.u32 %p1, %r1, 16;
	selp.b32 %r2, 65535, -65536, %p1;
	and.b32 %r3, %r1, 3;
	setp.eq.u32 %p2, %r3, 1;
	vote.sync.ballot.b32 %r4, %p2, %r2;
	redux.sync.add.u32 %r5, %r1, %r2;
	shr.u32 %r6, %r1, 3;
	match.any.sync.b32 %r7, %r6, %r2;
	ld.param.u64 %rd1, [out];
	mul.wide.u32 %rd2, %r1, 12;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r4;
	st.global.u32 [%rd3+4], %r5;
	st.global.u32 [%rd3+8], %r7;
	ret;
}
`
	g := New(Config{})
	m := loadSource(t, g, "halves.ptx", []byte(src))
	out, _ := g.Alloc(12 * 32)
	run(t, g, kernel(t, m, "halves"), dim(1), dim(32), p64(out))
	got := downloadI32(t, g, out, 96)
	for l := 0; l < 32; l++ {
		half := uint32(0xffff)
		if l >= 16 {
			half = 0xffff0000
		}
		var ballot, same uint32
		var sum int32
		for k := 0; k < 32; k++ {
			if half&(1<<k) == 0 {
				continue
			}
			if k&3 == 1 {
				ballot |= 1 << k
			}
			sum += int32(k)
			if k>>3 == l>>3 {
				same |= 1 << k
			}
		}
		want := []int32{int32(ballot), sum, int32(same)}
		for j, w := range want {
			if got[3*l+j] != w {
				t.Errorf("lane %d value %d: %#x, want %#x", l, j, got[3*l+j], w)
			}
		}
	}
}
