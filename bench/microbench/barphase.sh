#!/usr/bin/env bash
# Builds barphase.cu on the GPU machine, keeps its SASS, runs it three times
# (OUTDIR/barphase.tsv) and once under ncu for each kernel's exact
# warp-instructions
# (OUTDIR/barphase-ncu.csv):
#   bash bench/microbench/barphase.sh [OUTDIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-${OUT:-.}}
mkdir -p "$out"
bin=$(mktemp -d)/barphase
nvcc -O3 -arch=sm_90 -o "$bin" "$here/barphase.cu"
cuobjdump -sass "$bin" >"$out/barphase.sass"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader >"$out/barphase.tsv"
for run in 1 2 3; do
	echo "# run $run" >>"$out/barphase.tsv"
	"$bin" >>"$out/barphase.tsv"
done
ncu --csv --metrics smsp__inst_executed.sum,launch__registers_per_thread,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum,lts__t_sector_hit_rate.pct,sm__cycles_elapsed.max \
	"$bin" once >"$out/barphase-ncu.csv" 2>"$out/barphase-ncu.log"
cat "$out/barphase.tsv"
