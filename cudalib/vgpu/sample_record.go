package vgpu

import (
	"slices"

	"github.com/culab/culab/cudalib/counters"
)

// Recording a sample's blocks: a recording worker counts each block on its
// own (wk.counts, cleared after each), then adds the counts to the block's
// class and keeps the block's record; global accesses and atomics append
// to the record, so that the footprint can be estimated from the blocks'
// own sectors (sample_estimate.go).

// startRecording makes the worker record its blocks for rs.
func (wk *worker) startRecording(rs *recorder) {
	wk.rs = rs
	wk.blockLimit = rs.limit
}

// recordBlock runs block b and records it.
func (wk *worker) recordBlock(b int64) {
	st := wk.st
	c := st.coord(b)
	rec := &blockRecord{block: b, coord: c, class: st.classOf(c), compactAt: compactRecord, sectors: wk.sectorBuf[:0], loads: wk.loadBuf[:0]}
	before := wk.longest
	wk.longest = warpCounts{}
	wk.rec = rec
	wk.runBlock(b)
	wk.rec = nil
	rec.longest = wk.longest
	wk.longest.fold(&before)
	rec.over = wk.blockOver
	sums := wk.sums[rec.class]
	if sums == nil {
		sums = make([]counters.Counters, len(wk.counts))
		wk.sums[rec.class] = sums
	}
	rec.warps = make([]int64, len(wk.counts))
	for i := range wk.counts {
		sums[i].Add(&wk.counts[i])
		rec.total.Add(&wk.counts[i])
		rec.warps[i] = wk.counts[i].WarpInstrs
	}
	clear(wk.counts)
	// The block keeps its distinct sectors as runs; the lists it grew
	// (megabytes for a block that marches through a grid) are the next
	// block's, not garbage.
	d, l := distinct(rec.sectors), distinct(rec.loads)
	rec.touched, rec.loaded = runsOf(d), runsOf(l)
	wk.sectorBuf, wk.loadBuf = d[:0], l[:0]
	rec.sectors, rec.loads = nil, nil
	rec.atomics = compactOps(rec.atomics)
	wk.recs = append(wk.recs, rec)
}

// merge takes a recording worker's classes and records (under st.mu).
func (rs *recorder) merge(wk *worker) {
	for c, sums := range wk.sums {
		if sums == nil {
			continue
		}
		if rs.sums[c] == nil {
			rs.sums[c] = make([]counters.Counters, len(sums))
		}
		for i := range sums {
			rs.sums[c][i].Add(&sums[i])
		}
	}
	rs.recs = append(rs.recs, wk.recs...)
}

// compactRecord is the length at which a record's lists are first
// compacted while its block runs (a block that loops over its data
// touches the same sectors again and again).
const compactRecord = 1 << 20

// addSectors appends the distinct sectors of one request, a load's to the
// loads' list too.
func (rec *blockRecord) addSectors(secs []uint64, load bool) {
	rec.sectors = append(rec.sectors, secs...)
	if load {
		rec.loads = append(rec.loads, secs...)
	}
	if len(rec.sectors) >= rec.compactAt {
		rec.sectors, rec.loads = distinct(rec.sectors), distinct(rec.loads)
		rec.compactAt = max(compactRecord, 2*len(rec.sectors))
	}
}

// addAtomic counts n operations on the word at address word·4.
func (rec *blockRecord) addAtomic(word uint64, n int64) {
	rec.atomics = append(rec.atomics, wordOps{word, n})
	if len(rec.atomics) >= rec.compactAt {
		rec.atomics = compactOps(rec.atomics)
		rec.compactAt = max(compactRecord, 2*len(rec.atomics))
	}
}

// compactOps sorts ops by word and sums each word's operations.
func compactOps(ops []wordOps) []wordOps {
	slices.SortFunc(ops, func(a, b wordOps) int {
		switch {
		case a.word < b.word:
			return -1
		case a.word > b.word:
			return 1
		}
		return 0
	})
	out := ops[:0]
	for _, o := range ops {
		if n := len(out); n > 0 && out[n-1].word == o.word {
			out[n-1].n += o.n
			continue
		}
		out = append(out, o)
	}
	return out
}
