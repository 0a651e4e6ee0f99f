package zoo

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/culab/culab/cudalib"
)

// The blind set's sparse families: COO with atomics, SELL-C-σ, SpMM.

// cooPerRow is the COO matrices' entries a row on average: an n-row
// matrix has exactly cooPerRow·n entries.
const cooPerRow = 32

// cooRun is sparse2.cu's entries a thread in coo_runs.
const cooRun = 8

// randomCOO is an n×n matrix of 32n entries at uniformly random rows
// (sorted), each in a band of ±1024 columns around its row.
func randomCOO(rng *rand.Rand, n int) (row, col []int32, val []float32) {
	nnz := cooPerRow * n
	row, col = make([]int32, nnz), make([]int32, nnz)
	for k := range row {
		row[k] = rng.Int32N(int32(n))
	}
	slices.Sort(row)
	for k, r := range row {
		col[k] = int32(((int(r)+rng.IntN(2048)-1024)%n + n) % n)
	}
	return row, col, randomFloats(rng, nnz)
}

func cooArgs(n int) []any { return []any{Buf(0), Buf(1), Buf(2), Buf(3), Buf(4), cooPerRow * n} }

var _ = registerBlind(&Family{
	Key: "spmv-coo", Title: "COO sparse matrix × vector: a float atomic an entry, warp segmented sums (an atomic a row segment), runs of 8 entries a thread", File: "blind/sparse2.cu",
	Sizes: []int{1 << 14, 1 << 16, 1 << 18}, Smoke: 1000,
	Variants: []Variant{
		one("atomic an entry", "coo_atomic", func(n int) (cudalib.Dim3, cudalib.Dim3) { return perElement(256)(cooPerRow * n) }, cooArgs),
		one("warp segments", "coo_segmented", func(n int) (cudalib.Dim3, cudalib.Dim3) { return perElement(256)(cooPerRow * n) }, cooArgs),
		one("runs of 8 a thread", "coo_runs", func(n int) (cudalib.Dim3, cudalib.Dim3) { return perElement(256)(cooPerRow * n / cooRun) }, cooArgs),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		row, col, val := randomCOO(rng, n)
		x := randomFloats(rng, n)
		want, longest := make([]float64, n), 0
		for k, r := range row {
			want[r] += float64(val[k]) * float64(x[col[k]])
		}
		for lo := 0; lo < len(row); {
			hi := lo
			for hi < len(row) && row[hi] == row[lo] {
				hi++
			}
			longest, lo = max(longest, hi-lo), hi
		}
		return &Problem{Bufs: []any{row, col, val, x, make([]float32, n)}, Outs: []int{4},
			check: func(_ string, o []any) error {
				return closeTo(o[0], want, sumTol(longest), math.Sqrt(float64(longest)))
			}}, nil
	},
})

// sell is m in SELL-32-σ: rows sorted by length (longest first) within
// windows of sigma rows, in slices of 32 slots padded to their longest
// row (col 0, val 0), column-major within a slice; perm maps a slot to
// its row, -1 for the padding slots after the last row.
func (m *sparse) sell(sigma int) (sliceptr, col []int32, val []float32, perm []int32) {
	slots := ceilDiv(m.rows, 32) * 32
	perm = make([]int32, slots)
	for i := range perm {
		perm[i] = -1
		if i < m.rows {
			perm[i] = int32(i)
		}
	}
	length := func(r int32) int32 { return m.rowptr[r+1] - m.rowptr[r] }
	for lo := 0; lo < m.rows; lo += sigma {
		slices.SortStableFunc(perm[lo:min(lo+sigma, m.rows)], func(a, b int32) int { return int(length(b) - length(a)) })
	}
	sliceptr = []int32{0}
	for s := 0; s < slots; s += 32 {
		w := int32(0)
		for _, r := range perm[s : s+32] {
			if r >= 0 {
				w = max(w, length(r))
			}
		}
		base := len(col)
		col, val = append(col, make([]int32, 32*w)...), append(val, make([]float32, 32*w)...)
		for lane, r := range perm[s : s+32] {
			if r < 0 {
				continue
			}
			for k := int32(0); k < length(r); k++ {
				at := base + int(k)*32 + lane
				col[at], val[at] = m.col[m.rowptr[r]+k], m.val[m.rowptr[r]+k]
			}
		}
		sliceptr = append(sliceptr, int32(len(col)))
	}
	return sliceptr, col, val, perm
}

