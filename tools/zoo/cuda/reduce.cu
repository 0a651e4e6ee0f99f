// The reduction ladder: each block sums a segment of 512 elements into
// out[blockIdx.x], four ways (after the classic sequence of improvements).
#define SEG 512

extern "C" __global__ void reduce_divergent(const float *in, float *out, int n) {
    __shared__ float s[SEG];
    int t = threadIdx.x, i = blockIdx.x * SEG + t;
    s[t] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (int d = 1; d < SEG; d *= 2) {
        if (t % (2 * d) == 0) s[t] += s[t + d]; // half the warp idles, then more
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

extern "C" __global__ void reduce_strided(const float *in, float *out, int n) {
    __shared__ float s[SEG];
    int t = threadIdx.x, i = blockIdx.x * SEG + t;
    s[t] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (int d = 1; d < SEG; d *= 2) {
        int k = 2 * d * t; // compact threads, strided shared accesses: bank conflicts
        if (k < SEG) s[k] += s[k + d];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

extern "C" __global__ void reduce_sequential(const float *in, float *out, int n) {
    __shared__ float s[SEG];
    int t = threadIdx.x, i = blockIdx.x * SEG + t;
    s[t] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (int d = SEG / 2; d > 0; d /= 2) {
        if (t < d) s[t] += s[t + d];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

// Half the threads, each adding two elements as it loads, and the last
// warp's steps with shuffles.
extern "C" __global__ void reduce_shuffle(const float *in, float *out, int n) {
    __shared__ float s[SEG / 2];
    int t = threadIdx.x, i = blockIdx.x * SEG + t;
    float v = (i < n ? in[i] : 0.0f) + (i + SEG / 2 < n ? in[i + SEG / 2] : 0.0f);
    s[t] = v;
    __syncthreads();
    for (int d = SEG / 4; d >= 32; d /= 2) {
        if (t < d) s[t] = v = v + s[t + d];
        __syncthreads();
    }
    if (t < 32) {
        for (int d = 16; d > 0; d /= 2) v += __shfl_down_sync(0xffffffff, v, d);
        if (t == 0) out[blockIdx.x] = v;
    }
}
