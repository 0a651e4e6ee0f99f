// shfl: what a warp shuffle costs, the mechanism behind the time model's
// shuffle terms (docs/timemodel.md): its dependent latency, and how many
// an SM issues a cycle when many warps shuffle. Each kernel loops K
// times over C independent chains a thread; thread 0 of each block reads
// the SM's clock64 around the loop. An SM's figure is its span, from its
// first block's start to its last block's end (blocks of one SM need not
// start together); the figure is the median over SMs, median of 5
// launches after a warm-up. The first 8 warps' final values are checked
// against the host's.
//   op: idx (a lane's neighbour, SHFL.IDX), xor (SHFL.BFLY), down
//       (SHFL.DOWN), and fadd (a dependent float add: the reference chain)
//   chains: independent chains a thread (C); warps: resident warps an SM
// Output: TSV: op, chains, warps_per_sm (the grid's average), cycles_per_iter
// (an SM's span / K), per_sm_per_cycle (warp-instructions of op an SM
// completes a cycle: its warps × C × K / its span).
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>
#include "smspan.cuh"

constexpr int K = 1024;

template <int OP, int C>
__global__ void loop(const unsigned *in, unsigned *out, long long *cycles) {
    // cycles: a block's start, end and SM.
    const int lane = threadIdx.x & 31;
    const unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned v[C];
#pragma unroll
    for (int c = 0; c < C; c++) v[c] = in[gid * C + c];
    const int src = (lane + 1) & 31;
    __syncthreads();
    long long t0 = clock64();
    for (int k = 0; k < K; k++) {
#pragma unroll
        for (int c = 0; c < C; c++) {
            if (OP == 0) v[c] = __shfl_sync(0xffffffffu, v[c], src);
            if (OP == 1) v[c] = __shfl_xor_sync(0xffffffffu, v[c], 1);
            if (OP == 2) v[c] = __shfl_down_sync(0xffffffffu, v[c], 1);
            if (OP == 3) v[c] = __float_as_uint(__uint_as_float(v[c]) + 1.0f);
        }
    }
    long long t1 = clock64();
    __syncthreads();
    recordSpan(cycles, t0, t1);
#pragma unroll
    for (int c = 0; c < C; c++) out[gid * C + c] = v[c];
}

// host computes what K rounds of op leave in the lanes of v's warps
// (each warp on its own).
static void host(int op, int chains, std::vector<unsigned> &v) {
    const int n = (int)v.size() / chains;
    std::vector<unsigned> next(v.size());
    for (int k = 0; k < K; k++) {
        for (int t = 0; t < n; t++) {
            const int lane = t & 31, base = t - lane;
            for (int c = 0; c < chains; c++) {
                unsigned x = v[t * chains + c];
                if (op == 0) x = v[(base + ((lane + 1) & 31)) * chains + c];
                if (op == 1) x = v[(base + (lane ^ 1)) * chains + c];
                if (op == 2) x = lane + 1 < 32 ? v[(t + 1) * chains + c] : x;
                if (op == 3) {
                    float f;
                    memcpy(&f, &x, 4);
                    f += 1.0f;
                    memcpy(&x, &f, 4);
                }
                next[t * chains + c] = x;
            }
        }
        v.swap(next);
    }
}

template <int OP, int C>
static double run(int threads, int blocks, unsigned *din, unsigned *dout, long long *dc, bool &ok, double &perSMCycle) {
    const size_t n = (size_t)threads * blocks * C;
    std::vector<unsigned> h(n);
    uint64_t s = 0x9E3779B97F4A7C15ull ^ (OP * 131 + C * 17 + threads + blocks);
    for (auto &x : h) {
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        x = OP == 3 ? 0x3f800000u + (unsigned)(s & 0xffff) : (unsigned)s;
    }
    CHECK(cudaMemcpy(din, h.data(), n * 4, cudaMemcpyHostToDevice));
    std::vector<double> meds, rate;
    std::vector<long long> c(3 * blocks);
    for (int rep = -1; rep < 5; rep++) {
        loop<OP, C><<<blocks, threads>>>(din, dout, dc);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        if (rep < 0) continue;
        CHECK(cudaMemcpy(c.data(), dc, 3 * blocks * sizeof(long long), cudaMemcpyDeviceToHost));
        double cyc, r;
        smFigures(c, blocks, threads / 32 * C, K, cyc, r);
        meds.push_back(cyc);
        rate.push_back(r);
    }
    // The first 8 warps are checked (warps do not exchange values).
    const size_t checked = std::min(n, (size_t)256 * C);
    std::vector<unsigned> got(checked);
    CHECK(cudaMemcpy(got.data(), dout, checked * 4, cudaMemcpyDeviceToHost));
    h.resize(checked);
    host(OP, C, h);
    if (got != h) {
        fprintf(stderr, "op %d chains %d threads %d blocks %d: wrong result\n", OP, C, threads, blocks);
        ok = false;
    }
    std::sort(meds.begin(), meds.end());
    std::sort(rate.begin(), rate.end());
    perSMCycle = rate[rate.size() / 2];
    return meds[meds.size() / 2];
}

template <int OP, int C>
static void sweep(const char *name, int sms, unsigned *din, unsigned *dout, long long *dc, bool &ok) {
    // warps an SM: a block of `threads` an SM, or several blocks.
    const int shapes[][2] = {{32, 1}, {128, 1}, {256, 1}, {512, 1}, {1024, 1}, {256, 4}, {1024, 2}, {256, 8}};
    for (auto &sh : shapes) {
        const int threads = sh[0], per = sh[1];
        double rate;
        const double cyc = run<OP, C>(threads, sms * per, din, dout, dc, ok, rate);
        printf("%s\t%d\t%d\t%.2f\t%.3f\n", name, C, threads / 32 * per, cyc, rate);
    }
}

int main() {
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    const int sms = p.multiProcessorCount;
    printf("# %s, %d SMs\n", p.name, sms);
    printf("op\tchains\twarps_per_sm\tcycles_per_iter\tper_sm_per_cycle\n");
    const size_t most = (size_t)sms * 2048 * 8;
    unsigned *din, *dout;
    long long *dc;
    CHECK(cudaMalloc(&din, most * 4));
    CHECK(cudaMalloc(&dout, most * 4));
    CHECK(cudaMalloc(&dc, 3 * sms * 8 * sizeof(long long)));
    bool ok = true;
    sweep<0, 1>("idx", sms, din, dout, dc, ok);
    sweep<0, 4>("idx", sms, din, dout, dc, ok);
    sweep<0, 8>("idx", sms, din, dout, dc, ok);
    sweep<1, 1>("xor", sms, din, dout, dc, ok);
    sweep<1, 8>("xor", sms, din, dout, dc, ok);
    sweep<2, 1>("down", sms, din, dout, dc, ok);
    sweep<2, 8>("down", sms, din, dout, dc, ok);
    sweep<3, 1>("fadd", sms, din, dout, dc, ok);
    sweep<3, 8>("fadd", sms, din, dout, dc, ok);
    CHECK(cudaFree(din));
    CHECK(cudaFree(dout));
    CHECK(cudaFree(dc));
    printf("# results %s\n", ok ? "checked: all equal the host's" : "WRONG");
    return ok ? 0 : 1;
}
