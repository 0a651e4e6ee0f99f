// Package gpus describes the GPUs the virtual GPU can model, each by
// NVIDIA's published figures: the device report a CUDA device query
// gives, the compute capability's limits (occupancy) and the per-SM
// pipes the time model needs. It is a leaf of figures, not a model:
// cudalib/timemodel turns a description into modeled times (For), and
// cudalib/internal/virtual into the virtual GPU's device query, limits
// and NVRTC target.
//
// Every figure carries its source in a comment beside it (docs/gpus.md
// tabulates them). The sources, cited by tag:
//
//	[CCtab]  CUDA C++ Programming Guide, "Compute Capabilities": table
//	         "Technical Specifications per Compute Capability" (resident
//	         blocks, warps and threads per SM, registers, shared memory per
//	         SM and per block) and table "Throughput of Native Arithmetic
//	         Instructions" (FP32, FP64 and SFU results per clock per SM).
//	         https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#compute-capabilities
//	[CCmem]  the same guide, the compute capability sections' "Shared
//	         Memory" (unified L1/shared per SM: 96 KB on 7.5, 192 KB on 8.0,
//	         128 KB on 8.6 and 8.9, 256 KB on 9.0) and
//	         cudaDevAttrReservedSharedMemoryPerBlock (1 KB a block from 8.0).
//	[Occ]    CUDA Occupancy Calculator (the CUDA toolkit's
//	         tools/CUDA_Occupancy_Calculator.xls, "GPU Data"; Nsight
//	         Compute's occupancy calculator): register allocation unit 256
//	         per warp, shared memory allocation unit 256 B on 7.x and 128 B
//	         from 8.0.
//	[H100wp] NVIDIA H100 Tensor Core GPU Architecture whitepaper (2022):
//	         H100 SXM5 132 SMs, 4 sub-partitions an SM, 128 FP32 and 64
//	         FP64 lanes an SM, 50 MB L2, 3.35 TB/s HBM3.
//	[H100dr] the H100's own device report, docs/results/2026-11-22-h100/tables.md.
//	[H200ds] NVIDIA H200 Tensor Core GPU datasheet (2024): 141 GB HBM3e,
//	         4.8 TB/s; the same GH100 SM and count as the H100 SXM.
//	         https://www.nvidia.com/en-us/data-center/h200/
//	[H200dr] the H200's own device report,
//	         docs/results/2026-11-26-h200-gpu-check/README.md (the
//	         device's properties only; no time measured on it sets a figure).
//	[A100wp] NVIDIA A100 Tensor Core GPU Architecture whitepaper (2020):
//	         108 SMs, 1410 MHz boost, 64 FP32 and 32 FP64 lanes an SM,
//	         192 KB L1/shared an SM, 40 MB L2, 5120-bit HBM2 at 1555 GB/s.
//	[A100ds] NVIDIA A100 datasheet (2021): A100 80GB SXM 2039 GB/s HBM2e.
//	[GA102wp] NVIDIA Ampere GA102 GPU Architecture whitepaper (v2, 2021):
//	         the GA10x SM (128 FP32 lanes, 2 FP64 units, 16 SFU lanes,
//	         128 KB L1/shared), the full GA102's 84 SMs and 6 MB L2.
//	[A40pb]  NVIDIA A40 GPU Accelerator product brief PB-09976-001_v04
//	         (2021): 10752 CUDA cores (84 SMs), 1740 MHz boost, 48 GB GDDR6,
//	         384-bit, 696 GB/s.
//	[ADAwp]  NVIDIA Ada GPU Architecture whitepaper (v2.1, 2023): the
//	         AD10x SM (as GA10x's: 128 FP32, 2 FP64, 16 SFU lanes, 128 KB
//	         L1/shared), AD104's 48 MB L2.
//	[L4ds]   NVIDIA L4 Tensor Core GPU datasheet (2023): 7424 CUDA cores
//	         (58 SMs), 2040 MHz boost, 24 GB GDDR6 at 300 GB/s, 192-bit.
//	[TURwp]  NVIDIA Turing GPU Architecture whitepaper (WP-09183-001, 2018):
//	         the Turing SM (64 FP32 lanes, 2 FP64 units, 16 SFU lanes,
//	         96 KB L1/shared, 4 sub-partitions); RTX 2080 Ti (TU102, 68 SMs,
//	         1545 MHz boost on the reference board, 1635 on the Founders
//	         Edition; 11 GB GDDR6 at 14 Gbps, 352-bit, 616 GB/s; 5632 KB L2);
//	         TU104's 4 MB L2.
//	[T4ds]   NVIDIA T4 datasheet (2019): 2560 CUDA cores (40 SMs), 1590 MHz
//	         boost, 16 GB GDDR6 at 320 GB/s, 256-bit.
package gpus

