#!/usr/bin/env bash
# Builds branch.cu on the GPU machine, keeps its SASS (OUTDIR/branch.sass)
# and runs it three times (OUTDIR/branch.tsv):
#   bash bench/microbench/branch.sh [OUTDIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-${OUT:-.}}
mkdir -p "$out"
bin=$(mktemp -d)/branch
nvcc -O3 -arch=sm_90 -lineinfo -o "$bin" "$here/branch.cu"
cuobjdump -sass "$bin" >"$out/branch.sass"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader >"$out/branch.tsv"
for run in 1 2 3; do
	echo "# run $run" >>"$out/branch.tsv"
	"$bin" >>"$out/branch.tsv"
done
cat "$out/branch.tsv"
