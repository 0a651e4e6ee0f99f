// pipes: how many warp-instructions of each kind an SM issues a cycle when
// many warps have independent work, the mechanism behind the time model's
// issue term (docs/timemodel.md). The model takes four a cycle an SM (one
// a scheduler) for anything but the FP64, SFU and shuffle pipes; an SM
// sub-partition's integer ALU and its FMA pipe's heavy half (IMAD) may be
// narrower than its issue. Each kernel loops K times over C independent
// chains a thread, one PTX instruction a chain a step written as inline
// asm (so NVVM cannot fold the loop); ncu counts the SASS the GPU issued
// and on which pipe (pipes.sh), this program the cycles: thread 0 of each
// block reads the SM's clock64 around the loop, an SM's figure is its span
// from its first block's start to its last block's end (smspan.cuh), the
// median over SMs of the median of 5 launches after a warm-up. The first
// 8 warps' final values are checked against the host's.
//   op: the PTX instruction of a step (two ops: even chains the first, odd
//       chains the second)
//   warps_per_sm: resident warps an SM (blocks of 256, 4 or 8 an SM)
// Output: TSV: op, warps_per_sm, cycles_per_iter (an SM's span / K),
// ops_per_sm_per_cycle (PTX steps an SM completes a cycle: its warps × C
// × K / its span).
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <cmath>
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>
#include "smspan.cuh"

constexpr int K = 2048;
constexpr int C = 8;
constexpr int T = 256;

enum Op { FFMA, FADD, FMUL, FMIN, IADD, XOR, ROT, IMAD, MULHI, IMIN, WIDE, I2F, POPC };

// step applies op to v (a float's or an unsigned's bits) with the
// constants k (an unsigned) and f (a float).
template <int OP>
__device__ __forceinline__ unsigned step(unsigned v, unsigned k, float f) {
    float x = __uint_as_float(v);
    switch (OP) {
    case FFMA: asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(x) : "f"(f), "f"(0.25f)); return __float_as_uint(x);
    case FADD: asm volatile("add.f32 %0, %0, %1;" : "+f"(x) : "f"(f)); return __float_as_uint(x);
    case FMUL: asm volatile("mul.f32 %0, %0, %1;" : "+f"(x) : "f"(f)); return __float_as_uint(x);
    case FMIN: asm volatile("min.f32 %0, %0, %1;" : "+f"(x) : "f"(f)); return __float_as_uint(x);
    case IADD: asm volatile("add.u32 %0, %0, %1;" : "+r"(v) : "r"(k)); return v;
    case XOR: asm volatile("xor.b32 %0, %0, %1;" : "+r"(v) : "r"(k)); return v;
    case ROT: asm volatile("shf.l.wrap.b32 %0, %0, %0, 7;" : "+r"(v)); return v;
    case IMAD: asm volatile("mad.lo.u32 %0, %0, %1, 12345;" : "+r"(v) : "r"(k)); return v;
    case MULHI: asm volatile("mul.hi.u32 %0, %0, %1;" : "+r"(v) : "r"(k | 0x80000000u)); return v;
    case IMIN: asm volatile("min.u32 %0, %0, %1;" : "+r"(v) : "r"(k)); return v;
    case WIDE:
        asm volatile("{ .reg .u64 t; .reg .u32 lo, hi; mad.wide.u32 t, %0, %1, 7; mov.b64 {lo, hi}, t; xor.b32 %0, lo, hi; }"
                     : "+r"(v) : "r"(k));
        return v;
    case I2F: asm volatile("cvt.rn.f32.s32 %0, %1;" : "=f"(x) : "r"(v)); return __float_as_uint(x);
    case POPC: asm volatile("popc.b32 %0, %0;" : "+r"(v)); return v;
    }
    return v;
}

// hostStep is step on the host.
static unsigned hostStep(int op, unsigned v, unsigned k, float f) {
    float x;
    memcpy(&x, &v, 4);
    switch (op) {
    case FFMA: x = fmaf(x, f, 0.25f); break;
    case FADD: x = x + f; break;
    case FMUL: x = x * f; break;
    case FMIN: x = fminf(x, f); break;
    case IADD: return v + k;
    case XOR: return v ^ k;
    case ROT: return v << 7 | v >> 25;
    case IMAD: return v * k + 12345u;
    case MULHI: return (unsigned)(((uint64_t)v * (k | 0x80000000u)) >> 32);
    case IMIN: return v < k ? v : k;
    case WIDE: {
        const uint64_t t = (uint64_t)v * k + 7;
        return (unsigned)t ^ (unsigned)(t >> 32);
    }
    case I2F: x = (float)(int32_t)v; break;
    case POPC: return (unsigned)__builtin_popcount(v);
    }
    memcpy(&v, &x, 4);
    return v;
}

