#!/usr/bin/env bash
# session 3, call 2 (issue 19): spawn under the tools, the driver's context fast path, host cost per launch, launch pace A/B.
set -u
B=.cudabin/s2; O=${OUT:-/tmp/out}; mkdir -p $O
gunzip -f $B/*.gz $B/before/*.gz $B/tests/*.gz
t() { local s=$EPOCHREALTIME; "$@"; local rc=$?; echo "   rc $rc, $(awk "BEGIN{printf \"%.1f\", $EPOCHREALTIME - $s}") s: $*"; }
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nproc; ldd --version | head -1; } > $O/machine.txt 2>&1
{
  t bash -c "cd internal/spawn && ../../$B/tests/internal__spawn.test -test.v -test.count 1 2>&1 | tail -8"
  t bash -c "cd cudalib && ../$B/tests/cudalib.test -test.run 'GPU|HardwareProfile|Worker' -test.count 1 -test.timeout 200s 2>&1 | tail -15"
  t bash -c "cd cudalib && ../$B/tests/cudalib.test -test.run XXX -test.bench 'GPULaunch' -test.benchtime 200000x -test.count 3 2>&1 | grep -E 'Bench|ok|FAIL'"
  t bash -c "cd cudalib/labs && ../../$B/tests/cudalib__labs.test -test.run 'GPU' -test.count 1 -test.timeout 200s 2>&1 | tail -15"
} > $O/tests.log 2>&1
{
  nvcc -O3 -std=c++17 -arch=sm_90 -o /tmp/hostcost bench/launchpace/hostcost.cu -lcuda
  for r in 1 2 3; do
    echo "round $r native $(/tmp/hostcost)"
    echo "round $r culab $($B/labbench -hostcost)"
    echo "round $r before $($B/before/labbench -hostcost)"
    echo "round $r culab-worker $($B/labbench -hostcost -worker)"
    echo "round $r before-worker $($B/before/labbench -hostcost -worker)"
  done
} > $O/hostcost.log 2>&1
t env BIN=$B/labbench OLD=$B/before/labbench OUT=/tmp/lp ROUNDS=3 timeout 150 bash bench/launchpace/run.sh > $O/launchpace.log 2>&1
cp /tmp/lp/launchpace.md $O/ 2>/dev/null
{
  echo "== GPU time of fw_global, V=400: native vs culab (ncu, 20 launches each)"
  t timeout 90 ncu --metrics gpu__time_duration.sum -k regex:fw_global -s 900 -c 20 --csv /tmp/lp/native 2>&1 | grep fw_global | head -25
  t timeout 90 ncu --metrics gpu__time_duration.sum -k regex:fw_global -s 900 -c 20 --csv $B/labbench -launchpace 2>&1 | grep fw_global | head -25
} > $O/kerneltime.log 2>&1
mkdir -p $O/tools
t env STEPS=tools RESULTS=$O/tools BIN=$B timeout 240 bash scripts/gpu-check.sh check > $O/tools.log 2>&1
rm -f $O/tools/*.ncu-rep; cp scripts/gpu-check.sh $O/
ls -la $O $O/tools
