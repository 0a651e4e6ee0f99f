// mlp: what a global load costs a latency-bound block as a function of the
// loads a warp has in flight (memory-level parallelism), the mechanism
// behind matmul's one-block row (issue 33: the same mm_block costs ~10
// cycles a load on an RTX 2080 Ti and ~27 on an H100, and ptxas puts 32,
// 16 and 9 loads before the first FFMA for sm_75, sm_86 and sm_90).
// One block only, so nothing but the block's own chain sets the time.
//
// Part "mm": the lab's mm_block (one <<<1, (16,16)>>> block, block-stride
// loops over i and j, k loop) with its k loop unrolled U times
// (U = 1 … 32), n = 256 and 512, checked against a CPU reference on random
// inputs. Figure: cycles a load a warp = kernel cycles / (2 n³ / 256).
//
// Part "lat": W warps of one block each loop ITER times over U independent
// coalesced loads (a line a warp a load) and a sum that the next
// iteration's addresses depend on (so iterations do not overlap). Data
// L1-resident (16 KB, default caching), L2-resident (__ldcg: L2 only,
// 16 KB), broadcast (every lane one address, as mm_block's A) or from DRAM
// (__ldcg over a 2 GiB array, each load a new line in address order, the
// warps 16 MB apart, each launch 256 MB further on: nothing of it in L2
// from the launch before).
// Figure: cycles an iteration, and cycles a load (= an iteration / U).
//
// Times are clock64 on thread 0 around the whole work, median of 5
// launches after a warm-up. Output: TSV.
//
// NVRTC compiles the kernels alone (cudalib/warpissue's fixtures:
// go run ./cudalib/warpissue/internal/gensass), without the host code.
#ifndef __CUDACC_RTC__
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <algorithm>
#include <random>
#include <vector>
#include <cuda_runtime.h>

#endif

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); exit(1); } } while (0)

template <int U>
__global__ void mm_block_u(float* __restrict__ c, const float* __restrict__ a,
                           const float* __restrict__ b, int n, long long* cycles)
{
    long long t0 = clock64();
    for (int i = threadIdx.y; i < n; i += blockDim.y) {
        for (int j = threadIdx.x; j < n; j += blockDim.x) {
            float sum = 0.0f;
#pragma unroll U
            for (int k = 0; k < n; ++k) {
                sum += a[i * n + k] * b[k * n + j];
            }
            c[i * n + j] = sum;
        }
    }
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0) *cycles = clock64() - t0;
}

constexpr int ITER = 4096;
constexpr int MASK = 4096 - 1; // 16 KB of ints
constexpr int DRAM_MASK = (1 << 29) - 1; // 2 GiB of ints

template <int U, int MODE>
__global__ void lat(const int* __restrict__ d, int* sink, long long* cycles, int off)
{
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    int base = MODE == 3 ? warp * (1 << 22) : warp * 1024;
    int acc = 0;
    long long t0 = clock64();
    for (int it = 0; it < ITER; it++) {
        int v[U];
#pragma unroll
        for (int u = 0; u < U; u++) {
            const int idx = MODE == 3 ? (off + base + u * 32 + lane) & DRAM_MASK
                                      : (base + u * 32 + (MODE == 2 ? 0 : lane)) & MASK;
            v[u] = MODE == 1 || MODE == 3 ? __ldcg(d + idx) : d[idx];
        }
        int s = 0;
#pragma unroll
        for (int u = 0; u < U; u++) s += v[u];
        acc += s;
        base += 32 * U + (s & 1); // d holds even values: the next addresses wait for s
    }
    long long t1 = clock64();
    if (threadIdx.x == 0) *cycles = t1 - t0;
    if (acc == 1) sink[0] = acc;
}

#ifdef __CUDACC_RTC__
template __global__ void mm_block_u<1>(float*, const float*, const float*, int, long long*);
template __global__ void mm_block_u<2>(float*, const float*, const float*, int, long long*);
template __global__ void mm_block_u<4>(float*, const float*, const float*, int, long long*);
template __global__ void mm_block_u<8>(float*, const float*, const float*, int, long long*);
template __global__ void mm_block_u<16>(float*, const float*, const float*, int, long long*);
template __global__ void mm_block_u<32>(float*, const float*, const float*, int, long long*);
template __global__ void lat<1, 0>(const int*, int*, long long*, int);
template __global__ void lat<1, 1>(const int*, int*, long long*, int);
template __global__ void lat<1, 3>(const int*, int*, long long*, int);
#else
static double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

