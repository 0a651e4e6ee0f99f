#!/usr/bin/env bash
# Installs the parts of the CUDA 13 toolkit that run without a GPU: NVRTC
# 13 (the GPU machines' compiler, which cudalib prefers to Debian's NVRTC
# 11 where no toolkit is installed, and which compiles CUDA C to sm_90
# CUBIN for cudalib/sass), the CUDA headers of the same release that
# kernels include (cuda_fp16.h, cuda_bf16.h, cooperative_groups.h, mma.h
# from the runtime and crt wheels; libcu++'s <cuda/std/...>, CUB and
# Thrust from CCCL's), and nvdisasm (disassembles the CUBIN with its line
# table, for cudalib/sass). All come from PyPI as NVIDIA publishes them;
# the versions are pinned, the headers to NVRTC's release (CUDA 13.0
# Update 1). Idempotent: a second run with the same versions does nothing.
#
#   scripts/setup-cudatools.sh [DIR]
#
# DIR defaults to $CULAB_CUDATOOLS, else ~/.cache/culab/cudatools;
# cudalib/sass looks in the same places.
set -euo pipefail

NVRTC=nvidia-cuda-nvrtc==13.0.88
# The headers: nvidia/cu13/include (the runtime's, crt/) and
# nvidia/cu13/include/cccl; with them come libcudart (unused) and CMake files.
HEADERS="nvidia-cuda-runtime==13.0.88 nvidia-cuda-crt==13.0.88 nvidia-cuda-cccl==13.0.85"
# nvdisasm is on PyPI from 13.2 on; it reads 13.0's sm_90 CUBINs.
NVDISASM=nvidia-cuda-nvdisasm==13.2.86

dir=${1:-${CULAB_CUDATOOLS:-$HOME/.cache/culab/cudatools}}
stamp="$dir/.installed"
want="$NVRTC $HEADERS $NVDISASM"
if [[ -f $stamp && "$(cat "$stamp")" == "$want" ]]; then
	echo "setup-cudatools: $want already in $dir"
	exit 0
fi
python=${PYTHON:-$(command -v python3 || command -v python)}
if [[ -z $python ]]; then
	echo "setup-cudatools: needs python3 with pip" >&2
	exit 1
fi
mkdir -p "$dir"
# One pip run for all: with --target, a later run would replace the nvidia/
# directory the packages share.
# shellcheck disable=SC2086 # HEADERS is a list
PIP_ROOT_USER_ACTION=ignore "$python" -m pip install --quiet --disable-pip-version-check --no-deps --upgrade --target "$dir" "$NVRTC" $HEADERS "$NVDISASM"
echo "$want" >"$stamp"
echo "setup-cudatools: installed $want in $dir"
