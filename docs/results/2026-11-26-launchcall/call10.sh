#!/usr/bin/env bash
# session 5, call 10: does a launch's host cost grow with the context's
# state (live allocations, loaded modules, streams, events)? ctxstate.cpp,
# 8 processes; each compares states within one process.
set -u
O=${OUT:-/tmp/out}; mkdir -p $O
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $O/machine.txt
nvcc -O3 -std=c++17 -cudart none -o /tmp/ctxstate bench/launchpace/ctxstate.cpp -lcuda
for i in $(seq 1 8); do /tmp/ctxstate; done > $O/ctxstate.jsonl 2>&1
