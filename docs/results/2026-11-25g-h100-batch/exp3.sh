#!/usr/bin/env bash
# session 4, call 6: the host's µs per launch, native against culab's
# drain, alternated process by process on one machine. Native:
# bench/launchpace/hostcost.cu (nvcc; the runtime's <<<>>> and the
# driver's cuLaunchKernel, fw_global). culab: cudalib/driver's
# BenchmarkGPUQueuedLaunch (the drain: purego + cuLaunchKernel, an empty
# kernel of fw_global's parameters and grid) and BenchmarkGPURawLaunch
# (a posted launch outside a region), built from main plus exp3.patch
# (CULAB_X_EXTRA=1: arguments packed in one buffer through cuLaunchKernel's
# extra, an experiment), CGO_ENABLED=0, into .cudabin/x3.
set -u
B=.cudabin/x3; O=${OUT:-/tmp/out}; mkdir -p $O
gunzip -f $B/*.gz; chmod +x $B/*
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
nvcc -O3 -std=c++17 -arch=sm_$cc -lcuda -o /tmp/hostcost bench/launchpace/hostcost.cu
(cd cudalib/driver && CULAB_X_EXTRA=1 ../../$B/driver.test -test.run Batch -test.v) > $O/extra-tests.log 2>&1
bench() { (cd cudalib/driver && env "$@" ../../$B/driver.test -test.run XXX -test.bench "$B_NAME" -test.benchtime "$BT" | grep -o '[0-9.]* ns/launch\|[0-9.]* ns/op' | head -1); }
BT=300x
for i in 1 2 3 4 5 6 7 8; do
  echo "$i native $(/tmp/hostcost)" >> $O/host.txt
  B_NAME=QueuedLaunch; echo "$i queued $(bench X=1)" >> $O/host.txt
  B_NAME=QueuedLaunch; echo "$i queued-extra $(bench CULAB_X_EXTRA=1)" >> $O/host.txt
  B_NAME=QueuedLaunch; echo "$i queued-gomaxprocs1 $(bench GOMAXPROCS=1)" >> $O/host.txt
  B_NAME='RawLaunch$'; BT=40000x; echo "$i raw-posted $(bench X=1)" >> $O/host.txt; BT=300x
done
