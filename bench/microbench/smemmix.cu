// smemmix: how an SM's shared-memory wavefronts and its issue slots add
// up, the mechanism behind the time model's Shared and Issue terms
// (docs/timemodel.md). The model charges shared wavefronts at one a cycle
// an SM and issue at four warp-instructions a cycle, each as its own
// throughput bound; the lab stencil's shared variants (blocks whose tile
// reads conflict 2-way against conflict-free ones) ran as if the two
// added. Each kernel loops K times; an iteration makes 8 shared loads of
// a type T (double: LDS.64 and a DADD; float, float2, float4: LDS.32, .64,
// .128 and their components' FADDs) whose lanes are D elements apart
// (double, D = 1: 2 wavefronts a load; 2: 4; 4: 8), each followed by J
// independent float FMAs, and with BAR a __syncthreads() at its end. Thread 0 of each block reads clock64
// around the loop (smspan.cuh: an SM's span, median over SMs and over 5
// launches after a warm-up). Every thread's sums are checked against the
// host's.
// Output: TSV: type, D, J, bar, warps_per_sm, cycles_per_iter (an SM's span / K),
// then, per SM and iteration, the warp-instructions' issue cycles if 8·(1+J)
// were all (issue_lb = warps·8·(1+J)/4) and the wavefronts if a load took
// its words × D (wf, capped at 32 a load); ncu's exact counts come from smemmix.sh.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>
#include "smspan.cuh"

constexpr int K = 512;
constexpr int N = 2048; // doubles of the shared array (16 KB)
constexpr int L = 8;    // loads an iteration
static bool once;

// The word a load reads: lane's D-strided slot, moved by a multiple of 64
// doubles (512 bytes: the banks stay the same) each load.
__host__ __device__ inline int slot(int lane, int D, int k, int l) { return lane * D + 64 * (k * L + l); }

__host__ __device__ inline float value(int i) { return 0.25f * (i % 97) - 3.0f; }

// Lanes of type T (float: LDS.32, float2: LDS.64, float4: LDS.128,
// double: LDS.64 and a DADD), each load's components summed into acc.
template <typename T> struct lanes;
template <> struct lanes<float> {
    static constexpr int words = 1;
    __host__ __device__ static float sum(float v) { return v; }
};
template <> struct lanes<float2> {
    static constexpr int words = 2;
    __host__ __device__ static float sum(float2 v) { return v.x + v.y; }
};
template <> struct lanes<float4> {
    static constexpr int words = 4;
    __host__ __device__ static float sum(float4 v) { return (v.x + v.y) + (v.z + v.w); }
};
template <> struct lanes<double> {
    static constexpr int words = 2;
    __host__ __device__ static double sum(double v) { return v; }
};
template <typename T> using acc_t = decltype(lanes<T>::sum(T{}));

// element i of the shared array, as the host computes it.
template <typename T> __host__ __device__ inline T element(int i);
template <> __host__ __device__ inline float element<float>(int i) { return value(i); }
template <> __host__ __device__ inline float2 element<float2>(int i) { return make_float2(value(2 * i), value(2 * i + 1)); }
template <> __host__ __device__ inline float4 element<float4>(int i) { return make_float4(value(4 * i), value(4 * i + 1), value(4 * i + 2), value(4 * i + 3)); }
template <> __host__ __device__ inline double element<double>(int i) { return 0.25 * (i % 97) - 3.0; }

template <typename T, int D, int J, int BAR>
__global__ void __launch_bounds__(256) mix(double *out, float *outf, long long *cycles, float a) {
    constexpr int n = N * 2 / lanes<T>::words; // 16 KB
    __shared__ T s[n];
    for (int i = threadIdx.x; i < n; i += blockDim.x) s[i] = element<T>(i);
    __syncthreads();
    const int lane = threadIdx.x & 31;
    acc_t<T> acc[L];
    float x[J > 0 ? J : 1];
#pragma unroll
    for (int l = 0; l < L; l++) acc[l] = 0;
#pragma unroll
    for (int j = 0; j < J; j++) x[j] = 0.001f * (threadIdx.x + j);
    long long t0 = clock64();
    for (int k = 0; k < K; k++) {
#pragma unroll
        for (int l = 0; l < L; l++) {
            acc[l] += lanes<T>::sum(s[slot(lane, D, k, l) & (n - 1)]);
#pragma unroll
            for (int j = 0; j < J; j++) x[j] = fmaf(x[j], a, 0.5f);
        }
        if (BAR) __syncthreads();
    }
    long long t1 = clock64();
    __syncthreads();
    recordSpan(cycles, t0, t1);
    const int g = blockIdx.x * blockDim.x + threadIdx.x;
    double sum = 0.0;
#pragma unroll
    for (int l = 0; l < L; l++) sum += acc[l];
    out[g] = sum;
    float xs = 0.0f;
#pragma unroll
    for (int j = 0; j < J; j++) xs += x[j];
    outf[g] = xs;
}

template <typename T> const char *name();
template <> const char *name<float>() { return "float"; }
template <> const char *name<float2>() { return "float2"; }
template <> const char *name<float4>() { return "float4"; }
template <> const char *name<double>() { return "double"; }

