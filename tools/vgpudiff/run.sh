#!/usr/bin/env bash
# vgpudiff on the GPU machine: every test kernel on the GPU and on the
# virtual GPU, compared bit for bit (approximate ones against their
# documented bounds). Writes $OUT/vgpudiff.md and $OUT/vgpudiff.digests
# (the GPU's outputs, hashed; default OUT: a new private directory from
# mktemp); exits non-zero if a kernel failed. Build the
# binary first, here:
#
#   CGO_ENABLED=0 go build -o .cudabin/vgpudiff ./tools/vgpudiff
#
# then on the GPU machine, from the repository root (with .cudabin carried):
#
#   bash tools/vgpudiff/run.sh [vgpudiff flags, e.g. -n 8192 -seed 2]
#
# The report goes to docs/results/<date>-<gpu>/vgpudiff.md; the digests to
# tools/vgpudiff/testdata/gpu.digests, where the Go test holds the virtual
# GPU to them on machines without a GPU.
set -uo pipefail
bin=${BIN:-.cudabin/vgpudiff}
out=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/vgpudiff.XXXXXX")}
if [ ! -x "$bin" ]; then
  echo "run.sh: $bin is missing: build it with CGO_ENABLED=0 go build -o .cudabin/vgpudiff ./tools/vgpudiff" >&2
  exit 2
fi
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader 2>/dev/null || echo "run.sh: no nvidia-smi here"
start=$(date +%s)
"$bin" -o "$out/vgpudiff.md" -record "$out/vgpudiff.digests" "$@"
rc=$?
echo "vgpudiff: exit status $rc after $(( $(date +%s) - start )) s; report in $out/vgpudiff.md, digests in $out/vgpudiff.digests"
grep -m1 -E '^[0-9]+ kernels:' "$out/vgpudiff.md" || true
exit $rc
