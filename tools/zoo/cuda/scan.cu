// Inclusive scans of segments of 512 elements, one block a segment.
#define SEG 512

// Hillis–Steele: log2(512) steps over all elements, double-buffered.
extern "C" __global__ void scan_hillis(const float *in, float *out, int n) {
    __shared__ float buf[2][SEG];
    int t = threadIdx.x, i = blockIdx.x * SEG + t;
    int p = 0;
    buf[0][t] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (int d = 1; d < SEG; d *= 2) {
        float v = buf[p][t];
        if (t >= d) v += buf[p][t - d];
        buf[1 - p][t] = v;
        p = 1 - p;
        __syncthreads();
    }
    if (i < n) out[i] = buf[p][t];
}

// Blelloch: 256 threads, an up-sweep and a down-sweep over a balanced
// tree (exclusive), then each element added back.
extern "C" __global__ void scan_blelloch(const float *in, float *out, int n) {
    __shared__ float s[SEG];
    int t = threadIdx.x, base = blockIdx.x * SEG;
    float a = base + 2 * t < n ? in[base + 2 * t] : 0.0f;
    float b = base + 2 * t + 1 < n ? in[base + 2 * t + 1] : 0.0f;
    s[2 * t] = a;
    s[2 * t + 1] = b;
    int off = 1;
    for (int d = SEG / 2; d > 0; d /= 2) {
        __syncthreads();
        if (t < d) {
            int x = off * (2 * t + 1) - 1, y = off * (2 * t + 2) - 1;
            s[y] += s[x];
        }
        off *= 2;
    }
    if (t == 0) s[SEG - 1] = 0.0f;
    for (int d = 1; d < SEG; d *= 2) {
        off /= 2;
        __syncthreads();
        if (t < d) {
            int x = off * (2 * t + 1) - 1, y = off * (2 * t + 2) - 1;
            float u = s[x];
            s[x] = s[y];
            s[y] += u;
        }
    }
    __syncthreads();
    if (base + 2 * t < n) out[base + 2 * t] = s[2 * t] + a;
    if (base + 2 * t + 1 < n) out[base + 2 * t + 1] = s[2 * t + 1] + b;
}

// Warp scans with shuffles, then a scan of the 16 warp totals.
extern "C" __global__ void scan_shuffle(const float *in, float *out, int n) {
    __shared__ float warps[SEG / 32];
    int t = threadIdx.x, i = blockIdx.x * SEG + t, lane = t & 31, w = t >> 5;
    float v = i < n ? in[i] : 0.0f;
    for (int d = 1; d < 32; d *= 2) {
        float u = __shfl_up_sync(0xffffffff, v, d);
        if (lane >= d) v += u;
    }
    if (lane == 31) warps[w] = v;
    __syncthreads();
    if (w == 0) {
        float x = lane < SEG / 32 ? warps[lane] : 0.0f;
        for (int d = 1; d < SEG / 32; d *= 2) {
            float u = __shfl_up_sync(0xffffffff, x, d);
            if (lane >= d) x += u;
        }
        if (lane < SEG / 32) warps[lane] = x;
    }
    __syncthreads();
    if (w > 0) v += warps[w - 1];
    if (i < n) out[i] = v;
}
