#!/usr/bin/env bash
set -u
B=.cudabin/host2; gunzip -k -f $B/culab.gz
O=${OUT:-/tmp/out}; mkdir -p $O
t() { local s=$EPOCHREALTIME; "$@"; local rc=$?; echo "   rc $rc, $(awk "BEGIN{printf \"%.1f\", $EPOCHREALTIME - $s}") s: $*"; }
P=cmd/culab/testdata/toolprobe.ipynb
{
  echo "== ncu through the worker (default), preload + CUDA_INJECTION64_PATH"
  t timeout 90 ncu --target-processes all -k regex:culab_ --section SourceCounters -f -o /tmp/h2probe $B/culab run -o /tmp/h2p $P
  t timeout 30 ncu --import /tmp/h2probe.ncu-rep --print-summary per-kernel
  t bash -c "timeout 30 ncu --import /tmp/h2probe.ncu-rep --page source --csv --print-source cuda | head -12"
  echo "== compute-sanitizer through the worker (default), TINY_OOB=1"
  t timeout 90 env TINY_OOB=1 compute-sanitizer --target-processes all $B/culab run -o /tmp/h2p $P 2>&1 | head -40
  echo "== the processes under ncu and compute-sanitizer: injection libraries mapped, CUDA_INJECTION64_PATH/LD_PRELOAD"
  for tool in "ncu --target-processes all" "compute-sanitizer --target-processes all"; do
    echo "---- $tool"
    (timeout 60 env PROBE_SLEEP=6 $tool $B/culab run -o /tmp/h2p2 $P > /tmp/h2tool.log 2>&1 &) ; sleep 5
    for p in $(pgrep -f "host2/culab"); do echo "-- pid $p: $(tr '\0' ' ' < /proc/$p/cmdline | cut -c1-80)"; tr '\0' '\n' < /proc/$p/environ | grep -E "^LD_PRELOAD|^CUDA_INJ" | cut -c1-300; grep -oE "/[^ ]*\.so[^ ]*" /proc/$p/maps | grep -iE "inject|sanitizer|TreeLauncher|collection" | sort -u; done
    sleep 6; tail -4 /tmp/h2tool.log
  done
} > $O/tools.log 2>&1
{
  t timeout 120 env CULAB_LAB_PHASES=1 $B/culab run -o /tmp/h2nb notebooks/06-floyd-warshall.ipynb
} > $O/notebook06.log 2>&1
