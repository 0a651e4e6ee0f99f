// l1lines: what an L1-resident global load request costs as a function of
// the 128-byte lines and the 32-byte sectors its 32 lanes touch, the
// mechanism behind the time model's L1 term (docs/timemodel.md; issue 32:
// the model charges a scattered request a cycle a sector, consttable's
// divergent reads of a 1 KB table run 2.4-5.6x faster than that).
//
// A pattern gives each lane a byte offset in a 4 KB region: `lines` lines
// (1..32), `sectors` sectors in each of them (1, 2 or 4), the lanes of a
// line spread over its sectors, and lanes of a sector on consecutive
// width-byte words (wrapping, so some lanes share a word when the sector
// has more lanes than words). Lane l is in line l / (32/lines), except in
// `interleaved`. Placements of the lines:
//   same   : every line uses the same sectors and words (lane groups of
//            different lines hit the same L1 data banks)
//   spread : line i rotates its sectors by i and its words by i/4 (the
//            lanes of different lines on different banks where possible)
//   interleaved : as same, lane l in line l % lines (each quarter of the
//            warp spans every line)
//   random : each lane a random width-aligned word of a 1 KB (8 lines) or
//            4 KB (32 lines) table, the same draw for every width
//            (consttable's "global, divergent index"); lines and sectors
//            are what the draw touches.
// The buffer holds 8 copies of the region (32 KB, L1-resident: the
// kernels ask for the largest L1 carveout); load u of an unrolled step
// reads copy u, so the 8 loads of a step are independent requests.
//
// Kernels:
//   tput : warps (16 or 32 an SM, a grid of a block an SM) loop K steps
//          of 8 loads (ld.global: LDG.E, as C++ loads; width 4, 8 or 16
//          bytes), a step's addresses depending on the last step's loads
//          (or ptxas hoists the loads out of the loop); thread 0 reads
//          clock64 between barriers around the loop. Output: cycles a
//          request and requests a cycle an SM (an SM's requests over its
//          span; median over SMs, median of 5 launches after a warm-up).
//   lat    one warp chases its lanes' pattern through the 8 copies (each
//          word holds the byte offset of the lane's word in the next copy):
//          cycles a dependent request, median of 5 launches.
// Every thread's sum (tput) and every lane's final offset (lat) is checked
// against the host's copy of the buffer.
// Output: TSV: kernel, width, mode, lines, sectors (distinct, a request),
// lanes_per_word (most lanes on one word), bank_ways (most distinct 4-byte
// words on one of 32 banks, the word's address / 4 mod 32), wavefronts
// (shared memory's rule: bank ways per phase of 128 bytes of lanes' data,
// summed over the phases: cudalib/vgpu's sharedWavefronts), warps_per_sm,
// cycles_per_request, requests_per_cycle_per_sm (empty for lat).
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <algorithm>
#include <set>
#include <map>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); exit(1); } } while (0)

constexpr int REGION = 4096, COPIES = 8, WORDS = REGION * COPIES / 4;
constexpr int K = 1024; // steps of the tput loop (8 requests each)
constexpr int CHASE = 4096; // dependent requests of the lat kernel

struct Pattern {
    unsigned off[32]; // byte offset of each lane in a region
};

// load returns the sum of the W/4 words at p, read through L1.
template <int W>
__device__ __forceinline__ unsigned load(const unsigned *p) {
    unsigned a, b, c, d;
    if (W == 4) {
        asm volatile("ld.global.u32 %0, [%1];" : "=r"(a) : "l"(p));
        return a;
    } else if (W == 8) {
        asm volatile("ld.global.v2.u32 {%0, %1}, [%2];" : "=r"(a), "=r"(b) : "l"(p));
        return a + b;
    } else {
        asm volatile("ld.global.v4.u32 {%0, %1, %2, %3}, [%4];"
                     : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "l"(p));
        return a + b + c + d;
    }
}

