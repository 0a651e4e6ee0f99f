#!/usr/bin/env bash
# What ncu's shared-memory bank-conflict counters count (issue 32; the
# question and what each outcome means: README.md, "smemconf.cu"). Builds
# smemconf.cu with nvcc and profiles it with ncu on the GPU machine (nvcc
# and ncu on PATH or in NCU, one H100/H200); about a minute:
#
#   bash bench/microbench/smemconf.sh OUTDIR
#
# Writes into OUTDIR:
#   expected.tsv        the program's own table: requests, wavefronts and
#                       conflicts its access patterns give, per kernel
#   query-metrics.txt   every metric ncu offers on this GPU, and
#   candidates.txt      those about shared wavefronts/conflicts (exact names)
#   raw.csv             ncu --page raw of every launch (3 a kernel) with the
#                       hardware counters and every candidate metric
#   source-raw.csv      one launch a kernel with the SourceCounters section
#                       (memory_l1_wavefronts_shared{,_ideal}, excessive)
#   source-sass.csv     the same per SASS instruction (ncu --page source)
#   details.txt         the SourceCounters section's text and rules
#   *.ncu-rep, smemconf.sass, versions.txt
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: smemconf.sh OUTDIR}
mkdir -p "$out"
export PATH="$PATH:/usr/local/cuda/bin"
ncu=${NCU:-$(command -v ncu || true)}
if [ -z "$ncu" ]; then
	for c in /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda-*/bin/ncu; do
		[ -x "$c" ] && ncu=$c && break
	done
fi
[ -n "$ncu" ] || { echo "smemconf.sh: no ncu (set NCU)" >&2; exit 2; }
ncu() { "$ncu" "$@"; }
bin=$(mktemp -d)/smemconf
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader; nvcc --version | tail -1; ncu --version | tail -1; } >"$out/versions.txt"
nvcc -O3 -arch=sm_90 -lineinfo -o "$bin" "$here/smemconf.cu"
cuobjdump -sass "$bin" >"$out/smemconf.sass" || true
"$bin" 3 >"$out/expected.tsv"

# The metrics: ncu's hardware counters as tools/ncucompare reads them
# (core, known to exist: the blind zoo's metrics.txt), L1 fills and
# data-bank traffic to set conflicts against, the SASS-patched metrics
# public ncu scripts name, and every metric this ncu lists for shared
# wavefronts, conflicts or their ideal. ncu refuses a whole run for one
# name it does not know: the extras are kept only where
# --query-metrics lists them.
core=(
	smsp__sass_inst_executed_op_shared_ld.sum smsp__sass_inst_executed_op_shared_st.sum
	smsp__inst_executed_op_shared_ld.sum smsp__inst_executed_op_shared_st.sum
	l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
	l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
	l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
)
extra=(
	l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_miss.sum l1tex__m_xbar2l1tex_read_sectors.sum
	l1tex__data_bank_reads.sum l1tex__data_bank_writes.sum
	smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum
	smsp__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum smsp__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
	smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared.sum smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared_ideal.sum
)
ncu --query-metrics >"$out/query-metrics.txt" 2>&1 || true
grep -oE '^(smsp__sass|sm__sass|l1tex__data|smsp__l1tex)[a-z0-9_]*' "$out/query-metrics.txt" |
	grep -E 'shared' | grep -E 'wavefront|conflict|ideal' | sort -u >"$out/candidates.txt" || true
known() { grep -qE "^${1%.sum}([[:space:]]|\$)" "$out/query-metrics.txt"; }
list=$({
	printf '%s\n' "${core[@]}"
	for m in "${extra[@]}" $(sed 's/$/.sum/' "$out/candidates.txt"); do
		if known "$m"; then echo "$m"; fi
	done
} | awk '!seen[$0]++' | paste -sd, -)
echo "metrics: $list" | tee "$out/metrics.txt"
if ! ncu -f -o "$out/smemconf" --metrics "$list" "$bin" 3 >"$out/ncu-run.log" 2>&1; then
	echo "ncu failed with those (ncu-run.log); again with the core metrics only"
	mv "$out/ncu-run.log" "$out/ncu-run-extra.log"
	ncu -f -o "$out/smemconf" --metrics "$(printf '%s\n' "${core[@]}" | paste -sd, -)" "$bin" 3 >"$out/ncu-run.log" 2>&1
fi
ncu -i "$out/smemconf.ncu-rep" --csv --page raw >"$out/raw.csv"

# The Source page's counters: one launch a kernel.
if ncu -f -o "$out/source" --section SourceCounters "$bin" 1 >"$out/ncu-source.log" 2>&1; then
	ncu -i "$out/source.ncu-rep" --csv --page raw >"$out/source-raw.csv" || true
	ncu -i "$out/source.ncu-rep" --csv --page source --print-source sass >"$out/source-sass.csv" 2>&1 || true
	ncu -i "$out/source.ncu-rep" --page details --print-details all >"$out/details.txt" 2>&1 || true
fi

# A short table: per launch, the kernel and the shared-memory columns.
python3 - "$out/raw.csv" >"$out/summary.tsv" <<'EOF' || true
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
head, data = rows[0], [r for r in rows[2:] if len(r) == len(rows[0])]
keep = [i for i, h in enumerate(head) if h == "Kernel Name" or "shared" in h or "xbar2l1tex" in h or "lookup_miss" in h]
print("\t".join(head[i] for i in keep))
for r in data:
    print("\t".join(r[i] for i in keep))
EOF
cat "$out/expected.tsv"
cat "$out/summary.tsv" 2>/dev/null || true
ls -la "$out"
