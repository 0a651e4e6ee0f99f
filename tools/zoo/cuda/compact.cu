// Stream compaction: the positive elements of in, in any order, and how
// many there are. A slot is claimed with an atomic per element, per warp
// (ballot and popcount), or per block.
extern "C" __global__ void compact_reset(int *count) { *count = 0; }

extern "C" __global__ void compact_atomic(const float *in, float *out, int *count, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] > 0.0f) out[atomicAdd(count, 1)] = in[i];
}

extern "C" __global__ void compact_warp(const float *in, float *out, int *count, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31;
    float v = i < n ? in[i] : 0.0f;
    unsigned keep = __ballot_sync(0xffffffff, v > 0.0f);
    int base = 0;
    if (lane == 0 && keep) base = atomicAdd(count, __popc(keep));
    base = __shfl_sync(0xffffffff, base, 0);
    if (v > 0.0f) out[base + __popc(keep & ((1u << lane) - 1))] = v;
}

extern "C" __global__ void compact_block(const float *in, float *out, int *count, int n) {
    __shared__ int local, base;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x == 0) local = 0;
    __syncthreads();
    float v = i < n ? in[i] : 0.0f;
    int slot = v > 0.0f ? atomicAdd(&local, 1) : 0;
    __syncthreads();
    if (threadIdx.x == 0) base = atomicAdd(count, local);
    __syncthreads();
    if (v > 0.0f) out[base + slot] = v;
}
