package labs

import (
	"fmt"

	"github.com/culab/culab/cudalib"
)

// configFunc is a single-kernel variant's launch configuration as a
// function of the size (g.n), the device (g.info) and the kernel.
type configFunc = func(g *gpuRun, k *cudalib.Kernel) (cudalib.Config, error)

// fixed launches the same shape at every size, as the seeds' fixed-grid
// variants do: the kernel's loops cover the rest of the data.
func fixed(grid, block cudalib.Dim3) configFunc {
	return func(*gpuRun, *cudalib.Kernel) (cudalib.Config, error) {
		return cudalib.Config{Grid: grid, Block: block}, nil
	}
}

// perElement launches one thread per element: ceil(n/block) blocks.
func perElement(block int) configFunc {
	return func(g *gpuRun, _ *cudalib.Kernel) (cudalib.Config, error) {
		return cudalib.Linear(g.n, block), nil
	}
}

// tiles covers an n×n matrix with one block of bx×by threads per
// tile×tile patch.
func tiles(tile, bx, by int) configFunc {
	return func(g *gpuRun, _ *cudalib.Kernel) (cudalib.Config, error) {
		t := ceilDiv(g.n, tile)
		return cudalib.Config{Grid: cudalib.D2(t, t), Block: cudalib.D2(bx, by)}, nil
	}
}

// fullWave is for grid-stride kernels: blocks of the given size, exactly as
// many as the device runs at once (blocks per SM, from the occupancy API,
// times the SMs).
func fullWave(block int) configFunc {
	return func(g *gpuRun, k *cudalib.Kernel) (cudalib.Config, error) {
		perSM, err := k.ActiveBlocksPerSM(block, 0)
		if err != nil {
			return cudalib.Config{}, err
		}
		if perSM < 1 {
			return cudalib.Config{}, fmt.Errorf("%s: no block of %d threads fits on an SM", k.Name(), block)
		}
		return cudalib.Config{Grid: cudalib.D1(perSM * g.info.SMCount), Block: cudalib.D1(block)}, nil
	}
}

// occupancy is for grid-stride kernels: the block size and grid the
// occupancy API suggests (cuOccupancyMaxPotentialBlockSize, seed 004).
func occupancy(g *gpuRun, k *cudalib.Kernel) (cudalib.Config, error) {
	o, err := k.SuggestBlock(0)
	if err != nil {
		return cudalib.Config{}, err
	}
	return cudalib.Config{Grid: cudalib.D1(o.MinGrid), Block: cudalib.D1(o.Block)}, nil
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// outsInsN is the argument list most kernels take: the outputs, the inputs,
// then the size n.
func outsInsN(g *gpuRun) []any {
	var args []any
	for _, b := range g.out {
		args = append(args, b)
	}
	for _, b := range g.in {
		args = append(args, b)
	}
	return append(args, g.n)
}
