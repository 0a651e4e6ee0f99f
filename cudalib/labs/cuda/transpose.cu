// Matrix transpose (seed 004's bank-conflict micro-benchmark):
// out[j][i] = in[i][j] for an n×n float matrix, row-major.
//
// A transpose does no arithmetic: it is pure memory traffic, and how fast
// it runs depends only on how well the accesses are grouped. A warp's 32
// loads or stores are fast when they hit consecutive addresses (coalesced);
// a naive transpose can make only one side consecutive.
//
// Indices are int: the lab keeps n <= 16384, so i*n + j < 2^31.

// 1. Naive: launch (32, 8)-thread blocks on a grid of
// (ceil(n/32), ceil(n/8)). Thread (x, y) moves one element. Its reads of a
// row are coalesced; its writes go down a column, n floats apart, so each
// of a warp's 32 stores is a separate memory transaction.
__global__ void transpose_naive(float* __restrict__ out, const float* __restrict__ in, int n)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < n && y < n) {
        out[x * n + y] = in[y * n + x];
    }
}

// 2. Through a shared-memory tile: launch (32, 8)-thread blocks on a grid of
// (ceil(n/32), ceil(n/32)); each block moves one 32×32 tile, each thread 4
// elements. The block reads the tile row by row (coalesced) into shared
// memory, then writes the transposed tile row by row (coalesced), reading
// shared memory down a column.
//
// Reading a column is where bank conflicts come in. Shared memory has 32
// banks; word w is in bank w % 32. With rows of LD = 32 floats, tile[tx][r]
// for tx = 0..31 are words tx*32 + r: all in bank r, a 32-way conflict
// that serialises the warp's read. With LD = 33 they are in banks
// (tx + r) % 32: all different, no conflict.
#define TILE 32
#define ROWS 8 // blockDim.y: each thread moves TILE / ROWS elements
template <int LD>
__global__ void transpose_tiled(float* __restrict__ out, const float* __restrict__ in, int n)
{
    __shared__ float tile[TILE][LD];
    const int tx = threadIdx.x, ty = threadIdx.y;

    // Read tile (bx, by) of in: rows by*TILE + ty + r, column bx*TILE + tx.
    int x = blockIdx.x * TILE + tx;
    for (int r = 0; r < TILE; r += ROWS) {
        const int y = blockIdx.y * TILE + ty + r;
        if (x < n && y < n) {
            tile[ty + r][tx] = in[y * n + x];
        }
    }
    __syncthreads(); // every thread reaches it: the bounds checks are on the copies only

    // Write it as tile (by, bx) of out: out row bx*TILE + ty + r, column
    // by*TILE + tx holds in[by*TILE + tx][bx*TILE + ty + r] = tile[tx][ty + r].
    x = blockIdx.y * TILE + tx;
    for (int r = 0; r < TILE; r += ROWS) {
        const int y = blockIdx.x * TILE + ty + r;
        if (x < n && y < n) {
            out[y * n + x] = tile[tx][ty + r];
        }
    }
}
