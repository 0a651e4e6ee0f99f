// Timing shared by the native reference programs of the benchmarks: the
// method culab's Kernel.Time uses (CUDA events, two warm-up launches, median
// of >= 10 runs and >= 50 ms).
#pragma once
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); exit(1); } } while (0)

template <typename F>
double median_ms(F launch) {
    for (int i = 0; i < 2; i++) launch();
    CK(cudaDeviceSynchronize());
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
    std::vector<float> s;
    float total = 0;
    while (s.size() < 10 || total < 50.0f) {
        CK(cudaEventRecord(a)); launch(); CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        float ms; CK(cudaEventElapsedTime(&ms, a, b));
        s.push_back(ms); total += ms;
    }
    std::sort(s.begin(), s.end());
    size_t n = s.size();
    return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
}
