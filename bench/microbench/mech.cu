// Microbenchmarks of the mechanisms issue 32's blind zoo found missing
// from culab's H100 time model (cudalib/timemodel, docs/timemodel.md):
// the constant cache serving a warp's distinct addresses, local memory
// indexed at run time, compare-and-swap loops under contention, float
// atomics over footprints and in runs, chains of dependent loads (latency
// and loads in flight against occupancy), and a spin-wait hand-off from
// block to block. Build and run with run.sh on the GPU machine; every
// line of output is
//
//   name <TAB> value <TAB> unit <TAB> what it measures
//
// Timing is bench/native_timing.cuh's (CUDA events after two warm-up
// launches, median of >= 10 launches and >= 50 ms). Every kernel's result
// is checked against the CPU's (exactly: integer counts, chain ends,
// float sums of small integers).
#include <cstdint>
#include <cstring>
#include <numeric>
#include "../native_timing.cuh"

static void row(const char *name, double v, const char *unit, const char *what) {
    printf("%s\t%.4g\t%s\t%s\n", name, v, unit, what);
    fflush(stdout);
}

static void fail(const char *what) {
    fprintf(stderr, "check failed: %s\n", what);
    exit(1);
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint32_t next32() {
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return (uint32_t)rng;
}

// ---- constant cache -----------------------------------------------------------

// 256 words in 32 groups of 8: ctab[g*8 + k] = g*8 + (k+1)%8, so a chain
// started in group g stays in it. Lane l walks group l % D: every request
// of a warp touches exactly D distinct words, in D distinct sectors.
__constant__ unsigned ctab[256];

// The same walk within one sector: word k -> (k+1) % 8 of ctab8, lane l
// from word l % D (D <= 8): D distinct words, all in one 32-byte sector.
__constant__ unsigned ctab8[8];

__global__ void const_chase_sector(unsigned *out, int d, int rounds) {
    unsigned j = (threadIdx.x & 31) % d;
    for (int r = 0; r < rounds; r++) j = ctab8[j];
    out[blockIdx.x * blockDim.x + threadIdx.x] = j;
}

template <int CHAINS>
__global__ void const_chase(unsigned *out, int d, int rounds) {
    int lane = threadIdx.x & 31;
    unsigned j[CHAINS];
#pragma unroll
    for (int c = 0; c < CHAINS; c++) j[c] = (lane % d) * 8 + c;
    for (int r = 0; r < rounds; r++) {
#pragma unroll
        for (int c = 0; c < CHAINS; c++) j[c] = ctab[j[c]];
    }
    unsigned s = 0;
#pragma unroll
    for (int c = 0; c < CHAINS; c++) s += j[c];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

static void checkConst(const unsigned *dout, int threads, int chains, int d, int rounds) {
    std::vector<unsigned> got(threads);
    CK(cudaMemcpy(got.data(), dout, threads * sizeof(unsigned), cudaMemcpyDeviceToHost));
    for (int t = 0; t < threads; t++) {
        unsigned want = 0;
        for (int c = 0; c < chains; c++) want += (t % 32 % d) * 8 + (c + rounds) % 8;
        if (got[t] != want) fail("constant chase");
    }
}

static void constant(int sms, double clockHz) {
    unsigned h[256];
    for (int i = 0; i < 256; i++) h[i] = i / 8 * 8 + (i % 8 + 1) % 8;
    CK(cudaMemcpyToSymbol(ctab, h, sizeof h));
    unsigned *out;
    const int maxThreads = sms * 2048;
    CK(cudaMalloc(&out, maxThreads * sizeof(unsigned)));
    for (int d : {1, 2, 4, 8, 16, 32}) {
        // Latency: one warp an SM, one chain.
        const int rl = 4096;
        const_chase<1><<<sms, 32>>>(out, d, rl);
        CK(cudaGetLastError());
        checkConst(out, sms * 32, 1, d, rl);
        double ms = median_ms([&] { const_chase<1><<<sms, 32>>>(out, d, rl); });
        char name[96];
        snprintf(name, sizeof name, "constant, %d distinct words a warp, 1 warp an SM: cycles a lookup", d);
        row(name, ms * 1e-3 * clockHz / rl, "cycles", "constant cache latency, by distinct addresses");
        // Throughput: 64 warps an SM (blocks of 256), 4 chains a thread.
        const int rt = 512, blocks = sms * 8, threads = 256;
        const_chase<4><<<blocks, threads>>>(out, d, rt);
        CK(cudaGetLastError());
        checkConst(out, blocks * threads, 4, d, rt);
        ms = median_ms([&] { const_chase<4><<<blocks, threads>>>(out, d, rt); });
        double req = (double)blocks * threads / 32 * rt * 4;
        snprintf(name, sizeof name, "constant, %d distinct words a warp, 64 warps an SM: warp requests a cycle", d);
        row(name, req / (ms * 1e-3 * clockHz * sms), "requests/cycle/SM", "constant cache throughput, by distinct addresses");
        snprintf(name, sizeof name, "constant, %d distinct words a warp, 64 warps an SM: words a cycle", d);
        row(name, req * d / (ms * 1e-3 * clockHz * sms), "words/cycle/SM", "constant cache: distinct words served a cycle");
    }
    unsigned h8[8];
    for (int i = 0; i < 8; i++) h8[i] = (i + 1) % 8;
    CK(cudaMemcpyToSymbol(ctab8, h8, sizeof h8));
    for (int d : {1, 2, 4, 8}) {
        const int rl = 4096, blocks = sms * 8, threads = 256, rt = 1024;
        char name[112];
        for (int big : {0, 1}) {
            int g = big ? blocks : sms, t = big ? threads : 32, r = big ? rt : rl;
            const_chase_sector<<<g, t>>>(out, d, r);
            CK(cudaGetLastError());
            std::vector<unsigned> got(g * t);
            CK(cudaMemcpy(got.data(), out, got.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
            for (int i = 0; i < g * t; i++)
                if (got[i] != (i % 32 % d + r) % 8) fail("constant chase in a sector");
            double ms = median_ms([&] { const_chase_sector<<<g, t>>>(out, d, r); });
            if (!big) {
                snprintf(name, sizeof name, "constant, %d distinct words in one sector, 1 warp an SM: cycles a lookup", d);
                row(name, ms * 1e-3 * clockHz / r, "cycles", "constant cache latency: words or sectors?");
            } else {
                snprintf(name, sizeof name, "constant, %d distinct words in one sector, 64 warps an SM: warp requests a cycle", d);
                row(name, (double)g * t / 32 * r / (ms * 1e-3 * clockHz * sms), "requests/cycle/SM", "constant cache throughput: words or sectors?");
            }
        }
    }
    CK(cudaFree(out));
}

// ---- local memory indexed at run time ---------------------------------------

// a[] is a permutation of 0..N-1 (k -> (5k + s) mod N); the chain k = a[k]
// depends on each load (latency). Indices are known only at run time, so
// a[] lives in local memory.
template <int N>
__global__ void local_chase(int *out, int s, int rounds) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int a[N];
    for (int k = 0; k < N; k++) a[k] = (5 * k + s + t) % N;
    int k = t % N;
    for (int r = 0; r < rounds; r++) k = a[k];
    out[t] = k;
}

// Read-modify-write at an index from a per-thread LCG: a load and a store
// a round, independent of the loaded values (throughput).
template <int N>
__global__ void local_rmw(int *out, int s, int rounds) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int a[N];
    for (int k = 0; k < N; k++) a[k] = k + t;
    unsigned j = (unsigned)(s ^ t);
    for (int r = 0; r < rounds; r++) {
        j = j * 1664525u + 1013904223u;
        a[(j >> 16) % N] += r;
    }
    unsigned sum = 0;
    for (int k = 0; k < N; k++) sum += (unsigned)a[k] * (k + 1);
    out[t] = (int)sum;
}

template <int N>
static void localOne(int *dout, int sms, double clockHz, int warps) {
    const int threads = warps >= 8 ? 256 : 32 * warps, blocks = sms * (32 * warps / threads), n = blocks * threads;
    const int s = 12345, rc = 1024, rr = 256;
    std::vector<int> got(n);
    char name[112];
    local_chase<N><<<blocks, threads>>>(dout, s, rc);
    CK(cudaGetLastError());
    CK(cudaMemcpy(got.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (int t = 0; t < n; t += 7) {
        int k = t % N;
        for (int r = 0; r < rc; r++) k = (5 * k + s + t) % N;
        if (got[t] != k) fail("local chase");
    }
    double ms = median_ms([&] { local_chase<N><<<blocks, threads>>>(dout, s, rc); });
    snprintf(name, sizeof name, "local chase, %d ints a thread, %d warps an SM: cycles a load", N, warps);
    row(name, ms * 1e-3 * clockHz / rc, "cycles", "local memory latency (L1 hit / miss by footprint)");
    local_rmw<N><<<blocks, threads>>>(dout, s, rr);
    CK(cudaGetLastError());
    CK(cudaMemcpy(got.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (int t = 0; t < n; t += 7) {
        std::vector<int> a(N);
        for (int k = 0; k < N; k++) a[k] = k + t;
        unsigned j = (unsigned)(s ^ t);
        for (int r = 0; r < rr; r++) {
            j = j * 1664525u + 1013904223u;
            a[(j >> 16) % N] += r;
        }
        unsigned sum = 0;
        for (int k = 0; k < N; k++) sum += (unsigned)a[k] * (k + 1);
        if (got[t] != (int)sum) fail("local rmw");
    }
    ms = median_ms([&] { local_rmw<N><<<blocks, threads>>>(dout, s, rr); });
    snprintf(name, sizeof name, "local read-modify-write, %d ints a thread, %d warps an SM: cycles a round", N, warps);
    row(name, ms * 1e-3 * clockHz / rr, "cycles", "local memory: a load and a store a round, per warp");
    snprintf(name, sizeof name, "local read-modify-write, %d ints a thread, %d warps an SM: requests a cycle", N, warps);
    row(name, 2.0 * warps * rr / (ms * 1e-3 * clockHz), "requests/cycle/SM", "local memory throughput (scattered lanes)");
}

static void local(int sms, double clockHz) {
    int *dout;
    CK(cudaMalloc(&dout, sms * 2048 * sizeof(int)));
    for (int w : {1, 8, 64}) {
        localOne<16>(dout, sms, clockHz, w);
        localOne<64>(dout, sms, clockHz, w);
        localOne<256>(dout, sms, clockHz, w);
    }
    CK(cudaFree(dout));
}

// ---- compare-and-swap loops under contention ----------------------------------

// Every thread adds 1 to its word by a CAS loop; k threads share a word,
// in one warp (addr = t/k) or in different warps of one block (addr =
// block's base + t % (256/k)). tries[t] counts its attempts.
__global__ void cas_add(unsigned *a, unsigned *tries, int k, int sameWarp, int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    int addr = sameWarp ? t / k : t / 256 * (256 / k) + t % (256 / k);
    unsigned old = a[addr], assumed, n_ = 0;
    do {
        assumed = old;
        old = atomicCAS(&a[addr], assumed, assumed + 1);
        n_++;
    } while (old != assumed);
    tries[t] = n_;
}

static void cas() {
    const int n = 1 << 20;
    unsigned *a, *tries;
    CK(cudaMalloc(&a, n * sizeof(unsigned)));
    CK(cudaMalloc(&tries, n * sizeof(unsigned)));
    std::vector<unsigned> got(n), tr(n);
    for (int same : {1, 0}) {
        for (int k : {1, 2, 4, 8, 32}) {
            if (!same && k == 1) continue;
            int words = n / k;
            CK(cudaMemset(a, 0, n * sizeof(unsigned)));
            cas_add<<<n / 256, 256>>>(a, tries, k, same, n);
            CK(cudaGetLastError());
            CK(cudaMemcpy(got.data(), a, words * sizeof(unsigned), cudaMemcpyDeviceToHost));
            for (int i = 0; i < words; i++)
                if (got[i] != (unsigned)k) fail("cas counts");
            CK(cudaMemcpy(tr.data(), tries, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
            double attempts = std::accumulate(tr.begin(), tr.end(), 0.0);
            double ms = median_ms([&] { cas_add<<<n / 256, 256>>>(a, tries, k, same, n); });
            char name[112];
            snprintf(name, sizeof name, "CAS add loop, %d threads a word (%s)", k, same ? "one warp" : "different warps of a block");
            row(name, n / (ms * 1e-3), "successful ops/s", "CAS loop throughput under contention");
            snprintf(name, sizeof name, "CAS add loop, %d threads a word (%s): attempts a thread", k, same ? "one warp" : "different warps of a block");
            row(name, attempts / n, "attempts", "CAS retries (first launch)");
            snprintf(name, sizeof name, "CAS add loop, %d threads a word (%s): attempts a second", k, same ? "one warp" : "different warps of a block");
            row(name, attempts / (ms * 1e-3), "attempts/s", "CAS attempts the L2 serves (first launch's attempts)");
        }
    }
    CK(cudaFree(a)); CK(cudaFree(tries));
}

// ---- float and integer atomics over footprints, and in runs --------------------

__global__ void fatom(const int *idx, float *acc, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&acc[idx[i]], 1.0f);
}

__global__ void iatom(const int *idx, unsigned *acc, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&acc[idx[i]], 1u);
}

static void atomics() {
    const int n = 1 << 22, maxF = 1 << 22;
    std::vector<int> idx(n);
    int *didx; float *facc; unsigned *iacc;
    CK(cudaMalloc(&didx, n * sizeof(int)));
    CK(cudaMalloc(&facc, maxF * sizeof(float)));
    CK(cudaMalloc(&iacc, maxF * sizeof(unsigned)));
    auto one = [&](const char *what, int f) {
        CK(cudaMemcpy(didx, idx.data(), n * sizeof(int), cudaMemcpyHostToDevice));
        std::vector<unsigned> want(f, 0);
        for (int i = 0; i < n; i++) want[idx[i]]++;
        CK(cudaMemset(facc, 0, f * sizeof(float)));
        CK(cudaMemset(iacc, 0, f * sizeof(unsigned)));
        fatom<<<n / 256, 256>>>(didx, facc, n);
        iatom<<<n / 256, 256>>>(didx, iacc, n);
        CK(cudaGetLastError());
        std::vector<float> gf(f);
        std::vector<unsigned> gi(f);
        CK(cudaMemcpy(gf.data(), facc, f * sizeof(float), cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(gi.data(), iacc, f * sizeof(unsigned), cudaMemcpyDeviceToHost));
        for (int i = 0; i < f; i++)
            if (gf[i] != (float)want[i] || gi[i] != want[i]) fail("atomic counts");
        double fms = median_ms([&] { fatom<<<n / 256, 256>>>(didx, facc, n); });
        double ims = median_ms([&] { iatom<<<n / 256, 256>>>(didx, iacc, n); });
        char name[112];
        snprintf(name, sizeof name, "float atomicAdd, %s", what);
        row(name, n / (fms * 1e-3), "ops/s", "float atomics (RED.ADD.F32) over a footprint");
        snprintf(name, sizeof name, "int atomicAdd, %s", what);
        row(name, n / (ims * 1e-3), "ops/s", "integer atomics, same addresses (reference)");
    };
    char what[96];
    for (int f = 1; f <= maxF; f *= 16) {
        for (int i = 0; i < n; i++) idx[i] = next32() % f;
        snprintf(what, sizeof what, "%d words, random lane addresses", f);
        one(what, f);
    }
    // Runs of r consecutive lanes on one word (a COO matrix's rows, sorted),
    // the runs at random words of 2^18.
    const int f = 1 << 18;
    for (int r : {2, 4, 8, 32}) {
        for (int i = 0; i < n; i += r) {
            int w = next32() % f;
            for (int j = 0; j < r; j++) idx[i + j] = w;
        }
        snprintf(what, sizeof what, "%d words, runs of %d lanes on a word", f, r);
        one(what, f);
    }
    CK(cudaFree(didx)); CK(cudaFree(facc)); CK(cudaFree(iacc));
}

// ---- chains of dependent loads: latency and loads in flight --------------------

// next is one random cycle; thread t follows C chains interleaved, from
// start[t*C + c], rounds steps each.
template <int C>
__global__ void gchase(const int *next, const int *start, int *out, int rounds) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int p[C];
#pragma unroll
    for (int c = 0; c < C; c++) p[c] = start[t * C + c];
    for (int r = 0; r < rounds; r++) {
#pragma unroll
        for (int c = 0; c < C; c++) p[c] = next[p[c]];
    }
#pragma unroll
    for (int c = 0; c < C; c++) out[t * C + c] = p[c];
}

template <int C>
static void chaseOne(const char *where, const std::vector<int> &next, const int *dnext, int *dstart, int *dout,
                     int sms, double clockHz, int warps) {
    const int threads = warps >= 8 ? 256 : 32 * warps, blocks = sms * (32 * warps / threads), nt = blocks * threads;
    const int rounds = 256, m = (int)next.size();
    std::vector<int> start(nt * C);
    for (auto &s : start) s = next32() % m;
    CK(cudaMemcpy(dstart, start.data(), start.size() * sizeof(int), cudaMemcpyHostToDevice));
    gchase<C><<<blocks, threads>>>(dnext, dstart, dout, rounds);
    CK(cudaGetLastError());
    std::vector<int> got(nt * C);
    CK(cudaMemcpy(got.data(), dout, got.size() * sizeof(int), cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < got.size(); i += 101) {
        int p = start[i];
        for (int r = 0; r < rounds; r++) p = next[p];
        if (got[i] != p) fail("chase");
    }
    double ms = median_ms([&] { gchase<C><<<blocks, threads>>>(dnext, dstart, dout, rounds); });
    double perStep = ms * 1e-3 * clockHz / rounds;
    char name[112];
    snprintf(name, sizeof name, "chase %s, %d warps an SM, %d chains a thread: cycles a step", where, warps, C);
    row(name, perStep, "cycles", "a dependent load's latency with C loads in flight a warp");
    snprintf(name, sizeof name, "chase %s, %d warps an SM, %d chains a thread: loads a cycle", where, warps, C);
    row(name, warps * C / perStep, "warp loads/cycle/SM", "loads in flight (memory-level parallelism) against occupancy");
}

static void chase(int sms, double clockHz) {
    int *dnext, *dstart, *dout;
    const int maxThreads = sms * 2048;
    CK(cudaMalloc(&dstart, maxThreads * 8 * sizeof(int)));
    CK(cudaMalloc(&dout, maxThreads * 8 * sizeof(int)));
    // 4 MiB (L2-resident, beyond L1) and 256 MiB (DRAM).
    for (int m : {1 << 20, 1 << 26}) {
        // One random cycle (Sattolo's algorithm).
        std::vector<int> perm(m), next(m);
        std::iota(perm.begin(), perm.end(), 0);
        for (int i = m - 1; i > 0; i--) std::swap(perm[i], perm[next32() % i]);
        for (int i = 0; i < m; i++) next[perm[i]] = perm[(i + 1) % m];
        CK(cudaMalloc(&dnext, (size_t)m * sizeof(int)));
        CK(cudaMemcpy(dnext, next.data(), (size_t)m * sizeof(int), cudaMemcpyHostToDevice));
        const char *where = m == (1 << 20) ? "in 4 MiB (L2)" : "in 256 MiB (DRAM)";
        for (int w : {1, 4, 16, 64}) {
            chaseOne<1>(where, next, dnext, dstart, dout, sms, clockHz, w);
            chaseOne<2>(where, next, dnext, dstart, dout, sms, clockHz, w);
            chaseOne<4>(where, next, dnext, dstart, dout, sms, clockHz, w);
            chaseOne<8>(where, next, dnext, dstart, dout, sms, clockHz, w);
        }
        CK(cudaFree(dnext));
    }
    CK(cudaFree(dstart)); CK(cudaFree(dout));
}

// A loop whose next address does not depend on the loaded value, but
// whose exit does (a linear probe): the GPU does not speculate past the
// branch, so each iteration waits its load as a chase does. Beside it the
// same loads summed in a counted loop (ptxas unrolls it; loads overlap).
// a[] has no zero: the probe runs all rounds.
__global__ void probe_exit(const int *a, int *out, int mask, int rounds) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned k = (unsigned)t * 2654435761u;
    int r = 0;
    for (; r < rounds; r++)
        if (a[(k + r * 33u) & mask] == 0) break;
    out[t] = r;
}

__global__ void probe_sum(const int *a, int *out, int mask, int rounds) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned k = (unsigned)t * 2654435761u;
    int s = 0;
    for (int r = 0; r < rounds; r++) s += a[(k + r * 33u) & mask];
    out[t] = s;
}

static void probe(int sms, double clockHz) {
    const int m = 1 << 20, rounds = 512;
    std::vector<int> h(m);
    for (auto &x : h) x = (int)(next32() % 1000) + 1;
    int *a, *out;
    CK(cudaMalloc(&a, m * sizeof(int)));
    CK(cudaMalloc(&out, sms * 2048 * sizeof(int)));
    CK(cudaMemcpy(a, h.data(), m * sizeof(int), cudaMemcpyHostToDevice));
    for (int w : {1, 8}) {
        const int threads = 32 * w, n = sms * threads;
        std::vector<int> got(n);
        probe_exit<<<sms, threads>>>(a, out, m - 1, rounds);
        CK(cudaGetLastError());
        CK(cudaMemcpy(got.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost));
        for (int t = 0; t < n; t++)
            if (got[t] != rounds) fail("probe exit");
        double ms = median_ms([&] { probe_exit<<<sms, threads>>>(a, out, m - 1, rounds); });
        char name[112];
        snprintf(name, sizeof name, "probe in 4 MiB, exit on the loaded value, %d warps an SM: cycles a load", w);
        row(name, ms * 1e-3 * clockHz / rounds, "cycles", "a loop whose branch waits its load (no speculation)");
        probe_sum<<<sms, threads>>>(a, out, m - 1, rounds);
        CK(cudaGetLastError());
        CK(cudaMemcpy(got.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost));
        for (int t = 0; t < n; t += 3) {
            unsigned k = (unsigned)t * 2654435761u;
            int s = 0;
            for (int r = 0; r < rounds; r++) s += h[(k + r * 33u) & (m - 1)];
            if (got[t] != s) fail("probe sum");
        }
        ms = median_ms([&] { probe_sum<<<sms, threads>>>(a, out, m - 1, rounds); });
        snprintf(name, sizeof name, "probe in 4 MiB, loads summed, %d warps an SM: cycles a load", w);
        row(name, ms * 1e-3 * clockHz / rounds, "cycles", "the same loads, independent (counted loop)");
    }
    CK(cudaFree(a)); CK(cudaFree(out));
}

// A walk whose exit tests its load, as probe_exit, but each lane walking
// its own row sequentially, stride words a step (a merge, a linear probe,
// an adjacency list): a step whose sectors the walk read the step before
// is an L1 hit, one that enters a new sector waits for L2. Lanes' rows
// start 32-byte aligned (all lanes enter a new sector on the same step:
// one step in 8/stride misses) or skewed by lane % 8 words (some lane
// enters one nearly every step: the request waits for its slowest lane).
// Rows of 1032 words, 4224 of them (17 MB): in L2, beyond L1. a[] has no
// zero: every walk runs all rounds.
__global__ void walk_exit(const int *a, int *out, int stride, int skew, int rounds, int words) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    const int *p = a + (size_t)t * words + (threadIdx.x & 7) * skew;
    int r = 0;
    for (; r < rounds; r++)
        if (p[r * stride] == 0) break;
    out[t] = r;
}

static void walk(int sms, double clockHz) {
    const int rounds = 128, words = rounds * 8 + 8, threads = 32, n = sms * threads;
    std::vector<int> h((size_t)n * words);
    for (auto &x : h) x = (int)(next32() % 1000) + 1;
    int *a, *out;
    CK(cudaMalloc(&a, h.size() * sizeof(int)));
    CK(cudaMalloc(&out, n * sizeof(int)));
    CK(cudaMemcpy(a, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
    std::vector<int> got(n);
    for (int skew : {0, 1})
        for (int stride : {0, 1, 2, 4, 8}) {
            walk_exit<<<sms, threads>>>(a, out, stride, skew, rounds, words);
            CK(cudaGetLastError());
            CK(cudaMemcpy(got.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost));
            for (int t = 0; t < n; t++)
                if (got[t] != rounds) fail("walk");
            double ms = median_ms([&] { walk_exit<<<sms, threads>>>(a, out, stride, skew, rounds, words); });
            char name[112];
            snprintf(name, sizeof name, "walk in L2, stride %d words, lanes %s, 1 warp an SM: cycles a load", stride,
                     skew ? "skewed" : "aligned");
            row(name, ms * 1e-3 * clockHz / rounds, "cycles", "a sequential walk whose branch waits its load: L1 hits and L2 misses");
        }
    CK(cudaFree(a)); CK(cudaFree(out));
}

// ---- a spin-wait hand-off from block to block -----------------------------------

// Block b's thread 0 waits until block b-1 has published epoch, then
// publishes it: a decoupled look-back's wait, one predecessor deep. The
// blocks start in index order, so a predecessor is running or done.
__global__ void handoff_volatile(volatile unsigned *flags, unsigned *out, unsigned epoch) {
    int b = blockIdx.x;
    if (threadIdx.x != 0) return;
    if (b > 0)
        while (flags[b - 1] != epoch) {
        }
    out[b] = out[b] + 1;
    __threadfence();
    flags[b] = epoch;
}

__global__ void handoff_atomic(unsigned *flags, unsigned *out, unsigned epoch) {
    int b = blockIdx.x;
    if (threadIdx.x != 0) return;
    if (b > 0)
        while (atomicAdd(&flags[b - 1], 0) != epoch) {
        }
    out[b] = out[b] + 1;
    __threadfence();
    atomicExch(&flags[b], epoch);
}

static void handoff(double clockHz) {
    const int blocks = 8192;
    unsigned *flags, *out;
    CK(cudaMalloc(&flags, blocks * sizeof(unsigned)));
    CK(cudaMalloc(&out, blocks * sizeof(unsigned)));
    for (int kind : {0, 1}) {
        CK(cudaMemset(flags, 0, blocks * sizeof(unsigned)));
        CK(cudaMemset(out, 0, blocks * sizeof(unsigned)));
        unsigned epoch = 0;
        auto go = [&] {
            epoch++;
            if (kind == 0) handoff_volatile<<<blocks, 32>>>(flags, out, epoch);
            else handoff_atomic<<<blocks, 32>>>(flags, out, epoch);
        };
        go();
        CK(cudaGetLastError());
        CK(cudaDeviceSynchronize());
        double ms = median_ms(go);
        std::vector<unsigned> gf(blocks), go_(blocks);
        CK(cudaMemcpy(gf.data(), flags, blocks * sizeof(unsigned), cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(go_.data(), out, blocks * sizeof(unsigned), cudaMemcpyDeviceToHost));
        for (int b = 0; b < blocks; b++)
            if (gf[b] != epoch || go_[b] != epoch) fail("hand-off");
        row(kind == 0 ? "spin hand-off, volatile poll: cycles a block" : "spin hand-off, atomicAdd(0) poll: cycles a block",
            ms * 1e-3 * clockHz / blocks, "cycles", "a block waiting on its predecessor's flag (serial chain of blocks)");
    }
    CK(cudaFree(flags)); CK(cudaFree(out));
}

int main(int argc, char **argv) {
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, 0));
    int clockKHz = 0;
    CK(cudaDeviceGetAttribute(&clockKHz, cudaDevAttrClockRate, 0));
    printf("# %s, %d SMs, %.0f MHz\n", p.name, p.multiProcessorCount, clockKHz / 1e3);
    const int sms = p.multiProcessorCount;
    const double hz = clockKHz * 1e3;
    const char *only = argc > 1 ? argv[1] : "";
    auto on = [&](const char *s) { return !*only || strstr(only, s) != nullptr; };
    if (on("constant")) constant(sms, hz);
    if (on("local")) local(sms, hz);
    if (on("cas")) cas();
    if (on("atomics")) atomics();
    if (on("chase")) chase(sms, hz);
    if (on("probe")) probe(sms, hz);
    if (on("walk")) walk(sms, hz);
    if (on("handoff")) handoff(hz);
    return 0;
}
