// Lab stencil3d (seed 000): one step of a 27-point stencil in double.
//
//   out[x,y,z] = Σ_{dx,dy,dz ∈ {-1,0,1}} α(dx,dy,dz) · in[x+dx, y+dy, z+dz]
//
// Layout: nx×ny×nz interior cells plus a halo of one cell on every side, so
// the arrays are (nx+2)×(ny+2)×(nz+2) doubles with x fastest; interior cells
// have coordinates 1…nx (1…ny, 1…nz). The host iterates nt steps, swapping
// in and out (ping-pong). Stencil kernels write interior cells only: the
// halo is a fixed boundary condition, which st_halo copies into each buffer
// before the steps.
//
// Flops: 27 multiplies and 26 adds per interior cell (53), whatever the
// kernel's summation order.
//
// The stencil kernels take any block shape up to 1024 threads:
// __launch_bounds__(1024) keeps their registers within what such a block
// may use.

// α(dx,dy,dz): 27 distinct weights (1…27)/378. They sum to 1, so a step is a
// weighted average and the values stay bounded over many steps; being
// distinct, a kernel that swaps two axes or mirrors an offset gets a wrong
// answer. With dx, dy and dz known at compile time (the loops below are
// unrolled) each α folds to a constant, like the seed's ALPHA_xyz macros.
#define ALPHA(dx, dy, dz) ((double)(1 + ((dx) + 1) + 3 * ((dy) + 1) + 9 * ((dz) + 1)) / 378.0)

// stencil27 is the 27-term sum around offset c of an array whose rows are sx
// elements apart and whose planes are sxy apart: the same code reads global
// memory (baseline) or a shared-memory tile.
__device__ __forceinline__ double stencil27(const double *p, int c, int sx, int sxy) {
    double acc = 0.0;
#pragma unroll
    for (int dz = -1; dz <= 1; ++dz)
#pragma unroll
        for (int dy = -1; dy <= 1; ++dy)
#pragma unroll
            for (int dx = -1; dx <= 1; ++dx)
                acc += ALPHA(dx, dy, dz) * p[c + dx + dy * sx + dz * sxy];
    return acc;
}

// st_global: one thread per interior cell, every operand read from global
// memory (the caches catch the reuse between neighbours). The baseline.
extern "C" __global__ void __launch_bounds__(1024)
st_global(const double *__restrict__ in, double *__restrict__ out, int nx, int ny, int nz) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x + 1;
    const int y = blockIdx.y * blockDim.y + threadIdx.y + 1;
    const int z = blockIdx.z * blockDim.z + threadIdx.z + 1;
    if (x > nx || y > ny || z > nz) return; // safe: this kernel has no barrier
    const int sx = nx + 2, sxy = sx * (ny + 2);
    const int c = x + sx * y + sxy * z;
    out[c] = stencil27(in, c, sx, sxy);
}

// st_shared: a block of bx×by×bz threads computes bx×by×bz cells from a
// shared tile of (bx+2)×(by+2)×(bz+2) doubles (dynamic shared memory), any
// block shape.
//
// The seed let only the threads on the block's faces load halo cells, and
// missed some edges and corners. Here the whole block walks the tile as one
// flat array, thread t loading cells t, t + threads, t + 2·threads, ...: every
// tile cell — interior, face, edge or corner — is loaded exactly once, and
// consecutive threads read consecutive x (coalesced).
extern "C" __global__ void __launch_bounds__(1024)
st_shared(const double *__restrict__ in, double *__restrict__ out, int nx, int ny, int nz) {
    extern __shared__ double tile[];
    const int tx = blockDim.x + 2, ty = blockDim.y + 2, tz = blockDim.z + 2;
    const int sx = nx + 2, sy = ny + 2, sz = nz + 2, sxy = sx * sy;
    // Stored coordinates of tile cell (0,0,0): the halo cell just before the
    // block's first interior cell.
    const int x0 = blockIdx.x * blockDim.x, y0 = blockIdx.y * blockDim.y, z0 = blockIdx.z * blockDim.z;
    const int threads = blockDim.x * blockDim.y * blockDim.z;
    const int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);

    for (int t = tid; t < tx * ty * tz; t += threads) {
        const int lx = t % tx, ly = (t / tx) % ty, lz = t / (tx * ty);
        const int gx = x0 + lx, gy = y0 + ly, gz = z0 + lz;
        // A partial block at the far edge has tile cells past the array:
        // skip them. Only threads that compute nothing would read them.
        if (gx < sx && gy < sy && gz < sz) tile[t] = in[gx + sx * gy + sxy * gz];
    }
    __syncthreads(); // every thread gets here: none has returned

    const int x = x0 + threadIdx.x + 1, y = y0 + threadIdx.y + 1, z = z0 + threadIdx.z + 1;
    if (x > nx || y > ny || z > nz) return;
    const int c = (threadIdx.x + 1) + tx * ((threadIdx.y + 1) + ty * (threadIdx.z + 1));
    out[x + sx * y + sxy * z] = stencil27(tile, c, tx, tx * ty);
}