// first returns the first word of the W-byte load at p (the chase's link).
template <int W>
__device__ __forceinline__ unsigned first(const unsigned *p) {
    unsigned a, b, c, d;
    if (W == 4) {
        asm volatile("ld.global.u32 %0, [%1];" : "=r"(a) : "l"(p));
    } else if (W == 8) {
        asm volatile("ld.global.v2.u32 {%0, %1}, [%2];" : "=r"(a), "=r"(b) : "l"(p));
    } else {
        asm volatile("ld.global.v4.u32 {%0, %1, %2, %3}, [%4];"
                     : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "l"(p));
    }
    return a;
}

template <int W>
__global__ void tput(const unsigned *buf, Pattern pat, unsigned zero, unsigned *sums, long long *cycles) {
    const unsigned *p = buf + pat.off[threadIdx.x & 31] / 4;
    unsigned s = 0;
    __syncthreads();
    long long t0 = clock64();
    for (int k = 0; k < K; k++) {
        // zero is 0, which the compiler cannot know: each step's addresses
        // depend on the last step's loads, so ptxas cannot hoist the loads
        // out of the loop (it did when they were loop-invariant).
        const unsigned *q = p + (s & zero);
        unsigned v[COPIES];
#pragma unroll
        for (int u = 0; u < COPIES; u++) v[u] = load<W>(q + u * (REGION / 4));
#pragma unroll
        for (int u = 0; u < COPIES; u++) s += v[u];
    }
    __syncthreads();
    long long t1 = clock64();
    sums[blockIdx.x * blockDim.x + threadIdx.x] = s;
    if (threadIdx.x == 0) {
        unsigned smid;
        asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
        cycles[3 * blockIdx.x] = t0;
        cycles[3 * blockIdx.x + 1] = t1;
        cycles[3 * blockIdx.x + 2] = smid;
    }
}

template <int W>
__global__ void lat(const unsigned *buf, Pattern pat, unsigned *last, long long *cycles) {
    unsigned o = pat.off[threadIdx.x & 31];
    o = first<W>(buf + o / 4); // warms the line, and o now names copy 1
    __syncwarp();
    long long t0 = clock64();
    for (int k = 0; k < CHASE; k++) o = first<W>(buf + o / 4);
    __syncwarp();
    long long t1 = clock64();
    last[threadIdx.x] = o;
    if (threadIdx.x == 0) cycles[0] = t1 - t0;
}

// Host side ---------------------------------------------------------------

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static unsigned next() {
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return (unsigned)(rng >> 32);
}

struct Case {
    const char *mode;
    int lines, sectors, lanesPerWord; // what the pattern touches, counted
    int bankWays;   // most distinct words on one of L1's 32 4-byte banks
    int wavefronts; // shared memory's rule: a phase's bank ways, summed
    Pattern pat;
};

// count fills the case's lines, sectors, lanes a word, bank ways and
// wavefronts from
// its offsets (a lane reads width bytes from its offset).
static void count(Case &c, int width) {
    std::set<unsigned> ln, sc, banks[32];
    std::map<unsigned, int> words;
    for (int l = 0; l < 32; l++) {
        ln.insert(c.pat.off[l] / 128);
        sc.insert(c.pat.off[l] / 32);
        words[c.pat.off[l] / width]++;
        for (int b = 0; b < width; b += 4) banks[(c.pat.off[l] + b) / 4 % 32].insert(c.pat.off[l] + b);
    }
    c.bankWays = 0;
    for (auto &b : banks) c.bankWays = std::max(c.bankWays, (int)b.size());
    // Shared memory's phases: the lanes whose data fill 128 bytes (the
    // warp for 4-byte loads, half-warps for 8, quarter-warps for 16).
    const int perPhase = 128 / width;
    c.wavefronts = 0;
    for (int ph = 0; ph < 32; ph += perPhase) {
        std::set<unsigned> pb[32];
        for (int l = ph; l < ph + perPhase; l++)
            for (int b = 0; b < width; b += 4) pb[(c.pat.off[l] + b) / 4 % 32].insert(c.pat.off[l] + b);
        int most = 0;
        for (auto &b : pb) most = std::max(most, (int)b.size());
        c.wavefronts += most;
    }
    c.lines = ln.size();
    c.sectors = sc.size();
    c.lanesPerWord = 0;
    for (auto &w : words) c.lanesPerWord = std::max(c.lanesPerWord, w.second);
}