import (
	"fmt"
	"slices"
	"strings"
)

// GPU is one GPU's published figures.
type GPU struct {
	Key   string // the name it is chosen by: "h100", "a40", …
	Label string // its short name in prose: "H100", "RTX 2080 Ti"
	Name  string // the name the driver reports
	// Board says which variant of the GPU the figures are (form factor,
	// memory), where there are several.
	Board string

	Major, Minor int // compute capability

	SMs         int
	ClockKHz    int // the SM clock the driver reports as its maximum (boost)
	MemClockKHz int // the memory clock as the driver reports it (half the data rate)
	MemBusWidth int // bits
	DRAMBytes   uint64
	L2Bytes     int

	// Per SM: results per clock of each pipe (CUDA's "throughput of
	// native arithmetic instructions"), warp schedulers (sub-partitions),
	// the unified L1/shared array and the most of it shared memory may take.
	FP32Lanes, FP64Lanes, SFULanes int
	Schedulers                     int
	L1SharedBytes                  int
	SharedPerSM                    int

	// The compute capability's limits (occupancy).
	SharedPerBlock      int // without opting in
	SharedPerBlockOptin int
	SharedAllocUnit     int // bytes
	SharedReserved      int // bytes the system keeps per block
	MaxBlocksPerSM      int
	MaxWarpsPerSM       int
	MaxThreadsPerBlock  int
	RegsPerSM           int
	RegsPerBlock        int
	RegsPerThread       int
	RegAllocUnit        int // registers per warp are allocated in units of this
}

// ClockHz is the SM clock in Hz.
func (g GPU) ClockHz() float64 { return float64(g.ClockKHz) * 1e3 }

// PeakDRAMBytesPerSec is the DRAM's theoretical bandwidth (DDR: two
// transfers per reported memory clock), as the device query computes it.
func (g GPU) PeakDRAMBytesPerSec() float64 {
	return 2 * float64(g.MemClockKHz) * 1e3 * float64(g.MemBusWidth/8)
}

// MaxThreadsPerSM is the resident threads an SM holds.
func (g GPU) MaxThreadsPerSM() int { return g.MaxWarpsPerSM * 32 }

// Arch is the architecture name NVRTC targets, e.g. "sm_90".
func (g GPU) Arch() string { return fmt.Sprintf("sm_%d%d", g.Major, g.Minor) }

// Per-compute-capability limits, shared by the GPUs of one capability.
// Registers: 64 K 32-bit registers an SM and a block, 255 a thread, on
// every capability here [CCtab]; allocated per warp in units of 256 [Occ].
func withCC(g GPU) GPU {
	g.RegsPerSM, g.RegsPerBlock, g.RegsPerThread, g.RegAllocUnit = 64<<10, 64<<10, 255, 256
	g.MaxThreadsPerBlock = 1024 // [CCtab]
	g.SharedPerBlock = 48 << 10 // [CCtab]: more only by opting in
	g.Schedulers = 4            // four sub-partitions an SM since Volta [TURwp, GA102wp, ADAwp, A100wp, H100wp]
	g.SFULanes = 16             // [CCtab]: 16 results a clock an SM on 7.5 to 9.0
	switch g.Major*10 + g.Minor {
	case 75: // Turing
		g.FP32Lanes, g.FP64Lanes = 64, 2                // [CCtab]
		g.MaxBlocksPerSM, g.MaxWarpsPerSM = 16, 32      // [CCtab]
		g.L1SharedBytes, g.SharedPerSM = 96<<10, 64<<10 // [CCmem], [CCtab]
		g.SharedPerBlockOptin = 64 << 10                // [CCtab]
		g.SharedAllocUnit, g.SharedReserved = 256, 0    // [Occ], [CCmem]
	case 80: // GA100
		g.FP32Lanes, g.FP64Lanes = 64, 32                 // [CCtab]
		g.MaxBlocksPerSM, g.MaxWarpsPerSM = 32, 64        // [CCtab]
		g.L1SharedBytes, g.SharedPerSM = 192<<10, 164<<10 // [CCmem], [CCtab]
		g.SharedPerBlockOptin = 163 << 10                 // [CCtab]
		g.SharedAllocUnit, g.SharedReserved = 128, 1<<10  // [Occ], [CCmem]
	case 86, 89: // GA10x, AD10x
		g.FP32Lanes, g.FP64Lanes = 128, 2          // [CCtab]
		g.MaxBlocksPerSM, g.MaxWarpsPerSM = 16, 48 // [CCtab] (8.6)
		if g.Minor == 9 {
			g.MaxBlocksPerSM = 24 // [CCtab] (8.9)
		}
		g.L1SharedBytes, g.SharedPerSM = 128<<10, 100<<10 // [CCmem], [CCtab]
		g.SharedPerBlockOptin = 99 << 10                  // [CCtab]
		g.SharedAllocUnit, g.SharedReserved = 128, 1<<10  // [Occ], [CCmem]
	case 90: // Hopper
		g.FP32Lanes, g.FP64Lanes = 128, 64                // [CCtab]
		g.MaxBlocksPerSM, g.MaxWarpsPerSM = 32, 64        // [CCtab]
		g.L1SharedBytes, g.SharedPerSM = 256<<10, 228<<10 // [CCmem], [CCtab]
		g.SharedPerBlockOptin = 227 << 10                 // [CCtab]
		g.SharedAllocUnit, g.SharedReserved = 128, 1<<10  // [Occ], [CCmem]
	}
	return g
}

