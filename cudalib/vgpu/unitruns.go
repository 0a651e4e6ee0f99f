package vgpu

import (
	"cmp"
	"slices"
)

// unitRuns is a set of units (sectors, 64-byte chunks, words) as ascending,
// disjoint, non-adjacent half-open runs. A recorded block keeps its
// sectors so: its requests cover a row's width at a time, so a block that
// marches through a grid (a 2.5D stencil's, 300 000 sectors) keeps tens of
// thousands of runs, not a list of every sector, and a sample's union
// sorts runs, not units.
type unitRuns []unitRun

// unitRun is the units [lo, hi).
type unitRun struct{ lo, hi uint64 }

// runsOf returns the runs of an ascending list of distinct units.
func runsOf(units []uint64) unitRuns {
	n := 0 // counted first: a record is kept at its size
	for i, u := range units {
		if i == 0 || units[i-1]+1 != u {
			n++
		}
	}
	r := make(unitRuns, 0, n)
	for _, u := range units {
		if n := len(r); n > 0 && r[n-1].hi == u {
			r[n-1].hi++
			continue
		}
		r = append(r, unitRun{u, u + 1})
	}
	return r
}

// size is the number of units in r.
func (r unitRuns) size() int64 {
	var n int64
	for _, x := range r {
		n += int64(x.hi - x.lo)
	}
	return n
}

// coarsen returns the set of units of 2^shift of r's units (unit >> shift).
func (r unitRuns) coarsen(shift uint) unitRuns {
	var out unitRuns
	for _, x := range r {
		lo, hi := x.lo>>shift, (x.hi-1)>>shift+1
		if n := len(out); n > 0 && out[n-1].hi >= lo {
			out[n-1].hi = max(out[n-1].hi, hi)
			continue
		}
		out = append(out, unitRun{lo, hi})
	}
	return out
}

// unionRuns returns the union of sets.
func unionRuns(sets ...unitRuns) unitRuns {
	n := 0
	for _, s := range sets {
		n += len(s)
	}
	all := make(unitRuns, 0, n)
	for _, s := range sets {
		all = append(all, s...)
	}
	slices.SortFunc(all, func(a, b unitRun) int { return cmp.Compare(a.lo, b.lo) })
	out := all[:0]
	for _, x := range all {
		if n := len(out); n > 0 && out[n-1].hi >= x.lo {
			out[n-1].hi = max(out[n-1].hi, x.hi)
			continue
		}
		out = append(out, x)
	}
	return out
}

// overlap is the number of units in both r and o.
func (r unitRuns) overlap(o unitRuns) int64 {
	var n int64
	for i, j := 0, 0; i < len(r) && j < len(o); {
		lo, hi := max(r[i].lo, o[j].lo), min(r[i].hi, o[j].hi)
		if lo < hi {
			n += int64(hi - lo)
		}
		if r[i].hi < o[j].hi {
			i++
		} else {
			j++
		}
	}
	return n
}

// touches reports whether r holds any unit in [lo, hi).
func (r unitRuns) touches(lo, hi uint64) bool {
	i, _ := slices.BinarySearchFunc(r, lo, func(x unitRun, t uint64) int {
		if x.hi <= t {
			return -1
		}
		return 1
	})
	return lo < hi && i < len(r) && r[i].lo < hi
}
