#!/usr/bin/env bash
# session 4, call 10: where a drain's host time goes: wall, user and
# system CPU µs per launch, one thread, empty kernel: culab's drain
# (exp7_main.go.txt, built as bench/xmain for this call only) against the
# same loop in C++ through the driver API (exp7_native.cu.txt), 8
# processes each, alternated.
set -u
B=.cudabin/x6; O=${OUT:-/tmp/out}; mkdir -p $O
gunzip -f $B/*.gz; chmod +x $B/xmain
nvcc -O3 -o /tmp/ru $B/ru.cu -lcuda 2>&1 | tail -3
for i in 1 2 3 4 5 6 7 8; do
  echo "$i native $(/tmp/ru)" >> $O/host.txt
  echo "$i culab $($B/xmain)" >> $O/host.txt
done
