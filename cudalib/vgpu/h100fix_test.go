package vgpu

import (
	"encoding/binary"
	"math"
	"testing"
)

// Kernels where vgpudiff found the virtual GPU disagreeing with an H100
// (testdata/h100fix.cu). The expected outputs come from Go references of
// the same C code, element by element.

func u64bytes(xs []uint64) []byte {
	b := make([]byte, 0, 8*len(xs))
	for _, x := range xs {
		b = binary.LittleEndian.AppendUint64(b, x)
	}
	return b
}

func downloadU64(t testing.TB, g *GPU, a uint64, n int) []uint64 {
	b := download(t, g, a, 8*n)
	xs := make([]uint64, n)
	for i := range xs {
		xs[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return xs
}

// recRef is h100fix.cu's rec.
func recRef(x uint64, depth int) uint64 {
	if depth <= 0 {
		return x
	}
	return recRef(x*0x9e3779b97f4a7c15+uint64(depth), depth-1) ^ x>>17
}

// TestCallRecursiveDivergent: a recursive function called from both sides
// of a divergent branch, with a different depth in each lane; every lane
// comes back with its own result before the warp shuffles, as CUDA says.
// (The H100 ran vgpudiff's copy differently: NVRTC 13.0's ptxas drops the
// __syncwarp's WARPSYNC, relying on a convergence barrier that the
// recursive callee saves, clears and restores, and lanes shuffled before
// others had returned: lane 143 read 0 from lane 144. NVRTC 11.8 keeps the
// WARPSYNC.)
func TestCallRecursiveDivergent(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadTestdata(t, g, "h100fix.ptx")
	const n = 512
	r := rng(7)
	a, b := make([]uint64, n), make([]uint64, n)
	for i := range a {
		a[i], b[i] = r.next(), r.next()%256
	}
	da, db := upload(t, g, u64bytes(a)), upload(t, g, u64bytes(b))
	dout, _ := g.Alloc(8 * n)
	run(t, g, kernel(t, m, "call_recursive"), dim(n/128), dim(128), p64(da), p64(db), p64(dout))
	v := make([]uint64, n)
	for i := range v {
		if a[i]&1 != 0 {
			v[i] = recRef(a[i], int(b[i]&15))
		} else {
			v[i] = recRef(^a[i], int(b[i]&7)) + 1
		}
	}
	got := downloadU64(t, g, dout, n)
	for i := range v {
		next := i + 1 // __shfl_down_sync(FULL, r, 1): the warp's last lane reads its own r
		if i%32 == 31 {
			next = i
		}
		if want := v[i] ^ v[next]; got[i] != want {
			t.Errorf("out[%d] = %#x, want %#x (a=%#x b=%#x)", i, got[i], want, a[i], b[i])
		}
	}
}

// TestSharedAtomics64: 64-bit integer and f64 atomics in shared memory.
// There the H100 has no f64 atomic add: it loops on a compare-and-swap
// around an add.f64 of (old, b), so a NaN result is old's NaN first.
func TestSharedAtomics64(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadTestdata(t, g, "h100fix.ptx")
	const n = 256
	const qnan, snan = 0xfff8000000000123, 0x7ff0000000000456
	r := rng(9)
	a, b, c := make([]uint64, n), make([]uint64, n), make([]uint64, n)
	for i := range a {
		a[i], b[i], c[i] = r.next(), r.next(), r.next()
		switch i % 8 {
		case 1: // both NaN: the H100 keeps old's (vgpudiff's satom_64, element 17)
			a[i], c[i] = 0xfffffffffffffffe, 0xffffffffc2da5fde
		case 2:
			a[i], c[i] = qnan, snan
		case 3:
			a[i] = snan
		case 4:
			c[i] = qnan
		case 5:
			b[i] |= 1 // the compare-and-swap succeeds
		}
	}
	da, db, dc := upload(t, g, u64bytes(a)), upload(t, g, u64bytes(b)), upload(t, g, u64bytes(c))
	dout, _ := g.Alloc(8 * n)
	run(t, g, kernel(t, m, "satom_64"), dim(n/128), dim(128), p64(da), p64(db), p64(dc), p64(dout))
	got := downloadU64(t, g, dout, n)
	for i := range got {
		// atomicAdd returns c, atomicCAS c+a: the comparisons are false.
		s, cmp := c[i]+a[i], b[i]
		if b[i]&1 != 0 {
			cmp = c[i] + a[i]
		}
		if s == cmp {
			s = b[i]
		}
		want := s ^ addF64Ref(c[i], a[i]) ^ c[i] ^ 1
		if got[i] != want {
			t.Errorf("out[%d] = %#x, want %#x (a=%#x b=%#x c=%#x)", i, got[i], want, a[i], b[i], c[i])
		}
	}
}

// addF64Ref is add.rn.f64(x, y) as the H100 computes it: a NaN result is
// the first NaN operand, made quiet.
func addF64Ref(x, y uint64) uint64 {
	for _, v := range []uint64{x, y} {
		if v&^(1<<63) > 0x7ff0000000000000 {
			return v | 1<<51
		}
	}
	return math.Float64bits(math.Float64frombits(x) + math.Float64frombits(y))
}
