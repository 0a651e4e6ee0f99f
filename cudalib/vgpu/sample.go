package vgpu

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/culab/culab/cudalib/counters"
)

// Sampled launches. A launch too large to interpret whole runs a sample of
// its blocks in full detail and scales their counters to the grid, in the
// manner of the block-sampling simulators (TBPoint, Photon): the labs'
// kernels are regular grids whose blocks differ mostly by position, so a
// sample stratified by position is accurate, and blocks of one stratum that
// differ say when it is not. SAMPLING.md explains the estimators and their
// measured error.
//
// Strata ("classes"): per grid dimension a block is first, interior or last
// (the last is the partial tile at the edge), so a 3D grid has up to 27
// classes. The sample is every class's anchors (two a class, four in the
// all-interior one, at random positions of the class) with the blocks just
// below each anchor in every dimension (its "cube", for the footprint
// estimate), the first and last blocks of the grid (first and last waves),
// and a few random blocks; the random choices come from a seed made of the
// launch (kernel, shape, parameters), so a launch gives the same sample on
// any number of workers. Per-instruction counters of a class are scaled by
// its blocks / its sampled blocks.

// SampleMode chooses whether a launch runs every block or a sample.
type SampleMode uint8

const (
	// SampleFull runs every block (the zero value).
	SampleFull SampleMode = iota
	// SampleAuto runs the first blocks and, when the whole launch
	// extrapolated from them would execute more than Sampling.Budget
	// warp-instructions, a sample; otherwise the rest of the blocks.
	SampleAuto
	// SampleForced runs a sample whatever the launch's size (the whole
	// launch when the sample would be half the grid or more).
	SampleForced
)

func (m SampleMode) String() string {
	switch m {
	case SampleFull:
		return "full"
	case SampleAuto:
		return "auto"
	case SampleForced:
		return "sampled"
	}
	return fmt.Sprintf("SampleMode(%d)", uint8(m))
}

// ParseSampleMode reads "full", "auto" or "sampled" (String's names).
func ParseSampleMode(s string) (SampleMode, error) {
	for _, m := range []SampleMode{SampleFull, SampleAuto, SampleForced} {
		if strings.EqualFold(strings.TrimSpace(s), m.String()) {
			return m, nil
		}
	}
	return 0, fmt.Errorf("sampling mode %q: want auto, full or sampled", s)
}

// DefaultSampleBudget is the warp-instructions a launch is estimated to
// execute above which SampleAuto samples it (about 10–20 s of
// interpretation on 2 cores).
const DefaultSampleBudget = 1 << 29

// Sampling is a launch's choice between every block and a sample.
type Sampling struct {
	Mode SampleMode
	// Budget is, for SampleAuto, the warp-instructions a whole launch may
	// be estimated to execute and still run whole; a launch whose sample
	// is not trusted runs whole instead up to 4 times it. 0:
	// DefaultSampleBudget.
	Budget int64
}

// Sample says how a launch ran when it was sampled, or considered for
// sampling (Profile.Sample).
type Sample struct {
	// Sampled says the counters are scaled from the blocks in Ran and the
	// other blocks did not run: their outputs were not written. False:
	// every block ran (Reason may say why the sample was not kept).
	Sampled bool
	Blocks  int64   // the grid's blocks
	Ran     []int64 // the blocks that ran (x + y·gx + z·gx·gy), ascending; nil when every block ran
	Factor  float64 // Blocks / len(Ran): how far the counters were scaled
	// Trusted says the sample's blocks of each class agreed within the
	// tolerance; otherwise Reason says why the estimate may be off.
	Trusted bool
	Reason  string
	// Stopped are the blocks of Ran stopped before their end (ascending):
	// they took far longer than the first blocks, as a block waiting on a
	// block the sample did not run does; their outputs are partial.
	Stopped []int64
	// Estimate is the warp-instructions the whole launch was estimated
	// to execute (from the first blocks, then from the sample).
	Estimate int64
}

// String is the line a user sees for a sampled launch.
func (s *Sample) String() string {
	if s == nil || !s.Sampled {
		if s != nil && s.Reason != "" {
			return "every block ran: " + s.Reason
		}
		return "every block ran"
	}
	msg := fmt.Sprintf("sampled: %d of %d blocks ran; outputs of the others were not written (counters scaled ×%.4g)", len(s.Ran), s.Blocks, s.Factor)
	if !s.Trusted {
		msg += "; the estimate is not trusted: " + s.Reason
	}
	return msg
}

