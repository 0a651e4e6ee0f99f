// What Nsight Compute's shared-memory bank-conflict counters count
// (issue 32): on the blind zoo ncu reports conflicts, and wavefronts beyond
// one per request, on kernels whose shared accesses are conflict-free
// (life_shared, localsort_shared) and more than the access pattern gives on
// fft_shared. smemconf.sh runs this program under ncu; each kernel below
// isolates one candidate cause, each is launched REPS times (ncu profiles
// every launch: a count that changes from launch to launch depends on
// timing), and the program prints, per kernel, the wavefronts and conflicts
// its access pattern gives (the virtual GPU's definition), to set against
// ncu's l1tex__data_* counters and the SASS-patched smsp__sass_* ones:
//
//   kernel <TAB> ld requests <TAB> ld wavefronts <TAB> ld conflicts
//          <TAB> st requests <TAB> st wavefronts <TAB> st conflicts
//
// (blank where the data decide: localsort's insertion sort.)
//
//   smemconf [REPS [KERNEL...]]   (default 3, every kernel)
//
// The synthetic kernels: blocks of 256 threads, 4 a SM, each thread owning
// words t + 256k (k < 8) of a 2048-word shared array, so every access below
// is 32 lanes on 32 consecutive words (one wavefront) unless said otherwise;
// volatile keeps every access a 32-bit LDS/STS.
//   sm_only        shared loads and stores, nothing else: the baseline;
//   sm_gld_stream  the same, each iteration also a coalesced global load
//                  streaming through 35 MB (misses: L1 fills from L2);
//   sm_gld_cg      the same loads with ld.global.cg (L1 not allocated);
//   sm_gld_hit     the loads on 8 KB a block re-reads (L1 hits, no fills);
//   sm_split       warps 0-3 only shared, warps 4-7 only streaming global
//                  loads: are another warp's fills counted as my conflicts?
//   sm_conflict2   control: lanes l and l+16 on one bank (2 wavefronts a
//                  request, 1 conflict), no global loads;
// and three of the blind zoo's kernels, their code as in
// tools/zoo/cuda/blind (life.cu, localsort.cu, fft.cu), at the zoo's
// smallest sizes.
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <cuda_runtime.h>

#define CK(x)                                                                                  \
    do {                                                                                       \
        cudaError_t e_ = (x);                                                                  \
        if (e_ != cudaSuccess) {                                                               \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
            exit(1);                                                                           \
        }                                                                                      \
    } while (0)

// ---- synthetic kernels -----------------------------------------------------------

enum { SM_ONLY, GLD_STREAM, GLD_CG, GLD_HIT, SPLIT, CONFLICT2 };
#define SM_WORDS 2048
#define SM_THREADS 256
#define SM_ITERS 64

template <int MODE>
__device__ __forceinline__ void smem_body(const float *__restrict__ g, float *out, int iters) {
    __shared__ float s[SM_WORDS];
    volatile float *vs = s;
    int t = threadIdx.x, w = t >> 5, lane = t & 31;
    for (int k = 0; k < 8; k++) vs[t + SM_THREADS * k] = (float)k;
    __syncthreads();
    bool sharedWarp = MODE != SPLIT || w < 4;
    bool globalWarp = MODE == GLD_STREAM || MODE == GLD_CG || MODE == GLD_HIT || (MODE == SPLIT && w >= 4);
    const float *stream = g + (size_t)blockIdx.x * iters * SM_THREADS;
    float acc = 0.f;
    for (int i = 0; i < iters; i++) {
        if (globalWarp) {
            if (MODE == GLD_HIT)
                acc += __ldca(g + (i & 7) * SM_THREADS + t);
            else if (MODE == GLD_CG)
                acc += __ldcg(stream + i * SM_THREADS + t);
            else
                acc += __ldca(stream + i * SM_THREADS + t);
        }
        if (sharedWarp) {
            // CONFLICT2: lane l on word 2l of its warp's 64-word window:
            // lanes l and l+16 share a bank, two distinct words.
            int a = MODE == CONFLICT2 ? w * 64 + 2 * lane + 512 * (i & 3) : t + SM_THREADS * (i & 7);
            int b = MODE == CONFLICT2 ? w * 64 + 2 * lane + 512 * ((i + 1) & 3) : t + SM_THREADS * ((i + 1) & 7);
            acc += vs[a];
            vs[b] = acc;
        }
    }
    out[blockIdx.x * SM_THREADS + t] = acc;
}

