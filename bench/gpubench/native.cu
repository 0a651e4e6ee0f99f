// Native reference for the cudalib benchmark: the same kernels (kernels.cu)
// built by nvcc and timed the same way (CUDA events, warm-up, median of
// >= 10 runs and >= 50 ms). Prints one JSON object.
#include <cstdio>
#include <cstdlib>
#include <chrono>
#include <vector>
#include <algorithm>
#include <random>
#include <cmath>
#include "kernels.cu"
#include "../native_timing.cuh"

int main() {
    std::mt19937 rng(std::random_device{}());
    std::uniform_real_distribution<float> U(-1.f, 1.f);

    // Launch overhead: host time per asynchronous launch, median of 5 × 10^4.
    empty_kernel<<<1, 1>>>(); CK(cudaDeviceSynchronize());
    std::vector<double> per;
    for (int trial = 0; trial < 5; trial++) {
        auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < 10000; i++) empty_kernel<<<1, 1>>>();
        auto t1 = std::chrono::steady_clock::now();
        CK(cudaGetLastError());
        CK(cudaDeviceSynchronize());
        per.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() / 10000);
    }
    std::sort(per.begin(), per.end());
    double launch_us = per[2];

    // Vector add, 2·10^8 floats.
    int n = 200000000;
    std::vector<float> a(n), b(n), out(n);
    for (int i = 0; i < n; i++) { a[i] = U(rng); b[i] = U(rng); }
    float *da, *db, *dout;
    CK(cudaMalloc(&da, 4L * n)); CK(cudaMalloc(&db, 4L * n)); CK(cudaMalloc(&dout, 4L * n));
    CK(cudaMemcpy(da, a.data(), 4L * n, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(db, b.data(), 4L * n, cudaMemcpyHostToDevice));
    double vadd_ms = median_ms([&] { vadd<<<(n + 255) / 256, 256>>>(dout, da, db, n); });
    CK(cudaMemcpy(out.data(), dout, 4L * n, cudaMemcpyDeviceToHost));
    long bad = 0;
    for (int i = 0; i < n; i++) bad += out[i] != a[i] + b[i];
    CK(cudaFree(da)); CK(cudaFree(db)); CK(cudaFree(dout));

    // Shared-memory 32×32 matmul, n = 2048.
    int m = 2048;
    std::vector<float> A(1L * m * m), B(1L * m * m), C(1L * m * m);
    for (auto& x : A) x = U(rng);
    for (auto& x : B) x = U(rng);
    float *dA, *dB, *dC;
    CK(cudaMalloc(&dA, 4L * m * m)); CK(cudaMalloc(&dB, 4L * m * m)); CK(cudaMalloc(&dC, 4L * m * m));
    CK(cudaMemcpy(dA, A.data(), 4L * m * m, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dB, B.data(), 4L * m * m, cudaMemcpyHostToDevice));
    dim3 grid((m + 31) / 32, (m + 31) / 32), block(32, 32);
    double mm_ms = median_ms([&] { mm_tiled<32><<<grid, block>>>(dA, dB, dC, m); });
    CK(cudaMemcpy(C.data(), dC, 4L * m * m, cudaMemcpyDeviceToHost));
    double maxrel = 0;
    for (int s = 0; s < 256; s++) {
        int i = rng() % m, j = rng() % m;
        double ref = 0, mag = 0;
        for (int k = 0; k < m; k++) { ref += (double)A[1L * i * m + k] * B[1L * k * m + j]; mag += fabs((double)A[1L * i * m + k] * B[1L * k * m + j]); }
        maxrel = std::max(maxrel, fabs(C[1L * i * m + j] - ref) / mag);
    }
    printf("{\"launch_us\": %.4f, \"vadd_ms\": %.5f, \"vadd_bad\": %ld, \"mm_ms\": %.5f, \"mm_maxrel\": %.3g}\n",
           launch_us, vadd_ms, bad, mm_ms, maxrel);
    return 0;
}
