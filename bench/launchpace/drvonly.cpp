// The host's cost of a launch in a process that uses only the driver API,
// as culab does (no CUDA runtime linked or initialised): the primary
// context retained and made current, an empty kernel of fw_global's
// parameters JIT-compiled from PTX (cudalib/driver's emptyPTX, launched by
// BenchmarkGPUQueuedLaunch) and loaded, 400 cuLaunchKernel back to back,
// median µs per launch over 31 trials with the device idle before each.
// With RUNTIME=1 in the environment, the same after libcudart has been
// loaded and initialised (dlopen + cudaFree(0)), to tell the runtime's
// presence from the caller's language. Prints one JSON object.
//
//   nvcc -O3 -std=c++17 -cudart none -o drvonly drvonly.cpp -lcuda -ldl
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda.h>
#include <dlfcn.h>
#include <vector>

#define CU(x) do { CUresult r_ = (x); if (r_ != CUDA_SUCCESS) { fprintf(stderr, "%s: %d\n", #x, (int)r_); exit(1); } } while (0)

int main() {
    bool runtime = getenv("RUNTIME") && *getenv("RUNTIME") == '1';
    if (runtime) {
        void *h = dlopen("libcudart.so.13", RTLD_NOW | RTLD_GLOBAL);
        if (!h) h = dlopen("libcudart.so", RTLD_NOW | RTLD_GLOBAL);
        if (!h) { fprintf(stderr, "no libcudart: %s\n", dlerror()); return 1; }
        auto cudaFree = (int (*)(void *))dlsym(h, "cudaFree");
        if (!cudaFree || cudaFree(nullptr) != 0) { fprintf(stderr, "cudaFree(0) failed\n"); return 1; }
    }
    CU(cuInit(0));
    CUdevice dev;
    CU(cuDeviceGet(&dev, 0));
    CUcontext ctx;
    CU(cuDevicePrimaryCtxRetain(&ctx, dev));
    CU(cuCtxSetCurrent(ctx));
    const char *ptx = ".version 7.0\n.target sm_52\n.address_size 64\n"
        ".visible .entry empty4(.param .u64 p0, .param .u32 p1, .param .u32 p2, .param .u32 p3)\n{\n\tret;\n}\n";
    CUmodule m;
    CU(cuModuleLoadData(&m, ptx));
    CUfunction f;
    CU(cuModuleGetFunction(&f, m, "empty4"));
    CUdeviceptr d;
    CU(cuMemAlloc(&d, 4));
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
    printf("{\"runtime_loaded\": %d, \"driver_only_us\": %.4f}\n", runtime ? 1 : 0, per[per.size() / 2]);
}
