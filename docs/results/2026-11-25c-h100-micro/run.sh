#!/usr/bin/env bash
# session 3, call 1: microbench; launch-path CPU profile; what the tools' injection libraries interpose.
set -u
B=.cudabin/s1; O=${OUT:-/tmp/out}; mkdir -p $O
t() { local s=$EPOCHREALTIME; "$@"; local rc=$?; echo "   rc $rc, $(awk "BEGIN{printf \"%.1f\", $EPOCHREALTIME - $s}") s: $*"; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv,noheader; nproc; lscpu | grep -E "Model name"; nvcc --version | tail -2; } > $O/machine.txt 2>&1
mkdir -p $O/microbench
t timeout 240 bash bench/microbench/run.sh $O/microbench > $O/microbench.log 2>&1
{
  t timeout 60 $B/labbench -launchpace -repeat 40 -cpuprofile $O/inproc.pprof
  t timeout 60 $B/labbench -launchpace -repeat 3 -worker
} > $O/profile.log 2>&1
{
  for d in /opt/nvidia/nsight-compute/*/target/linux-desktop-glibc_2_11_3-x64 $(dirname $(readlink -f $(which compute-sanitizer))) ; do
    echo "== $d"; ls $d | head -50
    for f in $d/libTreeLauncher*.so $d/libInterceptorInjectionTarget.so $d/libsanitizer*.so $d/libTreeLauncherTargetInjection.so; do
      [ -f "$f" ] || continue
      echo "-- $f"; nm -D --defined-only "$f" 2>/dev/null | grep -wE "fork|vfork|execve|execv|execvp|execvpe|execl|execle|execlp|posix_spawn|posix_spawnp|system|popen|clone|__libc_start_main|dlopen" 
    done
  done
  echo "== ncu env in a child"; timeout 60 ncu --target-processes all bash -c 'env | grep -E "^(LD_PRELOAD|CUDA_INJ|NV_|NSYS|TREE|NVTX)" | cut -c1-300' 2>&1 | head -30
  echo "== compute-sanitizer env in a child"; timeout 60 compute-sanitizer --target-processes all bash -c 'env | grep -E "^(LD_PRELOAD|CUDA_INJ|NV_|NSYS|TREE|NVTX)" | cut -c1-300' 2>&1 | head -30
} > $O/tools.log 2>&1
ls -la $O
