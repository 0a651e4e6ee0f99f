// Smaller defects: a misaligned 4-byte load, a read of device memory
// nothing wrote, and a shared-memory index past the array.
extern "C" __global__ void misaligned(int *out, const char *bytes) {
    int t = threadIdx.x;
    out[t] = *(const int *)(bytes + 4 * t + 1);
}

extern "C" __global__ void read_uninit(float *out, const float *never_written, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = never_written[i] + 1.0f;
    }
}

extern "C" __global__ void shared_overrun(float *out, int n) {
    __shared__ float s[32];
    int t = threadIdx.x;
    s[t] = (float)t;
    __syncthreads();
    out[t] = s[t + n];
}

// Lanes of one warp exchange values through shared memory with no
// __syncwarp(): under independent thread scheduling a lane may read its
// neighbour's slot before the neighbour wrote it (racecheck: a warning).
extern "C" __global__ void warp_nosync(float *out) {
    __shared__ float s[64];
    int t = threadIdx.x;
    s[t] = (float)t;
    out[t] = s[t ^ 1];
}
