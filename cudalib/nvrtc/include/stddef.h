/* culab's <stddef.h> for device code, handed to NVRTC by name.
 *
 * size_t, ptrdiff_t and NULL are built into NVRTC; this adds offsetof.
 * Nothing here is host-only. */
#ifndef CULAB_STDDEF_H
#define CULAB_STDDEF_H
#ifndef offsetof
#define offsetof(type, member) ((size_t) & reinterpret_cast<const volatile char&>(((type*)0)->member))
#endif
#endif
