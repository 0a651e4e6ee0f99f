template<int N> __global__ void k(float* a) {
	int unused;
	if (N > 0) {
		a[threadIdx.x] = 1.0f +	undefined_thing;
	}
}