// The named GPUs. Memory clocks of GDDR boards are half the published
// data rate, as the driver reports them, so that the device query's peak
// bandwidth is the published one.
var (
	// H100 is the GPU the time model was built on.
	H100 = withCC(GPU{
		Key: "h100", Label: "H100", Name: "NVIDIA H100 80GB HBM3", Board: "H100 SXM5 80 GB",
		Major: 9, Minor: 0,
		SMs:         132,         // [H100wp], [H100dr]
		ClockKHz:    1980000,     // [H100dr]
		MemClockKHz: 2619000,     // [H100dr]
		MemBusWidth: 5120,        // [H100dr]: 3352 GB/s
		DRAMBytes:   85017493504, // [H100dr]
		L2Bytes:     52428800,    // [H100dr], [H100wp] 50 MB
	})
	// H200 is the time model's out-of-sample check: the H100's SM at the
	// same count and clock, with more and faster memory and more L2.
	H200 = withCC(GPU{
		Key: "h200", Label: "H200", Name: "NVIDIA H200", Board: "H200 SXM 141 GB",
		Major: 9, Minor: 0,
		SMs:         132,          // [H200ds], [H200dr]
		ClockKHz:    1980000,      // [H200dr]
		MemClockKHz: 3201000,      // [H200dr]
		MemBusWidth: 6016,         // [H200dr]: 4814 GB/s ([H200ds] 4.8 TB/s)
		DRAMBytes:   150109880320, // [H200dr] ([H200ds] 141 GB)
		L2Bytes:     62914560,     // [H200dr]: 60 MiB
	})
	// A100 is the A100 SXM4 40 GB (the cloud notebooks' A100).
	A100 = withCC(GPU{
		Key: "a100", Label: "A100", Name: "NVIDIA A100-SXM4-40GB", Board: "A100 SXM4 40 GB",
		Major: 8, Minor: 0,
		SMs:         108,      // [A100wp]
		ClockKHz:    1410000,  // [A100wp]
		MemClockKHz: 1215000,  // [A100wp]: 1555 GB/s on 5120 bits
		MemBusWidth: 5120,     // [A100wp]
		DRAMBytes:   40 << 30, // [A100wp]
		L2Bytes:     40 << 20, // [A100wp]
	})
	// A10080 is the A100 SXM4 80 GB: A100's SM, faster memory.
	A10080 = withCC(GPU{
		Key: "a100-80gb", Label: "A100 80GB", Name: "NVIDIA A100-SXM4-80GB", Board: "A100 SXM4 80 GB",
		Major: 8, Minor: 0,
		SMs:         108,      // [A100wp]
		ClockKHz:    1410000,  // [A100wp]
		MemClockKHz: 1593000,  // [A100ds]: 2039 GB/s on 5120 bits
		MemBusWidth: 5120,     // [A100wp]
		DRAMBytes:   80 << 30, // [A100ds]
		L2Bytes:     40 << 20, // [A100wp]
	})
	// A40 is the GPU of the stencil report (seed report 000).
	A40 = withCC(GPU{
		Key: "a40", Label: "A40", Name: "NVIDIA A40", Board: "A40 PCIe 48 GB",
		Major: 8, Minor: 6,
		SMs:         84,       // [A40pb]: 10752 cores / 128; [GA102wp]
		ClockKHz:    1740000,  // [A40pb]
		MemClockKHz: 7250000,  // [A40pb]: 14.5 Gbps GDDR6, 696 GB/s on 384 bits
		MemBusWidth: 384,      // [A40pb]
		DRAMBytes:   48 << 30, // [A40pb]
		L2Bytes:     6 << 20,  // [GA102wp]
	})
	// L4 is the Ada data-centre inference GPU of the cloud notebooks.
	L4 = withCC(GPU{
		Key: "l4", Label: "L4", Name: "NVIDIA L4", Board: "L4 PCIe 24 GB",
		Major: 8, Minor: 9,
		SMs:         58,       // [L4ds]: 7424 cores / 128
		ClockKHz:    2040000,  // [L4ds]
		MemClockKHz: 6250000,  // [L4ds]: 300 GB/s on 192 bits (12.5 Gbps)
		MemBusWidth: 192,      // [L4ds]
		DRAMBytes:   24 << 30, // [L4ds]
		L2Bytes:     48 << 20, // [ADAwp]: AD104
	})
	// T4 is the free notebook services' GPU.
	T4 = withCC(GPU{
		Key: "t4", Label: "T4", Name: "Tesla T4", Board: "T4 PCIe 16 GB",
		Major: 7, Minor: 5,
		SMs:         40,       // [T4ds]: 2560 cores / 64
		ClockKHz:    1590000,  // [T4ds]
		MemClockKHz: 5000000,  // [T4ds]: 320 GB/s on 256 bits (10 Gbps)
		MemBusWidth: 256,      // [T4ds]
		DRAMBytes:   16 << 30, // [T4ds]
		L2Bytes:     4 << 20,  // [TURwp]: TU104
	})
	// RTX2080Ti is the GPU of the vector add and matmul report (seed
	// report 001), a reference board's clock.
	RTX2080Ti = withCC(GPU{
		Key: "rtx2080ti", Label: "RTX 2080 Ti", Name: "NVIDIA GeForce RTX 2080 Ti", Board: "GeForce RTX 2080 Ti, reference clocks, 11 GB",
		Major: 7, Minor: 5,
		SMs:         68,         // [TURwp]
		ClockKHz:    1545000,    // [TURwp]: reference boost (Founders Edition 1635)
		MemClockKHz: 7000000,    // [TURwp]: 14 Gbps GDDR6, 616 GB/s on 352 bits
		MemBusWidth: 352,        // [TURwp]
		DRAMBytes:   11 << 30,   // [TURwp]
		L2Bytes:     5632 << 10, // [TURwp]
	})
)

