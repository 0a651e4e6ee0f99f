package zoo

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// randomFloats returns n values uniform in ±[0.5, 1.5): never zero, of
// either sign, so that a wrong or missing element stands out.
func randomFloats(rng *rand.Rand, n int) []float32 {
	v := make([]float32, n)
	for i := range v {
		x := float32(0.5 + rng.Float64())
		if rng.Uint64()&1 == 0 {
			x = -x
		}
		v[i] = x
	}
	return v
}

// randomInts returns n values uniform in [lo, hi).
func randomInts(rng *rand.Rand, n int, lo, hi int32) []int32 {
	v := make([]int32, n)
	for i := range v {
		v[i] = int32(int64(lo) + rng.Int64N(int64(hi)-int64(lo)))
	}
	return v
}

// poison is an output's initial contents: NaN, so an element the kernel
// never wrote fails the check.
func poison(n int) []float32 {
	v := make([]float32, n)
	nan := float32(math.NaN())
	for i := range v {
		v[i] = nan
	}
	return v
}

// poisonInts is an integer output's initial contents.
func poisonInts(n int) []int32 {
	v := make([]int32, n)
	for i := range v {
		v[i] = -12345
	}
	return v
}

// closeTo checks got against want element by element: |got − want| ≤
// tol × (scale + |want|), where scale is a typical magnitude of the terms
// summed into an element (a sum of n terms of ±1 may cancel to near 0).
func closeTo(got any, want []float64, tol, scale float64) error {
	g, ok := got.([]float32)
	if !ok {
		return fmt.Errorf("output of %T, want []float32", got)
	}
	if len(g) != len(want) {
		return fmt.Errorf("%d elements, want %d", len(g), len(want))
	}
	bad, first := 0, -1
	for i, w := range want {
		x := float64(g[i])
		if !(math.Abs(x-w) <= tol*(scale+math.Abs(w))) {
			if first < 0 {
				first = i
			}
			bad++
		}
	}
	if bad > 0 {
		return fmt.Errorf("%d of %d elements wrong; first [%d] = %g, want %g", bad, len(want), first, g[first], want[first])
	}
	return nil
}

// equalInts checks an integer output exactly.
func equalInts[T int32 | uint32](got any, want []T) error {
	g, ok := got.([]T)
	if !ok {
		return fmt.Errorf("output of %T, want %T", got, want)
	}
	if len(g) != len(want) {
		return fmt.Errorf("%d elements, want %d", len(g), len(want))
	}
	bad, first := 0, -1
	for i := range want {
		if g[i] != want[i] {
			if first < 0 {
				first = i
			}
			bad++
		}
	}
	if bad > 0 {
		return fmt.Errorf("%d of %d elements wrong; first [%d] = %d, want %d", bad, len(want), first, g[first], want[first])
	}
	return nil
}

// f64 widens a float32 slice for references.
func f64(v []float32) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = float64(x)
	}
	return out
}

// float32 rounding: relative error of one operation, and of a sum of k
// terms in a tree or sequence (the reference sums in float64).
const unit32 = 1.0 / (1 << 23)

func sumTol(k int) float64 { return 4 * unit32 * math.Sqrt(float64(k)+1) * 4 }
