#!/usr/bin/env bash
# Runs the culab benchmark beside the native nvcc build of the same kernels
# on the GPU machine and prints a RESULTS.md section. Needs nvcc and the
# gpubench binary built here with CGO_ENABLED=0 (bin/gpubench).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${BIN:-bin}
out=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/gpubench.XXXXXX")}   # the native build: never a fixed /tmp name another user could swap
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
nvcc -O3 -std=c++17 -arch=sm_$cc -o "$out/native" "$here/native.cu"
export XDG_CACHE_HOME=$(mktemp -d)   # cold compile: empty cache
# Native and culab take turns, three runs each: launch overhead moves by
# about a microsecond from run to run, so medians of alternating runs.
native=() culab=() worker=()
for i in 1 2 3; do
  native+=("$("$out/native")")
  culab+=("$("$bin/gpubench")")
  worker+=("$("$bin/gpubench" -worker)")   # the GPU in a worker process, as in notebooks
done
disk=$("$bin/gpubench" -compile-only)      # fresh process, disk cache warm
# CuPy's RawModule cache hit beside culab's, where CuPy is installed.
cupy=$(python3 "$here/cupyhit.py" 2>/dev/null || echo '{"hit_us": null}')
gpu=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)
python3 - "$disk" "$gpu" "$cupy" "${native[@]}" "${culab[@]}" "${worker[@]}" <<'PY'
import json, sys, datetime, statistics
d, gpu, cp = json.loads(sys.argv[1]), sys.argv[2], json.loads(sys.argv[3])
runs = [json.loads(a) for a in sys.argv[4:]]
def med(rs):
    return {k: statistics.median(r[k] for r in rs) if isinstance(rs[0][k], (int, float)) and not isinstance(rs[0][k], bool) else rs[0][k] for k in rs[0]}
n, c, w = med(runs[0:3]), med(runs[3:6]), med(runs[6:9])
c["compile_cold_ms"], c["compile_warm_ms"], c["compile_warm_hit"] = runs[3]["compile_cold_ms"], runs[3]["compile_warm_ms"], runs[3]["compile_warm_hit"]
print(f"### {datetime.date.today()} — {gpu}\n")
print("Command: `bash bench/gpubench/run.sh` (culab built with CGO_ENABLED=0; native built there with `nvcc -O3 -arch=sm_XX`). Each figure is the median of 3 alternating runs of each program; the cold compile is the first culab run's.\n")
print("| measure | culab | native | culab / native | goal |")
print("|---|---|---|---|---|")
print(f"| empty kernel, host time per async launch (µs, median of 5×10⁴) | {c['launch_us']:.3f} | {n['launch_us']:.3f} | {c['launch_us']-n['launch_us']:+.3f} µs | ≤ native + 1 µs |")
print(f"| vector add 2·10⁸ floats (ms, median) | {c['vadd_ms']:.4f} | {n['vadd_ms']:.4f} | {c['vadd_ms']/n['vadd_ms']:.3f} | ≤ 1.02 |")
print(f"| matmul shared 32×32, n=2048 (ms, median) | {c['mm_ms']:.4f} | {n['mm_ms']:.4f} | {c['mm_ms']/n['mm_ms']:.3f} | ≤ 1.02 |")
print(f"| same through the GPU worker process (notebook kernel): launch µs / vector add ms / matmul ms | {w['launch_us']:.3f} / {w['vadd_ms']:.4f} / {w['mm_ms']:.4f} | | {w['launch_us']-n['launch_us']:+.3f} µs / {w['vadd_ms']/n['vadd_ms']:.3f} / {w['mm_ms']/n['mm_ms']:.3f} | (not a goal) |")
print(f"\nChecks: vector add wrong elements culab {c['vadd_bad']}, native {n['vadd_bad']}; matmul max relative error on 256 sampled entries vs float64: culab {c['mm_maxrel']:.2g}, native {n['mm_maxrel']:.2g}.\n")
print(f"Compile of the benchmark source incl. `mm_tiled<32>`: cold (empty cache) {c['compile_cold_ms']:.1f} ms; warm in-process (memory cache hit={c['compile_warm_hit']}) {c['compile_warm_ms']:.2f} ms; new process with disk cache (hit={d['cached']}) {d['compile_ms']:.2f} ms. Goal: warm ≤ 5 ms.")
cupy = f"{cp['hit_us']:.1f} µs (CuPy {cp['cupy']})" if cp["hit_us"] is not None else "n/a (CuPy not importable)"
print(f"\nCompile cache hit (the same source compiled again and `mm_tiled<32>` looked up, median of 200): culab {c['compile_hit_us']:.1f} µs; CuPy `RawModule` {cupy}. Goal: culab ≤ CuPy.")
PY
