// Shared-memory bank conflicts (seed 004): C = A·B for n×n floats, with A
// stored column-major (element (i, k) of A is ac[k*n + i]) and B and C
// row-major.
//
// Shared memory is split into 32 banks of 4-byte words: word w lives in bank
// w % 32. The 32 threads of a warp are served in one step when they touch
// 32 different banks (or the very same word: a broadcast); when several of
// them touch different words of one bank, the accesses are serialised: an
// "N-way bank conflict" takes N steps.
//
// Why A column-major makes a conflict: a warp should read global memory at
// consecutive addresses (coalesced). In column-major A those run down a
// column, so thread (tx, ty) loads A[row0 + tx][t + ty]: consecutive tx,
// consecutive rows. The dot products want the tile by row, so the load is
// stored transposed, sa[tx][ty]. With rows of TILE = 32 floats, the 32
// threads of a warp (tx = 0..31, same ty) then write words tx*32 + ty: all
// in bank ty, a 32-way conflict on every tile load. Padding each row to 33
// floats (LD = TILE | 1, as the seed does) moves word tx*33 + ty to bank
// (tx + ty) % 32: 32 different banks, no conflict. The padding costs one
// unused float per row.
//
// Indices are int: the lab keeps n <= 16384, so k*n + i < 2^31.

// Launch with blocks of TILE×TILE threads and a grid of
// (ceil(n/TILE), ceil(n/TILE)); LD is the row length of the A tile in shared
// memory: TILE (conflicts) or TILE | 1 (padded).
template <int TILE, int LD>
__global__ void mm_colmajor(float* __restrict__ c, const float* __restrict__ ac,
                            const float* __restrict__ b, int n)
{
    __shared__ float sa[TILE][LD];   // sa[i][k] = A[row0 + i][t + k]
    __shared__ float sb[TILE][TILE]; // sb[k][j] = B[t + k][col0 + j]
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row0 = blockIdx.y * TILE, col0 = blockIdx.x * TILE;
    float sum = 0.0f;
    for (int t = 0; t < n; t += TILE) {
        // Coalesced read down column t + ty of A; transposed store into sa.
        const int ar = row0 + tx, ak = t + ty;
        sa[tx][ty] = (ar < n && ak < n) ? ac[ak * n + ar] : 0.0f;
        sb[ty][tx] = (t + ty < n && col0 + tx < n) ? b[(t + ty) * n + col0 + tx] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k) {
            // sa[ty][k]: one word for the whole warp (a broadcast);
            // sb[k][tx]: 32 consecutive words, 32 banks. No conflicts here.
            sum += sa[ty][k] * sb[k][tx];
        }
        __syncthreads();
    }
    if (row0 + ty < n && col0 + tx < n) {
        c[(row0 + ty) * n + col0 + tx] = sum;
    }
}

// The other fix: do not transpose at all. Keep the A tile as it lies in
// memory, sak[k][i] = A[row0 + i][t + k], so the store sak[ty][tx] hits 32
// consecutive words; the dot product then reads sak[k][ty], which is one
// word per warp (a broadcast) when TILE = 32. Same launch as mm_colmajor.
template <int TILE>
__global__ void mm_colmajor_kmajor(float* __restrict__ c, const float* __restrict__ ac,
                                   const float* __restrict__ b, int n)
{
    __shared__ float sak[TILE][TILE]; // sak[k][i] = A[row0 + i][t + k]
    __shared__ float sb[TILE][TILE];  // sb[k][j] = B[t + k][col0 + j]
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row0 = blockIdx.y * TILE, col0 = blockIdx.x * TILE;
    float sum = 0.0f;
    for (int t = 0; t < n; t += TILE) {
        const int ar = row0 + tx, ak = t + ty;
        sak[ty][tx] = (ar < n && ak < n) ? ac[ak * n + ar] : 0.0f;
        sb[ty][tx] = (t + ty < n && col0 + tx < n) ? b[(t + ty) * n + col0 + tx] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k) {
            sum += sak[k][ty] * sb[k][tx];
        }
        __syncthreads();
    }
    if (row0 + ty < n && col0 + tx < n) {
        c[(row0 + ty) * n + col0 + tx] = sum;
    }
}
