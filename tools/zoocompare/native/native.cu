// A native build of a few zoo rows, timed as culab times them (an event
// pair around each launch after two untimed launches, at least 5 launches
// and 4 ms a round, the median of each round; a round thrown away first),
// so that culab's timings can be held to nvcc's in the same session:
//
//   nvcc -arch=sm_90 -o native tools/zoocompare/native/native.cu && ./native
//
// Prints a line a row: "row", family, size, variant (as tools/zoo names
// it) and the ms of each round, tab-separated.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>

#include "../../zoo/cuda/reduce.cu"
#undef SEG
#include "../../zoo/cuda/access.cu"
#include "../../zoo/cuda/gemm.cu"
#undef T
#undef BM
#undef BK
#include "../../zoo/cuda/arith.cu"
#undef ROUNDS
#undef FMAS
#include "../../zoo/cuda/atomics.cu"
#include "../../zoo/cuda/histo.cu"
#include "../../zoo/cuda/matvec.cu"

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
    fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e)); exit(1); } } while (0)

// Random floats in ±[0.5, 1.5), ints in [lo, hi).
static float *floats(size_t n) {
    std::vector<float> h(n);
    for (auto &x : h) x = (0.5f + rand() / (float)RAND_MAX) * (rand() & 1 ? 1 : -1);
    float *d;
    CHECK(cudaMalloc(&d, n * sizeof(float)));
    CHECK(cudaMemcpy(d, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    return d;
}
static int *ints(size_t n, int lo, int hi) {
    std::vector<int> h(n);
    for (auto &x : h) x = lo + rand() % (hi - lo);
    int *d;
    CHECK(cudaMalloc(&d, n * sizeof(int)));
    CHECK(cudaMemcpy(d, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    return d;
}

template <typename F> static void timeRow(const char *family, int n, const char *variant, F launch) {
    cudaEvent_t a, b;
    CHECK(cudaEventCreate(&a));
    CHECK(cudaEventCreate(&b));
    printf("row\t%s\t%d\t%s\t", family, n, variant);
    for (int round = -1; round < 5; round++) {
        for (int i = 0; i < 2; i++) launch();
        CHECK(cudaDeviceSynchronize());
        std::vector<float> ms;
        float total = 0;
        while (ms.size() < 5 || total < 4.0f) {
            CHECK(cudaEventRecord(a));
            launch();
            CHECK(cudaEventRecord(b));
            CHECK(cudaEventSynchronize(b));
            float t;
            CHECK(cudaEventElapsedTime(&t, a, b));
            ms.push_back(t);
            total += t;
        }
        std::sort(ms.begin(), ms.end());
        if (round >= 0) printf("%s%.5f", round ? " " : "", ms[ms.size() / 2]);
    }
    printf("\n");
    CHECK(cudaGetLastError());
}

int main() {
    int n = 1 << 22;
    float *in = floats(n), *out = floats(n);
    timeRow("reduce", n, "sequential addressing", [&] { reduce_sequential<<<n / 512, 512>>>(in, out, n); });
    int m = 1 << 24;
    float *big = floats(m), *bigOut = floats(m);
    timeRow("vecwidth", m, "float4", [&] { copy_float4<<<m / 4 / 256, 256>>>((float4 *)big, (float4 *)bigOut, m); });
    timeRow("vecwidth", m, "float", [&] { copy_float<<<m / 256, 256>>>(big, bigOut, m); });
    int g = 512;
    float *a = floats(g * g), *b = floats(g * g), *c = floats(g * g);
    timeRow("gemm", g, "register tiles 4×4", [&] { gemm_regtile<<<dim3(g / 64, g / 64), dim3(16, 16)>>>(a, b, c, g); });
    int k = 1 << 20;
    int *x = ints(k, -(1 << 30), 1 << 30), *d = ints(k, 1, 1000), *q = ints(k, 0, 1);
    timeRow("intdiv", k, "int32 / %", [&] { div_signed<<<k / 256, 256>>>(x, d, q, k); });
    int *ones = ints(k, 1, 5), *counters = ints(k, 0, 1);
    timeRow("atomics", k, "one address", [&] { atomics_one<<<k / 256, 256>>>(ones, counters, k); });
    std::vector<int> skew(n);
    for (auto &v : skew) v = rand() % 10 < 9 ? 7 : rand() % 256;
    int *vals;
    unsigned *hist;
    CHECK(cudaMalloc(&vals, n * sizeof(int)));
    CHECK(cudaMemcpy(vals, skew.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMalloc(&hist, 256 * sizeof(unsigned)));
    timeRow("histo-skewed", n, "global atomics", [&] { histo_global<<<n / 256, 256>>>(vals, hist, n); });
    int s = 1 << 16;
    timeRow("sfu", s, "__expf", [&] { sfu_exp<<<s / 256, 256>>>(in, out, s); });
    int mv = 4096;
    float *mat = floats((size_t)mv * mv);
    timeRow("matvec", mv, "thread per row", [&] { matvec_rows<<<mv / 128, 128>>>(mat, in, out, mv); });
    return 0;
}
