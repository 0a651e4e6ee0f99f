// Does the way a launch passes its arguments change the host's cost of a
// launch? One process, interleaved trials of 400 launches of floyd's
// fw_global (V = 400 padded to 448), the host's µs per launch through: the
// runtime (<<<>>>); the driver's cuLaunchKernel with kernelParams (an
// array of pointers to each argument, as culab launches); and the same
// with the arguments packed in one buffer (extra =
// CU_LAUNCH_PARAM_BUFFER_POINTER, offsets from cuFuncGetParamInfo). Each
// variant's 400 launches are one full Floyd–Warshall pass, so each is
// checked against a CPU reference on a random graph. Prints one JSON object
// of medians over 31 trials.
//
//   nvcc -O3 -std=c++17 -arch=sm_90 -o paramcost paramcost.cu -lcuda
#include <chrono>
#include <cuda.h>
#include <random>
#include "../native_timing.cuh"
#include "../../cudalib/labs/cuda/floyd.cu"

#define CU(x) do { CUresult r_ = (x); if (r_ != CUDA_SUCCESS) { fprintf(stderr, "%s: %d\n", #x, (int)r_); exit(1); } } while (0)

int main() {
    const int n = 448, launches = 400, trials = 31;
    std::mt19937 rng(std::random_device{}());
    std::vector<int> h(size_t(n) * n), want;
    for (auto &x : h) x = rng() % 16 == 0 ? (1 << 29) : 1 + rng() % 100;
    for (int i = 0; i < n; i++) h[size_t(i) * n + i] = 0;
    want = h;
    for (int k = 0; k < launches; k++)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                want[size_t(i) * n + j] = std::min(want[size_t(i) * n + j], want[size_t(i) * n + k] + want[size_t(k) * n + j]);
    const size_t bytes = h.size() * sizeof(int);
    int *d;
    CK(cudaMalloc(&d, bytes));

    CUfunction f;
    CK(cudaGetFuncBySymbol((cudaFunction_t *)&f, (const void *)fw_global));
    size_t off[4], size[4];
    for (int i = 0; i < 4; i++) CU(cuFuncGetParamInfo(f, i, &off[i], &size[i]));
    size_t bufSize = off[3] + size[3];
    alignas(8) unsigned char buf[64] = {};
    int nn = n, one = 1;
    dim3 grid(n / 32, n / 8), block(32, 8);

    const char *names[] = {"runtime_us", "driver_params_us", "driver_extra_us"};
    auto launch = [&](int which, int k) {
        switch (which) {
        case 0:
            fw_global<<<grid, block>>>(d, n, k, 1);
            break;
        case 1: {
            void *args[] = {&d, &nn, &k, &one};
            CU(cuLaunchKernel(f, grid.x, grid.y, 1, block.x, block.y, 1, 0, 0, args, nullptr));
            break;
        }
        default: {
            memcpy(buf + off[0], &d, size[0]);
            memcpy(buf + off[1], &nn, size[1]);
            memcpy(buf + off[2], &k, size[2]);
            memcpy(buf + off[3], &one, size[3]);
            void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, buf, CU_LAUNCH_PARAM_BUFFER_SIZE, &bufSize, CU_LAUNCH_PARAM_END};
            CU(cuLaunchKernel(f, grid.x, grid.y, 1, block.x, block.y, 1, 0, 0, nullptr, extra));
        }
        }
    };
    std::vector<double> per[3];
    int bad[3] = {};
    std::vector<int> got(h.size());
    for (int t = 0; t < trials + 2; t++) {
        for (int which = 0; which < 3; which++) {
            CK(cudaMemcpy(d, h.data(), bytes, cudaMemcpyHostToDevice));
            CK(cudaDeviceSynchronize());
            auto t0 = std::chrono::steady_clock::now();
            for (int k = 0; k < launches; k++) launch(which, k);
            auto t1 = std::chrono::steady_clock::now();
            CK(cudaMemcpy(got.data(), d, bytes, cudaMemcpyDeviceToHost));
            if (got != want) bad[which]++;
            if (t >= 2) per[which].push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() / launches);
        }
    }
    CK(cudaGetLastError());
    printf("{");
    for (int which = 0; which < 3; which++) {
        std::sort(per[which].begin(), per[which].end());
        printf("%s\"%s\": %.4f, \"%s_wrong\": %d", which ? ", " : "", names[which], per[which][per[which].size() / 2], names[which], bad[which]);
    }
    printf(", \"param_offsets\": [%zu, %zu, %zu, %zu], \"buffer_bytes\": %zu}\n", off[0], off[1], off[2], off[3], bufSize);
}
