// Warp-level primitives: shuffles (idx, up, down, xor), votes, ballot,
// activemask, popc, and block barriers including __syncthreads_count.
extern "C" __global__ void warp_ops(int* out, const int* in, float* fout, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? in[i] : 0;
    int s = v;
    for (int off = 16; off > 0; off >>= 1) s += __shfl_down_sync(0xffffffff, s, off);
    int b = __shfl_sync(0xffffffff, v, 0);
    int u = __shfl_up_sync(0xffffffff, v, 1);
    int x = __shfl_xor_sync(0xffffffff, v, 3);
    float fx = __shfl_xor_sync(0xffffffff, (float)v * 0.5f, 1);
    unsigned ballot = __ballot_sync(0xffffffff, v > 0);
    int all = __all_sync(0xffffffff, v >= 0);
    int any = __any_sync(0xffffffff, v > 100);
    unsigned act = __activemask();
    __syncthreads();
    int cnt = __syncthreads_count(v & 1);
    int orr = __syncthreads_or(v > 50);
    __syncwarp();
    if (i < n) {
        out[i] = s + b + u + x + __popc(ballot) + all + any + (int)(act & 1) + cnt + orr;
        fout[i] = fx;
    }
}
