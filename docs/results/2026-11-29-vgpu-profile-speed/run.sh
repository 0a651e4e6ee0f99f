#!/bin/bash
# alternate old and new vgpubench, pinned to 2 cores, profile on and off
cd "$(dirname "$0")"
export GOMAXPROCS=2
nproc; lscpu | grep "Model name"
for round in 1 2 3; do
  for b in old new; do
    echo "round $round $b profile: $(taskset -c 2,3 ./$b -runs 101 -profile | tr '\n' ' ')"
  done
done
for b in old new; do
  echo "round 1 $b plain: $(taskset -c 2,3 ./$b -runs 101 | tr '\n' ' ')"
done
