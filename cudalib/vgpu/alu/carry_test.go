package alu

import (
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
)

// carryProgram runs instructions in order on one lane, sharing the carry
// flag, each as {spell, d index, source indexes} over registers r.
type carryStep struct {
	spell string
	d     int
	srcs  []int
}

func runCarry(t *testing.T, r []uint64, steps []carryStep) {
	t.Helper()
	var cf Vec
	for _, s := range steps {
		parts := strings.Split(s.spell, ".")
		k, err := Lookup(parts[0], parts[1:])
		if err != nil {
			t.Fatal(err)
		}
		if k.FnCC == nil || k.Srcs != len(s.srcs) {
			t.Fatalf("%s: %+v", s.spell, k)
		}
		var v [3]Vec
		for i, x := range s.srcs {
			v[i][0] = r[x]
		}
		var d Vec
		k.FnCC(&d, &v[0], &v[1], &v[2], &cf, 1)
		r[s.d] = d[0]
	}
}

// TestCarryChains: 64-bit add, subtract and 32x32+64-bit multiply-add
// from 32-bit halves agree with 64-bit arithmetic.
func TestCarryChains(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		a, b := rng.Uint64()>>rng.IntN(64), rng.Uint64()>>rng.IntN(64)
		if rng.IntN(4) == 0 {
			a, b = ^uint64(0), 1
		}
		// r: 0 a.lo, 1 a.hi, 2 b.lo, 3 b.hi, 4 d.lo, 5 d.hi, 6 zero, 7 carry
		r := []uint64{a & 0xFFFFFFFF, a >> 32, b & 0xFFFFFFFF, b >> 32, 0, 0, 0, 0}
		runCarry(t, r, []carryStep{{"add.cc.u32", 4, []int{0, 2}}, {"addc.u32", 5, []int{1, 3}}})
		if got := r[5]<<32 | r[4]; got != a+b {
			t.Fatalf("%#x + %#x = %#x", a, b, got)
		}
		runCarry(t, r, []carryStep{{"sub.cc.u32", 4, []int{0, 2}}, {"subc.u32", 5, []int{1, 3}}})
		if got := r[5]<<32 | r[4]; got != a-b {
			t.Fatalf("%#x - %#x = %#x", a, b, got)
		}
		// a.lo * b.lo + (a:hi as a 64-bit addend), with the final carry.
		runCarry(t, r, []carryStep{
			{"mad.lo.cc.u32", 4, []int{0, 2, 0}},
			{"madc.hi.cc.u32", 5, []int{0, 2, 1}},
			{"addc.u32", 7, []int{6, 6}},
		})
		hi, lo := bits.Mul64(a&0xFFFFFFFF, b&0xFFFFFFFF)
		lo, c := bits.Add64(lo, a, 0)
		hi += c
		if got := r[5]<<32 | r[4]; got != lo || r[7] != hi {
			t.Fatalf("mad chain of %#x, %#x = %#x carry %d, want %#x carry %d", a, b, got, r[7], lo, hi)
		}
		runCarry(t, r, []carryStep{{"add.cc.u64", 4, []int{0, 2}}, {"addc.cc.u64", 5, []int{6, 6}}, {"subc.cc.s64", 7, []int{6, 6}}})
		if r[5] != 0 || r[7] != 0 {
			t.Fatalf("64-bit carry of small values: %d, %d", r[5], r[7])
		}
	}
	r := []uint64{^uint64(0), 1, 0, 0}
	runCarry(t, r, []carryStep{{"add.cc.u64", 2, []int{0, 1}}, {"addc.u64", 3, []int{2, 2}}})
	if r[2] != 0 || r[3] != 1 {
		t.Fatalf("u64 carry out: %d, %d", r[2], r[3])
	}
	r = []uint64{0, 1, 0, 0}
	runCarry(t, r, []carryStep{{"sub.cc.u64", 2, []int{0, 1}}, {"subc.u64", 3, []int{0, 0}}})
	if r[2] != ^uint64(0) || r[3] != ^uint64(0) {
		t.Fatalf("u64 borrow: %#x, %#x", r[2], r[3])
	}
}
