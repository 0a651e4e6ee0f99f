#!/usr/bin/env bash
# session 5, call 5 (call 4's drvonly build failed: a .cu file gets the
# runtime's registration code even with -cudart none): alternated
# processes, 10 rounds: drvonly.cpp (driver API only, as culab) with and
# without libcudart loaded and initialised, hostcost.cu (runtime linked),
# culab's drain (BenchmarkGPUQueuedLaunch, fixed-frame call).
set -u
B=.cudabin/lc; O=${OUT:-/tmp/out}; mkdir -p $O
gunzip -f $B/*.gz $B/before/*.gz 2>/dev/null; chmod +x $B/* $B/before/* 2>/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $O/machine.txt
cuda=$(dirname $(dirname $(command -v nvcc)))
export LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-}:$cuda/lib64
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
nvcc -O3 -std=c++17 -arch=sm_$cc -o /tmp/hostcost bench/launchpace/hostcost.cu -lcuda
nvcc -O3 -std=c++17 -cudart none -o /tmp/drvonly bench/launchpace/drvonly.cpp -lcuda -ldl
ldd /tmp/drvonly >> $O/machine.txt
for i in $(seq 1 10); do
  echo "round $i drvonly $(/tmp/drvonly)"
  echo "round $i drvonly+rt $(RUNTIME=1 /tmp/drvonly)"
  echo "round $i hostcost $(/tmp/hostcost)"
  (cd cudalib/driver && ../../$B/driver.test -test.run XXX -test.bench 'GPUQueuedLaunch' -test.benchtime 1s) \
    | grep -E '^Benchmark' | sed "s/^/round $i new /"
done > $O/host.txt 2>&1
