package vgpu

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"testing"
)

func f64bytes(xs []float64) []byte {
	b := make([]byte, 8*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(x))
	}
	return b
}

func downloadF64(t testing.TB, g *GPU, a uint64, n int) []float64 {
	b := download(t, g, a, 8*n)
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:]))
	}
	return xs
}

func TestBankConflict(t *testing.T) { forCompilers(t, testBankConflict) }

func testBankConflict(t *testing.T, cc string) {
	g := New(Config{Workers: 2})
	m := loadFixture(t, g, cc+"/lab-bankconflict.ptx")
	const n = 40
	r := rng(5)
	a, b := r.float32s(n*n), r.float32s(n*n)
	want := matmulRef(a, b, n)
	ac := make([]float32, n*n) // column-major A
	for i := 0; i < n; i++ {
		for k := 0; k < n; k++ {
			ac[k*n+i] = a[i*n+k]
		}
	}
	dac, db := upload(t, g, f32bytes(ac)), upload(t, g, f32bytes(b))
	dc, _ := g.Alloc(4 * n * n)
	for _, c := range []struct {
		kernel string
		tile   int
	}{
		{"_Z11mm_colmajorILi16ELi16EEvPfPKfS2_i", 16},
		{"_Z11mm_colmajorILi16ELi17EEvPfPKfS2_i", 16},
		{"_Z11mm_colmajorILi32ELi33EEvPfPKfS2_i", 32},
		{"_Z18mm_colmajor_kmajorILi32EEvPfPKfS2_i", 32},
	} {
		if err := g.Fill(dc, 0, 4, n*n); err != nil {
			t.Fatal(err)
		}
		nb := (n + c.tile - 1) / c.tile
		run(t, g, kernel(t, m, c.kernel), dim2(nb, nb), dim2(c.tile, c.tile), p64(dc), p64(dac), p64(db), p32(n))
		got := downloadF32(t, g, dc, n*n)
		for i := range got {
			if !closeTo(got[i], want[i]) {
				t.Fatalf("%s: c[%d] = %v, want %v", c.kernel, i, got[i], want[i])
			}
		}
	}
}

func TestLaunchCfg(t *testing.T) { forCompilers(t, testLaunchCfg) }

func testLaunchCfg(t *testing.T, cc string) {
	g := New(Config{Workers: 2})
	m := loadFixture(t, g, cc+"/lab-launchcfg.ptx")
	const n = 3001 // double2 elements
	r := rng(6)
	in := make([]float64, 2*n)
	for i := range in {
		in[i] = float64(r.next()%1000) / 7
	}
	din := upload(t, g, f64bytes(in))
	dout, _ := g.Alloc(16 * n)
	for _, c := range []struct {
		kernel      string
		grid, block int
	}{
		{"_Z7copy_ifP7double2PKS_i", (n + 127) / 128, 128},
		{"_Z11copy_strideP7double2PKS_i", 5, 96},
		{"_Z11copy_unrollILi4EEvP7double2PKS0_i", 3, 64},
		{"_Z11copy_unrollILi8EEvP7double2PKS0_i", 2, 128},
	} {
		if err := g.Fill(dout, 0, 8, 2*n); err != nil {
			t.Fatal(err)
		}
		run(t, g, kernel(t, m, c.kernel), dim(c.grid), dim(c.block), p64(dout), p64(din), p32(n))
		got := downloadF64(t, g, dout, 2*n)
		for i := range got {
			if got[i] != in[i] {
				t.Fatalf("%s: out[%d] = %v, want %v", c.kernel, i, got[i], in[i])
			}
		}
	}
}

// stencilRef applies the 27-point stencil of lab-stencil3d to the interior
// of a padded (nx+2)×(ny+2)×(nz+2) grid.
func stencilRef(in []float64, nx, ny, nz int) []float64 {
	sx, sxy := nx+2, (nx+2)*(ny+2)
	out := make([]float64, len(in))
	for z := 1; z <= nz; z++ {
		for y := 1; y <= ny; y++ {
			for x := 1; x <= nx; x++ {
				c := x + sx*y + sxy*z
				var acc float64
				for dz := -1; dz <= 1; dz++ {
					for dy := -1; dy <= 1; dy++ {
						for dx := -1; dx <= 1; dx++ {
							alpha := float64(1+(dx+1)+3*(dy+1)+9*(dz+1)) / 378.0
							acc += alpha * in[c+dx+dy*sx+dz*sxy]
						}
					}
				}
				out[c] = acc
			}
		}
	}
	return out
}

func TestStencil3D(t *testing.T) { forCompilers(t, testStencil3D) }

