// 32 rounds of an integer mix a thread, out[i] = mix(in[i], i): 64-bit
// multiply-xorshift (SplitMix64's finaliser), 32-bit multiply-high and
// xor (a Philox-like round), 32-bit add-rotate-xor (ChaCha's quarter
// round) and 64-bit add-rotate-xor (SipHash's round).
#define ARX_ROUNDS 32

__device__ unsigned rotl32(unsigned x, int r) { return (x << r) | (x >> (32 - r)); }
__device__ unsigned long long rotl64(unsigned long long x, int r) { return (x << r) | (x >> (64 - r)); }

__device__ unsigned mix_splitmix(unsigned v, unsigned i) {
    unsigned long long x = v | ((unsigned long long)i << 32);
    for (int r = 0; r < ARX_ROUNDS; r++) {
        x += 0x9e3779b97f4a7c15ULL;
        unsigned long long z = x;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        x ^= z ^ (z >> 31);
    }
    return (unsigned)(x ^ (x >> 32));
}

__device__ unsigned mix_philox(unsigned v, unsigned i) {
    unsigned x0 = v, x1 = i, key = 0xdeadbeefU;
    for (int r = 0; r < ARX_ROUNDS; r++) {
        unsigned hi = __umulhi(0xD256D193U, x0), lo = 0xD256D193U * x0;
        x0 = hi ^ key ^ x1;
        x1 = lo;
        key += 0x9E3779B9U;
    }
    return x0 ^ x1;
}

__device__ unsigned mix_chacha(unsigned v, unsigned i) {
    unsigned a = v, b = i, c = 0x61707865U, d = 0x3320646eU;
    for (int r = 0; r < ARX_ROUNDS; r++) {
        a += b; d ^= a; d = rotl32(d, 16);
        c += d; b ^= c; b = rotl32(b, 12);
        a += b; d ^= a; d = rotl32(d, 8);
        c += d; b ^= c; b = rotl32(b, 7);
    }
    return a ^ b ^ c ^ d;
}

__device__ unsigned mix_sip(unsigned v, unsigned i) {
    unsigned long long v0 = v | ((unsigned long long)i << 32), v1 = 0x736f6d6570736575ULL;
    unsigned long long v2 = 0x646f72616e646f6dULL ^ v0, v3 = 0x7465646279746573ULL;
    for (int r = 0; r < ARX_ROUNDS; r++) {
        v0 += v1; v1 = rotl64(v1, 13); v1 ^= v0; v0 = rotl64(v0, 32);
        v2 += v3; v3 = rotl64(v3, 16); v3 ^= v2;
        v0 += v3; v3 = rotl64(v3, 21); v3 ^= v0;
        v2 += v1; v1 = rotl64(v1, 17); v1 ^= v2; v2 = rotl64(v2, 32);
    }
    unsigned long long x = v0 ^ v1 ^ v2 ^ v3;
    return (unsigned)(x ^ (x >> 32));
}

extern "C" __global__ void arx_splitmix(const unsigned *in, unsigned *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = mix_splitmix(in[i], i);
}

extern "C" __global__ void arx_philox(const unsigned *in, unsigned *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = mix_philox(in[i], i);
}

extern "C" __global__ void arx_chacha(const unsigned *in, unsigned *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = mix_chacha(in[i], i);
}

extern "C" __global__ void arx_sip(const unsigned *in, unsigned *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = mix_sip(in[i], i);
}
