// Shuffles within segments (width < 32), shuffles by part of a warp under a
// member mask, match and redux.
extern "C" __global__ void segments(int* out, const int* in) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = in[i];
    int d8 = __shfl_down_sync(0xffffffff, v, 3, 8);
    int u16 = __shfl_up_sync(0xffffffff, v, 2, 16);
    int x4 = __shfl_xor_sync(0xffffffff, v, 1, 4);
    int b8 = __shfl_sync(0xffffffff, v, 5, 8);
    int half = -1;
    if (lane < 16) half = __shfl_down_sync(0x0000ffff, v, 1, 16);
    unsigned same = __match_any_sync(0xffffffff, v & 3);
    int sum = __reduce_add_sync(0xffffffff, v);
    int mx = __reduce_max_sync(0xffffffff, v - 50);
    out[6 * i + 0] = d8;
    out[6 * i + 1] = u16;
    out[6 * i + 2] = x4 + b8;
    out[6 * i + 3] = half;
    out[6 * i + 4] = (int)same;
    out[6 * i + 5] = sum + mx;
}
