package vgpu

import (
	"flag"
	"testing"
)

var (
	profile  = flag.Bool("profile", false, "benchmarks: run with every counter on (Info.Profile)")
	sanitize = flag.Bool("sanitize", false, "benchmarks: run with the sanitizer on (Info.Report)")
)

// benchRun runs the launch b.N times and reports thread-instructions per
// second (active lanes of each executed warp-instruction); with profile,
// every counter on, with sanitize the sanitizer, else neither.
func benchRun(b *testing.B, g *GPU, k *Kernel, l Launch) {
	b.Helper()
	var s Stats
	info := &Info{Stats: &s}
	switch {
	case *sanitize:
		info.Report = new(Report)
	case *profile:
		info.Profile = new(Profile)
	}
	var threads int64
	b.ResetTimer()
	for range b.N {
		if err := g.Run(k, l, info); err != nil {
			b.Fatal(err)
		}
		if info.Report != nil && !info.Report.Clean() {
			b.Fatal(info.Report)
		}
		threads += s.ThreadInstrs
	}
	b.ReportMetric(float64(threads)/b.Elapsed().Seconds(), "thread-instr/s")
	b.ReportMetric(float64(threads)/float64(b.N), "thread-instr/op")
}

func BenchmarkVecAdd(b *testing.B) {
	g := New(Config{})
	m := loadFixture(b, g, "nvrtc11/lab-vecadd.ptx")
	const n = 1 << 20
	r := rng(1)
	da, db := upload(b, g, f32bytes(r.float32s(n))), upload(b, g, f32bytes(r.float32s(n)))
	out, _ := g.Alloc(4 * n)
	benchRun(b, g, kernel(b, m, "_Z13vecadd_threadPfPKfS1_i"), Launch{Grid: dim(n / 256), Block: dim(256),
		Params: [][]byte{p64(out), p64(da), p64(db), p32(n)}})
}

func BenchmarkMatMulTiled16(b *testing.B) {
	g := New(Config{})
	m := loadFixture(b, g, "nvrtc11/lab-matmul.ptx")
	const n = 256
	r := rng(2)
	da, db := upload(b, g, f32bytes(r.float32s(n*n))), upload(b, g, f32bytes(r.float32s(n*n)))
	dc, _ := g.Alloc(4 * n * n)
	benchRun(b, g, kernel(b, m, "_Z8mm_tiledILi16EEvPfPKfS2_i"), Launch{Grid: dim2(n/16, n/16), Block: dim2(16, 16),
		Params: [][]byte{p64(dc), p64(da), p64(db), p32(n)}})
}
