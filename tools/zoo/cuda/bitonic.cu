// Bitonic sort of n = 2^k floats, ascending: every compare-exchange step
// a launch over global memory, or the steps within 1024 elements done in
// shared memory by one block (a launch per stage across blocks).
extern "C" __global__ void bitonic_step(float *v, int j, int k) {
    int i = blockIdx.x * blockDim.x + threadIdx.x, p = i ^ j;
    if (p > i) {
        float a = v[i], b = v[p];
        bool up = (i & k) == 0;
        if ((a > b) == up) {
            v[i] = b;
            v[p] = a;
        }
    }
}

#define S 1024
// Blocks of 512 threads sort (k = 0) or finish merging (k > 0) their 1024
// elements: the steps j < 1024 of stage k, or all stages up to 1024.
extern "C" __global__ void bitonic_shared(float *v, int k) {
    __shared__ float s[S];
    int base = blockIdx.x * S, t = threadIdx.x;
    s[t] = v[base + t];
    s[t + S / 2] = v[base + t + S / 2];
    int k0 = k == 0 ? 2 : k, k1 = k == 0 ? S : k;
    for (int kk = k0; kk <= k1; kk *= 2) {
        for (int j = min(kk, S) / 2; j > 0; j /= 2) {
            __syncthreads();
            int i = 2 * t - (t & (j - 1)), p = i + j; // the pair's lower index
            bool up = ((base + i) & kk) == 0;
            float a = s[i], b = s[p];
            if ((a > b) == up) {
                s[i] = b;
                s[p] = a;
            }
        }
    }
    __syncthreads();
    v[base + t] = s[t];
    v[base + t + S / 2] = s[t + S / 2];
}
