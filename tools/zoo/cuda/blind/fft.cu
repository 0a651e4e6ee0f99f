// Batched complex FFTs of FFT_N points (interleaved float2, n points in
// all, forward, unscaled): a bit-reversal launch then a launch per radix-2
// stage in global memory (twiddles by sincospif), or a block of FFT_N/2
// threads a transform in shared memory, its twiddles by sincospif or from
// a table tw[j] = exp(-2πi j/FFT_N), j < FFT_N/2.
#define FFT_N 1024
#define FFT_LOG 10

__device__ int fft_rev(int j) { return __brev(j) >> (32 - FFT_LOG); }

__device__ void fft_butterfly(float2 *x, int i0, int i1, float c, float s) {
    float2 a = x[i0], b = x[i1];
    float2 wb = make_float2(c * b.x - s * b.y, c * b.y + s * b.x);
    x[i0] = make_float2(a.x + wb.x, a.y + wb.y);
    x[i1] = make_float2(a.x - wb.x, a.y - wb.y);
}

extern "C" __global__ void fft_bitrev(const float2 *in, float2 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[(i & ~(FFT_N - 1)) + fft_rev(i & (FFT_N - 1))] = in[i];
}

// One stage of half-size h: a thread a butterfly, n/2 of them.
extern "C" __global__ void fft_stage(float2 *x, int n, int h) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n / 2) return;
    int k = t & (h - 1), i0 = 2 * t - k;
    float s, c;
    sincospif(-(float)k / h, &s, &c);
    fft_butterfly(x, i0, i0 + h, c, s);
}

// A block of FFT_N/2 threads a transform.
extern "C" __global__ void fft_shared(const float2 *in, float2 *out, const float2 *tw, int n) {
    __shared__ float2 x[FFT_N];
    int t = threadIdx.x, base = blockIdx.x * FFT_N;
    x[fft_rev(t)] = in[base + t];
    x[fft_rev(t + FFT_N / 2)] = in[base + t + FFT_N / 2];
    __syncthreads();
    for (int h = 1; h < FFT_N; h *= 2) {
        int k = t & (h - 1);
        float s, c;
        sincospif(-(float)k / h, &s, &c);
        fft_butterfly(x, 2 * t - k, 2 * t - k + h, c, s);
        __syncthreads();
    }
    out[base + t] = x[t];
    out[base + t + FFT_N / 2] = x[t + FFT_N / 2];
}

extern "C" __global__ void fft_shared_table(const float2 *in, float2 *out, const float2 *tw, int n) {
    __shared__ float2 x[FFT_N];
    int t = threadIdx.x, base = blockIdx.x * FFT_N;
    x[fft_rev(t)] = in[base + t];
    x[fft_rev(t + FFT_N / 2)] = in[base + t + FFT_N / 2];
    __syncthreads();
    for (int h = 1; h < FFT_N; h *= 2) {
        int k = t & (h - 1);
        float2 w = tw[k * (FFT_N / 2 / h)];
        fft_butterfly(x, 2 * t - k, 2 * t - k + h, w.x, w.y);
        __syncthreads();
    }
    out[base + t] = x[t];
    out[base + t + FFT_N / 2] = x[t + FFT_N / 2];
}
