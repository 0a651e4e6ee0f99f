package driver

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Handles the driver hands out. They are opaque pointers (DevicePtr is a
// device address).
type (
	DevicePtr uint64
	Module    uintptr
	Function  uintptr
	Stream    uintptr // 0 is the default stream
	Event     uintptr
)

// Context is a device's primary context (cuDevicePrimaryCtxRetain, not
// cuCtxCreate, whose signature changed in CUDA 13). Its calls run one at a
// time on the calling goroutine's OS thread, locked for the call, with the
// context made current there first, so callers on any goroutine are safe.
//
// An earlier binding ran every call on one locked thread of its own and
// handed calls to it through a channel, both sides spinning: timed
// sequences of small launches then ran at 1.1–2.6× native's pace,
// differently in every process (bench/RESULTS.md, issue 19). A call on
// the caller's thread is what a native program does.
type Context struct {
	dev     Device
	mu      sync.Mutex // held for each call (enter, leave)
	ctx     uintptr
	retains int
	pending error // a posted launch's failure, reported by the next call

	// An event to record just before the next enqueued work (see
	// RecordAtNextWork); 0 when none.
	armed       Event
	armedStream Stream

	batches int   // open batches (queue.go)
	q       queue // calls queued in them
}

// Retain retains d's primary context.
func Retain(d Device) (*Context, error) {
	if err := Load(); err != nil {
		return nil, err
	}
	c := &Context{dev: d}
	live.Add(1)
	if err := c.do(c.retain); err != nil {
		live.Add(-1)
		return nil, err
	}
	return c, nil
}

// live counts the Contexts retained in this process (Retain, Release).
var live atomic.Int32

// enter takes the context for one call on this goroutine's thread; leave
// undoes enter, whatever enter returned. Where this is the process's only
// Context, a thread has it current or has none, and a call on a thread
// without it fails with CUDA_ERROR_INVALID_CONTEXT and no effect: so the
// context is made current only then (run), and not before every call — a
// cgo call of its own, 6.5 % of a launch's host time
// (docs/results/2026-11-25c-h100-micro). With several, enter makes it
// current each time (cuCtxSetCurrent is a thread-local store in the
// driver).
func (c *Context) enter() error {
	c.mu.Lock()
	runtime.LockOSThread()
	if c.ctx == 0 || live.Load() == 1 {
		return nil // retain sets it; run sets it where it is missing
	}
	return c.makeCurrent()
}

func (c *Context) leave() {
	runtime.UnlockOSThread()
	c.mu.Unlock()
}

func (c *Context) makeCurrent() error {
	return check("cuCtxSetCurrent", call(sym.cuCtxSetCurrent, c.ctx))
}

// run runs the queued calls, then f, entered. Where one failed for want
// of the context on this thread (or for an old handle of it, after Reset),
// it makes the context current and goes on from the call that failed. On
// a failure the rest of the queue is dropped.
func (c *Context) run(f func() error) error {
	g := func() error {
		if err := c.drain(); err != nil {
			return err
		}
		return f()
	}
	err := g()
	var e *Error
	if c.ctx != 0 && errors.As(err, &e) && (e.Code == errInvalidContext || e.Code == errContextDestroyed) {
		if err = c.makeCurrent(); err == nil {
			err = g()
		}
	}
	if err != nil {
		c.dropQueue()
	}
	return err
}

// CUresult codes: of a call made without the context current, and of a
// bad argument.
const (
	errInvalidValue     = 1   // CUDA_ERROR_INVALID_VALUE
	errInvalidContext   = 201 // CUDA_ERROR_INVALID_CONTEXT
	errContextDestroyed = 709 // CUDA_ERROR_CONTEXT_IS_DESTROYED
)

// retain runs inside do.
func (c *Context) retain() error {
	if err := check("cuDevicePrimaryCtxRetain", call(sym.cuDevicePrimaryCtxRetain, uintptr(unsafe.Pointer(&c.ctx)), uintptr(c.dev))); err != nil {
		return err
	}
	c.retains++
	return c.makeCurrent()
}

// do runs f with the context current. A failure of an earlier posted
// launch is reported instead, as CUDA reports errors of earlier
// asynchronous work.
func (c *Context) do(f func() error) error {
	err := c.enter()
	defer c.leave()
	if c.pending != nil {
		err, c.pending = c.pending, nil
		if e := (*earlierError)(nil); !errors.As(err, &e) {
			err = &earlierError{"kernel launch", err}
		}
		return err
	}
	if err != nil {
		return err
	}
	return c.run(f)
}

// post runs f like do, but keeps its failure for the next call to report
// (a launch: the caller does not wait for an error); after a failure,
// posted calls are dropped until it is reported.
func (c *Context) post(f func() error) {
	err := c.enter()
	defer c.leave()
	if c.pending == nil {
		c.pending = err
	}
	if c.pending == nil {
		c.pending = c.run(f)
	}
}

// work is do for calls that enqueue device work: an armed event is
// recorded first, in the same hop.
func (c *Context) work(f func() error) error {
	return c.do(func() error {
		if err := c.fire(); err != nil {
			return err
		}
		return f()
	})
}

// fire records the armed event, if any; it runs inside do or post.
func (c *Context) fire() error {
	if c.armed == 0 {
		return nil
	}
	// Disarmed only once recorded: run may call it again.
	if err := check("cuEventRecord", call(sym.cuEventRecord, uintptr(c.armed), uintptr(c.armedStream))); err != nil {
		return err
	}
	c.armed, c.armedStream = 0, 0
	return nil
}

// RecordAtNextWork arms e: it is recorded on s just before the next launch,
// copy, memset or event record this context enqueues, in the same driver
// call. A start event recorded at once would also time the host's gap
// until the caller's first launch arrives, tens of microseconds when that
// caller is Go code (more when interpreted, or through the GPU worker).
func (c *Context) RecordAtNextWork(e Event, s Stream) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.armed, c.armedStream = e, s
}

