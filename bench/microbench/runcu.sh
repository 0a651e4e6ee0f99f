#!/usr/bin/env bash
# Builds and runs one of the single-file microbenchmarks (NAME.cu: launchseq, blocksize,
# barrier, l1lines, atommult, shfl, ldslat, l1cold, atomfoot) on the GPU machine: bash bench/microbench/runcu.sh NAME [OUTDIR]
# Writes OUTDIR/NAME.tsv, three runs, each its own process.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
name=${1:?usage: runcu.sh NAME [OUTDIR]}
out=${2:-${OUT:-.}}
mkdir -p "$out"
bin=$(mktemp -d)/$name
nvcc -O3 -arch=sm_90 -o "$bin" "$here/$name.cu"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader >"$out/$name.tsv"
for run in 1 2 3; do
	echo "# run $run" >>"$out/$name.tsv"
	"$bin" >>"$out/$name.tsv"
done
cat "$out/$name.tsv"
