// Kernels of the sampler's tests (sample_test.go).

// tile2d writes each element of a w×h array from its own: every block its
// own tile, the edge blocks partial; perfectly regular.
extern "C" __global__ void tile2d(float* out, const float* in, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) out[y * w + x] = 2.0f * in[y * w + x] + 1.0f;
}

// stencil2d is a 5-point stencil: each block reads a halo its neighbours
// also read.
extern "C" __global__ void stencil2d(float* out, const float* in, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x > 0 && y > 0 && x < w - 1 && y < h - 1) {
        int i = y * w + x;
        out[i] = in[i] + in[i - 1] + in[i + 1] + in[i - w] + in[i + w];
    }
}

// trips loops as many times as its input says: data-dependent work.
extern "C" __global__ void trips(float* out, const int* n, int len) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= len) return;
    float s = 0;
    for (int k = 0; k < n[i]; k++) s += k * 0.5f;
    out[i] = s;
}

// chain makes block b wait until block b-1 has set its flag (the wait of
// a decoupled look-back scan), through atomics: the virtual GPU's blocks
// communicate only through them.
extern "C" __global__ void chain(int* flags, int* out) {
    int b = blockIdx.x;
    if (threadIdx.x == 0) {
        if (b > 0) {
            while (atomicAdd(&flags[b - 1], 0) == 0) {
            }
        }
        out[b] = b;
        __threadfence();
        atomicExch(&flags[b], 1);
    }
}

// counter adds every thread to one total and to its block's slot.
extern "C" __global__ void counter(int* total, int* perBlock) {
    atomicAdd(total, 1);
    atomicAdd(&perBlock[blockIdx.x], 1);
}

// enqueue appends the threads with an odd input to a queue: each takes
// the slot an atomic hands it, so the queue's order is the order the
// atomics land.
extern "C" __global__ void enqueue(int* tail, int* queue, const int* in) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (in[i] & 1) {
        queue[atomicAdd(tail, 1)] = i;
    }
}

// fsum adds every input to one float total: its rounding depends on the
// order.
extern "C" __global__ void fsum(float* total, const float* in) {
    atomicAdd(total, in[blockIdx.x * blockDim.x + threadIdx.x]);
}
