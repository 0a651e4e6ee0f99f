#!/usr/bin/env bash
# Do culab's timed launch sequences keep native pace? Alternates, ROUNDS
# times (default 3), the native twin of the floyd lab's timed regions
# (native.cu: the lab's kernels and launch sequence, built by nvcc) with
# the lab itself through labbench -launchpace, in-process and through the
# GPU worker, each a new process, in one run on the GPU machine. OLD, when
# set, is a second labbench (an earlier build) run the same way beside it,
# for before/after in one run. "native again" runs native's program once
# more in each round, a process of its own: how far native strays from its
# own median from process to process, the yardstick for culab's rounds.
# Needs nvcc and labbench built here with
# CGO_ENABLED=0:
#
#   CGO_ENABLED=0 go build -o .cudabin/labbench ./bench/labbench
#   BIN=.cudabin/labbench bash bench/launchpace/run.sh   # on the GPU machine
#
# Writes $OUT/launchpace.md (default OUT: a new private directory from
# mktemp, named on stderr): per row the median over rounds of each
# program's median, and the worst round's ratio to native's median.
# WRAP (e.g. "taskset -c 2,3") prefixes culab's commands.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${BIN:-.cudabin/labbench}
out=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/launchpace.XXXXXX")}
mkdir -p "$out"
echo "launchpace: writing under $out" >&2
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
nvcc -O3 -std=c++17 -arch=sm_$cc -o "$out/native" "$here/native.cu"
progs=("native:$out/native" "native again:$out/native" "culab:$bin -launchpace" "culab worker:$bin -launchpace -worker")
if [ -n "${OLD:-}" ]; then
  progs+=("before:$OLD -launchpace" "before, worker:$OLD -launchpace -worker")
fi
: >"$out/runs.jsonl" # this run's rounds only, whatever an earlier run left in OUT
for i in $(seq 1 "${ROUNDS:-3}"); do
  for p in "${progs[@]}"; do
    name=${p%%:*} cmd=${p#*:}
    w=${WRAP:-}
    case $name in native*) w= ;; esac
    echo "{\"round\": $i, \"prog\": \"$name\", \"ms\": $($w $cmd)}" >> "$out/runs.jsonl"
  done
done
gpu=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)
python3 - "$gpu" "$out/runs.jsonl" "${ROUNDS:-3}" "${WRAP:-}" > "$out/launchpace.md" <<'PY'
import json, sys, statistics, datetime
gpu, path, n, wrap = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
runs = [json.loads(l) for l in open(path)]
progs = list(dict.fromkeys(r["prog"] for r in runs))
keys = list(runs[0]["ms"].keys())
print(f"### {datetime.date.today()} — {gpu}: floyd's timed launch sequences, native vs culab\n")
print(f"Command: `WRAP='{wrap}' ROUNDS={n} bash bench/launchpace/run.sh`; rounds alternate the programs, each a new process; "
      "per program the median over rounds of its median ms, then in brackets each round's ratio to native's median over rounds, "
      "and how many rounds were over 1.05 of it (\"native again\" is native's program in a process of its own: native's own spread).\n")
print("| V / variant | " + " | ".join(progs) + " |")
print("|---|" + "---:|" * len(progs))
for k in keys:
    nat = statistics.median(r["ms"][k] for r in runs if r["prog"] == "native")
    cells = []
    for p in progs:
        vs = [r["ms"][k] for r in runs if r["prog"] == p]
        over = sum(v / nat > 1.05 for v in vs)
        cells.append(f"{statistics.median(vs):.4f} [{', '.join(f'{v / nat:.2f}' for v in vs)}] {over} of {len(vs)} over 1.05")
    print(f"| {k} | " + " | ".join(cells) + " |")
PY
cat "$out/launchpace.md"
