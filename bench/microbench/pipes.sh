#!/usr/bin/env bash
# Builds pipes.cu on the GPU machine, keeps its SASS, runs it three times
# (OUTDIR/pipes.tsv) and once under ncu for each kernel's warp-instructions
# on each pipe (OUTDIR/pipes-ncu.csv):
#   bash bench/microbench/pipes.sh [OUTDIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-${OUT:-.}}
mkdir -p "$out"
bin=$(mktemp -d)/pipes
nvcc -O3 -arch=sm_90 -o "$bin" "$here/pipes.cu"
cuobjdump -sass "$bin" >"$out/pipes.sass"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader >"$out/pipes.tsv"
for run in 1 2 3; do
	echo "# run $run" >>"$out/pipes.tsv"
	"$bin" >>"$out/pipes.tsv"
done
# The per-pipe instruction counts this ncu has (names differ by version).
ncu --query-metrics-mode suffix --metrics smsp__inst_executed --chip gh100 >"$out/pipes-metrics.txt" 2>&1 || true
metrics=smsp__inst_executed.sum,sm__cycles_elapsed.avg,sm__cycles_active.avg
for p in alu fma fmaheavy fmalite fp16 xu uniform lsu adu cbu fp64; do
	if ncu --query-metrics 2>/dev/null | grep -q "^smsp__inst_executed_pipe_$p "; then
		metrics=$metrics,smsp__inst_executed_pipe_$p.sum
	fi
done
echo "metrics: $metrics" >"$out/pipes-ncu.log"
ncu --csv --metrics "$metrics" "$bin" once >"$out/pipes-ncu.csv" 2>>"$out/pipes-ncu.log"
cat "$out/pipes.tsv"
