#define SQUARE(v) ((v) * (v) + undefined_in_macro)
template<typename T> __device__ T twice(T v) { return v.twice(); }
template<int N> __global__ void k(float* a) {
  a[0] = SQUARE(a[1]);
  a[1] = twice(a[2]);
}
