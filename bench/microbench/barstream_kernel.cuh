// barstream_kernel.cuh: barstream.cu's device code, which the virtual GPU
// also runs (bench/microbench/barstreammodel). barphase's loop (a load into
// shared memory, a barrier, W dependent shared-load FMAs, a barrier) in
// blocks of T threads, its load from an L2-resident table (as barphase) or
// streamed from DRAM: each block reads K·T fresh floats, K·B·T = 2^19 a
// launch an SM, so every configuration's launch streams 277 MB (L2: 50 MB
// on the H100, 60 on the H200), as the 2.5D stencil streams its planes.
// barstream.cu defines BARSTREAM_SPAN as smspan.cuh's recordSpan.
#pragma once
#ifndef BARSTREAM_SPAN
#define BARSTREAM_SPAN(cycles, t0, t1)
#endif

constexpr int BS_TABLE = 1 << 20;       // floats of the L2 table: 4 MB
constexpr int BS_K = 256;               // iterations, from the L2 table
constexpr long long BS_STREAM = 1 << 19; // K·B·T from DRAM (floats an SM)
__host__ __device__ inline float bsval(long long i) { return 0.001f * (i % 1000) - 0.5f; }
// bsidx is the element thread t of block b reads at iteration k.
__host__ __device__ inline long long bsidx(bool dram, int T, int k, int b, int blocks, int t) {
    if (dram) return ((long long)k * blocks + b) * T + t;
    return ((long long)k * 4099 * T + (long long)b * T + t) & (BS_TABLE - 1);
}

template <int W, int T, bool DRAM>
__global__ void __launch_bounds__(T) bstream(const float *src, float *out, long long *cycles, float a, int iters) {
    __shared__ float s[T];
    const int t = threadIdx.x;
    float acc = 1.0f;
    long long t0 = clock64();
    for (int k = 0; k < iters; k++) {
        s[t] = src[bsidx(DRAM, T, k, blockIdx.x, gridDim.x, t)];
        __syncthreads();
#pragma unroll
        for (int j = 0; j < W; j++) acc = fmaf(acc, a, s[(t + 33 * j) & (T - 1)]);
        __syncthreads();
    }
    long long t1 = clock64();
    BARSTREAM_SPAN(cycles, t0, t1);
    out[blockIdx.x * T + t] = acc;
}
