/* culab's <stdio.h> for device code, handed to NVRTC by name.
 *
 * Of C's <stdio.h> a kernel has printf only, which NVRTC builds in: its
 * output appears when the kernel has run (CUDA keeps 1 MiB of it per
 * launch). Files and streams (fopen, fprintf, fgets, stdout), puts,
 * putchar, scanf and sprintf are host code: they are not available in
 * device code. */
#ifndef CULAB_STDIO_H
#define CULAB_STDIO_H
#endif
