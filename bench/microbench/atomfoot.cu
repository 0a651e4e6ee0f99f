// atomfoot: global atomics at random addresses over a footprint from L2's
// size to many times it: the rate of atomicAdd whose result is unused
// (RED), atomicAdd whose result is used (ATOM) and atomicCAS, against the
// table's size. 1056 blocks of 256 threads each make R = 16 operations a
// thread at hashed addresses of a table of W 4-byte words, W = 2^20 (4 MB)
// to 2^27 (512 MB). The median of 5 timed launches after a warm-up.
// Checks: the adds' table sums to the operations made (and the used
// results' sum to what the host expects of nothing: it is printed only),
// CAS(0 → 1) leaves exactly as many ones as distinct addresses.
// Output: TSV: op, words, mbytes, ops, ms, gops_per_s.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); exit(1); } } while (0)

constexpr int T = 256, R = 16;

__host__ __device__ inline unsigned mix(unsigned x) {
    x ^= x >> 16; x *= 0x7feb352du;
    x ^= x >> 15; x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

// op 0: atomicAdd, result unused; 1: atomicAdd, results summed; 2: atomicCAS(0 → 1).
__global__ void atoms(unsigned *t, unsigned mask, int op, unsigned *sink) {
    unsigned id = blockIdx.x * T + threadIdx.x, acc = 0;
    for (int r = 0; r < R; r++) {
        unsigned *p = t + (mix(id * R + r) & mask);
        if (op == 0) atomicAdd(p, 1u);
        else if (op == 1) acc += atomicAdd(p, 1u);
        else acc += atomicCAS(p, 0u, 1u);
    }
    if (op != 0) atomicAdd(sink, acc & 1);
}

int main() {
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    const int blocks = 8 * p.multiProcessorCount;
    const long ops = (long)blocks * T * R;
    printf("# %s, %d SMs, L2 %d MB, %d blocks of %d threads, %d operations a thread\n", p.name, p.multiProcessorCount,
           p.l2CacheSize >> 20, blocks, T, R);
    printf("op\twords\tmbytes\tops\tms\tgops_per_s\n");
    const char *names[] = {"add (RED)", "add, result used", "CAS"};
    unsigned *t, *sink;
    CHECK(cudaMalloc(&t, (1u << 27) * sizeof(unsigned)));
    CHECK(cudaMalloc(&sink, sizeof(unsigned)));
    cudaEvent_t e0, e1;
    CHECK(cudaEventCreate(&e0));
    CHECK(cudaEventCreate(&e1));
    bool ok = true;
    for (int lg = 20; lg <= 27; lg++) {
        const unsigned words = 1u << lg;
        std::vector<char> seen(words);
        long distinct = 0;
        for (long i = 0; i < ops; i++) {
            unsigned a = mix((unsigned)i) & (words - 1);
            if (!seen[a]) seen[a] = 1, distinct++;
        }
        for (int op = 0; op < 3; op++) {
            std::vector<float> ms;
            for (int rep = -1; rep < 5; rep++) {
                CHECK(cudaMemset(t, 0, words * sizeof(unsigned)));
                CHECK(cudaEventRecord(e0));
                atoms<<<blocks, T>>>(t, words - 1, op, sink);
                CHECK(cudaEventRecord(e1));
                CHECK(cudaEventSynchronize(e1));
                CHECK(cudaGetLastError());
                float x;
                CHECK(cudaEventElapsedTime(&x, e0, e1));
                if (rep >= 0) ms.push_back(x);
            }
            std::vector<unsigned> h(words);
            CHECK(cudaMemcpy(h.data(), t, words * sizeof(unsigned), cudaMemcpyDeviceToHost));
            long sum = 0, ones = 0;
            for (unsigned v : h) sum += v, ones += v == 1;
            if ((op < 2 && sum != ops) || (op == 2 && (ones != distinct || sum != distinct))) {
                fprintf(stderr, "%s over 2^%d words: sum %ld ones %ld, want %ld ops, %ld distinct\n", names[op], lg, sum, ones, ops, distinct);
                ok = false;
            }
            std::sort(ms.begin(), ms.end());
            printf("%s\t%u\t%u\t%ld\t%.4f\t%.2f\n", names[op], words, words * 4 >> 20, ops, ms[2], ops / (ms[2] * 1e6));
        }
    }
    printf("# results %s\n", ok ? "checked: every table as the host expects" : "WRONG");
    return ok ? 0 : 1;
}
