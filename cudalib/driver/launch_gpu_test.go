package driver

import (
	"runtime"
	"testing"
	"unsafe"
)

// emptyPTX is a kernel of floyd's fw_global's parameters that does
// nothing: the host's cost of a launch, the GPU's left out.
const emptyPTX = `.version 7.0
.target sm_52
.address_size 64
.visible .entry empty4(.param .u64 p0, .param .u32 p1, .param .u32 p2, .param .u32 p3)
{
	ret;
}
`

// BenchmarkGPURawLaunch is the host's cost of one asynchronous launch
// through this package alone (purego and the driver, none of cudalib's
// checks), beside bench/launchpace/hostcost.cu's native driver loop:
// batches of 400 launches, the device idle before each batch.
func BenchmarkGPURawLaunch(b *testing.B) { benchmarkRawLaunch(b, false) }

// BenchmarkGPURawLaunchLocked is BenchmarkGPURawLaunch with the goroutine
// on one OS thread throughout.
func BenchmarkGPURawLaunchLocked(b *testing.B) { benchmarkRawLaunch(b, true) }

// BenchmarkGPUQueuedLaunch is the host's cost of one launch in a timed
// region's drain (queue.go): batches of 400 queued launches, only the
// drain timed, the device idle before each batch. It is the Go twin of
// hostcost.cu's cuLaunchKernel loop.
func BenchmarkGPUQueuedLaunch(b *testing.B) {
	c, f, d := emptyKernel(b)
	vals := []uint64{uint64(d), 448, 0, 1}
	params := []unsafe.Pointer{unsafe.Pointer(&vals[0]), unsafe.Pointer(&vals[1]), unsafe.Pointer(&vals[2]), unsafe.Pointer(&vals[3])}
	grid, block := [3]uint32{14, 56, 1}, [3]uint32{32, 8, 1}
	for b.Loop() {
		b.StopTimer()
		if err := c.Synchronize(); err != nil {
			b.Fatal(err)
		}
		c.BeginBatch()
		for k := range 400 {
			vals[2] = uint64(k)
			c.Launch(f, grid, block, 0, 0, params)
		}
		b.StartTimer()
		if err := c.EndBatch(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*400), "ns/launch")
	if err := c.Synchronize(); err != nil {
		b.Fatal(err)
	}
}

// emptyKernel is the GPU's context, empty4 loaded, and 4 bytes to point at.
func emptyKernel(b *testing.B) (*Context, Function, DevicePtr) {
	c, f := gpuKernel(b, emptyPTX, "empty4")
	d, err := c.MemAlloc(4)
	if err != nil {
		b.Fatal(err)
	}
	return c, f, d
}

func benchmarkRawLaunch(b *testing.B, locked bool) {
	c, f, d := emptyKernel(b)
	if locked {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
	}
	vals := []uint64{uint64(d), 448, 0, 1}
	params := []unsafe.Pointer{unsafe.Pointer(&vals[0]), unsafe.Pointer(&vals[1]), unsafe.Pointer(&vals[2]), unsafe.Pointer(&vals[3])}
	grid, block := [3]uint32{14, 56, 1}, [3]uint32{32, 8, 1}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if i%400 == 0 {
			b.StopTimer()
			if err := c.Synchronize(); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
		vals[2] = uint64(i % 400)
		c.Launch(f, grid, block, 0, 0, params)
		i++
	}
	if err := c.Synchronize(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkPuregoCall is the floor of every driver call here: purego's
// call of a C function that does nothing much (libc's labs), with
// cuLaunchKernel's eleven arguments. No GPU needed.
func BenchmarkPuregoCall(b *testing.B) {
	f := libcSym(b, "labs")
	b.ReportAllocs()
	for b.Loop() {
		call(f, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
	}
}
