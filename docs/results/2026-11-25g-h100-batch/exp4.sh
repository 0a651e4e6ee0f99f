#!/usr/bin/env bash
# session 4, call 7: is a launch's host cost a property of the kernel's
# module? bench/launchpace/modulecost.cu (one process, interleaved: the
# nvcc kernel, NVRTC's CUBIN as culab loads it, an empty PTX kernel),
# alternated with culab's drain of that empty kernel
# (BenchmarkGPUQueuedLaunch) and labbench -hostcost (culab's Kernel.Launch
# of NVRTC's fw_global outside a region), 8 rounds. Main, CGO_ENABLED=0.
set -u
B=.cudabin/x4; O=${OUT:-/tmp/out}; mkdir -p $O
gunzip -f $B/*.gz; chmod +x $B/*
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
nvcc -O3 -std=c++17 -arch=sm_$cc -o /tmp/modulecost bench/launchpace/modulecost.cu -lcuda -lnvrtc 2>&1 | tail -3
nvcc -O3 -std=c++17 -arch=sm_$cc -o /tmp/hostcost bench/launchpace/hostcost.cu -lcuda 2>&1 | tail -3
for i in 1 2 3 4 5 6 7 8; do
  echo "$i modulecost $(/tmp/modulecost cudalib/labs/cuda/floyd.cu)" >> $O/host.txt
  echo "$i hostcost $(/tmp/hostcost)" >> $O/host.txt
  echo "$i queued $(cd cudalib/driver && ../../$B/driver.test -test.run XXX -test.bench QueuedLaunch -test.benchtime 300x | grep -o '[0-9.]* ns/op')" >> $O/host.txt
  echo "$i culab-hostcost $($B/labbench -hostcost)" >> $O/host.txt
done
