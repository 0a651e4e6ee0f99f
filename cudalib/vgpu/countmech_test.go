package vgpu

import "testing"

// A block that spin-waits on its predecessor's flag (a decoupled
// look-back's wait) counts the same on any number of workers: one poll a
// waiting block, as when the blocks run one after another.
func TestSpinWaitDeterministic(t *testing.T) {
	const n = 512
	var first *Profile
	for _, workers := range []int{1, 2, 4} {
		g := New(Config{Workers: workers})
		m := loadSampling(t, g)
		if !kernel(t, m, "chain").entry.polls || kernel(t, m, "trips").entry.polls {
			t.Fatal("pollLoop: chain must poll, trips must not")
		}
		flags, err := g.Alloc(4 * n)
		if err != nil {
			t.Fatal(err)
		}
		out, err := g.Alloc(4 * n)
		if err != nil {
			t.Fatal(err)
		}
		p, err := runProfiled(g, kernel(t, m, "chain"), Launch{Grid: dim(n), Block: dim(32), Params: [][]byte{p64(flags), p64(out)}})
		if err != nil {
			t.Fatal(err)
		}
		// n-1 polls (each finds its flag set) and n exchanges.
		if got := p.Total.AtomicRequests; got != 2*n-1 {
			t.Errorf("%d workers: %d atomic requests, want %d", workers, got, 2*n-1)
		}
		if first == nil {
			first = p
		} else if d := differences(first.Total, p.Total); len(d) > 0 {
			t.Errorf("%d workers: counters differ from 1 worker's: %v", workers, d)
		}
	}
}