// Tunables of the sampler.
const (
	probeBlocks    = 8       // the first blocks, run in order before deciding
	probeFirst     = 2       // … of which these first; auto mode runs the rest
	probeSkip      = 4       // … unless these put the launch past this times the budget
	probeShare     = 16      // auto mode's probe grows up to this share of the grid
	randomBlocks   = 8       // random blocks besides the classes' anchors
	maxWidenings   = 3       // times an untrusted sample is doubled
	maxSampled     = 4096    // blocks a sample may grow to (and at most half the grid)
	minBlockLimit  = 1 << 20 // warp-instructions a sampled block may take at least
	probeLimitX    = 256     // … or this times the largest first block
	trustTolerance = 0.001   // relative standard error of an estimate that is trusted
	fallbackFactor = 4       // an untrusted SampleAuto launch runs whole up to this times the budget
)

// blockRecord is what a recorded block did.
type blockRecord struct {
	block     int64
	coord     [3]int
	class     int
	total     counters.Counters // the block's counts, summed over instructions
	warps     []int64           // WarpInstrs per instruction
	sectors   []uint64          // while it runs: the global sectors (address / 32) its requests touch, compacted now and then
	loads     []uint64          // those its loads touch
	touched   unitRuns          // when it has run: the distinct sectors
	loaded    unitRuns          // and those its loads touched
	atomics   []wordOps         // global atomics per 4-byte word, by word
	atomicOps int64             // the L2 operations of its global atomics
	longest   warpCounts
	compactAt int  // length at which the lists are compacted next
	over      bool // stopped at the per-block limit
	spun      bool // a spin lock waited spinLimit turns
}

// wordOps is a count of atomic operations on the word at address word·4.
type wordOps struct {
	word uint64
	n    int64
}

// recorder runs a sampled launch and holds what its blocks recorded.
type recorder struct {
	st      *launch
	mode    SampleMode
	budget  int64
	rng     *rand.Rand
	classes [27]int64 // blocks per class
	// sums are per class the per-instruction counts of its recorded
	// blocks (made on a class's first block).
	sums    [27][]counters.Counters
	recs    []*blockRecord // ascending by block after each phase
	ran     []int64        // ascending
	anchors []int64        // blocks whose cube was recorded, ascending
	limit   int64          // per-block warp-instruction limit of the sample's phases
	// over is set once a block ran past the limit: the sample cannot be
	// trusted, so the phase's other blocks stop at once too.
	over atomic.Bool
}

// newRecorder returns the recorder of a launch to sample, or nil for one
// that runs every block.
func newRecorder(st *launch, s Sampling) *recorder {
	if s.Mode == SampleFull || st.nblocks <= 2*probeBlocks {
		return nil
	}
	rs := &recorder{st: st, mode: s.Mode, budget: s.Budget}
	if rs.budget <= 0 {
		rs.budget = DefaultSampleBudget
	}
	for i := range rs.classes {
		n := int64(1)
		for d := range 3 {
			n *= classSize(i/pow3[d]%3, st.grid[d])
		}
		rs.classes[i] = n
	}
	rs.rng = rand.New(rand.NewPCG(launchSeed(st), 0x5eed))
	return rs
}

var pow3 = [3]int{1, 3, 9}

// dimClass is the class of index i of a dimension of n blocks: 0 first,
// 1 interior, 2 last.
func dimClass(i, n int) int {
	switch {
	case i == 0:
		return 0
	case i == n-1:
		return 2
	}
	return 1
}

// classSize is the blocks of a dimension of n in class c.
func classSize(c, n int) int64 {
	switch c {
	case 0:
		return 1
	case 1:
		return int64(max(n-2, 0))
	}
	return int64(min(n-1, 1))
}

func (st *launch) coord(b int64) [3]int {
	gx, gy := int64(st.grid[0]), int64(st.grid[1])
	return [3]int{int(b % gx), int(b / gx % gy), int(b / (gx * gy))}
}

func (st *launch) linear(c [3]int) int64 {
	return int64(c[0]) + int64(st.grid[0])*(int64(c[1])+int64(st.grid[1])*int64(c[2]))
}

func (st *launch) classOf(c [3]int) int {
	return dimClass(c[0], st.grid[0]) + 3*dimClass(c[1], st.grid[1]) + 9*dimClass(c[2], st.grid[2])
}

