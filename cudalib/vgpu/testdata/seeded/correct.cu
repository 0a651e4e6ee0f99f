// Correct kernels: the sanitizer must find nothing in them.
#define RAD 1
extern "C" __global__ void dd_fixed(float *d_out, const float *d_in, int size, float h) {
    const int i = threadIdx.x + blockDim.x * blockIdx.x;
    const int s_idx = threadIdx.x + RAD;
    extern __shared__ float s_in[];
    s_in[s_idx] = i < size ? d_in[i] : 0.0f;
    if (threadIdx.x < RAD) {
        s_in[s_idx - RAD] = i >= RAD && i - RAD < size ? d_in[i - RAD] : 0.0f;
        int j = i + blockDim.x;
        s_in[s_idx + blockDim.x] = j < size ? d_in[j] : 0.0f;
    }
    __syncthreads();
    if (i > 0 && i < size - 1) {
        d_out[i] = (s_in[s_idx - 1] - 2.f * s_in[s_idx] + s_in[s_idx + 1]) / (h * h);
    }
}

#define T 16
extern "C" __global__ void mm_tiled(float *c, const float *a, const float *b, int n) {
    __shared__ float ta[T][T];
    __shared__ float tb[T][T];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
    float sum = 0.0f;
    for (int t = 0; t < (n + T - 1) / T; t++) {
        ta[ty][tx] = (row < n && t * T + tx < n) ? a[row * n + t * T + tx] : 0.0f;
        tb[ty][tx] = (col < n && t * T + ty < n) ? b[(t * T + ty) * n + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < T; k++) {
            sum += ta[ty][k] * tb[k][tx];
        }
        __syncthreads();
    }
    if (row < n && col < n) {
        c[row * n + col] = sum;
    }
}

extern "C" __global__ void reduce_ok(float *out, const float *in, int n) {
    __shared__ float s[256];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    s[t] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 32; stride /= 2) {
        if (t < stride) {
            s[t] += s[t + stride];
        }
        __syncthreads();
    }
    float v = t < 64 ? s[t] + s[t + 32] : 0.0f;
    for (int o = 16; o > 0; o /= 2) {
        v += __shfl_down_sync(0xffffffff, v, o);
    }
    if (t == 0) {
        out[blockIdx.x] = v;
    }
}

extern "C" __global__ void warp_exchange(float *out) {
    __shared__ float s[64];
    int t = threadIdx.x;
    s[t] = (float)t;
    __syncwarp();
    out[t] = s[t ^ 1];
}