// A and B are the ops of even and odd chains.
template <int A, int B>
__global__ void __launch_bounds__(T) loop(const unsigned *in, unsigned *out, long long *cycles, unsigned k, float f) {
    const unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned v[C];
#pragma unroll
    for (int c = 0; c < C; c++) v[c] = in[gid * C + c];
    __syncthreads();
    long long t0 = clock64();
    for (int i = 0; i < K; i++) {
        // A step's constant changes each iteration: ptxas would fold
        // repeated xors or mins by one constant.
        const unsigned ki = k + i;
#pragma unroll
        for (int c = 0; c < C; c++) v[c] = c % 2 == 0 ? step<A>(v[c], ki, f) : step<B>(v[c], ki, f);
    }
    long long t1 = clock64();
    __syncthreads();
    recordSpan(cycles, t0, t1);
#pragma unroll
    for (int c = 0; c < C; c++) out[gid * C + c] = v[c];
}

// 64-bit chains: a wide multiply-add into the chain (IMAD.WIDE.U32 with
// a 64-bit addend), a 64-bit multiply, a 64-bit add.
enum Op64 { WIDE64, MUL64, ADD64 };

template <int OP>
__device__ __forceinline__ unsigned long long step64(unsigned long long v, unsigned k) {
    switch (OP) {
    case WIDE64: asm volatile("{ .reg .u32 lo, hi; mov.b64 {lo, hi}, %0; mad.wide.u32 %0, lo, %1, %0; }" : "+l"(v) : "r"(k)); return v;
    case MUL64: asm volatile("mul.lo.u64 %0, %0, %1;" : "+l"(v) : "l"((unsigned long long)k << 32 | k | 1)); return v;
    case ADD64: asm volatile("add.u64 %0, %0, %1;" : "+l"(v) : "l"((unsigned long long)k << 32 | k)); return v;
    }
    return v;
}

static unsigned long long hostStep64(int op, unsigned long long v, unsigned k) {
    const unsigned long long kk = (unsigned long long)k << 32 | k;
    switch (op) {
    case WIDE64: return (unsigned long long)(unsigned)v * k + v;
    case MUL64: return v * (kk | 1);
    case ADD64: return v + kk;
    }
    return v;
}

template <int OP>
__global__ void __launch_bounds__(T) loop64(const unsigned long long *in, unsigned long long *out, long long *cycles, unsigned k) {
    const unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long v[C];
#pragma unroll
    for (int c = 0; c < C; c++) v[c] = in[gid * C + c];
    __syncthreads();
    long long t0 = clock64();
    for (int i = 0; i < K; i++) {
        const unsigned ki = k + i;
#pragma unroll
        for (int c = 0; c < C; c++) v[c] = step64<OP>(v[c], ki);
    }
    long long t1 = clock64();
    __syncthreads();
    recordSpan(cycles, t0, t1);
#pragma unroll
    for (int c = 0; c < C; c++) out[gid * C + c] = v[c];
}

struct Bufs {
    unsigned *in, *out;
    long long *cycles;
};

// inputs are random bits for the integer ops, floats in [1, 2) for the
// float ones, which stay normal (fConst).
static std::vector<unsigned> inputs(size_t n, int a, int b) {
    std::vector<unsigned> h(n);
    uint64_t s = 0x9E3779B97F4A7C15ull ^ (uint64_t)(a * 31 + b);
    for (size_t i = 0; i < n; i++) {
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        const int op = i % 2 == 0 ? a : b;
        h[i] = op <= FMIN ? 0x3f800000u + (unsigned)(s & 0x7fffff) : (unsigned)s;
    }
    return h;
}

static const unsigned kConst = 0x9E3779B9u;

// fConst is f for an op: FFMA's x·0.5 + 0.25 tends to 0.5, FMUL's
// x·1.0001 grows 1.23× in K steps, FADD's 1e-7 is under an ulp's worth.
static float fConst(int op) { return op == FADD ? 1e-7f : op == FMIN ? 1.5f : op == FMUL ? 1.0001f : 0.5f; }

