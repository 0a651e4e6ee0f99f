// Package sassest estimates the SASS warp-instructions a kernel runs on
// the GPU from the virtual GPU's warp executions of each PTX instruction
// (vgpu.Profile.PTXWarpInstrs): per SASS basic block (cudalib/sass's
// CFG), as blocks.go says in full. It also counts a launch's shared
// requests as the SASS issues them (counters.go). tools/zoocompare wrote
// its rules on the zoo; tools/ncucompare holds them, unchanged, to the
// labs' ncu counts.
package sassest

import "math"

// Warps is a launch's warp count: SASS on lines the PTX has no executed
// instruction on (the prologue) runs once a warp.
func Warps(grid, block [3]int) float64 {
	return float64(grid[0]*grid[1]*grid[2]) * math.Ceil(float64(block[0]*block[1]*block[2])/32)
}
