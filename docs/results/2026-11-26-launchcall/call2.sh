#!/usr/bin/env bash
# session 5, call 2: cuLaunchKernel through a fixed-frame cgocall
# (cudalib/driver/launchcall*.go) against purego's SyscallN ("before" =
# main dfbfe8c), on one machine: the driver's GPU tests; the host's ns per
# call and per queued launch, processes alternated; then launch pace in 11
# rounds beside the build before.
set -u
B=.cudabin/lc; O=${OUT:-/tmp/out}; mkdir -p $O
gunzip -f $B/*.gz $B/before/*.gz; chmod +x $B/* $B/before/* 2>/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $O/machine.txt
lscpu | grep -E 'Model name|^CPU\(s\)|MHz' >> $O/machine.txt
(cd cudalib/driver && ../../$B/driver.test -test.run 'GPU|LaunchCall' -test.v -test.count 1) > $O/driver-tests.log 2>&1
echo "rc $?" >> $O/driver-tests.log
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
nvcc -O3 -std=c++17 -arch=sm_$cc -o /tmp/hostcost bench/launchpace/hostcost.cu -lcuda
for i in $(seq 1 8); do
  echo "round $i native $(/tmp/hostcost)"
  for p in before new; do
    d=$B; [ $p = before ] && d=$B/before
    (cd cudalib/driver && ../../$d/driver.test -test.run XXX -test.bench 'GPUQueuedLaunch|PuregoCall|LaunchCall' -test.benchtime 1s) \
      | grep -E '^Benchmark' | sed "s/^/round $i $p /"
  done
done > $O/host.txt 2>&1
OUT=/tmp/pace OLD=$B/before/labbench ROUNDS=11 BIN=$B/labbench timeout 420 bash bench/launchpace/run.sh > $O/pace.out 2>&1
echo "rc $?" >> $O/pace.out
cp /tmp/pace/runs.jsonl /tmp/pace/launchpace.md $O/
