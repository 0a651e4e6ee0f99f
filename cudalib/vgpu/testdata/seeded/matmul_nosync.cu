// A tiled matmul (16x16 tiles, bounds-checked) missing the __syncthreads()
// after the inner product: the next tile's stores race with the reads of
// warps still on this tile (write-after-read).
#define T 16
extern "C" __global__ void mm_nosync(float *c, const float *a, const float *b, int n) {
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
    }
    if (row < n && col < n) {
        c[row * n + col] = sum;
    }
}
