// l1mix: whether an SM's shared-memory wavefronts and its global loads'
// L1 wavefronts share one data pipe (Volta and later unify L1 and shared
// memory in one L1TEX unit), the mechanism the lab stencil's shared
// variants point at (docs/results/2026-11-29b-shared-issue: ncu's L1
// data-pipe wavefronts, shared plus global, exceed the shared ones by
// 15–30 %, and (8,8,8), whose sum is the largest bound, runs 1.3× it).
// The time model charges shared wavefronts (one a cycle an SM) and global
// loads' L1 lines as two throughput bounds of their own; if the pipe is
// one, they add. Each kernel loops K times; an iteration makes S shared
// double loads whose lanes are SD doubles apart (SD = 1: 2 wavefronts a
// load, 2: 4) and G global double loads of a 16 KB table that stays in L1,
// lanes GD doubles apart (GD = 1: a warp reads 256 contiguous bytes, 4:
// 1 KB), loads of the two kinds interleaved, each summed into an
// accumulator of its own; with BAR a __syncthreads() at the iteration's
// end. Thread 0 of each block reads clock64 around the loop (smspan.cuh:
// an SM's span, median over SMs and over 5 launches after a warm-up).
// Every thread's sums are checked against the host's.
// Output: TSV: S, SD, G, GD, bar, warps_per_sm, cycles_per_iter (an SM's
// span / K); l1mix.sh adds ncu's exact warp-instructions and wavefronts.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>
#include "smspan.cuh"

constexpr int K = 256;
constexpr int N = 2048; // doubles of the shared array and of the global table (16 KB each)
static bool once;

// The word a load reads: lane's D-strided slot, moved by a multiple of 64
// doubles (512 bytes: the banks stay the same) each load.
__host__ __device__ inline int slot(int lane, int D, int k, int l) { return (lane * D + 64 * (k * 8 + l)) & (N - 1); }

__host__ __device__ inline double value(int i) { return 0.25 * (i % 97) - 3.0; }
__host__ __device__ inline double gvalue(int i) { return 0.5 * (i % 89) - 7.0; }

template <int S, int SD, int G, int GD, int BAR>
__global__ void __launch_bounds__(256) mix(const double *table, double *out, long long *cycles) {
    __shared__ double s[N];
    for (int i = threadIdx.x; i < N; i += blockDim.x) s[i] = value(i);
    __syncthreads();
    const int lane = threadIdx.x & 31;
    double as[S > 0 ? S : 1], ag[G > 0 ? G : 1];
#pragma unroll
    for (int l = 0; l < (S > 0 ? S : 1); l++) as[l] = 0;
#pragma unroll
    for (int l = 0; l < (G > 0 ? G : 1); l++) ag[l] = 0;
    long long t0 = clock64();
    for (int k = 0; k < K; k++) {
#pragma unroll
        for (int l = 0; l < (S > G ? S : G); l++) {
            if (l < S) as[l] += s[slot(lane, SD, k, l)];
            if (l < G) ag[l] += table[slot(lane, GD, k, l)];
        }
        if (BAR) __syncthreads();
    }
    long long t1 = clock64();
    __syncthreads();
    recordSpan(cycles, t0, t1);
    double sum = 0.0;
#pragma unroll
    for (int l = 0; l < S; l++) sum += as[l];
#pragma unroll
    for (int l = 0; l < G; l++) sum += ag[l];
    out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

template <int S, int SD, int G, int GD, int BAR>
static void run(int per, int sms, const double *table, double *dout, long long *dc, bool &ok) {
    // "once" (argv[1], for ncu): one launch a configuration, no warm-up.
    const int threads = 256, blocks = sms * per;
    const double cycles = medianSpan([&] { mix<S, SD, G, GD, BAR><<<blocks, threads>>>(table, dout, dc); }, dc, blocks, K, once);
    // Every block computes the same sums: check the first and the last.
    std::vector<double> got(threads);
    for (int b : {0, blocks - 1}) {
        CHECK(cudaMemcpy(got.data(), dout + (size_t)b * threads, threads * sizeof(double), cudaMemcpyDeviceToHost));
        for (int t = 0; t < threads; t++) {
            double want = 0.0, as[8] = {0}, ag[8] = {0};
            for (int k = 0; k < K; k++) {
                for (int l = 0; l < S; l++) as[l] += value(slot(t & 31, SD, k, l));
                for (int l = 0; l < G; l++) ag[l] += gvalue(slot(t & 31, GD, k, l));
            }
            for (int l = 0; l < S; l++) want += as[l];
            for (int l = 0; l < G; l++) want += ag[l];
            if (std::fabs(got[t] - want) > 1e-9 * std::fabs(want) + 1e-9) {
                if (ok) fprintf(stderr, "S %d SD %d G %d GD %d bar %d: block %d thread %d got %g want %g\n", S, SD, G, GD, BAR, b, t, got[t], want);
                ok = false;
            }
        }
    }
    printf("%d\t%d\t%d\t%d\t%d\t%d\t%.2f\n", S, SD, G, GD, BAR, 8 * per, cycles);
}

// four runs 4 and 8 blocks an SM (32 and 64 warps), with and without the barrier.
template <int S, int SD, int G, int GD>
static void four(int sms, const double *table, double *dout, long long *dc, bool &ok) {
    for (int per : {4, 8}) {
        run<S, SD, G, GD, 0>(per, sms, table, dout, dc, ok);
        run<S, SD, G, GD, 1>(per, sms, table, dout, dc, ok);
    }
}

template <int SD, int GD>
static void grid(int sms, const double *table, double *dout, long long *dc, bool &ok) {
    four<8, SD, 0, GD>(sms, table, dout, dc, ok);
    four<0, SD, 8, GD>(sms, table, dout, dc, ok);
    four<8, SD, 8, GD>(sms, table, dout, dc, ok);
    four<8, SD, 4, GD>(sms, table, dout, dc, ok);
    four<4, SD, 8, GD>(sms, table, dout, dc, ok);
    four<8, SD, 2, GD>(sms, table, dout, dc, ok);
}

int main(int argc, char **argv) {
    once = argc > 1;
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    const int sms = p.multiProcessorCount;
    printf("# %s, %d SMs\n", p.name, sms);
    printf("S\tSD\tG\tGD\tbar\twarps_per_sm\tcycles_per_iter\n");
    std::vector<double> h(N);
    for (int i = 0; i < N; i++) h[i] = gvalue(i);
    double *table, *dout;
    long long *dc;
    CHECK(cudaMalloc(&table, N * sizeof(double)));
    CHECK(cudaMemcpy(table, h.data(), N * sizeof(double), cudaMemcpyHostToDevice));
    CHECK(cudaMalloc(&dout, (size_t)sms * 8 * 256 * sizeof(double)));
    CHECK(cudaMalloc(&dc, 3 * sms * 8 * sizeof(long long)));
    bool ok = true;
    grid<1, 1>(sms, table, dout, dc, ok);
    grid<2, 1>(sms, table, dout, dc, ok);
    grid<1, 4>(sms, table, dout, dc, ok);
    grid<2, 4>(sms, table, dout, dc, ok);
    CHECK(cudaFree(table));
    CHECK(cudaFree(dout));
    CHECK(cudaFree(dc));
    printf("# results %s\n", ok ? "checked: all equal the host's" : "WRONG");
    return ok ? 0 : 1;
}
