#!/usr/bin/env bash
# timecompare on the GPU machine: every lab on the GPU (measured times)
# beside the time model's times at the same sizes, and the comparison. The
# modeled times come from the committed recording of the virtual GPU's
# counters (RECORDING; a minute or two of GPU in all); VIRTUAL=1 runs every
# lab on the virtual GPU again instead (minutes of CPU more). Build the
# binary here first:
#
#   CGO_ENABLED=0 go build -o .cudabin/timecompare ./tools/timecompare
#
# then on the GPU machine, from the repository root (with .cudabin carried):
#
#   bash tools/timecompare/run.sh
#
# Writes $OUT/timecompare.md and run.log (default OUT: a new private directory from mktemp, named on stderr).
# LABS (comma-separated keys) and SIZES (lab=n,n;lab=n) narrow the run.
# Then, on the development machine, commit timecompare.md under
# docs/results/DATE-h100/ and see docs/timemodel.md for the fit.
set -uo pipefail
bin=${BIN:-.cudabin/timecompare}
out=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/timecompare.XXXXXX")}
mkdir -p "$out"
echo "run.sh: writing under $out" >&2
log="$out/run.log"
if [ ! -x "$bin" ]; then
  echo "$bin is missing: build it with CGO_ENABLED=0 go build -o .cudabin/timecompare ./tools/timecompare" | tee "$log" >&2
  exit 2
fi
rec=${RECORDING:-tools/timecompare/testdata/h100-2026-11-23.json.gz}
[ "${VIRTUAL:-}" = 1 ] && rec=
start=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader 2>&1 | tee "$log"
"$bin" -gpu -tables docs/results/2026-11-22-h100/tables.md -labs "${LABS:-}" -sizes "${SIZES:-}" \
  -recording "$rec" -o "$out/timecompare.md" 2>>"$log"
rc=$?
echo "run.sh: rc $rc after $(( $(date +%s) - start )) s" | tee -a "$log" >&2
[ $rc -eq 0 ] && sed -n '/^| lab /,/^$/p' "$out/timecompare.md"
exit $rc