template <int A, int B>
static void run(const char *name, int sms, int perSM, const Bufs &d, bool once, bool &ok) {
    const int blocks = sms * perSM;
    const size_t n = (size_t)blocks * T * C;
    std::vector<unsigned> h = inputs(n, A, B);
    CHECK(cudaMemcpy(d.in, h.data(), n * 4, cudaMemcpyHostToDevice));
    // A pair's second op is an integer one, which takes no f.
    const float f = fConst(A);
    double cyc = medianSpan([&] { loop<A, B><<<blocks, T>>>(d.in, d.out, d.cycles, kConst, f); }, d.cycles, blocks, K, once);
    // The first 8 warps are checked (threads do not exchange values).
    const size_t checked = std::min(n, (size_t)T * C);
    std::vector<unsigned> got(checked);
    CHECK(cudaMemcpy(got.data(), d.out, checked * 4, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < checked; i++) {
        unsigned v = h[i];
        const int op = (i % C) % 2 == 0 ? A : B;
        for (int s = 0; s < K; s++) v = hostStep(op, v, kConst + s, f);
        if (v != got[i]) {
            fprintf(stderr, "%s: value %zu: got %08x, want %08x\n", name, i, got[i], v);
            ok = false;
            break;
        }
    }
    const int warps = perSM * T / 32;
    printf("%s\t%d\t%.1f\t%.3f\n", name, warps, cyc, warps * C / cyc);
}

template <int OP>
static void run64(const char *name, int sms, int perSM, const Bufs &d, bool once, bool &ok) {
    const int blocks = sms * perSM;
    const size_t n = (size_t)blocks * T * C;
    std::vector<unsigned long long> h(n);
    uint64_t s = 0x243F6A8885A308D3ull ^ (uint64_t)OP;
    for (auto &x : h) {
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        x = s;
    }
    auto *in = (unsigned long long *)d.in, *out = (unsigned long long *)d.out;
    CHECK(cudaMemcpy(in, h.data(), n * 8, cudaMemcpyHostToDevice));
    double cyc = medianSpan([&] { loop64<OP><<<blocks, T>>>(in, out, d.cycles, kConst); }, d.cycles, blocks, K, once);
    const size_t checked = std::min(n, (size_t)T * C);
    std::vector<unsigned long long> got(checked);
    CHECK(cudaMemcpy(got.data(), out, checked * 8, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < checked; i++) {
        unsigned long long v = h[i];
        for (int st = 0; st < K; st++) v = hostStep64(OP, v, kConst + st);
        if (v != got[i]) {
            fprintf(stderr, "%s: value %zu: got %016llx, want %016llx\n", name, i, got[i], v);
            ok = false;
            break;
        }
    }
    const int warps = perSM * T / 32;
    printf("%s\t%d\t%.1f\t%.3f\n", name, warps, cyc, warps * C / cyc);
}

template <int A, int B>
static void both(const char *name, int sms, const Bufs &d, bool once, bool &ok) {
    run<A, B>(name, sms, 4, d, once, ok);
    if (!once) run<A, B>(name, sms, 8, d, once, ok);
}

int main(int argc, char **argv) {
    const bool once = argc > 1 && strcmp(argv[1], "once") == 0;
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    const int sms = p.multiProcessorCount;
    printf("# %s, %d SMs\n", p.name, sms);
    printf("op\twarps_per_sm\tcycles_per_iter\tops_per_sm_per_cycle\n");
    Bufs d;
    const size_t most = (size_t)sms * 8 * T * C * 2; // 64-bit chains too
    CHECK(cudaMalloc(&d.in, most * 4));
    CHECK(cudaMalloc(&d.out, most * 4));
    CHECK(cudaMalloc(&d.cycles, 3 * sms * 8 * sizeof(long long)));
    bool ok = true;
    both<FFMA, FFMA>("ffma", sms, d, once, ok);
    both<FADD, FADD>("fadd", sms, d, once, ok);
    both<FMUL, FMUL>("fmul", sms, d, once, ok);
    both<FMIN, FMIN>("fmin", sms, d, once, ok);
    both<IADD, IADD>("iadd", sms, d, once, ok);
    both<XOR, XOR>("xor", sms, d, once, ok);
    both<ROT, ROT>("rot", sms, d, once, ok);
    both<IMAD, IMAD>("imad", sms, d, once, ok);
    both<MULHI, MULHI>("mulhi", sms, d, once, ok);
    both<IMIN, IMIN>("imin", sms, d, once, ok);
    both<FFMA, XOR>("ffma+xor", sms, d, once, ok);
    both<FFMA, IMAD>("ffma+imad", sms, d, once, ok);
    both<IMAD, XOR>("imad+xor", sms, d, once, ok);
    both<FMUL, ROT>("fmul+rot", sms, d, once, ok);
    both<WIDE, WIDE>("wide", sms, d, once, ok);
    both<I2F, I2F>("i2f", sms, d, once, ok);
    both<POPC, POPC>("popc", sms, d, once, ok);
    both<FFMA, POPC>("ffma+popc", sms, d, once, ok);
    for (int per : {4, 8}) {
        if (once && per == 8) break;
        run64<WIDE64>("wide64", sms, per, d, once, ok);
        run64<MUL64>("mul64", sms, per, d, once, ok);
        run64<ADD64>("add64", sms, per, d, once, ok);
    }
    CHECK(cudaFree(d.in));
    CHECK(cudaFree(d.out));
    CHECK(cudaFree(d.cycles));
    printf("# results %s\n", ok ? "checked: all equal the host's" : "WRONG");
    return ok ? 0 : 1;
}
