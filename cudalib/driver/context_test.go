package driver

import "testing"

func TestNarrowPattern(t *testing.T) {
	for _, c := range []struct {
		pattern     uint64
		size, count int
		want        uint64
		wsize, wcnt int
	}{
		{^uint64(0), 8, 10, 0xFF, 1, 80},                       // the labs' NaN poison: bytes
		{0x7FF8000000000001, 8, 10, 0x7FF8000000000001, 8, 10}, // math.NaN(): strided
		{0x3F8000003F800000, 8, 3, 0x3F800000, 4, 6},           // two float32 1.0
		{0xABAB, 2, 5, 0xAB, 1, 10},                            //
		{0x00010001, 4, 7, 0x0001, 2, 14},                      // int16 1s
		{0x12, 1, 9, 0x12, 1, 9},                               // already a byte
		{0, 8, 4, 0, 1, 32},                                    // zeros
	} {
		p, s, n := narrowPattern(c.pattern, c.size, c.count)
		if p != c.want || s != c.wsize || n != c.wcnt {
			t.Errorf("%#x ×%d of %d bytes: got %#x ×%d of %d, want %#x ×%d of %d", c.pattern, c.count, c.size, p, n, s, c.want, c.wcnt, c.wsize)
		}
	}
}
