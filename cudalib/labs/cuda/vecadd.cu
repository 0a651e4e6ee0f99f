// Vector addition (seed 001): out[i] = a[i] + b[i] for n floats.
//
// Every kernel below computes the same thing; they differ only in how
// threads are mapped to elements. Vector addition reads two floats and
// writes one per element and does a single add, so it is limited by memory
// bandwidth: the fastest version is the one that keeps the most memory
// requests in flight, i.e. the one with the most threads at work.
//
// Indices are int: the lab keeps n <= 2^30, so i + stride never overflows.

// 1. One block, block-stride loop: launch <<<1, 256>>>.
// Thread t handles t, t+256, t+512, ...: consecutive threads touch
// consecutive elements (coalesced), but one block runs on one SM, so the
// rest of the GPU stays idle.
__global__ void vecadd_block(float* __restrict__ out, const float* __restrict__ a,
                             const float* __restrict__ b, int n)
{
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        out[i] = a[i] + b[i];
    }
}

// 2. Grid-stride loop: launch <<<16, 256>>> (any grid works).
// The stride is the number of threads in the whole grid, so the loop is
// correct whatever grid is launched; 16 blocks use at most 16 SMs.
__global__ void vecadd_stride(float* __restrict__ out, const float* __restrict__ a,
                              const float* __restrict__ b, int n)
{
    const int stride = blockDim.x * gridDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        out[i] = a[i] + b[i];
    }
}

// 3. Grid-stride loop staged through shared memory: launch <<<16, 256>>>.
// The seed wrote this with __syncthreads() inside a loop whose trip count
// differs between threads of a block, which is undefined behaviour when n is
// not a multiple of the grid. Here the loop walks block-sized chunks, so its
// trip count depends only on blockIdx and n: every thread of a block reaches
// every barrier, and threads past the end simply skip the load and store.
//
// The shared buffer buys nothing: each thread reads back only the slot it
// wrote itself, so no data is shared and the barrier only costs time. Any
// difference from variant 2 comes from the launch shape, not from shared
// memory; shared memory pays off when threads reuse each other's loads
// (see matmul's tiles).
#define STAGE 256 // must equal blockDim.x
__global__ void vecadd_shared(float* __restrict__ out, const float* __restrict__ a,
                              const float* __restrict__ b, int n)
{
    __shared__ float staged[STAGE];
    const int t = threadIdx.x;
    for (int base = blockIdx.x * STAGE; base < n; base += STAGE * gridDim.x) {
        const int i = base + t;
        if (i < n) {
            staged[t] = a[i] + b[i];
        }
        __syncthreads(); // uniform: base is the same for the whole block
        if (i < n) {
            out[i] = staged[t];
        }
    }
}

// 4. One thread per element: launch <<<ceil(n/256), 256>>>.
// The grid covers n exactly once; the threads of the last block that fall
// past the end must do nothing, hence the bounds check.
__global__ void vecadd_thread(float* __restrict__ out, const float* __restrict__ a,
                              const float* __restrict__ b, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = a[i] + b[i];
    }
}
