__device__ void foo(int x, int y) {}
template<int N> __global__ void k(float* a) {
  const char* s = "héllo wörld"; a[0] = s + zz;
  foo(a);
}
