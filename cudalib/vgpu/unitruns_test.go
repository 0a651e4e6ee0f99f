package vgpu

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestUnitRuns holds the runs' operations to the same operations on plain
// sets, over random sets of clustered units.
func TestUnitRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	randomSet := func() map[uint64]bool {
		s := map[uint64]bool{}
		for range rng.IntN(20) {
			lo := rng.Uint64N(200)
			for u := lo; u < lo+rng.Uint64N(12); u++ {
				s[u] = true
			}
		}
		return s
	}
	runs := func(s map[uint64]bool) unitRuns {
		var l []uint64
		for u := range s {
			l = append(l, u)
		}
		slices.Sort(l)
		return runsOf(l)
	}
	for trial := range 500 {
		a, b, c := randomSet(), randomSet(), randomSet()
		ra, rb, rc := runs(a), runs(b), runs(c)
		if ra.size() != int64(len(a)) {
			t.Fatalf("trial %d: size %d, want %d", trial, ra.size(), len(a))
		}
		for i := 1; i < len(ra); i++ {
			if ra[i].lo <= ra[i-1].hi {
				t.Fatalf("trial %d: runs %v not disjoint and apart", trial, ra)
			}
		}
		u := map[uint64]bool{}
		for _, s := range []map[uint64]bool{a, b, c} {
			for x := range s {
				u[x] = true
			}
		}
		if got := unionRuns(ra, rb, rc); !slices.Equal(got, runs(u)) {
			t.Fatalf("trial %d: union %v, want %v", trial, got, runs(u))
		}
		both := 0
		for x := range a {
			if b[x] {
				both++
			}
		}
		if got := ra.overlap(rb); got != int64(both) {
			t.Fatalf("trial %d: overlap %d, want %d", trial, got, both)
		}
		half := map[uint64]bool{}
		for x := range a {
			half[x>>3] = true
		}
		if got := ra.coarsen(3); !slices.Equal(got, runs(half)) {
			t.Fatalf("trial %d: coarsen %v, want %v", trial, got, runs(half))
		}
		lo := rng.Uint64N(220)
		hi := lo + rng.Uint64N(10)
		any := false
		for x := lo; x < hi; x++ {
			any = any || a[x]
		}
		if got := ra.touches(lo, hi); got != any {
			t.Fatalf("trial %d: touches [%d, %d) = %v, want %v (%v)", trial, lo, hi, got, any, ra)
		}
	}
}
