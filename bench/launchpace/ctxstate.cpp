// Does a launch's host cost grow with what the context holds? One process,
// driver API only (as culab): the host's µs per launch of an empty kernel
// (400 back to back, median of 31 trials, device idle before each) with the
// context fresh, then after each of: 256 more live 1 MiB allocations, 64
// more loaded modules (the same PTX loaded again), 16 more streams and
// 64 more events — each step keeping what the steps before added — and
// finally with all of it released. Prints one JSON object.
//
//   nvcc -O3 -std=c++17 -cudart none -o ctxstate ctxstate.cpp -lcuda
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda.h>
#include <vector>

#define CU(x) do { CUresult r_ = (x); if (r_ != CUDA_SUCCESS) { fprintf(stderr, "%s: %d\n", #x, (int)r_); exit(1); } } while (0)

static const char *ptx = ".version 7.0\n.target sm_52\n.address_size 64\n"
    ".visible .entry empty4(.param .u64 p0, .param .u32 p1, .param .u32 p2, .param .u32 p3)\n{\n\tret;\n}\n";

static double us_per_launch(CUfunction f, CUdeviceptr d) {
    const int launches = 400, trials = 31;
    int n = 448, one = 1;
    std::vector<double> per;
    for (int t = 0; t < trials + 2; t++) {
        CU(cuCtxSynchronize());
        auto t0 = std::chrono::steady_clock::now();
        for (int k = 0; k < launches; k++) {
            void *args[] = {&d, &n, &k, &one};
            CU(cuLaunchKernel(f, 14, 56, 1, 32, 8, 1, 0, 0, args, nullptr));
        }
        auto t1 = std::chrono::steady_clock::now();
        if (t >= 2) per.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() / launches);
    }
    CU(cuCtxSynchronize());
    std::sort(per.begin(), per.end());
    return per[per.size() / 2];
}

int main() {
    CU(cuInit(0));
    CUdevice dev;
    CU(cuDeviceGet(&dev, 0));
    CUcontext ctx;
    CU(cuDevicePrimaryCtxRetain(&ctx, dev));
    CU(cuCtxSetCurrent(ctx));
    CUmodule m;
    CU(cuModuleLoadData(&m, ptx));
    CUfunction f;
    CU(cuModuleGetFunction(&f, m, "empty4"));
    CUdeviceptr d;
    CU(cuMemAlloc(&d, 4));
    printf("{\"fresh\": %.4f", us_per_launch(f, d));
    std::vector<CUdeviceptr> bufs(256);
    for (auto &b : bufs) CU(cuMemAlloc(&b, 1 << 20));
    printf(", \"allocs_256\": %.4f", us_per_launch(f, d));
    std::vector<CUmodule> mods(64);
    for (auto &x : mods) CU(cuModuleLoadData(&x, ptx));
    printf(", \"modules_64\": %.4f", us_per_launch(f, d));
    std::vector<CUstream> streams(16);
    for (auto &s : streams) CU(cuStreamCreate(&s, 0));
    std::vector<CUevent> events(64);
    for (auto &e : events) CU(cuEventCreate(&e, 0));
    printf(", \"streams_16_events_64\": %.4f", us_per_launch(f, d));
    for (auto b : bufs) CU(cuMemFree(b));
    for (auto x : mods) CU(cuModuleUnload(x));
    for (auto s : streams) CU(cuStreamDestroy(s));
    for (auto e : events) CU(cuEventDestroy(e));
    printf(", \"released\": %.4f}\n", us_per_launch(f, d));
}
