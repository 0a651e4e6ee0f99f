// atommult: what a warp's global atomic costs the L2 when several of its
// lanes share a word, the mechanism behind the time model's atomics term
// for a warp whose lanes meet on few words that the compiler cannot prove
// uniform (a COO sparse matrix-vector product: a float atomic an entry,
// rows sorted, so a warp's 32 entries fall on one or two rows).
//
// Lane l of warp w adds 1 to word (w·32·stride + (l/m)·stride) mod words:
// m lanes share each word (m = 1 … 32, a run-time argument, so that ptxas
// cannot prove the address uniform and aggregate the warp), the warp's
// 32/m words are stride words apart (stride 1: the words of one sector
// share it; stride 8: each word its own sector). Result unused: RED.
// words = 2^20 (4 MiB, L2-resident); 2^24 lanes a launch. Median of 5
// launches after a warm-up, CUDA events; every word's final count is
// checked against the host's count. Output TSV: type, m, stride,
// requests (warp instructions) a second, lane operations a second.
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); exit(1); } } while (0)

constexpr int WORDS = 1 << 20;
constexpr long long LANES = 1 << 24;
constexpr int REPS = 6; // launches a measurement: a warm-up, then 5 timed

// medianSeconds runs launch a warm-up and 5 more times, each between two
// events, and returns the median of the 5 in seconds.
template <typename F>
static double medianSeconds(F launch) {
    cudaEvent_t a, b;
    CHECK(cudaEventCreate(&a));
    CHECK(cudaEventCreate(&b));
    std::vector<float> ms;
    for (int r = 0; r < REPS; r++) {
        CHECK(cudaEventRecord(a));
        launch();
        CHECK(cudaEventRecord(b));
        CHECK(cudaEventSynchronize(b));
        CHECK(cudaGetLastError());
        float t;
        CHECK(cudaEventElapsedTime(&t, a, b));
        if (r > 0) ms.push_back(t);
    }
    CHECK(cudaEventDestroy(a));
    CHECK(cudaEventDestroy(b));
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2] * 1e-3;
}

template <typename T>
__global__ void mult(T *y, int m, int stride) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long w = i / 32;
    int l = (int)(i % 32);
    long long word = (w * 32 * stride + (long long)(l / m) * stride) % WORDS;
    atomicAdd(&y[word], (T)1);
}

static long long wordOf(long long i, int m, int stride) {
    long long w = i / 32;
    int l = (int)(i % 32);
    return (w * 32 * stride + (long long)(l / m) * stride) % WORDS;
}

template <typename T>
static void sweep(const char *type) {
    T *y;
    CHECK(cudaMalloc(&y, WORDS * sizeof(T)));
    std::vector<T> h(WORDS);
    std::vector<long long> want(WORDS);
    for (int stride : {1, 8}) {
        for (int m : {1, 2, 4, 8, 16, 32}) {
            CHECK(cudaMemset(y, 0, WORDS * sizeof(T)));
            double med = medianSeconds([&] { mult<T><<<LANES / 256, 256>>>(y, m, stride); });
            CHECK(cudaMemcpy(h.data(), y, WORDS * sizeof(T), cudaMemcpyDeviceToHost));
            std::fill(want.begin(), want.end(), 0);
            for (long long i = 0; i < LANES; i++) want[wordOf(i, m, stride)] += REPS;
            for (int k = 0; k < WORDS; k++) {
                if ((long long)h[k] != want[k]) {
                    fprintf(stderr, "%s m=%d stride=%d: word %d is %lld, want %lld\n", type, m, stride, k,
                            (long long)h[k], want[k]);
                    exit(1);
                }
            }
            printf("%s\t%d\t%d\t%.4g\t%.4g\n", type, m, stride, LANES / 32 / med, LANES / med);
        }
    }
    CHECK(cudaFree(y));
}

// Part "runs": lane i (of the whole grid) adds 1 to word (i/r)·space mod
// RUNWORDS: runs of r consecutive lanes on one word, so that for r > 32
// consecutive warps meet on it, and for r < 32 a warp covers 32/r words;
// words space apart (1: eight to a sector, 8: a sector each, 32: a line
// each). A COO matrix-vector product with rows sorted is r = entries a
// row, space 1.
constexpr int RUNWORDS = 1 << 22;

__global__ void runs(float *y, int r, int space) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    atomicAdd(&y[(i / r) * space % RUNWORDS], 1.0f);
}

static void runSweep() {
    float *y;
    CHECK(cudaMalloc(&y, RUNWORDS * sizeof(float)));
    std::vector<float> h(RUNWORDS);
    std::vector<long long> want(RUNWORDS);
    for (int space : {1, 8, 32}) {
        for (int r : {1, 4, 8, 16, 32, 64, 128, 256}) {
            CHECK(cudaMemset(y, 0, RUNWORDS * sizeof(float)));
            double med = medianSeconds([&] { runs<<<LANES / 256, 256>>>(y, r, space); });
            CHECK(cudaMemcpy(h.data(), y, RUNWORDS * sizeof(float), cudaMemcpyDeviceToHost));
            std::fill(want.begin(), want.end(), 0);
            for (long long i = 0; i < LANES; i++) want[(i / r) * space % RUNWORDS] += REPS;
            for (int k = 0; k < RUNWORDS; k++) {
                if ((long long)h[k] != want[k]) {
                    fprintf(stderr, "runs r=%d space=%d: word %d is %g, want %lld\n", r, space, k, h[k], want[k]);
                    exit(1);
                }
            }
            printf("runs\t%d\t%d\t%.4g\t%.4g\n", r, space, LANES / 32 / med, LANES / med);
        }
    }
    CHECK(cudaFree(y));
}

int main() {
    printf("type\tlanes_per_word\tstride_words\trequests_per_s\tlane_ops_per_s\n");
    sweep<float>("f32");
    sweep<unsigned>("u32");
    printf("part\tlanes_a_run\tspace_words\trequests_per_s\tlane_ops_per_s\n");
    runSweep();
    return 0;
}
