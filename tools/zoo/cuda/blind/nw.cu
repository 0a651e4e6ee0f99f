// Needleman–Wunsch global alignment scores of n pairs of sequences of
// NW_L letters (a[p*NW_L + i], b[p*NW_L + j]): match +1, mismatch -1, gap
// -2. last[p*NW_L + j] is the last row of pair p's score matrix. A thread
// aligns a pair row by row, keeping the row in a local array (indices
// known at run time) or in its column of shared memory; or a block of
// NW_L threads sweeps a pair's anti-diagonals, a thread a column, the
// last diagonals in shared memory.
#define NW_L 64
#define NW_GAP 2

__device__ int nw_sub(int a, int b) { return a == b ? 1 : -1; }

extern "C" __global__ void nw_thread_local(const int *a, const int *b, int *last, int n) {
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= n) return;
    int row[NW_L + 1];
    for (int j = 0; j <= NW_L; j++) row[j] = -NW_GAP * j;
    for (int i = 1; i <= NW_L; i++) {
        int ai = a[p * NW_L + i - 1], diag = row[0];
        row[0] = -NW_GAP * i;
#pragma unroll 1
        for (int j = 1; j <= NW_L; j++) {
            int up = row[j];
            row[j] = max(diag + nw_sub(ai, b[p * NW_L + j - 1]), max(up, row[j - 1]) - NW_GAP);
            diag = up;
        }
    }
    for (int j = 1; j <= NW_L; j++) last[p * NW_L + j - 1] = row[j];
}

// Blocks of 64 threads.
extern "C" __global__ void nw_thread_shared(const int *a, const int *b, int *last, int n) {
    __shared__ int s[(NW_L + 1) * 64];
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= n) return;
    int *row = s + threadIdx.x; // row[j * 64]
    for (int j = 0; j <= NW_L; j++) row[j * 64] = -NW_GAP * j;
    for (int i = 1; i <= NW_L; i++) {
        int ai = a[p * NW_L + i - 1], diag = row[0];
        row[0] = -NW_GAP * i;
#pragma unroll 1
        for (int j = 1; j <= NW_L; j++) {
            int up = row[j * 64];
            row[j * 64] = max(diag + nw_sub(ai, b[p * NW_L + j - 1]), max(up, row[(j - 1) * 64]) - NW_GAP);
            diag = up;
        }
    }
    for (int j = 1; j <= NW_L; j++) last[p * NW_L + j - 1] = row[j * 64];
}

// A block of NW_L threads a pair: thread j computes column j+1, cell
// (i, j+1) on anti-diagonal s = i + j - 1. d[s & 3][j] is its value after
// diagonal s (row 0's before it starts).
extern "C" __global__ void nw_wavefront(const int *a, const int *b, int *last, int n) {
    __shared__ int d[4][NW_L];
    int p = blockIdx.x, j = threadIdx.x;
    int bj = b[p * NW_L + j], val = -NW_GAP * (j + 1);
    d[3][j] = val; // diagonal -1
    __syncthreads();
    for (int s = 0; s < 2 * NW_L - 1; s++) {
        int i = s - j + 1;
        if (i >= 1 && i <= NW_L) {
            int left = j == 0 ? -NW_GAP * i : d[(s + 3) & 3][j - 1];
            int diag = j == 0 ? -NW_GAP * (i - 1) : d[(s + 2) & 3][j - 1];
            val = max(diag + nw_sub(a[p * NW_L + i - 1], bj), max(val, left) - NW_GAP);
            if (i == NW_L) last[p * NW_L + j] = val;
        }
        d[s & 3][j] = val;
        __syncthreads();
    }
}
