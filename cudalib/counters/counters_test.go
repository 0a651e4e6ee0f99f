package counters

import (
	"reflect"
	"slices"
	"testing"
)

// Add must sum every field: a counter added to the struct but forgotten in
// Add would read zero for every launch sequence and every source line.
func TestAddSumsEveryField(t *testing.T) {
	var a, b Counters
	va, vb := reflect.ValueOf(&a).Elem(), reflect.ValueOf(&b).Elem()
	for i := range va.NumField() {
		va.Field(i).SetInt(int64(i + 1))
		vb.Field(i).SetInt(int64(100 * (i + 1)))
	}
	a.Add(&b)
	for i := range va.NumField() {
		if got, want := va.Field(i).Int(), int64(101*(i+1)); got != want {
			t.Errorf("%s = %d after Add, want %d", va.Type().Field(i).Name, got, want)
		}
	}
}

// TestSectorOps: a warp's atomic takes, per sector, as many L2 operations
// as its busiest word has lanes (the patterns of
// bench/microbench/atommult.cu, lanes l = 0 … 31).
func TestSectorOps(t *testing.T) {
	for _, c := range []struct {
		m, stride uint64 // m lanes a word, words stride apart
		want      int64
	}{
		{1, 1, 4},   // 32 words, 4 sectors: one operation each
		{4, 1, 4},   // 8 words of one sector, 4 lanes each
		{8, 1, 8},   // 4 words of one sector, 8 lanes each
		{32, 1, 32}, // one word
		{1, 8, 32},  // a sector a lane
		{8, 8, 32},  // 4 sectors, 8 lanes on the word of each
	} {
		var addrs []uint64
		for l := range uint64(32) {
			addrs = append(addrs, 4096+4*(l/c.m)*c.stride)
		}
		slices.Reverse(addrs) // any order
		if got := SectorOps(addrs); got != c.want {
			t.Errorf("%d lanes a word, stride %d words: %d operations, want %d", c.m, c.stride, got, c.want)
		}
	}
}
