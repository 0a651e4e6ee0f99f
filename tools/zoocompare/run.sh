#!/usr/bin/env bash
# zoocompare on the GPU machine: the kernel zoo timed in RUNS separate
# processes (each in rounds, the variants of a size interleaved), then
# checked once at each family's smallest size under Nsight Compute. Build
# the binary here first (the GPU machine has no Go):
#
#   CGO_ENABLED=0 go build -o .cudabin/zoo/zoocompare ./tools/zoocompare
#
# then on the GPU machine, from the repository root (with .cudabin/zoo
# carried):
#
#   bash tools/zoocompare/run.sh        (or .cudabin/zoo/run.sh)
#
# The blind zoo (tools/zoo's set "blind"), built into .cudabin/zoo2:
#
#   SET=blind BIN=.cudabin/zoo2/zoocompare ROTATE="0 6 12" bash tools/zoocompare/run.sh
#
# Writes under $OUT (default: a new private directory from mktemp, named
# on stderr): gpu-a.json ... (the timed runs), once.json (the run ncu profiled), ncu.csv.gz, metrics.txt and
# run.log. The virtual GPU's side and the comparison run elsewhere
# (zoocompare run -vm; zoocompare compare). BIN, RUNS (default "a b c"),
# ROTATE (each run's first family, default "0 9 18": the runs go through
# the families in different orders), SET (tools/zoo's set: zoo, the
# default, or blind), FAMILIES (comma-separated, of the set),
# NCU_TIMEOUT (s, default 240) and SKIP_NCU=1 tune it. Where nvcc is,
# a native build of a few rows is timed too (native.txt).
set -uo pipefail
bin=${BIN:-.cudabin/zoo/zoocompare}
out=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/zoocompare.XXXXXX")}
runs=${RUNS:-a b c}
mkdir -p "$out"
echo "run.sh: writing under $out" >&2
log="$out/run.log"
: >"$log"
say() { echo "run.sh: $*" | tee -a "$log" >&2; }
famflag=(-set "${SET:-zoo}")
[ -n "${FAMILIES:-}" ] && famflag+=(-families "$FAMILIES")

if [ ! -x "$bin" ]; then
  say "$bin is missing: build it with CGO_ENABLED=0 go build -o .cudabin/zoo/zoocompare ./tools/zoocompare"
  exit 2
fi
start=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,compute_cap,clocks.sm,clocks.max.sm --format=csv,noheader 2>&1 | tee -a "$log"

# 1. The timed runs, each its own process: the first before ncu and the
# others after it, so that a run cut short keeps one of each.
read -r -a rotations <<<"${ROTATE:-0 9 18}"
nrun=0
timed() {
  local t rot=${rotations[$nrun]:-0}
  nrun=$((nrun + 1))
  t=$(date +%s)
  timeout 200 "$bin" run -rotate "$rot" -o "$out/gpu-$1.json" ${famflag[@]+"${famflag[@]}"} 2>>"$log" || say "run $1 failed (rc $?)"
  say "run $1 (rotated by $rot): $(( $(date +%s) - t )) s"
}
read -r first rest <<<"$runs"
timed "$first"

# A native build of a few rows (tools/zoocompare/native), timed as culab
# times them.
src=$(dirname "$0")/native/native.cu
[ -f "$src" ] || src=tools/zoocompare/native/native.cu
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
if [ -x "$nvcc" ] && [ -f "$src" ]; then
  t=$(date +%s)
  if "$nvcc" -arch=sm_90 -o "$out/native.bin" "$src" 2>>"$log"; then
    timeout 60 "$out/native.bin" >"$out/native.txt" 2>>"$log" || say "native run failed (rc $?)"
  else
    say "nvcc failed"
  fi
  rm -f "$out/native.bin"
  say "native: $(grep -c '^row' "$out/native.txt" 2>/dev/null) rows, $(( $(date +%s) - t )) s"
fi

# 2. ncu: the metrics this ncu knows (an unknown name makes it refuse all).
ncu=${NCU:-$(command -v ncu || true)}
if [ -z "$ncu" ]; then
  for c in /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda-*/bin/ncu; do
    [ -x "$c" ] && ncu=$c && break
  done
fi
if [ -n "${SKIP_NCU:-}" ]; then
  say "ncu skipped"
elif [ -z "$ncu" ]; then
  say "no ncu found: no counters"
else
  say "ncu: $ncu ($("$ncu" --version 2>&1 | tail -1))"
  metrics=$("$bin" metrics -ncu "$ncu" 2>>"$log") || metrics=$("$bin" metrics)
  echo "$metrics" | tr ',' '\n' >"$out/metrics.txt"
  # One launch of each step at each family's smallest size: names as the
  # PTX has them, values in base units. Older ncu versions lack some
  # options: retry with fewer.
  for opts in "--clock-control none --print-units base --print-kernel-base mangled" "--clock-control none --print-kernel-base mangled" "--print-kernel-base mangled"; do
    t=$(date +%s)
    # shellcheck disable=SC2086
    timeout "${NCU_TIMEOUT:-240}" "$ncu" --target-processes all $opts --csv --metrics "$metrics" --log-file "$out/ncu.csv" \
      "$bin" run -once -sizes smallest -o "$out/once.json" ${famflag[@]+"${famflag[@]}"} 2>>"$log"
    rc=$?
    say "ncu with '$opts': rc $rc, $(( $(date +%s) - t )) s, $(grep -c '^"[0-9]' "$out/ncu.csv" 2>/dev/null) rows"
    grep -q '^"ID"' "$out/ncu.csv" 2>/dev/null && break
    say "ncu failed: $(grep -m3 -E 'ERR|rror' "$out/ncu.csv" 2>/dev/null | tr '\n' ' ')"
    [ $rc -eq 124 ] && break # timed out: retrying would too
  done
  gzip -f "$out/ncu.csv"
fi
for r in $rest; do timed "$r"; done
say "done after $(( $(date +%s) - start )) s"
