// A shared-memory tree reduction whose loop has no __syncthreads(): a
// thread reads its partner's partial sum while the partner's warp may not
// have written it yet (read-after-write between warps).
extern "C" __global__ void reduce_race(float *out, const float *in, int n) {
    __shared__ float s[256];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    s[t] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (t < stride) {
            s[t] += s[t + stride];
        }
    }
    if (t == 0) {
        out[blockIdx.x] = s[0];
    }
}
