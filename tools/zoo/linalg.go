package zoo

import (
	"math"
	"math/rand/v2"

	"github.com/culab/culab/cudalib"
)

// sparse is a random sparse matrix in CSR: rows of 4–60 entries (32 on
// average) in a band of ±1024 columns around the diagonal.
type sparse struct {
	rows   int
	rowptr []int32
	col    []int32
	val    []float32
}

func randomSparse(rng *rand.Rand, rows int) *sparse {
	m := &sparse{rows: rows, rowptr: make([]int32, rows+1)}
	for r := 0; r < rows; r++ {
		k := 4 + rng.IntN(57)
		for range k {
			c := ((r+rng.IntN(2048)-1024)%rows + rows) % rows
			m.col = append(m.col, int32(c))
		}
		m.rowptr[r+1] = int32(len(m.col))
	}
	m.val = randomFloats(rng, len(m.col))
	return m
}

// times is A x in float64, and the longest row.
func (m *sparse) times(x []float32) (y []float64, width int) {
	y = make([]float64, m.rows)
	for r := range y {
		lo, hi := m.rowptr[r], m.rowptr[r+1]
		width = max(width, int(hi-lo))
		for k := lo; k < hi; k++ {
			y[r] += float64(m.val[k]) * float64(x[m.col[k]])
		}
	}
	return y, width
}

// ell is m padded to width entries a row (val 0, col 0), column-major or
// row-major.
func (m *sparse) ell(width int, colMajor bool) ([]int32, []float32) {
	col, val := make([]int32, m.rows*width), make([]float32, m.rows*width)
	for r := 0; r < m.rows; r++ {
		for j, k := 0, m.rowptr[r]; k < m.rowptr[r+1]; j, k = j+1, k+1 {
			at := r*width + j
			if colMajor {
				at = j*m.rows + r
			}
			col[at], val[at] = m.col[k], m.val[k]
		}
	}
	return col, val
}

// spmvTol: rows of up to 60 products.
var spmvTol = sumTol(60)

var _ = register(&Family{
	Key: "spmv-csr", Title: "CSR sparse matrix × vector: a thread per row vs a warp per row", File: "spmv.cu",
	Sizes: []int{1 << 14, 1 << 17}, Smoke: 1000,
	Variants: []Variant{
		one("thread per row", "spmv_csr_scalar", perElement(256),
			func(n int) []any { return []any{Buf(0), Buf(1), Buf(2), Buf(3), Buf(4), n} }),
		one("warp per row", "spmv_csr_vector", func(n int) (cudalib.Dim3, cudalib.Dim3) { return perElement(256)(32 * n) },
			func(n int) []any { return []any{Buf(0), Buf(1), Buf(2), Buf(3), Buf(4), n} }),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		m := randomSparse(rng, n)
		x := randomFloats(rng, n)
		want, _ := m.times(x)
		return &Problem{Bufs: []any{m.rowptr, m.col, m.val, x, poison(n)}, Outs: []int{4},
			check: func(_ string, o []any) error { return closeTo(o[0], want, spmvTol, math.Sqrt(60)) }}, nil
	},
})

// ellWidth is the ELL families' row width: the generator's longest row.
const ellWidth = 60

var _ = register(&Family{
	Key: "spmv-ell", Title: "ELL sparse matrix × vector: column-major (coalesced) vs row-major", File: "spmv.cu",
	Sizes: []int{1 << 14, 1 << 17}, Smoke: 1000,
	Variants: []Variant{
		one("column-major", "spmv_ell_colmajor", perElement(256),
			func(n int) []any { return []any{Buf(0), Buf(1), Buf(4), Buf(5), n, ellWidth} }),
		one("row-major", "spmv_ell_rowmajor", perElement(256),
			func(n int) []any { return []any{Buf(2), Buf(3), Buf(4), Buf(5), n, ellWidth} }),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		m := randomSparse(rng, n)
		x := randomFloats(rng, n)
		want, _ := m.times(x)
		cc, cv := m.ell(ellWidth, true)
		rc, rv := m.ell(ellWidth, false)
		return &Problem{Bufs: []any{cc, cv, rc, rv, x, poison(n)}, Outs: []int{5},
			check: func(_ string, o []any) error { return closeTo(o[0], want, spmvTol, math.Sqrt(60)) }}, nil
	},
})

// randomMatrix is an n×n row-major matrix and its transpose.
func randomMatrix(rng *rand.Rand, n int) (a, at []float32) {
	a = randomFloats(rng, n*n)
	at = make([]float32, n*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			at[c*n+r] = a[r*n+c]
		}
	}
	return a, at
}

