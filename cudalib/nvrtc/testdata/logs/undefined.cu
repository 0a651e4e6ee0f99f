template<int N> __global__ void k(float* a) {
  int unused;
  a[threadIdx.x] = x * N;
}
