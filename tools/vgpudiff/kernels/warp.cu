// Warp-level operations and control flow: shuffles of every kind and
// width, votes, match, redux, barriers with reductions, and divergence
// (per-lane trip counts, nested branches, early exits). Launches are whole
// warps (n is a multiple of the block size), so every lane takes part.

K(shfl_idx_w32, I64, SMALL, NONE, r = __shfl_sync(FULL, (u32)a, (int)(b & 0xff), 32))
K(shfl_idx_w16, I64, SMALL, NONE, r = __shfl_sync(FULL, (u32)a, (int)(b & 0xff), 16))
K(shfl_idx_w4, I64, SMALL, NONE, r = __shfl_sync(FULL, (u32)a, (int)(b & 0xff), 4))
K(shfl_idx_w1, I64, SMALL, NONE, r = __shfl_sync(FULL, (u32)a, (int)(b & 0xff), 1))
K(shfl_up_w32, I64, SMALL, NONE, r = __shfl_up_sync(FULL, (u32)a, (u32)b & 31, 32))
K(shfl_up_w8, I64, SMALL, NONE, r = __shfl_up_sync(FULL, (u32)a, (u32)b & 31, 8))
K(shfl_down_w32, I64, SMALL, NONE, r = __shfl_down_sync(FULL, (u32)a, (u32)b & 31, 32))
K(shfl_down_w16, I64, SMALL, NONE, r = __shfl_down_sync(FULL, (u32)a, (u32)b & 31, 16))
K(shfl_xor_w32, I64, SMALL, NONE, r = __shfl_xor_sync(FULL, (u32)a, (int)(b & 31), 32))
K(shfl_xor_w8, I64, SMALL, NONE, r = __shfl_xor_sync(FULL, (u32)a, (int)(b & 31), 8))
K(shfl_u64, I64, SMALL, NONE, r = __shfl_sync(FULL, a, (int)(b & 31)))
K(shfl_f64, F64, SMALL, NONE, r = bd(__shfl_xor_sync(FULL, f64(a), (int)(b & 31))))
// The raw instruction with its predicate and a warp-uniform c (clamp and
// segment mask) drawn from the warp's first element.
#define SHFL_RAW(name, mode)                                                          \
    K(name, I64, SMALL, SMALL, {                                                      \
        u32 d, p;                                                                     \
        const u32 cc = (u32)C[i & ~31] & 0x1f1f;                                      \
        asm volatile("{ .reg .pred q; shfl.sync." mode ".b32 %0|q, %2, %3, %4, %5; selp.u32 %1, 1, 0, q; }" \
                     : "=r"(d), "=r"(p) : "r"((u32)a), "r"((u32)b & 31), "r"(cc), "r"(FULL)); \
        r = (u64)p << 32 | d;                                                         \
    })
SHFL_RAW(shfl_raw_idx, "idx")
SHFL_RAW(shfl_raw_up, "up")
SHFL_RAW(shfl_raw_down, "down")
SHFL_RAW(shfl_raw_bfly, "bfly")

