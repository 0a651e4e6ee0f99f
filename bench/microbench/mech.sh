#!/usr/bin/env bash
# Builds and runs the mechanism microbenchmarks (mech.cu) on the GPU
# machine (nvcc 13, one H100): bash bench/microbench/mech.sh [OUTDIR]
# Writes OUTDIR/mech.tsv (default $OUT, else the current directory) and
# OUTDIR/mech.sass (the SASS of its kernels, to see what ptxas made of
# them), three runs, each its own process.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-${OUT:-.}}
mkdir -p "$out"
bin=$(mktemp -d)/mech
nvcc -O3 -arch=sm_90 -Xptxas -v -o "$bin" "$here/mech.cu" 2>"$out/mech.ptxas" || { cat "$out/mech.ptxas"; exit 1; }
cuobjdump -sass "$bin" >"$out/mech.sass" || true
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader >"$out/mech.tsv"
for run in 1 2 3; do
	echo "# run $run" >>"$out/mech.tsv"
	"$bin" >>"$out/mech.tsv"
done
cat "$out/mech.tsv"
