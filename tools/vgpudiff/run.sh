#!/usr/bin/env bash
# vgpudiff on the GPU machine: every test kernel on the GPU and on the
# virtual GPU, compared bit for bit (approximate ones against their
# documented bounds). Writes $OUT/vgpudiff.md; exits non-zero if a kernel
# failed. Build the binary first, here:
#
#   CGO_ENABLED=0 go build -o .cudabin/vgpudiff ./tools/vgpudiff
#
# then on the GPU machine, from the repository root (with .cudabin carried):
#
#   bash tools/vgpudiff/run.sh [vgpudiff flags, e.g. -n 8192 -seed 2]
#
# The result goes to docs/results/<date>-<gpu>/vgpudiff.md.
set -uo pipefail
bin=${BIN:-.cudabin/vgpudiff}
out=${OUT:-/tmp}
if [ ! -x "$bin" ]; then
  echo "run.sh: $bin is missing: build it with CGO_ENABLED=0 go build -o .cudabin/vgpudiff ./tools/vgpudiff" >&2
  exit 2
fi
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader 2>/dev/null || echo "run.sh: no nvidia-smi here"
start=$(date +%s)
"$bin" -o "$out/vgpudiff.md" "$@"
rc=$?
echo "vgpudiff: exit status $rc after $(( $(date +%s) - start )) s; report in $out/vgpudiff.md"
grep -m1 -E '^[0-9]+ kernels:' "$out/vgpudiff.md" || true
exit $rc
