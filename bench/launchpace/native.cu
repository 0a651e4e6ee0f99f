// Native twin of the floyd lab's timed regions, to tell the host's launch
// pace from culab's: the same kernels (the lab's own source), the same
// sequence (a device copy, then V launches of fw_global, or n/B rounds of
// the three blocked phases) timed the same way (bench/native_timing.cuh).
// Prints one JSON object of medians in ms, keyed "V/variant".
#include <cstdint>
#include <random>
#include <string>
#include "../native_timing.cuh"
#include "../../cudalib/labs/cuda/floyd.cu"

static int padded(int v) { return (v + 63) / 64 * 64; }

int main() {
    std::mt19937 rng(7);
    printf("{");
    const char *sep = "";
    for (int v : {100, 200, 400}) {
        int n = padded(v);
        std::vector<int> h(size_t(n) * n);
        for (auto &x : h) x = rng() % 16 == 0 ? (1 << 30) - 1 : 1 + rng() % 100;
        for (int i = 0; i < n; i++) h[size_t(i) * n + i] = 0;
        int *in, *d;
        size_t bytes = h.size() * sizeof(int);
        CK(cudaMalloc(&in, bytes)); CK(cudaMalloc(&d, bytes));
        CK(cudaMemcpy(in, h.data(), bytes, cudaMemcpyHostToDevice));
        dim3 t32(32, 32);
        double global = median_ms([&] {
            CK(cudaMemcpyAsync(d, in, bytes, cudaMemcpyDeviceToDevice));
            for (int k = 0; k < v; k++) fw_global<<<dim3(n / 32, n / 8), dim3(32, 8)>>>(d, n, k, 1);
        });
        int nb = n / 32;
        double blocked = median_ms([&] {
            CK(cudaMemcpyAsync(d, in, bytes, cudaMemcpyDeviceToDevice));
            for (int r = 0; r < nb; r++) {
                fw_phase1<32, true><<<1, t32>>>(d, n, r);
                fw_phase2<32, true><<<dim3(nb, 2), t32>>>(d, n, r);
                fw_phase3<32, true><<<dim3(nb, nb), t32>>>(d, n, r);
            }
        });
        CK(cudaGetLastError());
        printf("%s\"%d/global, coalesced\": %.4f, \"%d/shared B=32, min\": %.4f", sep, v, global, v, blocked);
        sep = ", ";
        CK(cudaFree(in)); CK(cudaFree(d));
    }
    printf("}\n");
}
