// One generation of Conway's Game of Life on an n×n torus (n a multiple
// of 32): an int a cell read from global memory, an int a cell through a
// 32×8 shared tile with its halo, or 32 cells a word counted by
// bit-sliced adders (a thread a word).
__device__ int life_rule(int alive, int c) { return c == 3 || (c == 2 && alive); }

extern "C" __global__ void life_global(const int *in, int *out, int n) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= n || y >= n) return;
    int xs[3] = {x == 0 ? n - 1 : x - 1, x, x == n - 1 ? 0 : x + 1};
    int ys[3] = {y == 0 ? n - 1 : y - 1, y, y == n - 1 ? 0 : y + 1};
    int c = 0;
    for (int dy = 0; dy < 3; dy++)
        for (int dx = 0; dx < 3; dx++)
            if (dx != 1 || dy != 1) c += in[ys[dy] * n + xs[dx]];
    out[y * n + x] = life_rule(in[y * n + x], c);
}

__device__ int life_wrap(int v, int n) { return v < 0 ? v + n : (v >= n ? v - n : v); }

// Blocks of 32×8 threads.
extern "C" __global__ void life_shared(const int *in, int *out, int n) {
    __shared__ int t[10][34];
    int x0 = blockIdx.x * 32 - 1, y0 = blockIdx.y * 8 - 1;
    for (int j = threadIdx.y * 32 + threadIdx.x; j < 10 * 34; j += 256)
        t[j / 34][j % 34] = in[life_wrap(y0 + j / 34, n) * n + life_wrap(x0 + j % 34, n)];
    __syncthreads();
    int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
    int c = t[ty - 1][tx - 1] + t[ty - 1][tx] + t[ty - 1][tx + 1] + t[ty][tx - 1] + t[ty][tx + 1] +
            t[ty + 1][tx - 1] + t[ty + 1][tx] + t[ty + 1][tx + 1];
    out[(y0 + ty) * n + x0 + tx] = life_rule(t[ty][tx], c);
}

// Bit b of word (y, w) is cell (y, 32w + b); w < n/32.
extern "C" __global__ void life_packed(const unsigned *in, unsigned *out, int n) {
    int w = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y, words = n / 32;
    if (w >= words || y >= n) return;
    int rows[3] = {y == 0 ? n - 1 : y - 1, y, y == n - 1 ? 0 : y + 1};
    int wl = w == 0 ? words - 1 : w - 1, wr = w == words - 1 ? 0 : w + 1;
    unsigned s0 = 0, s1 = 0, s2 = 0, alive = in[y * words + w]; // the count of neighbours, mod 8
    for (int k = 0; k < 3; k++) {
        const unsigned *r = in + rows[k] * words;
        unsigned c = r[w], west = (c << 1) | (r[wl] >> 31), east = (c >> 1) | (r[wr] << 31);
        unsigned add[3] = {west, k == 1 ? 0U : c, east};
        for (int j = 0; j < 3; j++) {
            unsigned c0 = s0 & add[j];
            s0 ^= add[j];
            unsigned c1 = s1 & c0;
            s1 ^= c0;
            s2 ^= c1;
        }
    }
    out[y * words + w] = ~s2 & s1 & (s0 | alive);
}
