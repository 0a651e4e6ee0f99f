package labs

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/culab/culab/cudalib"
)

// array is a host array that a lab moves to and from the device: inputs are
// uploaded, outputs poisoned, fetched and checked element by element.
type array interface {
	length() int
	// alloc allocates a device buffer of the same length and type.
	alloc(dev *cudalib.Device) (cudalib.Buffer, error)
	// mapOn makes the host array itself a buffer of the virtual GPU
	// (Device.MapFloat64s, …): an input no kernel writes, held once.
	mapOn(dev *cudalib.Device) (cudalib.Buffer, error)
	// upload copies the host data into b (made by alloc).
	upload(b cudalib.Buffer) error
	// poison fills b with a value no correct kernel writes (NaN, or
	// poisonInt for integers), so unwritten elements fail the check.
	poison(b cudalib.Buffer) error
	// fetch copies b into the host array.
	fetch(b cudalib.Buffer) error
	// at is element i as float64; NaN for an integer still poisoned.
	at(i int) float64
	// unwrite sets the host elements [lo, hi) to the poison value: on the
	// virtual GPU, which knows which elements a run wrote, the fetched
	// copy's unwritten elements are poisoned on the host instead of the
	// device's up front.
	unwrite(lo, hi int)
}

// poisonInt marks unwritten integer outputs; labs' integer results (such as
// distances) are never negative.
const poisonInt = math.MinInt32

// nan32 and nan64 poison float outputs: NaNs whose bytes are all 0xFF, so
// that a fill is a byte memset at the memory's full bandwidth.
var (
	nan32 = math.Float32frombits(^uint32(0))
	nan64 = math.Float64frombits(^uint64(0))
)

// f32, f64 and i32 are host arrays of float32, float64 and int32; complex
// values (float2, double2) are interleaved f32 or f64 arrays of twice the
// length.
type (
	f32 []float32
	f64 []float64
	i32 []int32
)

func (a f32) length() int { return len(a) }
func (a f32) alloc(dev *cudalib.Device) (cudalib.Buffer, error) {
	return dev.Float32s(len(a))
}
func (a f32) mapOn(dev *cudalib.Device) (cudalib.Buffer, error) { return dev.MapFloat32s(a) }
func (a f32) upload(b cudalib.Buffer) error                     { return b.(*cudalib.Float32s).CopyFrom(a) }
func (a f32) poison(b cudalib.Buffer) error                     { return b.(*cudalib.Float32s).Fill(nan32) }
func (a f32) fetch(b cudalib.Buffer) error                      { return b.(*cudalib.Float32s).CopyTo(a) }
func (a f32) at(i int) float64                                  { return float64(a[i]) }
func (a f32) unwrite(lo, hi int)                                { fillRange(a[lo:hi], nan32) }

func (a f64) length() int { return len(a) }
func (a f64) alloc(dev *cudalib.Device) (cudalib.Buffer, error) {
	return dev.Float64s(len(a))
}
func (a f64) mapOn(dev *cudalib.Device) (cudalib.Buffer, error) { return dev.MapFloat64s(a) }
func (a f64) upload(b cudalib.Buffer) error                     { return b.(*cudalib.Float64s).CopyFrom(a) }
func (a f64) poison(b cudalib.Buffer) error                     { return b.(*cudalib.Float64s).Fill(nan64) }
func (a f64) fetch(b cudalib.Buffer) error                      { return b.(*cudalib.Float64s).CopyTo(a) }
func (a f64) at(i int) float64                                  { return a[i] }
func (a f64) unwrite(lo, hi int)                                { fillRange(a[lo:hi], nan64) }

func (a i32) length() int { return len(a) }
func (a i32) alloc(dev *cudalib.Device) (cudalib.Buffer, error) {
	return dev.Int32s(len(a))
}
func (a i32) mapOn(dev *cudalib.Device) (cudalib.Buffer, error) { return dev.MapInt32s(a) }
func (a i32) upload(b cudalib.Buffer) error                     { return b.(*cudalib.Int32s).CopyFrom(a) }
func (a i32) poison(b cudalib.Buffer) error                     { return b.(*cudalib.Int32s).Fill(poisonInt) }
func (a i32) fetch(b cudalib.Buffer) error                      { return b.(*cudalib.Int32s).CopyTo(a) }
func (a i32) unwrite(lo, hi int)                                { fillRange(a[lo:hi], poisonInt) }
func (a i32) at(i int) float64 {
	if a[i] == poisonInt {
		return math.NaN()
	}
	return float64(a[i])
}

