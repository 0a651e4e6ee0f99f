// depth: what a one-shot grid's warps pay for loads that depend on loads.
// Each thread of a grid of 2^26 (about 250 waves of 256-thread blocks on a
// 132-SM GPU) makes D loads and one store. In dep<D> each load's index is
// the value the one before returned (a gather through an index array, as
// sddmm's a[row[k]] or a CSR row's col[k] then x[col]); in ind<D> the D
// loads are independent and summed. Every load is coalesced: array d maps
// i to i ^ off_d, a random odd multiple of 32 within the footprint, which
// moves whole 128-byte lines, so dep<D> and ind<D> move the same sectors and differ only in
// whether a warp waits for its loads one after another or once. D = 0 is
// the store alone. The footprint is 2^20 ints an array (4 MiB: the five
// arrays stay in L2 between runs) or 2^26 (256 MiB: DRAM's); threads wrap
// over it. Events around each launch, median of 15 after a warm-up; every
// output is checked against the CPU's on fresh random offsets. With the
// argument "sweep": blocks of 1024 threads over footprints of 2^18 to 2^24
// ints an array, to find where the data stops staying in L2.
// Output: TSV: kernel, depth, footprint_ints, threads_per_block, blocks, ms.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <random>
#include <vector>
#include <cuda_runtime.h>
#include "eventms.cuh"

#include "depth_kernels.cuh"

constexpr int kMaxD = 4;
typedef void (*depthKernel)(const int *, const int *, const int *, const int *, int *, int, int);
// kernels[kind][D]: kind 0 dep, 1 ind.
static const depthKernel kernels[2][kMaxD + 1] = {{dep0, dep1, dep2, dep3, dep4}, {nullptr, dep1, ind2, ind3, ind4}};

int main(int argc, char **argv) {
    // "sweep": blocks of 1024 over footprints of 1 to 64 MiB an array,
    // where the data stops staying in L2.
    const bool sweep = argc > 1 && strcmp(argv[1], "sweep") == 0;
    const std::vector<int> foots = sweep ? std::vector<int>{1 << 18, 1 << 19, 1 << 20, 1 << 21, 1 << 22, 1 << 23, 1 << 24}
                                         : std::vector<int>{1 << 20, 1 << 26};
    const std::vector<int> tpbs = sweep ? std::vector<int>{1024} : std::vector<int>{128, 256, 1024};
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    printf("# %s, %d SMs\n", p.name, p.multiProcessorCount);
    printf("kernel\tdepth\tfootprint_ints\tthreads_per_block\tblocks\tms\n");
    const int n = 1 << 26, most = 1 << 26;
    std::mt19937 rng(std::random_device{}());
    // Array d's entries: i ^ off[d], an odd multiple of 32, so no load's
    // value is its own index.
    int off[kMaxD];
    for (int d = 0; d < kMaxD; d++) off[d] = 32 * (1 + 2 * int(rng() % 64));
    int *dp[kMaxD], *out;
    std::vector<int> h(most), got(most), want(most);
    for (int d = 0; d < kMaxD; d++) {
        CHECK(cudaMalloc(&dp[d], size_t(most) * 4));
    }
    CHECK(cudaMalloc(&out, size_t(most) * 4));
    bool ok = true;
    for (int foot : foots) {
        const int mask = foot - 1;
        for (int d = 0; d < kMaxD; d++) {
            for (int i = 0; i < foot; i++) h[i] = i ^ (off[d] & mask);
            CHECK(cudaMemcpy(dp[d], h.data(), size_t(foot) * 4, cudaMemcpyHostToDevice));
        }
        for (int tpb : tpbs) {
            const int blocks = n / tpb;
            for (int kind = 0; kind < 2; kind++) {
                for (int D = kind; D <= kMaxD; D++) {
                    if (kind == 1 && D == 1) continue; // ind<1> is dep<1>
                    CHECK(cudaMemset(out, 0xff, size_t(foot) * 4));
                    const depthKernel k = kernels[kind][D];
                    double ms = median_ms([&] { k<<<blocks, tpb>>>(dp[0], dp[1], dp[2], dp[3], out, mask, n); });
                    CHECK(cudaMemcpy(got.data(), out, size_t(foot) * 4, cudaMemcpyDeviceToHost));
                    for (int i = 0; i < foot; i++) {
                        int v = i, s = 0;
                        for (int d = 0; d < D; d++) {
                            if (kind == 0) v = v ^ (off[d] & mask);
                            else s += i ^ (off[d] & mask);
                        }
                        want[i] = kind == 0 ? v : s;
                    }
                    if (!std::equal(want.begin(), want.begin() + foot, got.begin())) {
                        if (ok) fprintf(stderr, "%s<%d> foot %d tpb %d: wrong output\n", kind ? "ind" : "dep", D, foot, tpb);
                        ok = false;
                    }
                    printf("%s\t%d\t%d\t%d\t%d\t%.4f\n", kind ? "ind" : "dep", D, foot, tpb, blocks, ms);
                }
            }
        }
    }
    printf("# results %s\n", ok ? "checked: all equal the CPU's" : "WRONG");
    return ok ? 0 : 1;
}
