package driver

import "unsafe"

// cuLaunchKernel is the call a timed region makes thousands of times while
// the GPU may be waiting for the next kernel (queue.go), so its host cost
// is the pace of a sequence of short kernels. purego's SyscallN, the
// general call every other driver function goes through, fills a 32-word
// argument block from a pool and allocates once a call: 107–193 ns on the
// GPU machines' host, where a launch costs ~3 µs. On amd64 the runtime's
// own cgocall with cuLaunchKernel's eleven words in a fixed frame costs
// 28–53 ns there (BenchmarkLaunchCall beside BenchmarkPuregoCall), and
// culab's queued launches then cost what a C++ loop's cuLaunchKernel does
// (bench/RESULTS.md, 2026-11-26). purego still opens the library, finds
// the symbols and makes every other call; this is the one path measured
// to need less.

// launchFrame is cuLaunchKernel's arguments, the function's address and
// its result, laid out for launchcall_amd64.s.
type launchFrame struct {
	fn, f                  uintptr
	gx, gy, gz, bx, by, bz uintptr
	shared, stream         uintptr
	params                 unsafe.Pointer // a pointer, so that a moved stack moves it too
	extra                  uintptr
	ret                    uintptr
}
