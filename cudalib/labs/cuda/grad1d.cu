// Lab grad1d (seed 002): second difference of a 1D signal with halo cells.
//
//   out[i] = (u[i-1] - 2 u[i] + u[i+1]) / h²
//
// For u[i] = sin(2πi/N) and h = 2π/N this approximates u'' = -sin(x) with an
// error of about h²/12.
//
// Boundary: periodic. The N sample points x_i = 2πi/N cover exactly one
// period of sin, so the left neighbour of i = 0 is u[N-1] and the right
// neighbour of i = N-1 is u[0]. Every point then has two real neighbours and
// no thread reads outside the array (the seed read d_in[-1] and d_in[N]).
//
// The host passes inv_h2 = 1/h² (rounded to float once): a multiply per
// element instead of a divide, and the Go reference does the same float
// operations in the same order.

#define RAD 1 // stencil radius: cells needed on each side

// wrap maps an index in [-n, 2n) into [0, n): the periodic boundary.
__device__ __forceinline__ int wrap(int i, int n) {
    if (i < 0) return i + n;
    if (i >= n) return i - n;
    return i;
}

// dd_global reads its three inputs straight from global memory. Neighbouring
// threads read overlapping cells, which the L1 cache serves: on recent GPUs
// this is as fast as, or faster than, staging through shared memory.
extern "C" __global__ void dd_global(float *out, const float *in, int n, float inv_h2) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return; // safe here: this kernel has no barrier
    const float l = in[wrap(i - RAD, n)];
    const float r = in[wrap(i + RAD, n)];
    out[i] = (l - 2.f * in[i] + r) * inv_h2;
}

// dd_shared stages the block's cells and its halo in dynamic shared memory
// of (blockDim.x + 2*RAD) floats, so each input is read from global memory
// once per block.
extern "C" __global__ void dd_shared(float *out, const float *in, int n, float inv_h2) {
    extern __shared__ float s[];
    const int base = blockIdx.x * blockDim.x; // first element of this block
    const int i = base + threadIdx.x;
    const int si = threadIdx.x + RAD; // own cell in s, after the left halo
    // The last block may be partial: it holds count elements, and its right
    // halo follows its last real element rather than the end of the block.
    const int count = min((int)blockDim.x, n - base);

    if (i < n) s[si] = in[i];
    if (threadIdx.x < RAD) {
        s[threadIdx.x] = in[wrap(base - RAD + threadIdx.x, n)];              // left halo
        s[count + RAD + threadIdx.x] = in[wrap(base + count + threadIdx.x, n)]; // right halo
    }
    // Every thread of the block must reach the barrier, so threads past the
    // end do not return early (the seed's did, which is undefined behaviour);
    // they only skip the load above and the store below.
    __syncthreads();
    if (i < n) out[i] = (s[si - 1] - 2.f * s[si] + s[si + 1]) * inv_h2;
}
