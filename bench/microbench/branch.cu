// branch: what a loop's taken branch costs a lone warp, beside its body's
// dependences (docs/results/2026-11-29m-issue-pipes: counting a warp's
// chain along its SASS dependences made short branchy loops too fast).
// One warp an SM loops K times over a body of U FFMAs: one dependent chain
// (dep) or U independent ones (indep). thread 0 reads the SM's clock64
// around the loop; the figure is the median over SMs of the median of 5
// launches after a warm-up (smspan.cuh). Every lane's final values are
// checked against the host's (fmaf on both).
// Output: TSV: body, U, cycles_per_iter. pipes.sh-style: branch.sh.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>
#include "smspan.cuh"

constexpr int K = 4096;

template <int U, bool DEP>
__global__ void loop(const float *in, float *out, long long *cycles, float x, float y) {
    const int gid = blockIdx.x * blockDim.x + threadIdx.x;
    float v[U];
#pragma unroll
    for (int u = 0; u < U; u++) v[u] = in[gid * U + u];
    __syncwarp();
    long long t0 = clock64();
#pragma unroll 1
    for (int k = 0; k < K; k++) {
#pragma unroll
        for (int u = 0; u < U; u++) {
            if (DEP) v[0] = fmaf(v[0], x, y);
            else v[u] = fmaf(v[u], x, y);
        }
    }
    long long t1 = clock64();
    recordSpan(cycles, t0, t1);
#pragma unroll
    for (int u = 0; u < U; u++) out[gid * U + u] = v[u];
}

template <int U, bool DEP>
static void run(int sms, float *din, float *dout, long long *dc, bool &ok) {
    const int n = sms * 32 * U;
    std::vector<float> h(n);
    for (int i = 0; i < n; i++) h[i] = 1.0f + 0.001f * (float)(i % 997);
    CHECK(cudaMemcpy(din, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    const float x = 0.5f, y = 0.25f;
    const double cyc = medianSpan([&] { loop<U, DEP><<<sms, 32>>>(din, dout, dc, x, y); }, dc, sms, K, false);
    std::vector<float> got(n);
    CHECK(cudaMemcpy(got.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int t = 0; t < sms * 32 && ok; t++) {
        for (int u = 0; u < U; u++) {
            float w = h[t * U + u];
            if (!DEP || u == 0) {
                for (int k = 0; k < K * (DEP ? U : 1); k++) w = fmaf(w, x, y);
            }
            if (memcmp(&w, &got[t * U + u], 4) != 0) {
                fprintf(stderr, "%s U=%d: lane %d value %d: got %g, want %g\n", DEP ? "dep" : "indep", U, t, u, got[t * U + u], w);
                ok = false;
                break;
            }
        }
    }
    printf("%s\t%d\t%.2f\n", DEP ? "dep" : "indep", U, cyc);
}

int main() {
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    const int sms = p.multiProcessorCount;
    printf("# %s, %d SMs, one warp an SM\n", p.name, sms);
    printf("body\tU\tcycles_per_iter\n");
    float *din, *dout;
    long long *dc;
    CHECK(cudaMalloc(&din, sms * 32 * 32 * sizeof(float)));
    CHECK(cudaMalloc(&dout, sms * 32 * 32 * sizeof(float)));
    CHECK(cudaMalloc(&dc, 3 * sms * sizeof(long long)));
    bool ok = true;
    run<1, true>(sms, din, dout, dc, ok);
    run<2, true>(sms, din, dout, dc, ok);
    run<4, true>(sms, din, dout, dc, ok);
    run<8, true>(sms, din, dout, dc, ok);
    run<16, true>(sms, din, dout, dc, ok);
    run<32, true>(sms, din, dout, dc, ok);
    run<1, false>(sms, din, dout, dc, ok);
    run<2, false>(sms, din, dout, dc, ok);
    run<4, false>(sms, din, dout, dc, ok);
    run<8, false>(sms, din, dout, dc, ok);
    run<16, false>(sms, din, dout, dc, ok);
    run<32, false>(sms, din, dout, dc, ok);
    CHECK(cudaFree(din));
    CHECK(cudaFree(dout));
    CHECK(cudaFree(dc));
    printf("# results %s\n", ok ? "checked: all equal the host's" : "WRONG");
    return ok ? 0 : 1;
}
