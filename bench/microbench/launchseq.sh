#!/usr/bin/env bash
# Builds and runs launchseq.cu (the cost of a timed sequence of launches)
# on the GPU machine: bash bench/microbench/launchseq.sh [OUTDIR]
# Writes OUTDIR/launchseq.tsv, three runs, each its own process.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-${OUT:-.}}
mkdir -p "$out"
bin=$(mktemp -d)/launchseq
nvcc -O3 -arch=sm_90 -o "$bin" "$here/launchseq.cu"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader >"$out/launchseq.tsv"
for run in 1 2 3; do
	echo "# run $run" >>"$out/launchseq.tsv"
	"$bin" >>"$out/launchseq.tsv"
done
cat "$out/launchseq.tsv"
