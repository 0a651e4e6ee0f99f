package labs

import (
	"fmt"
	"strings"

	"github.com/culab/culab/cudalib"
)

// Floyd–Warshall's rounds on the virtual GPU at the report's sizes: V
// launches of fw_global, or n/B rounds of three phases, are far too many
// to interpret (10¹² relaxations at V = 10000). A run samples its rounds
// (launch sampling, as Principal Kernel Analysis does): it runs
// floydSampledRounds rounds spread over the run, each in full detail
// (phase 3 itself block-sampled when large), and counts each again for
// the rounds up to the next sampled one. Rounds differ by which tiles are
// the pivot's (sampled evenly across the run) and, in the variants with
// an if-branch, by how many distances improve, which depends on the
// distances: those run each sampled round on the exact distances before
// it, from the CPU reference (floydState); without them (the reference
// over the cap) they are not run. The min() variants count the same on
// any distances and run each sampled round on what the previous one left.
// Every sampled round is checked against the CPU's same round from the
// matrix it read: the cells of the blocks that ran relaxed exactly, the
// others unchanged.

// floydSampledRounds is how many rounds a sampled run runs.
const floydSampledRounds = 6

// floydState is what the CPU reference leaves for sampled runs: the
// distances at the pivot counts floydSampleK chooses.
type floydState struct {
	snaps map[int][]int32 // K → the distances through pivots < K
	done  bool            // the reference ran to its end: every snapshot is there
}

// floydSampleK are the pivot counts at which sampled rounds start: 0 and
// multiples of floydTile (so the CPU reference, which runs rounds of
// floydTile pivots, passes each) spread evenly up to the last round.
func floydSampleK(n int) []int {
	last := n/floydTile - 1
	var ks []int
	for j := range floydSampledRounds {
		k := floydTile * ((j*last + (floydSampledRounds-1)/2) / (floydSampledRounds - 1))
		if len(ks) == 0 || ks[len(ks)-1] != k {
			ks = append(ks, k)
		}
	}
	return ks
}

// floydRoundsRun is one Floyd variant's sequence: rounds rounds of per
// launches each; pivot(r) is the first pivot of round r; launch runs round
// r (calling g.noteRound after each launch); relax applies round r to d on
// the CPU as the blocks in ran (one list per launch; nil: all) would.
type floydRoundsRun struct {
	rounds, per int
	pivot       func(r int) int
	launch      func(r int) error
	relax       func(d []int32, r int, ran [][]int64)
	// dataDependent: the counters depend on the distances (an if-branch).
	dataDependent bool
}

// run runs every round, or a sample of them when sampleLaunches says so
// after round 0.
func (f floydRoundsRun) run(g *gpuRun) error {
	first, err := f.launchRound(g, 0)
	if err != nil {
		return err
	}
	if len(first) == 0 || !sampleLaunches(g.dev, first[len(first)-1], f.rounds-1) {
		for r := 1; r < f.rounds; r++ {
			if err := f.launch(r); err != nil {
				return err
			}
		}
		return nil
	}
	return f.sampled(g, first)
}

// launchRound runs round r and returns how its launches ran on the
// virtual GPU (none on a GPU).
func (f floydRoundsRun) launchRound(g *gpuRun, r int) ([]cudalib.VirtualLaunch, error) {
	var ls []cudalib.VirtualLaunch
	g.round = &ls
	defer func() { g.round = nil }()
	err := f.launch(r)
	return ls, err
}

// noteRound records how the last launch ran, while a Floyd round is
// watched (launchRound).
func (g *gpuRun) noteRound() {
	if g.round == nil {
		return
	}
	if l, ok := g.dev.LastVirtualLaunch(); ok {
		*g.round = append(*g.round, l)
	}
}

