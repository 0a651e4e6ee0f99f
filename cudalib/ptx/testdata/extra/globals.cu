// Module-scope variables with initializers: __device__ globals (an int
// array, a scalar float, a pointer to another global) and __constant__
// memory, initialized and not.
__device__ int table[8] = {1, 2, 3, 4, -5, 6, 7, 0x7fffffff};
__device__ float gscale = 1.5f;
__device__ double gbias = -0.25;
__device__ int* tablep = table;
__device__ unsigned long long counter;
__constant__ float coeffs[4] = {0.5f, -1.0f, 2.0f, 3.25f};
__constant__ int cfg[3];
__constant__ double cd = 3.0;

extern "C" __global__ void use_globals(float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = coeffs[i & 3] * gscale + (float)tablep[i & 7] + (float)cfg[i % 3];
    out[i] = v + (float)(gbias * cd) + (float)table[(i + 1) & 7];
    if (i == 0) counter = counter + 1;
}
