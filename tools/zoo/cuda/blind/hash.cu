// An open-addressing hash table of non-negative int keys and int values
// (capacity a power of two, empty slots hold -1): inserts claim a slot by
// atomicCAS along the key's probe sequence, lookups follow it to the key
// or an empty slot. step 0 probes linearly; step 1 is double hashing (an
// odd stride from a second hash).
__device__ unsigned hash_mix(unsigned k) {
    k ^= k >> 16;
    k *= 0x7feb352dU;
    k ^= k >> 15;
    k *= 0x846ca68bU;
    k ^= k >> 16;
    return k;
}

__device__ unsigned hash_stride(unsigned k, int step) { return step ? (hash_mix(k ^ 0x5bd1e995U) | 1U) : 1U; }

extern "C" __global__ void hash_clear(int *keys, int cap) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < cap; i += gridDim.x * blockDim.x) keys[i] = -1;
}

extern "C" __global__ void hash_insert(int *keys, int *vals, const int *in, const int *inv, int n, int cap,
                                       int step) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int k = in[i];
    unsigned h = hash_mix(k) & (cap - 1), s = hash_stride(k, step);
    for (;;) {
        int prev = atomicCAS(&keys[h], -1, k);
        if (prev == -1 || prev == k) break;
        h = (h + s) & (cap - 1);
    }
    vals[h] = inv[i];
}

extern "C" __global__ void hash_probe(const int *keys, const int *vals, const int *q, int *out, int n, int cap,
                                      int step) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int k = q[i];
    unsigned h = hash_mix(k) & (cap - 1), s = hash_stride(k, step);
    int found = -1;
    for (;;) {
        int at = keys[h];
        if (at == k) {
            found = vals[h];
            break;
        }
        if (at == -1) break;
        h = (h + s) & (cap - 1);
    }
    out[i] = found;
}