// st_halo copies the halo of src into dst: the six faces of the stored
// array, each cell once. blockIdx.z picks the face and (a, b) runs over it:
// the z faces (0, 1) take whole x–y planes, the y faces (2, 3) the rest of
// their x–z planes, the x faces (4, 5) what is left, so edges and corners
// belong to exactly one face.
extern "C" __global__ void st_halo(const double *__restrict__ src, double *__restrict__ dst,
                                   int nx, int ny, int nz) {
    const int sx = nx + 2, sy = ny + 2, sz = nz + 2;
    const int a = blockIdx.x * blockDim.x + threadIdx.x;
    const int b = blockIdx.y * blockDim.y + threadIdx.y;
    const int face = blockIdx.z, far = face & 1;
    int x, y, z;
    if (face < 2) {
        x = a, y = b, z = far ? sz - 1 : 0;
        if (x >= sx || y >= sy) return;
    } else if (face < 4) {
        x = a, y = far ? sy - 1 : 0, z = b + 1;
        if (x >= sx || z >= sz - 1) return;
    } else {
        x = far ? sx - 1 : 0, y = a + 1, z = b + 1;
        if (y >= sy - 1 || z >= sz - 1) return;
    }
    const int c = x + sx * (y + sy * z);
    dst[c] = src[c];
}

// plane9 is the part of the stencil that one input plane contributes to the
// output plane dz away: its 9 register values weighted by α(·,·,dz).
__device__ __forceinline__ double plane9(const double r[9], int dz) {
    double acc = 0.0;
#pragma unroll
    for (int dy = -1; dy <= 1; ++dy)
#pragma unroll
        for (int dx = -1; dx <= 1; ++dx)
            acc += ALPHA(dx, dy, dz) * r[3 * (dy + 1) + (dx + 1)];
    return acc;
}

// st_25d: "2.5D" blocking (Efficient 3D stencil computations using CUDA).
// A block of bx×by threads owns a column of bx×by cells through all z. It
// streams the input planes k = 0 … nz+1 through a shared tile of
// (bx+2)×(by+2) doubles; each thread copies its 9 neighbours of plane k into
// registers, and plane k feeds three outputs:
//   out(k+1) through α(·,·,-1), out(k) through α(·,·,0), out(k-1) through α(·,·,+1).
// Two running partial sums carry those contributions until out(k-1) is
// complete, so each input value is loaded from global memory once and read
// from shared memory 9 times instead of 27.
extern "C" __global__ void __launch_bounds__(1024)
st_25d(const double *__restrict__ in, double *__restrict__ out, int nx, int ny, int nz) {
    extern __shared__ double plane[];
    const int px = blockDim.x + 2, py = blockDim.y + 2;
    const int sx = nx + 2, sy = ny + 2, sxy = sx * sy;
    const int x0 = blockIdx.x * blockDim.x, y0 = blockIdx.y * blockDim.y;
    const int threads = blockDim.x * blockDim.y;
    const int tid = threadIdx.x + blockDim.x * threadIdx.y;
    const int x = x0 + threadIdx.x + 1, y = y0 + threadIdx.y + 1;
    // Threads past the edge still load and reach every barrier; they only
    // skip the arithmetic and the store.
    const bool active = x <= nx && y <= ny;
    const int c = (threadIdx.x + 1) + px * (threadIdx.y + 1);

    double below = 0.0; // partial sum of out(k-1): planes k-2 and k-1 so far
    double here = 0.0;  // partial sum of out(k): plane k-1 so far
    for (int k = 0; k <= nz + 1; ++k) {
        __syncthreads(); // all reads of plane k-1 are done before it is overwritten
        for (int t = tid; t < px * py; t += threads) {
            const int gx = x0 + t % px, gy = y0 + t / px;
            if (gx < sx && gy < sy) plane[t] = in[gx + sx * gy + sxy * k];
        }
        __syncthreads();
        if (!active) continue;
        double r[9];
#pragma unroll
        for (int dy = -1; dy <= 1; ++dy)
#pragma unroll
            for (int dx = -1; dx <= 1; ++dx)
                r[3 * (dy + 1) + (dx + 1)] = plane[c + dx + px * dy];
        if (k >= 2) out[x + sx * y + sxy * (k - 1)] = below + plane9(r, 1);
        below = here + plane9(r, 0);
        here = plane9(r, -1);
    }
}