// sellSigmas are the SELL family's sorting windows.
var sellSigmas = []struct {
	name  string
	sigma func(n int) int
}{
	{"σ = 1 (unsorted)", func(int) int { return 1 }},
	{"σ = 1024", func(int) int { return 1024 }},
	{"σ = all rows", same},
}

var _ = registerBlind(&Family{
	Key: "spmv-sell", Title: "SELL-32-σ sparse matrix × vector, a thread a row: rows unsorted, sorted by length in windows of 1024, sorted over all rows", File: "blind/sparse2.cu",
	Sizes: []int{1 << 14, 1 << 16, 1 << 18}, Smoke: 1000,
	Variants: func() []Variant {
		var vs []Variant
		for v, s := range sellSigmas {
			vs = append(vs, one(s.name, "sell_spmv", func(n int) (cudalib.Dim3, cudalib.Dim3) { return perElement(256)(ceilDiv(n, 32) * 32) },
				func(n int) []any {
					return []any{Buf(4 * v), Buf(4*v + 1), Buf(4*v + 2), Buf(4*v + 3), Buf(12), Buf(13), ceilDiv(n, 32) * 32}
				}))
		}
		return vs
	}(),
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		m := randomSparse(rng, n)
		x := randomFloats(rng, n)
		want, _ := m.times(x)
		var bufs []any
		for _, s := range sellSigmas {
			sp, c, v, p := m.sell(s.sigma(n))
			bufs = append(bufs, sp, c, v, p)
		}
		return &Problem{Bufs: append(bufs, x, poison(n)), Outs: []int{13},
			check: func(_ string, o []any) error { return closeTo(o[0], want, spmvTol, math.Sqrt(60)) }}, nil
	},
})

// spmmK is sparse2.cu's dense columns.
const spmmK = 32

func spmmArgs(n int) []any { return []any{Buf(0), Buf(1), Buf(2), Buf(3), Buf(4), n} }

var _ = registerBlind(&Family{
	Key: "spmm", Title: "CSR sparse × dense (32 columns): a thread a row, a warp a row with a lane a column, the same with A's entries passed by shuffles", File: "blind/sparse2.cu",
	Sizes: []int{1 << 13, 1 << 16}, Smoke: 1000,
	Variants: []Variant{
		one("thread a row", "spmm_thread", perElement(128), spmmArgs),
		one("warp a row", "spmm_warp", func(n int) (cudalib.Dim3, cudalib.Dim3) { return perElement(256)(32 * n) }, spmmArgs),
		one("warp a row, shuffles", "spmm_warp_shfl", func(n int) (cudalib.Dim3, cudalib.Dim3) { return perElement(256)(32 * n) }, spmmArgs),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		m := randomSparse(rng, n)
		b := randomFloats(rng, n*spmmK)
		want := make([]float64, n*spmmK)
		for r := range n {
			for k := m.rowptr[r]; k < m.rowptr[r+1]; k++ {
				v, br := float64(m.val[k]), b[int(m.col[k])*spmmK:]
				for j := range spmmK {
					want[r*spmmK+j] += v * float64(br[j])
				}
			}
		}
		return &Problem{Bufs: []any{m.rowptr, m.col, m.val, b, poison(n * spmmK)}, Outs: []int{4},
			check: func(_ string, o []any) error { return closeTo(o[0], want, spmvTol, math.Sqrt(60)) }}, nil
	},
})

