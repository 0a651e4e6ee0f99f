package timemodel

import "github.com/culab/culab/cudalib/gpus"

// For is the model of the GPU g: H100's mechanisms and calibration, with
// g's published figures (package gpus) where the H100's were, each term
// scaled by the ratio of the figure that sets it (docs/gpus.md):
//
//   - SMs and clock: g's. Issue: its schedulers (four an SM on every
//     GPU here). FP32, FP64 and SFU pipes: H100's rate (the FP64 and SFU
//     ones as measured: 96.5 % and 98 % of their lanes) times g's lanes
//     an SM over H100's. The integer ALU and the FMA pipe's heavy half:
//     H100's (16 lanes a scheduler), the latter at most the FP32 rate.
//   - DRAM: H100's measured rates (the copy's 3.0 TB/s, the looping
//     grid's 2.78, the driver copy's 2.95, scattered sectors and atomics) times g's
//     peak over H100's: the same achieved fraction of the peak (about
//     90 %), an estimate where the memory is GDDR6 and not HBM.
//   - L2: g's size; its bandwidth, the L2-resident rate, the partial-store
//     rate, the scattered-sector rate and the atomics' rates over a
//     footprint are not published: they scale with SMs × clock (an L2
//     sized to feed its SMs), an estimate.
//     Same-address atomics and block dispatch, one unit each, with the
//     clock.
//   - L1: H100's share of the unified L1/shared array (200 of 256 KB) of
//     g's array.
//   - Latencies: SM-side ones (instruction, L1, L2, shared, barrier, warp
//     start) in cycles as on the H100 — microbenchmark papers find them
//     within a few tens of percent across Turing, Ampere and Hopper (Jia
//     et al. 2019, "Dissecting the NVidia Turing T4 GPU via
//     Microbenchmarking", arXiv:1903.07486; Luo et al. 2024,
//     "Benchmarking and Dissecting the Nvidia Hopper GPU Architecture",
//     arXiv:2402.13499) — but an FP64 instruction, which a warp passes
//     through its sub-partition's FP64 lanes (16 on the H100: 2 cycles; one
//     lane on GPUs of 2 an SM: 32 cycles), waits that pass longer or
//     shorter. DRAM's latency in nanoseconds as on the H100.
//   - The host's and driver's costs (launch overhead, gaps, copy start) as
//     on the H100: they are the host's, not the GPU's.
//
// For(gpus.H100) is H100, constant for constant (TestForH100).
func For(g gpus.GPU) GPU {
	h := gpus.H100
	ratio := func(a, b float64) float64 { return a / b }
	sms := ratio(float64(g.SMs), float64(h.SMs))
	clock := ratio(g.ClockHz(), h.ClockHz())
	dram := ratio(g.PeakDRAMBytesPerSec(), h.PeakDRAMBytesPerSec())
	l2 := sms * clock

	m := H100
	m.SMs = g.SMs
	m.ClockHz = g.ClockHz()
	m.IssuePerSM = H100.IssuePerSM * ratio(float64(g.Schedulers), float64(h.Schedulers))
	m.FP32PerSM = H100.FP32PerSM * ratio(float64(g.FP32Lanes), float64(h.FP32Lanes))
	m.FP64PerSM = H100.FP64PerSM * ratio(float64(g.FP64Lanes), float64(h.FP64Lanes))
	m.SFUPerSM = H100.SFUPerSM * ratio(float64(g.SFULanes), float64(h.SFULanes))
	// 16 integer ALU lanes a scheduler on every GPU here; the FMA pipe's
	// heavy half at most the FP32 pipe.
	m.ALUPerSM = H100.ALUPerSM * ratio(float64(g.Schedulers), float64(h.Schedulers))
	m.IMADPerSM = min(H100.IMADPerSM*ratio(float64(g.Schedulers), float64(h.Schedulers)), m.FP32PerSM)
	m.DRAMBytesPerSec = H100.DRAMBytesPerSec * dram
	m.LoopDRAMBytesPerSec = H100.LoopDRAMBytesPerSec * dram
	m.CopyBytesPerSec = H100.CopyBytesPerSec * dram
	m.L2Bytes = float64(g.L2Bytes)
	m.L2BytesPerSec = H100.L2BytesPerSec * l2
	m.ResidentBytesPerSec = H100.ResidentBytesPerSec * l2
	m.StoreSectorsPerSec = H100.StoreSectorsPerSec * l2
	m.ScatteredL2SectorsPerSec = H100.ScatteredL2SectorsPerSec * l2
	m.ScatteredDRAMSectorsPerSec = H100.ScatteredDRAMSectorsPerSec * dram
	m.DRAMAtomicsPerSec = H100.DRAMAtomicsPerSec * dram
	m.FootprintAtomics = make([]Footprint, len(H100.FootprintAtomics))
	for i, f := range H100.FootprintAtomics {
		m.FootprintAtomics[i] = Footprint{f.Words, f.OpsPerSec * l2}
	}
	m.AddressAtomicsPerSec = H100.AddressAtomicsPerSec * clock
	m.BlocksPerSec = H100.BlocksPerSec * clock
	m.L1Bytes = H100.L1Bytes * ratio(float64(g.L1SharedBytes), float64(h.L1SharedBytes))
	m.FP64Cycles = H100.FP64Cycles + (fp64Pass(g) - fp64Pass(h))
	m.DRAMLatencyCycles = H100.DRAMLatencyCycles * clock
	m.WaveIdleCycles = H100.WaveIdleCycles * clock
	m.DRAMLoadCycles = H100.DRAMLoadCycles * clock
	return m
}

// fp64Pass is the cycles one warp-instruction takes to pass through the
// FP64 lanes of its sub-partition (at least one lane).
func fp64Pass(g gpus.GPU) float64 {
	return 32 / max(float64(g.FP64Lanes)/float64(g.Schedulers), 1)
}
