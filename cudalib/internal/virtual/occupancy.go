package virtual

import "github.com/culab/culab/cudalib/gpus"

// The occupancy API of the virtual GPU: the CUDA occupancy calculator's
// rules, with the modelled GPU's compute capability's limits (package
// gpus), on a kernel's resource use (its registers are vgpu's estimate
// from the PTX).

// kernelUse is what a kernel takes per thread and per block.
type kernelUse struct {
	registers    int // per thread
	staticShared int // bytes per block
}

// activeBlocks is how many blocks of the given size fit on one SM of g.
func activeBlocks(g gpus.GPU, k kernelUse, block, dynamicShared int) int {
	if block <= 0 || block > g.MaxThreadsPerBlock {
		return 0
	}
	warps := ceilDiv(block, 32)
	n := min(g.MaxBlocksPerSM, g.MaxWarpsPerSM/warps)

	regsPerWarp := roundUp(k.registers*32, g.RegAllocUnit)
	if regsPerWarp*warps > g.RegsPerBlock {
		return 0
	}
	n = min(n, g.RegsPerSM/regsPerWarp/warps)

	shared := k.staticShared + dynamicShared
	if shared > g.SharedPerBlockOptin {
		return 0
	}
	perBlock := roundUp(shared+g.SharedReserved, g.SharedAllocUnit)
	if perBlock == 0 {
		return n // no shared memory (Turing reserves none)
	}
	return min(n, g.SharedPerSM/perBlock)
}

// suggestBlock is cuOccupancyMaxPotentialBlockSize: the block size that
// keeps the most threads resident (the largest such), and the grid that
// fills every SM with it.
func suggestBlock(g gpus.GPU, k kernelUse, dynamicShared int) (minGrid, block int) {
	best, bestBlocks := 0, 0
	for b := g.MaxThreadsPerBlock; b > 0; b -= 32 {
		n := activeBlocks(g, k, b, dynamicShared)
		if n*b > best*bestBlocks {
			best, bestBlocks = b, n
		}
	}
	return bestBlocks * g.SMs, best
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

func roundUp(a, unit int) int { return ceilDiv(a, unit) * unit }
