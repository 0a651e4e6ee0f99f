// Package stats holds the one summary statistic the timing code and the
// tools that compare timings share.
package stats

import "slices"

// Number is what Median takes: durations, counts, milliseconds.
type Number interface{ ~int64 | ~float64 }

// Median is the middle of xs (the mean of the two middle values for an
// even count; 0 for none). xs is not reordered.
func Median[T Number](xs []T) T {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
