// Features the virtual GPU does not run but the parser must read: printf
// and assert (extern .func declarations), an indirect call through a
// .callprototype, a __managed__ variable (.attribute(.managed)), bit
// intrinsics, nanosleep and fences. misc.ptx is NVRTC 11.8 -lineinfo output.

__managed__ int mcount = 3;
__device__ int (*fp)(int);
__device__ __noinline__ int inc(int x) { return x + 1; }
__device__ __noinline__ int dec(int x) { return x - 1; }
extern "C" __global__ void misc(int* out, const int* in, int n, int sel) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = in[i];
    switch (v & 7) {
    case 0: v += 3; break; case 1: v *= 5; break; case 2: v -= 7; break; case 3: v ^= 11; break;
    case 4: v <<= 2; break; case 5: v = v / 3; break; case 6: v = v % 5; break; default: v = -v;
    }
    int (*f)(int) = sel ? inc : dec;
    v = f(v);
    if (v == 12345) printf("odd %d at %d\n", v, i);
    assert(v != 99999);

    out[i] = v + mcount + (int)clock64() % 2 + __clz(v) + __ffs(v) + __brev(v) + __funnelshift_l(v, i, 3);
    __nanosleep(10);
    __threadfence();
}
