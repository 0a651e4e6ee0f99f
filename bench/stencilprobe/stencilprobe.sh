#!/usr/bin/env bash
# On the GPU machine: build stencilprobe.cu, time it (OUTDIR/stencilprobe.tsv)
# and run it once under ncu with the warp-state, scheduler and memory
# sections (OUTDIR/stencilprobe-ncu.csv), and for its stall reasons and L1
# data-pipe wavefronts (OUTDIR/stencilprobe-stalls.csv):  bash bench/stencilprobe/stencilprobe.sh [OUTDIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-${OUT:-.}}
mkdir -p "$out"
bin=$(mktemp -d)/stencilprobe
nvcc -O3 -arch=sm_90 -o "$bin" "$here/stencilprobe.cu"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$out/stencilprobe.tsv"
"$bin" >>"$out/stencilprobe.tsv"
ncu --csv --page details --section WarpStateStats --section SchedulerStats --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats \
	"$bin" once >"$out/stencilprobe-ncu.csv" 2>"$out/stencilprobe-ncu.log"
# where the warps stall, and the L1 data pipe's wavefronts by what they serve
ncu --csv --metrics 'regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio',smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,sm__cycles_elapsed.avg \
	"$bin" once >"$out/stencilprobe-stalls.csv" 2>>"$out/stencilprobe-ncu.log"
cat "$out/stencilprobe.tsv"
