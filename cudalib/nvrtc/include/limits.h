/* culab's <limits.h> for device code, handed to NVRTC by name.
 *
 * The integer types' limits as a CUDA device has them (long is 64 bits, as
 * on the 64-bit Linux host). Where the CUDA toolkit's headers are on the
 * include path, libcu++'s definitions are used, so that its headers and
 * this one can be included together. Nothing here is host-only. */
#ifndef CULAB_LIMITS_H
#define CULAB_LIMITS_H
#if __has_include(<cuda/std/climits>)
#include <cuda/std/climits>
#else
#define CHAR_BIT 8
#define SCHAR_MIN (-128)
#define SCHAR_MAX 127
#define UCHAR_MAX 255
#define CHAR_MIN SCHAR_MIN
#define CHAR_MAX SCHAR_MAX
#define SHRT_MIN (-SHRT_MAX - 1)
#define SHRT_MAX 32767
#define USHRT_MAX 65535
#define INT_MIN (-INT_MAX - 1)
#define INT_MAX 2147483647
#define UINT_MAX 4294967295U
#define LONG_MIN (-LONG_MAX - 1L)
#define LONG_MAX 9223372036854775807L
#define ULONG_MAX 18446744073709551615UL
#define LLONG_MIN (-LLONG_MAX - 1LL)
#define LLONG_MAX 9223372036854775807LL
#define ULLONG_MAX 18446744073709551615ULL
#endif
#endif
