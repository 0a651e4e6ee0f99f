#!/usr/bin/env bash
# Builds l1mix.cu on the GPU machine, keeps its SASS, runs it three times
# (OUTDIR/l1mix.tsv) and once under ncu for each kernel's exact
# warp-instructions and L1 data-pipe wavefronts, shared and all
# (OUTDIR/l1mix-ncu.csv):
#   bash bench/microbench/l1mix.sh [OUTDIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-${OUT:-.}}
mkdir -p "$out"
bin=$(mktemp -d)/l1mix
nvcc -O3 -arch=sm_90 -o "$bin" "$here/l1mix.cu"
cuobjdump -sass "$bin" >"$out/l1mix.sass"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader >"$out/l1mix.tsv"
for run in 1 2 3; do
	echo "# run $run" >>"$out/l1mix.tsv"
	"$bin" >>"$out/l1mix.tsv"
done
ncu --csv --metrics smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum,sm__cycles_elapsed.max \
	"$bin" once >"$out/l1mix-ncu.csv" 2>"$out/l1mix-ncu.log"
cat "$out/l1mix.tsv"
