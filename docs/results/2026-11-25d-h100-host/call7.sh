#!/usr/bin/env bash
# session 3, call 7 (issue 19): where a Go launch's extra host time goes (perf, if there).
set -u
B=.cudabin/s7; O=${OUT:-/tmp/out}; mkdir -p $O
gunzip -f $B/*.gz
nvcc -O3 -std=c++17 -arch=sm_90 -o /tmp/hostcost bench/launchpace/hostcost.cu -lcuda
{
  which perf; perf --version; cat /proc/sys/kernel/perf_event_paranoid
  for r in 1 2; do echo "native $(/tmp/hostcost)"; echo "culab $($B/labbench -hostcost)"; done
  perf stat -e task-clock,context-switches,cpu-migrations,page-faults,cycles,instructions -- /tmp/hostcost 2>&1 | tail -15
  perf stat -e task-clock,context-switches,cpu-migrations,page-faults,cycles,instructions -- $B/labbench -hostcost 2>&1 | tail -15
  perf record -g -o /tmp/native.data /tmp/hostcost >/dev/null 2>&1; perf report -i /tmp/native.data --no-children --percent-limit 2 --stdio 2>/dev/null | grep -v "^$" | head -40
  perf record -g -o /tmp/culab.data $B/labbench -hostcost >/dev/null 2>&1; perf report -i /tmp/culab.data --no-children --percent-limit 2 --stdio 2>/dev/null | grep -v "^$" | head -60
} > $O/perf.log 2>&1