// structured returns the lines×sectors pattern of width-byte loads; spread
// and interleaved place the lines as the top of the file says.
enum Placement { SAME, SPREAD, INTERLEAVED };

static Case structured(int width, int lines, int sectors, Placement pl) {
    Case c;
    const char *names[] = {"same", "spread", "interleaved"};
    c.mode = names[pl];
    const bool spread = pl == SPREAD;
    const int n = 32 / lines, wordsPerSector = 32 / width;
    for (int l = 0; l < 32; l++) {
        const int li = pl == INTERLEAVED ? l % lines : l / n, j = pl == INTERLEAVED ? l / lines : l % n;
        int sec = j % sectors, q = j / sectors;
        int rot = 0;
        if (spread) {
            sec = (sec + li) % 4;
            rot = li / 4;
        }
        const int word = (q + rot) % wordsPerSector;
        c.pat.off[l] = li * 128 + sec * 32 + word * width;
    }
    count(c, width);
    return c;
}

// random returns each lane a random width-aligned word of a table of
// tableLines lines (drawn once for all widths).
static Case randomCase(int width, int tableLines, const unsigned *draw) {
    Case c;
    c.mode = tableLines == 8 ? "random1KB" : "random4KB";
    for (int l = 0; l < 32; l++) {
        unsigned b = draw[l] % (tableLines * 128);
        c.pat.off[l] = b / width * width;
    }
    count(c, width);
    return c;
}

// fill writes the host buffer: noise, then each lane's chase link in every
// copy (the lane's offset in the next copy).
static void fill(std::vector<unsigned> &h, const Case &c) {
    for (int i = 0; i < WORDS; i++) h[i] = next() & 0xffff;
    for (int u = 0; u < COPIES; u++)
        for (int l = 0; l < 32; l++)
            h[(u * REGION + c.pat.off[l]) / 4] = ((u + 1) % COPIES) * REGION + c.pat.off[l];
}

static double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

static void fail(const char *what, const Case &c, int width) {
    fprintf(stderr, "check failed: %s, width %d, %s, %d lines, %d sectors\n", what, width, c.mode,
            c.lines, c.sectors);
    exit(1);
}

struct Dev {
    unsigned *buf, *sums, *last;
    long long *cycles;
    int sms;
};