// Device is the context's device.
func (c *Context) Device() Device { return c.dev }

// Release drops this process's references to the primary context.
func (c *Context) Release() error {
	defer live.Add(-1)
	return c.do(func() error {
		for ; c.retains > 0; c.retains-- {
			if err := check("cuDevicePrimaryCtxRelease_v2", call(sym.cuDevicePrimaryCtxRelease, uintptr(c.dev))); err != nil {
				return err
			}
		}
		return nil
	})
}

// Reset destroys every allocation and module of the primary context and
// makes it usable again: the way out of a sticky kernel fault. The context
// is made not current and released first, so that nothing holds the
// faulted one.
func (c *Context) Reset() error {
	return c.do(func() error {
		c.armed = 0
		if err := check("cuCtxSetCurrent", call(sym.cuCtxSetCurrent, 0)); err != nil {
			return err
		}
		if err := check("cuDevicePrimaryCtxReset_v2", call(sym.cuDevicePrimaryCtxReset, uintptr(c.dev))); err != nil {
			return err
		}
		for ; c.retains > 0; c.retains-- {
			if err := check("cuDevicePrimaryCtxRelease_v2", call(sym.cuDevicePrimaryCtxRelease, uintptr(c.dev))); err != nil {
				return err
			}
		}
		return c.retain()
	})
}

// Synchronize waits for all work in the context.
func (c *Context) Synchronize() error {
	return c.do(func() error { return check("cuCtxSynchronize", call(sym.cuCtxSynchronize)) })
}

// MemInfo is free and total device memory.
func (c *Context) MemInfo() (free, total uint64, err error) {
	var f, t uintptr
	err = c.do(func() error {
		return check("cuMemGetInfo_v2", call(sym.cuMemGetInfo, uintptr(unsafe.Pointer(&f)), uintptr(unsafe.Pointer(&t))))
	})
	return uint64(f), uint64(t), err
}

// MemAlloc allocates bytes of device memory.
func (c *Context) MemAlloc(bytes int) (DevicePtr, error) {
	var p DevicePtr
	err := c.do(func() error {
		return check("cuMemAlloc_v2", call(sym.cuMemAlloc, uintptr(unsafe.Pointer(&p)), uintptr(bytes)))
	})
	return p, err
}

