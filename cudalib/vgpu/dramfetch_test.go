package vgpu

import "testing"

// TestDRAMChunks: a warp's consecutive floats touch 4 sectors in 2
// chunks of 64 bytes; a stride of 16 floats one sector in each of 32.
func TestDRAMChunks(t *testing.T) {
	g := New(Config{Workers: 1})
	m := loadSource(t, g, "counters.ptx", []byte(countersPTX))
	buf, _ := g.Alloc(32 * 64)
	for _, c := range []struct{ stride, sectors, chunks int64 }{{1, 4, 2}, {16, 32, 32}} {
		p := profileOf(t, g, m, "gload", 32, p64(buf), p32(int(c.stride)))
		if p.Total.DRAMSectors != c.sectors || p.Total.DRAMChunks != c.chunks {
			t.Errorf("stride %d: %d sectors in %d chunks, want %d in %d", c.stride, p.Total.DRAMSectors, p.Total.DRAMChunks, c.sectors, c.chunks)
		}
	}
}
