// Package driver binds the CUDA driver API (libcuda.so.1) at run time with
// purego, so a CGO_ENABLED=0 binary starts on machines without a GPU and
// uses one where there is one. The library is opened at first use, never
// in init. Every call that needs a context runs with that context made
// current on the caller's locked thread, one call at a time (see Context).
package driver

import (
	"fmt"
	"strings"
	"sync"
	"unsafe"

	"github.com/ebitengine/purego"
)

// Explicit versioned symbols: the unversioned names are old ABIs kept for
// binary compatibility, and headers map to the versioned ones.
type symbols struct {
	cuInit, cuDriverGetVersion, cuGetErrorName, cuGetErrorString                    uintptr
	cuDeviceGetCount, cuDeviceGet, cuDeviceGetName, cuDeviceGetAttribute            uintptr
	cuDeviceTotalMem, cuDeviceGetUuid                                               uintptr
	cuDevicePrimaryCtxRetain, cuDevicePrimaryCtxRelease, cuDevicePrimaryCtxReset    uintptr
	cuCtxSetCurrent, cuCtxSynchronize                                               uintptr
	cuModuleLoadDataEx, cuModuleUnload, cuModuleGetFunction                         uintptr
	cuModuleGetGlobal                                                               uintptr
	cuFuncGetAttribute, cuFuncSetAttribute, cuFuncGetParamInfo, cuFuncGetParamCount uintptr
	cuLaunchKernel                                                                  uintptr
	cuMemAlloc, cuMemFree, cuMemGetInfo                                             uintptr
	cuMemHostRegister, cuMemHostUnregister                                          uintptr
	cuMemcpyHtoD, cuMemcpyDtoH, cuMemcpyDtoDAsync                                   uintptr
	cuMemsetD8, cuMemsetD16, cuMemsetD32, cuMemsetD2D32                             uintptr
	cuStreamCreate, cuStreamDestroy, cuStreamSynchronize                            uintptr
	cuEventCreate, cuEventRecord, cuEventSynchronize, cuEventElapsedTime            uintptr
	cuEventDestroy                                                                  uintptr
	cuOccupancyMaxPotentialBlockSize, cuOccupancyMaxActiveBlocksPerMultiprocessor   uintptr
}

// LibraryName is the driver library opened at first use.
const LibraryName = "libcuda.so.1"

var (
	loadOnce sync.Once
	loadErr  error
	sym      symbols
)

// Load opens libcuda.so.1, resolves its symbols and calls cuInit. The
// result is cached; the error says exactly why no GPU can be used.
func Load() error {
	loadOnce.Do(func() { loadErr = load() })
	return loadErr
}

