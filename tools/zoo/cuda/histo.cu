// 256-bin histograms of n values in [0, 256): every element an atomic
// increment, in global memory or in a block's shared copy.
#define BINS 256

extern "C" __global__ void histo_global(const int *in, unsigned *hist, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&hist[in[i]], 1u);
}

// A grid-stride loop into the block's shared histogram, merged once.
extern "C" __global__ void histo_shared(const int *in, unsigned *hist, int n) {
    __shared__ unsigned h[BINS];
    for (int b = threadIdx.x; b < BINS; b += blockDim.x) h[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&h[in[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < BINS; b += blockDim.x)
        if (h[b]) atomicAdd(&hist[b], h[b]);
}

// As histo_shared with a copy per warp (256 threads: 8 copies), so that
// only a warp's own lanes contend for a counter.
extern "C" __global__ void histo_warpcopies(const int *in, unsigned *hist, int n) {
    __shared__ unsigned h[8][BINS];
    for (int b = threadIdx.x; b < 8 * BINS; b += blockDim.x) h[b / BINS][b % BINS] = 0;
    __syncthreads();
    unsigned *mine = h[threadIdx.x / 32];
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&mine[in[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
        unsigned c = 0;
        for (int w = 0; w < 8; w++) c += h[w][b];
        if (c) atomicAdd(&hist[b], c);
    }
}
