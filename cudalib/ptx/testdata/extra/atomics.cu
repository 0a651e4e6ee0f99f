// Atomics on global and shared memory: add (int, float, double), CAS, max,
// min, exch, inc, and/or/xor.
extern "C" __global__ void atomics(int* ci, float* cf, double* cd, unsigned* cu, int n) {
    __shared__ int sh[4];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x < 4) sh[threadIdx.x] = 0;
    __syncthreads();
    if (i < n) {
        atomicAdd(&ci[0], 1);
        atomicAdd(&cf[0], 0.5f);
        atomicAdd(&cd[0], 0.25);
        atomicMax(&ci[1], i);
        atomicMin(&ci[2], -i);
        int old = atomicExch(&ci[3], i);
        atomicCAS(&ci[4], old, i + 1);
        atomicInc(&cu[0], 100u);
        atomicAnd(&cu[1], 0xF0F0u);
        atomicOr(&cu[2], 1u << (i & 31));
        atomicXor(&cu[3], (unsigned)i);
        atomicAdd(&sh[i & 3], 2);
    }
    __syncthreads();
    if (threadIdx.x < 4) atomicAdd(&ci[5 + threadIdx.x], sh[threadIdx.x]);
}