// launchSeed hashes what makes a launch: the same launch, the same sample.
func launchSeed(st *launch) uint64 {
	h := fnv.New64a()
	h.Write([]byte(st.k.name))
	var b [8]byte
	for _, v := range [...]int{st.grid[0], st.grid[1], st.grid[2], st.block[0], st.block[1], st.block[2], st.dynamic} {
		binary.LittleEndian.PutUint64(b[:], uint64(v))
		h.Write(b[:])
	}
	h.Write(st.params)
	return h.Sum64()
}

// run runs the launch: the first blocks, then either the rest (a whole
// run) or a sample, widened while its classes disagree.
func (rs *recorder) run(g *GPU, r *result) {
	st := rs.st
	probe := make([]int64, probeBlocks)
	for i := range probe {
		probe[i] = int64(i)
	}
	s := &Sample{Blocks: st.nblocks}
	r.sample = s
	// In auto mode the first blocks decide whether to sample; where the
	// first probeFirst already put the launch far past the budget, the
	// rest of the probe is not run (a 2.5D stencil's blocks each march
	// through the grid: 8 of them were an eighth of its sample's cost).
	rs.phase(g, r, probe[:probeFirst])
	if rs.probeEstimate(s); rs.mode != SampleAuto || s.Estimate <= probeSkip*rs.budget {
		rs.phase(g, r, probe[probeFirst:])
	}
	most := rs.probeEstimate(s)
	// The first blocks can cost far less than the rest (a Floyd–Warshall
	// round 0, whose pivot row of blocks returns at once): auto mode doubles
	// the probe, in order (a block may wait on the blocks before it), while
	// the estimate stays within the budget, up to 1/probeShare of the grid,
	// rather than run a large launch whole on the first blocks' word.
	for n := int64(len(probe)); rs.mode == SampleAuto && s.Estimate <= rs.budget && !rs.stopped() && 2*n <= st.nblocks/probeShare; n *= 2 {
		more := make([]int64, n)
		for i := range more {
			more[i] = n + int64(i)
		}
		rs.phase(g, r, more)
		most = rs.probeEstimate(s)
	}
	if rs.stopped() {
		rs.whole(r)
		return
	}
	if rs.mode == SampleAuto && s.Estimate <= rs.budget {
		rs.rest(g, r)
		return
	}
	sel := rs.initial()
	if 2*int64(len(sel)) >= st.nblocks {
		s.Reason = fmt.Sprintf("a sample would be %d of the %d blocks", len(sel), st.nblocks)
		rs.rest(g, r)
		return
	}
	rs.limit = max(minBlockLimit, probeLimitX*most)
	rs.phase(g, r, rs.notRan(sel))
	for widened := 0; ; widened++ {
		if rs.stopped() {
			rs.sampled(r, false)
			return
		}
		est := rs.estimate()
		s.Estimate = est.counts.WarpInstrs
		why, canWiden := rs.distrust(est)
		if why == "" {
			rs.sampled(r, true)
			return
		}
		if canWiden && widened < maxWidenings {
			if more := rs.widen(est); len(more) > 0 {
				rs.phase(g, r, more)
				continue
			}
		}
		if rs.mode == SampleAuto && canWiden && s.Estimate <= fallbackFactor*rs.budget {
			s.Reason = "the sample was not trusted (" + why + "), so every block ran"
			rs.rest(g, r)
			return
		}
		s.Reason = why
		rs.sampled(r, false)
		return
	}
}

// probeEstimate sets s.Estimate from the blocks recorded so far (the
// probe: the first blocks of the grid) and returns the most one took.
func (rs *recorder) probeEstimate(s *Sample) (most int64) {
	var cost int64
	for _, rec := range rs.recs {
		cost += rec.total.WarpInstrs
		most = max(most, rec.total.WarpInstrs)
	}
	s.Estimate = roundSat(float64(cost) / float64(len(rs.recs)) * float64(rs.st.nblocks))
	return most
}

// stopped reports a fault or the end of the launch's budget.
func (rs *recorder) stopped() bool {
	return rs.st.limit.Load() != nil || rs.st.stopAt.Load() < rs.st.nblocks
}

// phase runs and records the given blocks (ascending or not).
func (rs *recorder) phase(g *GPU, r *result, blocks []int64) {
	st := rs.st
	st.list = blocks
	st.runPhase(g, r, rs)
	st.list = nil
	rs.ran = append(rs.ran, blocks...)
	slices.Sort(rs.ran)
	slices.SortFunc(rs.recs, func(a, b *blockRecord) int { return int(a.block - b.block) })
}

