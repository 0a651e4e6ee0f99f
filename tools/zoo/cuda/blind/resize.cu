// Resampling an m×m image to n×n (pixel centres aligned, edges clamped):
// bilinear (4 taps) or bicubic Catmull–Rom (16 taps), interpolated by
// hand from global memory. 2D blocks, a thread an output pixel.
__device__ float resize_coord(int o, int m, int n) {
    return fminf(fmaxf((o + 0.5f) * ((float)m / n) - 0.5f, 0.0f), m - 1.0f);
}

extern "C" __global__ void resize_bilinear(const float *in, float *out, int m, int n) {
    int ox = blockIdx.x * blockDim.x + threadIdx.x, oy = blockIdx.y * blockDim.y + threadIdx.y;
    if (ox >= n || oy >= n) return;
    float fx = resize_coord(ox, m, n), fy = resize_coord(oy, m, n);
    int x0 = min((int)fx, m - 2), y0 = min((int)fy, m - 2);
    float tx = fx - x0, ty = fy - y0;
    const float *r0 = in + y0 * m + x0, *r1 = r0 + m;
    out[oy * n + ox] = (1 - ty) * ((1 - tx) * r0[0] + tx * r0[1]) + ty * ((1 - tx) * r1[0] + tx * r1[1]);
}

__device__ void cubic_weights(float t, float w[4]) {
    w[0] = ((-0.5f * t + 1.0f) * t - 0.5f) * t;
    w[1] = (1.5f * t - 2.5f) * t * t + 1.0f;
    w[2] = ((-1.5f * t + 2.0f) * t + 0.5f) * t;
    w[3] = (0.5f * t - 0.5f) * t * t;
}

extern "C" __global__ void resize_bicubic(const float *in, float *out, int m, int n) {
    int ox = blockIdx.x * blockDim.x + threadIdx.x, oy = blockIdx.y * blockDim.y + threadIdx.y;
    if (ox >= n || oy >= n) return;
    float fx = resize_coord(ox, m, n), fy = resize_coord(oy, m, n);
    int x0 = (int)fx, y0 = (int)fy;
    float wx[4], wy[4];
    cubic_weights(fx - x0, wx);
    cubic_weights(fy - y0, wy);
    float s = 0.0f;
    for (int dy = 0; dy < 4; dy++) {
        const float *row = in + min(max(y0 + dy - 1, 0), m - 1) * m;
        float r = 0.0f;
        for (int dx = 0; dx < 4; dx++) r += wx[dx] * row[min(max(x0 + dx - 1, 0), m - 1)];
        s += wy[dy] * r;
    }
    out[oy * n + ox] = s;
}
