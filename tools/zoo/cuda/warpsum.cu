// Sums of 32 consecutive elements, one warp each: through shared memory
// or with shuffles.
extern "C" __global__ void warpsum_shared(const float *in, float *out, int n) {
    __shared__ float s[256];
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t, lane = t & 31;
    volatile float *w = s + (t & ~31);
    w[lane] = i < n ? in[i] : 0.0f;
    __syncwarp();
    for (int d = 16; d > 0; d /= 2) {
        float v = lane < d ? w[lane] + w[lane + d] : 0.0f;
        __syncwarp();
        if (lane < d) w[lane] = v;
        __syncwarp();
    }
    if (lane == 0 && i < n) out[i / 32] = w[0];
}

extern "C" __global__ void warpsum_down(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? in[i] : 0.0f;
    for (int d = 16; d > 0; d /= 2) v += __shfl_down_sync(0xffffffff, v, d);
    if ((threadIdx.x & 31) == 0 && i < n) out[i / 32] = v;
}

extern "C" __global__ void warpsum_xor(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? in[i] : 0.0f;
    for (int d = 16; d > 0; d /= 2) v += __shfl_xor_sync(0xffffffff, v, d);
    if ((threadIdx.x & 31) == 0 && i < n) out[i / 32] = v;
}
