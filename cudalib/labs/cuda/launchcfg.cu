// Launch configuration (seed 004): copy n complex doubles (double2, 16 bytes
// each), out[i] = in[i], written several ways.
//
// A copy does no arithmetic, so every variant is bounded by memory
// bandwidth; what differs is how many threads are launched, how much loop
// overhead each one pays, and how many loads each thread keeps in flight.
//
// Indices are 64-bit (long long, as the seed's size_t): i + stride cannot
// overflow whatever grid the occupancy API picks.

// 1. One thread per element: launch <<<ceil(n/block), block>>>.
// At least n threads must be launched, so the grid grows with n, and the
// threads of the last block that fall past the end must do nothing.
__global__ void copy_if(double2* __restrict__ out, const double2* __restrict__ in, int n)
{
    const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = in[i];
    }
}

// 2. Grid-stride loop: any grid works, even one thread. That decouples the
// launch from the data, so the grid can be sized for the GPU (e.g. what
// cuOccupancyMaxPotentialBlockSize suggests) rather than for n.
__global__ void copy_stride(double2* __restrict__ out, const double2* __restrict__ in, int n)
{
    const long long stride = (long long)blockDim.x * gridDim.x;
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        out[i] = in[i];
    }
}

// 3. Grid-stride loop unrolled UNROLL times: a template parameter, so each
// instantiation (copy_unroll<4>, copy_unroll<8>) is a separate kernel with a
// compile-time constant the compiler can unroll. Each trip issues UNROLL
// independent loads before the first store, so more memory requests are in
// flight per thread; the plain loop after it copies the last few elements
// (fewer than UNROLL strides), so any n works.
template <int UNROLL>
__global__ void copy_unroll(double2* __restrict__ out, const double2* __restrict__ in, int n)
{
    const long long stride = (long long)blockDim.x * gridDim.x;
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    for (; i + (UNROLL - 1) * stride < n; i += UNROLL * stride) {
        double2 v[UNROLL];
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) {
            v[u] = in[i + u * stride];
        }
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) {
            out[i + u * stride] = v[u];
        }
    }
    for (; i < n; i += stride) {
        out[i] = in[i];
    }
}