// MemFree frees device memory.
func (c *Context) MemFree(p DevicePtr) error {
	return c.do(func() error { return check("cuMemFree_v2", call(sym.cuMemFree, uintptr(p))) })
}

// HostRegister page-locks n bytes of host memory at p for the device, so
// that copies to and from it run by DMA at the link's speed.
func (c *Context) HostRegister(p unsafe.Pointer, n int) error {
	if sym.cuMemHostRegister == 0 {
		return &Error{Op: "cuMemHostRegister_v2", Name: "NOT_FOUND", Msg: "this driver has no cuMemHostRegister_v2"}
	}
	return c.do(func() error {
		return check("cuMemHostRegister_v2", call(sym.cuMemHostRegister, uintptr(p), uintptr(n), 0))
	})
}

// HostUnregister undoes HostRegister of the memory at p.
func (c *Context) HostUnregister(p unsafe.Pointer) error {
	if sym.cuMemHostUnregister == 0 {
		return nil
	}
	return c.do(func() error { return check("cuMemHostUnregister", call(sym.cuMemHostUnregister, uintptr(p))) })
}

// MemcpyHtoD copies n bytes from host to device (synchronous).
func (c *Context) MemcpyHtoD(dst DevicePtr, src unsafe.Pointer, n int) error {
	return c.work(func() error {
		return check("cuMemcpyHtoD_v2", call(sym.cuMemcpyHtoD, uintptr(dst), uintptr(src), uintptr(n)))
	})
}

// MemcpyDtoH copies n bytes from device to host (synchronous).
func (c *Context) MemcpyDtoH(dst unsafe.Pointer, src DevicePtr, n int) error {
	return c.work(func() error {
		return check("cuMemcpyDtoH_v2", call(sym.cuMemcpyDtoH, uintptr(dst), uintptr(src), uintptr(n)))
	})
}

// MemcpyDtoD copies n bytes between device buffers; in a batch it queues
// the copy, whose failure then surfaces at a later call.
func (c *Context) MemcpyDtoD(dst, src DevicePtr, n int) error {
	c.mu.Lock()
	if c.queuing() {
		c.queueCopy(dst, src, n)
		c.mu.Unlock()
		return nil
	}
	c.mu.Unlock()
	return c.work(func() error { return memcpyDtoD(dst, src, n) })
}

// memcpyDtoD enqueues the copy on the default stream, in the asynchronous
// form a native loop's cudaMemcpyAsync takes (a device-to-device
// cuMemcpyDtoD does not wait for the copy either): with it a timed
// region that starts with a copy came to native's time
// (bench/RESULTS.md, 2026-11-25 (g)).
func memcpyDtoD(dst, src DevicePtr, n int) error {
	return check("cuMemcpyDtoDAsync_v2", call(sym.cuMemcpyDtoDAsync, uintptr(dst), uintptr(src), uintptr(n), 0))
}

// Memset writes count copies of a 1-, 2-, 4- or 8-byte pattern. A pattern
// that repeats a shorter one is written as that (all bytes equal: bytes);
// other eight-byte patterns are two strided 32-bit fills (cuMemsetD2D32
// with a pitch of 8), which run at a fraction of the memory's bandwidth.
func (c *Context) Memset(dst DevicePtr, pattern uint64, size, count int) error {
	pattern, size, count = narrowPattern(pattern, size, count)
	return c.work(func() error {
		switch size {
		case 1:
			return check("cuMemsetD8_v2", call(sym.cuMemsetD8, uintptr(dst), uintptr(uint8(pattern)), uintptr(count)))
		case 2:
			return check("cuMemsetD16_v2", call(sym.cuMemsetD16, uintptr(dst), uintptr(uint16(pattern)), uintptr(count)))
		case 4:
			return check("cuMemsetD32_v2", call(sym.cuMemsetD32, uintptr(dst), uintptr(uint32(pattern)), uintptr(count)))
		case 8:
			for half := 0; half < 2; half++ {
				word := uint32(pattern >> (32 * half))
				if err := check("cuMemsetD2D32_v2", call(sym.cuMemsetD2D32, uintptr(dst)+uintptr(4*half), 8, uintptr(word), 1, uintptr(count))); err != nil {
					return err
				}
			}
			return nil
		}
		return fmt.Errorf("memset: unsupported element size %d", size)
	})
}