// sddmmArgs are the SDDMM kernels' arguments: row, col, rowptr, s, A, B,
// out, rows, entries.
func sddmmArgs(n int) []any {
	return []any{Buf(0), Buf(1), Buf(2), Buf(3), Buf(4), Buf(5), Buf(6), n, cooPerRow * n}
}

var _ = registerBlind(&Family{
	Key: "sddmm", Title: "sampled dense–dense products (32 columns) at a sparse pattern's entries: a thread an entry, a warp an entry, a warp a row", File: "blind/sparse2.cu",
	Sizes: []int{1 << 13, 1 << 16}, Smoke: 200,
	Variants: []Variant{
		one("thread an entry", "sddmm_thread", func(n int) (cudalib.Dim3, cudalib.Dim3) { return perElement(256)(cooPerRow * n) }, sddmmArgs),
		one("warp an entry", "sddmm_warp", func(n int) (cudalib.Dim3, cudalib.Dim3) { return perElement(256)(32 * cooPerRow * n) }, sddmmArgs),
		one("warp a row", "sddmm_warp_row", func(n int) (cudalib.Dim3, cudalib.Dim3) { return perElement(256)(32 * n) }, sddmmArgs),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		row, col, s := randomCOO(rng, n)
		rowptr := make([]int32, n+1)
		for _, r := range row {
			rowptr[r+1]++
		}
		for r := range n {
			rowptr[r+1] += rowptr[r]
		}
		a, b := randomFloats(rng, n*spmmK), randomFloats(rng, n*spmmK)
		want := make([]float64, len(row))
		for k, r := range row {
			d := 0.0
			for j := range spmmK {
				d += float64(a[int(r)*spmmK+j]) * float64(b[int(col[k])*spmmK+j])
			}
			want[k] = float64(s[k]) * d
		}
		return &Problem{Bufs: []any{row, col, rowptr, s, a, b, poison(len(row))}, Outs: []int{6},
			check: func(_ string, o []any) error { return closeTo(o[0], want, sumTol(spmmK), math.Sqrt(spmmK)) }}, nil
	},
})

// sortedList is a list of k distinct sorted values, gaps of 1 to 4.
func sortedList(rng *rand.Rand, k int) []int32 {
	l, v := make([]int32, k), int32(rng.IntN(4))
	for i := range l {
		l[i] = v
		v += 1 + rng.Int32N(4)
	}
	return l
}

func isectArgs(n int) []any { return []any{Buf(0), Buf(1), Buf(2), Buf(3), Buf(4), n} }

var _ = registerBlind(&Family{
	Key: "intersect", Title: "sizes of the intersections of pairs of sorted lists (8–512 long): a thread a pair merging or searching, a warp a pair searching", File: "blind/intersect.cu",
	Sizes: []int{1 << 12, 1 << 15}, Smoke: 300,
	Variants: []Variant{
		one("thread a pair, merge", "isect_merge", perElement(128), isectArgs),
		one("thread a pair, search", "isect_search", perElement(128), isectArgs),
		one("warp a pair, search", "isect_warp", func(n int) (cudalib.Dim3, cudalib.Dim3) { return perElement(256)(32 * n) }, isectArgs),
	},
	setup: func(n int, rng *rand.Rand) (*Problem, error) {
		aptr, bptr := make([]int32, n+1), make([]int32, n+1)
		var a, b []int32
		want := make([]int32, n)
		for p := range n {
			la, lb := sortedList(rng, 8<<rng.IntN(7)), sortedList(rng, 8<<rng.IntN(7))
			for i, j := 0, 0; i < len(la) && j < len(lb); {
				switch {
				case la[i] == lb[j]:
					want[p]++
					i, j = i+1, j+1
				case la[i] < lb[j]:
					i++
				default:
					j++
				}
			}
			a, b = append(a, la...), append(b, lb...)
			aptr[p+1], bptr[p+1] = int32(len(a)), int32(len(b))
		}
		return &Problem{Bufs: []any{aptr, a, bptr, b, poisonInts(n)}, Outs: []int{4},
			check: func(_ string, o []any) error { return equalInts(o[0], want) }}, nil
	},
})
