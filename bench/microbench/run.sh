#!/usr/bin/env bash
# Builds and runs the time model's microbenchmarks on the GPU machine
# (nvcc 13, one H100): bash bench/microbench/run.sh [OUTDIR]
# Writes OUTDIR/microbench.tsv (default $OUT, else the current directory)
# and prints it. Three runs, each its own process, so that their spread is
# the noise; docs/timemodel.md says which constants each line measures.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-${OUT:-.}}
mkdir -p "$out"
bin=$(mktemp -d)/microbench
nvcc -O3 -arch=sm_90 -o "$bin" "$here/microbench.cu"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader >"$out/microbench.tsv"
for run in 1 2 3; do
	echo "# run $run" >>"$out/microbench.tsv"
	"$bin" >>"$out/microbench.tsv"
done
cat "$out/microbench.tsv"