// JIT options of cuModuleLoadDataEx.
const (
	jitInfoLogBuffer       = 3
	jitInfoLogBufferBytes  = 4
	jitErrorLogBuffer      = 5
	jitErrorLogBufferBytes = 6
	jitLogSize             = 16 << 10
)

// narrowPattern rewrites count copies of a size-byte pattern as copies of
// the shortest pattern it repeats.
func narrowPattern(pattern uint64, size, count int) (uint64, int, int) {
	for size == 2 || size == 4 || size == 8 {
		half := size / 2
		mask := uint64(1)<<(8*half) - 1
		if pattern&mask != pattern>>(8*half)&mask {
			break
		}
		pattern, size, count = pattern&mask, half, 2*count
	}
	return pattern, size, count
}

// ModuleLoad loads a CUBIN or NUL-terminated PTX image. When the driver
// JIT-compiles PTX, its error log is part of the error and its info log is
// returned.
func (c *Context) ModuleLoad(image []byte) (Module, string, error) {
	var m Module
	infoLog := make([]byte, jitLogSize)
	errLog := make([]byte, jitLogSize)
	opts := []int32{jitInfoLogBuffer, jitInfoLogBufferBytes, jitErrorLogBuffer, jitErrorLogBufferBytes}
	// Option values are void*: sizes travel as the pointer's value.
	vals := []uintptr{uintptr(unsafe.Pointer(&infoLog[0])), jitLogSize, uintptr(unsafe.Pointer(&errLog[0])), jitLogSize}
	err := c.do(func() error {
		return check("cuModuleLoadDataEx", call(sym.cuModuleLoadDataEx, uintptr(unsafe.Pointer(&m)), uintptr(unsafe.Pointer(&image[0])),
			uintptr(len(opts)), uintptr(unsafe.Pointer(&opts[0])), uintptr(unsafe.Pointer(&vals[0]))))
	})
	if err != nil {
		if log := cString(errLog); log != "" {
			err = fmt.Errorf("%w\nJIT log:\n%s", err, log)
		}
		return 0, "", err
	}
	return m, cString(infoLog), nil
}

func cString(b []byte) string {
	for i, c := range b {
		if c == 0 {
			return strings.TrimSpace(string(b[:i]))
		}
	}
	return strings.TrimSpace(string(b))
}

// ModuleUnload unloads a module.
func (c *Context) ModuleUnload(m Module) error {
	return c.do(func() error { return check("cuModuleUnload", call(sym.cuModuleUnload, uintptr(m))) })
}

// ModuleFunction looks a kernel up by its (lowered) symbol name.
func (c *Context) ModuleFunction(m Module, name string) (Function, error) {
	var f Function
	cname := append([]byte(name), 0)
	err := c.do(func() error {
		return check("cuModuleGetFunction", call(sym.cuModuleGetFunction, uintptr(unsafe.Pointer(&f)), uintptr(m), uintptr(unsafe.Pointer(&cname[0]))))
	})
	return f, err
}

// ModuleGlobal looks a module-scope variable (__device__, __constant__)
// up by its (lowered) symbol name: its device address and size in bytes.
func (c *Context) ModuleGlobal(m Module, name string) (DevicePtr, int, error) {
	var p DevicePtr
	var size uintptr // size_t
	cname := append([]byte(name), 0)
	err := c.do(func() error {
		return check("cuModuleGetGlobal_v2", call(sym.cuModuleGetGlobal, uintptr(unsafe.Pointer(&p)), uintptr(unsafe.Pointer(&size)), uintptr(m), uintptr(unsafe.Pointer(&cname[0]))))
	})
	return p, int(size), err
}

// FuncAttribute is a CUfunction_attribute.
type FuncAttribute int

