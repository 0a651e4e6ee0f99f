// A struct passed by value to a device function that indexes it at run
// time (so its .param is addressed through a register), and returned by
// value.
struct S { int v[4]; };

__device__ __noinline__ int pick(S s, int i) { return s.v[i & 3]; }

__device__ __noinline__ S scale(S s, int k) {
    S r;
    for (int j = 0; j < 4; j++) r.v[j] = s.v[j] * k;
    return r;
}

extern "C" __global__ void structs(int* out, const int* in) {
    S s;
    for (int k = 0; k < 4; k++) s.v[k] = in[k] * (int)(threadIdx.x + 1);
    S t = scale(s, 3);
    out[threadIdx.x] = pick(t, threadIdx.x) + pick(s, threadIdx.x + 1);
}
