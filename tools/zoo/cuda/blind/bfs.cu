// Level-synchronous breadth-first search from vertex 0 on an undirected
// graph in CSR: dist[v] is v's level, -1 while unreached. bfs_init resets
// the search; then a launch per level either has every unreached vertex
// look for a neighbour on the frontier (bottom-up, a thread a vertex,
// levels read from one array and written to the other), or expands a
// queue of the frontier that the previous level filled (top-down, a
// thread or a warp a queued vertex; a vertex is claimed by atomicCAS and
// appended by atomicAdd). counts[l] is the length of level l's queue; the
// queues alternate between two buffers. Blocks share data only through
// atomics or across launches.
extern "C" __global__ void bfs_init(int *dist, int *dist2, int *counts, int *queue, int n, int levels) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) dist[i] = dist2[i] = i == 0 ? 0 : -1;
    if (i <= levels) counts[i] = i == 0 ? 1 : 0;
    if (i == 0) queue[0] = 0;
}

extern "C" __global__ void bfs_pull(const int *rowptr, const int *col, const int *din, int *dout, int n, int level) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n) return;
    int d = din[v];
    if (d < 0)
        for (int k = rowptr[v]; k < rowptr[v + 1]; k++)
            if (din[col[k]] == level) {
                d = level + 1;
                break;
            }
    dout[v] = d;
}

__device__ void bfs_visit(int u, int *dist, int *qout, int *counts, int level) {
    if (atomicCAS(&dist[u], -1, level + 1) == -1) qout[atomicAdd(&counts[level + 1], 1)] = u;
}

extern "C" __global__ void bfs_queue(const int *rowptr, const int *col, int *dist, const int *qin,
                                     int *qout, int *counts, int level) {
    int len = counts[level];
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < len; i += gridDim.x * blockDim.x) {
        int v = qin[i];
        for (int k = rowptr[v]; k < rowptr[v + 1]; k++) bfs_visit(col[k], dist, qout, counts, level);
    }
}

extern "C" __global__ void bfs_queue_warp(const int *rowptr, const int *col, int *dist, const int *qin,
                                          int *qout, int *counts, int level) {
    int len = counts[level], lane = threadIdx.x & 31;
    int warps = gridDim.x * blockDim.x / 32;
    for (int i = (blockIdx.x * blockDim.x + threadIdx.x) / 32; i < len; i += warps) {
        int v = qin[i];
        for (int k = rowptr[v] + lane; k < rowptr[v + 1]; k += 32) bfs_visit(col[k], dist, qout, counts, level);
    }
}
