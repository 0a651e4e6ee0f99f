// Memory: loads and stores of every width (vectors included), sign and
// zero extension, shared, local and constant memory, and atomics. Each
// thread's atomics touch only its own element, so results do not depend on
// the order threads run in; the contended kernel checks final values only.

// Loads. b picks the byte, half or word inside element i.
K(ld_u8, I64, SMALL, NONE, r = ((const unsigned char *)A)[i * 8 + (b & 7)])
K(ld_s8, I64, SMALL, NONE, r = (u64)(s64)((const signed char *)A)[i * 8 + (b & 7)])
K(ld_u16, I64, SMALL, NONE, r = ((const unsigned short *)A)[i * 4 + (b & 3)])
K(ld_s16, I64, SMALL, NONE, r = (u64)(s64)((const short *)A)[i * 4 + (b & 3)])
K(ld_s32, I64, SMALL, NONE, r = (u64)(s64)((const int *)A)[i * 2 + (b & 1)])
K(ld_ldg_u32, I64, SMALL, NONE, r = __ldg((const u32 *)A + i * 2 + (b & 1)))
K(ld_v2_u32, I64, NONE, NONE, {
    u32 x, y;
    asm volatile("ld.global.v2.u32 {%0, %1}, [%2];" : "=r"(x), "=r"(y) : "l"(A + i));
    r = (u64)y << 32 | x;
})
K(ld_v4_u32, I64, NONE, NONE, {
    u32 x, y, z, w;
    asm volatile("ld.global.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(x), "=r"(y), "=r"(z), "=r"(w) : "l"(A + (i & ~1)));
    r = (i & 1) ? (u64)w << 32 | z : (u64)y << 32 | x;
})
K(ld_v2_u64, I64, NONE, NONE, {
    u64 x, y;
    asm volatile("ld.global.v2.u64 {%0, %1}, [%2];" : "=l"(x), "=l"(y) : "l"(A + (i & ~1)));
    r = (i & 1) ? y : x;
})
K(ld_v4_s16, I64, NONE, NONE, {
    short x, y, z, w;
    asm volatile("ld.global.v4.s16 {%0, %1, %2, %3}, [%4];" : "=h"(x), "=h"(y), "=h"(z), "=h"(w) : "l"(A + i));
    r = (u64)(s64)x ^ (u64)(s64)y << 8 ^ (u64)(s64)z << 16 ^ (u64)(s64)w << 24;
})
K(ld_v4_f32, F32, NONE, NONE, {
    const float4 v = ((const float4 *)A)[i >> 1];
    r = (i & 1) ? bf(v.z) | bf(v.w) << 32 : bf(v.x) | bf(v.y) << 32;
})

// Stores into OUT, which starts as C: partial stores keep C's other bytes.
KW(st_u8, I64, SMALL, I64, ((unsigned char *)OUT)[i * 8 + (b & 7)] = (unsigned char)a)
KW(st_u16, I64, SMALL, I64, ((unsigned short *)OUT)[i * 4 + (b & 3)] = (unsigned short)a)
KW(st_u32, I64, SMALL, I64, ((u32 *)OUT)[i * 2 + (b & 1)] = (u32)a)
KW(st_v2_u32, I64, I64, I64, asm volatile("st.global.v2.u32 [%0], {%1, %2};" :: "l"(OUT + i), "r"((u32)b), "r"((u32)(a >> 32)) : "memory"))
KW(st_v4_u32, I64, I64, I64, if (!(i & 1)) asm volatile("st.global.v4.u32 [%0], {%1, %2, %3, %4};" :: "l"(OUT + i), "r"((u32)a), "r"((u32)b), "r"((u32)(a >> 32)), "r"((u32)(b >> 32)) : "memory"))
KW(st_v2_u64, I64, I64, I64, if (i & 1) asm volatile("st.global.v2.u64 [%0], {%1, %2};" :: "l"(OUT + i - 1), "l"(b), "l"(a) : "memory"))
KW(st_v2_f64, F64, F64, I64, if (!(i & 1)) ((double2 *)OUT)[i >> 1] = make_double2(f64(a), f64(b)))

// Shared memory: each thread writes its slot in several widths, the block
// synchronizes, and each thread reads another thread's slot.
KW(shared_roundtrip, I64, I32, NONE, {
    __shared__ u64 s64s[128];
    __shared__ unsigned char s8s[128];
    __shared__ short s16s[128];
    const int t = threadIdx.x, o = (u32)b % blockDim.x;
    s64s[t] = a;
    s8s[t] = (unsigned char)(a >> 8);
    s16s[t] = (short)(a >> 16);
    __syncthreads();
    OUT[i] = s64s[o] ^ (u64)(s64)(signed char)s8s[blockDim.x - 1 - t] ^ (u64)(s64)s16s[o] << 20;
})
KW(shared_v4, I64, NONE, NONE, {
    __shared__ uint4 sv[64];
    const int t = threadIdx.x;
    if (t < 64) sv[t] = make_uint4((u32)a, (u32)(a >> 32), (u32)~a, (u32)t);
    __syncthreads();
    const uint4 v = sv[(t * 5) & 63];
    OUT[i] = ((u64)v.x << 32 | v.y) ^ ((u64)v.z << 16) ^ v.w;
})
K(local_array, I64, SMALL, NONE, {
    u64 loc[16];
    for (int k = 0; k < 16; ++k) loc[k] = a * (k + 1) + (b << k);
    r = loc[b & 15] ^ loc[(b >> 4) & 15];
})
__constant__ u64 vgpudiff_table[8] = {0, 1, 0x8000000000000000ull, 0xffffffffffffffffull,
                                      0x0123456789abcdefull, 42, 0x7ff8000000000001ull, 3};
K(const_table, I64, SMALL, NONE, r = vgpudiff_table[b & 7] ^ a)

// Atomics on the thread's own element. 32-bit ones work on the low word and
// store the old value in the high word; 64-bit ones fold the old value in
// so a wrong one shows (old must equal c).
#define ATOM32(name, ca, cb, call)                                                    \
    KW(name, ca, cb, I64, { u32 *p = (u32 *)&OUT[i]; const u32 old = call; p[1] = old; })
ATOM32(atom_add_u32, I32, NONE, atomicAdd(p, (u32)a))
ATOM32(atom_sub_u32, I32, NONE, atomicSub(p, (u32)a))
ATOM32(atom_exch_u32, I32, NONE, atomicExch(p, (u32)a))
ATOM32(atom_min_s32, I32, NONE, (u32)atomicMin((int *)p, (int)a))
ATOM32(atom_max_s32, I32, NONE, (u32)atomicMax((int *)p, (int)a))
ATOM32(atom_min_u32, I32, NONE, atomicMin(p, (u32)a))
ATOM32(atom_max_u32, I32, NONE, atomicMax(p, (u32)a))
ATOM32(atom_and_u32, I32, NONE, atomicAnd(p, (u32)a))
ATOM32(atom_or_u32, I32, NONE, atomicOr(p, (u32)a))
ATOM32(atom_xor_u32, I32, NONE, atomicXor(p, (u32)a))
ATOM32(atom_inc_u32, I32, I32, atomicInc(p, (u32)b))
ATOM32(atom_dec_u32, I32, I32, atomicDec(p, (u32)b))
ATOM32(atom_cas_u32, I32, I32, atomicCAS(p, (b & 1) ? (u32)c : (u32)a, (u32)b))
ATOM32(atom_add_f32, F32, NONE, __float_as_uint(atomicAdd((float *)p, f32(a))))
#define ATOM64(name, ca, cb, call)                                                    \
    KW(name, ca, cb, I64, { u64 *p = &OUT[i]; const u64 old = call; *p ^= old ^ c; })
ATOM64(atom_add_u64, I64, NONE, atomicAdd(p, a))
ATOM64(atom_min_s64, I64, NONE, (u64)atomicMin((s64 *)p, (s64)a))
ATOM64(atom_max_s64, I64, NONE, (u64)atomicMax((s64 *)p, (s64)a))
ATOM64(atom_min_u64, I64, NONE, atomicMin(p, a))
ATOM64(atom_and_u64, I64, NONE, atomicAnd(p, a))
ATOM64(atom_or_u64, I64, NONE, atomicOr(p, a))
ATOM64(atom_xor_u64, I64, NONE, atomicXor(p, a))
ATOM64(atom_exch_u64, I64, NONE, atomicExch(p, a))
ATOM64(atom_cas_u64, I64, I64, atomicCAS(p, (b & 1) ? c : a, b))
ATOM64(atom_add_f64, F64, NONE, bd(atomicAdd((double *)p, f64(a))))

// Shared-memory atomics, each thread on its own word.
#define SATOM(name, ca, cb, call)                                                     \
    KW(name, ca, cb, I64, {                                                           \
        __shared__ u32 s[128];                                                        \
        u32 *p = &s[threadIdx.x];                                                     \
        *p = (u32)c;                                                                  \
        __syncthreads();                                                              \
        const u32 old = call;                                                         \
        __syncthreads();                                                              \
        OUT[i] = (u64)old << 32 | s[threadIdx.x];                                     \
    })
SATOM(satom_add_u32, I32, NONE, atomicAdd(p, (u32)a))
SATOM(satom_min_s32, I32, NONE, (u32)atomicMin((int *)p, (int)a))
SATOM(satom_inc_u32, I32, I32, atomicInc(p, (u32)b))
SATOM(satom_cas_u32, I32, I32, atomicCAS(p, (b & 1) ? (u32)c : (u32)a, (u32)b))
SATOM(satom_add_f32, F32, NONE, __float_as_uint(atomicAdd((float *)p, f32(a))))

// Contended: every thread of the grid updates the same words, whose final
// values do not depend on the order; the other elements keep C.
KW(atom_contended, I64, I64, NONE, {
    atomicAdd((u32 *)&OUT[0], (u32)a);
    atomicMax((u32 *)&OUT[0] + 1, (u32)b);
    atomicOr(&OUT[1], a & b);
    atomicXor(&OUT[2], a);
    atomicAdd(&OUT[3], a);
    atomicMin((s64 *)&OUT[4], (s64)b);
    atomicInc((u32 *)&OUT[5], 0xffffffffu);
    atomicAnd(&OUT[6], a | (1ull << (b & 63)));
    atomicMax((s64 *)&OUT[7], (s64)a);
    __shared__ u32 count;
    if (threadIdx.x == 0) count = 0;
    __syncthreads();
    atomicAdd(&count, (u32)a & 0xff);
    __syncthreads();
    if (threadIdx.x == 0 && blockIdx.x > 0) OUT[i] = count;
})

// Generic addressing: a non-inlined function loads and stores through
// plain pointers into global, shared and local memory (ld/st without a
// state space, cvta), and asks which space each is in (isspacep).
__device__ __noinline__ u64 vgpudiff_swap(u64 *p, u64 v) {
    const u64 old = *p;
    *p = v;
    return old ^ ((u64)__isGlobal(p) << 62) ^ ((u64)__isShared(p) << 61) ^ ((u64)__isLocal(p) << 60);
}
KW(generic_ptr, I64, I64, I64, {
    __shared__ u64 sh[128];
    u64 loc[2] = {b, ~b};
    sh[threadIdx.x] = c;
    __syncthreads();
    u64 *where[3] = {&OUT[i], &sh[threadIdx.x], &loc[b & 1]};
    const u64 old = vgpudiff_swap(where[a % 3], a);
    __syncthreads();
    OUT[i] ^= old + sh[threadIdx.x] + loc[0] * 3 + loc[1] * 5;
})
// Dynamic shared memory (every launch has 2048 bytes of it).
KW(dyn_shared, I64, I64, NONE, {
    extern __shared__ u64 dyn[];
    dyn[threadIdx.x] = a;
    dyn[blockDim.x + threadIdx.x] = b;
    __syncthreads();
    OUT[i] = dyn[(threadIdx.x + 1) % blockDim.x] ^ dyn[blockDim.x + (b % blockDim.x)];
})
// 64-bit and f64 atomics in shared memory, and fences.
KW(satom_64, I64, I64, I64, {
    __shared__ u64 s[128];
    __shared__ double d[128];
    s[threadIdx.x] = c;
    d[threadIdx.x] = f64(c);
    __syncthreads();
    const u64 o1 = atomicAdd(&s[threadIdx.x], a);
    const u64 o2 = atomicCAS(&s[threadIdx.x], (b & 1) ? c + a : b, b);
    const double o3 = atomicAdd(&d[threadIdx.x], f64(a));
    __threadfence_block();
    __syncthreads();
    __threadfence();
    OUT[i] = s[threadIdx.x] ^ (o1 != c) ^ ((o2 != c + a) << 1) ^ bd(d[threadIdx.x]) ^ bd(o3) ^ 1;
})
