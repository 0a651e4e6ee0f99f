#!/bin/bash
# GPU check of the compile worker: culab info, the nine notebooks, a runaway compile.
out=$1
cat .cudabin/p1/a .cudabin/p2/b | xz -dc > /tmp/culab && chmod +x /tmp/culab
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $out/gpu.txt
/tmp/culab info > $out/info.txt 2>&1
( /usr/bin/time -v /tmp/culab run -o $out/nb notebooks/*.ipynb ) > $out/run.log 2>&1; echo "run rc=$?" >> $out/run.log
cat > /tmp/bomb.ipynb <<'NB'
{"cells": [{"cell_type": "code", "id": "c0", "metadata": {}, "execution_count": null, "outputs": [],
 "source": "%%cuda\n#define A(x) x x x x x x x x x x\n#define B(x) A(A(A(x)))\n#define C(x) B(B(B(x)))\n__device__ int v[] = { C(1,) };\n__global__ void k() {}"}],
 "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
NB
( time CULAB_COMPILE_MEMORY=512MiB XDG_CACHE_HOME=/tmp/xdg /tmp/culab run -o $out/bomb /tmp/bomb.ipynb ) > $out/bomb.log 2>&1; echo "bomb rc=$?" >> $out/bomb.log
grep -o 'past the [0-9]* MiB[^"]*' $out/bomb/bomb.ipynb | head -2 >> $out/bomb.log
ps -eo pid,ppid,rss,args | grep -c "[c]ompile-worker" >> $out/bomb.log
