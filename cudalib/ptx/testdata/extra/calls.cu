// Device functions that stay calls (__noinline__): a value-returning one with
// several parameters, a void one writing through a pointer, and a recursive
// one, so the PTX has .func declarations and call sequences.
__device__ __noinline__ int mix(int a, int b, float s) {
    return a * 3 + b + (int)(s * 2.0f);
}

__device__ __noinline__ void store_twice(int* p, int v) {
    p[0] = v;
    p[1] = v + 1;
}

__device__ __noinline__ float scaled(float x, double y) {
    return x * (float)y;
}

__device__ __noinline__ unsigned fact(unsigned n) {
    return n <= 1 ? 1 : n * fact(n - 1);
}

extern "C" __global__ void calls(int* out, const int* in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = mix(in[i], i, 0.5f);
    store_twice(out + 2 * i, v);
    out[2 * n + i] = (int)scaled((float)v, 1.5) + (int)fact(i & 7);
}
