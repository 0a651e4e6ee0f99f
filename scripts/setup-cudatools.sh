#!/usr/bin/env bash
# Installs the parts of the CUDA 13 toolkit that run without a GPU and
# that cudalib/sass uses to count what the GPU runs: NVRTC 13 (compiles
# CUDA C to sm_90 CUBIN, as the GPU machines' NVRTC 13.0 does) and
# nvdisasm (disassembles the CUBIN with its line table). Both come from
# PyPI as NVIDIA publishes them; the versions are pinned. Idempotent:
# a second run with the same versions does nothing.
#
#   scripts/setup-cudatools.sh [DIR]
#
# DIR defaults to $CULAB_CUDATOOLS, else ~/.cache/culab/cudatools;
# cudalib/sass looks in the same places.
set -euo pipefail

NVRTC=nvidia-cuda-nvrtc==13.0.88
# nvdisasm is on PyPI from 13.2 on; it reads 13.0's sm_90 CUBINs.
NVDISASM=nvidia-cuda-nvdisasm==13.2.86

dir=${1:-${CULAB_CUDATOOLS:-$HOME/.cache/culab/cudatools}}
stamp="$dir/.installed"
want="$NVRTC $NVDISASM"
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
PIP_ROOT_USER_ACTION=ignore "$python" -m pip install --quiet --disable-pip-version-check --no-deps --upgrade --target "$dir" "$NVRTC" "$NVDISASM"
echo "$want" >"$stamp"
echo "setup-cudatools: installed $want in $dir"
