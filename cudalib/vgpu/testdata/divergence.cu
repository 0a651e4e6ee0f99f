// Divergence and reconvergence: if/else chains whose sides do different
// memory operations (so NVRTC keeps the branches), loops with per-lane trip
// counts and divergent exits, an early return before a barrier, and
// __activemask after each join (every live lane must be back).
extern "C" __global__ void ifelse(int* out, int* side, const int* in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = in[i];
    if (v % 3 == 0) {
        side[i] = v * 2;
    } else if (v % 3 == 1) {
        atomicAdd(&side[n], 1);
    } else {
        side[i] = in[(i + 1) % n] - v;
    }
    out[i] = v + 1000 * __popc(__activemask());
}

extern "C" __global__ void trips(int* out, const int* counts, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int s = 0;
    for (int k = 0; k < counts[i]; k++) {
        if (k % 5 == 4) continue;
        s += k * k;
        if (s > 5000) break;
    }
    out[i] = s + 100000 * __popc(__activemask());
}

extern "C" __global__ void early_return(int* out, int live) {
    __shared__ int sh[256];
    int t = threadIdx.x;
    if (t >= live) return; // whole warps and part of one leave before the barrier
    sh[t] = t * 3;
    __syncthreads();
    out[blockIdx.x * blockDim.x + t] = sh[(t + 1) % live];
}

extern "C" __global__ void block_sum(const int* in, int* out) {
    __shared__ int sh[256];
    int t = threadIdx.x;
    sh[t] = in[blockIdx.x * 256 + t];
    __syncthreads();
    for (int s = 128; s > 0; s >>= 1) {
        if (t < s) sh[t] += sh[t + s];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = sh[0];
}
