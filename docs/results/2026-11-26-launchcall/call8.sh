#!/usr/bin/env bash
# session 5, call 8: does Go's garbage collector make some culab processes
# slow at floyd's long launch sequences? labbench -launchpace in-process
# (main 47dc23e) with the collector as it is and with GOGC=off, beside
# native, 10 rounds alternated; one more run of each under
# GODEBUG=gctrace=1 to count the collections.
set -u
B=.cudabin/lc; O=${OUT:-/tmp/out}; mkdir -p $O
xz -d -f $B/*.xz 2>/dev/null; gunzip -f $B/*.gz 2>/dev/null; chmod +x $B/* 2>/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $O/machine.txt
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
nvcc -O3 -std=c++17 -arch=sm_$cc -o /tmp/native bench/launchpace/native.cu
for i in $(seq 1 10); do
  echo "{\"round\": $i, \"prog\": \"native\", \"ms\": $(/tmp/native)}"
  echo "{\"round\": $i, \"prog\": \"culab\", \"ms\": $($B/labbench -launchpace)}"
  echo "{\"round\": $i, \"prog\": \"culab GOGC=off\", \"ms\": $(GOGC=off $B/labbench -launchpace)}"
done > $O/runs.jsonl 2>$O/err.txt
GODEBUG=gctrace=1 $B/labbench -launchpace > $O/gctrace.out 2> $O/gctrace.txt
GODEBUG=gctrace=1 GOGC=off $B/labbench -launchpace > $O/gctrace-off.out 2> $O/gctrace-off.txt
wc -l $O/gctrace.txt $O/gctrace-off.txt
