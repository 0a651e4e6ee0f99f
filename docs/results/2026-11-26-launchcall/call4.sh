#!/usr/bin/env bash
# session 5, call 4: is culab's drain slower than a C++ loop because of
# Go, or because the C++ loop's process has the CUDA runtime? Alternated
# processes, 10 rounds: drvonly.cu (driver API only, as culab) with and
# without libcudart loaded and initialised, hostcost.cu (runtime linked),
# and culab's drain (BenchmarkGPUQueuedLaunch) with the fixed-frame call
# and with purego's (main dfbfe8c).
set -u
B=.cudabin/lc; O=${OUT:-/tmp/out}; mkdir -p $O
gunzip -f $B/*.gz $B/before/*.gz 2>/dev/null; chmod +x $B/* $B/before/* 2>/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $O/machine.txt
export LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-}:/usr/local/cuda/lib64:$(dirname $(dirname $(command -v nvcc)))/lib64
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
nvcc -O3 -std=c++17 -arch=sm_$cc -o /tmp/hostcost bench/launchpace/hostcost.cu -lcuda
nvcc -O3 -std=c++17 -cudart none -o /tmp/drvonly bench/launchpace/drvonly.cu -lcuda -ldl
for i in $(seq 1 10); do
  echo "round $i drvonly $(/tmp/drvonly)"
  echo "round $i drvonly+rt $(RUNTIME=1 /tmp/drvonly)"
  echo "round $i hostcost $(/tmp/hostcost)"
  for p in before new; do
    d=$B; [ $p = before ] && d=$B/before
    (cd cudalib/driver && ../../$d/driver.test -test.run XXX -test.bench 'GPUQueuedLaunch' -test.benchtime 1s) \
      | grep -E '^Benchmark' | sed "s/^/round $i $p /"
  done
done > $O/host.txt 2>&1
