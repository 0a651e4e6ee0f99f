// Host time per launch of floyd's fw_global (V = 400, padded to 448:
// grid 14 × 56 of 32 × 8 threads), 400 launches enqueued back to back, the
// median over 31 trials with the device idle before each: through the
// runtime (<<<>>>) and through the driver's cuLaunchKernel, as culab
// launches. labbench -hostcost measures culab's Kernel.Launch the same
// way. Prints one JSON object of microseconds per launch.
#include <chrono>
#include <cuda.h>
#include "../native_timing.cuh"
#include "../../cudalib/labs/cuda/floyd.cu"

template <typename F>
double us_per_launch(F launch) {
    const int n = 400, trials = 31;
    std::vector<double> per;
    for (int t = 0; t < trials + 2; t++) {
        CK(cudaDeviceSynchronize());
        auto t0 = std::chrono::steady_clock::now();
        for (int k = 0; k < n; k++) launch(k);
        auto t1 = std::chrono::steady_clock::now();
        if (t >= 2) per.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() / n);
    }
    CK(cudaDeviceSynchronize());
    std::sort(per.begin(), per.end());
    return per[per.size() / 2];
}

int main() {
    const int n = 448;
    int *d;
    CK(cudaMalloc(&d, sizeof(int) * n * n));
    CK(cudaMemset(d, 1, sizeof(int) * n * n));
    dim3 grid(n / 32, n / 8), block(32, 8);
    double rt = us_per_launch([&](int k) { fw_global<<<grid, block>>>(d, n, k, 1); });
    cudaFunction_t f;
    CK(cudaGetFuncBySymbol(&f, (const void *)fw_global));
    int nn = n, one = 1;
    double drv = us_per_launch([&](int k) {
        void *args[] = {&d, &nn, &k, &one};
        if (cuLaunchKernel((CUfunction)f, grid.x, grid.y, 1, block.x, block.y, 1, 0, 0, args, nullptr) != CUDA_SUCCESS) {
            fprintf(stderr, "cuLaunchKernel failed\n");
            exit(1);
        }
    });
    CK(cudaGetLastError());
    printf("{\"runtime_us\": %.4f, \"driver_us\": %.4f}\n", rt, drv);
}
