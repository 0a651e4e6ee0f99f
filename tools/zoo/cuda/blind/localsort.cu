// Each thread sorts its 16 floats (in[k*n + i], k < 16) and writes them
// back in order: insertion sort in a local array (indices known only at
// run time: local memory), an odd-even transposition network fully
// unrolled (indices known at compile time: registers), or insertion sort
// in the thread's column of shared memory. Blocks of 128 threads.
#define LS_K 16

extern "C" __global__ void localsort_local(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v[LS_K];
    for (int k = 0; k < LS_K; k++) v[k] = in[k * n + i];
    for (int a = 1; a < LS_K; a++) {
        float x = v[a];
        int b = a - 1;
        while (b >= 0 && v[b] > x) {
            v[b + 1] = v[b];
            b--;
        }
        v[b + 1] = x;
    }
    for (int k = 0; k < LS_K; k++) out[k * n + i] = v[k];
}

extern "C" __global__ void localsort_network(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v[LS_K];
#pragma unroll
    for (int k = 0; k < LS_K; k++) v[k] = in[k * n + i];
#pragma unroll
    for (int p = 0; p < LS_K; p++) {
#pragma unroll
        for (int k = p & 1; k + 1 < LS_K; k += 2) {
            float lo = fminf(v[k], v[k + 1]), hi = fmaxf(v[k], v[k + 1]);
            v[k] = lo;
            v[k + 1] = hi;
        }
    }
#pragma unroll
    for (int k = 0; k < LS_K; k++) out[k * n + i] = v[k];
}

extern "C" __global__ void localsort_shared(const float *in, float *out, int n) {
    __shared__ float s[LS_K * 128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float *v = s + threadIdx.x; // v[k * 128]: a column per thread, no bank conflicts
    for (int k = 0; k < LS_K; k++) v[k * 128] = in[k * n + i];
    for (int a = 1; a < LS_K; a++) {
        float x = v[a * 128];
        int b = a - 1;
        while (b >= 0 && v[b * 128] > x) {
            v[(b + 1) * 128] = v[b * 128];
            b--;
        }
        v[(b + 1) * 128] = x;
    }
    for (int k = 0; k < LS_K; k++) out[k * n + i] = v[k * 128];
}
