// One Jacobi step of the 5-point Laplace stencil on an n×n grid (edges
// copied): straight from global memory, through a shared tile with its
// halo, or with each thread walking a column of 8 points keeping its
// neighbours above and below in registers.
extern "C" __global__ void jacobi_global(const float *u, float *v, int n) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= n || y >= n) return;
    int i = y * n + x;
    if (x == 0 || y == 0 || x == n - 1 || y == n - 1) {
        v[i] = u[i];
        return;
    }
    v[i] = 0.25f * (u[i - 1] + u[i + 1] + u[i - n] + u[i + n]);
}

#define TX 32
#define TY 8
extern "C" __global__ void jacobi_shared(const float *u, float *v, int n) {
    __shared__ float s[TY + 2][TX + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * TX + tx, y = blockIdx.y * TY + ty;
    bool in = x < n && y < n;
    if (in) s[ty + 1][tx + 1] = u[y * n + x];
    if (tx == 0 && x > 0 && y < n) s[ty + 1][0] = u[y * n + x - 1];
    if (tx == TX - 1 && x + 1 < n && y < n) s[ty + 1][TX + 1] = u[y * n + x + 1];
    if (ty == 0 && y > 0 && x < n) s[0][tx + 1] = u[(y - 1) * n + x];
    if (ty == TY - 1 && y + 1 < n && x < n) s[TY + 1][tx + 1] = u[(y + 1) * n + x];
    __syncthreads();
    if (!in) return;
    if (x == 0 || y == 0 || x == n - 1 || y == n - 1) {
        v[y * n + x] = s[ty + 1][tx + 1];
        return;
    }
    v[y * n + x] = 0.25f * (s[ty + 1][tx] + s[ty + 1][tx + 2] + s[ty][tx + 1] + s[ty + 2][tx + 1]);
}

// A 1D block of threads along x; each thread does 8 rows.
extern "C" __global__ void jacobi_columns(const float *u, float *v, int n) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y0 = blockIdx.y * 8;
    if (x >= n) return;
    float up = y0 > 0 ? u[(y0 - 1) * n + x] : 0.0f, mid = u[y0 * n + x];
    for (int y = y0; y < min(y0 + 8, n); y++) {
        float down = y + 1 < n ? u[(y + 1) * n + x] : 0.0f;
        int i = y * n + x;
        if (x == 0 || y == 0 || x == n - 1 || y == n - 1) v[i] = mid;
        else v[i] = 0.25f * (u[i - 1] + u[i + 1] + up + down);
        up = mid;
        mid = down;
    }
}
