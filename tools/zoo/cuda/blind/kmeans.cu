// The assignment step of k-means: each of n points of KM_D floats gets
// the nearest of KM_K centroids (squared distance, the first on ties).
// Points as structures (pts[i*KM_D + d]) with the centroids read from
// global memory or staged in shared memory, or points as arrays
// (pts[d*n + i]) with the centroids in shared memory.
#define KM_D 8
#define KM_K 32

__device__ int km_nearest(const float p[KM_D], const float *cent) {
    float best = 3.0e38f;
    int arg = 0;
    for (int c = 0; c < KM_K; c++) {
        float s = 0.0f;
        for (int d = 0; d < KM_D; d++) {
            float t = p[d] - cent[c * KM_D + d];
            s += t * t;
        }
        if (s < best) {
            best = s;
            arg = c;
        }
    }
    return arg;
}

extern "C" __global__ void kmeans_global(const float *pts, const float *cent, int *assign, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float p[KM_D];
    for (int d = 0; d < KM_D; d++) p[d] = pts[i * KM_D + d];
    assign[i] = km_nearest(p, cent);
}

extern "C" __global__ void kmeans_shared(const float *pts, const float *cent, int *assign, int n) {
    __shared__ float sc[KM_K * KM_D];
    for (int j = threadIdx.x; j < KM_K * KM_D; j += blockDim.x) sc[j] = cent[j];
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float p[KM_D];
    for (int d = 0; d < KM_D; d++) p[d] = pts[i * KM_D + d];
    assign[i] = km_nearest(p, sc);
}

extern "C" __global__ void kmeans_soa_shared(const float *pts, const float *cent, int *assign, int n) {
    __shared__ float sc[KM_K * KM_D];
    for (int j = threadIdx.x; j < KM_K * KM_D; j += blockDim.x) sc[j] = cent[j];
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float p[KM_D];
    for (int d = 0; d < KM_D; d++) p[d] = pts[d * n + i];
    assign[i] = km_nearest(p, sc);
}
