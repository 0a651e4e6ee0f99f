#!/usr/bin/env bash
# session 5, call 6: before (main dfbfe8c, purego's call) and after (main
# 47dc23e, cuLaunchKernel through the fixed-frame call) in one run: the
# driver's GPU tests; the host's µs per launch, processes alternated over
# 10 rounds (drvonly.cpp, hostcost.cu, culab's drain before and after);
# then launch pace in 15 rounds with "native again" as native's control.
set -u
B=.cudabin/lc; O=${OUT:-/tmp/out}; mkdir -p $O
gunzip -f $B/*.gz $B/before/*.gz 2>/dev/null; chmod +x $B/* $B/before/* 2>/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $O/machine.txt
(cd cudalib/driver && ../../$B/driver.test -test.run 'GPU|LaunchCall' -test.v -test.count 1) > $O/driver-tests.log 2>&1
echo "rc $?" >> $O/driver-tests.log
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
nvcc -O3 -std=c++17 -arch=sm_$cc -o /tmp/hostcost bench/launchpace/hostcost.cu -lcuda
nvcc -O3 -std=c++17 -cudart none -o /tmp/drvonly bench/launchpace/drvonly.cpp -lcuda -ldl
for i in $(seq 1 10); do
  echo "round $i drvonly $(/tmp/drvonly)"
  echo "round $i hostcost $(/tmp/hostcost)"
  for p in before after; do
    d=$B; [ $p = before ] && d=$B/before
    (cd cudalib/driver && ../../$d/driver.test -test.run XXX -test.bench 'GPUQueuedLaunch|PuregoCall|LaunchCall' -test.benchtime 1s) \
      | grep -E '^Benchmark' | sed "s/^/round $i $p /"
  done
done > $O/host.txt 2>&1
OUT=/tmp/pace OLD=$B/before/labbench ROUNDS=15 BIN=$B/labbench timeout 480 bash bench/launchpace/run.sh > $O/pace.out 2>&1
echo "rc $?" >> $O/pace.out
cp /tmp/pace/runs.jsonl /tmp/pace/launchpace.md $O/
