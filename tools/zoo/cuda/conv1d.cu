// 1D convolution with a filter of 2R+1 = 17 taps (zero outside the
// signal): taps and signal from global memory, the signal tile in shared
// memory, or the taps in shared memory too.
#define R 8
extern "C" __global__ void conv1d_global(const float *in, const float *w, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float s = 0.0f;
    for (int k = -R; k <= R; k++)
        if (i + k >= 0 && i + k < n) s += w[k + R] * in[i + k];
    out[i] = s;
}

// Blocks of 256 threads.
extern "C" __global__ void conv1d_tile(const float *in, const float *w, float *out, int n) {
    __shared__ float t[256 + 2 * R];
    int i = blockIdx.x * 256 + threadIdx.x;
    for (int j = threadIdx.x; j < 256 + 2 * R; j += 256) {
        int g = blockIdx.x * 256 + j - R;
        t[j] = g >= 0 && g < n ? in[g] : 0.0f;
    }
    __syncthreads();
    if (i >= n) return;
    float s = 0.0f;
    for (int k = -R; k <= R; k++) s += w[k + R] * t[threadIdx.x + R + k];
    out[i] = s;
}

extern "C" __global__ void conv1d_tile_taps(const float *in, const float *w, float *out, int n) {
    __shared__ float t[256 + 2 * R];
    __shared__ float sw[2 * R + 1];
    int i = blockIdx.x * 256 + threadIdx.x;
    if (threadIdx.x < 2 * R + 1) sw[threadIdx.x] = w[threadIdx.x];
    for (int j = threadIdx.x; j < 256 + 2 * R; j += 256) {
        int g = blockIdx.x * 256 + j - R;
        t[j] = g >= 0 && g < n ? in[g] : 0.0f;
    }
    __syncthreads();
    if (i >= n) return;
    float s = 0.0f;
#pragma unroll
    for (int k = -R; k <= R; k++) s += sw[k + R] * t[threadIdx.x + R + k];
    out[i] = s;
}
