// Prelude of every vgpudiff source (prepended by vgpudiff, not #included:
// cudalib compiles one source string).
//
// Every test kernel has the same signature, so that one Go runner drives
// them all: element i has three 64-bit inputs A[i], B[i], C[i] and one
// 64-bit result OUT[i]. OUT is filled with C before the launch, so kernels
// that update memory in place (atomics, partial stores) start from known
// bits. Floats and 32-bit values live in the low bits of a 64-bit word.
//
// K(name, classA, classB, classC, body) declares a one-thread-per-element
// kernel: body reads a, b, c and sets r. KW(...) declares a kernel whose
// body does its own stores (memory, atomics, warps); it has i, a, b, c too.
// The classes name how vgpudiff draws each input (see inputs.go); vgpudiff
// reads them from these macro calls, so a kernel is declared in one place.
//
// __global__ is spelled by token pasting: cudalib's kernel scanner would
// otherwise read the macro definition itself as a kernel named K.

typedef unsigned long long u64;
typedef long long s64;
typedef unsigned int u32;
typedef unsigned short u16;

#define FULL 0xffffffffu
#define VGPU_CAT(x, y) x##y
#define VGPU_KERNEL extern "C" VGPU_CAT(__glo, bal__) void

#define K(name, ca, cb, cc, ...)                                                      \
    VGPU_KERNEL name(const u64 *__restrict__ A, const u64 *__restrict__ B,           \
                     const u64 *__restrict__ C, u64 *OUT, int n) {                    \
        const int i = blockIdx.x * blockDim.x + threadIdx.x;                         \
        if (i >= n) return;                                                          \
        const u64 a = A[i], b = B[i], c = C[i];                                      \
        u64 r = 0;                                                                   \
        __VA_ARGS__;                                                                 \
        OUT[i] = r;                                                                  \
    }

#define KW(name, ca, cb, cc, ...)                                                     \
    VGPU_KERNEL name(const u64 *__restrict__ A, const u64 *__restrict__ B,           \
                     const u64 *__restrict__ C, u64 *OUT, int n) {                    \
        const int i = blockIdx.x * blockDim.x + threadIdx.x;                         \
        const u64 a = A[i], b = B[i], c = C[i];                                      \
        (void)a, (void)b, (void)c, (void)n;                                           \
        __VA_ARGS__;                                                                 \
    }

// Bit casts between the 64-bit words and the values under test.
__device__ __forceinline__ float f32(u64 x) { return __uint_as_float((u32)x); }
__device__ __forceinline__ double f64(u64 x) { return __longlong_as_double((s64)x); }
__device__ __forceinline__ u64 bf(float x) { return __float_as_uint(x); }
__device__ __forceinline__ u64 bd(double x) { return (u64)__double_as_longlong(x); }
__device__ __forceinline__ u64 bi(int x) { return (u32)x; }
__device__ __forceinline__ u64 bh(u16 x) { return x; }

// One PTX instruction on the inputs, d = op(a, b[, c]), by inline asm so
// that exactly that instruction runs on both devices.
#define A32_1(op) { u32 d; asm(op " %0, %1;" : "=r"(d) : "r"((u32)a)); r = d; }
#define A32_2(op) { u32 d; asm(op " %0, %1, %2;" : "=r"(d) : "r"((u32)a), "r"((u32)b)); r = d; }
#define A32_3(op) { u32 d; asm(op " %0, %1, %2, %3;" : "=r"(d) : "r"((u32)a), "r"((u32)b), "r"((u32)c)); r = d; }
#define A64_1(op) { u64 d; asm(op " %0, %1;" : "=l"(d) : "l"(a)); r = d; }
#define A64_2(op) { u64 d; asm(op " %0, %1, %2;" : "=l"(d) : "l"(a), "l"(b)); r = d; }
#define A64_3(op) { u64 d; asm(op " %0, %1, %2, %3;" : "=l"(d) : "l"(a), "l"(b), "l"(c)); r = d; }
// 64-bit value, 32-bit second operand (shift counts).
#define A64_S(op) { u64 d; asm(op " %0, %1, %2;" : "=l"(d) : "l"(a), "r"((u32)b)); r = d; }
#define F32_1(op) { float d; asm(op " %0, %1;" : "=f"(d) : "f"(f32(a))); r = bf(d); }
#define F32_2(op) { float d; asm(op " %0, %1, %2;" : "=f"(d) : "f"(f32(a)), "f"(f32(b))); r = bf(d); }
#define F32_3(op) { float d; asm(op " %0, %1, %2, %3;" : "=f"(d) : "f"(f32(a)), "f"(f32(b)), "f"(f32(c))); r = bf(d); }
#define F64_1(op) { double d; asm(op " %0, %1;" : "=d"(d) : "d"(f64(a))); r = bd(d); }
#define F64_2(op) { double d; asm(op " %0, %1, %2;" : "=d"(d) : "d"(f64(a)), "d"(f64(b))); r = bd(d); }

// FOUR declares name_rn, name_rz, name_rd and name_ru: r = conv(fn_XX args).
#define FOUR(name, ca, cb, cc, conv, fn, args)                                        \
    K(name##_rn, ca, cb, cc, r = conv(fn##_rn args))                                  \
    K(name##_rz, ca, cb, cc, r = conv(fn##_rz args))                                  \
    K(name##_rd, ca, cb, cc, r = conv(fn##_rd args))                                  \
    K(name##_ru, ca, cb, cc, r = conv(fn##_ru args))

// setp with a predicate written as 0/1 at bit position bit of r.
#define SETP(cmp, ty, cons, x, y, bit)                                                \
    { u32 p; asm("{ .reg .pred p; setp." cmp "." ty " p, %1, %2; selp.u32 %0, 1, 0, p; }" \
                 : "=r"(p) : cons(x), cons(y)); r |= (u64)p << (bit); }
