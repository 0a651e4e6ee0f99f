// Divergence: half the threads run one loop of math and half another,
// split by lane parity (both paths in every warp), by warp, or not at all
// (every thread runs both and selects).
__device__ float path_a(float x) {
    for (int r = 0; r < 32; r++) x = x * 1.0001f + 0.5f;
    return x;
}
__device__ float path_b(float x) {
    for (int r = 0; r < 32; r++) x = x * 0.9999f - 0.25f;
    return x;
}

extern "C" __global__ void branch_lanes(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[i] = (i & 1) ? path_a(in[i]) : path_b(in[i]);
}

extern "C" __global__ void branch_warps(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    // The same split as branch_lanes, with the elements of odd i read by
    // one warp and those of even i by the next.
    int w = i >> 5, lane = i & 31;
    int j = (w & ~1) * 32 + 2 * lane + (w & 1);
    if (j >= n) return;
    out[j] = (j & 1) ? path_a(in[j]) : path_b(in[j]);
}

extern "C" __global__ void branch_both(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float a = path_a(in[i]), b = path_b(in[i]);
    out[i] = (i & 1) ? a : b;
}

// Mandelbrot escape counts over an n×n grid, at most 256 iterations:
// warps whose pixels escape at different times diverge; in float or in
// double.
// The window's corner (x0, y0) and width w, drawn at random, are in win.
extern "C" __global__ void mandel_float(int *out, const float *win, int n) {
    float x0 = win[0], y0 = win[1], w = win[2];
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= n || y >= n) return;
    float cr = x0 + w * x / n, ci = y0 + w * y / n, zr = 0.0f, zi = 0.0f;
    int k = 0;
    while (k < 256 && zr * zr + zi * zi < 4.0f) {
        float t = zr * zr - zi * zi + cr;
        zi = 2.0f * zr * zi + ci;
        zr = t;
        k++;
    }
    out[y * n + x] = k;
}

extern "C" __global__ void mandel_double(int *out, const float *win, int n) {
    float x0 = win[0], y0 = win[1], w = win[2];
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= n || y >= n) return;
    double cr = x0 + (double)w * x / n, ci = y0 + (double)w * y / n, zr = 0.0, zi = 0.0;
    int k = 0;
    while (k < 256 && zr * zr + zi * zi < 4.0) {
        double t = zr * zr - zi * zi + cr;
        zi = 2.0 * zr * zi + ci;
        zr = t;
        k++;
    }
    out[y * n + x] = k;
}
