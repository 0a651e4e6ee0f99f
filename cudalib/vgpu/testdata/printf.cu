// printf and assert: calls of the device runtime's vprintf and __assertfail
// (assert.h is not on NVRTC's include path, so assert is spelled out).
extern "C" __device__ void __assertfail(const char*, const char*, unsigned, const char*, unsigned long);
#define assert(e) ((e) ? (void)0 : __assertfail(#e, __FILE__, __LINE__, __func__, 1))
extern "C" __global__ void hello(const int* in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        printf("thread %d of block %u: in=%d x=%.3f big=%lld s=%s c=%c\n", i, blockIdx.x, in[i], in[i] * 0.5f, (long long)in[i] << 33, "ok", 'A' + i % 26);
    }
}
extern "C" __global__ void check(const int* in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) assert(in[i] >= 0);
}