// Votes: odd warps see predicates that hold in every lane (all) or in
// none (any), so both outcomes occur.
K(vote_ballot, I64, NONE, NONE, r = __ballot_sync(FULL, a & 1))
K(vote_all, I64, NONE, NONE, r = __all_sync(FULL, ((i >> 5) & 1) ? 1 : (a & 7) != 0))
K(vote_any, I64, NONE, NONE, r = __any_sync(FULL, ((i >> 5) & 1) ? 0 : (a & 31) == 0))
K(vote_uni, I64, NONE, NONE, r = __uni_sync(FULL, ((i >> 5) & 1) ? 1 : (a & 1)))
K(vote_divergent, I64, I64, NONE, {
    const u32 m = __ballot_sync(FULL, a & 1);
    if (a & 1) r = (u64)__ballot_sync(m, b & 1) << 32 | __popc(m);
    else r = __any_sync(~m, b & 3);
})
K(match_any, I64, NONE, NONE, r = __match_any_sync(FULL, (u32)a & 3))
K(match_all, I64, NONE, NONE, {
    int pred;
    const u32 m = __match_all_sync(FULL, ((i >> 5) & 1) ? 7u : (u32)a & 1, &pred);
    r = (u64)pred << 32 | m;
})
K(redux_add, I32, NONE, NONE, r = __reduce_add_sync(FULL, (u32)a))
K(redux_min_s32, I32, NONE, NONE, r = bi(__reduce_min_sync(FULL, (int)a)))
K(redux_max_u32, I32, NONE, NONE, r = __reduce_max_sync(FULL, (u32)a))
K(redux_xor, I32, NONE, NONE, r = __reduce_xor_sync(FULL, (u32)a))
K(syncthreads_count, I64, NONE, NONE, {
    const int cnt = __syncthreads_count(a & 1);
    const int all = __syncthreads_and(((i >> 7) & 1) ? 1 : (a & 15) != 0);
    const int any = __syncthreads_or(((i >> 7) & 1) ? 0 : (a & 127) == 0);
    r = (u64)cnt | (u64)all << 32 | (u64)any << 33;
})

// Divergence: per-lane trip counts with continue and break, then a
// shuffle once the lanes have reconverged.
K(diverge_loop, I64, I64, I64, {
    u64 acc = c;
    const int trips = (int)(a & 63);
    for (int k = 0; k < trips; ++k) {
        if ((acc ^ k) & 1) acc = acc * 3 + b;
        else if (k & 2) continue;
        else acc ^= acc >> 7;
        if ((acc & 0xff) == 0x5a) break;
    }
    r = acc ^ __shfl_xor_sync(FULL, acc, 1);
})
K(diverge_switch, I64, I64, NONE, {
    switch (a & 7) {
    case 0: r = b + 1; break;
    case 1: r = b * b; break;
    case 2: r = ~b; // falls through
    case 3: r ^= b >> 3; break;
    case 5: for (u64 x = b & 15; x; x--) r += x * a; break;
    default: r = a - b;
    }
    if ((b >> 60) == 3) r = 0;
})
KW(diverge_exit, I64, I64, NONE, {
    if (a & 1) return; // OUT keeps C for these lanes
    u64 x = a;
    while ((x & 3) != 0) x = x * 5 + 1 + (b & 1);
    OUT[i] = x;
})
K(diverge_nested, I64, I64, I64, {
    u64 x = a;
    for (int k = 0; k < (int)(b & 15); ++k) {
        for (int j = 0; j < (int)(c & 7) + k; ++j) {
            x = (x << 1) ^ (x >> 3) ^ j;
            if (x & 0x100) break;
        }
        if ((x & 0x1f) == (b & 0x1f)) break;
    }
    r = x + __reduce_add_sync(FULL, (u32)x);
})

// Special registers that do not depend on scheduling.
K(sreg_lane, NONE, NONE, NONE, {
    u32 lane, lt, ge;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
    asm("mov.u32 %0, %%lanemask_ge;" : "=r"(ge));
    r = lane | (u64)lt << 32 ^ (u64)ge << 5 ^ (u64)(threadIdx.x | blockIdx.x << 10 | blockDim.x << 20) << 40 ^ gridDim.x;
})
// Calls from divergent lanes: a recursive, non-inlined function whose
// depth differs per lane, then __syncwarp.
__device__ __noinline__ u64 vgpudiff_rec(u64 x, int depth) {
    if (depth <= 0) return x;
    return vgpudiff_rec(x * 0x9e3779b97f4a7c15ull + (u64)depth, depth - 1) ^ (x >> 17);
}
K(call_recursive, I64, SMALL, NONE, {
    if (a & 1) r = vgpudiff_rec(a, (int)(b & 15));
    else r = vgpudiff_rec(~a, (int)(b & 7)) + 1;
    __syncwarp();
    r ^= __shfl_down_sync(FULL, r, 1);
})
