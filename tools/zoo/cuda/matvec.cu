// Dense y = A x for an n×n row-major A: a thread per row walks its row
// (lanes read addresses n floats apart: uncoalesced), a thread per row
// over the transposed copy (lanes read neighbours: coalesced), or a warp
// per row.
extern "C" __global__ void matvec_rows(const float *a, const float *x, float *y, int n) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= n) return;
    float s = 0.0f;
    for (int k = 0; k < n; k++) s += a[(size_t)r * n + k] * x[k];
    y[r] = s;
}

extern "C" __global__ void matvec_cols(const float *at, const float *x, float *y, int n) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= n) return;
    float s = 0.0f;
    for (int k = 0; k < n; k++) s += at[(size_t)k * n + r] * x[k];
    y[r] = s;
}

extern "C" __global__ void matvec_warp(const float *a, const float *x, float *y, int n) {
    int r = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x & 31;
    if (r >= n) return;
    float s = 0.0f;
    for (int k = lane; k < n; k += 32) s += a[(size_t)r * n + k] * x[k];
    for (int d = 16; d > 0; d /= 2) s += __shfl_down_sync(0xffffffff, s, d);
    if (lane == 0) y[r] = s;
}
