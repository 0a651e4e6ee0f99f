// launchseq: what a timed sequence of back-to-back launches costs on one
// stream, the mechanism behind the time model's LaunchGap, HostLaunch and
// KernelSwitch (docs/timemodel.md, "A timed sequence"). Each case enqueues
// N launches between two CUDA events and reports the event time per
// launch, the median of 9 repeats after a warm-up. It separates:
//   - the same kernel again vs three kernels in turn (a "kernel switch"),
//   - the grid's shape (1 block to 15625 blocks, as Floyd-Warshall's
//     phases 1, 2 and 3 launch them), with kernels that do almost nothing,
//   - kernels that run for a set time (a spin on %globaltimer), to see
//     whether the GPU's gap between launches adds to the kernel's time or
//     hides under the host's enqueue rate.
// Output: TSV, one line a case: case, kernels (same|turn), grid, block,
// spin_ns, launches, us_per_launch.
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); exit(1); } } while (0)

__device__ __forceinline__ unsigned long long now_ns() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

// Three kernels with the same body and different names: the GPU sees
// three functions. Thread 0 of block 0 spins spin_ns (0: returns), every
// other thread returns at once; the round k is an argument, as Floyd's.
template <int ID>
__global__ void work(int *out, int k, long long spin_ns) {
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        if (spin_ns > 0) {
            unsigned long long t0 = now_ns();
            while ((long long)(now_ns() - t0) < spin_ns) {
            }
        }
        if (k < 0) out[ID] = k; // never: keeps the argument live
    }
}

typedef void (*kfn)(int *, int, long long);

static float seq_us(const kfn *ks, int nk, const int *grids, const int *blocks, int n,
                    long long spin, int *d, cudaStream_t s) {
    cudaEvent_t a, b;
    CHECK(cudaEventCreate(&a));
    CHECK(cudaEventCreate(&b));
    std::vector<float> runs;
    for (int rep = -2; rep < 9; rep++) { // two warm-ups
        CHECK(cudaStreamSynchronize(s));
        CHECK(cudaEventRecord(a, s));
        for (int i = 0; i < n; i++) {
            int j = i % nk;
            ks[j]<<<grids[j], blocks[j], 0, s>>>(d, i, spin);
        }
        CHECK(cudaEventRecord(b, s));
        CHECK(cudaEventSynchronize(b));
        CHECK(cudaGetLastError());
        float ms;
        CHECK(cudaEventElapsedTime(&ms, a, b));
        if (rep >= 0) runs.push_back(ms * 1000 / n);
    }
    std::sort(runs.begin(), runs.end());
    CHECK(cudaEventDestroy(a));
    CHECK(cudaEventDestroy(b));
    return runs[runs.size() / 2];
}

int main() {
    int *d;
    CHECK(cudaMalloc(&d, 64));
    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    printf("# %s, %d SMs\n", p.name, p.multiProcessorCount);
    printf("case\tkernels\tgrid\tblock\tspin_ns\tlaunches\tus_per_launch\n");
    const kfn same[3] = {work<0>, work<0>, work<0>};
    const kfn turn[3] = {work<0>, work<1>, work<2>};
    const int n = 300;
    struct shape { const char *name; int g, b; };
    const shape shapes[] = {
        {"1x32", 1, 32}, {"1x1024", 1, 1024}, {"64x1024", 64, 1024}, {"1024x1024", 1024, 1024},
        {"4096x256", 4096, 256}, {"15625x64", 15625, 64}, {"132x1024", 132, 1024},
    };
    // One shape for all three kernels: same kernel vs three in turn.
    for (const shape &sh : shapes) {
        int g[3] = {sh.g, sh.g, sh.g}, b[3] = {sh.b, sh.b, sh.b};
        printf("shape\tsame\t%d\t%d\t0\t%d\t%.3f\n", sh.g, sh.b, n, seq_us(same, 3, g, b, n, 0, d, s));
        printf("shape\tturn\t%d\t%d\t0\t%d\t%.3f\n", sh.g, sh.b, n, seq_us(turn, 3, g, b, n, 0, d, s));
    }
    // Floyd's three phases: 1 block, 2*(V/B) blocks, (V/B)^2 blocks.
    struct floyd { const char *name; int b, t; } fl[] = {{"B=16,V=1000", 63, 256}, {"B=32,V=1000", 32, 1024}, {"B=8,V=1000", 125, 64}};
    for (const floyd &f : fl) {
        int g[3] = {1, 2 * f.b, f.b * f.b}, b[3] = {f.t, f.t, f.t};
        printf("floyd %s\tsame\t1/%d/%d\t%d\t0\t%d\t%.3f\n", f.name, 2 * f.b, f.b * f.b, f.t, n, seq_us(same, 3, g, b, n, 0, d, s));
        printf("floyd %s\tturn\t1/%d/%d\t%d\t0\t%d\t%.3f\n", f.name, 2 * f.b, f.b * f.b, f.t, n, seq_us(turn, 3, g, b, n, 0, d, s));
    }
    // Kernels that run a set time: does the gap add to it?
    const long long spins[] = {500, 1000, 2000, 3000, 4000, 6000, 8000, 16000};
    for (long long sp : spins) {
        int g[3] = {1, 1, 1}, b[3] = {32, 32, 32};
        printf("spin\tsame\t1\t32\t%lld\t%d\t%.3f\n", sp, n, seq_us(same, 3, g, b, n, sp, d, s));
        printf("spin\tturn\t1\t32\t%lld\t%d\t%.3f\n", sp, n, seq_us(turn, 3, g, b, n, sp, d, s));
    }
    // A single launch in a timed region (the launch overhead events see).
    {
        int g[1] = {1}, b[1] = {32};
        printf("single\tsame\t1\t32\t0\t1\t%.3f\n", seq_us(same, 1, g, b, 1, 0, d, s));
        printf("single\tsame\t1\t32\t8000\t1\t%.3f\n", seq_us(same, 1, g, b, 1, 8000, d, s));
    }
    CHECK(cudaFree(d));
    return 0;
}
