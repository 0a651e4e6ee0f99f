package vgpu

import "testing"

// Temporary (not committed): vecadd into an output one element longer
// than written, so that it never becomes wholly written and every plain
// launch tracks its stores.
func BenchmarkVecAddPartialOut(b *testing.B) {
	g := New(Config{})
	m := loadFixture(b, g, "nvrtc11/lab-vecadd.ptx")
	const n = 1 << 20
	r := rng(1)
	da, db := upload(b, g, f32bytes(r.float32s(n))), upload(b, g, f32bytes(r.float32s(n)))
	out, _ := g.Alloc(4*n + 4)
	benchRun(b, g, kernel(b, m, "_Z13vecadd_threadPfPKfS1_i"), Launch{Grid: dim(n / 256), Block: dim(256),
		Params: [][]byte{p64(out), p64(da), p64(db), p32(n)}})
}
