// Arithmetic mixes, 16 rounds a thread over one input each: 32-bit
// integer division and remainder (signed, unsigned, by a constant),
// float division; SFU intrinsics against libm; dependent vs independent
// FMA chains; a Horner polynomial.
#define ROUNDS 16
extern "C" __global__ void div_signed(const int *a, const int *b, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = a[i], d = b[i], s = 0;
    for (int r = 0; r < ROUNDS; r++) {
        s += x / d + x % d;
        x = (int)((unsigned)x * 3u + r); // wraps, signed
    }
    out[i] = s;
}

extern "C" __global__ void div_unsigned(const int *a, const int *b, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = a[i], d = b[i], s = 0;
    for (int r = 0; r < ROUNDS; r++) {
        s += x / d + x % d;
        x = x * 3 + r;
    }
    out[i] = (int)s;
}

// By the constant 7: ptxas multiplies by a magic number instead.
extern "C" __global__ void div_const(const int *a, const int *b, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = a[i], s = 0;
    for (int r = 0; r < ROUNDS; r++) {
        s += x / 7u + x % 7u;
        x = x * 3 + r;
    }
    out[i] = (int)s;
}

extern "C" __global__ void div_float(const int *a, const int *b, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = (float)a[i], d = (float)b[i], s = 0.0f;
    for (int r = 0; r < ROUNDS; r++) {
        s += x / d;
        x = x * 0.75f + 1.0f;
    }
    out[i] = __float_as_int(s);
}

extern "C" __global__ void sfu_sinf(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = in[i], s = 0.0f;
    for (int r = 0; r < ROUNDS; r++) {
        s += sinf(x);
        x += 0.25f;
    }
    out[i] = s;
}

extern "C" __global__ void sfu_intrinsic(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = in[i], s = 0.0f;
    for (int r = 0; r < ROUNDS; r++) {
        s += __sinf(x);
        x += 0.25f;
    }
    out[i] = s;
}

extern "C" __global__ void sfu_exp(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = in[i], s = 0.0f;
    for (int r = 0; r < ROUNDS; r++) {
        s += __expf(x);
        x -= 0.125f;
    }
    out[i] = s;
}

extern "C" __global__ void sfu_rsqrt(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = fabsf(in[i]), s = 0.0f;
    for (int r = 0; r < ROUNDS; r++) {
        s += rsqrtf(x);
        x += 0.25f;
    }
    out[i] = s;
}

// 256 multiply-adds a thread in one dependent chain or four independent
// ones (the same 256 in total).
#define FMAS 256
extern "C" __global__ void fma_chain1(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = in[i], a = x;
    for (int r = 0; r < FMAS; r++) a = a * 0.999f + x;
    out[i] = a;
}

extern "C" __global__ void fma_chain4(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = in[i], a = x, b = x, c = x, d = x;
    for (int r = 0; r < FMAS / 4; r++) {
        a = a * 0.999f + x;
        b = b * 0.999f + x;
        c = c * 0.999f + x;
        d = d * 0.999f + x;
    }
    out[i] = a + b + c + d - 3.0f * x;
}

// fma_chain4 with the loop unrolled 16 times.
extern "C" __global__ void fma_chain4_unrolled(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = in[i], a = x, b = x, c = x, d = x;
#pragma unroll 16
    for (int r = 0; r < FMAS / 4; r++) {
        a = a * 0.999f + x;
        b = b * 0.999f + x;
        c = c * 0.999f + x;
        d = d * 0.999f + x;
    }
    out[i] = a + b + c + d - 3.0f * x;
}

// p(x) of degree 8, 32 or 128 by Horner, coefficients from global memory.
extern "C" __global__ void horner(const float *in, const float *c, float *out, int n, int degree) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = in[i] * 0.5f, p = c[degree];
    for (int k = degree - 1; k >= 0; k--) p = p * x + c[k];
    out[i] = p;
}
