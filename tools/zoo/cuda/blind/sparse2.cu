// Sparse formats beyond CSR and ELL. COO y += A x (y starts at 0; entries
// sorted by row): a float atomic per entry, a warp's 32 entries summed by
// row segments with shuffles (an atomic per segment), or a thread's 8
// consecutive entries summed by row (an atomic per row change).
extern "C" __global__ void coo_atomic(const int *row, const int *col, const float *val, const float *x, float *y,
                                      int nnz) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < nnz) atomicAdd(&y[row[k]], val[k] * x[col[k]]);
}

extern "C" __global__ void coo_segmented(const int *row, const int *col, const float *val, const float *x,
                                         float *y, int nnz) {
    int k = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31;
    bool in = k < nnz;
    int r = in ? row[k] : -1;
    float v = in ? val[k] * x[col[k]] : 0.0f;
    // Suffix sums within runs of equal rows: rows are sorted, so a lane
    // d further with the same row is in the same run.
    for (int d = 1; d < 32; d *= 2) {
        float o = __shfl_down_sync(0xffffffff, v, d);
        int ro = __shfl_down_sync(0xffffffff, r, d);
        if (lane + d < 32 && ro == r) v += o;
    }
    int rp = __shfl_up_sync(0xffffffff, r, 1);
    if (in && (lane == 0 || rp != r)) atomicAdd(&y[r], v);
}

#define COO_RUN 8

extern "C" __global__ void coo_runs(const int *row, const int *col, const float *val, const float *x, float *y,
                                    int nnz) {
    int lo = (blockIdx.x * blockDim.x + threadIdx.x) * COO_RUN;
    if (lo >= nnz) return;
    int hi = min(lo + COO_RUN, nnz), r = row[lo];
    float s = 0.0f;
    for (int k = lo; k < hi; k++) {
        if (row[k] != r) {
            atomicAdd(&y[r], s);
            r = row[k];
            s = 0.0f;
        }
        s += val[k] * x[col[k]];
    }
    atomicAdd(&y[r], s);
}

// SELL-C-σ with C = 32: slices of 32 rows (after sorting rows by length
// within windows of σ), each padded to its longest row and stored
// column-major; slice s's entries are [sliceptr[s], sliceptr[s+1]).
// perm maps a slot to its row (-1: padding). A thread a slot.
extern "C" __global__ void sell_spmv(const int *sliceptr, const int *col, const float *val, const int *perm,
                                     const float *x, float *y, int slots) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= slots) return;
    int s = r / 32, lane = r & 31, lo = sliceptr[s], w = (sliceptr[s + 1] - lo) / 32;
    float sum = 0.0f;
    for (int k = 0; k < w; k++) sum += val[lo + k * 32 + lane] * x[col[lo + k * 32 + lane]];
    int pr = perm[r];
    if (pr >= 0) y[pr] = sum;
}

// SpMM C = A B: A sparse in CSR (rows × rows), B and C dense with
// SPMM_K columns, row-major. A thread a row (SPMM_K accumulators in
// registers), a warp a row with a lane a column (A's entries read by
// every lane), or a warp a row with A's entries read once by the lanes
// and passed round by shuffles.
#define SPMM_K 32

extern "C" __global__ void spmm_thread(const int *rowptr, const int *col, const float *val, const float *b,
                                       float *c, int rows) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float acc[SPMM_K];
#pragma unroll
    for (int j = 0; j < SPMM_K; j++) acc[j] = 0.0f;
    for (int k = rowptr[r]; k < rowptr[r + 1]; k++) {
        const float *br = b + col[k] * SPMM_K;
        float v = val[k];
#pragma unroll
        for (int j = 0; j < SPMM_K; j++) acc[j] += v * br[j];
    }
#pragma unroll
    for (int j = 0; j < SPMM_K; j++) c[r * SPMM_K + j] = acc[j];
}

extern "C" __global__ void spmm_warp(const int *rowptr, const int *col, const float *val, const float *b,
                                     float *c, int rows) {
    int r = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x & 31;
    if (r >= rows) return; // whole warps leave together
    float s = 0.0f;
    for (int k = rowptr[r]; k < rowptr[r + 1]; k++) s += val[k] * b[col[k] * SPMM_K + lane];
    c[r * SPMM_K + lane] = s;
}

extern "C" __global__ void spmm_warp_shfl(const int *rowptr, const int *col, const float *val, const float *b,
                                          float *c, int rows) {
    int r = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x & 31;
    if (r >= rows) return; // whole warps leave together
    int lo = rowptr[r], hi = rowptr[r + 1];
    float s = 0.0f;
    for (int base = lo; base < hi; base += 32) {
        int k = base + lane, cnt = min(32, hi - base);
        int ck = k < hi ? col[k] : 0;
        float vk = k < hi ? val[k] : 0.0f;
        for (int j = 0; j < cnt; j++)
            s += __shfl_sync(0xffffffff, vk, j) * b[__shfl_sync(0xffffffff, ck, j) * SPMM_K + lane];
    }
    c[r * SPMM_K + lane] = s;
}

// SDDMM: out[k] = s[k] · (A[row[k]] · B[col[k]]) for each entry k of a
// sparse pattern (sorted by row; rowptr its CSR row pointers), A and B
// dense with SPMM_K columns. A thread an entry, a warp an entry (a lane a
// column, shuffles to sum), or a warp a row (A's row held a column a lane).
extern "C" __global__ void sddmm_thread(const int *row, const int *col, const int *rowptr, const float *s,
                                        const float *a, const float *b, float *out, int rows, int nnz) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= nnz) return;
    const float *ar = a + row[k] * SPMM_K, *bc = b + col[k] * SPMM_K;
    float d = 0.0f;
#pragma unroll
    for (int j = 0; j < SPMM_K; j++) d += ar[j] * bc[j];
    out[k] = s[k] * d;
}

extern "C" __global__ void sddmm_warp(const int *row, const int *col, const int *rowptr, const float *s,
                                      const float *a, const float *b, float *out, int rows, int nnz) {
    int k = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x & 31;
    if (k >= nnz) return; // whole warps leave together
    float d = a[row[k] * SPMM_K + lane] * b[col[k] * SPMM_K + lane];
    for (int o = 16; o > 0; o /= 2) d += __shfl_xor_sync(0xffffffff, d, o);
    if (lane == 0) out[k] = s[k] * d;
}

extern "C" __global__ void sddmm_warp_row(const int *row, const int *col, const int *rowptr, const float *s,
                                          const float *a, const float *b, float *out, int rows, int nnz) {
    int r = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x & 31;
    if (r >= rows) return; // whole warps leave together
    float ar = a[r * SPMM_K + lane];
    for (int k = rowptr[r]; k < rowptr[r + 1]; k++) {
        float d = ar * b[col[k] * SPMM_K + lane];
        for (int o = 16; o > 0; o /= 2) d += __shfl_xor_sync(0xffffffff, d, o);
        if (lane == 0) out[k] = s[k] * d;
    }
}
