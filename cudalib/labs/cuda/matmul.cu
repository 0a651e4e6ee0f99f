// Matrix multiply (seed 001): C = A·B for n×n float matrices stored
// row-major (element (i, j) of A is a[i*n + j]).
//
// Each output element is a dot product of length n: 2n³ flops in all, on
// 3n² numbers. The naive kernels read every input n times from global
// memory; the tiled kernel loads each tile once into shared memory and lets
// the whole block reuse it, which is what makes it faster.
//
// Indices are int: the lab keeps n <= 16384, so i*n + j < 2^31.

// 1. One block of 16×16 threads with block-stride loops: <<<1, (16,16)>>>.
// Thread (x, y) computes rows y, y+16, ... and columns x, x+16, ...: the
// whole product runs on a single SM.
__global__ void mm_block(float* __restrict__ c, const float* __restrict__ a,
                         const float* __restrict__ b, int n)
{
    for (int i = threadIdx.y; i < n; i += blockDim.y) {
        for (int j = threadIdx.x; j < n; j += blockDim.x) {
            float sum = 0.0f;
            for (int k = 0; k < n; ++k) {
                sum += a[i * n + k] * b[k * n + j];
            }
            c[i * n + j] = sum;
        }
    }
}

// 2. Grid-stride loops in two dimensions: correct for any grid.
// With <<<(16,16), (16,16)>>> (the seed's launch) 256 blocks share the work;
// with a grid that covers the matrix, (ceil(n/16), ceil(n/16)), each
// thread computes exactly one element: the naive one-thread-per-element
// kernel. The loops then run once, or not at all for threads past the edge.
__global__ void mm_grid(float* __restrict__ c, const float* __restrict__ a,
                        const float* __restrict__ b, int n)
{
    const int strideY = blockDim.y * gridDim.y;
    const int strideX = blockDim.x * gridDim.x;
    for (int i = blockIdx.y * blockDim.y + threadIdx.y; i < n; i += strideY) {
        for (int j = blockIdx.x * blockDim.x + threadIdx.x; j < n; j += strideX) {
            float sum = 0.0f;
            for (int k = 0; k < n; ++k) {
                sum += a[i * n + k] * b[k * n + j];
            }
            c[i * n + j] = sum;
        }
    }
}

// 3. Shared-memory tiles: launch with blocks of TILE×TILE threads and a grid
// of (ceil(n/TILE), ceil(n/TILE)); thread (tx, ty) of block (bx, by)
// computes C[by*TILE + ty][bx*TILE + tx].
//
// The block walks along the row band of A and the column band of B one
// TILE×TILE tile at a time: every thread loads one element of each tile,
// the block waits (__syncthreads) until both tiles are complete, then each
// thread takes TILE products from shared memory. Each global element is
// thus loaded by n/TILE blocks instead of n threads.
//
// Any n works: elements of a tile that fall outside the matrix are loaded
// as 0, so they add nothing to the sums, and only threads inside the matrix
// store a result. The loop's trip count depends on n only, so every thread
// of the block reaches both barriers on every trip.
template <int TILE>
__global__ void mm_tiled(float* __restrict__ c, const float* __restrict__ a,
                         const float* __restrict__ b, int n)
{
    __shared__ float ta[TILE][TILE]; // ta[ty][k] = A[row][t + k]
    __shared__ float tb[TILE][TILE]; // tb[k][tx] = B[t + k][col]
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;
    float sum = 0.0f;
    for (int t = 0; t < n; t += TILE) {
        ta[ty][tx] = (row < n && t + tx < n) ? a[row * n + t + tx] : 0.0f;
        tb[ty][tx] = (t + ty < n && col < n) ? b[(t + ty) * n + col] : 0.0f;
        __syncthreads(); // both tiles loaded
#pragma unroll
        for (int k = 0; k < TILE; ++k) {
            sum += ta[ty][k] * tb[k][tx];
        }
        __syncthreads(); // everyone done with the tiles before they are overwritten
    }
    if (row < n && col < n) {
        c[row * n + col] = sum;
    }
}
