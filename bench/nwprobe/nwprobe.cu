// nwprobe: the blind zoo's Needleman–Wunsch kernels (tools/zoo/cuda/blind/
// nw.cu, included as is), a thread a pair with the row in local or in
// shared memory, at 1024 pairs (16 blocks of 64 threads: two warps an SM,
// each alone on its scheduler), timed with events (median of 20 after a
// warm-up) and checked against the host's scores on fresh random letters;
// run under ncu (nwprobe.sh) for where a lone warp's loop waits.
// Output: TSV: kernel, ms, cycles an inner iteration (at 1.98 GHz).
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <random>
#include <vector>
#include <cuda_runtime.h>
#include "../../tools/zoo/cuda/blind/nw.cu"

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); exit(1); } } while (0)

static std::vector<int> lastRow(const int *a, const int *b) {
    std::vector<int> row(NW_L + 1);
    for (int j = 0; j <= NW_L; j++) row[j] = -NW_GAP * j;
    for (int i = 1; i <= NW_L; i++) {
        int diag = row[0];
        row[0] = -NW_GAP * i;
        for (int j = 1; j <= NW_L; j++) {
            int up = row[j];
            row[j] = std::max(diag + (a[i - 1] == b[j - 1] ? 1 : -1), std::max(up, row[j - 1]) - NW_GAP);
            diag = up;
        }
    }
    return std::vector<int>(row.begin() + 1, row.end());
}

int main(int argc, char **argv) {
    const int n = 1024;
    const bool once = argc > 1;
    std::vector<int> a(n * NW_L), b(n * NW_L), got(n * NW_L);
    std::mt19937 rng(99);
    for (int i = 0; i < n * NW_L; i++) a[i] = rng() % 4, b[i] = rng() % 4;
    int *da, *db, *dl;
    CHECK(cudaMalloc(&da, a.size() * 4));
    CHECK(cudaMalloc(&db, b.size() * 4));
    CHECK(cudaMalloc(&dl, got.size() * 4));
    CHECK(cudaMemcpy(da, a.data(), a.size() * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(db, b.data(), b.size() * 4, cudaMemcpyHostToDevice));
    cudaEvent_t e0, e1;
    CHECK(cudaEventCreate(&e0));
    CHECK(cudaEventCreate(&e1));
    bool ok = true;
    printf("kernel\tms\tcycles_per_iter\n");
    for (int k = 0; k < 2; k++) {
        std::vector<float> ms;
        CHECK(cudaMemset(dl, 0, got.size() * 4));
        for (int rep = once ? 0 : -1; rep < (once ? 1 : 20); rep++) {
            CHECK(cudaEventRecord(e0));
            if (k == 0) nw_thread_local<<<n / 64, 64>>>(da, db, dl, n);
            else nw_thread_shared<<<n / 64, 64>>>(da, db, dl, n);
            CHECK(cudaEventRecord(e1));
            CHECK(cudaEventSynchronize(e1));
            CHECK(cudaGetLastError());
            float t;
            CHECK(cudaEventElapsedTime(&t, e0, e1));
            if (rep >= 0) ms.push_back(t);
        }
        CHECK(cudaMemcpy(got.data(), dl, got.size() * 4, cudaMemcpyDeviceToHost));
        for (int p = 0; p < n && ok; p++) {
            std::vector<int> want = lastRow(&a[p * NW_L], &b[p * NW_L]);
            for (int j = 0; j < NW_L; j++)
                if (got[p * NW_L + j] != want[j]) {
                    fprintf(stderr, "kernel %d pair %d col %d: %d, want %d\n", k, p, j, got[p * NW_L + j], want[j]);
                    ok = false;
                    break;
                }
        }
        std::sort(ms.begin(), ms.end());
        const double m = ms[ms.size() / 2];
        printf("%s\t%.4f\t%.1f\n", k == 0 ? "nw_thread_local" : "nw_thread_shared", m, m * 1e-3 * 1.98e9 / (NW_L * NW_L));
    }
    printf("# results %s\n", ok ? "checked: all equal the host's" : "WRONG");
    return ok ? 0 : 1;
}
