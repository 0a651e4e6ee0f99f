package timemodel

import (
	"testing"
	"time"

	"github.com/culab/culab/cudalib/vgpu"
)

// A vector add of n floats in blocks of 256: 2 loads and 1 store per warp,
// each 4 sectors, every sector touched once, ~20 instructions per warp.
func vecadd(n int64) vgpu.Counters {
	warps := n / 32
	return vgpu.Counters{
		Blocks: n / 256, Threads: n, WarpInstrs: 20 * warps,
		GlobalLoadRequests: 2 * warps, GlobalLoadSectors: 8 * warps,
		GlobalStoreRequests: warps, GlobalStoreSectors: 4 * warps,
		DRAMSectors: 12 * warps,
	}
}

func TestTermsBound(t *testing.T) {
	conflicted := vecadd(1 << 20)
	conflicted.SharedLoadRequests = 2 << 15
	conflicted.SharedLoadWavefronts = 64 << 15 // two 32-way conflicted loads a warp
	for _, c := range []struct {
		name  string
		l     Launch
		bound string
		waves int
	}{
		{"large vector add is DRAM bound", Launch{Counters: vecadd(1 << 24), ThreadsPerBlock: 256, BlocksPerSM: 8}, "DRAM", 63},
		{"one block is latency bound", Launch{Counters: vecadd(256), ThreadsPerBlock: 256, BlocksPerSM: 8}, "latency", 1},
		{"32-way conflicts bound by shared memory", Launch{Counters: conflicted, ThreadsPerBlock: 256, BlocksPerSM: 8}, "shared memory", 4},
		{"pure arithmetic is issue bound", Launch{Counters: vgpu.Counters{Blocks: 1 << 12, WarpInstrs: 1 << 30}, ThreadsPerBlock: 1024, BlocksPerSM: 2}, "issue", 16},
	} {
		tm := H100.Terms(c.l)
		if tm.Bound() != c.bound || tm.Waves != c.waves {
			t.Errorf("%s: bound %q, %d waves (%+v); want %q, %d", c.name, tm.Bound(), tm.Waves, tm, c.bound, c.waves)
		}
	}
}

func TestKernel(t *testing.T) {
	// 16M floats: 192 MiB moved at 3.0 TB/s is 67 µs.
	got := H100.Kernel(Launch{Counters: vecadd(1 << 24), ThreadsPerBlock: 256, BlocksPerSM: 8})
	if want := seconds(float64(12<<24) / 3.0e12); got != want {
		t.Errorf("DRAM-bound vector add: %v, want %v", got, want)
	}
	if got := H100.Kernel(Launch{}); got != 0 {
		t.Errorf("empty launch: %v", got)
	}
	// Fewer blocks per SM: more waves of the same per-warp chain.
	one := H100.Kernel(Launch{Counters: vecadd(1 << 16), ThreadsPerBlock: 256, BlocksPerSM: 1})
	eight := H100.Kernel(Launch{Counters: vecadd(1 << 16), ThreadsPerBlock: 256, BlocksPerSM: 8})
	if one <= eight {
		t.Errorf("one block per SM %v not slower than eight %v", one, eight)
	}
}

// Coalesced loads that re-read sectors (a stencil's neighbours) hit L1;
// scattered loads reach L2 whatever they re-read.
func TestL1Hits(t *testing.T) {
	c := vgpu.Counters{Blocks: 1 << 12, GlobalLoadRequests: 1 << 20, DRAMSectors: 1 << 20}
	c.GlobalLoadSectors = 4 << 20 // coalesced, each sector read 4 times
	coalesced := H100.Terms(Launch{Counters: c, ThreadsPerBlock: 256, BlocksPerSM: 8}).L2
	c.GlobalLoadSectors = 32 << 20 // a sector a lane, each read 32 times
	scattered := H100.Terms(Launch{Counters: c, ThreadsPerBlock: 256, BlocksPerSM: 8}).L2
	if want := float64(1<<20) * 32 / H100.L2BytesPerSec; coalesced != want || scattered != 32*want {
		t.Errorf("L2 terms %v (coalesced), %v (scattered); want %v, %v", coalesced, scattered, want, 32*want)
	}
}

func TestTotal(t *testing.T) {
	for _, c := range []struct {
		work []time.Duration
		want time.Duration
	}{
		{nil, 0},
		{[]time.Duration{time.Microsecond}, H100.LaunchOverhead + time.Microsecond},
		{[]time.Duration{time.Microsecond, 2 * time.Microsecond}, H100.LaunchOverhead + H100.LaunchGap + 3*time.Microsecond},
	} {
		if got := H100.Total(c.work); got != c.want {
			t.Errorf("Total(%v) = %v, want %v", c.work, got, c.want)
		}
	}
	if got, want := H100.Copy(3e6), seconds(3e6/H100.CopyBytesPerSec); got != want {
		t.Errorf("Copy(3 MB) = %v, want %v", got, want)
	}
}