func fillRange[T any](s []T, v T) {
	for i := range s {
		s[i] = v
	}
}

// tolerance bounds the relative error of a correct output:
// ‖out−ref‖₂/‖ref‖₂ ≤ l2 and every element's relative error ≤ max.
type tolerance struct{ l2, max float64 }

// exact is the tolerance of outputs that are copies or integers.
var exact = tolerance{}

// unit32 is float32's unit roundoff, 2⁻²⁴.
const unit32 = 0x1p-24

// sumTolerance is the tolerance of float32 sums of k products of inputs of
// similar size: rounding errors of a k-term sum grow like √k units of
// roundoff for random data (k in the worst case). The margins (8 and 64)
// keep correct summation orders (tiles, FMA) well inside; an element that
// is wrong by the size of one input is still thousands of times outside.
func sumTolerance(k int) tolerance {
	r := math.Sqrt(float64(max(k, 1)))
	return tolerance{l2: 8 * unit32 * r, max: 64 * unit32 * r}
}

// reference is what one output must hold: the float64 value of every
// element, or of a sample of elements when the full reference would take
// too long (every element is still checked for being written).
type reference struct {
	want []float64 // expected values: every element, or those at idx
	idx  []int     // nil: want covers every element in order
	// scale, when set (same length as want), is each element's error scale
	// (e.g. the magnitude a rounding bound is proportional to); nil: the
	// larger of |want_i| and the RMS of want, so elements that are near
	// zero by cancellation do not count as huge relative errors.
	scale []float64
	tol   tolerance
	how   string // said in the check text when not the full reference
	// writtenOnly says the elements outside idx (or spans) were not
	// written on purpose (a sampled launch's other blocks): they are not
	// checked.
	writtenOnly bool
	// spans, when set (with want covering every element and idx nil), are
	// the only elements checked: a sampled launch's written ones.
	spans []cudalib.Range
	// place, when set, is where element i of a compact output (the
	// checked elements gathered in order) is in the array it came from:
	// the index the verdict names.
	place func(i int) int
	// sumSq is Σ want², once withNorm computed it (a size's reference
	// serves every variant); 0 and not normed: computed by each compare.
	sumSq  float64
	normed bool
}

// withNorm returns r with its sumSq computed, on every core.
func (r reference) withNorm() reference {
	sq := make([]float64, len(pieces(len(r.want))))
	parallelFor(len(r.want), func(p, lo, hi int) {
		for _, w := range r.want[lo:hi] {
			sq[p] += w * w
		}
	})
	r.sumSq, r.normed = 0, true
	for _, x := range sq {
		r.sumSq += x
	}
	return r
}

// verdict is the outcome of checking one output.
type verdict struct {
	pass bool
	text string
}

// compare checks out against r: no element may be unwritten (NaN or the
// integer poison) or non-finite, the relative L2 error must be within
// r.tol.l2 and every element's relative error within r.tol.max. NaN never
// passes: every comparison is written so that NaN fails it.
func compare(out array, r reference) verdict {
	n := out.length()
	if r.idx == nil && len(r.want) != n {
		return verdict{text: fmt.Sprintf("FAIL: output has %d elements, the reference %d", n, len(r.want))}
	}
	if r.scale != nil && len(r.scale) != len(r.want) {
		return verdict{text: fmt.Sprintf("FAIL: reference has %d values but %d scales", len(r.want), len(r.scale))}
	}
	t := compareTally(out, r)
	checked := len(r.want)
	if r.spans != nil {
		checked = spansLen(r.spans)
	}
	l2 := relative(math.Sqrt(t.sumSq), math.Sqrt(t.refSq))
	stats := errorStats(l2, t.maxRel, r.tol)
	if r.how != "" {
		stats += " (" + r.how + ")"
	}
	place := func(i int) int { return i }
	if r.place != nil {
		place = r.place
	}
	switch {
	case t.unwritten > 0:
		return verdict{text: fmt.Sprintf("FAIL: %d of %d elements not written (still poisoned), first [%d]; %s", t.unwritten, n, place(t.firstNaN), stats)}
	case t.wrong > 0:
		i := t.first
		if r.idx != nil {
			i = r.idx[t.first]
		}
		return verdict{text: fmt.Sprintf("FAIL: %d of %d checked elements wrong, first [%d] = %.8g, want %.8g; %s",
			t.wrong, checked, place(i), out.at(i), r.want[t.first], stats)}
	case !(l2 <= r.tol.l2):
		return verdict{text: "FAIL: " + stats}
	}
	return verdict{pass: true, text: "ok: " + stats}
}