template <typename T, int D, int J, int BAR>
static void run(int per, int sms, double *dout, float *doutf, long long *dc, bool &ok) {
    // "once" (argv[1], for ncu): one launch a configuration, no warm-up.
    const int threads = 256, blocks = sms * per;
    const float a = 0.999f;
    const double cycles = medianSpan([&] { mix<T, D, J, BAR><<<blocks, threads>>>(dout, doutf, dc, a); }, dc, blocks, K, once);
    // Check the first block's sums (every block computes the same).
    std::vector<double> got(threads);
    std::vector<float> gotf(threads);
    CHECK(cudaMemcpy(got.data(), dout, threads * sizeof(double), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(gotf.data(), doutf, threads * sizeof(float), cudaMemcpyDeviceToHost));
    for (int t = 0; t < threads; t++) {
        constexpr int n = N * 2 / lanes<T>::words;
        acc_t<T> acc[L] = {0};
        for (int k = 0; k < K; k++)
            for (int l = 0; l < L; l++) acc[l] += lanes<T>::sum(element<T>(slot(t & 31, D, k, l) & (n - 1)));
        double want = 0.0;
        for (int l = 0; l < L; l++) want += acc[l];
        float xs = 0.0f;
        for (int j = 0; j < J; j++) {
            float x = 0.001f * (t + j);
            for (int i = 0; i < K * L; i++) x = fmaf(x, a, 0.5f);
            xs += x;
        }
        if (std::fabs(got[t] - want) > 1e-6 * std::fabs(want) + 1e-9 || std::fabs(gotf[t] - xs) > 1e-3f * std::fabs(xs) + 1e-6f) {
            if (ok) fprintf(stderr, "%s D %d J %d bar %d: thread %d got %g %g want %g %g\n", name<T>(), D, J, BAR, t, got[t], gotf[t], want, xs);
            ok = false;
        }
    }
    const int warps = 8 * per;
    const double wf = warps * L * std::min((double)lanes<T>::words * D, 32.0), issue = warps * L * (1 + J) / 4.0;
    printf("%s\t%d\t%d\t%d\t%d\t%.2f\t%.1f\t%.1f\n", name<T>(), D, J, BAR, warps, cycles, issue, wf);
}

// both runs 2, 4 and 8 blocks an SM (16, 32, 64 warps), with and without
// the barrier; wide, 8 blocks an SM without it.
template <typename T, int D, int J>
static void both(bool wide, int sms, double *dout, float *doutf, long long *dc, bool &ok) {
    if (!wide) {
        run<T, D, J, 0>(8, sms, dout, doutf, dc, ok);
        return;
    }
    for (int per : {2, 4, 8}) {
        run<T, D, J, 0>(per, sms, dout, doutf, dc, ok);
        run<T, D, J, 1>(per, sms, dout, doutf, dc, ok);
    }
}

template <typename T, int D>
static void sweep(bool wide, int sms, double *dout, float *doutf, long long *dc, bool &ok) {
    both<T, D, 0>(wide, sms, dout, doutf, dc, ok);
    both<T, D, 1>(wide, sms, dout, doutf, dc, ok);
    both<T, D, 2>(wide, sms, dout, doutf, dc, ok);
    both<T, D, 4>(wide, sms, dout, doutf, dc, ok);
    both<T, D, 8>(wide, sms, dout, doutf, dc, ok);
    both<T, D, 16>(wide, sms, dout, doutf, dc, ok);
}

int main(int argc, char **argv) {
    once = argc > 1;
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    const int sms = p.multiProcessorCount;
    printf("# %s, %d SMs\n", p.name, sms);
    printf("type\tD\tJ\tbar\twarps_per_sm\tcycles_per_iter\tissue_lb\twf\n");
    double *dout;
    float *doutf;
    long long *dc;
    CHECK(cudaMalloc(&dout, (size_t)sms * 8 * 256 * sizeof(double)));
    CHECK(cudaMalloc(&doutf, (size_t)sms * 8 * 256 * sizeof(float)));
    CHECK(cudaMalloc(&dc, 3 * sms * 8 * sizeof(long long)));
    bool ok = true;
    sweep<double, 1>(true, sms, dout, doutf, dc, ok);
    sweep<double, 2>(true, sms, dout, doutf, dc, ok);
    sweep<double, 4>(true, sms, dout, doutf, dc, ok);
    sweep<float, 1>(false, sms, dout, doutf, dc, ok);
    sweep<float, 2>(false, sms, dout, doutf, dc, ok);
    sweep<float2, 1>(false, sms, dout, doutf, dc, ok);
    sweep<float4, 1>(false, sms, dout, doutf, dc, ok);
    sweep<float4, 2>(false, sms, dout, doutf, dc, ok);
    CHECK(cudaFree(dout));
    CHECK(cudaFree(doutf));
    CHECK(cudaFree(dc));
    printf("# results %s\n", ok ? "checked: all equal the host's" : "WRONG");
    return ok ? 0 : 1;
}
