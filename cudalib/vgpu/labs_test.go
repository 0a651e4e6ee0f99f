package vgpu

import (
	"os"
	"path/filepath"

	"github.com/culab/culab/cudalib/ptx"
	"testing"
)

func TestVecAdd(t *testing.T) { forCompilers(t, testVecAdd) }

func testVecAdd(t *testing.T, cc string) {
	g := New(Config{Workers: 2})
	m := loadFixture(t, g, cc+"/lab-vecadd.ptx")
	const n = 10007
	r := rng(1)
	a, b := r.float32s(n), r.float32s(n)
	da, db := upload(t, g, f32bytes(a)), upload(t, g, f32bytes(b))
	out, err := g.Alloc(4 * n)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		kernel      string
		grid, block int
	}{
		{"_Z12vecadd_blockPfPKfS1_i", 1, 256},
		{"_Z13vecadd_stridePfPKfS1_i", 7, 128},
		{"_Z13vecadd_sharedPfPKfS1_i", 9, 256},
		{"_Z13vecadd_threadPfPKfS1_i", (n + 255) / 256, 256},
	}
	for _, c := range cases {
		t.Run(c.kernel, func(t *testing.T) {
			if err := g.Fill(out, 0, 4, n); err != nil {
				t.Fatal(err)
			}
			run(t, g, kernel(t, m, c.kernel), dim(c.grid), dim(c.block), p64(out), p64(da), p64(db), p32(n))
			got := downloadF32(t, g, out, n)
			for i := range got {
				if want := a[i] + b[i]; got[i] != want {
					t.Fatalf("out[%d] = %v, want %v", i, got[i], want)
				}
			}
		})
	}
}

// matmulRef is C = A·B for n×n row-major matrices.
func matmulRef(a, b []float32, n int) []float32 {
	c := make([]float32, n*n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			var s float32
			for k := 0; k < n; k++ {
				s += a[i*n+k] * b[k*n+j]
			}
			c[i*n+j] = s
		}
	}
	return c
}

func TestMatMul(t *testing.T) { forCompilers(t, testMatMul) }

func testMatMul(t *testing.T, cc string) {
	g := New(Config{Workers: 2})
	m := loadFixture(t, g, cc+"/lab-matmul.ptx")
	for _, n := range []int{64, 50} {
		r := rng(n)
		a, b := r.float32s(n*n), r.float32s(n*n)
		want := matmulRef(a, b, n)
		da, db := upload(t, g, f32bytes(a)), upload(t, g, f32bytes(b))
		dc, err := g.Alloc(4 * n * n)
		if err != nil {
			t.Fatal(err)
		}
		cases := []struct {
			kernel      string
			grid, block [3]int
		}{
			{"_Z8mm_blockPfPKfS1_i", dim(1), dim2(16, 16)},
			{"_Z7mm_gridPfPKfS1_i", dim2(2, 3), dim2(16, 8)},
			{"_Z8mm_tiledILi16EEvPfPKfS2_i", dim2((n+15)/16, (n+15)/16), dim2(16, 16)},
			{"_Z8mm_tiledILi32EEvPfPKfS2_i", dim2((n+31)/32, (n+31)/32), dim2(32, 32)},
		}
		for _, c := range cases {
			if err := g.Fill(dc, 0, 4, n*n); err != nil {
				t.Fatal(err)
			}
			run(t, g, kernel(t, m, c.kernel), c.grid, c.block, p64(dc), p64(da), p64(db), p32(n))
			got := downloadF32(t, g, dc, n*n)
			for i := range got {
				if !closeTo(got[i], want[i]) {
					t.Fatalf("%s n=%d: c[%d] = %v, want %v", c.kernel, n, i, got[i], want[i])
				}
			}
		}
	}
}

// TestLoadFixtures decodes every NVRTC sample: each instruction they use
// is supported.
func TestLoadFixtures(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "ptx", "testdata", "nvrtc*", "*.ptx"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	g := New(Config{})
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		pm, err := ptx.Parse(f, src)
		if err != nil {
			t.Errorf("parse %s: %v", f, err)
			continue
		}
		m, err := g.Load(pm)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if err := m.Unload(); err != nil {
			t.Errorf("%s: unload: %v", f, err)
		}
	}
	if used, _ := g.MemInfo(); used != 0 {
		t.Errorf("%d bytes still allocated after unloading every module", used)
	}
}

func TestTranspose(t *testing.T) { forCompilers(t, testTranspose) }

func testTranspose(t *testing.T, cc string) {
	g := New(Config{Workers: 2})
	m := loadFixture(t, g, cc+"/lab-transpose.ptx")
	const n = 100 // not a multiple of the tile
	r := rng(3)
	in := r.float32s(n * n)
	din := upload(t, g, f32bytes(in))
	dout, _ := g.Alloc(4 * n * n)
	cases := []struct {
		kernel      string
		grid, block [3]int
	}{
		{"_Z15transpose_naivePfPKfi", dim2((n+15)/16, (n+15)/16), dim2(16, 16)},
		{"_Z15transpose_tiledILi32EEvPfPKfi", dim2((n+31)/32, (n+31)/32), dim2(32, 8)},
		{"_Z15transpose_tiledILi33EEvPfPKfi", dim2((n+31)/32, (n+31)/32), dim2(32, 8)},
	}
	for _, c := range cases {
		if err := g.Fill(dout, 0, 4, n*n); err != nil {
			t.Fatal(err)
		}
		run(t, g, kernel(t, m, c.kernel), c.grid, c.block, p64(dout), p64(din), p32(n))
		got := downloadF32(t, g, dout, n*n)
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				if got[x*n+y] != in[y*n+x] {
					t.Fatalf("%s: out[%d][%d] = %v, want %v", c.kernel, x, y, got[x*n+y], in[y*n+x])
				}
			}
		}
	}
}

func TestGrad1D(t *testing.T) { forCompilers(t, testGrad1D) }

func testGrad1D(t *testing.T, cc string) {
	g := New(Config{Workers: 2})
	m := loadFixture(t, g, cc+"/lab-grad1d.ptx")
	const n, block = 1000, 128
	const invH2 = float32(4.0)
	r := rng(4)
	in := r.float32s(n)
	din := upload(t, g, f32bytes(in))
	dout, _ := g.Alloc(4 * n)
	for _, name := range []string{"dd_global", "dd_shared"} {
		if err := g.Fill(dout, 0, 4, n); err != nil {
			t.Fatal(err)
		}
		l := Launch{Grid: dim((n + block - 1) / block), Block: dim(block),
			Params: [][]byte{p64(dout), p64(din), p32(n), f32bytes([]float32{invH2})}}
		if name == "dd_shared" {
			l.DynamicShared = 4 * (block + 2)
		}
		if err := g.Run(kernel(t, m, name), l, nil); err != nil {
			t.Fatal(err)
		}
		got := downloadF32(t, g, dout, n)
		for i := range got {
			want := (in[(i+n-1)%n] - 2*in[i] + in[(i+1)%n]) * invH2
			if !closeTo(got[i], want) {
				t.Fatalf("%s: out[%d] = %v, want %v", name, i, got[i], want)
			}
		}
	}
}
