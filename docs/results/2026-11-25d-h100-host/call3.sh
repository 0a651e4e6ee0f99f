#!/usr/bin/env bash
# session 3, call 3 (issue 19): the tools' logs; GPU time of fw_global native vs culab at V=400; raw driver launch cost; pinned to one core.
set -u
B=.cudabin/s2; O=${OUT:-/tmp/out}; mkdir -p $O
gunzip -f $B/*.gz $B/before/*.gz $B/tests/*.gz 2>/dev/null
t() { local s=$EPOCHREALTIME; "$@"; local rc=$?; echo "   rc $rc, $(awk "BEGIN{printf \"%.1f\", $EPOCHREALTIME - $s}") s: $*"; }
nvcc -O3 -std=c++17 -arch=sm_90 -o /tmp/hostcost bench/launchpace/hostcost.cu -lcuda
t env STEPS=tools RESULTS=/tmp/tools BIN=$B timeout 240 bash scripts/gpu-check.sh check > /dev/null 2>&1
cp /tmp/tools/tools.log $O/tools-steps.log; cp /tmp/tools/README.md $O/tools-README.md
{
  echo "== GPU time of fw_global at V=400 (grid 14x56): native hostcost vs culab labbench -hostcost, 10 launches each after 100"
  t timeout 90 ncu --metrics gpu__time_duration.sum -k regex:fw_global -s 100 -c 10 --csv /tmp/hostcost 2>&1 | grep fw_global | awk -F'","' '{print $3, $9, $NF}'
  t timeout 90 ncu --metrics gpu__time_duration.sum -k regex:fw_global -s 100 -c 10 --csv $B/labbench -hostcost 2>&1 | grep fw_global | awk -F'","' '{print $3, $9, $NF}'
} > $O/kerneltime.log 2>&1
{
  t bash -c "cd cudalib/driver && ../../$B/tests/cudalib__driver.test -test.run XXX -test.bench 'GPURaw' -test.benchtime 200000x -test.count 3 2>&1 | grep -E 'Bench|ok|FAIL'"
  for r in 1 2 3; do
    echo "round $r native $(/tmp/hostcost)"
    echo "round $r culab $($B/labbench -hostcost)"
    echo "round $r native, taskset -c 3 $(taskset -c 3 /tmp/hostcost)"
    echo "round $r culab, taskset -c 3 $(taskset -c 3 $B/labbench -hostcost)"
    echo "round $r culab, GOMAXPROCS=1 $(GOMAXPROCS=1 $B/labbench -hostcost)"
  done
} > $O/hostcost.log 2>&1
ls -la $O