// Function attributes.
const (
	FuncMaxThreadsPerBlock FuncAttribute = 0
	FuncSharedSizeBytes    FuncAttribute = 1
	FuncConstSizeBytes     FuncAttribute = 2
	FuncLocalSizeBytes     FuncAttribute = 3
	FuncNumRegs            FuncAttribute = 4
	FuncPTXVersion         FuncAttribute = 5
	FuncBinaryVersion      FuncAttribute = 6
	FuncMaxDynamicShared   FuncAttribute = 8
)

// FuncGetAttribute reads a function attribute.
func (c *Context) FuncGetAttribute(f Function, a FuncAttribute) (int, error) {
	var v int32
	err := c.do(func() error {
		return check("cuFuncGetAttribute", call(sym.cuFuncGetAttribute, uintptr(unsafe.Pointer(&v)), uintptr(a), uintptr(f)))
	})
	return int(v), err
}

// FuncSetAttribute sets a function attribute.
func (c *Context) FuncSetAttribute(f Function, a FuncAttribute, v int) error {
	return c.do(func() error {
		return check("cuFuncSetAttribute", call(sym.cuFuncSetAttribute, uintptr(f), uintptr(a), uintptr(v)))
	})
}

// FuncParamSizes reads every parameter's size (cuFuncGetParamInfo, CUDA
// 12.4+); ok is false where the driver cannot tell. The count comes from
// cuFuncGetParamCount where the driver has it (CUDA 13); older drivers are
// asked past the last parameter, a failed call that compute-sanitizer
// reports.
func (c *Context) FuncParamSizes(f Function) (sizes []int, ok bool) {
	if sym.cuFuncGetParamInfo == 0 {
		return nil, false
	}
	n := uintptr(4096)
	err := c.do(func() error {
		sizes = sizes[:0]
		if sym.cuFuncGetParamCount != 0 {
			if err := check("cuFuncGetParamCount", call(sym.cuFuncGetParamCount, uintptr(f), uintptr(unsafe.Pointer(&n)))); err != nil {
				return err
			}
		}
		for i := uintptr(0); i < n; i++ {
			var off, size uintptr
			r := call(sym.cuFuncGetParamInfo, uintptr(f), i, uintptr(unsafe.Pointer(&off)), uintptr(unsafe.Pointer(&size)))
			if r == errInvalidValue && sym.cuFuncGetParamCount == 0 {
				return nil // past the last parameter
			}
			if err := check("cuFuncGetParamInfo", r); err != nil {
				return err
			}
			sizes = append(sizes, int(size))
		}
		return nil
	})
	return sizes, err == nil
}

// Launch enqueues a kernel without waiting for the driver call, so that
// back-to-back launches cost what the driver costs; in a batch it queues
// it (queue.go). params holds one pointer per kernel parameter, each to an
// 8-byte slot with the argument's value in its low bytes (every culab
// argument is a scalar or a pointer); the values are copied before Launch
// returns. A failure of the launch call surfaces at the next call on the
// context.
func (c *Context) Launch(f Function, grid, block [3]uint32, shared uint32, s Stream, params []unsafe.Pointer) {
	c.mu.Lock()
	if c.queuing() {
		c.queueLaunch(f, grid, block, shared, s, params)
		c.mu.Unlock()
		return
	}
	c.mu.Unlock()
	var p unsafe.Pointer
	if len(params) > 0 {
		p = unsafe.Pointer(&params[0])
	}
	c.post(func() error {
		if err := c.fire(); err != nil {
			return err
		}
		return launchKernel(f, grid, block, shared, s, p)
	})
	runtime.KeepAlive(params)
}

// launchKernel calls cuLaunchKernel; it runs inside do or post.
func launchKernel(f Function, grid, block [3]uint32, shared uint32, s Stream, params unsafe.Pointer) error {
	fr := launchFrame{fn: sym.cuLaunchKernel, f: uintptr(f),
		gx: uintptr(grid[0]), gy: uintptr(grid[1]), gz: uintptr(grid[2]),
		bx: uintptr(block[0]), by: uintptr(block[1]), bz: uintptr(block[2]),
		shared: uintptr(shared), stream: uintptr(s), params: params}
	return check("cuLaunchKernel", callLaunch(&fr))
}

