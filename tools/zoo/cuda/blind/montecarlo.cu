// Monte Carlo estimate of pi in integers: each of n threads draws 256
// points of a 2^15 × 2^15 grid from its own xorshift32 stream and counts
// those inside the quarter circle; the counts meet in one counter through
// a block reduction in shared memory, warp shuffles, or an atomic a
// thread. seed[0] seeds the streams.
#define MC_SAMPLES 256

__device__ unsigned mc_hits(int i, int n, unsigned seed) {
    if (i >= n) return 0;
    unsigned s = ((unsigned)(i + 1) * 0x9E3779B9U ^ seed) | 1U, hits = 0;
    for (int k = 0; k < MC_SAMPLES; k++) {
        s ^= s << 13; s ^= s >> 17; s ^= s << 5;
        unsigned x = s >> 17;
        s ^= s << 13; s ^= s >> 17; s ^= s << 5;
        unsigned y = s >> 17;
        hits += x * x + y * y < (1U << 30);
    }
    return hits;
}

// Blocks of 256 threads.
extern "C" __global__ void mc_block(const unsigned *seed, unsigned *count, int n) {
    __shared__ unsigned s[256];
    int t = threadIdx.x;
    s[t] = mc_hits(blockIdx.x * blockDim.x + t, n, seed[0]);
    __syncthreads();
    for (int d = 128; d > 0; d /= 2) {
        if (t < d) s[t] += s[t + d];
        __syncthreads();
    }
    if (t == 0) atomicAdd(count, s[0]);
}

extern "C" __global__ void mc_warp(const unsigned *seed, unsigned *count, int n) {
    unsigned h = mc_hits(blockIdx.x * blockDim.x + threadIdx.x, n, seed[0]);
    for (int d = 16; d > 0; d /= 2) h += __shfl_xor_sync(0xffffffff, h, d);
    if ((threadIdx.x & 31) == 0) atomicAdd(count, h);
}

extern "C" __global__ void mc_thread(const unsigned *seed, unsigned *count, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(count, mc_hits(i, n, seed[0]));
}