// rest runs every block not recorded yet, unrecorded: the launch is a
// whole run, its recorded blocks counted once.
func (rs *recorder) rest(g *GPU, r *result) {
	st := rs.st
	// A whole run's counts are the classes' sums (whole): the records,
	// with each block's distinct sectors (2 MB a block of a grid-stride
	// copy of 2 GiB), go before the other blocks run.
	rs.recs = nil
	st.skip = rs.ran
	rs.limit = 0
	st.runPhase(g, r, nil)
	st.skip = nil
	rs.whole(r)
}

// notRan is the blocks of sel (ascending) not recorded yet.
func (rs *recorder) notRan(sel []int64) []int64 {
	var out []int64
	for _, b := range sel {
		if !isIn(rs.ran, b) {
			out = append(out, b)
		}
	}
	return out
}

// initial is the first sample, ascending: the classes' anchors and their
// cubes, the first and last blocks, and a few random ones.
func (rs *recorder) initial() []int64 {
	st := rs.st
	set := map[int64]bool{}
	for c, n := range rs.classes {
		if n == 0 {
			continue
		}
		anchors := int64(1)
		if c == rs.interior() {
			anchors = 4 // most of the grid
		}
		for range min(anchors, n) {
			a := rs.randomIn(c)
			b := st.linear(a)
			if set[b] && isIn(rs.anchors, b) {
				continue
			}
			rs.anchors = append(rs.anchors, b)
			slices.Sort(rs.anchors)
			for _, q := range st.before(a) {
				set[st.linear(q)] = true
			}
		}
	}
	for i := range int64(probeBlocks) {
		set[i] = true
		set[st.nblocks-1-i] = true
	}
	for range randomBlocks {
		set[rs.rng.Int64N(st.nblocks)] = true
	}
	out := make([]int64, 0, len(set))
	for b := range set {
		out = append(out, b)
	}
	slices.Sort(out)
	return out
}

// interior is the class of the blocks interior in every dimension that
// has them: most of the grid.
func (rs *recorder) interior() int {
	c := 0
	for d := range 3 {
		if rs.st.grid[d] > 2 {
			c += pow3[d]
		}
	}
	return c
}

// randomIn is a random block of class c.
func (rs *recorder) randomIn(c int) [3]int {
	var a [3]int
	for d := range 3 {
		n := rs.st.grid[d]
		switch c / pow3[d] % 3 {
		case 1:
			a[d] = 1 + rs.rng.IntN(n-2)
		case 2:
			a[d] = n - 1
		}
	}
	return a
}

// before is block a and its neighbours (the blocks at most one away in
// every dimension) that come before it in the grid's linear order: a
// first, then the others.
func (st *launch) before(a [3]int) [][3]int {
	out := [][3]int{a}
	la := st.linear(a)
	for dz := -1; dz <= 1; dz++ {
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				q := [3]int{a[0] + dx, a[1] + dy, a[2] + dz}
				in := true
				for d := range 3 {
					in = in && q[d] >= 0 && q[d] < st.grid[d]
				}
				if in && st.linear(q) < la {
					out = append(out, q)
				}
			}
		}
	}
	return out
}

// estimates are a sample's counters scaled to the grid.
type estimates struct {
	perInst []counters.Counters
	counts  counters.Counters // the scaled total of the linear counters
	per     [27]int           // recorded blocks per class
}

// estimate scales the classes' counts to the grid.
func (rs *recorder) estimate() *estimates {
	e := &estimates{perInst: make([]counters.Counters, len(rs.st.k.insts))}
	for _, rec := range rs.recs {
		e.per[rec.class]++
	}
	for c, sums := range rs.sums {
		if sums == nil {
			continue
		}
		for i := range sums {
			x := sums[i]
			scale(&x, rs.classes[c], int64(e.per[c]))
			e.perInst[i].Add(&x)
		}
	}
	for i := range e.perInst {
		e.counts.Add(&e.perInst[i])
	}
	return e
}

// scale multiplies every counter of c by num/den, rounded.
func scale(c *counters.Counters, num, den int64) {
	v := reflect.ValueOf(c).Elem()
	for i := range v.NumField() {
		if f := v.Field(i); f.Kind() == reflect.Int64 && f.Int() != 0 {
			f.SetInt(roundSat(float64(f.Int()) * float64(num) / float64(den)))
		}
	}
}