var _ = register(&Family{
	Key: "matvec", Title: "dense matrix × vector: a thread per row (uncoalesced), per row of the transpose (coalesced), a warp per row", File: "matvec.cu",
	Sizes: []int{1024, 2048, 4096}, Smoke: 300,
	Variants: []Variant{
		one("thread per row", "matvec_rows", perElement(128), func(n int) []any { return []any{Buf(0), Buf(2), Buf(3), n} }),
		one("thread per row, transposed", "matvec_cols", perElement(128), func(n int) []any { return []any{Buf(1), Buf(2), Buf(3), n} }),
		one("warp per row", "matvec_warp", func(n int) (cudalib.Dim3, cudalib.Dim3) { return perElement(256)(32 * n) },
			func(n int) []any { return []any{Buf(0), Buf(2), Buf(3), n} }),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		a, at := randomMatrix(rng, n)
		x := randomFloats(rng, n)
		want := make([]float64, n)
		for r := range want {
			for k := 0; k < n; k++ {
				want[r] += float64(a[r*n+k]) * float64(x[k])
			}
		}
		return &Problem{Bufs: []any{a, at, x, poison(n)}, Outs: []int{3},
			check: func(_ string, o []any) error { return closeTo(o[0], want, sumTol(n), math.Sqrt(float64(n))) }}, nil
	},
})

// grid2D launches blocks of bx×by threads over an nx×ny index space.
func grid2D(bx, by int, nx, ny func(n int) int) func(n int) (cudalib.Dim3, cudalib.Dim3) {
	return func(n int) (cudalib.Dim3, cudalib.Dim3) {
		return cudalib.D2(ceilDiv(nx(n), bx), ceilDiv(ny(n), by)), cudalib.D2(bx, by)
	}
}

func same(n int) int { return n }

var _ = register(&Family{
	Key: "mat2d", Title: "C = A + 2B over a matrix: threadIdx.x along rows, along columns, or float4", File: "mat2d.cu",
	Sizes: []int{1024, 4096}, Smoke: 100,
	Variants: []Variant{
		one("x along rows", "mat2d_rowwise", grid2D(32, 8, same, same), bufs3N),
		one("x along columns", "mat2d_colwise", grid2D(32, 8, same, same), bufs3N),
		one("float4", "mat2d_float4", grid2D(32, 8, func(n int) int { return n / 4 }, same), bufs3N),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		a, b := randomFloats(rng, n*n), randomFloats(rng, n*n)
		want := make([]float64, n*n)
		for i := range want {
			want[i] = float64(a[i] + 2*b[i])
		}
		return &Problem{Bufs: []any{a, b, poison(n * n)}, Outs: []int{2},
			check: func(_ string, o []any) error { return closeTo(o[0], want, 2*unit32, 0) }}, nil
	},
})

// bufs3N are the arguments (a, b, c, n).
func bufs3N(n int) []any { return []any{Buf(0), Buf(1), Buf(2), n} }

var _ = register(&Family{
	Key: "gemm", Title: "SGEMM: naive (two thread orders), 16×16 shared tiles, 64×64 tiles with 4×4 register blocks", File: "gemm.cu",
	Sizes: []int{128, 256, 512}, Smoke: 64,
	Variants: []Variant{
		one("naive", "gemm_naive", grid2D(16, 16, same, same), bufs3N),
		one("naive, x along rows", "gemm_naive_rows", grid2D(16, 16, same, same), bufs3N),
		one("shared tiles 16", "gemm_tiled", grid2D(16, 16, same, same), bufs3N),
		one("register tiles 4×4", "gemm_regtile", grid2D(16, 16, func(n int) int { return n / 4 }, func(n int) int { return n / 4 }), bufs3N),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		a, b := randomFloats(rng, n*n), randomFloats(rng, n*n)
		want := make([]float64, n*n)
		for r := 0; r < n; r++ {
			for k := 0; k < n; k++ {
				ark := float64(a[r*n+k])
				row := want[r*n : r*n+n]
				for c, bk := range b[k*n : k*n+n] {
					row[c] += ark * float64(bk)
				}
			}
		}
		return &Problem{Bufs: []any{a, b, poison(n * n)}, Outs: []int{2},
			check: func(_ string, o []any) error { return closeTo(o[0], want, sumTol(n), math.Sqrt(float64(n))) }}, nil
	},
})
