// barphase_kernel.cuh: barphase.cu's device code, which the virtual GPU
// also runs (bench/microbench/barphasemodel): barphase.cu defines
// BARPHASE_SPAN as smspan.cuh's recordSpan; without it the span is not kept.
#pragma once
#ifndef BARPHASE_SPAN
#define BARPHASE_SPAN(cycles, t0, t1)
#endif

constexpr int K = 256;
constexpr int T = 256;
constexpr int TABLE = 1 << 20; // floats: 4 MB, stays in L2
__host__ __device__ inline float tval(int i) { return 0.001f * (i % 1000) - 0.5f; }
__host__ __device__ inline int tidx(int k, int b, int t) { return (k * 4099 * T + b * T + t) & (TABLE - 1); }

template <int W>
__global__ void __launch_bounds__(T) phase(const float *table, float *out, long long *cycles, float a) {
    __shared__ float s[T];
    const int t = threadIdx.x;
    float acc = 1.0f;
    long long t0 = clock64();
    for (int k = 0; k < K; k++) {
        s[t] = table[tidx(k, blockIdx.x, t)];
        __syncthreads();
#pragma unroll
        for (int j = 0; j < W; j++) acc = fmaf(acc, a, s[(t + 33 * j) & (T - 1)]);
        __syncthreads();
    }
    long long t1 = clock64();
    BARPHASE_SPAN(cycles, t0, t1);
    out[blockIdx.x * T + t] = acc;
}

