package vgpu

import (
	"encoding/binary"
	"errors"
	"math"
	"math/bits"
	"strings"
	"sync/atomic"
	"testing"
)

func loadTestdata(t testing.TB, g *GPU, name string) *Module {
	t.Helper()
	src, err := readTestdata(name)
	if err != nil {
		t.Fatal(err)
	}
	return loadSource(t, g, name, src)
}

// warpAlive is the number of threads below n in the warp holding thread i.
func warpAlive(i, n int) int {
	w := i / 32 * 32
	return min(32, n-w)
}

func TestIfElseReconverges(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadTestdata(t, g, "divergence.ptx")
	const n = 100
	r := rng(11)
	in := r.int32s(n, 1000)
	din := upload(t, g, i32bytes(in))
	side := make([]int32, n+1)
	for i := range side {
		side[i] = -7
	}
	side[n] = 0
	dside := upload(t, g, i32bytes(side))
	dout, _ := g.Alloc(4 * n)
	run(t, g, kernel(t, m, "ifelse"), dim(2), dim(64), p64(dout), p64(dside), p64(din), p32(n))
	out, gotSide := downloadI32(t, g, dout, n), downloadI32(t, g, dside, n+1)
	ones := int32(0)
	for i := 0; i < n; i++ {
		v := in[i]
		want := side[i]
		switch v % 3 {
		case 0:
			want = v * 2
		case 1:
			ones++
		case 2:
			want = in[(i+1)%n] - v
		}
		if gotSide[i] != want {
			t.Errorf("side[%d] = %d, want %d", i, gotSide[i], want)
		}
		if w := v + 1000*int32(warpAlive(i, n)); out[i] != w {
			t.Errorf("out[%d] = %d, want %d (every live lane active after the join)", i, out[i], w)
		}
	}
	if gotSide[n] != ones {
		t.Errorf("atomic count %d, want %d", gotSide[n], ones)
	}
}

func TestLoopTripCounts(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadTestdata(t, g, "divergence.ptx")
	const n = 77
	r := rng(12)
	counts := r.int32s(n, 60)
	dc := upload(t, g, i32bytes(counts))
	dout, _ := g.Alloc(4 * n)
	run(t, g, kernel(t, m, "trips"), dim(3), dim(32), p64(dout), p64(dc), p32(n))
	out := downloadI32(t, g, dout, n)
	for i := 0; i < n; i++ {
		s := int32(0)
		for k := int32(0); k < counts[i]; k++ {
			if k%5 == 4 {
				continue
			}
			s += k * k
			if s > 5000 {
				break
			}
		}
		if want := s + 100000*int32(warpAlive(i, n)); out[i] != want {
			t.Errorf("out[%d] = %d, want %d", i, out[i], want)
		}
	}
}

func TestEarlyReturnBeforeBarrier(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadTestdata(t, g, "divergence.ptx")
	const live, blocks = 77, 3
	out := make([]int32, blocks*256)
	for i := range out {
		out[i] = -1
	}
	dout := upload(t, g, i32bytes(out))
	run(t, g, kernel(t, m, "early_return"), dim(blocks), dim(256), p64(dout), p32(live))
	got := downloadI32(t, g, dout, blocks*256)
	for b := 0; b < blocks; b++ {
		for tid := 0; tid < 256; tid++ {
			want := int32(-1)
			if tid < live {
				want = int32((tid + 1) % live * 3)
			}
			if got[b*256+tid] != want {
				t.Fatalf("out[%d] = %d, want %d", b*256+tid, got[b*256+tid], want)
			}
		}
	}
}

func TestBlockReduction(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadTestdata(t, g, "divergence.ptx")
	const blocks = 5
	r := rng(13)
	in := r.int32s(blocks*256, 1000)
	din := upload(t, g, i32bytes(in))
	dout, _ := g.Alloc(4 * blocks)
	run(t, g, kernel(t, m, "block_sum"), dim(blocks), dim(256), p64(din), p64(dout))
	got := downloadI32(t, g, dout, blocks)
	for b := 0; b < blocks; b++ {
		var s int32
		for _, x := range in[b*256 : (b+1)*256] {
			s += x
		}
		if got[b] != s {
			t.Errorf("block %d: sum %d, want %d", b, got[b], s)
		}
	}
}

