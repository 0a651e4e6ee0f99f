// stencilprobe: the lab stencil's st_shared (cudalib/labs/cuda/stencil3d.cu,
// included as is) at 256³ with the report's block shapes, timed with CUDA
// events (median of 20 after a warm-up) and checked against a CPU step on
// sampled cells; run under ncu (stencilprobe.sh) for where its warps stall.
// Output: TSV: shape, ms, max relative error over the checked cells.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <algorithm>
#include <random>
#include <vector>
#include <cuda_runtime.h>
#include "../../cudalib/labs/cuda/stencil3d.cu"

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); exit(1); } } while (0)

int main(int argc, char **argv) {
    const int n = 256, s = n + 2;
    const size_t cells = (size_t)s * s * s;
    const bool once = argc > 1;
    std::vector<double> h(cells), got(cells);
    std::mt19937_64 rng(12345);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    for (auto &v : h) v = u(rng);
    double *in, *out;
    CHECK(cudaMalloc(&in, cells * sizeof(double)));
    CHECK(cudaMalloc(&out, cells * sizeof(double)));
    CHECK(cudaMemcpy(in, h.data(), cells * sizeof(double), cudaMemcpyHostToDevice));
    const int shapes[][3] = {{8, 8, 8}, {32, 4, 4}, {128, 2, 2}, {4, 4, 4}, {4, 4, 2}, {4, 2, 2}};
    cudaEvent_t a, b;
    CHECK(cudaEventCreate(&a));
    CHECK(cudaEventCreate(&b));
    printf("shape\tms\tmax_rel_err\n");
    for (auto &sh : shapes) {
        dim3 block(sh[0], sh[1], sh[2]), grid((n + sh[0] - 1) / sh[0], (n + sh[1] - 1) / sh[1], (n + sh[2] - 1) / sh[2]);
        const size_t smem = (size_t)(sh[0] + 2) * (sh[1] + 2) * (sh[2] + 2) * sizeof(double);
        std::vector<float> ms;
        for (int rep = once ? 0 : -1; rep < (once ? 1 : 20); rep++) {
            CHECK(cudaEventRecord(a));
            st_shared<<<grid, block, smem>>>(in, out, n, n, n);
            CHECK(cudaEventRecord(b));
            CHECK(cudaEventSynchronize(b));
            CHECK(cudaGetLastError());
            float t;
            CHECK(cudaEventElapsedTime(&t, a, b));
            if (rep >= 0) ms.push_back(t);
        }
        std::sort(ms.begin(), ms.end());
        CHECK(cudaMemcpy(got.data(), out, cells * sizeof(double), cudaMemcpyDeviceToHost));
        double worst = 0;
        std::mt19937 pick(7);
        for (int i = 0; i < 20000; i++) {
            const int x = 1 + pick() % n, y = 1 + pick() % n, z = 1 + pick() % n;
            double want = 0;
            for (int dz = -1; dz <= 1; dz++)
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++)
                        want += ALPHA(dx, dy, dz) * h[(x + dx) + s * ((y + dy) + (size_t)s * (z + dz))];
            const double g = got[x + s * (y + (size_t)s * z)];
            worst = std::max(worst, std::fabs(g - want) / std::max(std::fabs(want), 1e-12));
        }
        printf("(%d,%d,%d)\t%.4f\t%.2g\n", sh[0], sh[1], sh[2], ms[ms.size() / 2], worst);
    }
    return 0;
}
