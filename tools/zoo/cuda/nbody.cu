// All-pairs gravitational accelerations of n bodies (x, y, z, mass in a
// float4): every body read from global memory, or tiles of 256 bodies
// staged in shared memory, plain or unrolled by 4.
#define EPS2 0.01f
__device__ float3 pull(float4 me, float4 o, float3 a) {
    float dx = o.x - me.x, dy = o.y - me.y, dz = o.z - me.z;
    float r2 = dx * dx + dy * dy + dz * dz + EPS2;
    float inv = rsqrtf(r2);
    float s = o.w * inv * inv * inv;
    a.x += dx * s;
    a.y += dy * s;
    a.z += dz * s;
    return a;
}

extern "C" __global__ void nbody_global(const float4 *p, float3 *acc, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 me = p[i];
    float3 a = make_float3(0.0f, 0.0f, 0.0f);
    for (int j = 0; j < n; j++) a = pull(me, p[j], a);
    acc[i] = a;
}

// Blocks of 256 threads; n is a multiple of 256.
extern "C" __global__ void nbody_shared(const float4 *p, float3 *acc, int n) {
    __shared__ float4 t[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 me = p[i];
    float3 a = make_float3(0.0f, 0.0f, 0.0f);
    for (int j0 = 0; j0 < n; j0 += 256) {
        t[threadIdx.x] = p[j0 + threadIdx.x];
        __syncthreads();
        for (int j = 0; j < 256; j++) a = pull(me, t[j], a);
        __syncthreads();
    }
    acc[i] = a;
}

extern "C" __global__ void nbody_shared_unrolled(const float4 *p, float3 *acc, int n) {
    __shared__ float4 t[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 me = p[i];
    float3 a = make_float3(0.0f, 0.0f, 0.0f);
    for (int j0 = 0; j0 < n; j0 += 256) {
        t[threadIdx.x] = p[j0 + threadIdx.x];
        __syncthreads();
#pragma unroll 4
        for (int j = 0; j < 256; j++) a = pull(me, t[j], a);
        __syncthreads();
    }
    acc[i] = a;
}