func TestCalls(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadFixture(t, g, "nvrtc11/extra-calls.ptx")
	const n = 100
	r := rng(14)
	in := r.int32s(n, 1000)
	din := upload(t, g, i32bytes(in))
	dout, _ := g.Alloc(4 * 3 * n)
	run(t, g, kernel(t, m, "calls"), dim(2), dim(64), p64(dout), p64(din), p32(n))
	out := downloadI32(t, g, dout, 3*n)
	fact := func(n int32) int32 {
		f := int32(1)
		for ; n > 1; n-- {
			f *= n
		}
		return f
	}
	for i := int32(0); i < n; i++ {
		v := in[i]*3 + i + 1
		if out[2*i] != v || out[2*i+1] != v+1 {
			t.Fatalf("store_twice at %d: %d %d, want %d %d", i, out[2*i], out[2*i+1], v, v+1)
		}
		if want := int32(float32(v)*1.5) + fact(i&7); out[2*n+i] != want {
			t.Fatalf("out[%d] = %d, want %d", 2*n+i, out[2*n+i], want)
		}
	}
}

func fib(n int32) int32 {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

func TestDivergentRecursion(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadTestdata(t, g, "faults.ptx")
	const n = 40
	in := make([]int32, n)
	for i := range in {
		in[i] = int32(i*7) % 16
	}
	din := upload(t, g, i32bytes(in))
	dout, _ := g.Alloc(4 * n)
	k := kernel(t, m, "fibs")
	run(t, g, k, dim(1), dim(64), p64(dout), p64(din), p32(n))
	out := downloadI32(t, g, dout, n)
	for i := range out {
		if out[i] != fib(in[i]) {
			t.Errorf("fib(%d) = %d, want %d", in[i], out[i], fib(in[i]))
		}
	}
	// A chain deeper than the call stack faults, and the GPU goes on.
	in[3] = 5000
	if err := g.CopyIn(din, i32bytes(in)); err != nil {
		t.Fatal(err)
	}
	err := g.Run(k, Launch{Grid: dim(1), Block: dim(64), Params: [][]byte{p64(dout), p64(din), p32(n)}}, nil)
	var f *Fault
	if !errors.As(err, &f) || f.Reason != "stack overflow" || f.Thread != [3]int{3, 0, 0} {
		t.Fatalf("deep recursion: %v, want a stack overflow of thread 3", err)
	}
	in[3] = 3
	if err := g.CopyIn(din, i32bytes(in)); err != nil {
		t.Fatal(err)
	}
	run(t, g, k, dim(1), dim(64), p64(dout), p64(din), p32(n))
	if got := downloadI32(t, g, dout, n)[3]; got != 2 {
		t.Errorf("after the fault: fib(3) = %d", got)
	}
}

func TestAtomics(t *testing.T) {
	for _, workers := range []int{1, 3} {
		g := New(Config{Workers: workers})
		m := loadFixture(t, g, "nvrtc11/extra-atomics.ptx")
		const n = 1000
		dci := upload(t, g, i32bytes(make([]int32, 9)))
		dcf := upload(t, g, make([]byte, 4))
		dcd := upload(t, g, make([]byte, 8))
		dcu := upload(t, g, i32bytes([]int32{0, -1, 0, 0}))
		run(t, g, kernel(t, m, "atomics"), dim(8), dim(128), p64(dci), p64(dcf), p64(dcd), p64(dcu), p32(n))
		ci, cu := downloadI32(t, g, dci, 9), downloadI32(t, g, dcu, 4)
		cf := math.Float32frombits(binary.LittleEndian.Uint32(download(t, g, dcf, 4)))
		cd := math.Float64frombits(binary.LittleEndian.Uint64(download(t, g, dcd, 8)))
		xor := int32(0)
		for i := int32(0); i < n; i++ {
			xor ^= i
		}
		checks := []struct {
			name      string
			got, want int64
		}{
			{"add", int64(ci[0]), n},
			{"max", int64(ci[1]), n - 1},
			{"min", int64(ci[2]), -(n - 1)},
			{"inc", int64(cu[0]), n % 101},
			{"and", int64(cu[1]), 0xF0F0},
			{"or", int64(uint32(cu[2])), 0xFFFFFFFF},
			{"xor", int64(cu[3]), int64(xor)},
		}
		for j := 0; j < 4; j++ {
			checks = append(checks, struct {
				name      string
				got, want int64
			}{"shared add", int64(ci[5+j]), 2 * n / 4})
		}
		for _, c := range checks {
			if c.got != c.want {
				t.Errorf("workers %d: atomic %s: %d, want %d", workers, c.name, c.got, c.want)
			}
		}
		if cf != 0.5*n || cd != 0.25*n {
			t.Errorf("float atomics: %v %v, want %v %v", cf, cd, 0.5*n, 0.25*n)
		}
		if ci[3] < 0 || ci[3] >= n {
			t.Errorf("exch left %d", ci[3])
		}
	}
}

func TestWarpOps(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadFixture(t, g, "nvrtc11/extra-warp.ptx")
	const n, threads = 100, 128
	r := rng(15)
	in := r.int32s(n, 200)
	din := upload(t, g, i32bytes(in))
	dout, _ := g.Alloc(4 * n)
	dfout, _ := g.Alloc(4 * n)
	run(t, g, kernel(t, m, "warp_ops"), dim(2), dim(64), p64(dout), p64(din), p64(dfout), p32(n))
	out, fout := downloadI32(t, g, dout, n), downloadF32(t, g, dfout, n)
	v := make([]int32, threads)
	copy(v, in)
	for blk := 0; blk < 2; blk++ {
		cnt, orr := int32(0), int32(0)
		for _, x := range v[blk*64 : blk*64+64] {
			cnt += x & 1
			if x > 50 {
				orr = 1
			}
		}
		for w := blk * 2; w < blk*2+2; w++ {
			lanes := v[w*32 : w*32+32]
			s := append([]int32(nil), lanes...)
			for off := 16; off > 0; off >>= 1 {
				next := append([]int32(nil), s...)
				for l := range s {
					if l+off < 32 {
						next[l] += s[l+off]
					} else {
						next[l] += s[l]
					}
				}
				s = next
			}
			var ballot uint32
			all, any := int32(1), int32(0)
			for l, x := range lanes {
				if x > 0 {
					ballot |= 1 << l
				}
				if x < 0 {
					all = 0
				}
				if x > 100 {
					any = 1
				}
			}
			for l := 0; l < 32; l++ {
				i := w*32 + l
				if i >= n {
					continue
				}
				u := lanes[l]
				if l > 0 {
					u = lanes[l-1]
				}
				want := s[l] + lanes[0] + u + lanes[l^3] + int32(bits.OnesCount32(ballot)) + all + any + 1 + cnt + orr
				if out[i] != want {
					t.Errorf("out[%d] = %d, want %d", i, out[i], want)
				}
				if wf := float32(lanes[l^1]) * 0.5; fout[i] != wf {
					t.Errorf("fout[%d] = %v, want %v", i, fout[i], wf)
				}
			}
		}
	}
}

func TestShuffleSegments(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadTestdata(t, g, "warp2.ptx")
	const threads = 64
	r := rng(16)
	in := r.int32s(threads, 100)
	din := upload(t, g, i32bytes(in))
	dout, _ := g.Alloc(4 * 6 * threads)
	run(t, g, kernel(t, m, "segments"), dim(1), dim(threads), p64(dout), p64(din))
	out := downloadI32(t, g, dout, 6*threads)
	for w := 0; w < threads/32; w++ {
		v := in[w*32 : w*32+32]
		var sum, mx int32 = 0, math.MinInt32
		for _, x := range v {
			sum += x
			mx = max(mx, x-50)
		}
		for l := 0; l < 32; l++ {
			d8 := v[l]
			if l%8+3 < 8 {
				d8 = v[l+3]
			}
			u16 := v[l]
			if l%16 >= 2 {
				u16 = v[l-2]
			}
			half := int32(-1)
			if l < 16 {
				half = v[l]
				if l < 15 {
					half = v[l+1]
				}
			}
			var same uint32
			for k := 0; k < 32; k++ {
				if v[k]&3 == v[l]&3 {
					same |= 1 << k
				}
			}
			want := []int32{d8, u16, v[l^1] + v[l&^7|5], half, int32(same), sum + mx}
			got := out[6*(w*32+l) : 6*(w*32+l)+6]
			for j := range want {
				if got[j] != want[j] {
					t.Errorf("lane %d of warp %d, value %d: %d, want %d", l, w, j, got[j], want[j])
				}
			}
		}
	}
}

func TestLocalMemory(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadFixture(t, g, "nvrtc11/extra-local.ptx")
	const n = 96
	r := rng(17)
	in := r.int32s(n, 1000)
	din := upload(t, g, i32bytes(in))
	dout, _ := g.Alloc(4 * n)
	run(t, g, kernel(t, m, "local_hist"), dim(3), dim(32), p64(dout), p64(din), p32(n))
	out := downloadI32(t, g, dout, n)
	for i := 0; i < n; i++ {
		var bins [16]int32
		for k := 0; k < n; k++ {
			bins[(int(in[k])+i)&15]++
		}
		idx := in[i%n] & 15
		if want := bins[idx]*100 + bins[(idx+1)&15]; out[i] != want {
			t.Errorf("out[%d] = %d, want %d", i, out[i], want)
		}
	}
}

func TestGlobals(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadFixture(t, g, "nvrtc11/extra-globals.ptx")
	addr, size, err := m.Global("cfg")
	if err != nil || size != 12 {
		t.Fatalf("Global(cfg) = %x, %d, %v", addr, size, err)
	}
	cfg := []int32{10, 20, 30}
	if err := g.CopyIn(addr, i32bytes(cfg)); err != nil {
		t.Fatal(err)
	}
	const n = 50
	dout, _ := g.Alloc(4 * n)
	run(t, g, kernel(t, m, "use_globals"), dim(1), dim(64), p64(dout), p32(n))
	out := downloadF32(t, g, dout, n)
	table := []int32{1, 2, 3, 4, -5, 6, 7, 0x7fffffff}
	coeffs := []float32{0.5, -1, 2, 3.25}
	for i := 0; i < n; i++ {
		v := coeffs[i&3]*1.5 + float32(table[i&7]) + float32(cfg[i%3])
		want := v + float32(-0.25*3.0) + float32(table[(i+1)&7])
		if !closeTo(out[i], want) {
			t.Errorf("out[%d] = %v, want %v", i, out[i], want)
		}
	}
	caddr, _, err := m.Global("counter")
	if err != nil {
		t.Fatal(err)
	}
	if c := binary.LittleEndian.Uint64(download(t, g, caddr, 8)); c != 1 {
		t.Errorf("counter = %d, want 1", c)
	}
	if _, _, err := m.Global("nope"); err == nil {
		t.Error("Global of an unknown name succeeded")
	}
}

func TestVectorAccess(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadFixture(t, g, "nvrtc11/extra-vector.ptx")
	const n, block = 64, 32
	r := rng(18)
	in := r.float32s(4 * n)
	pairs := r.int32s(2*n, 1000)
	h := make([]byte, 8*n)
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint64(h[8*i:], r.next())
	}
	din, dpairs, dh := upload(t, g, f32bytes(in)), upload(t, g, i32bytes(pairs)), upload(t, g, h)
	dout, _ := g.Alloc(16 * n)
	err := g.Run(kernel(t, m, "vector_ops"), Launch{Grid: dim(n / block), Block: dim(block), DynamicShared: 16 * block,
		Params: [][]byte{p64(dout), p64(din), p64(dpairs), p64(dh), p32(n)}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	out, gotPairs, gotH := downloadF32(t, g, dout, 4*n), downloadI32(t, g, dpairs, 2*n), download(t, g, dh, 8*n)
	for i := 0; i < n; i++ {
		v := in[4*i : 4*i+4]
		j := i/block*block + (i%block+1)%block
		w := in[4*j : 4*j+4]
		want := []float32{v[0] + w[3], v[1] - w[2], v[2] * w[1], v[3] / (w[0] + 1)}
		for c := range want {
			if !closeTo(out[4*i+c], want[c]) {
				t.Errorf("out[%d].%d = %v, want %v", i, c, out[4*i+c], want[c])
			}
		}
		if gotPairs[2*i] != pairs[2*i+1] || gotPairs[2*i+1] != pairs[2*i] {
			t.Errorf("pair %d not swapped", i)
		}
		x := binary.LittleEndian.Uint64(h[8*i:]) ^ 0x9E3779B97F4A7C15
		x = (x >> 31) * 0xBF58476D1CE4E5B9
		if got := binary.LittleEndian.Uint64(gotH[8*i:]); got != x-3 {
			t.Errorf("h[%d] = %x, want %x", i, got, x-3)
		}
	}
}

func TestFaultThenRecover(t *testing.T) {
	g := New(Config{Workers: 4})
	m := loadTestdata(t, g, "faults.ptx")
	k := kernel(t, m, "poke")
	const n = 1000
	p, _ := g.Alloc(4 * n)
	err := g.Run(k, Launch{Grid: dim(4), Block: dim(256), Params: [][]byte{p64(p), p32(n)}}, nil)
	var f *Fault
	if !errors.As(err, &f) {
		t.Fatalf("write past the end: %v, want a *Fault", err)
	}
	want := "4 bytes past the end of the 4000-byte allocation"
	if f.Line != 5 || !strings.HasSuffix(f.File, "faults.cu") || f.Block != [3]int{3, 0, 0} ||
		f.Thread != [3]int{232, 0, 0} || f.Addr != p+4*n || f.Size != 4 || f.Space != "global" ||
		!strings.Contains(f.Nearest, want) {
		t.Fatalf("fault %+v", *f)
	}
	if msg := f.Error(); !strings.Contains(msg, "faults.cu:5") || !strings.Contains(msg, want) {
		t.Errorf("message %q", msg)
	}
	// Many blocks fault: the lowest one is reported, whatever the workers.
	err = g.Run(k, Launch{Grid: dim(4), Block: dim(256), Params: [][]byte{p64(p), p32(4 * n)}}, nil)
	if !errors.As(err, &f) || f.Block != [3]int{3, 0, 0} || f.Thread != [3]int{232, 0, 0} {
		t.Fatalf("many faulting threads: %v", err)
	}
	// The GPU is still usable.
	run(t, g, k, dim(4), dim(256), p64(p), p32(n-1))
	got := downloadI32(t, g, p, n)
	for i := range got {
		if got[i] != int32(i) {
			t.Fatalf("p[%d] = %d after recovery", i, got[i])
		}
	}
}

func TestTrap(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadTestdata(t, g, "faults.ptx")
	p, _ := g.Alloc(4 * 64)
	err := g.Run(kernel(t, m, "trapper"), Launch{Grid: dim(1), Block: dim(64), Params: [][]byte{p64(p)}}, nil)
	var f *Fault
	if !errors.As(err, &f) || !strings.Contains(f.Reason, "trap") || f.Thread != [3]int{5, 0, 0} {
		t.Fatalf("trap: %v", err)
	}
}

func TestBudget(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadTestdata(t, g, "faults.ptx")
	flag, _ := g.Alloc(4)
	k := kernel(t, m, "spin")
	err := g.Run(k, Launch{Grid: dim(4), Block: dim(64), Params: [][]byte{p64(flag)}, Budget: 100000}, nil)
	var le *LimitError
	if !errors.As(err, &le) || le.Interrupted {
		t.Fatalf("endless loop: %v, want a budget *LimitError", err)
	}
	// A budget smaller than the workers' chunks still lets a short launch
	// finish, and stops a long one.
	m2 := loadFixture(t, g, "nvrtc11/lab-vecadd.ptx")
	buf, _ := g.Alloc(4 * 64)
	vadd := kernel(t, m2, "_Z13vecadd_threadPfPKfS1_i")
	short := Launch{Grid: dim(1), Block: dim(64), Params: [][]byte{p64(buf), p64(buf), p64(buf), p32(64)}, Budget: 100}
	if err := g.Run(vadd, short, nil); err != nil {
		t.Errorf("short launch on a budget of 100: %v", err)
	}
	if err := g.Run(k, Launch{Grid: dim(1), Block: dim(32), Params: [][]byte{p64(flag)}, Budget: 100}, nil); !errors.As(err, &le) {
		t.Errorf("endless loop on a budget of 100: %v", err)
	}
	var polls atomic.Int32
	err = g.Run(k, Launch{Grid: dim(4), Block: dim(64), Params: [][]byte{p64(flag)},
		Interrupted: func() bool { return polls.Add(1) > 3 }}, nil)
	if !errors.As(err, &le) || !le.Interrupted {
		t.Fatalf("interrupted loop: %v", err)
	}
}

func TestStructsByValue(t *testing.T) {
	g := New(Config{})
	m := loadTestdata(t, g, "structs.ptx")
	in := []int32{3, -5, 7, 11}
	din := upload(t, g, i32bytes(in))
	const threads = 40
	dout, _ := g.Alloc(4 * threads)
	run(t, g, kernel(t, m, "structs"), dim(1), dim(threads), p64(dout), p64(din))
	got := downloadI32(t, g, dout, threads)
	for i, v := range got {
		s := func(k int) int32 { return in[k&3] * int32(i+1) }
		if want := 3*s(i) + s(i+1); v != want {
			t.Errorf("out[%d] = %d, want %d", i, v, want)
		}
	}
}

// TestSpinLocks: every thread takes a global lock once and counts under
// it. lock_inside works with any scheduling; lock_naive leaves its spin
// loop holding the lock while the rest of its warp spins, which ends only
// because the spinning lanes yield to the waiting ones.
func TestSpinLocks(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadTestdata(t, g, "locks.ptx")
	for _, name := range []string{"lock_inside", "lock_naive"} {
		lock := upload(t, g, make([]byte, 4))
		counter := upload(t, g, make([]byte, 4))
		err := g.Run(kernel(t, m, name), Launch{Grid: dim(3), Block: dim(64), Budget: 1 << 22,
			Params: [][]byte{p64(lock), p64(counter)}}, nil)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got := downloadI32(t, g, counter, 1)[0]; got != 3*64 {
			t.Errorf("%s: counter %d, want %d", name, got, 3*64)
		}
	}
}