func load() error {
	h, err := purego.Dlopen(LibraryName, purego.RTLD_NOW|purego.RTLD_GLOBAL)
	if err != nil {
		return &Error{Op: "dlopen " + LibraryName, Name: "LIBRARY_NOT_FOUND",
			Msg: fmt.Sprintf("%s not found: no NVIDIA driver on this machine (%v)", LibraryName, err), unavailable: true}
	}
	table := []struct {
		p     *uintptr
		names []string // first found wins
		opt   bool     // missing on older drivers: callers check for 0
	}{
		{&sym.cuInit, []string{"cuInit"}, false},
		{&sym.cuDriverGetVersion, []string{"cuDriverGetVersion"}, false},
		{&sym.cuGetErrorName, []string{"cuGetErrorName"}, false},
		{&sym.cuGetErrorString, []string{"cuGetErrorString"}, false},
		{&sym.cuDeviceGetCount, []string{"cuDeviceGetCount"}, false},
		{&sym.cuDeviceGet, []string{"cuDeviceGet"}, false},
		{&sym.cuDeviceGetName, []string{"cuDeviceGetName"}, false},
		{&sym.cuDeviceGetAttribute, []string{"cuDeviceGetAttribute"}, false},
		{&sym.cuDeviceTotalMem, []string{"cuDeviceTotalMem_v2"}, false},
		{&sym.cuDeviceGetUuid, []string{"cuDeviceGetUuid_v2", "cuDeviceGetUuid"}, true},
		{&sym.cuDevicePrimaryCtxRetain, []string{"cuDevicePrimaryCtxRetain"}, false},
		{&sym.cuDevicePrimaryCtxRelease, []string{"cuDevicePrimaryCtxRelease_v2"}, false},
		{&sym.cuDevicePrimaryCtxReset, []string{"cuDevicePrimaryCtxReset_v2"}, false},
		{&sym.cuCtxSetCurrent, []string{"cuCtxSetCurrent"}, false},
		{&sym.cuCtxSynchronize, []string{"cuCtxSynchronize"}, false},
		{&sym.cuModuleLoadDataEx, []string{"cuModuleLoadDataEx"}, false},
		{&sym.cuModuleUnload, []string{"cuModuleUnload"}, false},
		{&sym.cuModuleGetFunction, []string{"cuModuleGetFunction"}, false},
		{&sym.cuModuleGetGlobal, []string{"cuModuleGetGlobal_v2"}, false},
		{&sym.cuFuncGetAttribute, []string{"cuFuncGetAttribute"}, false},
		{&sym.cuFuncSetAttribute, []string{"cuFuncSetAttribute"}, false},
		{&sym.cuFuncGetParamInfo, []string{"cuFuncGetParamInfo"}, true},
		{&sym.cuFuncGetParamCount, []string{"cuFuncGetParamCount"}, true},
		{&sym.cuLaunchKernel, []string{"cuLaunchKernel"}, false},
		{&sym.cuMemAlloc, []string{"cuMemAlloc_v2"}, false},
		{&sym.cuMemFree, []string{"cuMemFree_v2"}, false},
		{&sym.cuMemGetInfo, []string{"cuMemGetInfo_v2"}, false},
		{&sym.cuMemHostRegister, []string{"cuMemHostRegister_v2"}, true},
		{&sym.cuMemHostUnregister, []string{"cuMemHostUnregister"}, true},
		{&sym.cuMemcpyHtoD, []string{"cuMemcpyHtoD_v2"}, false},
		{&sym.cuMemcpyDtoH, []string{"cuMemcpyDtoH_v2"}, false},
		{&sym.cuMemcpyDtoDAsync, []string{"cuMemcpyDtoDAsync_v2"}, false},
		{&sym.cuMemsetD8, []string{"cuMemsetD8_v2"}, false},
		{&sym.cuMemsetD16, []string{"cuMemsetD16_v2"}, false},
		{&sym.cuMemsetD32, []string{"cuMemsetD32_v2"}, false},
		{&sym.cuMemsetD2D32, []string{"cuMemsetD2D32_v2"}, false},
		{&sym.cuStreamCreate, []string{"cuStreamCreate"}, false},
		{&sym.cuStreamDestroy, []string{"cuStreamDestroy_v2"}, false},
		{&sym.cuStreamSynchronize, []string{"cuStreamSynchronize"}, false},
		{&sym.cuEventCreate, []string{"cuEventCreate"}, false},
		{&sym.cuEventRecord, []string{"cuEventRecord"}, false},
		{&sym.cuEventSynchronize, []string{"cuEventSynchronize"}, false},
		{&sym.cuEventElapsedTime, []string{"cuEventElapsedTime_v2", "cuEventElapsedTime"}, false},
		{&sym.cuEventDestroy, []string{"cuEventDestroy_v2"}, false},
		{&sym.cuOccupancyMaxPotentialBlockSize, []string{"cuOccupancyMaxPotentialBlockSize"}, false},
		{&sym.cuOccupancyMaxActiveBlocksPerMultiprocessor, []string{"cuOccupancyMaxActiveBlocksPerMultiprocessor"}, false},
	}
	var missing []string
	for _, e := range table {
		for _, n := range e.names {
			if p, err := purego.Dlsym(h, n); err == nil && p != 0 {
				*e.p = p
				break
			}
		}
		if *e.p == 0 && !e.opt {
			missing = append(missing, e.names[0])
		}
	}
	if len(missing) > 0 {
		return &Error{Op: "load " + LibraryName, Name: "SYMBOLS_MISSING",
			Msg: "driver too old, missing " + strings.Join(missing, ", "), unavailable: true}
	}
	if err := check("cuInit", call(sym.cuInit, 0)); err != nil {
		return err
	}
	return nil
}

// call invokes a driver function; every driver function returns CUresult.
// uintptrescapes keeps pointers converted at call sites alive and in place.
//
//go:uintptrescapes
func call(fn uintptr, args ...uintptr) int {
	r, _, _ := purego.SyscallN(fn, args...)
	return int(int32(r))
}

// Error is a failed driver call.
type Error struct {
	Op   string
	Code int    // CUresult
	Name string // e.g. CUDA_ERROR_NO_DEVICE
	Msg  string

	unavailable bool // the library itself could not be used
}

func (e *Error) Error() string {
	if e.Code == 0 {
		return fmt.Sprintf("%s: %s", e.Op, e.Msg)
	}
	return fmt.Sprintf("%s returned %s (%d): %s", e.Op, e.Name, e.Code, e.Msg)
}

// Unavailable reports whether the error means no GPU can be used at all.
func (e *Error) Unavailable() bool {
	switch e.Code {
	case 3, 4, 34, 35, 46, 100, 101, 803, 804:
		// not initialized, deinitialized, stub library, insufficient driver,
		// device unavailable, no device, invalid device, driver mismatch,
		// compat not supported.
		return true
	}
	return e.unavailable
}

// check turns a CUresult into an *Error (nil on success).
func check(op string, r int) error {
	if r == 0 {
		return nil
	}
	e := &Error{Op: op, Code: r, Name: fmt.Sprintf("CUresult %d", r), Msg: "unknown error"}
	var p uintptr
	if sym.cuGetErrorName != 0 && call(sym.cuGetErrorName, uintptr(r), uintptr(unsafe.Pointer(&p))) == 0 {
		e.Name = goString(p)
	}
	if sym.cuGetErrorString != 0 && call(sym.cuGetErrorString, uintptr(r), uintptr(unsafe.Pointer(&p))) == 0 {
		e.Msg = goString(p)
	}
	return e
}

// goString copies a NUL-terminated C string owned by the driver.
func goString(p uintptr) string {
	if p == 0 {
		return ""
	}
	var b []byte
	for i := uintptr(0); i < 4096; i++ {
		c := *(*byte)(unsafe.Add(unsafe.Pointer(nil), p+i))
		if c == 0 {
			break
		}
		b = append(b, c)
	}
	return string(b)
}
