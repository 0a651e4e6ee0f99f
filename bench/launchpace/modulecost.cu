// Does the host's cost of a launch depend on where the kernel came from?
// One process, interleaved trials of 400 launches of floyd's fw_global
// (V = 400 padded to 448), the host's µs per launch through the driver's
// cuLaunchKernel for: the nvcc-built kernel (cudaGetFuncBySymbol, as
// hostcost.cu), the same source compiled by NVRTC to CUBIN and loaded with
// cuModuleLoadData (as culab does, options -std=c++17 -arch=sm_XX), and the
// same again loaded with cuModuleLoadDataEx and culab's JIT log options;
// and an empty kernel of fw_global's parameters, PTX JIT-compiled by the
// driver: cudalib/driver's BenchmarkGPUQueuedLaunch launches that one, so
// the two compare a Go caller with a C++ one on one kernel. Prints one
// JSON object of medians over 31 trials.
//
//   nvcc -O3 -std=c++17 -arch=sm_90 -o modulecost modulecost.cu -lcuda -lnvrtc
//   ./modulecost ../../cudalib/labs/cuda/floyd.cu
#include <chrono>
#include <cuda.h>
#include <fstream>
#include <nvrtc.h>
#include <sstream>
#include "../native_timing.cuh"
#include "../../cudalib/labs/cuda/floyd.cu"

#define NV(x) do { nvrtcResult r_ = (x); if (r_ != NVRTC_SUCCESS) { fprintf(stderr, "%s: %s\n", #x, nvrtcGetErrorString(r_)); exit(1); } } while (0)
#define CU(x) do { CUresult r_ = (x); if (r_ != CUDA_SUCCESS) { fprintf(stderr, "%s: %d\n", #x, (int)r_); exit(1); } } while (0)

static std::vector<char> nvrtc_cubin(const std::string &src, int cc) {
    nvrtcProgram p;
    NV(nvrtcCreateProgram(&p, src.c_str(), "floyd.cu", 0, nullptr, nullptr));
    std::string arch = "-arch=sm_" + std::to_string(cc);
    const char *opts[] = {arch.c_str(), "-std=c++17"};
    NV(nvrtcCompileProgram(p, 2, opts));
    size_t n;
    NV(nvrtcGetCUBINSize(p, &n));
    std::vector<char> cubin(n);
    NV(nvrtcGetCUBIN(p, cubin.data()));
    NV(nvrtcDestroyProgram(&p));
    return cubin;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: modulecost floyd.cu\n"); return 2; }
    std::ifstream in(argv[1]);
    std::stringstream ss;
    ss << in.rdbuf();
    int dev = 0, major, minor;
    CK(cudaSetDevice(dev));
    CK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
    CK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev));
    std::vector<char> cubin = nvrtc_cubin(ss.str(), major * 10 + minor);

    CUfunction fs[4];
    CK(cudaGetFuncBySymbol((cudaFunction_t *)&fs[0], (const void *)fw_global));
    CUmodule m1, m2;
    CU(cuModuleLoadData(&m1, cubin.data()));
    CU(cuModuleGetFunction(&fs[1], m1, "fw_global"));
    char info[4096], errs[4096];
    CUjit_option o[] = {CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *v[] = {info, (void *)(size_t)sizeof info, errs, (void *)(size_t)sizeof errs};
    CU(cuModuleLoadDataEx(&m2, cubin.data(), 4, o, v));
    CU(cuModuleGetFunction(&fs[2], m2, "fw_global"));
    // cudalib/driver/launch_gpu_test.go's emptyPTX.
    const char *empty = ".version 7.0\n.target sm_52\n.address_size 64\n"
        ".visible .entry empty4(.param .u64 p0, .param .u32 p1, .param .u32 p2, .param .u32 p3)\n{\n\tret;\n}\n";
    CUmodule m3;
    CU(cuModuleLoadData(&m3, empty));
    CU(cuModuleGetFunction(&fs[3], m3, "empty4"));

    const int n = 448, launches = 400, trials = 31;
    int *d;
    CK(cudaMalloc(&d, sizeof(int) * n * n));
    CK(cudaMemset(d, 1, sizeof(int) * n * n));
    int nn = n, one = 1;
    std::vector<double> per[4];
    for (int t = 0; t < trials + 2; t++) {
        for (int which = 0; which < 4; which++) {
            CK(cudaDeviceSynchronize());
            auto t0 = std::chrono::steady_clock::now();
            for (int k = 0; k < launches; k++) {
                void *args[] = {&d, &nn, &k, &one};
                CU(cuLaunchKernel(fs[which], n / 32, n / 8, 1, 32, 8, 1, 0, 0, args, nullptr));
            }
            auto t1 = std::chrono::steady_clock::now();
            if (t >= 2) per[which].push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() / launches);
        }
    }
    CK(cudaDeviceSynchronize());
    const char *names[] = {"nvcc_us", "nvrtc_cubin_us", "nvrtc_cubin_jitlog_us", "empty_ptx_us"};
    printf("{");
    for (int w = 0; w < 4; w++) {
        std::sort(per[w].begin(), per[w].end());
        printf("%s\"%s\": %.4f", w ? ", " : "", names[w], per[w][per[w].size() / 2]);
    }
    printf("}\n");
}
