#include "nothere.h"
template<int N> __global__ void k(float* a) {}