// roundSat rounds f to an int64, saturating: a grid of 2^31-1 × 65535 ×
// 65535 blocks scales a sample's counts past int64, and a conversion out
// of range gives a negative number (an estimate under every budget: the
// launch was run whole, for ever).
func roundSat(f float64) int64 {
	switch r := math.Round(f); {
	case r >= math.MaxInt64:
		return math.MaxInt64
	case r <= math.MinInt64:
		return math.MinInt64
	default:
		return int64(r)
	}
}

// metric is a per-block quantity whose estimate must be precise.
type metric struct {
	name string
	of   func(*blockRecord) float64
}

var metrics = []metric{
	{"warp-instructions", func(r *blockRecord) float64 { return float64(r.total.WarpInstrs) }},
	{"thread-instructions", func(r *blockRecord) float64 { return float64(r.total.ThreadInstrs) }},
	{"global load sectors", func(r *blockRecord) float64 { return float64(r.total.GlobalLoadSectors) }},
	{"global store sectors", func(r *blockRecord) float64 { return float64(r.total.GlobalStoreSectors) }},
	{"shared wavefronts", func(r *blockRecord) float64 {
		return float64(r.total.SharedLoadWavefronts + r.total.SharedStoreWavefronts)
	}},
	{"local sectors", func(r *blockRecord) float64 { return float64(r.total.LocalLoadSectors + r.total.LocalStoreSectors) }},
	{"atomics", func(r *blockRecord) float64 { return float64(r.total.AtomicRequests) }},
	{"atomic L2 operations", func(r *blockRecord) float64 { return float64(r.atomicOps) }},
	{"barriers", func(r *blockRecord) float64 { return float64(r.total.Barriers) }},
}

// distrust says why the sample cannot be trusted ("" when it can), and
// whether a larger sample could help: blocks stopped at the limit or
// spinning on a lock cannot.
func (rs *recorder) distrust(e *estimates) (why string, canWiden bool) {
	for _, rec := range rs.recs {
		if rec.over {
			return fmt.Sprintf("block %v ran past %d warp-instructions (far more than the first blocks) and was stopped, with the blocks after it: "+
				"it may wait on a block the sample did not run", rec.coord, rs.limit), false
		}
		if rec.spun {
			return fmt.Sprintf("a spin lock in block %v waited on other threads: its waits depend on blocks the sample did not run", rec.coord), false
		}
	}
	worst, name := 0.0, ""
	for _, m := range metrics {
		if rse := rs.relError(m.of, e); rse > worst {
			worst, name = rse, m.name
		}
	}
	if rse := rs.pathError(e); rse > worst {
		worst, name = rse, "instructions per PTX instruction (control flow)"
	}
	if worst > trustTolerance {
		return fmt.Sprintf("blocks of the same position class differ (data-dependent control flow or memory behaviour): "+
			"the estimate of %s has a relative standard error of %.2g%%", name, 100*worst), true
	}
	return "", true
}

// relError is the relative standard error of the stratified estimate of
// a metric's total: Σ_c N_c²(1 − n_c/N_c)s_c²/n_c, over the total.
func (rs *recorder) relError(of func(*blockRecord) float64, e *estimates) float64 {
	var total, variance float64
	for c, recs := range rs.byClass() {
		if len(recs) == 0 {
			continue
		}
		n, N := float64(len(recs)), float64(rs.classes[c])
		mean := 0.0
		for _, r := range recs {
			mean += of(r)
		}
		mean /= n
		total += N * mean
		if len(recs) < 2 {
			continue
		}
		s2 := 0.0
		for _, r := range recs {
			s2 += (of(r) - mean) * (of(r) - mean)
		}
		s2 /= n - 1
		variance += N * N * (1 - n/N) * s2 / n
	}
	if total <= 0 {
		return 0
	}
	return math.Sqrt(variance) / total
}

// pathError is relError of the blocks' paths: a block's distance from its
// class is the L1 distance of its warp-instructions per PTX instruction
// from the class's mean, so blocks that take other branches differ even
// when their totals agree.
func (rs *recorder) pathError(e *estimates) float64 {
	var variance float64
	mean := make([]float64, len(rs.st.k.insts))
	for c, recs := range rs.byClass() {
		if len(recs) < 2 {
			continue
		}
		n, N := float64(len(recs)), float64(rs.classes[c])
		clear(mean)
		for _, r := range recs {
			for i, w := range r.warps {
				mean[i] += float64(w) / n
			}
		}
		s2 := 0.0
		for _, r := range recs {
			d := 0.0
			for i, w := range r.warps {
				d += math.Abs(float64(w) - mean[i])
			}
			s2 += d * d
		}
		s2 /= n - 1
		variance += N * N * (1 - n/N) * s2 / n
	}
	if e.counts.WarpInstrs <= 0 {
		return 0
	}
	return math.Sqrt(variance) / float64(e.counts.WarpInstrs)
}