// tally is compare's counts and sums over a piece of the output.
type tally struct {
	unwritten, firstNaN int // NaN (unwritten) elements and the first one's index
	wrong, first        int // elements over the tolerance and the first one's index in want
	maxRel              float64
	sumSq, refSq        float64
}

// merge adds the stats of a later piece.
func (s *tally) merge(o tally) {
	if s.firstNaN < 0 {
		s.firstNaN = o.firstNaN
	}
	if s.first < 0 {
		s.first = o.first
	}
	s.unwritten += o.unwritten
	s.wrong += o.wrong
	if !(o.maxRel <= s.maxRel) && !math.IsNaN(s.maxRel) { // NaN sticks
		s.maxRel = o.maxRel
	}
	s.sumSq += o.sumSq
	s.refSq += o.refSq
}

// compareTally computes compare's counts on every core: pieces of the
// output and the reference, merged in order so that the result does not
// depend on the scheduling.
func compareTally(out array, r reference) tally {
	n := out.length()
	// A full reference visits every element in the error pass, which
	// counts the unwritten ones too; a sample needs a pass of its own.
	var nan []tally
	if r.idx != nil && !r.writtenOnly {
		nan = make([]tally, len(pieces(n)))
		parallelFor(n, func(p, lo, hi int) {
			s := tally{firstNaN: -1, first: -1}
			for i := lo; i < hi; i++ {
				if v := out.at(i); math.IsNaN(v) {
					if s.unwritten++; s.firstNaN < 0 {
						s.firstNaN = i
					}
				}
			}
			nan[p] = s
		})
	}
	if r.spans != nil {
		return compareSpans(out, r)
	}
	if !r.normed {
		r = r.withNorm()
	}
	m := len(r.want)
	rms := math.Sqrt(r.sumSq / float64(max(m, 1)))
	errs := make([]tally, len(pieces(m)))
	exact := exactViewOf(out, r, rms)
	parallelFor(m, func(p, lo, hi int) {
		s := tally{firstNaN: -1, first: -1}
		for j := lo; j < hi; j++ {
			i := j
			if r.idx != nil {
				i = r.idx[j]
			}
			if !exact.matches(i, r.want[j]) {
				s.add(out, r, i, j, rms)
			}
		}
		errs[p] = s
	})
	total := tally{firstNaN: -1, first: -1, refSq: r.sumSq}
	for _, s := range append(nan, errs...) {
		total.merge(s)
	}
	return total
}

// compareSpans is compareTally over r.spans (r.want covers every element;
// first is an element index, which is also its index in want).
func compareSpans(out array, r reference) tally {
	m := spansLen(r.spans)
	ends := make([]int, len(r.spans)) // where each span ends among the checked elements
	k := 0
	for s, sp := range r.spans {
		k += sp.Hi - sp.Lo
		ends[s] = k
	}
	// each visits the checked elements [lo, hi), in order.
	each := func(lo, hi int, f func(i int)) {
		s := sort.SearchInts(ends, lo+1)
		for j := lo; j < hi; s++ {
			start := ends[s] - (r.spans[s].Hi - r.spans[s].Lo)
			for i := r.spans[s].Lo + j - start; i < r.spans[s].Hi && j < hi; i, j = i+1, j+1 {
				f(i)
			}
		}
	}
	sq := make([]float64, len(pieces(m)))
	parallelFor(m, func(p, lo, hi int) {
		each(lo, hi, func(i int) { sq[p] += r.want[i] * r.want[i] })
	})
	r.sumSq = 0
	for _, x := range sq {
		r.sumSq += x
	}
	rms := math.Sqrt(r.sumSq / float64(max(m, 1)))
	errs := make([]tally, len(pieces(m)))
	exact := exactViewOf(out, r, rms)
	parallelFor(m, func(p, lo, hi int) {
		s := tally{firstNaN: -1, first: -1}
		each(lo, hi, func(i int) {
			if !exact.matches(i, r.want[i]) {
				s.add(out, r, i, i, rms)
			}
		})
		errs[p] = s
	})
	total := tally{firstNaN: -1, first: -1, refSq: r.sumSq}
	for _, s := range errs {
		total.merge(s)
	}
	return total
}

