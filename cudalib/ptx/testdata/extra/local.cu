// A per-thread array indexed by a run-time value lives in local memory (the
// __local_depot): the PTX declares a .local array and addresses it through
// %SP/%SPL.
extern "C" __global__ void local_hist(int* out, const int* in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int bins[16];
    for (int k = 0; k < 16; k++) bins[k] = 0;
    for (int k = 0; k < n; k++) bins[(in[k] + i) & 15]++;
    int idx = in[i % n] & 15;
    out[i] = bins[idx] * 100 + bins[(idx + 1) & 15];
}