template <int W>
static void runCase(const Dev &d, const Case &c) {
    std::vector<unsigned> h(WORDS);
    fill(h, c);
    CHECK(cudaMemcpy(d.buf, h.data(), WORDS * 4, cudaMemcpyHostToDevice));
    unsigned want[32];
    for (int l = 0; l < 32; l++) {
        unsigned s = 0;
        for (int u = 0; u < COPIES; u++)
            for (int w = 0; w < W / 4; w++) s += h[(u * REGION + c.pat.off[l]) / 4 + w];
        want[l] = s * K;
    }
    for (int warps : {16, 32}) {
        const int threads = 32 * warps, blocks = d.sms;
        std::vector<double> runs;
        std::vector<unsigned> got(blocks * threads);
        std::vector<long long> cyc(3 * blocks);
        for (int rep = -1; rep < 5; rep++) {
            tput<W><<<blocks, threads>>>(d.buf, c.pat, 0, d.sums, d.cycles);
            CHECK(cudaGetLastError());
            CHECK(cudaDeviceSynchronize());
            CHECK(cudaMemcpy(got.data(), d.sums, got.size() * 4, cudaMemcpyDeviceToHost));
            for (int t = 0; t < blocks * threads; t++)
                if (got[t] != want[t % 32]) fail("tput sum", c, W);
            if (rep < 0) continue;
            CHECK(cudaMemcpy(cyc.data(), d.cycles, cyc.size() * 8, cudaMemcpyDeviceToHost));
            // An SM's rate: its blocks' requests over the span from the
            // first start to the last end (clock64 counts per SM; the
            // scheduler usually gives each SM one block of the grid).
            std::map<long long, std::vector<long long>> sm; // smid: first t0, last t1, blocks
            for (int b = 0; b < blocks; b++) {
                auto &v = sm[cyc[3 * b + 2]];
                if (v.empty()) v = {cyc[3 * b], cyc[3 * b + 1], 0};
                v[0] = std::min(v[0], cyc[3 * b]);
                v[1] = std::max(v[1], cyc[3 * b + 1]);
                v[2]++;
            }
            std::vector<double> per;
            for (auto &e : sm)
                per.push_back((double)(e.second[1] - e.second[0]) / ((double)e.second[2] * warps * K * COPIES));
            runs.push_back(median(per));
        }
        const double cpr = median(runs);
        printf("tput\t%d\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%.3f\t%.4f\n", W, c.mode, c.lines, c.sectors,
               c.lanesPerWord, c.bankWays, c.wavefronts, warps, cpr, 1.0 / cpr);
    }
    std::vector<double> runs;
    for (int rep = -1; rep < 5; rep++) {
        lat<W><<<1, 32>>>(d.buf, c.pat, d.last, d.cycles);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        unsigned got[32];
        CHECK(cudaMemcpy(got, d.last, sizeof got, cudaMemcpyDeviceToHost));
        // CHASE+1 links from copy 0 end in copy (CHASE+1) % COPIES.
        for (int l = 0; l < 32; l++)
            if (got[l] != ((CHASE + 1) % COPIES) * REGION + c.pat.off[l]) fail("lat chase", c, W);
        if (rep < 0) continue;
        long long cy;
        CHECK(cudaMemcpy(&cy, d.cycles, 8, cudaMemcpyDeviceToHost));
        runs.push_back((double)cy / CHASE);
    }
    printf("lat\t%d\t%s\t%d\t%d\t%d\t%d\t%d\t1\t%.2f\t\n", W, c.mode, c.lines, c.sectors,
           c.lanesPerWord, c.bankWays, c.wavefronts, median(runs));
}

template <int W>
static void runWidth(const Dev &d, const unsigned *draw) {
    CHECK(cudaFuncSetAttribute(tput<W>, cudaFuncAttributePreferredSharedMemoryCarveout, 0));
    CHECK(cudaFuncSetAttribute(lat<W>, cudaFuncAttributePreferredSharedMemoryCarveout, 0));
    for (int lines : {1, 2, 4, 8, 16, 32})
        for (int sectors : {1, 2, 4}) {
            if (lines * sectors > 32) continue;
            for (Placement pl : {SAME, SPREAD, INTERLEAVED}) {
                if (pl != SAME && lines == 1) continue; // one line: nothing to move
                runCase<W>(d, structured(W, lines, sectors, pl));
            }
        }
    runCase<W>(d, randomCase(W, 8, draw));
    runCase<W>(d, randomCase(W, 32, draw));
}

int main() {
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    Dev d;
    d.sms = p.multiProcessorCount;
    printf("# %s, %d SMs; requests of 32 lanes, L1-resident (32 KB), %d steps of %d loads\n", p.name,
           d.sms, K, COPIES);
    printf("kernel\twidth\tmode\tlines\tsectors\tlanes_per_word\tbank_ways\twavefronts\t"
           "warps_per_sm\tcycles_per_request\trequests_per_cycle_per_sm\n");
    CHECK(cudaMalloc(&d.buf, WORDS * 4));
    CHECK(cudaMalloc(&d.sums, d.sms * 1024 * 4));
    CHECK(cudaMalloc(&d.last, 32 * 4));
    CHECK(cudaMalloc(&d.cycles, 3 * d.sms * 8));
    unsigned draw[32];
    for (int l = 0; l < 32; l++) draw[l] = next();
    runWidth<4>(d, draw);
    runWidth<8>(d, draw);
    runWidth<16>(d, draw);
    CHECK(cudaFree(d.buf));
    CHECK(cudaFree(d.sums));
    CHECK(cudaFree(d.last));
    CHECK(cudaFree(d.cycles));
    return 0;
}