// spansLen is the elements the spans cover.
func spansLen(spans []cudalib.Range) int {
	n := 0
	for _, s := range spans {
		n += s.Hi - s.Lo
	}
	return n
}

// exactView reads a float output without the array interface, to pass
// over the elements that equal their reference (exactViewOf).
type exactView struct {
	d64 f64
	d32 f32
}

// exactViewOf is out's view for a compare against r with the given RMS;
// empty (nothing matches) where an exact element could still count as an
// error: a scale of r's own, or a reference that is not finite.
func exactViewOf(out array, r reference, rms float64) exactView {
	v := exactView{}
	if r.scale != nil || rms-rms != 0 {
		return v
	}
	v.d64, _ = out.(f64)
	v.d32, _ = out.(f32)
	return v
}

// matches reports whether element i is exactly w and finite: its error is
// zero, so add would count nothing for it (a copy's check visits a
// gigabyte of such elements). NaN (unwritten) and infinities never match.
func (v exactView) matches(i int, w float64) bool {
	var got float64
	switch {
	case v.d64 != nil:
		got = v.d64[i]
	case v.d32 != nil:
		got = float64(v.d32[i])
	default:
		return false
	}
	return got == w && w-w == 0
}

// add counts element i of out against want[j] of r.
func (s *tally) add(out array, r reference, i, j int, rms float64) {
	w := r.want[j]
	got := out.at(i)
	if r.idx == nil && math.IsNaN(got) {
		if s.unwritten++; s.firstNaN < 0 {
			s.firstNaN = i
		}
	}
	e := math.Abs(got - w)
	s.sumSq += e * e
	scale := max(math.Abs(w), rms)
	if r.scale != nil {
		scale = r.scale[j]
	}
	rel := relative(e, scale)
	if !(rel <= s.maxRel) && !math.IsNaN(s.maxRel) { // NaN sticks
		s.maxRel = rel
	}
	if !(rel <= r.tol.max) {
		if s.wrong++; s.first < 0 {
			s.first = j
		}
	}
}

// relative is e/scale, 0 when both are 0 and +Inf for an error on a zero
// scale; NaN stays NaN.
func relative(e, scale float64) float64 {
	if scale == 0 {
		if e == 0 {
			return 0
		}
		return math.Inf(1)
	}
	return e / scale
}

func errorStats(l2, maxRel float64, tol tolerance) string {
	if tol == exact {
		if l2 == 0 && maxRel == 0 {
			return "exact"
		}
		return fmt.Sprintf("rel L2 err %.2g, max rel err %.2g (must be exact)", l2, maxRel)
	}
	return fmt.Sprintf("rel L2 err %.2g (tol %.1g), max rel err %.2g (tol %.1g)", l2, tol.l2, maxRel, tol.max)
}

// checkAll checks every output against its reference and joins the texts.
func checkAll(outs []array, refs []reference) verdict {
	if len(outs) != len(refs) {
		return verdict{text: fmt.Sprintf("FAIL: %d outputs but %d references", len(outs), len(refs))}
	}
	if len(outs) == 1 {
		return compare(outs[0], refs[0])
	}
	v := verdict{pass: true}
	var texts []string
	for i := range outs {
		c := compare(outs[i], refs[i])
		v.pass = v.pass && c.pass
		texts = append(texts, fmt.Sprintf("output %d: %s", i+1, c.text))
	}
	v.text = strings.Join(texts, "; ")
	if !v.pass && !strings.HasPrefix(v.text, "FAIL") {
		v.text = "FAIL: " + v.text
	}
	return v
}
