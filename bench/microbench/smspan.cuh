// smspan.cuh: an SM's figures of a launch whose blocks each time their own
// loop (shfl.cu, ldslat.cu), and CHECK, which ends the program on a CUDA
// error. Blocks of one SM need not start together, so
// an SM's figure is its span, from its first block's start to its last
// block's end, and its rate counts the blocks it actually ran.
#pragma once
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <vector>

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); exit(1); } } while (0)

// recordSpan keeps a block's loop start and end and its SM in
// cycles[3 * blockIdx.x ...]; thread 0 writes.
__device__ inline void recordSpan(long long *cycles, long long t0, long long t1) {
    if (threadIdx.x != 0) return;
    unsigned sm;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
    cycles[3 * blockIdx.x] = t0;
    cycles[3 * blockIdx.x + 1] = t1;
    cycles[3 * blockIdx.x + 2] = sm;
}

// smFigures turns one launch's recordSpan records into the median over SMs
// of an SM's span / iters (cycles an iteration) and of the work an SM
// completes a cycle (its blocks × perBlock × iters / its span).
static void smFigures(const std::vector<long long> &c, int blocks, double perBlock, int iters, double &cycles, double &rate) {
    struct span { long long start, end; int blocks; };
    std::map<long long, span> sm;
    for (int b = 0; b < blocks; b++) {
        auto it = sm.find(c[3 * b + 2]);
        if (it == sm.end()) sm[c[3 * b + 2]] = {c[3 * b], c[3 * b + 1], 1};
        else it->second = {std::min(it->second.start, c[3 * b]), std::max(it->second.end, c[3 * b + 1]), it->second.blocks + 1};
    }
    std::vector<double> spans, rates;
    for (auto &kv : sm) {
        const double cyc = (double)(kv.second.end - kv.second.start) / iters;
        spans.push_back(cyc);
        rates.push_back(kv.second.blocks * perBlock / cyc);
    }
    std::sort(spans.begin(), spans.end());
    std::sort(rates.begin(), rates.end());
    cycles = spans[spans.size() / 2];
    rate = rates[rates.size() / 2];
}

// medianSpan runs launch (one launch of a kernel whose blocks recordSpan
// into dc) once untimed, then 5 times, and returns the median of
// smFigures' cycles an iteration; once (for ncu): one launch, no warm-up.
template <typename Launch>
static double medianSpan(Launch launch, long long *dc, int blocks, int iters, bool once) {
    std::vector<double> spans;
    std::vector<long long> c(3 * blocks);
    for (int rep = once ? 0 : -1; rep < (once ? 1 : 5); rep++) {
        launch();
        cudaError_t e = cudaGetLastError();
        if (e == cudaSuccess) e = cudaDeviceSynchronize();
        if (e == cudaSuccess && rep >= 0) e = cudaMemcpy(c.data(), dc, 3 * blocks * sizeof(long long), cudaMemcpyDeviceToHost);
        if (e != cudaSuccess) {
            fprintf(stderr, "medianSpan: %s\n", cudaGetErrorString(e));
            exit(1);
        }
        if (rep < 0) continue;
        double cyc, r;
        smFigures(c, blocks, 1, iters, cyc, r);
        spans.push_back(cyc);
    }
    std::sort(spans.begin(), spans.end());
    return spans[spans.size() / 2];
}
