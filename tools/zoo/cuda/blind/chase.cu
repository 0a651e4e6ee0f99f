// Pointer chasing: next is one random cycle; chains start at start[c] and
// take steps dependent loads each (128); out[c] is where chain c ends. A thread
// follows one chain, or four: interleaved (four loads in flight) or one
// after another (one in flight). chains is a multiple of 4.
extern "C" __global__ void chase_one(const int *next, const int *start, int *out, int chains, int steps) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= chains) return;
    int p = start[c];
    for (int s = 0; s < steps; s++) p = next[p];
    out[c] = p;
}

extern "C" __global__ void chase_four(const int *next, const int *start, int *out, int chains, int steps) {
    int t = blockIdx.x * blockDim.x + threadIdx.x, q = chains / 4;
    if (t >= q) return;
    int p0 = start[t], p1 = start[t + q], p2 = start[t + 2 * q], p3 = start[t + 3 * q];
    for (int s = 0; s < steps; s++) {
        p0 = next[p0];
        p1 = next[p1];
        p2 = next[p2];
        p3 = next[p3];
    }
    out[t] = p0;
    out[t + q] = p1;
    out[t + 2 * q] = p2;
    out[t + 3 * q] = p3;
}

extern "C" __global__ void chase_four_serial(const int *next, const int *start, int *out, int chains, int steps) {
    int t = blockIdx.x * blockDim.x + threadIdx.x, q = chains / 4;
    if (t >= q) return;
    for (int j = 0; j < 4; j++) {
        int p = start[t + j * q];
        for (int s = 0; s < steps; s++) p = next[p];
        out[t + j * q] = p;
    }
}
