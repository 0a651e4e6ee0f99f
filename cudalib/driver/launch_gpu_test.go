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

func benchmarkRawLaunch(b *testing.B, locked bool) {
	if err := Load(); err != nil {
		b.Skipf("no GPU: %v", err)
	}
	dev, err := DeviceGet(0)
	if err != nil {
		b.Skipf("no GPU: %v", err)
	}
	c, err := Retain(dev)
	if err != nil {
		b.Fatal(err)
	}
	defer c.Release()
	m, _, err := c.ModuleLoad(append([]byte(emptyPTX), 0))
	if err != nil {
		b.Fatal(err)
	}
	f, err := c.ModuleFunction(m, "empty4")
	if err != nil {
		b.Fatal(err)
	}
	d, err := c.MemAlloc(4)
	if err != nil {
		b.Fatal(err)
	}
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
