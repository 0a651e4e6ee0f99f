#!/usr/bin/env bash
# l1cold on the GPU machine (nvcc and ncu on PATH or in NCU): the timed
# run (l1cold.tsv, three runs, each its own process) and one launch a
# configuration under ncu, reading the GPU's L1 misses of global loads
# (ncu.csv). About two minutes.
#   bash bench/microbench/l1cold.sh OUTDIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: l1cold.sh OUTDIR}
mkdir -p "$out"
export PATH="$PATH:/usr/local/cuda/bin"
ncu=${NCU:-$(command -v ncu || true)}
bash "$here/runcu.sh" l1cold "$out" >/dev/null
bin=$(mktemp -d)/l1cold
nvcc -O3 -arch=sm_90 -o "$bin" "$here/l1cold.cu"
if [ -n "$ncu" ]; then
	"$ncu" --csv --metrics l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_miss.sum,l1tex__m_xbar2l1tex_read_sectors.sum,gpu__time_duration.sum \
		"$bin" 0 >"$out/ncu.csv" 2>"$out/ncu.log"
else
	echo "l1cold.sh: no ncu (set NCU)" >&2
fi
