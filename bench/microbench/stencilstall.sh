#!/usr/bin/env bash
# stencilstall on the GPU machine: the timed run (stencilstall.tsv, three
# runs) and one launch of each variant under ncu with its warp-state
# statistics, issue and memory sections (ncu.csv).
#   bash bench/microbench/stencilstall.sh OUTDIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: stencilstall.sh OUTDIR}
mkdir -p "$out"
export PATH="$PATH:/usr/local/cuda/bin"
bash "$here/runcu.sh" stencilstall "$out" >/dev/null
bin=$(mktemp -d)/stencilstall
nvcc -O3 -arch=sm_90 -o "$bin" "$here/stencilstall.cu"
ncu --csv --page details -k regex:st_ --section WarpStateStats --section SchedulerStats --section Occupancy \
	--section SpeedOfLight --section MemoryWorkloadAnalysis --section ComputeWorkloadAnalysis --section LaunchStats \
	"$bin" once >"$out/ncu.csv" 2>"$out/ncu.log"
cat "$out/stencilstall.tsv"
