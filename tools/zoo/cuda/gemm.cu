// C = A B for n×n row-major matrices (n a multiple of 64): naive with
// threadIdx.x along C's columns or along its rows, shared tiles of 16×16,
// and 64×64 tiles with a 4×4 block of C in each thread's registers.
extern "C" __global__ void gemm_naive(const float *a, const float *b, float *c, int n) {
    int col = blockIdx.x * blockDim.x + threadIdx.x, row = blockIdx.y * blockDim.y + threadIdx.y;
    float s = 0.0f;
    for (int k = 0; k < n; k++) s += a[row * n + k] * b[k * n + col];
    c[row * n + col] = s;
}

extern "C" __global__ void gemm_naive_rows(const float *a, const float *b, float *c, int n) {
    int row = blockIdx.x * blockDim.x + threadIdx.x, col = blockIdx.y * blockDim.y + threadIdx.y;
    float s = 0.0f;
    for (int k = 0; k < n; k++) s += a[row * n + k] * b[k * n + col];
    c[row * n + col] = s;
}

#define T 16
extern "C" __global__ void gemm_tiled(const float *a, const float *b, float *c, int n) {
    __shared__ float sa[T][T], sb[T][T];
    int tx = threadIdx.x, ty = threadIdx.y;
    int col = blockIdx.x * T + tx, row = blockIdx.y * T + ty;
    float s = 0.0f;
    for (int k0 = 0; k0 < n; k0 += T) {
        sa[ty][tx] = a[row * n + k0 + tx];
        sb[ty][tx] = b[(k0 + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < T; k++) s += sa[ty][k] * sb[k][tx];
        __syncthreads();
    }
    c[row * n + col] = s;
}

// 256 threads (16×16) compute a 64×64 tile of C, 4×4 each, from 64×16
// slices of A and 16×64 of B in shared memory.
#define BM 64
#define BK 16
extern "C" __global__ void gemm_regtile(const float *a, const float *b, float *c, int n) {
    __shared__ float sa[BK][BM]; // transposed: sa[k][row]
    __shared__ float sb[BK][BM];
    int tx = threadIdx.x, ty = threadIdx.y, t = ty * 16 + tx;
    int row0 = blockIdx.y * BM, col0 = blockIdx.x * BM;
    float acc[4][4] = {};
    for (int k0 = 0; k0 < n; k0 += BK) {
        for (int e = t; e < BM * BK; e += 256) {
            int r = e / BK, k = e % BK;
            sa[k][r] = a[(row0 + r) * n + k0 + k];
            int kb = e / BM, cb = e % BM;
            sb[kb][cb] = b[(k0 + kb) * n + col0 + cb];
        }
        __syncthreads();
        for (int k = 0; k < BK; k++) {
            float ra[4], rb[4];
            for (int i = 0; i < 4; i++) ra[i] = sa[k][ty * 4 + i];
            for (int j = 0; j < 4; j++) rb[j] = sb[k][tx * 4 + j];
            for (int i = 0; i < 4; i++)
                for (int j = 0; j < 4; j++) acc[i][j] += ra[i] * rb[j];
        }
        __syncthreads();
    }
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) c[(row0 + ty * 4 + i) * n + col0 + tx * 4 + j] = acc[i][j];
}
