// Seed 001's matrix_mul3 (32x32 shared tiles, no bounds checks) on n = 48,
// grid (1, ceil(n/32)) so that no two blocks write the same element: rows
// 48 to 63 of the second block read past a's end and write past out's end.
extern "C" __global__ void matrix_mul3(float *out, float *a, float *b, int n) {
    __shared__ float temp_a[32][32];
    __shared__ float temp_b[32][32];
    int tid_x = threadIdx.x;
    int tid_y = threadIdx.y;
    int bid_x = blockIdx.x;
    int bid_y = blockIdx.y;
    int x = bid_x * blockDim.x + tid_x;
    int y = bid_y * blockDim.y + tid_y;
    float temp_f = 0.0;
    for (int block = 0; block < n / 32; block++) {
        int offset_a = bid_y * blockDim.x * n + block * blockDim.x;
        int offset_b = block * blockDim.x * n + bid_x * blockDim.x;
        temp_a[tid_y][tid_x] = a[offset_a + tid_y * n + tid_x];
        temp_b[tid_y][tid_x] = b[offset_b + tid_y * n + tid_x];
        __syncthreads();
        for (int k = 0; k < 32; k++) {
            temp_f += temp_a[tid_y][k] * temp_b[k][tid_x];
        }
        __syncthreads();
    }
    out[y * n + x] = temp_f;
}
