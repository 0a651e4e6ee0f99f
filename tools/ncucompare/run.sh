#!/usr/bin/env bash
# ncucompare on the GPU machine: every lab kernel at a small size on the GPU
# under Nsight Compute and on the virtual GPU, and the comparison of their
# counters. Build the binary here first:
#
#   CGO_ENABLED=0 go build -o .cudabin/ncucompare ./tools/ncucompare
#
# then on the GPU machine, from the repository root (with .cudabin carried):
#
#   bash tools/ncucompare/run.sh
#
# Writes under $OUT (default: a new private directory from mktemp, named
# on stderr): ncucompare.md (the table),
# vm.json, gpu.json, ncu.csv, code.json, sass/LAB.sass (cuobjdump -sass),
# metrics.txt and run.log. LABS (comma-separated keys) and SIZES
# (lab=n,...) narrow the run; NCU names the ncu binary. Every step is logged; a failing step does not stop the
# ones that do not need it.
set -uo pipefail
bin=${BIN:-.cudabin/ncucompare}
out=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/ncucompare.XXXXXX")}
mkdir -p "$out"
echo "run.sh: writing under $out" >&2
log="$out/run.log"
: >"$log"
say() { echo "run.sh: $*" | tee -a "$log" >&2; }
# Floyd–Warshall launches a kernel per round: n = 32 keeps ncu's launches
# few (ncu replays each launch once per pass of metrics).
sizes=${SIZES:-floyd=32}
labs=${LABS:-}
labflag=()
[ -n "$labs" ] && labflag=(-labs "$labs")

if [ ! -x "$bin" ]; then
  say "$bin is missing: build it with CGO_ENABLED=0 go build -o .cudabin/ncucompare ./tools/ncucompare"
  exit 2
fi
start=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader 2>&1 | tee -a "$log"

ncu=${NCU:-$(command -v ncu || true)}
if [ -z "$ncu" ]; then
  for c in /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda-*/bin/ncu; do
    [ -x "$c" ] && ncu=$c && break
  done
fi
[ -n "$ncu" ] && say "ncu: $ncu ($("$ncu" --version 2>&1 | tail -1))" || say "no ncu found"
export PATH="$PATH:/usr/local/cuda/bin"
command -v cuobjdump >/dev/null && say "cuobjdump: $(command -v cuobjdump)" || say "no cuobjdump: PTX counts only"

# 1. The virtual GPU (it needs no GPU; run here for the same NVRTC).
say "virtual GPU run"
"$bin" run -vm -o "$out/vm.json" -sizes "$sizes" ${labflag[@]+"${labflag[@]}"} 2>>"$log" || say "virtual GPU run failed (rc $?)"

# 2. PTX and SASS of every lab kernel.
say "PTX and SASS"
"$bin" sass -o "$out/code.json" -sassdir "$out/sass" ${labflag[@]+"${labflag[@]}"} 2>>"$log" || say "sass failed (rc $?)"

# 3. The metrics this ncu knows: an unknown name makes ncu refuse them all.
metrics=""
if [ -n "$ncu" ]; then
  metrics=$("$bin" metrics -ncu "$ncu" 2>>"$log") || metrics=""
fi
if [ -z "$metrics" ]; then
  say "ncu --query-metrics failed ($(tail -2 "$log" | tr '\n' ' ')); using the core metrics only"
  metrics="smsp__inst_executed.sum,smsp__thread_inst_executed.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"
fi
echo "$metrics" | tr ',' '\n' >"$out/metrics.txt"

# 4. The GPU under ncu: the details page as CSV (a row per launch and
# metric), names mangled as the PTX has them, values in base units. Older
# ncu versions lack some options: retry with fewer.
say "GPU run under ncu ($(wc -l <"$out/metrics.txt") metrics)"
ran=0
if [ -n "$ncu" ]; then
  for opts in "--clock-control none --print-units base --print-kernel-base mangled" "--clock-control none --print-kernel-base mangled" "--print-kernel-base mangled"; do
    # shellcheck disable=SC2086
    timeout 480 "$ncu" --target-processes all $opts --csv --metrics "$metrics" --log-file "$out/ncu.csv" \
      "$bin" run -o "$out/gpu.json" -sizes "$sizes" ${labflag[@]+"${labflag[@]}"} 2>>"$log"
    rc=$?
    if grep -q '^"ID"' "$out/ncu.csv" 2>/dev/null; then
      ran=1
      say "ncu ran with: $opts (rc $rc)"
      break
    fi
    say "ncu with '$opts' failed (rc $rc): $(grep -m3 -E 'ERR|rror' "$out/ncu.csv" 2>/dev/null | tr '\n' ' ')"
    [ $rc -eq 124 ] && break # timed out: retrying would too
  done
fi
if [ $ran -eq 0 ]; then
  say "no ncu profile; running the GPU side alone for its log"
  "$bin" run -o "$out/gpu.json" -sizes "$sizes" ${labflag[@]+"${labflag[@]}"} 2>>"$log" || say "GPU run failed (rc $?)"
fi

# 5. The comparison.
codeflag=()
[ -s "$out/code.json" ] && codeflag=(-code "$out/code.json")
if [ $ran -eq 1 ] && [ -s "$out/vm.json" ]; then
  "$bin" compare -vm "$out/vm.json" -gpu "$out/gpu.json" -ncu "$out/ncu.csv" ${codeflag[@]+"${codeflag[@]}"} -o "$out/ncucompare.md" 2>>"$log" &&
    say "comparison in $out/ncucompare.md: $(grep -m1 '^Equal:' "$out/ncucompare.md")" ||
    say "compare failed (rc $?)"
fi
say "done after $(( $(date +%s) - start )) s"
[ -s "$out/ncucompare.md" ]