extern "C" __global__ void sm_only(const float *g, float *out, int iters) { smem_body<SM_ONLY>(g, out, iters); }
extern "C" __global__ void sm_gld_stream(const float *g, float *out, int iters) { smem_body<GLD_STREAM>(g, out, iters); }
extern "C" __global__ void sm_gld_cg(const float *g, float *out, int iters) { smem_body<GLD_CG>(g, out, iters); }
extern "C" __global__ void sm_gld_hit(const float *g, float *out, int iters) { smem_body<GLD_HIT>(g, out, iters); }
extern "C" __global__ void sm_split(const float *g, float *out, int iters) { smem_body<SPLIT>(g, out, iters); }
extern "C" __global__ void sm_conflict2(const float *g, float *out, int iters) { smem_body<CONFLICT2>(g, out, iters); }

// ---- the blind zoo's kernels (tools/zoo/cuda/blind) ------------------------------

__device__ int life_rule(int alive, int c) { return c == 3 || (c == 2 && alive); }
__device__ int life_wrap(int v, int n) { return v < 0 ? v + n : (v >= n ? v - n : v); }

// Blocks of 32×8 threads.
extern "C" __global__ void life_shared(const int *in, int *out, int n) {
    __shared__ int t[10][34];
    int x0 = blockIdx.x * 32 - 1, y0 = blockIdx.y * 8 - 1;
    for (int j = threadIdx.y * 32 + threadIdx.x; j < 10 * 34; j += 256)
        t[j / 34][j % 34] = in[life_wrap(y0 + j / 34, n) * n + life_wrap(x0 + j % 34, n)];
    __syncthreads();
    int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
    int c = t[ty - 1][tx - 1] + t[ty - 1][tx] + t[ty - 1][tx + 1] + t[ty][tx - 1] + t[ty][tx + 1] +
            t[ty + 1][tx - 1] + t[ty + 1][tx] + t[ty + 1][tx + 1];
    out[(y0 + ty) * n + x0 + tx] = life_rule(t[ty][tx], c);
}

#define LS_K 16
extern "C" __global__ void localsort_shared(const float *in, float *out, int n) {
    __shared__ float s[LS_K * 128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float *v = s + threadIdx.x;
    for (int k = 0; k < LS_K; k++) v[k * 128] = in[k * n + i];
    for (int a = 1; a < LS_K; a++) {
        float x = v[a * 128];
        int b = a - 1;
        while (b >= 0 && v[b * 128] > x) {
            v[(b + 1) * 128] = v[b * 128];
            b--;
        }
        v[(b + 1) * 128] = x;
    }
    for (int k = 0; k < LS_K; k++) out[k * n + i] = v[k * 128];
}

#define FFT_N 1024
#define FFT_LOG 10
__device__ int fft_rev(int j) { return __brev(j) >> (32 - FFT_LOG); }

__device__ void fft_butterfly(float2 *x, int i0, int i1, float c, float s) {
    float2 a = x[i0], b = x[i1];
    float2 wb = make_float2(c * b.x - s * b.y, c * b.y + s * b.x);
    x[i0] = make_float2(a.x + wb.x, a.y + wb.y);
    x[i1] = make_float2(a.x - wb.x, a.y - wb.y);
}

extern "C" __global__ void fft_shared(const float2 *in, float2 *out, const float2 *tw, int n) {
    __shared__ float2 x[FFT_N];
    int t = threadIdx.x, base = blockIdx.x * FFT_N;
    x[fft_rev(t)] = in[base + t];
    x[fft_rev(t + FFT_N / 2)] = in[base + t + FFT_N / 2];
    __syncthreads();
    for (int h = 1; h < FFT_N; h *= 2) {
        int k = t & (h - 1);
        float s, c;
        sincospif(-(float)k / h, &s, &c);
        fft_butterfly(x, 2 * t - k, 2 * t - k + h, c, s);
        __syncthreads();
    }
    out[base + t] = x[t];
    out[base + t + FFT_N / 2] = x[t + FFT_N / 2];
}

// ---- host --------------------------------------------------------------------

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint32_t next32() {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)rng;
}