template <int U>
static void mm(int n, const float* da, const float* db, float* dc, long long* dcy,
               const std::vector<float>& ref) {
    std::vector<double> cy;
    for (int rep = -1; rep < 5; rep++) {
        mm_block_u<U><<<1, dim3(16, 16)>>>(dc, da, db, n, dcy);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        if (rep < 0) continue;
        long long h;
        CHECK(cudaMemcpy(&h, dcy, sizeof h, cudaMemcpyDeviceToHost));
        cy.push_back((double)h);
    }
    std::vector<float> c(n * n);
    CHECK(cudaMemcpy(c.data(), dc, n * n * sizeof(float), cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < n * n; i++)
        if (std::fabs(c[i] - ref[i]) > 1e-3f * (1 + std::fabs(ref[i]))) bad++;
    const double m = median(cy), loads = 2.0 * n * n * n / 256;
    printf("mm\t%d\t%d\t%.0f\t%.2f\t%s\n", n, U, m, m / loads, bad ? "WRONG" : "ok");
}

template <int U, int MODE>
static void latrun(int warps, const int* dd, int* ds, long long* dcy) {
    std::vector<double> cy;
    for (int rep = -1; rep < 5; rep++) {
        lat<U, MODE><<<1, warps * 32>>>(dd, ds, dcy, (rep + 1) * (1 << 26));
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        if (rep < 0) continue;
        long long h;
        CHECK(cudaMemcpy(&h, dcy, sizeof h, cudaMemcpyDeviceToHost));
        cy.push_back((double)h / ITER);
    }
    const char* mode[] = {"l1", "l2", "bcast", "dram"};
    const double m = median(cy);
    printf("lat\t%s\t%d\t%d\t%.1f\t%.2f\n", mode[MODE], warps, U, m, m / U);
}

template <int MODE>
static void latall(const int* dd, int* ds, long long* dcy) {
    for (int w : {1, 8}) {
        latrun<1, MODE>(w, dd, ds, dcy);
        latrun<2, MODE>(w, dd, ds, dcy);
        latrun<4, MODE>(w, dd, ds, dcy);
        latrun<8, MODE>(w, dd, ds, dcy);
        latrun<16, MODE>(w, dd, ds, dcy);
        latrun<32, MODE>(w, dd, ds, dcy);
    }
}

int main() {
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    printf("# %s, %d SMs\n", p.name, p.multiProcessorCount);
    std::mt19937 rng(20261128);
    std::uniform_real_distribution<float> uni(-1, 1);
    long long* dcy;
    CHECK(cudaMalloc(&dcy, sizeof(long long)));

    printf("part\tn\tunroll\tcycles\tcycles_per_load\tcheck\n");
    for (int n : {256, 512}) {
        std::vector<float> a(n * n), b(n * n), ref(n * n);
        for (auto& x : a) x = uni(rng);
        for (auto& x : b) x = uni(rng);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int k = 0; k < n; k++) s += (double)a[i * n + k] * b[k * n + j];
                ref[i * n + j] = (float)s;
            }
        float *da, *db, *dc;
        CHECK(cudaMalloc(&da, n * n * sizeof(float)));
        CHECK(cudaMalloc(&db, n * n * sizeof(float)));
        CHECK(cudaMalloc(&dc, n * n * sizeof(float)));
        CHECK(cudaMemcpy(da, a.data(), n * n * sizeof(float), cudaMemcpyHostToDevice));
        CHECK(cudaMemcpy(db, b.data(), n * n * sizeof(float), cudaMemcpyHostToDevice));
        mm<1>(n, da, db, dc, dcy, ref);
        mm<2>(n, da, db, dc, dcy, ref);
        mm<4>(n, da, db, dc, dcy, ref);
        mm<8>(n, da, db, dc, dcy, ref);
        mm<16>(n, da, db, dc, dcy, ref);
        mm<32>(n, da, db, dc, dcy, ref);
        CHECK(cudaFree(da));
        CHECK(cudaFree(db));
        CHECK(cudaFree(dc));
    }

    std::vector<int> h(MASK + 1);
    for (auto& x : h) x = 2 * (int)(rng() % 1000); // even: (s & 1) == 0
    int *dd, *ds;
    CHECK(cudaMalloc(&dd, (DRAM_MASK + 1ull) * sizeof(int)));
    CHECK(cudaMemset(dd, 0, (DRAM_MASK + 1ull) * sizeof(int))); // even too
    CHECK(cudaMalloc(&ds, 64));
    CHECK(cudaMemcpy(dd, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
    printf("part\tmode\twarps\tloads_in_flight\tcycles_per_iter\tcycles_per_load\n");
    latall<0>(dd, ds, dcy);
    latall<1>(dd, ds, dcy);
    latall<2>(dd, ds, dcy);
    latall<3>(dd, ds, dcy);
    return 0;
}
#endif
