// barphase: whether blocks resident on one SM overlap one another's
// barrier phases, the question behind the time model's chain for kernels
// with barriers (docs/timemodel.md, "Barriers": between two barriers the
// SM issues every warp's instructions, then waits out the last one's
// latency, so the issue time adds to the chain). Within a block that
// holds; with B blocks an SM, one block's latency could hide behind the
// others' issue. Each block of 256 threads loops K times: a coalesced
// load of a float from an L2-resident table (4 MB) into shared memory, a
// barrier, W steps of a shared load and an FMA into one accumulator
// (a dependent chain), a barrier. Grids of 132·B blocks put B on each SM
// (B = 1, 2, 4, 8); thread 0 of each block reads clock64 around the loop
// (smspan.cuh: an SM's span, median over SMs and over 5 launches after a
// warm-up). Every thread's result is checked against the host's.
// Output: TSV: W, blocks_per_sm, cycles_per_iter; barphase.sh adds ncu's
// warp-instructions.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>
#include "smspan.cuh"

static bool once;

#define BARPHASE_SPAN recordSpan
#include "barphase_kernel.cuh"

template <int W>
static void run(int per, int sms, const float *table, float *dout, long long *dc, bool &ok) {
    const int blocks = sms * per;
    const float a = 0.5f;
    const double cycles = medianSpan([&] { phase<W><<<blocks, T>>>(table, dout, dc, a); }, dc, blocks, K, once);
    std::vector<float> got((size_t)blocks * T);
    CHECK(cudaMemcpy(got.data(), dout, got.size() * sizeof(float), cudaMemcpyDeviceToHost));
    for (int b : {0, blocks / 2, blocks - 1}) {
        for (int t = 0; t < T; t++) {
            float acc = 1.0f;
            for (int k = 0; k < K; k++)
                for (int j = 0; j < W; j++) {
                    int u = (t + 33 * j) & (T - 1);
                    acc = fmaf(acc, a, tval(tidx(k, b, u)));
                }
            float g = got[(size_t)b * T + t];
            if (std::fabs(g - acc) > 1e-5f * std::fabs(acc) + 1e-6f) {
                if (ok) fprintf(stderr, "W %d per %d: block %d thread %d got %g want %g\n", W, per, b, t, g, acc);
                ok = false;
            }
        }
    }
    printf("%d\t%d\t%.2f\n", W, per, cycles);
}

template <int W>
static void sweep(int sms, const float *table, float *dout, long long *dc, bool &ok) {
    for (int per : {1, 2, 4, 8}) run<W>(per, sms, table, dout, dc, ok);
}

int main(int argc, char **argv) {
    once = argc > 1;
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    const int sms = p.multiProcessorCount;
    printf("# %s, %d SMs\n", p.name, sms);
    printf("W\tblocks_per_sm\tcycles_per_iter\n");
    std::vector<float> h(TABLE);
    for (int i = 0; i < TABLE; i++) h[i] = tval(i);
    float *table, *dout;
    long long *dc;
    CHECK(cudaMalloc(&table, TABLE * sizeof(float)));
    CHECK(cudaMemcpy(table, h.data(), TABLE * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMalloc(&dout, (size_t)sms * 8 * T * sizeof(float)));
    CHECK(cudaMalloc(&dc, 3 * sms * 8 * sizeof(long long)));
    bool ok = true;
    sweep<4>(sms, table, dout, dc, ok);
    sweep<16>(sms, table, dout, dc, ok);
    sweep<32>(sms, table, dout, dc, ok);
    sweep<64>(sms, table, dout, dc, ok);
    sweep<128>(sms, table, dout, dc, ok);
    CHECK(cudaFree(table));
    CHECK(cudaFree(dout));
    CHECK(cudaFree(dc));
    printf("# results %s\n", ok ? "checked: all equal the host's" : "WRONG");
    return ok ? 0 : 1;
}
