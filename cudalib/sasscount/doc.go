// Package sasscount counts what the GPU runs of a launch the virtual GPU
// ran: the SASS warp-instructions ptxas's code issues, per SASS
// instruction, pipe, memory access and source line (Count), estimated
// from the virtual GPU's warp executions of each PTX instruction
// (vgpu.Profile.PTXWarpInstrs) per SASS basic block (cudalib/sass's CFG),
// as blocks.go says in full; and a launch's shared requests as the SASS
// issues them (counters.go). Execution stays on the PTX: this is
// post-processing of a launch's counts, never work per lane.
//
// Its rules were written on tools/zoo's kernels (tools/zoocompare) and
// held, unchanged, to the labs' ncu counts (tools/ncucompare); the
// virtual GPU's profiles use it where NVRTC 13 and nvdisasm are installed
// (cudalib/sass.Find).
package sasscount

import "math"

// Warps is a launch's warp count: SASS on lines the PTX has no executed
// instruction on (the prologue) runs once a warp.
func Warps(grid, block [3]int) float64 {
	return float64(grid[0]*grid[1]*grid[2]) * math.Ceil(float64(block[0]*block[1]*block[2])/32)
}
