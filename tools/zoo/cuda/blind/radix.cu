// One pass of an LSD radix sort: the 8-bit digit at shift. Count the
// digits (global atomics, or a histogram per block in shared memory),
// scan the 256 counts into offsets (one block), then scatter each key to
// its digit's range: a global atomic per key, or a tile of 2048 keys a
// block ranked in shared memory with one global atomic per digit. Keys
// within a digit land in an order that depends on the atomics.
#define RADIX_TILE 2048

extern "C" __global__ void radix_clear(unsigned *count) { count[threadIdx.x] = 0; }

extern "C" __global__ void radix_hist_global(const unsigned *in, unsigned *count, int n, int shift) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&count[(in[i] >> shift) & 255], 1U);
}

// Blocks of 256 threads.
extern "C" __global__ void radix_hist_shared(const unsigned *in, unsigned *count, int n, int shift) {
    __shared__ unsigned h[256];
    h[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&h[(in[i] >> shift) & 255], 1U);
    __syncthreads();
    if (h[threadIdx.x]) atomicAdd(&count[threadIdx.x], h[threadIdx.x]);
}

// One block of 256 threads: exclusive scan of the counts in place.
extern "C" __global__ void radix_scan(unsigned *count) {
    __shared__ unsigned s[256];
    int t = threadIdx.x;
    unsigned c = count[t];
    s[t] = c;
    __syncthreads();
    for (int d = 1; d < 256; d *= 2) {
        unsigned add = t >= d ? s[t - d] : 0;
        __syncthreads();
        s[t] += add;
        __syncthreads();
    }
    count[t] = s[t] - c;
}

extern "C" __global__ void radix_scatter_atomic(const unsigned *in, unsigned *out, unsigned *offset, int n,
                                                int shift) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned k = in[i];
    out[atomicAdd(&offset[(k >> shift) & 255], 1U)] = k;
}

// Blocks of 256 threads, a tile of RADIX_TILE keys each.
extern "C" __global__ void radix_scatter_tile(const unsigned *in, unsigned *out, unsigned *offset, int n,
                                              int shift) {
    __shared__ unsigned h[256], base[256];
    const int per = RADIX_TILE / 256;
    unsigned key[per], rank[per];
    h[threadIdx.x] = 0;
    __syncthreads();
    int lo = blockIdx.x * RADIX_TILE + threadIdx.x;
    for (int j = 0; j < per; j++) {
        int i = lo + j * 256;
        if (i < n) {
            key[j] = in[i];
            rank[j] = atomicAdd(&h[(key[j] >> shift) & 255], 1U);
        }
    }
    __syncthreads();
    if (h[threadIdx.x]) base[threadIdx.x] = atomicAdd(&offset[threadIdx.x], h[threadIdx.x]);
    __syncthreads();
    for (int j = 0; j < per; j++)
        if (lo + j * 256 < n) out[base[(key[j] >> shift) & 255] + rank[j]] = key[j];
}