// All is every named GPU, the H100 (the default) first.
var All = []GPU{H100, H200, A100, A10080, A40, L4, T4, RTX2080Ti}

// Keys are the names GPUs are chosen by, in All's order.
func Keys() []string {
	keys := make([]string, len(All))
	for i, g := range All {
		keys[i] = g.Key
	}
	return keys
}

// aliases are other spellings users write for a key.
var aliases = map[string]string{"2080ti": "rtx2080ti", "rtx-2080-ti": "rtx2080ti", "a100-40gb": "a100"}

// Lookup finds a GPU by its key, case and surrounding space ignored; an
// unknown name is an error that lists the names.
func Lookup(name string) (GPU, error) {
	k := strings.ToLower(strings.TrimSpace(name))
	if a, ok := aliases[k]; ok {
		k = a
	}
	if i := slices.IndexFunc(All, func(g GPU) bool { return g.Key == k }); i >= 0 {
		return All[i], nil
	}
	return GPU{}, fmt.Errorf("unknown GPU model %q: the virtual GPU models %s", name, strings.Join(Keys(), ", "))
}

// ByDeviceName finds the GPU whose driver reports this name ("Tesla T4").
func ByDeviceName(name string) (GPU, bool) {
	i := slices.IndexFunc(All, func(g GPU) bool { return g.Name == name })
	if i < 0 {
		return GPU{}, false
	}
	return All[i], true
}
