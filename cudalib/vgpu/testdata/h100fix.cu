// Kernels the H100 ran differently from the virtual GPU (tools/vgpudiff:
// call_recursive and satom_64), reduced to plain CUDA for the tests of
// h100fix_test.go.
typedef unsigned long long u64;
#define FULL 0xffffffffu

// A recursive, non-inlined function called from both sides of a divergent
// branch with per-lane depths; then the warp reconverges and shuffles.
__device__ __noinline__ u64 rec(u64 x, int depth) {
    if (depth <= 0) return x;
    return rec(x * 0x9e3779b97f4a7c15ull + (u64)depth, depth - 1) ^ (x >> 17);
}

extern "C" __global__ void call_recursive(const u64 *A, const u64 *B, u64 *OUT) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const u64 a = A[i], b = B[i];
    u64 r;
    if (a & 1) r = rec(a, (int)(b & 15));
    else r = rec(~a, (int)(b & 7)) + 1;
    __syncwarp();
    r ^= __shfl_down_sync(FULL, r, 1);
    OUT[i] = r;
}

// 64-bit and f64 atomics in shared memory (blocks of 128 threads).
extern "C" __global__ void satom_64(const u64 *A, const u64 *B, const u64 *C, u64 *OUT) {
    __shared__ u64 s[128];
    __shared__ double d[128];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const u64 a = A[i], b = B[i], c = C[i];
    s[threadIdx.x] = c;
    d[threadIdx.x] = __longlong_as_double((long long)c);
    __syncthreads();
    const u64 o1 = atomicAdd(&s[threadIdx.x], a);
    const u64 o2 = atomicCAS(&s[threadIdx.x], (b & 1) ? c + a : b, b);
    const double o3 = atomicAdd(&d[threadIdx.x], __longlong_as_double((long long)a));
    __threadfence_block();
    __syncthreads();
    __threadfence();
    OUT[i] = s[threadIdx.x] ^ (o1 != c) ^ ((u64)(o2 != c + a) << 1) ^
             (u64)__double_as_longlong(d[threadIdx.x]) ^ (u64)__double_as_longlong(o3) ^ 1;
}
