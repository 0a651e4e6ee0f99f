package vgpu

// The counters that do not scale with the blocks: the distinct sectors
// (and 64-byte chunks) the launch touches, and the distinct words its
// atomics touch, are a union over the blocks; the most atomics on one
// word is a maximum over words that one block or many touch.
//
// A union is estimated from each block's novelty: the sectors it touches
// that none of its neighbours before it (at most one away in every
// dimension, earlier in linear order) touch. Summed over every block this
// is the union whenever every other toucher of a sector is within one of
// an earlier toucher (a block's own tile, a stencil's halo, a matmul's
// panel shared along a row of blocks, a grid-stride loop's disjoint
// strides). The sample holds those neighbours of each class's anchors, so
// each class's mean novelty is measured, and the union is
// Σ_c N_c · mean novelty of c's anchors, clamped between the sample's own
// union and the sizes of the allocations the sample touched.

// footprint estimates the launch's distinct global sectors and 64-byte
// chunks, and the sectors its loads touch.
func (rs *recorder) footprint() (sectors, chunks, loads int64) {
	sets, loaded, halves := map[int64]unitRuns{}, map[int64]unitRuns{}, map[int64]unitRuns{}
	for _, rec := range rs.recs {
		sets[rec.block], loaded[rec.block] = rec.touched, rec.loaded
		halves[rec.block] = rec.touched.coarsen(1)
	}
	return rs.union(sets, 32), rs.union(halves, 64), rs.union(loaded, 32)
}

// atomicWords estimates the distinct words the launch's global atomics
// touch, and the sectors they lie in.
func (rs *recorder) atomicWords() (words, sectors int64) {
	sets, secs := map[int64]unitRuns{}, map[int64]unitRuns{}
	for _, rec := range rs.recs {
		w := make([]uint64, len(rec.atomics))
		for i, o := range rec.atomics {
			w[i] = o.word
		}
		sets[rec.block] = runsOf(w)
		secs[rec.block] = sets[rec.block].coarsen(3)
	}
	return rs.union(sets, 4), rs.union(secs, 32)
}

// union estimates the size of the union over the grid of the blocks'
// sets of units of unit bytes (unit · x is an address), from the sets of
// the recorded blocks.
func (rs *recorder) union(sets map[int64]unitRuns, unit uint64) int64 {
	st := rs.st
	var sum [27]int64
	var anchors [27]int64
	for _, a := range rs.anchors {
		ca := st.coord(a)
		set := sets[a]
		var lower []unitRuns
		for _, q := range st.before(ca)[1:] {
			lower = append(lower, sets[st.linear(q)])
		}
		novel := set.size() - set.overlap(unionRuns(lower...))
		c := st.classOf(ca)
		sum[c] += novel
		anchors[c]++
	}
	est := 0.0
	for c := range sum {
		if anchors[c] > 0 {
			est += float64(rs.classes[c]) * float64(sum[c]) / float64(anchors[c])
		}
	}
	all := make([]unitRuns, 0, len(sets))
	for _, s := range sets {
		all = append(all, s)
	}
	u := unionRuns(all...)
	lo, hi := u.size(), rs.allocUnits(u, unit)
	return min(max(roundSat(est), lo), max(hi, lo))
}

// allocUnits is the units of unit bytes in the allocations that hold any
// of the units in all.
func (rs *recorder) allocUnits(all unitRuns, unit uint64) int64 {
	var n int64
	for _, a := range rs.st.table.allocs {
		first, end := a.addr/unit, (a.end()+unit-1)/unit
		if all.touches(first, end) {
			n += int64(end - first)
		}
	}
	return n
}

// mostAtomics estimates the most atomic operations on one global word. A
// word that blocks far apart touch (a counter every block increments, a
// histogram's bin) gets the operations of every block: its recorded
// operations scaled by their classes; a word only one block or
// neighbouring blocks touch (a block's own slot, a halo) gets what they
// did.
func (rs *recorder) mostAtomics(e *estimates) int64 {
	type touch struct {
		rec *blockRecord
		n   int64
	}
	words := map[uint64][]touch{}
	for _, rec := range rs.recs {
		for _, o := range rec.atomics {
			words[o.word] = append(words[o.word], touch{rec, o.n})
		}
	}
	var most float64
	for _, ts := range words {
		far := false
		for i := 1; i < len(ts) && !far; i++ {
			far = chebyshev(ts[0].rec.coord, ts[i].rec.coord) > 1
		}
		v := 0.0
		for _, t := range ts {
			if far {
				v += float64(t.n) * float64(rs.classes[t.rec.class]) / float64(e.per[t.rec.class])
			} else {
				v += float64(t.n)
			}
		}
		most = max(most, v)
	}
	return roundSat(most)
}

// chebyshev is the largest difference of two blocks' indices.
func chebyshev(a, b [3]int) int {
	d := 0
	for i := range a {
		d = max(d, abs(a[i]-b[i]))
	}
	return d
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
