/* culab's <string.h> for device code, handed to NVRTC by name.
 *
 * NVRTC builds in memcpy and memset for device code. strlen, strcpy,
 * strcmp, memcmp, memmove and the rest are host code: they are not
 * available in device code. */
#ifndef CULAB_STRING_H
#define CULAB_STRING_H
#endif
