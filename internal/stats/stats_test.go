package stats

import (
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		xs   []float64
		want float64
	}{{nil, 0}, {[]float64{5}, 5}, {[]float64{3, 1, 2}, 2}, {[]float64{4, 1, 2, 8}, 3}} {
		in := append([]float64(nil), c.xs...)
		if got := Median(in); got != c.want {
			t.Errorf("Median(%v) = %v, want %v", c.xs, got, c.want)
		}
		for i := range in {
			if in[i] != c.xs[i] {
				t.Errorf("Median reordered its input: %v", in)
			}
		}
	}
	if got := Median([]time.Duration{3, 1, 4, 2}); got != 2 { // (2+3)/2 in whole nanoseconds
		t.Errorf("durations: %v", got)
	}
}
