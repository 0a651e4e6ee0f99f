#!/usr/bin/env bash
# On the GPU machine: build nwprobe.cu, time it (OUTDIR/nwprobe.tsv), keep
# its SASS, and run it once under ncu for its stall reasons and memory
# instructions (OUTDIR/nwprobe-stalls.csv):  bash bench/nwprobe/nwprobe.sh [OUTDIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-${OUT:-.}}
mkdir -p "$out"
bin=$(mktemp -d)/nwprobe
nvcc -O3 -arch=sm_90 -lineinfo -o "$bin" "$here/nwprobe.cu"
cuobjdump -sass "$bin" >"$out/nwprobe.sass"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$out/nwprobe.tsv"
"$bin" >>"$out/nwprobe.tsv"
ncu --csv --metrics 'regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio',smsp__inst_executed.sum,smsp__cycles_active.avg,sm__cycles_elapsed.avg,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__t_requests_pipe_lsu_mem_local_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,l1tex__t_sector_hit_rate.pct \
	"$bin" once >"$out/nwprobe-stalls.csv" 2>"$out/nwprobe-ncu.log"
cat "$out/nwprobe.tsv"
