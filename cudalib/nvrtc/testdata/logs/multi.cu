template<int N> __global__ void k(float* a) {
  foo(a, 1, 2);
  float x = "str";
  a[0] = 1
}
__device__ void foo(int x) {}
