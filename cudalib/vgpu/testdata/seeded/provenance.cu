// Seeded bugs of issue 20 (written for culab's sanitizer catalogue): reads
// of memory a host copy wrote only in part or a plain launch never wrote,
// an index that leaves its buffer for another allocation, races between
// warps, and their correct counterparts.

// A launch that leaves acc alone: acc is still unwritten after it.
extern "C" __global__ void double_x(float* acc, float* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = 2.0f * x[i];
}

// Clears acc: after it, accumulate is correct.
extern "C" __global__ void zero_acc(float* acc, float* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) acc[i] = 0.0f;
}

// Accumulates into acc, which nothing may have cleared.
extern "C" __global__ void accumulate(float* acc, float* x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) acc[i] += x[i];
}

// Reads n elements of in, of which the host wrote only some.
extern "C" __global__ void scale(float* out, const float* in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 3.0f * in[i];
}

// The shift is in bytes where elements were meant: far past the end.
extern "C" __global__ void shift_store(float* out, const float* in, int n, int shift) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i + shift] = in[i];
}

// Picks one of two buffers: every access stays inside the one it picked.
extern "C" __global__ void pick_buffer(float* a, float* b, int n, int which) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float* p = which ? a : b;
    if (i < n) {
        p[i] = (float)i;
        p[i] += 1.0f;
    }
}

// Each thread reads its right neighbour's element with nothing between.
extern "C" __global__ void neighbour_nosync(float* out, const float* in) {
    __shared__ float s[64];
    int t = threadIdx.x;
    s[t] = in[t];
    out[t] = s[(t + 1) % 64];
}

// __syncwarp() orders the lanes of a warp, not thread 31 and thread 32.
extern "C" __global__ void neighbour_syncwarp(float* out, const float* in) {
    __shared__ float s[64];
    int t = threadIdx.x;
    s[t] = in[t];
    __syncwarp();
    out[t] = s[(t + 1) % 64];
}

// The fix: a block barrier.
extern "C" __global__ void neighbour_sync(float* out, const float* in) {
    __shared__ float s[64];
    int t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    out[t] = s[(t + 1) % 64];
}

// Counts positive inputs with shared atomics: atomics do not race.
extern "C" __global__ void count_positive(int* out, const float* in, int n) {
    __shared__ int c;
    if (threadIdx.x == 0) c = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] > 0.5f) atomicAdd(&c, 1);
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = c;
}

// Reads only the elements the host wrote.
extern "C" __global__ void scale_head(float* out, const float* in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n / 2) out[i] = 3.0f * in[i];
}
