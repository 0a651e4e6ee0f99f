#!/usr/bin/env bash
# host2's GPU call: tests, tiled CPU Floyd A/B, make report's notebooks, launchpace before/after, ncu/sanitizer through the worker.
set -u
B=.cudabin/host2; gunzip -k -f $B/culab.gz $B/labbench.gz $B/before/labbench.gz $B/tests/*.gz
O=${OUT:-/tmp/out}; mkdir -p $O
t() { local s=$EPOCHREALTIME; "$@"; local rc=$?; echo "   rc $rc, $(awk "BEGIN{printf \"%.1f\", $EPOCHREALTIME - $s}") s: $*"; }
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nproc; lscpu | grep -E "Model name|Thread|Socket|L3"; } > $O/machine.txt 2>&1
{
  t bash -c "cd cudalib && ../$B/tests/cudalib.test -test.run 'GPU|HardwareProfile|Worker' -test.count 1 -test.timeout 120s 2>&1 | tail -15"
  t bash -c "cd cudalib/labs && ../../$B/tests/cudalib__labs.test -test.run 'GPU' -test.count 1 -test.timeout 120s 2>&1 | tail -15"
  t bash -c "cd cudalib/labs && FWAB_N=5000 ../../$B/tests/cudalib__labs.test -test.run FWAB -test.v -test.timeout 60s 2>&1 | grep -v '^==='"
} > $O/tests.log 2>&1
{
  echo "== CULAB_LAB_PHASES=1 $B/culab run -o /tmp/h2report notebooks/*.ipynb"
  t timeout 250 env CULAB_LAB_PHASES=1 $B/culab run -o /tmp/h2report notebooks/*.ipynb
} > $O/notebooks.log 2>&1
cp /tmp/h2report/report.html $O/report.html 2>/dev/null
{
  t env BIN=$B/labbench OLD=$B/before/labbench OUT=/tmp/h2lp ROUNDS=3 timeout 120 bash bench/launchpace/run.sh
} > $O/launchpace.log 2>&1
cp /tmp/h2lp/launchpace.md $O/ 2>/dev/null
P=cmd/culab/testdata/toolprobe.ipynb
{
  echo "== ncu through the worker (default)"
  t timeout 90 ncu --target-processes all -k regex:culab_ --section SourceCounters -f -o /tmp/h2probe $B/culab run -o /tmp/h2p $P
  t timeout 30 ncu --import /tmp/h2probe.ncu-rep --print-summary per-kernel
  t bash -c "timeout 30 ncu --import /tmp/h2probe.ncu-rep --page source --csv --print-source cuda | head -12"
  echo "== compute-sanitizer through the worker (default), TINY_OOB=1"
  t timeout 90 env TINY_OOB=1 compute-sanitizer --target-processes all $B/culab run -o /tmp/h2p $P
  echo "== the worker's environment and maps under ncu"
  (timeout 60 env PROBE_SLEEP=8 ncu --target-processes all $B/culab run -o /tmp/h2p2 $P > /tmp/h2ncu2.log 2>&1 &) ; sleep 6
  for p in $(pgrep -f "culab gpu-worker"); do echo "-- worker $p"; tr '\0' '\n' < /proc/$p/environ | grep -E "^LD_PRELOAD|^CUDA_INJ" ; grep -oE "/[^ ]*(Injection|injection)[^ ]*" /proc/$p/maps | sort -u; done
  sleep 10; cat /tmp/h2ncu2.log | tail -5
} > $O/tools.log 2>&1
