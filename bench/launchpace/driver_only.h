// Shared by the driver-API-only programs (drvonly.cpp, ctxstate.cpp): a
// process that uses the CUDA driver as culab does — the primary context
// retained and made current, the empty kernel of fw_global's parameters
// that cudalib/driver's BenchmarkGPUQueuedLaunch launches, JIT-compiled
// from PTX — and the host's µs per launch of it: 400 cuLaunchKernel back
// to back, median of 31 trials with the device idle before each.
#pragma once
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda.h>
#include <vector>

#define CU(x) do { CUresult r_ = (x); if (r_ != CUDA_SUCCESS) { fprintf(stderr, "%s: %d\n", #x, (int)r_); exit(1); } } while (0)

// cudalib/driver/launch_gpu_test.go's emptyPTX.
static const char *empty4_ptx = ".version 7.0\n.target sm_52\n.address_size 64\n"
    ".visible .entry empty4(.param .u64 p0, .param .u32 p1, .param .u32 p2, .param .u32 p3)\n{\n\tret;\n}\n";

struct empty4 {
    CUfunction f;
    CUdeviceptr d;
};

// empty4_setup makes device 0's primary context current, loads empty4 and
// allocates the 4 bytes its pointer argument names.
static empty4 empty4_setup() {
    CU(cuInit(0));
    CUdevice dev;
    CU(cuDeviceGet(&dev, 0));
    CUcontext ctx;
    CU(cuDevicePrimaryCtxRetain(&ctx, dev));
    CU(cuCtxSetCurrent(ctx));
    CUmodule m;
    CU(cuModuleLoadData(&m, empty4_ptx));
    empty4 k;
    CU(cuModuleGetFunction(&k.f, m, "empty4"));
    CU(cuMemAlloc(&k.d, 4));
    return k;
}

static double us_per_launch(const empty4 &k) {
    const int launches = 400, trials = 31;
    int n = 448, one = 1;
    CUdeviceptr d = k.d;
    std::vector<double> per;
    for (int t = 0; t < trials + 2; t++) {
        CU(cuCtxSynchronize());
        auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < launches; i++) {
            void *args[] = {&d, &n, &i, &one};
            CU(cuLaunchKernel(k.f, 14, 56, 1, 32, 8, 1, 0, 0, args, nullptr));
        }
        auto t1 = std::chrono::steady_clock::now();
        if (t >= 2) per.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() / launches);
    }
    CU(cuCtxSynchronize());
    std::sort(per.begin(), per.end());
    return per[per.size() / 2];
}
