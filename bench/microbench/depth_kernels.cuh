// depth_kernels.cuh: depth.cu's kernels, also compiled by the virtual GPU
// (bench/microbench/depthmodel). dep<D>: D loads, each at the index the
// one before returned; ind<D>: D independent loads summed; one store.
#pragma once

template <int D>
__device__ void dep(const int *__restrict__ p0, const int *__restrict__ p1, const int *__restrict__ p2,
                    const int *__restrict__ p3, int *__restrict__ out, int mask, int n) {
    const int *p[4] = {p0, p1, p2, p3};
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    int i = t & mask;
#pragma unroll
    for (int d = 0; d < D; d++) i = p[d][i];
    out[t & mask] = i;
}

template <int D>
__device__ void ind(const int *__restrict__ p0, const int *__restrict__ p1, const int *__restrict__ p2,
                    const int *__restrict__ p3, int *__restrict__ out, int mask, int n) {
    const int *p[4] = {p0, p1, p2, p3};
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    int i = t & mask, s = 0;
#pragma unroll
    for (int d = 0; d < D; d++) s += p[d][i];
    out[i] = s;
}

#define DEPTH_KERNEL(kind, D)                                                                        \
    extern "C" __global__ void kind##D(const int *p0, const int *p1, const int *p2, const int *p3, \
                                       int *out, int mask, int n) {                                 \
        kind<D>(p0, p1, p2, p3, out, mask, n);                                                      \
    }
DEPTH_KERNEL(dep, 0)
DEPTH_KERNEL(dep, 1)
DEPTH_KERNEL(dep, 2)
DEPTH_KERNEL(dep, 3)
DEPTH_KERNEL(dep, 4)
DEPTH_KERNEL(ind, 2)
DEPTH_KERNEL(ind, 3)
DEPTH_KERNEL(ind, 4)
