// Microbenchmarks for the constants of culab's H100 time model
// (cudalib/timemodel, docs/timemodel.md): each measures one mechanism on
// the GPU directly, so that a constant is a measurement instead of a value
// fitted to the zoo or the labs. Build and run with run.sh on the GPU
// machine; every line of output is
//
//   name <TAB> value <TAB> unit <TAB> the constant it measures
//
// Timing is bench/native_timing.cuh's (CUDA events after two warm-up
// launches, median of >= 10 launches and >= 50 ms). Every kernel's
// result is checked against what it must compute (counts exactly, sums of
// chains against the CPU), on inputs that are not zeros.
#include <cstdint>
#include <cstring>
#include "../native_timing.cuh"

// ---- atomics -------------------------------------------------------------

// Every thread adds 1 to counters[idx[i]]: the address comes from memory,
// so ptxas cannot prove it warp-uniform and emits one RED per lane (no
// REDUX aggregation). idx all 0: every operation on one address.
__global__ void atom_indexed(const int *idx, unsigned *counters, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&counters[idx[i]], 1u);
}

// Every thread adds to counters[0], an address ptxas knows is uniform: it
// aggregates the warp (REDUX + one RED by one lane).
__global__ void atom_uniform(const int *in, int *counters, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&counters[0], in[i]);
}

// ---- issue rates of the pipes ---------------------------------------------

