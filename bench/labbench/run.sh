#!/usr/bin/env bash
# Issue 4's benchmark: the time labs.Run reports for matmul "shared tiles
# 32×32" at n = 2048 and vecadd "one thread per element" at 2·10^8, against
# the same kernel sources built by nvcc, timed the same way, in one run on
# the GPU machine (goal: culab / native ≤ 1.02). Medians of 3 alternating
# runs. Needs nvcc and bin/labbench built here with CGO_ENABLED=0.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${BIN:-bin}
out=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/labbench.XXXXXX")}   # the native build: never a fixed /tmp name another user could swap
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
nvcc -O3 -std=c++17 -arch=sm_$cc -o "$out/labnative" "$here/native.cu"
runs=()
for i in 1 2 3; do
  runs+=("$("$out/labnative")" "$("$bin/labbench")" "$("$bin/labbench" -worker)")
done
gpu=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)
python3 - "$gpu" "${runs[@]}" <<'PY'
import json, sys, statistics, datetime
gpu, runs = sys.argv[1], [json.loads(a) for a in sys.argv[2:]]
med = lambda k, rs: statistics.median(r[k] for r in rs)
nat, cul, wrk = runs[0::3], runs[1::3], runs[2::3]
print(f"### {datetime.date.today()} — {gpu}: time inside labs.Run vs native\n")
print("Command: `bash bench/labbench/run.sh`; medians of 3 alternating runs.\n")
print("| row | labs.Run ms | worker ms | native ms | Run / native | goal |")
print("|---|---|---|---|---|---|")
for k, name in [("vadd_ms", "vecadd, one thread per element, 2·10⁸"), ("mm_ms", "matmul, shared tiles 32×32, n = 2048")]:
    c, w, n = med(k, cul), med(k, wrk), med(k, nat)
    print(f"| {name} | {c:.4f} | {w:.4f} | {n:.4f} | {c/n:.3f} | ≤ 1.02 |")
PY
