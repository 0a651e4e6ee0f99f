// C = A + 2B over an n×n row-major matrix, 2D blocks: threadIdx.x along a
// row (coalesced), along a column (a lane per row: uncoalesced), or a
// thread per four elements with float4 accesses.
extern "C" __global__ void mat2d_rowwise(const float *a, const float *b, float *c, int n) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < n && y < n) c[y * n + x] = a[y * n + x] + 2.0f * b[y * n + x];
}

extern "C" __global__ void mat2d_colwise(const float *a, const float *b, float *c, int n) {
    int y = blockIdx.x * blockDim.x + threadIdx.x, x = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < n && y < n) c[y * n + x] = a[y * n + x] + 2.0f * b[y * n + x];
}

// n is a multiple of 4.
extern "C" __global__ void mat2d_float4(const float4 *a, const float4 *b, float4 *c, int n) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y, m = n / 4;
    if (x < m && y < n) {
        float4 u = a[y * m + x], v = b[y * m + x];
        c[y * m + x] = make_float4(u.x + 2.0f * v.x, u.y + 2.0f * v.y, u.z + 2.0f * v.z, u.w + 2.0f * v.w);
    }
}
