// Does a launch's host cost grow with what the context holds? One process,
// driver API only (as culab; driver_only.h): the host's µs per launch of
// an empty kernel with the context fresh, then after each of: 256 more
// live 1 MiB allocations, 64 more loaded modules (the same PTX loaded
// again), 16 more streams and 64 more events — each step keeping what the
// steps before added — and finally with all of it released. Prints one JSON object.
//
//   nvcc -O3 -std=c++17 -cudart none -o ctxstate ctxstate.cpp -lcuda
#include "driver_only.h"

int main() {
    empty4 k = empty4_setup();
    printf("{\"fresh\": %.4f", us_per_launch(k));
    std::vector<CUdeviceptr> bufs(256);
    for (auto &b : bufs) CU(cuMemAlloc(&b, 1 << 20));
    printf(", \"allocs_256\": %.4f", us_per_launch(k));
    std::vector<CUmodule> mods(64);
    for (auto &x : mods) CU(cuModuleLoadData(&x, empty4_ptx));
    printf(", \"modules_64\": %.4f", us_per_launch(k));
    std::vector<CUstream> streams(16);
    for (auto &s : streams) CU(cuStreamCreate(&s, 0));
    std::vector<CUevent> events(64);
    for (auto &e : events) CU(cuEventCreate(&e, 0));
    printf(", \"streams_16_events_64\": %.4f", us_per_launch(k));
    for (auto b : bufs) CU(cuMemFree(b));
    for (auto x : mods) CU(cuModuleUnload(x));
    for (auto s : streams) CU(cuStreamDestroy(s));
    for (auto e : events) CU(cuEventDestroy(e));
    printf(", \"released\": %.4f}\n", us_per_launch(k));
}
