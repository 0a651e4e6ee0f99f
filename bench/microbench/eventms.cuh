// eventms.cuh: median_ms, a launch's time by CUDA events, median of 15
// after a warm-up of 2 (blocksize.cu, wavewidth.cu); CHECK from smspan.cuh.
#pragma once
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>
#include "smspan.cuh"

template <typename F>
static double median_ms(F launch) {
    cudaEvent_t a, b;
    CHECK(cudaEventCreate(&a));
    CHECK(cudaEventCreate(&b));
    std::vector<float> ms;
    for (int rep = -2; rep < 15; rep++) {
        CHECK(cudaEventRecord(a));
        launch();
        CHECK(cudaEventRecord(b));
        CHECK(cudaEventSynchronize(b));
        CHECK(cudaGetLastError());
        float t;
        CHECK(cudaEventElapsedTime(&t, a, b));
        if (rep >= 0) ms.push_back(t);
    }
    std::sort(ms.begin(), ms.end());
    CHECK(cudaEventDestroy(a));
    CHECK(cudaEventDestroy(b));
    return ms[ms.size() / 2];
}
