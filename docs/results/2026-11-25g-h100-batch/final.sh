#!/usr/bin/env bash
# session 4, the final call: make gpu-check on main (every step; launch
# pace in nine rounds), the folder back as one archive.
set -u
B=.cudabin/gc4; O=${OUT:-/tmp/out}; mkdir -p $O
gunzip -f $B/*.gz $B/tests/*.gz
day=$(date -u +%F)
R=docs/results/$day-h100-gpu-check-2
RESULTS=$R BIN=$B timeout 560 make gpu-check > $O/gpu-check.out 2>&1
echo "rc $?" >> $O/gpu-check.out
tar czf $O/gpu-check.tgz $R
