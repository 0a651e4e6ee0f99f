// Approximate and standard math: the intrinsics map to single PTX
// instructions (sin.approx, ex2.approx, lg2.approx, rsqrt.approx, div.full);
// sqrtf, fminf, fabsf, floorf, fmaf map to their IEEE forms.
extern "C" __global__ void fastmath(float* out, const float* in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = in[i];
    float r = __sinf(x) + __cosf(x) + __expf(x) + __logf(x + 2.0f) + rsqrtf(x * x + 1.0f);
    r += sqrtf(fabsf(x)) + __fdividef(x, 3.0f) + fminf(x, 1.0f) + fmaxf(x, -1.0f);
    r += floorf(x) + ceilf(x) + truncf(x) + fmaf(x, 2.0f, 1.0f) + __saturatef(x) + exp2f(x);
    r += 1.0f / x;
    out[i] = r;
}
