// barstream: do blocks that meet at barriers move in step when each phase
// waits on DRAM, and in small blocks? barphase.cu asked it of 256-thread
// blocks loading from L2 (docs/results/2026-11-29i-barrier-overlap): the
// H200 ran between "in step" (every block's work adds to the chain) and
// "out of step", nearer in step for short phases with many blocks. The
// 2.5D stencil (2 warps a block, 32 blocks an SM, a DRAM load a plane)
// runs at the in-step account. Here the same loop (barstream_kernel.cuh)
// in blocks of 64 and 256 threads, 1–32 blocks an SM, its loads from an
// L2 table or streamed from DRAM; thread 0 of each block reads clock64
// around the loop (smspan.cuh: an SM's span / iterations, median over SMs
// and 5 launches after a warm-up). Every thread's result is checked
// against the host's. Output: TSV: src, threads, W, blocks_per_sm,
// cycles_per_iter.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>
#include "smspan.cuh"

#define BARSTREAM_SPAN recordSpan
#include "barstream_kernel.cuh"

__global__ void fill(float *p, long long n) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) p[i] = bsval(i);
}

static bool ok = true;

template <int W, int T, bool DRAM>
static void run(int per, int sms, const float *src, float *dout, long long *dc) {
    const int blocks = sms * per;
    const int iters = DRAM ? (int)(BS_STREAM / ((long long)per * T)) : BS_K;
    const float a = 0.5f;
    const double cycles = medianSpan([&] { bstream<W, T, DRAM><<<blocks, T>>>(src, dout, dc, a, iters); }, dc, blocks, iters, false);
    std::vector<float> got((size_t)blocks * T);
    CHECK(cudaMemcpy(got.data(), dout, got.size() * sizeof(float), cudaMemcpyDeviceToHost));
    for (int b : {0, blocks / 2, blocks - 1}) {
        for (int t = 0; t < T; t++) {
            float acc = 1.0f;
            for (int k = 0; k < iters; k++)
                for (int j = 0; j < W; j++) {
                    int u = (t + 33 * j) & (T - 1);
                    acc = fmaf(acc, a, bsval(bsidx(DRAM, T, k, b, blocks, u)));
                }
            float g = got[(size_t)b * T + t];
            if (std::fabs(g - acc) > 1e-5f * std::fabs(acc) + 1e-6f) {
                if (ok) fprintf(stderr, "%s T %d W %d per %d: block %d thread %d got %g want %g\n", DRAM ? "dram" : "l2", T, W, per, b, t, g, acc);
                ok = false;
            }
        }
    }
    printf("%s\t%d\t%d\t%d\t%.2f\n", DRAM ? "dram" : "l2", T, W, per, cycles);
}

template <int W, bool DRAM>
static void sweep(int sms, const float *src, float *dout, long long *dc) {
    for (int per : {1, 2, 4, 8, 16, 32}) run<W, 64, DRAM>(per, sms, src, dout, dc);
    for (int per : {1, 2, 4, 8}) run<W, 256, DRAM>(per, sms, src, dout, dc);
}

int main() {
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    const int sms = p.multiProcessorCount;
    printf("# %s, %d SMs\n", p.name, sms);
    printf("src\tthreads\tW\tblocks_per_sm\tcycles_per_iter\n");
    const long long n = BS_STREAM * sms;
    float *src, *dout;
    long long *dc;
    CHECK(cudaMalloc(&src, n * sizeof(float)));
    fill<<<1024, 256>>>(src, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMalloc(&dout, (size_t)sms * 32 * 64 * sizeof(float)));
    CHECK(cudaMalloc(&dc, 3 * sms * 32 * sizeof(long long)));
    sweep<4, false>(sms, src, dout, dc);
    sweep<16, false>(sms, src, dout, dc);
    sweep<64, false>(sms, src, dout, dc);
    sweep<4, true>(sms, src, dout, dc);
    sweep<16, true>(sms, src, dout, dc);
    sweep<64, true>(sms, src, dout, dc);
    CHECK(cudaFree(src));
    CHECK(cudaFree(dout));
    CHECK(cudaFree(dc));
    printf("# results %s\n", ok ? "checked: all equal the host's" : "WRONG");
    return ok ? 0 : 1;
}
