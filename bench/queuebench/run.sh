#!/usr/bin/env bash
# Issue 13's benchmark of the GPU timing queue (cudalib/gpuqueue):
#  1. the cost of an uncontended turn, as every timed section on a GPU
#     pays it (BenchmarkSection: open, acquire, release; goal < 50 µs), in
#     a directory under /tmp, the default queue's file system;
#  2. with a GPU: queuecheck, PROCS processes timing one kernel at once,
#     alone / at once without the queue / at once queued, with the check
#     that no two queued timed sections overlapped.
# Build first (no cgo, no Go toolchain needed where it runs):
#   CGO_ENABLED=0 go test -c -o .cudabin/queuebench.test ./bench/queuebench
#   CGO_ENABLED=0 go build -o .cudabin/queuecheck ./bench/queuebench/queuecheck
set -euo pipefail
bin=${BIN:-.cudabin}
echo "# $(date -u +%FT%TZ) $(uname -srm), $(nproc) cores; /tmp is $(df -T /tmp | awk 'NR==2{print $2}')"
"$bin/queuebench.test" -test.run '^$' -test.bench . -test.benchtime 20000x -test.count 5
if command -v nvidia-smi >/dev/null && nvidia-smi -L; then
  nvidia-smi --query-gpu=name,driver_version,uuid --format=csv,noheader
  "$bin/queuecheck" -procs "${PROCS:-4}" -reps "${REPS:-5}"
fi
