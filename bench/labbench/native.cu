// Native reference for the lab benchmark: the labs' own kernels
// (cudalib/labs/cuda/*.cu, unchanged) built by nvcc and timed as culab times
// them: CUDA events, two warm-up launches, median of >= 10 runs and >= 50 ms,
// fresh random inputs. Prints one JSON object.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <random>
#include "../../cudalib/labs/cuda/vecadd.cu"
#include "../../cudalib/labs/cuda/matmul.cu"
#include "../native_timing.cuh"

float* device_random(size_t n, std::mt19937& rng) {
    std::uniform_real_distribution<float> U(-1.f, 1.f);
    std::vector<float> h(n);
    for (auto& x : h) x = U(rng);
    float* d;
    CK(cudaMalloc(&d, 4 * n));
    CK(cudaMemcpy(d, h.data(), 4 * n, cudaMemcpyHostToDevice));
    return d;
}

int main() {
    std::mt19937 rng(std::random_device{}());
    const int n = 200000000;  // the vecadd lab's "one thread per element" at 2·10^8
    float *a = device_random(n, rng), *b = device_random(n, rng), *out;
    CK(cudaMalloc(&out, 4L * n));
    double vadd = median_ms([&] { vecadd_thread<<<(n + 255) / 256, 256>>>(out, a, b, n); });
    CK(cudaFree(a)); CK(cudaFree(b)); CK(cudaFree(out));

    const int m = 2048;  // the matmul lab's "shared tiles 32×32" at n = 2048
    float *A = device_random(1L * m * m, rng), *B = device_random(1L * m * m, rng), *C;
    CK(cudaMalloc(&C, 4L * m * m));
    dim3 grid((m + 31) / 32, (m + 31) / 32), block(32, 32);
    double mm = median_ms([&] { mm_tiled<32><<<grid, block>>>(C, A, B, m); });
    CK(cudaGetLastError());
    printf("{\"vadd_ms\": %.5f, \"mm_ms\": %.5f}\n", vadd, mm);
    return 0;
}
