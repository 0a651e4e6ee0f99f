#!/usr/bin/env bash
# session 4, call 9: does a launch's host cost depend on the calling
# thread? xmain (exp6_main.go.txt, built as bench/xmain for this call
# only): in one process, drains of 400 empty launches alternately on the
# main thread and on another locked thread; 8 processes, beside native's
# loop (modulecost.cu) and GOMAXPROCS=1.
set -u
B=.cudabin/x6; O=${OUT:-/tmp/out}; mkdir -p $O
gunzip -f $B/*.gz; chmod +x $B/*
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
nvcc -O3 -std=c++17 -arch=sm_$cc -o /tmp/modulecost bench/launchpace/modulecost.cu -lcuda -lnvrtc 2>&1 | tail -3
for i in 1 2 3 4 5 6 7 8; do
  echo "$i native $(/tmp/modulecost cudalib/labs/cuda/floyd.cu)" >> $O/host.txt
  echo "$i xmain $($B/xmain)" >> $O/host.txt
  echo "$i xmain-gomaxprocs1 $(GOMAXPROCS=1 $B/xmain)" >> $O/host.txt
done
