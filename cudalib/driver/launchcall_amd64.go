package driver

import "unsafe"

// runtime_cgocall runs fn(arg) on the thread's system stack with the C
// calling convention, as purego and cgo do.
//
//go:linkname runtime_cgocall runtime.cgocall
//go:noescape
func runtime_cgocall(fn uintptr, arg unsafe.Pointer) int32

// launchTrampoline is the address of the C-ABI function that calls
// fr.fn with fr's eleven words and stores its result in fr.ret.
func launchTrampoline() uintptr

// callLaunch calls fr.fn (cuLaunchKernel, or any C function of eleven
// word-sized arguments) and returns its int result.
func callLaunch(fr *launchFrame) int {
	runtime_cgocall(launchTrampoline(), unsafe.Pointer(fr))
	return int(int32(fr.ret))
}
