#!/usr/bin/env bash
# Builds smemmix.cu on the GPU machine, keeps its SASS, runs it three times
# (OUTDIR/smemmix.tsv) and once under ncu for each kernel's exact
# warp-instructions and shared wavefronts (OUTDIR/smemmix-ncu.csv):
#   bash bench/microbench/smemmix.sh [OUTDIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-${OUT:-.}}
mkdir -p "$out"
bin=$(mktemp -d)/smemmix
nvcc -O3 -arch=sm_90 -o "$bin" "$here/smemmix.cu"
cuobjdump -sass "$bin" >"$out/smemmix.sass"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader >"$out/smemmix.tsv"
for run in 1 2 3; do
	echo "# run $run" >>"$out/smemmix.tsv"
	"$bin" >>"$out/smemmix.tsv"
done
ncu --csv --metrics smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,sm__cycles_elapsed.max \
	"$bin" once >"$out/smemmix-ncu.csv" 2>"$out/smemmix-ncu.log"
cat "$out/smemmix.tsv"
