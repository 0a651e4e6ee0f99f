// Package vgpu is a virtual GPU: it executes parsed PTX (package ptx) on
// the CPU, a warp of 32 lanes at a time, with device memory in a virtual
// address space of host memory. It knows nothing of cudalib, NVRTC or
// Jupyter; the cudalib backend wraps it.
package vgpu
