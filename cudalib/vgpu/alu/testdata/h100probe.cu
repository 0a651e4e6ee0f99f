// h100probe runs, on a real GPU, the PTX instructions whose results PTX
// leaves undefined or the package alu had to guess (integer division by
// zero, NaN bit patterns, signed zeros of min/max, .ftz at the underflow
// boundary, approximations), and prints each as a line of a Go test table
// for alu ({"spell", ops(a, b, …), result}), to diff against the table of
// TestProbeCases in probe_test.go (approximations aside: PTX bounds them).
//
//	nvcc -arch=sm_90 -o /tmp/h100probe h100probe.cu && /tmp/h100probe
#ifndef __CUDACC_RTC__
#include <cstdio>
#endif

typedef unsigned long long u64;

// Operand shapes: I integer 32-bit, L 64-bit, F f32, D f64 (operands and
// results as bit patterns); X_Y a conversion from Y to X; H is f16 bits;
// P a testp (the predicate as 0 or 1). Every operand is XORed with the
// kernel's argument z (0) first: constant operands would let ptxas fold
// the instruction, and its folding differs from the hardware (the first
// probe's abs.f32 and neg.f64 of NaN did: vgpudiff's runtime inputs gave
// the hardware's answers).
#define V(x) ((u64)(x) ^ z)
#define I1(s, a) [&]() -> u64 { unsigned r; asm volatile(s " %0, %1;" : "=r"(r) : "r"((unsigned)V(a))); return (u64)r; }()
#define I2(s, a, b) [&]() -> u64 { unsigned r; asm volatile(s " %0, %1, %2;" : "=r"(r) : "r"((unsigned)V(a)), "r"((unsigned)V(b))); return (u64)r; }()
#define L2(s, a, b) [&]() -> u64 { u64 r; asm volatile(s " %0, %1, %2;" : "=l"(r) : "l"(V(a)), "l"(V(b))); return r; }()
#define F1(s, a) [&]() -> u64 { float r; asm volatile(s " %0, %1;" : "=f"(r) : "f"(__uint_as_float(V(a)))); return (u64)__float_as_uint(r); }()
#define F2(s, a, b) [&]() -> u64 { float r; asm volatile(s " %0, %1, %2;" : "=f"(r) : "f"(__uint_as_float(V(a))), "f"(__uint_as_float(V(b)))); return (u64)__float_as_uint(r); }()
#define F3(s, a, b, c) [&]() -> u64 { float r; asm volatile(s " %0, %1, %2, %3;" : "=f"(r) : "f"(__uint_as_float(V(a))), "f"(__uint_as_float(V(b))), "f"(__uint_as_float(V(c)))); return (u64)__float_as_uint(r); }()
#define D1(s, a) [&]() -> u64 { double r; asm volatile(s " %0, %1;" : "=d"(r) : "d"(__longlong_as_double(V(a)))); return (u64)__double_as_longlong(r); }()
#define D2(s, a, b) [&]() -> u64 { double r; asm volatile(s " %0, %1, %2;" : "=d"(r) : "d"(__longlong_as_double(V(a))), "d"(__longlong_as_double(V(b)))); return (u64)__double_as_longlong(r); }()
#define D3(s, a, b, c) [&]() -> u64 { double r; asm volatile(s " %0, %1, %2, %3;" : "=d"(r) : "d"(__longlong_as_double(V(a))), "d"(__longlong_as_double(V(b))), "d"(__longlong_as_double(V(c)))); return (u64)__double_as_longlong(r); }()
#define F_D(s, a) [&]() -> u64 { float r; asm volatile(s " %0, %1;" : "=f"(r) : "d"(__longlong_as_double(V(a)))); return (u64)__float_as_uint(r); }()
#define D_F(s, a) [&]() -> u64 { double r; asm volatile(s " %0, %1;" : "=d"(r) : "f"(__uint_as_float(V(a)))); return (u64)__double_as_longlong(r); }()
#define H_F(s, a) [&]() -> u64 { unsigned short r; asm volatile(s " %0, %1;" : "=h"(r) : "f"(__uint_as_float(V(a)))); return (u64)r; }()
#define H_D(s, a) [&]() -> u64 { unsigned short r; asm volatile(s " %0, %1;" : "=h"(r) : "d"(__longlong_as_double(V(a)))); return (u64)r; }()
#define H_I(s, a) [&]() -> u64 { unsigned short r; asm volatile(s " %0, %1;" : "=h"(r) : "r"((unsigned)V(a))); return (u64)r; }()
#define F_H(s, a) [&]() -> u64 { float r; asm volatile(s " %0, %1;" : "=f"(r) : "h"((unsigned short)V(a))); return (u64)__float_as_uint(r); }()
#define I_F(s, a) [&]() -> u64 { unsigned r; asm volatile(s " %0, %1;" : "=r"(r) : "f"(__uint_as_float(V(a)))); return (u64)r; }()
#define I_D(s, a) [&]() -> u64 { unsigned r; asm volatile(s " %0, %1;" : "=r"(r) : "d"(__longlong_as_double(V(a)))); return (u64)r; }()
#define L_D(s, a) [&]() -> u64 { u64 r; asm volatile(s " %0, %1;" : "=l"(r) : "d"(__longlong_as_double(V(a)))); return r; }()
#define L_F(s, a) [&]() -> u64 { u64 r; asm volatile(s " %0, %1;" : "=l"(r) : "f"(__uint_as_float(V(a)))); return r; }()
#define P(s, a) [&]() -> u64 { unsigned r; asm volatile("{ .reg .pred p; " s " p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(r) : "f"(__uint_as_float(V(a)))); return (u64)r; }()

