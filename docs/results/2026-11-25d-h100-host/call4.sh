#!/usr/bin/env bash
# session 3, call 4 (issue 19): what makes a Go launch slower than a native one; the parameter count probe.
set -u
B=.cudabin/s4; O=${OUT:-/tmp/out}; mkdir -p $O
gunzip -f $B/*.gz $B/tests/*.gz
t() { local s=$EPOCHREALTIME; "$@"; local rc=$?; echo "   rc $rc, $(awk "BEGIN{printf \"%.1f\", $EPOCHREALTIME - $s}") s: $*"; }
nvcc -O3 -std=c++17 -arch=sm_90 -o /tmp/hostcost bench/launchpace/hostcost.cu -lcuda
{
  for r in 1 2 3; do
    echo "round $r native $(/tmp/hostcost)"
    echo "round $r culab $($B/labbench -hostcost)"
    echo "round $r culab -pin $($B/labbench -hostcost -pin)"
    echo "round $r culab GOMAXPROCS=1 $(GOMAXPROCS=1 $B/labbench -hostcost)"
    echo "round $r culab GOMAXPROCS=2 $(GOMAXPROCS=2 $B/labbench -hostcost)"
    echo "round $r culab GOGC=off $(GOGC=off $B/labbench -hostcost)"
    echo "round $r culab worker $($B/labbench -hostcost -worker)"
  done
} > $O/hostcost.log 2>&1
{
  t bash -c "cd cudalib && ../$B/tests/cudalib.test -test.run 'GPU|HardwareProfile|Worker' -test.count 1 -test.timeout 200s 2>&1 | tail -5"
  t env TINY_OOB=1 compute-sanitizer --target-processes all --error-exitcode 0 $B/culab run -o /tmp/p cmd/culab/testdata/toolprobe.ipynb 2>&1 | grep -v "^=========     \|^========= $" | head -30
} > $O/tests.log 2>&1
ls -la $O
