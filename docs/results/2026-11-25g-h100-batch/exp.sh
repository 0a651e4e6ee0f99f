#!/usr/bin/env bash
# session 4, call 2: why the worker's timed sequences run slower than
# in-process ones. An experiment build (not on main: 4504023 plus exp.patch,
# built with CGO_ENABLED=0 into .cudabin/p2) prints the host ns per queued call of each drain
# (CULAB_X_STATS), and can lock the worker's serving goroutine to a thread
# (CULAB_X_LOCK) or poll its pipe for up to N µs before blocking
# (CULAB_X_SPIN), and set GOMAXPROCS in the worker (CULAB_X_WORKER_PROCS)
# or during a drain (CULAB_X_DRAIN_PROCS). The second call ran the latter. Rounds alternate native, in-process, and worker variants.
set -u
B=.cudabin/p2; O=${OUT:-/tmp/out}; mkdir -p $O
gunzip -f $B/*.gz; chmod +x $B/*
{ cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor 2>&1; grep MHz /proc/cpuinfo | head -16; lscpu | head -20; } > $O/cpu.txt 2>&1
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
nvcc -O3 -std=c++17 -arch=sm_$cc -o /tmp/native bench/launchpace/native.cu
progs=("native:/tmp/native" "culab:env CULAB_X_STATS=1 $B/labbench -launchpace"
  "culab GOMAXPROCS=1:env CULAB_X_STATS=1 GOMAXPROCS=1 $B/labbench -launchpace"
  "culab drain procs 1:env CULAB_X_STATS=1 CULAB_X_DRAIN_PROCS=1 $B/labbench -launchpace"
  "worker:env CULAB_X_STATS=1 $B/labbench -launchpace -worker"
  "worker procs 1:env CULAB_X_STATS=1 CULAB_X_WORKER_PROCS=1 $B/labbench -launchpace -worker")
for i in 1 2 3 4 5; do
  for p in "${progs[@]}"; do
    name=${p%%:*} cmd=${p#*:}
    echo "== $i $name" >> $O/stats.txt
    echo "{\"round\": $i, \"prog\": \"$name\", \"ms\": $($cmd 2>>$O/stats.txt)}" >> $O/runs.jsonl
  done
done
