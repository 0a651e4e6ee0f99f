package main

import (
	"math"
	"testing"

	"github.com/culab/culab/tools/zoo"
)

// TestSASSBlocks holds the per-block estimate to ncu's SASS
// warp-instructions within 5 % on the families that need each of its
// rules (the per-line rule missed 5 % on 27 of these 43 kernels): loops
// unrolled by ptxas and by NVVM (horner, gemm, matvec, spmv, conv1d),
// with early exits (mandel), fully unrolled and predicated (reduce,
// scan), guarded stores branched around (compact, jacobi2d), slow paths
// (intdiv, sfu). One kernel is held at its present ratio; the
// README of docs/results/2026-11-25e-zoo-sass says why it misses.
// (`zoocompare sass` runs all 90: 89 within 5 %.) It holds the shared
// requests counted with the SASS too.
func TestSASSBlocks(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the virtual GPU and NVRTC over every kernel (scripts/test.sh runs it without -short and without -race)")
	}
	est := zooEstimates(t, []string{"horner", "gemm", "matvec", "spmv-csr", "spmv-ell", "conv1d", "mandel", "reduce", "scan", "compact", "jacobi2d", "intdiv", "sfu"})
	if len(est) != 43 {
		t.Errorf("%d kernels, want 43", len(est))
	}
	known := map[string]float64{"spmv_csr_scalar": 0.95}
	for _, e := range est {
		q := float64(e.blocks) / float64(e.ncu)
		want, ok := known[e.kernel]
		if !ok {
			want = 1
		}
		if e.ncu == 0 || math.Abs(q-want) > 0.05*want {
			t.Errorf("%s %s: per-block estimate %d, ncu %d (%.2f×; by line %d)", e.row, e.kernel, e.blocks, e.ncu, q, e.sassEs)
		}
		// Shared requests with the SASS: equal to ncu's wherever the
		// virtual GPU's were, and where ptxas branched around a guarded
		// shared access (conv1d's taps, compaction per block).
		fixedHere := e.kernel == "conv1d_tile_taps" || e.kernel == "compact_block"
		for _, f := range []struct {
			name         string
			vm, fix, ncu int64
		}{
			{"shared ld requests", e.vmC.SharedLoadRequests, e.fixedC.SharedLoadRequests, e.ncuC.SharedLoadRequests},
			{"shared st requests", e.vmC.SharedStoreRequests, e.fixedC.SharedStoreRequests, e.ncuC.SharedStoreRequests},
		} {
			if (f.vm == f.ncu || fixedHere) && f.fix != f.ncu {
				t.Errorf("%s %s: %s with the SASS %d, ncu %d (virtual GPU %d)", e.row, e.kernel, f.name, f.fix, f.ncu, f.vm)
			}
		}
	}
}

// blindRecording is the blind zoo's H100 recording with ncu's counts.
const blindRecording = "../../docs/results/2026-11-28-blind-zoo/h100/recording.json.gz"

// TestSASSBlocksBlind holds the rules written on the blind zoo's misses
// (docs/results/2026-11-28-sass-counts, 2026-11-28b-sass-counts):
// integer-only loops counted by their lines (montecarlo: 0.04 before), a
// loop with several back branches entered in its middle (nw's
// wavefront: 0.30 before), copies of one loop body (nw_thread_local: 1.07
// before; chase_four_serial: 0.10), BRA.DIV's diverged copy of a shuffle
// (spmm_warp_shfl: 0.43).
func TestSASSBlocksBlind(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the virtual GPU and NVRTC over blind zoo kernels (scripts/test.sh runs it without -short and without -race)")
	}
	est := setEstimates(t, zoo.SetBlind, blindRecording, []string{"montecarlo", "nw", "chase", "spmm"})
	if len(est) != 12 {
		t.Errorf("%d kernels, want 12", len(est))
	}
	known := map[string]float64{"nw_wavefront": 0.95, "spmm_warp": 0.96}
	for _, e := range est {
		q := float64(e.blocks) / float64(e.ncu)
		want, ok := known[e.kernel]
		if !ok {
			want = 1
		}
		if e.ncu == 0 || math.Abs(q-want) > 0.05*want {
			t.Errorf("%s %s: per-block estimate %d, ncu %d (%.2f×, want %.2f×)", e.row, e.kernel, e.blocks, e.ncu, q, want)
		}
	}
}