func testStencil3D(t *testing.T, cc string) {
	g := New(Config{Workers: 2})
	m := loadFixture(t, g, cc+"/lab-stencil3d.ptx")
	const nx, ny, nz = 12, 10, 9
	const bx, by, bz = 8, 4, 2
	size := (nx + 2) * (ny + 2) * (nz + 2)
	r := rng(7)
	in := make([]float64, size)
	for i := range in {
		in[i] = float64(r.next()%1000) / 100
	}
	want := stencilRef(in, nx, ny, nz)
	din := upload(t, g, f64bytes(in))
	dout, _ := g.Alloc(8 * size)
	ceil := func(a, b int) int { return (a + b - 1) / b }
	for _, c := range []struct {
		kernel string
		l      Launch
	}{
		{"st_global", Launch{Grid: [3]int{ceil(nx, bx), ceil(ny, by), ceil(nz, bz)}, Block: [3]int{bx, by, bz}}},
		{"st_shared", Launch{Grid: [3]int{ceil(nx, bx), ceil(ny, by), ceil(nz, bz)}, Block: [3]int{bx, by, bz},
			DynamicShared: 8 * (bx + 2) * (by + 2) * (bz + 2)}},
		{"st_25d", Launch{Grid: [3]int{ceil(nx, bx), ceil(ny, by), 1}, Block: [3]int{bx, by, 1},
			DynamicShared: 8 * (bx + 2) * (by + 2)}},
	} {
		if err := g.Fill(dout, 0, 8, size); err != nil {
			t.Fatal(err)
		}
		c.l.Params = [][]byte{p64(din), p64(dout), p32(nx), p32(ny), p32(nz)}
		if err := g.Run(kernel(t, m, c.kernel), c.l, nil); err != nil {
			t.Fatal(err)
		}
		got := downloadF64(t, g, dout, size)
		for i := range got {
			if math.Abs(got[i]-want[i]) > 1e-9*(1+math.Abs(want[i])) {
				t.Fatalf("%s: out[%d] = %v, want %v", c.kernel, i, got[i], want[i])
			}
		}
	}
	// st_halo copies the six faces of the padding.
	if err := g.Fill(dout, 0, 8, size); err != nil {
		t.Fatal(err)
	}
	big := max(nx, ny, nz) + 2
	run(t, g, kernel(t, m, "st_halo"), [3]int{ceil(big, 16), ceil(big, 16), 6}, dim2(16, 16),
		p64(din), p64(dout), p32(nx), p32(ny), p32(nz))
	got := downloadF64(t, g, dout, size)
	sx, sy, sz := nx+2, ny+2, nz+2
	for z := 0; z < sz; z++ {
		for y := 0; y < sy; y++ {
			for x := 0; x < sx; x++ {
				c := x + sx*(y+sy*z)
				face := x == 0 || y == 0 || z == 0 || x == sx-1 || y == sy-1 || z == sz-1
				if want := map[bool]float64{true: in[c], false: 0}[face]; got[c] != want {
					t.Fatalf("st_halo: (%d,%d,%d) = %v, want %v", x, y, z, got[c], want)
				}
			}
		}
	}
}

const inf = 100000000

func floydRef(d []int32, n int) []int32 {
	out := append([]int32(nil), d...)
	for k := 0; k < n; k++ {
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				if v := out[i*n+k] + out[k*n+j]; v < out[i*n+j] {
					out[i*n+j] = v
				}
			}
		}
	}
	return out
}

func floydGraph(n int) []int32 {
	r := rng(n)
	d := make([]int32, n*n)
	for i := range d {
		d[i] = inf
		if r.next()%4 == 0 {
			d[i] = int32(1 + r.next()%100)
		}
	}
	for i := 0; i < n; i++ {
		d[i*n+i] = 0
	}
	return d
}

func TestFloyd(t *testing.T) { forCompilers(t, testFloyd) }

