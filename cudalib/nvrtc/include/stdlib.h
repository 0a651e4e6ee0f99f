/* culab's <stdlib.h> for device code, handed to NVRTC by name.
 *
 * NVRTC builds in what device code has of <stdlib.h>: abs, labs, llabs,
 * and malloc and free on the device's heap (the virtual GPU has no device
 * heap: a kernel that calls malloc does not load there). rand, srand,
 * exit, abort, atoi, strtol, qsort, getenv, calloc, realloc and the rest
 * are host code: they are not available in device code. */
#ifndef CULAB_STDLIB_H
#define CULAB_STDLIB_H
#endif
