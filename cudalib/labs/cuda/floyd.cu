// Lab floyd (seed 003): all-pairs shortest paths by Floyd–Warshall.
//
//   for k: for i, j: d[i][j] = min(d[i][j], d[i][k] + d[k][j])
//
// d is an n×n row-major int matrix: the V real vertices padded with isolated
// vertices up to a multiple of the blocking factor B, so no kernel needs a
// bounds check. INF (2^30 - 1) means "no path": INF + INF = 2^31 - 2 still
// fits in an int, so d[i][k] + d[k][j] never overflows, and a pair that is
// unreachable keeps INF.
//
// Why updating d in place is safe: weights are non-negative, so d[k][k] = 0
// and step k leaves row k and column k unchanged (d[i][k] + d[k][k] = d[i][k]).
// The values that every thread of step k reads are therefore the ones no
// thread changes.

// fw_global is one step k over the whole matrix, all in global memory, one
// launch per k: the GPU baseline of the optimisation ladder. With
// coalesced = 0 threadIdx.x walks the rows i, so the 32 threads of a warp
// touch 32 different rows (32 memory transactions per access); with
// coalesced = 1 it walks the columns j and a warp reads 32 consecutive ints
// (one transaction).
extern "C" __global__ void fw_global(int *d, int n, int k, int coalesced) {
    const int a = blockIdx.x * blockDim.x + threadIdx.x;
    const int b = blockIdx.y * blockDim.y + threadIdx.y;
    const int i = coalesced ? b : a, j = coalesced ? a : b;
    if (i >= n || j >= n) return;
    const int via = d[i * n + k] + d[k * n + j];
    if (via < d[i * n + j]) d[i * n + j] = via; // a branch, as in the seed's baseline
}

// Blocked Floyd–Warshall: the matrix is cut into B×B blocks. Round r takes
// the pivot k through block r's range in three phases:
//   phase 1: the pivot block (r,r) alone, one CUDA block;
//   phase 2: the rest of pivot row r and pivot column r, which need only
//            themselves and the pivot block;
//   phase 3: every other block (i,j), which needs block (i,r) and block (r,j).
// Each CUDA block loads the B×B blocks it needs into shared memory once and
// runs its B steps of k there. A block has T×T threads, T = min(B, 32) (at
// most 1024 threads), and each thread handles (B/T)² cells: for B = 64,
// 32×32 threads do 4 cells each. Thread (tx, ty) owns cells
// (ty + a·T, tx + b·T): consecutive threads of a warp touch consecutive
// columns, so global accesses are coalesced and shared reads of a row are
// free of bank conflicts.

// FW_THREADS is a block's thread count for blocking factor B. Declaring it
// with __launch_bounds__ makes the compiler keep each thread's registers
// within what a block of 1024 threads may use, so the launch always fits.
#define FW_T(B) ((B) < 32 ? (B) : 32)
#define FW_THREADS(B) (FW_T(B) * FW_T(B))

// relax lowers d to via. MIN selects min() — the same instruction for every
// thread — over the if-branch the seed started with; the compiler may turn
// either into the same code, which the timings show.
template <bool MIN>
__device__ __forceinline__ void relax(int &d, int via) {
    if (MIN) {
        d = min(d, via);
    } else if (via < d) {
        d = via;
    }
}

// each_cell calls f(a, b, i, j) for each of the thread's (B/T)² cells
// (i, j) = (ty + a·T, tx + b·T) of a B×B block. C is a compile-time
// constant, so the loops unroll and f inlines: the same code as writing the
// loops out in every phase.
template <int B, typename F>
__device__ __forceinline__ void each_cell(F f) {
    constexpr int T = FW_T(B), C = B / T;
#pragma unroll
    for (int a = 0; a < C; ++a)
#pragma unroll
        for (int b = 0; b < C; ++b)
            f(a, b, (int)threadIdx.y + a * T, (int)threadIdx.x + b * T);
}

// fw_phase1 relaxes the pivot block (r,r) through its own B pivots.
template <int B, bool MIN>
__global__ void __launch_bounds__(FW_THREADS(B)) fw_phase1(int *d, int n, int r) {
    __shared__ int p[B][B];
    const int o = r * B; // first row and column of the pivot block
    each_cell<B>([&](int, int, int i, int j) { p[i][j] = d[(o + i) * n + o + j]; });
    __syncthreads();
#pragma unroll
    for (int k = 0; k < B; ++k) {
        each_cell<B>([&](int, int, int i, int j) { relax<MIN>(p[i][j], p[i][k] + p[k][j]); });
        __syncthreads(); // step k+1 reads what step k wrote
    }
    each_cell<B>([&](int, int, int i, int j) { d[(o + i) * n + o + j] = p[i][j]; });
}

// fw_phase2 relaxes block blockIdx.x of pivot row r (blockIdx.y = 0) or of
// pivot column r (blockIdx.y = 1), using the finished pivot block.
template <int B, bool MIN>
__global__ void __launch_bounds__(FW_THREADS(B)) fw_phase2(int *d, int n, int r) {
    // The pivot block is phase 1's. The whole CUDA block returns, so no
    // thread is left waiting at a barrier.
    if (blockIdx.x == r) return;
    __shared__ int p[B][B]; // pivot block (r,r)
    __shared__ int s[B][B]; // this block
    const bool inRow = blockIdx.y == 0;
    const int oi = (inRow ? r : blockIdx.x) * B, oj = (inRow ? blockIdx.x : r) * B, o = r * B;
    each_cell<B>([&](int, int, int i, int j) {
        p[i][j] = d[(o + i) * n + o + j];
        s[i][j] = d[(oi + i) * n + oj + j];
    });
    __syncthreads();
#pragma unroll
    for (int k = 0; k < B; ++k) {
        // A row block's cell (i,j) goes through pivot row k of this block; a
        // column block's through pivot column k.
        each_cell<B>([&](int, int, int i, int j) {
            relax<MIN>(s[i][j], inRow ? p[i][k] + s[k][j] : s[i][k] + p[k][j]);
        });
        __syncthreads();
    }
    each_cell<B>([&](int, int, int i, int j) { d[(oi + i) * n + oj + j] = s[i][j]; });
}

// fw_phase3 relaxes block (blockIdx.y, blockIdx.x) through round r's pivots,
// reading block (i,r) and block (r,j), which phase 2 finished. Nothing it
// reads changes during the round, so the k loop needs no barrier and the
// thread's own cells stay in registers.
template <int B, bool MIN>
__global__ void __launch_bounds__(FW_THREADS(B)) fw_phase3(int *d, int n, int r) {
    if (blockIdx.x == r || blockIdx.y == r) return; // phase 1's and phase 2's blocks
    constexpr int C = B / FW_T(B); // cells per thread along each axis
    __shared__ int col[B][B]; // block (i,r): d[i][k]
    __shared__ int row[B][B]; // block (r,j): d[k][j]
    const int oi = blockIdx.y * B, oj = blockIdx.x * B, o = r * B;
    int v[C][C];
    each_cell<B>([&](int a, int b, int i, int j) {
        col[i][j] = d[(oi + i) * n + o + j];
        row[i][j] = d[(o + i) * n + oj + j];
        v[a][b] = d[(oi + i) * n + oj + j];
    });
    __syncthreads();
#pragma unroll
    for (int k = 0; k < B; ++k)
        each_cell<B>([&](int a, int b, int i, int j) { relax<MIN>(v[a][b], col[i][k] + row[k][j]); });
    each_cell<B>([&](int a, int b, int i, int j) { d[(oi + i) * n + oj + j] = v[a][b]; });
}
