#!/usr/bin/env bash
# session 5, call 3: is a launch's host cost a property of the vCPU a
# process runs on? The GPU machine's topology, then for each vCPU in turn
# native's loop (hostcost.cu) and culab's drain (BenchmarkGPUQueuedLaunch,
# this build) pinned to it with taskset, twice over.
set -u
B=.cudabin/lc; O=${OUT:-/tmp/out}; mkdir -p $O
gunzip -f $B/*.gz $B/before/*.gz; chmod +x $B/* $B/before/* 2>/dev/null
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; lscpu; numactl -H; nvidia-smi topo -m; cat /proc/cmdline; } > $O/machine.txt 2>&1
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
nvcc -O3 -std=c++17 -arch=sm_$cc -o /tmp/hostcost bench/launchpace/hostcost.cu -lcuda
n=$(nproc)
for pass in 1 2; do
  for cpu in $(seq 0 $((n - 1))); do
    echo "pass $pass cpu $cpu native $(taskset -c $cpu /tmp/hostcost)"
    (cd cudalib/driver && taskset -c $cpu ../../$B/driver.test -test.run XXX -test.bench 'GPUQueuedLaunch' -test.benchtime 0.5s) \
      | grep -E '^Benchmark' | sed "s/^/pass $pass cpu $cpu culab /"
  done
done > $O/cpus.txt 2>&1