// byClass groups the records by class.
func (rs *recorder) byClass() [27][]*blockRecord {
	var out [27][]*blockRecord
	for _, r := range rs.recs {
		out[r.class] = append(out[r.class], r)
	}
	return out
}

// widen picks more random blocks for each class whose blocks differ: as
// many again as it has, within maxSampled.
func (rs *recorder) widen(e *estimates) []int64 {
	st := rs.st
	room := min(int64(maxSampled), st.nblocks/2) - int64(len(rs.ran))
	set := map[int64]bool{}
	for c, recs := range rs.byClass() {
		if len(recs) < 2 || int64(len(recs)) >= rs.classes[c] || !differ(recs) {
			continue
		}
		want := min(int64(len(recs)), rs.classes[c]-int64(len(recs)))
		for tries := 0; want > 0 && room > 0 && tries < 8*int(want)+8; tries++ {
			b := st.linear(rs.randomIn(c))
			if !isIn(rs.ran, b) && !set[b] {
				set[b] = true
				want--
				room--
			}
		}
	}
	out := make([]int64, 0, len(set))
	for b := range set {
		out = append(out, b)
	}
	slices.Sort(out)
	return out
}

// differ reports whether the blocks took different paths or did
// different amounts of memory work.
func differ(recs []*blockRecord) bool {
	for _, r := range recs[1:] {
		if !slices.Equal(r.warps, recs[0].warps) {
			return true
		}
		for _, m := range metrics {
			if m.of(r) != m.of(recs[0]) {
				return true
			}
		}
	}
	return false
}

// whole makes the result of a launch whose every block ran (or that
// stopped in its first blocks, as a whole launch stops): the recorded
// blocks' counts as they are.
func (rs *recorder) whole(r *result) {
	for _, sums := range rs.sums {
		for i := range sums {
			r.counts[i].Add(&sums[i])
		}
	}
	s := r.sample
	s.Sampled, s.Trusted, s.Ran, s.Factor = false, true, nil, 1
	if s.Reason == "" {
		r.sample = nil
	}
}

// sampled makes the result of a sampled launch: the classes' counts
// scaled, the footprint and atomics estimated.
func (rs *recorder) sampled(r *result, trusted bool) {
	s := r.sample
	e := rs.estimate()
	copy(r.counts, e.perInst)
	r.ran = Stats{}
	for _, rec := range rs.recs {
		r.ran.WarpInstrs += rec.total.WarpInstrs
		r.ran.ThreadInstrs += rec.total.ThreadInstrs
	}
	s.Sampled, s.Trusted = true, trusted
	s.Ran = slices.Clone(rs.ran)
	for _, rec := range rs.recs {
		if rec.over {
			s.Stopped = append(s.Stopped, rec.block)
		}
	}
	s.Factor = float64(s.Blocks) / float64(len(rs.ran))
	s.Estimate = e.counts.WarpInstrs
	if rs.stopped() && s.Reason == "" {
		s.Trusted = false
		s.Reason = "the launch stopped (a fault or its budget) while its sample ran"
	}
	r.dram, r.chunks, r.loadDram = rs.footprint()
	r.atomicWords, r.atomicSectors = rs.atomicWords()
	r.atomics = rs.mostAtomics(e)
	var ops float64
	var longest [3]float64
	for _, rec := range rs.recs {
		f := float64(rs.classes[rec.class]) / float64(e.per[rec.class])
		ops += float64(rec.atomicOps) * f
		longest[0] += float64(rec.longest.instrs) * f
		longest[1] += float64(rec.longest.globalLoads) * f
		longest[2] += float64(rec.longest.sharedLoads) * f
	}
	r.atomicOps = roundSat(ops)
	r.blockLongest = warpCounts{roundSat(longest[0]), roundSat(longest[1]), roundSat(longest[2])}
}

// Snapshot copies the contents of every allocation; restore puts them
// back (allocations made since are left alone). It lets a tool run a launch
// twice from the same memory (the sampling benchmark).
func (g *GPU) Snapshot() (restore func()) {
	allocs := g.table.Load().allocs
	saved := make([][]byte, len(allocs))
	for i, a := range allocs {
		saved[i] = slices.Clone(a.data)
	}
	return func() {
		for i, a := range allocs {
			copy(a.data, saved[i])
		}
	}
}
