#!/usr/bin/env bash
# session 5, call 9: culab's slow rounds are slow at V = 200 and 400 but not
# at V = 100 of the same process (call 7). Is it the size or the time into
# the process? labbench -launchpace -repeat 2 runs the sizes twice in one
# process (100, 200, 400, 100, 200, 400); beside native, 12 rounds.
set -u
B=.cudabin/lc; O=${OUT:-/tmp/out}; mkdir -p $O
xz -d -f $B/*.xz 2>/dev/null; gunzip -f $B/*.gz 2>/dev/null; chmod +x $B/* 2>/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $O/machine.txt
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
nvcc -O3 -std=c++17 -arch=sm_$cc -o /tmp/native bench/launchpace/native.cu
for i in $(seq 1 12); do
  echo "{\"round\": $i, \"prog\": \"native\", \"ms\": $(/tmp/native)}"
  $B/labbench -launchpace -repeat 2 | awk -v i=$i '{printf "{\"round\": %d, \"prog\": \"culab pass %d\", \"ms\": %s}\n", i, NR, $0}'
done > $O/runs.jsonl 2>$O/err.txt
