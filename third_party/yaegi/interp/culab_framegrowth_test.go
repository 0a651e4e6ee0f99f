package interp

import (
	"fmt"
	"testing"
)

// culab patch 110: the global frame grows with room to spare: compiling
// and running n programs that each add a variable reallocates it about
// log n times, not n times, and keeps every variable's value.
func TestFrameGrowsGeometrically(t *testing.T) {
	i := New(Options{})
	const n = 2000
	allocs, last := 0, -1
	for k := range n {
		if _, err := i.Eval(fmt.Sprintf("v%d := %d", k, k)); err != nil {
			t.Fatal(err)
		}
		if c := cap(i.frame.data); c != last {
			allocs, last = allocs+1, c
		}
	}
	if allocs > 64 {
		t.Errorf("the frame was reallocated %d times for %d variables", allocs, n)
	}
	g := i.Globals()
	for _, k := range []int{0, 1, n / 2, n - 1} {
		if v := g[fmt.Sprintf("v%d", k)]; !v.IsValid() || v.Int() != int64(k) {
			t.Errorf("v%d = %v", k, v)
		}
	}
}