// sampled runs the sampled rounds after round 0 (run already), counting
// each for the rounds up to the next, and sets the run's check.
func (f floydRoundsRun) sampled(g *gpuRun, first []cudalib.VirtualLaunch) error {
	n := floydPadded(g.n)
	st, _ := g.p.state.(*floydState)
	exact := st != nil && st.done
	if f.dataDependent && !exact {
		g.sampling.skip = "not run on the virtual GPU at this size: its if-branch makes the counters depend on the distances, so sampled rounds need the exact distances before them, which come from the CPU reference, over the cap here (the min() variants run)"
		return nil
	}
	var rs []int // the sampled rounds, ascending, from 0
	for _, k := range floydSampleK(n) {
		for r := range f.rounds {
			if f.pivot(r) >= k {
				if len(rs) == 0 || rs[len(rs)-1] != r {
					rs = append(rs, r)
				}
				break
			}
		}
	}
	if len(rs) == 0 || rs[0] != 0 {
		rs = append([]int{0}, rs...)
	}
	// The sampled rounds' launches keep their sample even where the
	// sampler does not trust it (phase 3's pivot row and column of blocks
	// return at once, which sets them apart from the other blocks of their
	// position class): auto mode would run such a launch whole, for each
	// sampled round. The row says so.
	if s, err := g.dev.VirtualSampling(); err == nil && s.Mode == cudalib.VirtualSampleAuto {
		forced := s
		forced.Mode = cudalib.VirtualSampleForced
		if err := g.dev.SetVirtualSampling(&forced); err != nil {
			return err
		}
		defer g.dev.SetVirtualSampling(&s)
	}
	work := make([]int32, n*n)
	after := g.p.out[0].(i32)
	var bad []string
	var phase3 cudalib.VirtualLaunch
	for j, r := range rs {
		launches := first
		if j == 0 {
			copy(work, g.p.in[0].(i32)) // round 0 read the input
		} else {
			if exact {
				copy(work, st.snaps[f.pivot(r)])
				if err := i32(work).upload(g.out[0]); err != nil {
					return err
				}
			} else if err := i32(work).fetch(g.out[0]); err != nil {
				return err
			}
			var err error
			if launches, err = f.launchRound(g, r); err != nil {
				return err
			}
		}
		next := f.rounds
		if j+1 < len(rs) {
			next = rs[j+1]
		}
		if next-r > 1 {
			if err := g.dev.RepeatVirtualLaunches(f.per, next-r-1); err != nil {
				return err
			}
		}
		ran := make([][]int64, len(launches))
		for i, l := range launches {
			if l.Sampled() {
				ran[i] = l.Sample.Ran
				phase3 = l
			}
		}
		if !g.outMapped[0] { // else after is the buffer itself
			if err := after.fetch(g.out[0]); err != nil {
				return err
			}
		}
		f.relax(work, r, ran)
		if wrong := floydDiff(work, after); wrong >= 0 {
			bad = append(bad, fmt.Sprintf("round %d: [%d] = %d, want %d", r, wrong, after[wrong], work[wrong]))
		}
	}
	from := "the matrix the sampled round before left (the min() variants count the same on any distances)"
	if exact {
		from = "the exact distances before it (snapshots of the CPU reference)"
	}
	rounds := make([]string, len(rs))
	for i, r := range rs {
		rounds[i] = fmt.Sprint(r)
	}
	text := fmt.Sprintf("sampled: rounds %s of %d ran, each counted for the rounds up to the next (the others not run), each from %s", strings.Join(rounds, ", "), f.rounds, from)
	if phase3.Sampled() {
		what := "each launch"
		if f.per == 3 {
			what = "phase 3"
		}
		text += fmt.Sprintf("; %s ran %d of %d blocks", what, len(phase3.Sample.Ran), phase3.Sample.Blocks)
		if !phase3.Sample.Trusted {
			text += " (estimate not trusted: " + phase3.Sample.Reason + ")"
		}
	}
	v := verdict{pass: len(bad) == 0}
	if v.pass {
		v.text = text + "; every cell of each sampled round matches the CPU's round from the matrix it read (the cells of blocks that did not run unchanged): exact"
	} else {
		v.text = "FAIL: " + text + "; wrong cells: " + strings.Join(bad, "; ")
	}
	g.sampling.check = func() (verdict, error) { return v, nil }
	return nil
}

