// Seed 002's 1D gradient kernel exactly as the report wrote it (its
// defines, its launch: TPB threads per block, (TPB + 2*RAD) floats of
// dynamic shared memory, N = 150). Its four defects: d_in[i - RAD] at
// i = 0, d_in[i + blockDim.x] past the end, the early return before
// __syncthreads(), and the last block's reads of halo cells nobody wrote.
#define TPB 64
#define RAD 1 // radius of the stencil
extern "C" {
__global__ void ddKernel(float *d_out, const float *d_in, int size, float h) {
    const int i = threadIdx.x + blockDim.x * blockIdx.x;
    if (i >= size) return;

    const int s_idx = threadIdx.x + RAD;
    extern __shared__ float s_in[];

    // Regular cells
    s_in[s_idx] = d_in[i];
    // Halo cells
    if (threadIdx.x < RAD) {
        s_in[s_idx - RAD] = d_in[i - RAD];
        s_in[s_idx + blockDim.x] = d_in[i + blockDim.x];
    }
    __syncthreads();
    d_out[i] = (s_in[s_idx-1] - 2.f*s_in[s_idx] + s_in[s_idx+1])/(h*h);
}
}
