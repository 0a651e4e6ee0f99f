// Sparse matrix times vector, y = A x, in CSR (a thread or a warp per
// row) and ELL (rows padded to the longest; stored column-major, so a
// warp's rows are read together, or row-major).
extern "C" __global__ void spmv_csr_scalar(const int *rowptr, const int *col, const float *val,
                                           const float *x, float *y, int rows) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float s = 0.0f;
    for (int k = rowptr[r]; k < rowptr[r + 1]; k++) s += val[k] * x[col[k]];
    y[r] = s;
}

extern "C" __global__ void spmv_csr_vector(const int *rowptr, const int *col, const float *val,
                                           const float *x, float *y, int rows) {
    int r = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x & 31;
    if (r >= rows) return; // whole warps leave together
    float s = 0.0f;
    for (int k = rowptr[r] + lane; k < rowptr[r + 1]; k += 32) s += val[k] * x[col[k]];
    for (int d = 16; d > 0; d /= 2) s += __shfl_down_sync(0xffffffff, s, d);
    if (lane == 0) y[r] = s;
}

// ELL: width entries a row, padding has val 0 and col 0.
extern "C" __global__ void spmv_ell_colmajor(const int *col, const float *val, const float *x,
                                             float *y, int rows, int width) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float s = 0.0f;
    for (int k = 0; k < width; k++) s += val[k * rows + r] * x[col[k * rows + r]];
    y[r] = s;
}

extern "C" __global__ void spmv_ell_rowmajor(const int *col, const float *val, const float *x,
                                             float *y, int rows, int width) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float s = 0.0f;
    for (int k = 0; k < width; k++) s += val[r * width + k] * x[col[r * width + k]];
    y[r] = s;
}
