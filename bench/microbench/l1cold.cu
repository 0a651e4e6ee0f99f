// l1cold: what a block's gathers cost as its data's reuse changes: the
// mechanism behind Counters.BlockLoadSectors (a block's cold misses) and
// the time model's L2 term for scattered loads. Each block of 256 threads
// gathers R = 32 floats a thread from a window of W floats, at indices a
// hash spreads over the window (every request scattered, 32 sectors).
// The windows are private (block b's starts at b·W, modulo the 32 MB
// array, which stays in L2) or shared (every block's starts at 0); W runs
// from 1 KB to 4 MB. The host counts what the virtual GPU would: the
// requests' sectors, each block's distinct sectors (in windows of 8192,
// as BlockLoadSectors), the launch's distinct sectors, and the estimate of
// an SM's L1 misses for blocks that share data (timemodel: the union of k
// blocks' random subsets). ncu (l1cold.sh) reads the GPU's L1 misses.
// Every launch's output is checked against the host's sums.
// Output: TSV: windows, window_kb, blocks, requests, sectors, block_sectors,
// launch_sectors, union_estimate, ms, sectors_per_ns.
// Usage: l1cold [reps] (reps timed launches a configuration after a
// warm-up, default 5; l1cold.sh runs 1 under ncu).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <unordered_set>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); exit(1); } } while (0)

constexpr int T = 256;           // threads a block
constexpr int R = 32;            // gathers a thread
constexpr long NX = 8L << 20;    // floats of the array (32 MB)
constexpr int window = 8192;     // BlockLoadSectors' window, in sectors

__host__ __device__ inline unsigned mix(unsigned x) {
    x ^= x >> 16; x *= 0x7feb352du;
    x ^= x >> 15; x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

__host__ __device__ inline long at(int b, int t, int r, long w, bool shared) {
    long start = shared ? 0 : ((long)b * w) % NX;
    return (start + mix((unsigned)((b * T + t) * R + r)) % w) % NX;
}

__global__ void gather(const float *x, float *out, long w, bool shared) {
    float s = 0;
    for (int r = 0; r < R; r++) s += x[at(blockIdx.x, threadIdx.x, r, w, shared)];
    out[blockIdx.x * T + threadIdx.x] = s;
}

struct counts { long requests, sectors, blockSectors, launchSectors; };

static counts count(int blocks, long w, bool shared) {
    counts c{};
    std::vector<unsigned char> seen(NX / 8);
    std::unordered_set<long> block;
    for (int b = 0; b < blocks; b++) {
        block.clear();
        for (int r = 0; r < R; r++)
            for (int warp = 0; warp < T / 32; warp++) {
                long secs[32];
                for (int l = 0; l < 32; l++) secs[l] = at(b, warp * 32 + l, r, w, shared) / 8;
                std::sort(secs, secs + 32);
                long *end = std::unique(secs, secs + 32);
                c.requests++;
                c.sectors += end - secs;
                for (long *s = secs; s < end; s++) {
                    if (!block.count(*s)) {
                        if ((int)block.size() >= window) block.clear();
                        block.insert(*s);
                        c.blockSectors++;
                    }
                    if (!seen[*s]) seen[*s] = 1, c.launchSectors++;
                }
            }
    }
    return c;
}

int main(int argc, char **argv) {
    const int reps = argc > 1 ? atoi(argv[1]) : 5;
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    const int sms = p.multiProcessorCount, blocks = 8 * sms;
    printf("# %s, %d SMs, %d blocks of %d threads, %d gathers a thread\n", p.name, sms, blocks, T, R);
    printf("windows\twindow_kb\tblocks\trequests\tsectors\tblock_sectors\tlaunch_sectors\tunion_estimate\tms\tsectors_per_ns\n");
    std::vector<float> hx(NX);
    srand(1);
    for (auto &v : hx) v = (float)rand() / RAND_MAX - 0.5f;
    float *x, *out;
    CHECK(cudaMalloc(&x, NX * sizeof(float)));
    CHECK(cudaMalloc(&out, (size_t)blocks * T * sizeof(float)));
    CHECK(cudaMemcpy(x, hx.data(), NX * sizeof(float), cudaMemcpyHostToDevice));
    cudaEvent_t e0, e1;
    CHECK(cudaEventCreate(&e0));
    CHECK(cudaEventCreate(&e1));
    bool ok = true;
    std::vector<float> got((size_t)blocks * T);
    for (int shared = 0; shared < 2; shared++)
        for (long w = 256; w <= (1L << 20); w *= 4) {
            std::vector<float> ms;
            for (int rep = -1; rep < reps; rep++) {
                CHECK(cudaMemset(out, 0, got.size() * sizeof(float)));
                CHECK(cudaEventRecord(e0));
                gather<<<blocks, T>>>(x, out, w, shared);
                CHECK(cudaEventRecord(e1));
                CHECK(cudaEventSynchronize(e1));
                CHECK(cudaGetLastError());
                float t;
                CHECK(cudaEventElapsedTime(&t, e0, e1));
                if (rep >= 0) ms.push_back(t);
            }
            CHECK(cudaMemcpy(got.data(), out, got.size() * sizeof(float), cudaMemcpyDeviceToHost));
            for (int b = 0; b < blocks; b += 97)
                for (int t = 0; t < T; t++) {
                    float s = 0;
                    for (int r = 0; r < R; r++) s += hx[at(b, t, r, w, shared)];
                    if (got[b * T + t] != s) {
                        if (ok) fprintf(stderr, "w %ld shared %d: block %d thread %d got %g want %g\n", w, shared, b, t, got[b * T + t], s);
                        ok = false;
                    }
                }
            counts c = count(blocks, w, shared);
            // An SM's L1 misses if it keeps all it reads: the union of the
            // k = blocks/SMs blocks it runs, each a random subset of the
            // launch's sectors as large as the average block's.
            double d = (double)c.blockSectors / blocks, u = (double)c.launchSectors, k = (double)blocks / sms;
            double est = std::min((double)c.blockSectors, sms * u * (1 - std::pow(1 - d / u, k)));
            std::sort(ms.begin(), ms.end());
            double med = ms.empty() ? 0 : ms[ms.size() / 2];
            printf("%s\t%ld\t%d\t%ld\t%ld\t%ld\t%ld\t%.0f\t%.4f\t%.2f\n", shared ? "shared" : "private", w * 4 / 1024, blocks,
                   c.requests, c.sectors, c.blockSectors, c.launchSectors, est, med, med > 0 ? c.sectors / (med * 1e6) : 0);
        }
    printf("# results %s\n", ok ? "checked: every sampled block equals the host's" : "WRONG");
    return ok ? 0 : 1;
}
