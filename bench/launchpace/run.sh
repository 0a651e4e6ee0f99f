#!/usr/bin/env bash
# Is the floyd lab's run-to-run spread the host's launch pace or culab's?
# Alternates, three times, the native twin of the lab's timed regions
# (native.cu: the lab's kernels and launch sequence, built by nvcc) with the
# lab itself through timecompare, in one run on the GPU machine. Needs nvcc
# and the timecompare binary built here with CGO_ENABLED=0:
#
#   CGO_ENABLED=0 go build -o .cudabin/timecompare ./tools/timecompare
#   bash bench/launchpace/run.sh      # on the GPU machine, from the repository root
#
# Writes $OUT/launchpace.md: per row, each round's native and culab medians.
# WRAP (e.g. "taskset -c 2,3" or "env GOMAXPROCS=2") prefixes culab's
# command; ROUNDS (default 3) sets the rounds.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${BIN:-.cudabin/timecompare}
out=${OUT:-/tmp/launchpace}
mkdir -p "$out"
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
nvcc -O3 -std=c++17 -arch=sm_$cc -o "$out/native" "$here/native.cu"
rounds=$(seq 1 "${ROUNDS:-3}")
for i in $rounds; do
  "$out/native" > "$out/native-$i.json"
  ${WRAP:-} "$bin" -gpu -labs floyd -sizes "floyd=100,200,400" \
    -recording tools/timecompare/testdata/h100-2026-11-23.json.gz -o "$out/culab-$i.md" 2>>"$out/run.log"
done
gpu=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)
python3 - "$gpu" "$out" "${ROUNDS:-3}" "${WRAP:-}" > "$out/launchpace.md" <<'PY'
import json, sys, re, datetime
gpu, out, n, wrap = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
rounds = range(1, n + 1)
rows = {}
for i in rounds:
    nat = json.load(open(f"{out}/native-{i}.json"))
    cul = {}
    sec = None
    for line in open(f"{out}/culab-{i}.md"):
        if line.startswith("### "):
            sec = line[4:].strip()
        m = re.match(r"\| (\d+) \| ([^|]+) \| [^|]+ \| ([0-9.]+) \|", line)
        if sec == "floyd" and m:
            cul[f"{m[1]}/{m[2].strip()}"] = float(m[3])
    for k, v in nat.items():
        rows.setdefault(k, []).append((v, cul.get(k)))
print(f"### {datetime.date.today()} — {gpu}: floyd's timed regions, native vs culab\n")
print(f"Command: `WRAP='{wrap}' ROUNDS={n} bash bench/launchpace/run.sh`; alternating rounds (native, then the lab through timecompare), medians in ms.\n")
print("| V / variant | " + " | ".join(f"native {i} | culab {i}" for i in rounds) + " |")
print("|---|" + "---:|" * (2 * n))
for k, vs in rows.items():
    cells = " | ".join(f"{n:.4f} | {c if c is not None else '–'}" for n, c in vs)
    print(f"| {k} | {cells} |")
PY
cat "$out/launchpace.md"
