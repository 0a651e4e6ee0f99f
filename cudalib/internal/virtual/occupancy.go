package virtual

import "github.com/culab/culab/cudalib/internal/seam"

// The occupancy API of the virtual GPU: the CUDA occupancy calculator's
// rules for compute capability 9.0, on the device's Info and a kernel's
// resource use (its registers are vgpu's estimate from the PTX).

// kernelUse is what a kernel takes per thread and per block.
type kernelUse struct {
	registers    int // per thread
	staticShared int // bytes per block
}

// Per-SM limits of compute capability 9.0 that Info does not carry.
const (
	cc90MaxBlocksPerSM   = 32
	cc90RegsPerSM        = 64 << 10
	cc90RegAllocUnit     = 256  // registers are allocated per warp in units of 256
	cc90SharedAllocUnit  = 128  // bytes
	cc90SharedReserved   = 1024 // bytes the system keeps per block
	cc90MaxWarpsPerBlock = 32
)

// activeBlocks is how many blocks of the given size fit on one SM.
func activeBlocks(inf seam.Info, k kernelUse, block, dynamicShared int) int {
	if block <= 0 || block > inf.MaxThreadsPerBlock {
		return 0
	}
	warps := ceilDiv(block, inf.WarpSize)
	n := min(cc90MaxBlocksPerSM, inf.MaxThreadsPerSM/inf.WarpSize/warps)

	regsPerWarp := roundUp(k.registers*inf.WarpSize, cc90RegAllocUnit)
	if regsPerWarp*warps > inf.RegsPerBlock {
		return 0
	}
	n = min(n, cc90RegsPerSM/regsPerWarp/warps)

	shared := k.staticShared + dynamicShared
	if shared > inf.SharedPerBlockOptin {
		return 0
	}
	perBlock := roundUp(shared+cc90SharedReserved, cc90SharedAllocUnit)
	return min(n, inf.SharedPerSM/perBlock)
}

// suggestBlock is cuOccupancyMaxPotentialBlockSize: the block size that
// keeps the most threads resident (the largest such), and the grid that
// fills every SM with it.
func suggestBlock(inf seam.Info, k kernelUse, dynamicShared int) (minGrid, block int) {
	best, bestBlocks := 0, 0
	for b := min(inf.MaxThreadsPerBlock, cc90MaxWarpsPerBlock*inf.WarpSize); b > 0; b -= inf.WarpSize {
		n := activeBlocks(inf, k, b, dynamicShared)
		if n*b > best*bestBlocks {
			best, bestBlocks = b, n
		}
	}
	return bestBlocks * inf.SMCount, best
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

func roundUp(a, unit int) int { return ceilDiv(a, unit) * unit }