func testFloyd(t *testing.T, cc string) {
	g := New(Config{Workers: 2})
	m := loadFixture(t, g, cc+"/lab-floyd.ptx")
	const n = 64
	in := floydGraph(n)
	want := floydRef(in, n)
	dd, _ := g.Alloc(4 * n * n)
	check := func(name string) {
		t.Helper()
		got := downloadI32(t, g, dd, n*n)
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s: d[%d] = %d, want %d", name, i, got[i], want[i])
			}
		}
	}
	fw := kernel(t, m, "fw_global")
	for _, coalesced := range []int{0, 1} {
		if err := g.CopyIn(dd, i32bytes(in)); err != nil {
			t.Fatal(err)
		}
		for k := 0; k < n; k++ {
			run(t, g, fw, dim2(n/32, n/8), dim2(32, 8), p64(dd), p32(n), p32(k), p32(coalesced))
		}
		check("fw_global")
	}
	for _, c := range []struct {
		b   int
		min string
	}{{16, "1"}, {32, "0"}, {32, "1"}, {64, "1"}, {8, "1"}} {
		if err := g.CopyIn(dd, i32bytes(in)); err != nil {
			t.Fatal(err)
		}
		tt := min(c.b, 32)
		nb := n / c.b
		name := func(p int) string {
			return "_Z9fw_phase" + string(rune('0'+p)) + "ILi" + strconv.Itoa(c.b) + "ELb" + c.min + "EEvPiii"
		}
		k1, k2, k3 := kernel(t, m, name(1)), kernel(t, m, name(2)), kernel(t, m, name(3))
		for r := 0; r < nb; r++ {
			args := [][]byte{p64(dd), p32(n), p32(r)}
			run(t, g, k1, dim(1), dim2(tt, tt), args...)
			run(t, g, k2, dim2(nb, 2), dim2(tt, tt), args...)
			run(t, g, k3, dim2(nb, nb), dim2(tt, tt), args...)
		}
		check(name(1))
	}
}

// TestDeterminism runs the same launches on 1 and 4 workers: device memory
// ends bit-identical.
func TestDeterminism(t *testing.T) {
	results := make([][]byte, 0, 2)
	for _, workers := range []int{1, 4} {
		g := New(Config{Workers: workers})
		m := loadFixture(t, g, "nvrtc11/lab-matmul.ptx")
		const n = 72
		r := rng(9)
		da, db := upload(t, g, f32bytes(r.float32s(n*n))), upload(t, g, f32bytes(r.float32s(n*n)))
		dc, _ := g.Alloc(4 * n * n)
		run(t, g, kernel(t, m, "_Z8mm_tiledILi16EEvPfPKfS2_i"), dim2(5, 5), dim2(16, 16), p64(dc), p64(da), p64(db), p32(n))
		out := download(t, g, dc, 4*n*n)
		ms := loadFixture(t, g, "nvrtc11/lab-stencil3d.ptx")
		const nx, ny, nz = 9, 7, 5
		size := (nx + 2) * (ny + 2) * (nz + 2)
		din := upload(t, g, f32bytes(r.float32s(2*size)))
		dout, _ := g.Alloc(8 * size)
		err := g.Run(kernel(t, ms, "st_25d"), Launch{Grid: dim2(3, 2), Block: dim2(4, 4), DynamicShared: 8 * 36,
			Params: [][]byte{p64(din), p64(dout), p32(nx), p32(ny), p32(nz)}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, append(out, download(t, g, dout, 8*size)...))
	}
	if string(results[0]) != string(results[1]) {
		t.Error("1 and 4 workers leave different memory")
	}
}

// TestConcurrentLaunches runs launches of one kernel from several
// goroutines at once, with allocations coming and going beside them.
func TestConcurrentLaunches(t *testing.T) {
	g := New(Config{Workers: 2})
	m := loadFixture(t, g, "nvrtc11/lab-vecadd.ptx")
	k := kernel(t, m, "_Z13vecadd_threadPfPKfS1_i")
	const n, goroutines = 3000, 4
	type job struct {
		da, db, out uint64
		want        []byte
	}
	jobs := make([]job, goroutines)
	for i := range jobs {
		r := rng(i + 1)
		a, b := r.float32s(n), r.float32s(n)
		sum := make([]float32, n)
		for j := range sum {
			sum[j] = a[j] + b[j]
		}
		out, _ := g.Alloc(4 * n)
		jobs[i] = job{upload(t, g, f32bytes(a)), upload(t, g, f32bytes(b)), out, f32bytes(sum)}
	}
	errs := make(chan error, goroutines)
	for i := range jobs {
		go func(j job) {
			for rep := 0; rep < 5; rep++ {
				tmp, err := g.Alloc(1 << 16)
				if err == nil {
					err = g.Run(k, Launch{Grid: dim((n + 127) / 128), Block: dim(128),
						Params: [][]byte{p64(j.out), p64(j.da), p64(j.db), p32(n)}}, nil)
				}
				if err == nil {
					err = g.Free(tmp)
				}
				if err != nil {
					errs <- err
					return
				}
			}
			got := make([]byte, 4*n)
			err := g.CopyOut(got, j.out)
			if err == nil && string(got) != string(j.want) {
				err = fmt.Errorf("launch on %#x: wrong sums", j.out)
			}
			errs <- err
		}(jobs[i])
	}
	for range jobs {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
