#!/usr/bin/env bash
# The virtual GPU's speed beside Numba's CUDA simulator, in one run:
# bench/vgpubench (Go, the virtual GPU; median of 5) and numba_sim.py (the
# same three kernels written for Numba, NUMBA_ENABLE_CUDASIM=1; median of
# 3), alternating kernel by kernel, then a Markdown table. Numba is installed into bench/vgpubench/.venv
# (pinned below) the first time.
#
#   bash bench/vgpubench/run.sh [-quick]
#
# Goal (issue): at least 1e8 thread-instructions per second on the 2-core
# machine, and at least 1000× Numba's simulator on the same work.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
quick=()
pyquick=()
if [ "${1:-}" = "-quick" ]; then quick=(-quick); pyquick=(--quick); fi

venv=$here/.venv
if ! "$venv/bin/python" -c 'import numba' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q numba==0.68.1 llvmlite==0.50.0 numpy==2.4.6
fi

cd "$root"
go build -o bin/vgpubench ./bench/vgpubench
# What was measured: the commit, whether the virtual GPU's sources had
# uncommitted changes, and how busy the machine was (other processes
# slow the figures down).
rev=$(git rev-parse --short HEAD)
if [ -n "$(git status --porcelain cudalib/vgpu 2>/dev/null)" ]; then rev="$rev + uncommitted cudalib/vgpu changes"; fi
load=$(cut -d' ' -f1-3 /proc/loadavg)
# Kernel by kernel, the virtual GPU then Numba, so that both see the
# machine in the same state.
vg=""
nb=""
for k in vecadd_thread 'mm_tiled<16>' st_global; do
  vg+=$(bin/vgpubench "${quick[@]}" -only "$k")$'\n'
  nb+=$(NUMBA_ENABLE_CUDASIM=1 "$venv/bin/python" "$here/numba_sim.py" "${pyquick[@]}" --only "$k")$'\n'
done
numba_version=$("$venv/bin/python" -c 'import numba, numpy; print(f"Numba {numba.__version__}, NumPy {numpy.__version__}")')

load_after=$(cut -d' ' -f1-3 /proc/loadavg)
"$venv/bin/python" - "$vg" "$nb" "$numba_version" "$rev" "$load / $load_after" "${quick[@]}" <<'PY'
import datetime, json, os, platform, sys
vg = [json.loads(l) for l in sys.argv[1].splitlines() if l]
nb = {r["kernel"]: r for r in map(json.loads, filter(None, sys.argv[2].splitlines()))}
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.processor())
rev, load = sys.argv[4], sys.argv[5]
quick = " -quick" if len(sys.argv) > 6 else ""
print(f"### {datetime.date.today()} — virtual GPU vs Numba's CUDA simulator\n")
print(f"Command: `bash bench/vgpubench/run.sh{quick}`. Machine: {os.cpu_count()} cores ({cpu}); "
      f"the virtual GPU ran blocks on {vg[0]['workers']} goroutines; {sys.argv[3]}. "
      f"VGPU: median of 5 launches (in parentheses: the fastest); Numba: median of 3; the ratio compares medians. Code: {rev}. "
      f"Load average (1, 5, 15 min) before / after: {load}.\n")
print("| kernel | size | launch | VGPU ms, median (best) | thread-instructions | VGPU thread-instr/s, median (best) | Numba sim ms | Numba / VGPU |")
print("|---|---|---|---|---|---|---|---|")
for r in vg:
    n = nb[r["kernel"]]
    assert n["size"] == r["size"], (n, r)
    best = r["thread_instrs"] / (r["min_ms"] / 1e3)
    print(f"| `{r['kernel']}` | {r['size']} | `{r['launch']}` | {r['ms']:.3f} ({r['min_ms']:.3f}) | {r['thread_instrs']:,} | "
          f"{r['thread_instrs_per_s'] / 1e6:.0f} M ({best / 1e6:.0f} M) | {n['ms']:.0f} | {n['ms'] / r['ms']:,.0f}× |")
PY