#define QN32 0x7FC00001
#define SN32 0x7F800001
#define INF32 0x7F800000
#define NZ32 0x80000000
#define ONE32 0x3F800000
#define QN64 0x7FF8000000000123
#define SN64 0x7FF0000000000001
#define INF64 0x7FF0000000000000
#define NZ64 0x8000000000000000
#define ONE64 0x3FF0000000000000

#define CASES(X) \
	X(I2, "div.s32", 5, 0) X(I2, "div.s32", 0xFFFFFFFB, 0) X(I2, "div.s32", 0, 0) \
	X(I2, "div.u32", 7, 0) X(I2, "rem.s32", 0xFFFFFFF9, 0) X(I2, "rem.u32", 7, 0) \
	X(L2, "div.s64", 5, 0) X(L2, "div.s64", 0xFFFFFFFFFFFFFFFB, 0) X(L2, "div.u64", 7, 0) \
	X(L2, "rem.s64", 0xFFFFFFFFFFFFFFF9, 0) X(L2, "rem.u64", 7, 0) \
	X(I2, "div.s32", 0x80000000, 0xFFFFFFFF) X(I2, "rem.s32", 0x80000000, 0xFFFFFFFF) \
	X(F2, "add.f32", QN32, ONE32) X(F2, "add.f32", 0xFFC00000, ONE32) X(F2, "add.f32", SN32, ONE32) \
	X(F2, "add.f32", INF32, 0xFF800000) X(F2, "mul.f32", 0, INF32) X(F3, "fma.rn.f32", QN32, ONE32, 0x7FC00002) \
	X(F2, "add.sat.f32", QN32, ONE32) X(F2, "add.rm.f32", ONE32, 0xBF800000) \
	X(F1, "abs.f32", 0xFFC00001) X(F1, "neg.f32", 0x7FC00001) X(F1, "abs.f32", NZ32) X(F1, "abs.ftz.f32", 0x80000001) \
	X(F1, "neg.ftz.f32", 1) X(F1, "sqrt.rn.f32", 0xBF800000) X(F1, "rcp.rn.f32", QN32) \
	X(F2, "min.f32", QN32, 0x7FC00002) X(F2, "min.f32", QN32, ONE32) X(F2, "max.f32", ONE32, SN32) \
	X(F2, "min.f32", NZ32, 0) X(F2, "min.f32", 0, NZ32) X(F2, "max.f32", NZ32, 0) X(F2, "max.f32", 0, NZ32) \
	X(F2, "min.NaN.f32", QN32, ONE32) X(F2, "min.f32", 0x80000001, 0) X(F2, "min.ftz.f32", 0x80000001, 0) \
	X(F2, "mul.ftz.f32", 0x00800000, 0x3F7FFFFF) X(F2, "mul.f32", 0x00800000, 0x3F7FFFFF) \
	X(F2, "mul.rz.ftz.f32", 0x00800000, 0x3F7FFFFF) X(F2, "add.ftz.f32", 0x00800001, 0x80800000) \
	X(D2, "add.f64", QN64, ONE64) X(D2, "add.f64", ONE64, QN64) X(D2, "add.f64", SN64, ONE64) \
	X(D2, "add.f64", 0xFFF8000000000456, QN64) X(D2, "add.f64", INF64, 0xFFF0000000000000) X(D2, "mul.f64", 0, INF64) \
	X(D3, "fma.rn.f64", 0, INF64, ONE64) X(D3, "fma.rn.f64", ONE64, ONE64, QN64) X(D2, "div.rn.f64", 0, 0) \
	X(D1, "sqrt.rn.f64", 0xBFF0000000000000) X(D1, "abs.f64", 0xFFF8000000000001) X(D1, "neg.f64", QN64) \
	X(D2, "min.f64", QN64, 0x7FF8000000000456) X(D2, "min.f64", QN64, ONE64) X(D2, "min.f64", NZ64, 0) \
	X(D2, "max.f64", 0, NZ64) X(D2, "max.f64", NZ64, 0) X(D2, "min.f64", 0, NZ64) \
	X(D_F, "cvt.f64.f32", 0xFFC00001) X(D_F, "cvt.f64.f32", SN32) X(F_D, "cvt.rn.f32.f64", QN64) \
	X(F_D, "cvt.rn.f32.f64", 0xFFF8000000000000) X(H_F, "cvt.rn.f16.f32", QN32) X(H_F, "cvt.rn.f16.f32", 0xFFC00000) \
	X(F_H, "cvt.f32.f16", 0x7E01) X(F_H, "cvt.f32.f16", 0xFC01) X(F1, "cvt.rni.f32.f32", SN32) X(F1, "cvt.ftz.f32.f32", 0x80000001) \
	X(F1, "cvt.sat.f32.f32", QN32) X(I_F, "cvt.rzi.s32.f32", QN32) X(I_F, "cvt.rzi.u32.f32", 0xBFC00000) \
	X(L_D, "cvt.rzi.s64.f64", QN64) X(L_D, "cvt.rzi.u64.f64", 0xC000000000000000) \
	X(F1, "sin.approx.f32", 0x3F800000) X(F1, "cos.approx.f32", 0x3F800000) X(F1, "sin.approx.f32", 0x40490FDB) \
	X(F1, "ex2.approx.f32", 0x3F000000) X(F1, "ex2.approx.ftz.f32", 0xC3150000) X(F1, "lg2.approx.f32", 0x40400000) \
	X(F1, "rsqrt.approx.f32", 0x40400000) X(F1, "rcp.approx.f32", 0x40400000) X(F1, "sqrt.approx.f32", 0x40400000) \
	X(F1, "tanh.approx.f32", 0x3F000000) X(D1, "rcp.approx.ftz.f64", 0x4008000000000000) \
	X(D1, "rsqrt.approx.f64", 0x4008000000000000) X(F2, "div.approx.f32", ONE32, 0x40400000) \
	X(F2, "div.full.f32", ONE32, 0x40400000) X(F2, "div.approx.f32", INF32, 0x7F000000) \
	X(F1, "lg2.approx.f32", 0xBF800000) X(F1, "rsqrt.approx.f32", NZ32) X(F1, "ex2.approx.f32", QN32) \
	X(D3, "fma.rn.f64", ONE64, SN64, QN64) X(D3, "fma.rn.f64", QN64, 0x7FF8000000000456, ONE64) \
	X(D2, "max.f64", 0x7FF4000000000000, SN64) X(D1, "neg.f64", 0x7FF4000000000000) X(F1, "abs.f32", 0x7FA00000) \
	X(F3, "fma.rn.ftz.f32", 0x3F7FFFFF, 0x80800000, 0x00400000) X(F2, "mul.rn.ftz.f32", 0x20000400, 0x1FFFF800) \
	X(F2, "mul.rp.ftz.f32", 0x20000400, 0x1FFFF800) X(F2, "mul.rz.ftz.f32", 0x20000400, 0x1FFFF800) \
	X(I_D, "cvt.rzi.s32.f64", QN64) X(I_D, "cvt.rzi.u32.f64", QN64) X(L_F, "cvt.rzi.s64.f32", QN32) \
	X(L_F, "cvt.rzi.u64.f32", QN32) X(I_F, "cvt.rzi.u32.f32", QN32) X(H_D, "cvt.rn.f16.f64", 0x7FF4000000000000) \
	X(H_D, "cvt.rn.f16.f64", 0xFFF8000000000001) X(F_D, "cvt.rn.f32.f64", 0x7FF4000000000000) \
	X(D_F, "cvt.ftz.f64.f32", SN32) X(D_F, "cvt.ftz.f64.f32", 0xFFC00001) X(F_H, "cvt.f32.bf16", 0xFFAD) \
	X(H_I, "cvt.sat.s8.s32", 0xFFFFFF80) X(H_I, "cvt.s8.s32", 0xFF) X(P, "testp.normal.f32", 0) \
	X(P, "testp.normal.f32", 0x80000000) X(P, "testp.subnormal.f32", 0) X(P, "testp.normal.f32", 1) \
	X(D1, "rcp.approx.ftz.f64", 0xFFF8000000000001)

__global__ void probe(u64 *out, u64 z) {
	int i = 0;
#define RUN(shape, s, ...) out[i++] = shape(s, __VA_ARGS__);
	CASES(RUN)
}

#ifndef __CUDACC_RTC__
int main() {
	const char *spells[] = {
#define SPELL(shape, s, ...) s,
		CASES(SPELL)
	};
	const char *operands[] = {
#define STR(...) #__VA_ARGS__
#define XSTR(...) STR(__VA_ARGS__) // expands QN32 and the like first
#define OPERANDS(shape, s, ...) XSTR(__VA_ARGS__),
		CASES(OPERANDS)
	};
	const int n = sizeof spells / sizeof *spells;
	u64 *d, h[n];
	if (cudaMalloc(&d, sizeof h) != cudaSuccess) {
		fprintf(stderr, "h100probe: no GPU\n");
		return 1;
	}
	probe<<<1, 1>>>(d, 0);
	if (cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess) {
		fprintf(stderr, "h100probe: kernel failed\n");
		return 1;
	}
	for (int i = 0; i < n; i++)
		printf("{\"%s\", ops(%s), %#llx},\n", spells[i], operands[i], h[i]);
	return 0;
}
#endif
