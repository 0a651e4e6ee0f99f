// Kernels that fault or never end.
extern "C" __global__ void poke(int* p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= n) {
        p[i] = i;
    }
}

extern "C" __global__ void spin(volatile int* flag) {
    while (*flag == 0) {
    }
}

extern "C" __global__ void trapper(int* p) {
    if (threadIdx.x == 5) __trap();
    p[threadIdx.x] = 1;
}

__device__ __noinline__ int fib(int n) {
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

extern "C" __global__ void fibs(int* out, const int* in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = fib(in[i]);
}
