// Sizes of the intersections of n pairs of sorted lists without repeats
// (pair p: a[aptr[p], aptr[p+1]) and b[bptr[p], bptr[p+1]), lengths from 8
// to 512): a thread a pair merging the two, a thread a pair searching b
// for each element of a, or a warp a pair, its lanes searching b for a's
// elements 32 at a time.
__device__ int isect_find(const int *b, int lo, int end, int x) {
    int hi = end;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (b[mid] < x) lo = mid + 1;
        else hi = mid;
    }
    return lo < end && b[lo] == x;
}

extern "C" __global__ void isect_merge(const int *aptr, const int *a, const int *bptr, const int *b, int *count,
                                       int n) {
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= n) return;
    int i = aptr[p], ie = aptr[p + 1], j = bptr[p], je = bptr[p + 1], c = 0;
    while (i < ie && j < je) {
        int x = a[i], y = b[j];
        c += x == y;
        i += x <= y;
        j += y <= x;
    }
    count[p] = c;
}

extern "C" __global__ void isect_search(const int *aptr, const int *a, const int *bptr, const int *b, int *count,
                                        int n) {
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= n) return;
    int lo = bptr[p], hi = bptr[p + 1], c = 0;
    for (int i = aptr[p]; i < aptr[p + 1]; i++) c += isect_find(b, lo, hi, a[i]);
    count[p] = c;
}

extern "C" __global__ void isect_warp(const int *aptr, const int *a, const int *bptr, const int *b, int *count,
                                      int n) {
    int p = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x & 31;
    if (p >= n) return; // whole warps leave together
    int lo = bptr[p], hi = bptr[p + 1], c = 0;
    for (int i = aptr[p] + lane; i < aptr[p + 1]; i += 32) c += isect_find(b, lo, hi, a[i]);
    for (int d = 16; d > 0; d /= 2) c += __shfl_down_sync(0xffffffff, c, d);
    if (lane == 0) count[p] = c;
}
