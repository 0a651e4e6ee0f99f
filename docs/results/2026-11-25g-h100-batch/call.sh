#!/usr/bin/env bash
# session 4, call 1: make gpu-check on main with the timed region's queue
# (driver/queue.go), then launch pace A/B against the build before it
# (0e3d6b5) in one run, five rounds; every folder back as one archive.
set -u
B=.cudabin/p1; O=${OUT:-/tmp/out}; mkdir -p $O
gunzip -f $B/*.gz $B/*/*.gz
chmod +x $B/* $B/*/* 2>/dev/null
R=docs/results/2026-11-25g-h100-batch
RESULTS=$R/gpu-check BIN=$B timeout 420 make gpu-check > $O/gpu-check.out 2>&1
echo "rc $?" >> $O/gpu-check.out
OUT=/tmp/pace OLD=$B/before/labbench ROUNDS=5 BIN=$B/labbench timeout 120 bash bench/launchpace/run.sh > $O/pace.out 2>&1
echo "rc $?" >> $O/pace.out
mkdir -p $R/pace; cp /tmp/pace/runs.jsonl /tmp/pace/launchpace.md $R/pace/; cp $O/*.out $R/
tar czf $O/results.tgz $R
