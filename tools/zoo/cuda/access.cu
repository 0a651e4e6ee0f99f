// out[i] = 2·in[f(i)] for access patterns: a stride of s elements, an
// offset of o elements from an aligned start, a random permutation.
extern "C" __global__ void access_strided(const float *in, float *out, int n, int s) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 2.0f * in[(size_t)i * s];
}

extern "C" __global__ void access_offset(const float *in, float *out, int n, int o) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 2.0f * in[i + o];
}

extern "C" __global__ void access_gather(const float *in, const int *idx, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 2.0f * in[idx[i]];
}

// A thread per 1, 2 or 4 elements: loads and stores 4, 8 or 16 bytes wide.
extern "C" __global__ void copy_float(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 2.0f * in[i];
}

extern "C" __global__ void copy_float2(const float2 *in, float2 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n / 2) {
        float2 v = in[i];
        out[i] = make_float2(2.0f * v.x, 2.0f * v.y);
    }
}

extern "C" __global__ void copy_float4(const float4 *in, float4 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n / 4) {
        float4 v = in[i];
        out[i] = make_float4(2.0f * v.x, 2.0f * v.y, 2.0f * v.z, 2.0f * v.w);
    }
}