static void expect(const char *k, long long ldr, long long ldw, long long ldc, long long str, long long stw,
                   long long stc) {
    printf("%s\t%lld\t%lld\t%lld\t%lld\t%lld\t%lld\n", k, ldr, ldw, ldc, str, stw, stc);
}

static bool wanted(const std::vector<std::string> &only, const char *k) {
    if (only.empty()) return true;
    for (auto &o : only)
        if (o == k) return true;
    return false;
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 3;
    if (reps < 1) {
        fprintf(stderr, "usage: smemconf [REPS [KERNEL...]]\n");
        return 2;
    }
    std::vector<std::string> only(argv + (argc > 2 ? 2 : argc), argv + argc);
    int sms;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    printf("kernel\tld requests\tld wavefronts\tld conflicts\tst requests\tst wavefronts\tst conflicts\n");

    // Synthetic: 4 blocks a SM (8 KB of shared memory and 8 warps each).
    long long blocks = 4LL * sms, it = SM_ITERS;
    size_t streamFloats = (size_t)blocks * it * SM_THREADS;
    float *g, *out;
    CK(cudaMalloc(&g, streamFloats * sizeof(float)));
    CK(cudaMemset(g, 0, streamFloats * sizeof(float)));
    CK(cudaMalloc(&out, blocks * SM_THREADS * sizeof(float)));
    struct Syn {
        const char *name;
        void (*k)(const float *, float *, int);
        int mode;
    } syn[] = {{"sm_only", sm_only, SM_ONLY},       {"sm_gld_stream", sm_gld_stream, GLD_STREAM},
               {"sm_gld_cg", sm_gld_cg, GLD_CG},    {"sm_gld_hit", sm_gld_hit, GLD_HIT},
               {"sm_split", sm_split, SPLIT},       {"sm_conflict2", sm_conflict2, CONFLICT2}};
    for (auto &s : syn) {
        if (!wanted(only, s.name)) continue;
        for (int r = 0; r < reps; r++) s.k<<<blocks, SM_THREADS>>>(g, out, SM_ITERS);
        CK(cudaGetLastError());
        CK(cudaDeviceSynchronize());
        long long sw = s.mode == SPLIT ? 4 : 8; // warps of a block that access shared memory in the loop
        long long ldr = blocks * sw * it, str = blocks * (8 * 8 + sw * it);
        if (s.mode == CONFLICT2)
            expect(s.name, ldr, 2 * ldr, ldr, str, blocks * 64 + 2 * sw * it * blocks, sw * it * blocks);
        else
            expect(s.name, ldr, ldr, 0, str, str, 0);
    }
    CK(cudaFree(g));
    CK(cudaFree(out));

    if (wanted(only, "life_shared")) { // 1024×1024 cells, as the blind zoo's smallest size
        int n = 1024;
        std::vector<int> h(n * n), got(n * n);
        for (auto &c : h) c = (next32() >> 7) % 3 == 0;
        int *din, *dout;
        CK(cudaMalloc(&din, n * n * sizeof(int)));
        CK(cudaMalloc(&dout, n * n * sizeof(int)));
        CK(cudaMemcpy(din, h.data(), n * n * sizeof(int), cudaMemcpyHostToDevice));
        for (int r = 0; r < reps; r++) life_shared<<<dim3(n / 32, n / 8), dim3(32, 8)>>>(din, dout, n);
        CK(cudaGetLastError());
        CK(cudaMemcpy(got.data(), dout, n * n * sizeof(int), cudaMemcpyDeviceToHost));
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                int c = 0;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++)
                        if (dx || dy) c += h[((y + dy + n) % n) * n + (x + dx + n) % n];
                int want = c == 3 || (c == 2 && h[y * n + x]);
                if (got[y * n + x] != want) {
                    fprintf(stderr, "life_shared: cell (%d,%d) %d, want %d\n", x, y, got[y * n + x], want);
                    return 1;
                }
            }
        // 4096 blocks of 8 warps: 9 loads a thread; stores: 340 words a
        // block in 11 warp-instructions (8 full, 3 of the second round).
        long long b = (n / 32) * (n / 8);
        expect("life_shared", b * 8 * 9, b * 8 * 9, 0, b * 11, b * 11, 0);
        CK(cudaFree(din));
        CK(cudaFree(dout));
    }

    if (wanted(only, "localsort_shared")) { // 65536 threads of 16 floats
        int n = 65536;
        std::vector<float> h((size_t)LS_K * n), got((size_t)LS_K * n);
        for (auto &v : h) v = (float)(next32() >> 8) / (float)(1 << 24);
        float *din, *dout;
        CK(cudaMalloc(&din, h.size() * sizeof(float)));
        CK(cudaMalloc(&dout, h.size() * sizeof(float)));
        CK(cudaMemcpy(din, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice));
        for (int r = 0; r < reps; r++) localsort_shared<<<n / 128, 128>>>(din, dout, n);
        CK(cudaGetLastError());
        CK(cudaMemcpy(got.data(), dout, h.size() * sizeof(float), cudaMemcpyDeviceToHost));
        for (int i = 0; i < n; i++)
            for (int k = 1; k < LS_K; k++)
                if (got[(size_t)k * n + i] < got[(size_t)(k - 1) * n + i]) {
                    fprintf(stderr, "localsort_shared: column %d not sorted\n", i);
                    return 1;
                }
        // The data decide how many shifts; loads of the first loop only are fixed.
        printf("localsort_shared\t\t\t0\t\t\t0\n");
        CK(cudaFree(din));
        CK(cudaFree(dout));
    }

    if (wanted(only, "fft_shared")) { // 256 transforms of 1024 points
        int n = 262144;
        std::vector<float2> h(n), got(n);
        for (auto &v : h) v = make_float2((float)(next32() % 17) - 8.f, (float)(next32() % 17) - 8.f);
        float2 *din, *dout;
        CK(cudaMalloc(&din, n * sizeof(float2)));
        CK(cudaMalloc(&dout, n * sizeof(float2)));
        CK(cudaMemcpy(din, h.data(), n * sizeof(float2), cudaMemcpyHostToDevice));
        for (int r = 0; r < reps; r++) fft_shared<<<n / FFT_N, FFT_N / 2>>>(din, dout, nullptr, n);
        CK(cudaGetLastError());
        CK(cudaMemcpy(got.data(), dout, n * sizeof(float2), cudaMemcpyDeviceToHost));
        // Check: element 0 of each transform is the sum of its inputs.
        for (int b = 0; b < n / FFT_N; b++) {
            double sx = 0, sy = 0;
            for (int j = 0; j < FFT_N; j++) sx += h[b * FFT_N + j].x, sy += h[b * FFT_N + j].y;
            if (fabs(got[b * FFT_N].x - sx) > 1e-2 * (1 + fabs(sx)) || fabs(got[b * FFT_N].y - sy) > 1e-2 * (1 + fabs(sy))) {
                fprintf(stderr, "fft_shared: transform %d: X[0] = (%g,%g), want (%g,%g)\n", b, got[b * FFT_N].x,
                        got[b * FFT_N].y, sx, sy);
                return 1;
            }
        }
        // The virtual GPU's counts at this size (blind zoo, compare.md).
        printf("fft_shared\t\t\t\t\t491520\t311296\n");
        CK(cudaFree(din));
        CK(cudaFree(dout));
    }
    return 0;
}