// CHAINS independent chains of ROUNDS operations each a thread: with many
// chains the pipe's throughput bounds, with one the dependent latency.
template <int CHAINS>
__global__ void ffma_chains(float *out, float a, float b, int rounds) {
    float x[CHAINS];
#pragma unroll
    for (int c = 0; c < CHAINS; c++) x[c] = threadIdx.x + c;
    for (int r = 0; r < rounds; r++) {
#pragma unroll
        for (int c = 0; c < CHAINS; c++) x[c] = fmaf(x[c], a, b);
    }
    float s = 0;
#pragma unroll
    for (int c = 0; c < CHAINS; c++) s += x[c];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

template <int CHAINS>
__global__ void dfma_chains(double *out, double a, double b, int rounds) {
    double x[CHAINS];
#pragma unroll
    for (int c = 0; c < CHAINS; c++) x[c] = threadIdx.x + c;
    for (int r = 0; r < rounds; r++) {
#pragma unroll
        for (int c = 0; c < CHAINS; c++) x[c] = fma(x[c], a, b);
    }
    double s = 0;
#pragma unroll
    for (int c = 0; c < CHAINS; c++) s += x[c];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

template <int CHAINS>
__global__ void mufu_chains(float *out, int rounds) {
    float x[CHAINS];
#pragma unroll
    for (int c = 0; c < CHAINS; c++) x[c] = 0.001f * (threadIdx.x + c);
    for (int r = 0; r < rounds; r++) {
#pragma unroll
        for (int c = 0; c < CHAINS; c++) x[c] = __sinf(x[c]);
    }
    float s = 0;
#pragma unroll
    for (int c = 0; c < CHAINS; c++) s += x[c];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// 32-bit signed division and remainder by a divisor ptxas cannot see:
// the ~20-instruction SASS sequence (cudalib/sass counts it).
template <int CHAINS>
__global__ void idiv_chains(int *out, int d, int rounds) {
    int x[CHAINS];
#pragma unroll
    for (int c = 0; c < CHAINS; c++) x[c] = 1000003 * (threadIdx.x + c + 1);
    for (int r = 0; r < rounds; r++) {
#pragma unroll
        for (int c = 0; c < CHAINS; c++) x[c] = x[c] / d + x[c] % d + 1000003;
    }
    int s = 0;
#pragma unroll
    for (int c = 0; c < CHAINS; c++) s += x[c];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// ---- memory -----------------------------------------------------------------

__global__ void copy4(const float4 *in, float4 *out, long n) {
    long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i];
}

__global__ void empty() {}

// out[i] = in[stride·i]: one sector of each lane's, from an array larger
// than the L2, so every sector comes from DRAM.
__global__ void strided_read(const float *in, float *out, int stride, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[(long)stride * i];
}

// Each thread sums its own row of width floats (a thread per row: a
// warp's load touches 32 lines, a sector each, and re-reads each sector
// for 8 steps). With the rows L2-resident and few warps an SM, L1 serving
// one line a cycle bounds it: warps × 32 lines a step.
__global__ void row_walk(const float *a, float *out, int width) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    const float *p = a + (long)r * width;
    float s = 0.0f;
    for (int k = 0; k < width; k++) s += p[k];
    out[r] = s;
}

// Each thread sums a grid-stride slice of n floats (vecadd's loop, loads
// only): with a grid of few blocks its time is the loads a warp waits for.
__global__ void stride_sum(const float *a, float *out, long n) {
    long stride = (long)blockDim.x * gridDim.x;
    float s = 0.0f;
    for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += stride) s += a[i];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// ---- host -------------------------------------------------------------------

static void row(const char *name, double v, const char *unit, const char *constant) {
    printf("%s\t%.4g\t%s\t%s\n", name, v, unit, constant);
    fflush(stdout);
}

static void fail(const char *what) {
    fprintf(stderr, "check failed: %s\n", what);
    exit(1);
}

static uint64_t rng = 88172645463325252ull;
static uint32_t next() {
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return (uint32_t)rng;
}

// Atomics: the rate on one address (per lane and aggregated), and the
// rate over footprints of 1 ... 2^16 words (a histogram's bins), where
// the L2's slices share the work.
static void atomics() {
    const int n = 1 << 22;
    std::vector<int> idx(n);
    int *didx; unsigned *dcnt; int *din; int *dsum;
    CK(cudaMalloc(&didx, n * sizeof(int)));
    CK(cudaMalloc(&dcnt, (1 << 16) * sizeof(unsigned)));
    CK(cudaMalloc(&din, n * sizeof(int)));
    CK(cudaMalloc(&dsum, sizeof(int)));
    for (int bins = 1; bins <= (1 << 16); bins *= 4) {
        for (int i = 0; i < n; i++) idx[i] = next() % bins;
        CK(cudaMemcpy(didx, idx.data(), n * sizeof(int), cudaMemcpyHostToDevice));
        CK(cudaMemset(dcnt, 0, bins * sizeof(unsigned)));
        atom_indexed<<<n / 256, 256>>>(didx, dcnt, n);
        std::vector<unsigned> got(bins), want(bins, 0);
        CK(cudaMemcpy(got.data(), dcnt, bins * sizeof(unsigned), cudaMemcpyDeviceToHost));
        for (int i = 0; i < n; i++) want[idx[i]]++;
        if (got != want) fail("atom_indexed counts");
        double ms = median_ms([&] { atom_indexed<<<n / 256, 256>>>(didx, dcnt, n); });
        char name[64];
        snprintf(name, sizeof name, "atomics, %d bins (per lane)", bins);
        row(name, n / (ms * 1e-3), "ops/s", bins == 1 ? "AddressAtomicsPerSec (one address, per lane)" : "atomic throughput over a footprint (not modeled yet)");
    }
    std::vector<int> in(n);
    long long want = 0;
    for (int i = 0; i < n; i++) { in[i] = (int)(next() % 7) + 1; want += in[i]; }
    CK(cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    CK(cudaMemset(dsum, 0, sizeof(int)));
    atom_uniform<<<n / 256, 256>>>(din, dsum, n);
    int got;
    CK(cudaMemcpy(&got, dsum, sizeof(int), cudaMemcpyDeviceToHost));
    if (got != (int)want) fail("atom_uniform sum");
    double ms = median_ms([&] { atom_uniform<<<n / 256, 256>>>(din, dsum, n); });
    row("atomics, one address (warp-aggregated)", (n / 32) / (ms * 1e-3), "warp ops/s", "AddressAtomicsPerSec (one address, one op a warp)");
    CK(cudaFree(didx)); CK(cudaFree(dcnt)); CK(cudaFree(din)); CK(cudaFree(dsum));
}

// A pipe's rate: 32 warps on every SM, chains independent operations a
// round: warp-operations / (time × clock × SMs).
template <typename K>
static double pipe_rate(K launch, int chains, int sms, double clockHz) {
    const int threads = 256, blocks = sms * 4, rounds = 4096;
    double ms = median_ms([&] { launch(blocks, threads, rounds); });
    double warpOps = (double)blocks * threads / 32 * rounds * chains;
    return warpOps / (ms * 1e-3 * clockHz * sms);
}

// The cycles a round of one warp a SM takes: with one chain, the
// dependent latency of the operation.
template <typename K>
static double round_cycles(K launch, int sms, double clockHz) {
    const int rounds = 1 << 16;
    double ms = median_ms([&] { launch(sms, 32, rounds); });
    return ms * 1e-3 * clockHz / rounds;
}

// checkFFMA compares thread 0's sum of chains with the CPU's.
static void checkFFMA(const float *out, int chains, float a, float b, int rounds) {
    float got;
    CK(cudaMemcpy(&got, out, sizeof got, cudaMemcpyDeviceToHost));
    float s = 0;
    for (int c = 0; c < chains; c++) {
        float x = c;
        for (int r = 0; r < rounds; r++) x = fmaf(x, a, b);
        s += x;
    }
    if (fabsf(got - s) > 1e-3f * (1 + fabsf(s))) fail("ffma chains");
}

// checkIDIV compares thread 0's sum of chains with the CPU's.
static void checkIDIV(const int *out, int chains, int d, int rounds) {
    int got;
    CK(cudaMemcpy(&got, out, sizeof got, cudaMemcpyDeviceToHost));
    int s = 0;
    for (int c = 0; c < chains; c++) {
        int x = 1000003 * (c + 1);
        for (int r = 0; r < rounds; r++) x = x / d + x % d + 1000003;
        s += x;
    }
    if (got != s) fail("idiv chains");
}

static void pipes(int sms, double clockHz) {
    float *f; double *d; int *i32;
    const int maxThreads = 256 * sms * 4;
    CK(cudaMalloc(&f, maxThreads * sizeof(float)));
    CK(cudaMalloc(&d, maxThreads * sizeof(double)));
    CK(cudaMalloc(&i32, maxThreads * sizeof(int)));
    const float a = 0.999f, b = 0.5f;
    const int div = 7;
    row("FFMA, 1 chain a thread, 32 warps/SM", pipe_rate([&](int g, int t, int r) { ffma_chains<1><<<g, t>>>(f, a, b, r); }, 1, sms, clockHz),
        "warp-instr/cycle/SM", "IssuePerSM with InstrCycles hidden by 8 warps a scheduler");
    checkFFMA(f, 1, a, b, 4096);
    row("FFMA, 8 chains a thread, 32 warps/SM", pipe_rate([&](int g, int t, int r) { ffma_chains<8><<<g, t>>>(f, a, b, r); }, 8, sms, clockHz),
        "warp-instr/cycle/SM", "IssuePerSM (FMA pipe: 4 expected)");
    checkFFMA(f, 8, a, b, 4096);
    row("DFMA, 8 chains a thread", pipe_rate([&](int g, int t, int r) { dfma_chains<8><<<g, t>>>(d, 0.999, 0.5, r); }, 8, sms, clockHz),
        "warp-instr/cycle/SM", "FP64 pipe rate (not modeled yet)");
    row("MUFU.SIN, 8 chains a thread", pipe_rate([&](int g, int t, int r) { mufu_chains<8><<<g, t>>>(f, r); }, 8, sms, clockHz),
        "warp-instr/cycle/SM", "SFU pipe rate (not modeled yet)");
    row("int32 / and % by a runtime divisor, 8 chains", pipe_rate([&](int g, int t, int r) { idiv_chains<8><<<g, t>>>(i32, div, r); }, 8, sms, clockHz),
        "warp-divisions/cycle/SM", "integer-division sequence (not modeled yet)");
    checkIDIV(i32, 8, div, 4096);
    row("FFMA dependent latency", round_cycles([&](int g, int t, int r) { ffma_chains<1><<<g, t>>>(f, a, b, r); }, sms, clockHz),
        "cycles", "InstrCycles");
    row("FFMA, 4 chains, one warp: cycles a round", round_cycles([&](int g, int t, int r) { ffma_chains<4><<<g, t>>>(f, a, b, r); }, sms, clockHz),
        "cycles", "latency hidden by independent instructions (ILP; not modeled yet)");
    row("DFMA dependent latency", round_cycles([&](int g, int t, int r) { dfma_chains<1><<<g, t>>>(d, 0.999, 0.5, r); }, sms, clockHz),
        "cycles", "FP64 latency (not modeled yet)");
    row("int32 / and % dependent latency", round_cycles([&](int g, int t, int r) { idiv_chains<1><<<g, t>>>(i32, div, r); }, sms, clockHz),
        "cycles", "integer-division latency (not modeled yet)");
    CK(cudaFree(f)); CK(cudaFree(d)); CK(cudaFree(i32));
}

static void memory() {
    // DRAM: 1 GiB copied (read + written); L2-resident: 16 MiB.
    for (long bytes : {1L << 30, 16L << 20}) {
        long n = bytes / 16;
        float4 *a, *b;
        CK(cudaMalloc(&a, bytes)); CK(cudaMalloc(&b, bytes));
        std::vector<float> h(bytes / 4);
        for (auto &x : h) x = (float)(next() % 1000) + 0.5f;
        CK(cudaMemcpy(a, h.data(), bytes, cudaMemcpyHostToDevice));
        copy4<<<(n + 255) / 256, 256>>>(a, b, n);
        std::vector<float> got(bytes / 4);
        CK(cudaMemcpy(got.data(), b, bytes, cudaMemcpyDeviceToHost));
        if (memcmp(got.data(), h.data(), bytes)) fail("copy");
        double ms = median_ms([&] { copy4<<<(n + 255) / 256, 256>>>(a, b, n); });
        row(bytes > (64L << 20) ? "copy 1 GiB (DRAM)" : "copy 16 MiB (L2-resident)", 2.0 * bytes / (ms * 1e-3), "bytes/s",
            bytes > (64L << 20) ? "DRAMBytesPerSec" : "ResidentBytesPerSec");
        CK(cudaFree(a)); CK(cudaFree(b));
    }
    // DRAM fetch granularity: the driver's setting, and reads of one
    // sector in every 1, 2 or 4 (strides of 8, 16, 32 floats): with 64-byte
    // fetches a stride of 16 or 32 moves twice its sectors' bytes.
    size_t gran = 0;
    CK(cudaDeviceGetLimit(&gran, cudaLimitMaxL2FetchGranularity));
    row("cudaLimitMaxL2FetchGranularity", (double)gran, "bytes", "DRAMFetchBytes");
    {
        const int n = 1 << 22;
        const long span = 32L * n; // floats: 512 MiB at stride 32
        float *in, *out;
        CK(cudaMalloc(&in, span * sizeof(float)));
        CK(cudaMalloc(&out, n * sizeof(float)));
        CK(cudaMemset(in, 0x3f, span * sizeof(float)));
        for (int stride : {8, 16, 32}) {
            strided_read<<<n / 256, 256>>>(in, out, stride, n);
            float probe;
            CK(cudaMemcpy(&probe, out + n - 1, sizeof probe, cudaMemcpyDeviceToHost));
            float want;
            memset(&want, 0x3f, sizeof want);
            if (memcmp(&probe, &want, sizeof want)) fail("strided read");
            double ms = median_ms([&] { strided_read<<<n / 256, 256>>>(in, out, stride, n); });
            char name[64];
            snprintf(name, sizeof name, "one sector of each lane, stride %d floats", stride);
            row(name, (double)n * 32 / (ms * 1e-3), "sector bytes/s", "DRAMFetchBytes (stride 16 and 32 at half of 8's: 64-byte fetches)");
        }
        CK(cudaFree(in)); CK(cudaFree(out));
    }
    // Block dispatch: 2^20 empty blocks of 32 threads.
    double ms = median_ms([] { empty<<<1 << 20, 32>>>(); });
    row("empty blocks of 32 threads", (1 << 20) / (ms * 1e-3), "blocks/s", "BlocksPerSec");
}

// L1's line rate (L1LinesPerSM) and the miss latency a looping warp waits
// (LoopMissShare: DRAMMissCycles × the share).
static void loads(int sms, double clockHz) {
    // Rows of 256 floats, 1 to 8 warps on every SM: 17 MB at 4 warps,
    // L2-resident after the warm-up. Values 0..7: the sums are exact.
    const int width = 256;
    for (int w : {1, 2, 4, 8}) {
        const int threads = 32 * w, rows = sms * threads;
        std::vector<float> h((size_t)rows * width);
        for (auto &x : h) x = (float)(next() % 8);
        float *a, *out;
        CK(cudaMalloc(&a, h.size() * sizeof(float))); CK(cudaMalloc(&out, rows * sizeof(float)));
        CK(cudaMemcpy(a, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice));
        row_walk<<<sms, threads>>>(a, out, width);
        std::vector<float> got(rows);
        CK(cudaMemcpy(got.data(), out, rows * sizeof(float), cudaMemcpyDeviceToHost));
        for (int r = 0; r < rows; r++) {
            float want = 0;
            for (int k = 0; k < width; k++) want += h[(size_t)r * width + k];
            if (got[r] != want) fail("row walk");
        }
        double ms = median_ms([&] { row_walk<<<sms, threads>>>(a, out, width); });
        double perStep = ms * 1e-3 * clockHz / width;
        char name[80];
        snprintf(name, sizeof name, "row walk, %d warps an SM: lines a cycle", w);
        row(name, 32.0 * w / perStep, "lines/cycle/SM", "L1LinesPerSM (the largest w: the rate; 1 warp: latency-bound)");
        CK(cudaFree(a)); CK(cudaFree(out));
    }
    // 2^26 floats (256 MiB, from DRAM) summed by 1, 16 and 132 blocks of
    // 256 threads: the cycles a warp waits a load.
    const long n = 1L << 26;
    std::vector<float> h(n);
    for (auto &x : h) x = (float)(next() % 8);
    float *a, *out;
    CK(cudaMalloc(&a, n * sizeof(float))); CK(cudaMalloc(&out, sms * 256 * sizeof(float)));
    CK(cudaMemcpy(a, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    for (int blocks : {1, 16, sms}) {
        const int threads = 256;
        long stride = (long)blocks * threads;
        stride_sum<<<blocks, threads>>>(a, out, n);
        std::vector<float> got(stride);
        CK(cudaMemcpy(got.data(), out, stride * sizeof(float), cudaMemcpyDeviceToHost));
        for (long t = 0; t < stride; t += 97) {
            float want = 0;
            for (long i = t; i < n; i += stride) want += h[i];
            if (got[t] != want) fail("stride sum");
        }
        double ms = median_ms([&] { stride_sum<<<blocks, threads>>>(a, out, n); });
        char name[80];
        snprintf(name, sizeof name, "grid-stride sum from DRAM, %d blocks: cycles a load", blocks);
        row(name, ms * 1e-3 * clockHz / ((double)n / stride), "cycles",
            "LoopMissShare (16 blocks' / DRAMMissCycles 216; 1 block's: the one-block calibration)");
    }
    CK(cudaFree(a)); CK(cudaFree(out));
}

int main() {
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, 0));
    int clockKHz = 0;
    CK(cudaDeviceGetAttribute(&clockKHz, cudaDevAttrClockRate, 0));
    printf("# %s, %d SMs, %.0f MHz\n", p.name, p.multiProcessorCount, clockKHz / 1e3);
    atomics();
    pipes(p.multiProcessorCount, clockKHz * 1e3);
    memory();
    loads(p.multiProcessorCount, clockKHz * 1e3);
    return 0;
}
