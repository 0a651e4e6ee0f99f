// n threads each add their in[i] to counters: all to one address, one
// address a warp, one a thread, or summed in the warp first. Every
// variant leaves the total in the sum of the counters.
extern "C" __global__ void atomics_one(const int *in, int *c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&c[0], in[i]);
}

extern "C" __global__ void atomics_warp(const int *in, int *c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&c[i / 32], in[i]);
}

extern "C" __global__ void atomics_thread(const int *in, int *c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&c[i], in[i]);
}

extern "C" __global__ void atomics_aggregated(const int *in, int *c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? in[i] : 0;
    for (int d = 16; d > 0; d /= 2) v += __shfl_down_sync(0xffffffff, v, d);
    if ((threadIdx.x & 31) == 0) atomicAdd(&c[0], v);
}
