package timemodel

import (
	"math"
	"reflect"
	"testing"

	"github.com/culab/culab/cudalib/counters"
	"github.com/culab/culab/cudalib/gpus"
)

// The H100's model from its published figures is H100, constant for
// constant: the description changes nothing of the model it was built on.
func TestForH100(t *testing.T) {
	if got := For(gpus.H100); !reflect.DeepEqual(got, H100) {
		t.Errorf("For(gpus.H100) = %+v\nwant H100 = %+v", got, H100)
	}
}

// Every named GPU gets a model whose rates are positive and whose terms
// follow its figures.
func TestForEveryGPU(t *testing.T) {
	for _, g := range gpus.All {
		m := For(g)
		for name, v := range map[string]float64{
			"clock": m.ClockHz, "issue": m.IssuePerSM, "FP32": m.FP32PerSM, "FP64": m.FP64PerSM, "SFU": m.SFUPerSM,
			"DRAM": m.DRAMBytesPerSec, "L2": m.L2BytesPerSec, "L2 size": m.L2Bytes, "L1": m.L1Bytes, "blocks": m.BlocksPerSec,
		} {
			if !(v > 0) {
				t.Errorf("%s: %s = %v", g.Key, name, v)
			}
		}
		if m.SMs != g.SMs || m.L2Bytes != float64(g.L2Bytes) {
			t.Errorf("%s: %d SMs, L2 %v; want %d, %d", g.Key, m.SMs, m.L2Bytes, g.SMs, g.L2Bytes)
		}
	}
}

// fp64Kernel is a grid of warps doing FP64 arithmetic: 3696 blocks of 256
// threads (a whole number on each SM of the H100's 132 and the A40's 84),
// each warp 4096 instructions of which FP64 ones are share.
func fp64Kernel(share float64) Launch {
	const blocks = 3696
	warps := int64(blocks) * 8
	instrs := 4096 * warps
	return Launch{Counters: counters.Counters{
		Blocks: blocks, Threads: warps * 32, WarpInstrs: instrs, SASSWarpInstrs: instrs,
		FP64WarpInstrs: int64(share * float64(instrs)), MaxWarpInstrs: 4096,
	}, ThreadsPerBlock: 256, BlocksPerSM: 4}
}

// An FP64-heavy kernel is bound by the FP64 pipe on the A40 (2 FP64 lanes
// an SM against the H100's 64), and takes about the ratio of the two
// GPUs' FP64 rates (lanes × SMs × clock) longer.
func TestFP64HeavyOnA40(t *testing.T) {
	l := fp64Kernel(0.5)
	h, a := For(gpus.H100), For(gpus.A40)
	th, ta := h.Terms(l), a.Terms(l)
	if ta.Bound() != "FP64 pipe" {
		t.Errorf("A40: bound by %s (%+v), want the FP64 pipe", ta.Bound(), ta)
	}
	rate := func(g gpus.GPU) float64 { return float64(g.FP64Lanes*g.SMs) * g.ClockHz() }
	want := rate(gpus.H100) / rate(gpus.A40) // ≈ 57
	if got := ta.FP64 / th.FP64; got < 0.99*want || got > 1.01*want {
		t.Errorf("A40/H100 FP64 term %.1f×, want the FP64 rates' ratio %.1f×", got, want)
	}
	if got := float64(a.Kernel(l)) / float64(h.Kernel(l)); got < 20 {
		t.Errorf("FP64-heavy kernel only %.1f× slower on the A40 than on the H100", got)
	}
	// The A100 keeps half the H100's FP64 lanes: much closer.
	if got := float64(For(gpus.A100).Kernel(l)) / float64(h.Kernel(l)); got > 4 {
		t.Errorf("FP64-heavy kernel %.1f× slower on the A100 than on the H100; want a few times at most", got)
	}
}

// FP32 arithmetic on Turing's 64 FP32 lanes an SM issues at two
// warp-instructions a cycle, not four: an FP32-only kernel's issue term is
// twice its instruction count over four schedulers.
func TestFP32PipeOnTuring(t *testing.T) {
	l := fp64Kernel(0)
	l.Counters.FP32WarpInstrs = l.Counters.WarpInstrs
	m := For(gpus.T4)
	tm := m.Terms(l)
	onBusiest := float64((l.Counters.Blocks + int64(m.SMs) - 1) / int64(m.SMs))
	want := onBusiest * float64(l.Counters.WarpInstrs) / float64(l.Counters.Blocks) / (2 * m.ClockHz)
	if d := tm.Issue/want - 1; d > 1e-9 || d < -1e-9 {
		t.Errorf("T4 FP32-only issue term %v, want %v (2 a cycle)", tm.Issue, want)
	}
	if h := For(gpus.H100); h.Terms(l).Issue != H100.Terms(func() Launch { l2 := l; l2.Counters.FP32WarpInstrs = 0; return l2 }()).Issue {
		t.Error("on the H100, counting FP32 instructions changes the issue term")
	}
}

// A DRAM-bound copy larger than every L2 scales with the DRAM bandwidth:
// its DRAM term is the H100's times the ratio of the peaks.
func TestDRAMCopyScales(t *testing.T) {
	l := Launch{Counters: vecadd(1 << 26), ThreadsPerBlock: 256, BlocksPerSM: 4}
	for _, g := range gpus.All {
		tg := For(g).Terms(l)
		if tg.Bound() != "DRAM" {
			t.Errorf("%s: 2^26-element vector add bound by %s, want DRAM", g.Key, tg.Bound())
		}
		// The DRAM term is the bytes at the GPU's rate and the idle
		// between waves (whose number differs), the rate the H100's
		// scaled.
		m, data := For(g), float64(l.Counters.DRAMSectors)*32
		if s := data / m.DRAMBytesPerSec; math.Abs(tg.DRAM-s-waveIdle(m, tg.Waves, 8, s)) > 1e-12 {
			t.Errorf("%s: DRAM term %v, want %v and the idle between waves", g.Key, tg.DRAM, s)
		}
		got := H100.DRAMBytesPerSec / m.DRAMBytesPerSec
		want := gpus.H100.PeakDRAMBytesPerSec() / g.PeakDRAMBytesPerSec()
		if d := got/want - 1; d > 1e-9 || d < -1e-9 {
			t.Errorf("%s: the H100's DRAM rate %.3f× this GPU's, want the ratio of the peaks %.3f×", g.Key, got, want)
		}
	}
}
