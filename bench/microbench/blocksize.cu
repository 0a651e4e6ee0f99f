// blocksize: what a grid's block size costs, the mechanism behind the time
// model's block dispatch (BlocksPerSec, measured with 32-thread blocks) and
// warp start (WarpStartCycles, calibrated on grad1d until now): grids of
// empty blocks, and one-element-a-thread kernels over 2^24 and 2^26 floats
// (a store, a copy, grad1d's centred difference), with 32 to 1024 threads
// a block, and a resident grid streaming the same copy with float4s in a
// grid-stride loop (the bandwidth the others are set against). Events around each launch, median of 15 after a warm-up; every
// output is checked against the host's on fresh random inputs.
// Output: TSV: kernel, n, threads_per_block, blocks, ms, blocks_per_us, GB_per_s.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <algorithm>
#include <random>
#include <vector>
#include <cuda_runtime.h>
#include "eventms.cuh"

__global__ void empty() {}

__global__ void store(float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = (float)i;
}

__global__ void copy(const float *__restrict__ in, float *__restrict__ out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i];
}

// stream: a resident grid copying float4s in a grid-stride loop, many
// loads in flight a thread: the DRAM bandwidth the one-element kernels'
// time is set against.
__global__ void stream(const float4 *__restrict__ in, float4 *__restrict__ out, int n4) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) out[i] = in[i];
}

__global__ void grad(const float *__restrict__ in, float *__restrict__ out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < n - 1) out[i] = 0.5f * (in[i + 1] - in[i - 1]);
}

int main() {
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    printf("# %s, %d SMs\n", p.name, p.multiProcessorCount);
    printf("kernel\tn\tthreads_per_block\tblocks\tms\tblocks_per_us\tGB_per_s\n");
    const int tpbs[] = {32, 64, 128, 256, 384, 512, 768, 1024};
    for (int t : tpbs) {
        const int blocks = 1 << 20;
        double ms = median_ms([&] { empty<<<blocks, t>>>(); });
        printf("empty\t0\t%d\t%d\t%.4f\t%.1f\t0\n", t, blocks, ms, blocks / (ms * 1e3));
    }
    const int big = 1 << 26;
    std::vector<float> h(big), got(big);
    std::mt19937 rng(2026);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    for (auto &v : h) v = u(rng);
    float *in, *out;
    CHECK(cudaMalloc(&in, big * sizeof(float)));
    CHECK(cudaMalloc(&out, big * sizeof(float)));
    CHECK(cudaMemcpy(in, h.data(), big * sizeof(float), cudaMemcpyHostToDevice));
    bool ok = true;
    for (int n : {1 << 24, 1 << 26}) {
        // The streaming copy at full occupancy: 8 blocks of 256 threads an SM.
        CHECK(cudaMemset(out, 0, n * sizeof(float)));
        const int sblocks = p.multiProcessorCount * 8;
        double sms = median_ms([&] { stream<<<sblocks, 256>>>((const float4 *)in, (float4 *)out, n / 4); });
        CHECK(cudaMemcpy(got.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost));
        for (int i = 0; i < n; i++)
            if (got[i] != h[i]) {
                if (ok) fprintf(stderr, "stream n %d: out[%d] = %g, want %g\n", n, i, got[i], h[i]);
                ok = false;
                break;
            }
        printf("stream\t%d\t256\t%d\t%.4f\t%.1f\t%.1f\n", n, sblocks, sms, sblocks / (sms * 1e3), 8.0 * n / (sms * 1e6));
        for (int k = 0; k < 3; k++) {
            for (int t : tpbs) {
                const int blocks = (n + t - 1) / t;
                CHECK(cudaMemset(out, 0, n * sizeof(float)));
                double ms;
                const char *name;
                double bytes;
                if (k == 0) {
                    name = "store", bytes = 4.0 * n;
                    ms = median_ms([&] { store<<<blocks, t>>>(out, n); });
                } else if (k == 1) {
                    name = "copy", bytes = 8.0 * n;
                    ms = median_ms([&] { copy<<<blocks, t>>>(in, out, n); });
                } else {
                    name = "grad", bytes = 8.0 * n;
                    ms = median_ms([&] { grad<<<blocks, t>>>(in, out, n); });
                }
                CHECK(cudaMemcpy(got.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost));
                for (int i = 0; i < n; i++) {
                    float want = k == 0 ? (float)i : k == 1 ? h[i] : (i > 0 && i < n - 1 ? 0.5f * (h[i + 1] - h[i - 1]) : 0.0f);
                    if (got[i] != want) {
                        if (ok) fprintf(stderr, "%s n %d tpb %d: out[%d] = %g, want %g\n", name, n, t, i, got[i], want);
                        ok = false;
                        break;
                    }
                }
                printf("%s\t%d\t%d\t%d\t%.4f\t%.1f\t%.1f\n", name, n, t, blocks, ms, blocks / (ms * 1e3), bytes / (ms * 1e6));
            }
        }
    }
    printf("# results %s\n", ok ? "checked: all equal the host's" : "WRONG");
    return ok ? 0 : 1;
}
