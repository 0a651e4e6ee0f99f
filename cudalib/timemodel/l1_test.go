package timemodel

import (
	"math"
	"testing"

	"github.com/culab/culab/cudalib/counters"
)

// A scattered request into a small table (all hits) costs L1 its bank
// ways or a cycle per 4 lines, whichever is more, where the virtual GPU
// counted them; a recording without wavefronts keeps a cycle a sector at
// the line rate, as before the counters.
func TestL1Wavefronts(t *testing.T) {
	const blocks, tpb, perWarp = 132 * 8, 256, 1024
	req := int64(blocks * tpb / 32 * perWarp)
	for _, c := range []struct {
		lines, fronts int64
		cycles        float64 // a request, L1 term
	}{
		{8, 3, 3},         // consttable's 1 KB table: 3 ways
		{32, 1, 8},        // a line a lane, each on its own bank: the tags
		{32, 32, 32},      // a line a lane, one bank
		{0, 0, 32 / 0.81}, // not counted: a cycle a sector
	} {
		cnt := counters.Counters{Blocks: blocks, Threads: blocks * tpb, WarpInstrs: req * 4, MaxWarpInstrs: perWarp * 4,
			GlobalLoadRequests: req, GlobalLoadSectors: 32 * req, GlobalLoadBytes: 128 * req, MaxWarpGlobalLoads: perWarp,
			GlobalLoadLines: c.lines * req, GlobalLoadWavefronts: c.fronts * req, Branches: req,
			DRAMSectors: 32, DRAMChunks: 16}
		tm := H100.Terms(Launch{Counters: cnt, ThreadsPerBlock: tpb, BlocksPerSM: 8})
		got := tm.L1 * H100.ClockHz * 132 / float64(req)
		if math.Abs(got/c.cycles-1) > 0.01 {
			t.Errorf("%d lines, %d wavefronts a request: L1 %.2f cycles a request, want %.2f", c.lines, c.fronts, got, c.cycles)
		}
	}
}
