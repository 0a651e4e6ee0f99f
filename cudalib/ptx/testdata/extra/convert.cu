// Conversions between integer and floating types of every width, with the
// rounding modes of the CUDA intrinsics, and double arithmetic.
extern "C" __global__ void convert(double* dout, long long* lout, float* fout, const int* in, const double* din, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = in[i];
    double d = din[i];
    double a = (double)v * 0.5 + d / 3.0 - sqrt(fabs(d)) + fma(d, 2.0, 1.0);
    long long l = (long long)d + (long long)v * 1000000007LL;
    unsigned long long ul = (unsigned long long)fabs(d);
    float f = (float)d + (float)v + (float)l + __int2float_rn(v) + (float)(unsigned)v;
    int r = (int)d + __double2int_rn(d) + __float2int_rz(f) + (int)(short)v + (int)(signed char)v;
    dout[i] = a + (double)ul + (double)(unsigned)v + (double)f;
    lout[i] = l + r + (long long)(unsigned short)v;
    fout[i] = f;
}
