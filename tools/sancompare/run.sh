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
# Writes under $OUT (default: a new private directory from mktemp, named
# on stderr): sancompare.md (the table),
# vm.json (the virtual GPU's findings), logs/BASE.TOOL.log (what
# compute-sanitizer printed) and run.log. KERNELS (a grep pattern on
# FILE:KERNEL) narrows the run; SANITIZER names the compute-sanitizer
# binary; CATALOG the catalogue's directory; JOBS how many
# compute-sanitizer runs go at once (8). A failing step does not stop the
# others.
set -uo pipefail
bin=${BIN:-.cudabin/sancompare}
catalog=${CATALOG:-cudalib/vgpu/testdata/seeded}
out=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/sancompare.XXXXXX")}
mkdir -p "$out/logs"
echo "run.sh: writing under $out" >&2
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
"$bin" vm -catalog "$catalog" -o "$out/vm.json" 2>>"$log" || say "virtual GPU run failed (rc $?)"

# 2. Every kernel under every tool, one process each (a kernel that faults
# leaves its context unusable), JOBS at a time.
sanitize() { # KERNEL BASE TOOL
  local opts=()
  [ "$3" = racecheck ] && opts=(--racecheck-report analysis)
  local log="$out/logs/$2.$3.log"
  timeout 120 "$cs" --tool "$3" --print-limit 1000 ${opts[@]+"${opts[@]}"} "$bin" run -catalog "$catalog" -kernel "$1" >"$log" 2>&1
  local rc=$?
  # Older versions lack an option: retry with none.
  if grep -q -iE "unrecognized|unknown option" "$log"; then
    timeout 120 "$cs" --tool "$3" "$bin" run -catalog "$catalog" -kernel "$1" >"$log" 2>&1
    rc=$?
  fi
  say "$1 $3: rc $rc, $(grep -m1 -E 'SUMMARY' "$log")"
}
export -f sanitize say
export cs bin catalog out log
if [ -n "$cs" ]; then
  "$bin" list -catalog "$catalog" | grep -E "${KERNELS:-.}" | while read -r kernel base; do
    for tool in memcheck racecheck synccheck initcheck; do
      printf '%s %s %s\n' "$kernel" "$base" "$tool"
    done
  done | xargs -P "${JOBS:-8}" -L 1 bash -c 'sanitize "$@"' _
fi

# 3. The comparison.
if [ -s "$out/vm.json" ]; then
  "$bin" compare -catalog "$catalog" -vm "$out/vm.json" -logs "$out/logs" -o "$out/sancompare.md" 2>>"$log" | tee -a "$log" ||
    say "compare failed (rc $?)"
fi
say "done after $(( $(date +%s) - start )) s"
[ -s "$out/sancompare.md" ]
