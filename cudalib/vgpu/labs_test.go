package vgpu

import (
	"testing"
)

func TestVecAdd(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadFixture(t, g, "lab-vecadd.ptx")
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

func TestMatMul(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadFixture(t, g, "lab-matmul.ptx")
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
