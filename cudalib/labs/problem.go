package labs

import (
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/culab/culab/cudalib"
)

// problem is one size of a lab, made by Lab.setup: the host inputs and
// outputs, the CPU baseline and the reference the GPU outputs are
// checked against.
type problem struct {
	in  []array // copied to the device before each variant's checked run
	out []array // poisoned before each checked run, then fetched and checked

	// cpu runs the CPU baseline (the report's CPU column) on every core
	// (parallelChunks). Its loops poll stop every few milliseconds and give
	// up, returning false, once it says so.
	cpu func(stop *deadline) bool
	// cpuPrepare, when set, makes (and touches) the baseline's arrays
	// before cpu is timed; it is not called when the baseline is skipped
	// (over the cap), so a size that skips it does not hold them.
	cpuPrepare func()
	// cpuLast says cpu computes in the inputs themselves (a 512³ stencil's
	// baseline, which has no room for arrays of its own): it runs after
	// every GPU variant, whose checks and runs need the inputs, so that
	// they need not be made again.
	cpuLast bool
	// cpuOut are the baseline's outputs (same shapes as out) once cpu has
	// finished; tests check them against ref.
	cpuOut []array
	// ref returns one reference per output. cpuDone says whether the CPU
	// baseline finished within the cap; when it did not, a lab whose full
	// reference costs as much should check a sample instead. Called at
	// most once per size, and only when a GPU output needs checking.
	ref func(cpuDone bool) ([]reference, error)
	// refAt, when set, is output out's reference at the elements idx
	// (ascending), for a lab whose ref samples past the CPU cap: a sampled
	// launch's written elements are checked against it instead of the few
	// that both samples cover.
	refAt func(out int, idx []int) reference
	// state is a lab's own data for its variants' runs (Floyd's
	// snapshots of the CPU reference: floydState).
	state any
}

// deadline lets a CPU reference stop cooperatively when it runs past the
// cap or the cell is interrupted. Its goroutines poll it at once.
type deadline struct {
	at      time.Time
	stopped atomic.Bool
}

func newDeadline(cap time.Duration) *deadline { return &deadline{at: time.Now().Add(cap)} }

// passed reports whether the reference must stop; once true it stays true.
// A nil deadline never passes (for references that are not timed).
func (d *deadline) passed() bool {
	if d == nil {
		return false
	}
	if !d.stopped.Load() && (!time.Now().Before(d.at) || cudalib.Interrupted() != nil) {
		d.stopped.Store(true)
	}
	return d.stopped.Load()
}

// chunk is how many elements of a streaming loop run between deadline
// polls: about a tenth of a millisecond of work.
const chunk = 1 << 16

// forChunks calls f on [lo, hi) pieces of [0, n), on every core, polling
// stop before each piece (so even a tiny loop sees a cap that has already
// passed); false when it stopped early.
func forChunks(stop *deadline, n int, f func(lo, hi int)) bool {
	return parallelChunks(stop, n, chunk, f)
}

// parallelChunks calls f on the pieces [lo, lo+size) of [0, n) from one
// goroutine per core, each taking the next piece when done with one and
// polling stop before it; false when it stopped early. f must write only
// what its piece owns.
func parallelChunks(stop *deadline, n, size int, f func(lo, hi int)) bool {
	size = max(size, 1)
	var next atomic.Int64
	var stopped atomic.Bool
	var wg sync.WaitGroup
	for range min(cores(), max((n+size-1)/size, 1)) {
		wg.Go(func() {
			for {
				lo := int(next.Add(int64(size))) - size
				if lo >= n {
					return
				}
				if stop.passed() {
					stopped.Store(true)
					return
				}
				f(lo, min(lo+size, n))
			}
		})
	}
	wg.Wait()
	return !stopped.Load()
}

// randomFloats returns n values uniform in ±[0.5, 1.5): never zero, of
// either sign, and of similar size, so a wrong element stands out.
func randomFloats(rng *rand.Rand, n int) []float64 {
	v := make([]float64, n)
	randomFill(rng, v)
	return v
}

// randomFloat32s is randomFloats rounded to float32 (the rounding is exact
// in float64, so float64 references see the same inputs).
func randomFloat32s(rng *rand.Rand, n int) []float32 {
	v := make([]float32, n)
	randomFill(rng, v)
	return v
}

// randomPiece is how many values one generator fills when randomFill
// spreads a large fill over the cores; fixed, so that a seed gives the
// same values on any number of cores.
const randomPiece = 1 << 20

// randomFill fills v as randomFloats does: from rng itself up to
// randomPiece values, else from one generator per piece, seeded from rng,
// on every core (a 512³ stencil's input is 136 M values).
func randomFill[T float32 | float64](rng *rand.Rand, v []T) {
	if len(v) <= randomPiece {
		randomRange(rng, v)
		return
	}
	randomFillSeeded(rng.Uint64(), v)
}

// randomFillSeeded is randomFill of more than randomPiece values from the
// seed it draws: the same seed fills v again with the same values. Each
// piece runs SplitMix64 from a start of its own (drawn from a PCG of the
// seed and the piece): a few cycles a value, inlined, where a rand.Rand
// costs two calls through an interface (17 s of CPU for a 512³ stencil's
// inputs).
func randomFillSeeded[T float32 | float64](seed uint64, v []T) {
	parallelChunks(nil, len(v), randomPiece, func(lo, hi int) {
		s := rand.NewPCG(seed, uint64(lo/randomPiece)).Uint64()
		for i := range v[lo:hi] {
			s += 0x9e3779b97f4a7c15 // SplitMix64 (Steele, Lea and Flood 2014)
			z := (s ^ s>>30) * 0xbf58476d1ce4e5b9
			z = (z ^ z>>27) * 0x94d049bb133111eb
			v[lo+i] = T(randomValue(z ^ z>>31))
		}
	})
}

// randomRange fills v from rng, one draw a value (randomValue).
func randomRange[T float32 | float64](rng *rand.Rand, v []T) {
	for i := range v {
		v[i] = T(randomValue(rng.Uint64()))
	}
}

// randomValue maps 64 random bits to randomFloats' range: the top 53 the
// magnitude, uniform in [0.5, 1.5) as 0.5 + rand.Float64() is, the lowest
// the sign.
func randomValue(u uint64) float64 {
	x := 0.5 + float64(u>>11)*0x1p-53
	// The sign without a branch: a coin flip mispredicts every other value.
	return math.Float64frombits(math.Float64bits(x) | (^u&1)<<63)
}

// widen converts float32 values to float64 (exactly).
func widen(v []float32) []float64 {
	w := make([]float64, len(v))
	for i, x := range v {
		w[i] = float64(x)
	}
	return w
}

// touched returns n values whose memory is already mapped, so that the CPU
// baseline's time does not include the page faults of a fresh allocation's
// first touch (the GPU's buffers are allocated before timing too). The
// non-zero fill keeps the writes from being elided.
func touched[T float32 | float64 | int32](n int) []T {
	s := make([]T, n)
	for i := range s {
		s[i] = 1
	}
	return s
}

// touched32 is touched for float32, the common case.
func touched32(n int) []float32 { return touched[float32](n) }

// newRand is the input generator of size n for a seed: each size has its
// own stream, so a size's inputs do not depend on which sizes ran before.
func newRand(seed uint64, n int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(n)))
}

// bytes is about how much memory the problem's inputs and outputs take
// (8 bytes an element at most).
func (p *problem) bytes() int {
	n := 0
	for _, a := range append(append([]array(nil), p.in...), p.out...) {
		n += 8 * a.length()
	}
	return n
}
