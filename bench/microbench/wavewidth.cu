// wavewidth: how the bytes a thread moves decide a one-shot grid's idle
// between waves. blocksize.cu found one-element-a-thread copies of floats
// paying, each wave, about 465 cycles and 14 a warp of the block beyond the
// stream's time; launchcfg's copies of 16-byte complex doubles pay none on
// the H100. Here the same copy, an element a thread, moves elements of 4, 8,
// 16 and 32 bytes over the same 256 MiB (DRAM's), and over 16 MiB (which
// stays in L2 between the timed runs), with blocks of 128 to 1024 threads,
// beside a resident grid streaming the data with float4s in a grid-stride
// loop. Events
// around each launch, median of 15 after a warm-up; every output is checked
// against the input (fresh random data).
// Output: TSV: kernel, bytes (copied), bytes_per_thread, threads_per_block, blocks, ms, GB_per_s.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <random>
#include <vector>
#include <cuda_runtime.h>
#include "eventms.cuh"

struct alignas(32) f8 { float4 a, b; };

// copy moves one element of T a thread.
template <typename T>
__global__ void copy(const T *__restrict__ in, T *__restrict__ out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i];
}

__global__ void stream(const float4 *__restrict__ in, float4 *__restrict__ out, int n4) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) out[i] = in[i];
}

int main() {
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    printf("# %s, %d SMs\n", p.name, p.multiProcessorCount);
    printf("kernel\tbytes\tbytes_per_thread\tthreads_per_block\tblocks\tms\tGB_per_s\n");
    const size_t most = size_t(1) << 28;
    std::vector<unsigned char> h(most), got(most);
    std::mt19937 rng(2026);
    for (auto &v : h) v = (unsigned char)rng();
    unsigned char *in, *out;
    CHECK(cudaMalloc(&in, most));
    CHECK(cudaMalloc(&out, most));
    CHECK(cudaMemcpy(in, h.data(), most, cudaMemcpyHostToDevice));
    bool ok = true;
    size_t bytes = most;
    auto check = [&](const char *name, int width, int tpb) {
        CHECK(cudaMemcpy(got.data(), out, bytes, cudaMemcpyDeviceToHost));
        if (memcmp(got.data(), h.data(), bytes) != 0) {
            if (ok) fprintf(stderr, "%s width %d tpb %d: output differs from the input\n", name, width, tpb);
            ok = false;
        }
    };
    for (size_t b : {most, size_t(1) << 24}) {
        bytes = b;
        const int sblocks = p.multiProcessorCount * 8;
        CHECK(cudaMemset(out, 0, bytes));
        double sms = median_ms([&] { stream<<<sblocks, 256>>>((const float4 *)in, (float4 *)out, int(bytes / 16)); });
        check("stream", 16, 256);
        printf("stream\t%zu\t16\t256\t%d\t%.4f\t%.1f\n", bytes, sblocks, sms, 2.0 * bytes / (sms * 1e6));
        const int tpbs[] = {128, 256, 512, 1024};
        for (int width : {4, 8, 16, 32}) {
            const int n = int(bytes / width);
            for (int t : tpbs) {
                const int blocks = (n + t - 1) / t;
                CHECK(cudaMemset(out, 0, bytes));
                double ms = median_ms([&] {
                    switch (width) {
                    case 4: copy<<<blocks, t>>>((const float *)in, (float *)out, n); break;
                    case 8: copy<<<blocks, t>>>((const float2 *)in, (float2 *)out, n); break;
                    case 16: copy<<<blocks, t>>>((const float4 *)in, (float4 *)out, n); break;
                    default: copy<<<blocks, t>>>((const f8 *)in, (f8 *)out, n);
                    }
                });
                check("copy", width, t);
                printf("copy\t%zu\t%d\t%d\t%d\t%.4f\t%.1f\n", bytes, width, t, blocks, ms, 2.0 * bytes / (ms * 1e6));
            }
        }
    }
    printf("# results %s\n", ok ? "checked: all equal the input" : "WRONG");
    return ok ? 0 : 1;
}
