// 2D convolution of an n×n image with a 5×5 filter (zero outside):
// straight from global memory, the image tile with halo in shared memory,
// or a thread computing two vertically adjacent outputs from the tile.
#define R 2
#define B 16
extern "C" __global__ void conv2d_global(const float *in, const float *w, float *out, int n) {
    int x = blockIdx.x * B + threadIdx.x, y = blockIdx.y * B + threadIdx.y;
    if (x >= n || y >= n) return;
    float s = 0.0f;
    for (int dy = -R; dy <= R; dy++)
        for (int dx = -R; dx <= R; dx++) {
            int xx = x + dx, yy = y + dy;
            if (xx >= 0 && xx < n && yy >= 0 && yy < n) s += w[(dy + R) * (2 * R + 1) + dx + R] * in[yy * n + xx];
        }
    out[y * n + x] = s;
}

// The block's (B+2R)² input tile, loaded by its threads (B wide) together.
__device__ void load_tile(float t[][B + 2 * R], const float *in, int n) {
    int x0 = blockIdx.x * B, y0 = blockIdx.y * B;
    for (int j = threadIdx.y * B + threadIdx.x; j < (B + 2 * R) * (B + 2 * R); j += B * blockDim.y) {
        int ty = j / (B + 2 * R), tx = j % (B + 2 * R);
        int xx = x0 + tx - R, yy = y0 + ty - R;
        t[ty][tx] = xx >= 0 && xx < n && yy >= 0 && yy < n ? in[yy * n + xx] : 0.0f;
    }
}

extern "C" __global__ void conv2d_tile(const float *in, const float *w, float *out, int n) {
    __shared__ float t[B + 2 * R][B + 2 * R];
    int x = blockIdx.x * B + threadIdx.x, y = blockIdx.y * B + threadIdx.y;
    load_tile(t, in, n);
    __syncthreads();
    if (x >= n || y >= n) return;
    float s = 0.0f;
    for (int dy = 0; dy <= 2 * R; dy++)
        for (int dx = 0; dx <= 2 * R; dx++) s += w[dy * (2 * R + 1) + dx] * t[threadIdx.y + dy][threadIdx.x + dx];
    out[y * n + x] = s;
}

// Blocks of 16×8 threads cover 16×16 outputs.
extern "C" __global__ void conv2d_tile2(const float *in, const float *w, float *out, int n) {
    __shared__ float t[B + 2 * R][B + 2 * R];
    int x = blockIdx.x * B + threadIdx.x, y = blockIdx.y * B + 2 * threadIdx.y;
    load_tile(t, in, n);
    __syncthreads();
    if (x >= n) return;
    float s0 = 0.0f, s1 = 0.0f;
    for (int dy = 0; dy <= 2 * R; dy++)
        for (int dx = 0; dx <= 2 * R; dx++) {
            float c = w[dy * (2 * R + 1) + dx];
            s0 += c * t[2 * threadIdx.y + dy][threadIdx.x + dx];
            s1 += c * t[2 * threadIdx.y + 1 + dy][threadIdx.x + dx];
        }
    if (y < n) out[y * n + x] = s0;
    if (y + 1 < n) out[(y + 1) * n + x] = s1;
}
