// ldslat: what a shared-memory load costs a warp that waits for it, the
// mechanism behind the time model's SharedLoadCycles (docs/timemodel.md,
// calibrated so far): a chain of dependent loads (a pointer chase through
// a shared array, each lane on its own word: no conflicts), and C such
// chains a thread interleaved (loads in flight). Thread 0 of each block
// reads the SM's clock64 around the loop; an SM's figure is its span
// from its first block's start to its last block's end (%smid), the
// median over SMs and over 5 launches after a warm-up. The first block's
// chains' final indices are checked against the host's.
// Output: TSV: loop, chains, warps_per_sm, cycles_per_iter, loads_per_sm_per_cycle.
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>
#include "smspan.cuh"

constexpr int K = 1024;
constexpr int N = 4096; // words of the shared array (16 KB)

// next is the successor of word w: a permutation that keeps a lane's
// words in its own bank (w mod 32 fixed), so the chase never conflicts.
__host__ __device__ inline int next(int w) { return (w + 32 * 37) % N; }

template <int C>
__global__ void loop(int *out, long long *cycles) {
    __shared__ int s[N];
    for (int w = threadIdx.x; w < N; w += blockDim.x) s[w] = next(w);
    __syncthreads();
    const int lane = threadIdx.x & 31;
    int i[C];
#pragma unroll
    for (int c = 0; c < C; c++) i[c] = lane + 32 * c * 5;
    long long t0 = clock64();
    for (int k = 0; k < K; k++) {
#pragma unroll
        for (int c = 0; c < C; c++) i[c] = s[i[c]];
    }
    long long t1 = clock64();
    __syncthreads();
    recordSpan(cycles, t0, t1);
#pragma unroll
    for (int c = 0; c < C; c++) out[(blockIdx.x * blockDim.x + threadIdx.x) * C + c] = i[c];
}

template <int C>
static void run(const char *name, int threads, int per, int sms, int *dout, long long *dc, bool &ok) {
    const int blocks = sms * per;
    std::vector<double> spans, rates;
    std::vector<long long> c(3 * blocks);
    for (int rep = -1; rep < 5; rep++) {
        loop<C><<<blocks, threads>>>(dout, dc);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        if (rep < 0) continue;
        CHECK(cudaMemcpy(c.data(), dc, 3 * blocks * sizeof(long long), cudaMemcpyDeviceToHost));
        double cyc, r;
        smFigures(c, blocks, threads / 32 * C, K, cyc, r);
        spans.push_back(cyc);
        rates.push_back(r);
    }
    // The first block's indices after K steps of each chain.
    std::vector<int> got(threads * C);
    CHECK(cudaMemcpy(got.data(), dout, got.size() * sizeof(int), cudaMemcpyDeviceToHost));
    for (int t = 0; t < threads; t++)
        for (int ch = 0; ch < C; ch++) {
            int w = (t & 31) + 32 * ch * 5;
            for (int k = 0; k < K; k++) w = next(w);
            if (got[t * C + ch] != w) {
                if (ok) fprintf(stderr, "%s chains %d threads %d: thread %d chain %d got %d want %d\n", name, C, threads, t, ch, got[t * C + ch], w);
                ok = false;
            }
        }
    std::sort(spans.begin(), spans.end());
    std::sort(rates.begin(), rates.end());
    printf("%s\t%d\t%d\t%.2f\t%.3f\n", name, C, threads / 32 * per, spans[2], rates[2]);
}

template <int C>
static void sweep(const char *name, int sms, int *dout, long long *dc, bool &ok) {
    const int shapes[][2] = {{32, 1}, {128, 1}, {256, 1}, {512, 1}, {1024, 1}, {1024, 2}};
    for (auto &sh : shapes) run<C>(name, sh[0], sh[1], sms, dout, dc, ok);
}

int main() {
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    const int sms = p.multiProcessorCount;
    printf("# %s, %d SMs\n", p.name, sms);
    printf("loop\tchains\twarps_per_sm\tcycles_per_iter\tloads_per_sm_per_cycle\n");
    int *dout;
    long long *dc;
    CHECK(cudaMalloc(&dout, (size_t)sms * 2048 * 8 * sizeof(int)));
    CHECK(cudaMalloc(&dc, 3 * sms * 2 * sizeof(long long)));
    bool ok = true;
    sweep<1>("chase", sms, dout, dc, ok);
    sweep<2>("chase", sms, dout, dc, ok);
    sweep<4>("chase", sms, dout, dc, ok);
    sweep<8>("chase", sms, dout, dc, ok);
    CHECK(cudaFree(dout));
    CHECK(cudaFree(dc));
    printf("# results %s\n", ok ? "checked: all equal the host's" : "WRONG");
    return ok ? 0 : 1;
}