// floydDiff is the first index where a and b differ, -1 when none.
func floydDiff(a, b []int32) int {
	// In pieces on every core: two matrices of 404 MB at V = 10000, each
	// sampled round of each variant.
	firsts := make([]int, len(pieces(len(a))))
	parallelFor(len(a), func(p, lo, hi int) {
		firsts[p] = -1
		x, y := a[lo:hi], b[lo:hi]
		y = y[:len(x)]
		for i := range x {
			if x[i] != y[i] {
				firsts[p] = lo + i
				return
			}
		}
	})
	for _, i := range firsts {
		if i >= 0 {
			return i
		}
	}
	return -1
}

// ranSet is the blocks of a launch that ran: all of them when ran is nil.
type ranSet struct {
	all bool
	in  map[int64]bool
}

func newRanSet(ran []int64) ranSet {
	if ran == nil {
		return ranSet{all: true}
	}
	s := ranSet{in: make(map[int64]bool, len(ran))}
	for _, b := range ran {
		s.in[b] = true
	}
	return s
}

func (s ranSet) has(b int64) bool { return s.all || s.in[b] }

// floydGlobalRelax is step k of fw_global on d, for the blocks of ran[0]
// (grid (n/32, n/8) of (32, 8) threads; coalesced: x walks columns).
func floydGlobalRelax(d []int32, n, k int, coalesced bool, ran [][]int64) {
	rs := newRanSet(ran[0])
	gx := n / 32
	parallelFor(n/8, func(_, lo, hi int) {
		for by := lo; by < hi; by++ {
			for bx := range gx {
				if !rs.has(int64(bx + by*gx)) {
					continue
				}
				for b := by * 8; b < by*8+8; b++ {
					for a := bx * 32; a < bx*32+32; a++ {
						i, j := a, b
						if coalesced {
							i, j = b, a
						}
						if via := d[i*n+k] + d[k*n+j]; via < d[i*n+j] {
							d[i*n+j] = via
						}
					}
				}
			}
		}
	})
}

// floydBlockedRelax is round r of the blocked kernels on d with blocking
// factor b: phase 1 on the pivot tile, phase 2 on the blocks of ran[1]
// (grid (nb, 2)), phase 3 on those of ran[2] (grid (nb, nb)), in order.
func floydBlockedRelax(d []int32, n, b, r int, ran [][]int64) {
	nb := n / b
	o := r * b
	for k := o; k < o+b; k++ { // phase 1
		for i := o; i < o+b; i++ {
			for j := o; j < o+b; j++ {
				d[i*n+j] = min(d[i*n+j], d[i*n+k]+d[k*n+j])
			}
		}
	}
	p2 := newRanSet(ran[1])
	for y := range 2 { // phase 2: row blocks read the pivot's rows, column blocks its columns
		for x := range nb {
			if x == r || !p2.has(int64(x+y*nb)) {
				continue
			}
			oi, oj := o, x*b
			if y == 1 {
				oi, oj = x*b, o
			}
			for k := o; k < o+b; k++ {
				for i := oi; i < oi+b; i++ {
					for j := oj; j < oj+b; j++ {
						d[i*n+j] = min(d[i*n+j], d[i*n+k]+d[k*n+j])
					}
				}
			}
		}
	}
	p3 := newRanSet(ran[2])
	parallelFor(nb, func(_, lo, hi int) { // phase 3: reads only phase 2's tiles
		for y := lo; y < hi; y++ {
			for x := range nb {
				if x == r || y == r || !p3.has(int64(x+y*nb)) {
					continue
				}
				for i := y * b; i < y*b+b; i++ {
					for j := x * b; j < x*b+b; j++ {
						v := d[i*n+j]
						for k := o; k < o+b; k++ {
							v = min(v, d[i*n+k]+d[k*n+j])
						}
						d[i*n+j] = v
					}
				}
			}
		}
	})
}
