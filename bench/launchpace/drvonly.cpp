// The host's cost of a launch in a process that uses only the driver API,
// as culab does (no CUDA runtime linked or initialised; driver_only.h).
// With RUNTIME=1 in the environment, the same after libcudart has been
// loaded and initialised (dlopen + cudaFree(0)), to tell the runtime's
// presence from the caller's language. Prints one JSON object.
//
//   nvcc -O3 -std=c++17 -cudart none -o drvonly drvonly.cpp -lcuda -ldl
#include <dlfcn.h>
#include "driver_only.h"

int main() {
    bool runtime = getenv("RUNTIME") && *getenv("RUNTIME") == '1';
    if (runtime) {
        void *h = dlopen("libcudart.so.13", RTLD_NOW | RTLD_GLOBAL);
        if (!h) h = dlopen("libcudart.so", RTLD_NOW | RTLD_GLOBAL);
        if (!h) { fprintf(stderr, "no libcudart: %s\n", dlerror()); return 1; }
        auto cudaFree = (int (*)(void *))dlsym(h, "cudaFree");
        if (!cudaFree || cudaFree(nullptr) != 0) { fprintf(stderr, "cudaFree(0) failed\n"); return 1; }
    }
    empty4 k = empty4_setup();
    printf("{\"runtime_loaded\": %d, \"driver_only_us\": %.4f}\n", runtime ? 1 : 0, us_per_launch(k));
}
