#!/usr/bin/env bash
# sancompare on the GPU machine: every kernel of the seeded-bug catalogue
# (cudalib/vgpu/testdata/seeded) on the GPU under compute-sanitizer's four
# tools and on the virtual GPU's sanitizer, side by side. Build the binary
# here first:
#
#   CGO_ENABLED=0 go build -o .cudabin/sancompare ./tools/sancompare
#
# then on the GPU machine, from the repository root (with .cudabin carried):
#
#   bash tools/sancompare/run.sh
#
# Writes under $OUT (default /tmp/sancompare): sancompare.md (the table),
# vm.json (the virtual GPU's findings), logs/BASE.TOOL.log (what
# compute-sanitizer printed) and run.log. KERNELS (a grep pattern on
# FILE:KERNEL) narrows the run; SANITIZER names the compute-sanitizer
# binary. A failing step does not stop the others.
set -uo pipefail
bin=${BIN:-.cudabin/sancompare}
out=${OUT:-/tmp/sancompare}
mkdir -p "$out/logs"
log="$out/run.log"
: >"$log"
say() { echo "run.sh: $*" | tee -a "$log" >&2; }

if [ ! -x "$bin" ]; then
  say "$bin is missing: build it with CGO_ENABLED=0 go build -o .cudabin/sancompare ./tools/sancompare"
  exit 2
fi
start=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader 2>&1 | tee -a "$log"
export PATH="$PATH:/usr/local/cuda/bin"
cs=${SANITIZER:-$(command -v compute-sanitizer || true)}
if [ -z "$cs" ]; then
  for c in /usr/local/cuda/bin/compute-sanitizer /usr/local/cuda-*/bin/compute-sanitizer /opt/nvidia/compute-sanitizer/compute-sanitizer; do
    [ -x "$c" ] && cs=$c && break
  done
fi
[ -n "$cs" ] && say "compute-sanitizer: $cs ($("$cs" --version 2>&1 | tail -1))" || say "no compute-sanitizer found"

# 1. The virtual GPU's sanitizer (no GPU needed; here for the same NVRTC).
say "virtual GPU"
"$bin" vm -o "$out/vm.json" 2>>"$log" || say "virtual GPU run failed (rc $?)"

# 2. Every kernel under every tool, one process each (a kernel that faults
# leaves its context unusable).
"$bin" list | grep -E "${KERNELS:-.}" | while read -r kernel base; do
  for tool in memcheck racecheck synccheck initcheck; do
    opts=()
    [ "$tool" = racecheck ] && opts=(--racecheck-report analysis)
    if [ -n "$cs" ]; then
      timeout 120 "$cs" --tool "$tool" --print-limit 1000 ${opts[@]+"${opts[@]}"} \
        "$bin" run -kernel "$kernel" >"$out/logs/$base.$tool.log" 2>&1
      rc=$?
      # Older versions lack an option: retry with none.
      if grep -q -iE "unrecognized|unknown option" "$out/logs/$base.$tool.log"; then
        timeout 120 "$cs" --tool "$tool" "$bin" run -kernel "$kernel" >"$out/logs/$base.$tool.log" 2>&1
        rc=$?
      fi
      say "$kernel $tool: rc $rc, $(grep -m1 -E 'SUMMARY' "$out/logs/$base.$tool.log")"
    fi
  done
done

# 3. The comparison.
if [ -s "$out/vm.json" ]; then
  "$bin" compare -vm "$out/vm.json" -logs "$out/logs" -o "$out/sancompare.md" 2>>"$log" | tee -a "$log" ||
    say "compare failed (rc $?)"
fi
say "done after $(( $(date +%s) - start )) s"
[ -s "$out/sancompare.md" ]
