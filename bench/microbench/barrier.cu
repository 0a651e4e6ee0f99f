// barrier: what a __syncthreads() costs a block, the mechanism behind the
// time model's BarrierCycles (docs/timemodel.md), as a function of the
// block's warps and of how many blocks share the SM. Each kernel loops
// K times; thread 0 of each block reads clock64 around the loop, and the
// figure is the median over blocks of cycles an iteration, median of 5
// launches after a warm-up. Loops:
//   bar    : __syncthreads() alone
//   relax  : Floyd's blocked step on a tile in shared memory, one element
//            a thread: d[y][x] = min(d[y][x], d[y][k] + d[k][x]); barrier
//   relax4 : the same with four elements a thread (B = 64 on 32×32
//            threads), one barrier a k
//   nobar  : relax without the barrier (the step's own chain)
// Output: TSV: loop, threads, blocks_per_sm, cycles_per_iter.
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); exit(1); } } while (0)

constexpr int K = 2048;

template <int MODE, int E>
__global__ void loop(long long *cycles, int *sink, int seed) {
    __shared__ int d[64][65];
    const int t = threadIdx.x, nt = blockDim.x;
    for (int i = t; i < 64 * 65; i += nt) (&d[0][0])[i] = (i * 2654435761u + seed) & 1023;
    __syncthreads();
    const int x = t % 32, y = t / 32; // y < nt/32 <= 32
    long long t0 = clock64();
    for (int k = 0; k < K; k++) {
        if (MODE == 0) {
            __syncthreads();
        } else {
            const int kk = k & 31;
#pragma unroll
            for (int e = 0; e < E; e++) {
                const int yy = y + 32 * (e & 1) * (E > 1), xx = x + 32 * (e >> 1) * (E > 1);
                d[yy][xx] = min(d[yy][xx], d[yy][kk] + d[kk][xx]);
            }
            if (MODE == 1) __syncthreads();
        }
    }
    long long t1 = clock64();
    if (t == 0) cycles[blockIdx.x] = t1 - t0;
    if (d[y][x] == -1) sink[0] = seed; // keeps the loop
}

template <int MODE, int E>
static double run(int threads, int blocks, long long *dc, int *ds) {
    std::vector<double> meds;
    std::vector<long long> h(blocks);
    for (int rep = -1; rep < 5; rep++) {
        loop<MODE, E><<<blocks, threads>>>(dc, ds, rep + 7);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        if (rep < 0) continue;
        CHECK(cudaMemcpy(h.data(), dc, blocks * sizeof(long long), cudaMemcpyDeviceToHost));
        std::sort(h.begin(), h.end());
        meds.push_back((double)h[blocks / 2] / K);
    }
    std::sort(meds.begin(), meds.end());
    return meds[meds.size() / 2];
}

int main() {
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    const int sms = p.multiProcessorCount;
    printf("# %s, %d SMs\n", p.name, sms);
    printf("loop\tthreads\tblocks_per_sm\tcycles_per_iter\n");
    long long *dc;
    int *ds;
    CHECK(cudaMalloc(&dc, sms * 32 * sizeof(long long)));
    CHECK(cudaMalloc(&ds, 64));
    const int threads[] = {32, 64, 128, 256, 512, 1024};
    for (int t : threads) {
        for (int per : {1, 2, 4, 8}) {
            if (t * per > 2048) continue;
            // 8 blocks an SM would need 8 × 16.6 KB of shared: fits (228 KB).
            int b = sms * per;
            printf("bar\t%d\t%d\t%.1f\n", t, per, run<0, 1>(t, b, dc, ds));
            printf("relax\t%d\t%d\t%.1f\n", t, per, run<1, 1>(t, b, dc, ds));
            printf("nobar\t%d\t%d\t%.1f\n", t, per, run<2, 1>(t, b, dc, ds));
            if (t == 1024) printf("relax4\t%d\t%d\t%.1f\n", t, per, run<1, 4>(t, b, dc, ds));
        }
    }
    CHECK(cudaFree(dc));
    CHECK(cudaFree(ds));
    return 0;
}
