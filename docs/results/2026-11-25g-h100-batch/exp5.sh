#!/usr/bin/env bash
# session 4, call 8: culab's drain on the GPU machine's host, split: its Go
# side alone (BenchmarkDrainOverhead, exp5_drain_test.go.txt added to
# cudalib/driver for this build only: the drain with libc's labs in place
# of cuLaunchKernel), the real drain (BenchmarkGPUQueuedLaunch), the same
# with GODEBUG=asyncpreemptoff=1, and native's loop of the same empty
# kernel (modulecost.cu's empty_ptx_us), 6 rounds.
set -u
B=.cudabin/x5; O=${OUT:-/tmp/out}; mkdir -p $O
gunzip -f $B/*.gz; chmod +x $B/*
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
nvcc -O3 -std=c++17 -arch=sm_$cc -o /tmp/modulecost bench/launchpace/modulecost.cu -lcuda -lnvrtc 2>&1 | tail -3
t() { (cd cudalib/driver && env "$@" ../../$B/driver.test -test.run XXX -test.bench "$BN" -test.benchtime "$BT" | grep -o '[0-9.]* ns/launch\|[0-9.]* ns/op' | tr '\n' ' '); }
for i in 1 2 3 4 5 6; do
  echo "$i native $(/tmp/modulecost cudalib/labs/cuda/floyd.cu)" >> $O/host.txt
  BN=DrainOverhead BT=2000x; echo "$i go-side $(t X=1)" >> $O/host.txt
  BN=QueuedLaunch BT=300x; echo "$i queued $(t X=1)" >> $O/host.txt
  BN=QueuedLaunch BT=300x; echo "$i queued-asyncpreemptoff $(t GODEBUG=asyncpreemptoff=1)" >> $O/host.txt
done
