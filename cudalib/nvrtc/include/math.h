/* culab's <math.h> for device code, handed to NVRTC by name.
 *
 * CUDA's math functions (sqrtf, expf, sin, pow, fabs, fmaxf, isnan, ...)
 * are built into NVRTC; this header adds <math.h>'s constants: INFINITY,
 * NAN, HUGE_VALF, HUGE_VAL and the M_ ones (M_PI, ...). Nothing in it is
 * host-only. libcu++'s <cuda/std/cmath> defines INFINITY and NAN its own
 * way: included after this header it redefines them, and NVRTC warns;
 * included before, its definitions stay. */
#ifndef CULAB_MATH_H
#define CULAB_MATH_H

/* A float or double from its bits: a constant expression with NVRTC 12 and
 * later; NVRTC 11 has only CUDA's intrinsics, usable in device code. */
#if __has_builtin(__builtin_bit_cast)
#define CULAB_FLOAT_BITS(b) __builtin_bit_cast(float, (unsigned int)(b))
#define CULAB_DOUBLE_BITS(b) __builtin_bit_cast(double, (unsigned long long)(b))
#else
#define CULAB_FLOAT_BITS(b) __int_as_float((int)(b))
#define CULAB_DOUBLE_BITS(b) __longlong_as_double((long long)(b))
#endif

#ifndef INFINITY
#define INFINITY CULAB_FLOAT_BITS(0x7f800000u)
#endif
#ifndef NAN
#define NAN CULAB_FLOAT_BITS(0x7fc00000u)
#endif
#ifndef HUGE_VALF
#define HUGE_VALF CULAB_FLOAT_BITS(0x7f800000u)
#endif
#ifndef HUGE_VAL
#define HUGE_VAL CULAB_DOUBLE_BITS(0x7ff0000000000000ull)
#endif

/* POSIX's constants, which textbook kernels use (M_PI above all). */
#ifndef M_PI
#define M_E 2.718281828459045235360287471352662498
#define M_LOG2E 1.442695040888963407359924681001892137
#define M_LOG10E 0.434294481903251827651128918916605082
#define M_LN2 0.693147180559945309417232121458176568
#define M_LN10 2.302585092994045684017991454684364208
#define M_PI 3.141592653589793238462643383279502884
#define M_PI_2 1.570796326794896619231321691639751442
#define M_PI_4 0.785398163397448309615660845819875721
#define M_1_PI 0.318309886183790671537767526745028724
#define M_2_PI 0.636619772367581343075535053490057448
#define M_2_SQRTPI 1.128379167095512573896158903121545172
#define M_SQRT2 1.414213562373095048801688724209698079
#define M_SQRT1_2 0.707106781186547524400844362104849039
#endif

#endif
