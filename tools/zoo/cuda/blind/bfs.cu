// Level-synchronous breadth-first search from vertex 0 on a graph in CSR:
// dist[v] is v's level, -1 while unreached. bfs_init resets the search;
// then a launch per level either scans every vertex for those on the
// frontier (a thread per vertex), or expands a queue of the frontier that
// the previous level filled (a thread or a warp per queued vertex; a
// vertex is claimed by atomicCAS and appended by atomicAdd). counts[l] is
// the length of level l's queue; the queues alternate between two buffers.
extern "C" __global__ void bfs_init(int *dist, int *counts, int *queue, int n, int levels) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) dist[i] = i == 0 ? 0 : -1;
    if (i <= levels) counts[i] = i == 0 ? 1 : 0;
    if (i == 0) queue[0] = 0;
}

extern "C" __global__ void bfs_scan(const int *rowptr, const int *col, int *dist, int n, int level) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n || dist[v] != level) return;
    for (int k = rowptr[v]; k < rowptr[v + 1]; k++) {
        int u = col[k];
        if (dist[u] < 0) dist[u] = level + 1; // racing writers write the same level
    }
}

__device__ void bfs_visit(int u, int *dist, int *qout, int *counts, int level) {
    if (dist[u] < 0 && atomicCAS(&dist[u], -1, level + 1) == -1)
        qout[atomicAdd(&counts[level + 1], 1)] = u;
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
