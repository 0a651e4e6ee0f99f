/* culab's <assert.h> for device code, handed to NVRTC by name.
 *
 * assert is built into NVRTC: a failed assertion prints the condition,
 * file and line, and the launch fails. Defined before this header, NDEBUG
 * turns assert off, as in C. No include guard: each inclusion reads NDEBUG
 * again, as the C standard has it (once off, it stays off). Nothing here
 * is host-only. */
#ifdef NDEBUG
#undef assert
#define assert(e) (static_cast<void>(0))
#endif