// LaunchTimed records start, launches and records end in one call, so
// that no host-side gap falls between the events and the kernel.
func (c *Context) LaunchTimed(f Function, grid, block [3]uint32, shared uint32, s Stream, params unsafe.Pointer, start, end Event) error {
	return c.work(func() error {
		if err := check("cuEventRecord", call(sym.cuEventRecord, uintptr(start), uintptr(s))); err != nil {
			return err
		}
		if err := launchKernel(f, grid, block, shared, s, params); err != nil {
			return err
		}
		return check("cuEventRecord", call(sym.cuEventRecord, uintptr(end), uintptr(s)))
	})
}

// StreamCreate creates a stream (default flags).
func (c *Context) StreamCreate() (Stream, error) {
	var s Stream
	err := c.do(func() error { return check("cuStreamCreate", call(sym.cuStreamCreate, uintptr(unsafe.Pointer(&s)), 0)) })
	return s, err
}

// StreamDestroy destroys a stream.
func (c *Context) StreamDestroy(s Stream) error {
	return c.do(func() error { return check("cuStreamDestroy_v2", call(sym.cuStreamDestroy, uintptr(s))) })
}

// StreamSynchronize waits for a stream's work.
func (c *Context) StreamSynchronize(s Stream) error {
	return c.do(func() error { return check("cuStreamSynchronize", call(sym.cuStreamSynchronize, uintptr(s))) })
}

// EventCreate creates a timing event.
func (c *Context) EventCreate() (Event, error) {
	var e Event
	err := c.do(func() error { return check("cuEventCreate", call(sym.cuEventCreate, uintptr(unsafe.Pointer(&e)), 0)) })
	return e, err
}

// EventRecord records e on stream s (after an armed event).
func (c *Context) EventRecord(e Event, s Stream) error {
	return c.work(func() error { return check("cuEventRecord", call(sym.cuEventRecord, uintptr(e), uintptr(s))) })
}

// EventElapsed waits for end and returns the milliseconds from start to end.
func (c *Context) EventElapsed(start, end Event) (float32, error) {
	var ms float32
	err := c.do(func() error {
		if err := check("cuEventSynchronize", call(sym.cuEventSynchronize, uintptr(end))); err != nil {
			return err
		}
		return check("cuEventElapsedTime", call(sym.cuEventElapsedTime, uintptr(unsafe.Pointer(&ms)), uintptr(start), uintptr(end)))
	})
	return ms, err
}

// EventDestroy destroys an event.
func (c *Context) EventDestroy(e Event) error {
	return c.do(func() error {
		if c.armed == e {
			c.armed = 0
		}
		return check("cuEventDestroy_v2", call(sym.cuEventDestroy, uintptr(e)))
	})
}

// OccupancyMaxPotentialBlockSize is the block size that maximises occupancy
// with a fixed dynamic shared memory per block, and the minimum grid that
// reaches it.
func (c *Context) OccupancyMaxPotentialBlockSize(f Function, dynamicShared int) (minGrid, block int, err error) {
	var g, b int32
	err = c.do(func() error {
		return check("cuOccupancyMaxPotentialBlockSize", call(sym.cuOccupancyMaxPotentialBlockSize,
			uintptr(unsafe.Pointer(&g)), uintptr(unsafe.Pointer(&b)), uintptr(f), 0, uintptr(dynamicShared), 0))
	})
	return int(g), int(b), err
}

// OccupancyMaxActiveBlocks is how many blocks of the given size fit on one SM.
func (c *Context) OccupancyMaxActiveBlocks(f Function, block, dynamicShared int) (int, error) {
	var n int32
	err := c.do(func() error {
		return check("cuOccupancyMaxActiveBlocksPerMultiprocessor", call(sym.cuOccupancyMaxActiveBlocksPerMultiprocessor,
			uintptr(unsafe.Pointer(&n)), uintptr(f), uintptr(block), uintptr(dynamicShared)))
	})
	return int(n), err
}
