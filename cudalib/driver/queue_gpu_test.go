package driver

import (
	"errors"
	"strings"
	"testing"
	"unsafe"
)

// stepPTX: p[0] = p[0]*3 + k, one thread; a sequence of its launches
// gives a value that depends on their order.
const stepPTX = `.version 7.0
.target sm_52
.address_size 64
.visible .entry step(.param .u64 p, .param .u32 k)
{
	.reg .u64 %rd<2>;
	.reg .u32 %r<3>;
	ld.param.u64 %rd0, [p];
	cvta.to.global.u64 %rd1, %rd0;
	ld.param.u32 %r0, [k];
	ld.global.u32 %r1, [%rd1];
	mad.lo.u32 %r2, %r1, 3, %r0;
	st.global.u32 [%rd1], %r2;
	ret;
}
`

// gpuKernel retains the GPU's context (released at the end) and loads
// the kernel name of ptx, or skips without a GPU.
func gpuKernel(tb testing.TB, ptx, name string) (*Context, Function) {
	tb.Helper()
	if err := Load(); err != nil {
		tb.Skipf("no GPU: %v", err)
	}
	dev, err := DeviceGet(0)
	if err != nil {
		tb.Skipf("no GPU: %v", err)
	}
	c, err := Retain(dev)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { c.Release() })
	m, _, err := c.ModuleLoad(append([]byte(ptx), 0))
	if err != nil {
		tb.Fatal(err)
	}
	f, err := c.ModuleFunction(m, name)
	if err != nil {
		tb.Fatal(err)
	}
	return c, f
}

func launchStep(c *Context, f Function, p DevicePtr, k uint32, block uint32) {
	vals := []uint64{uint64(p), uint64(k)}
	c.Launch(f, [3]uint32{1, 1, 1}, [3]uint32{block, 1, 1}, 0, 0, []unsafe.Pointer{unsafe.Pointer(&vals[0]), unsafe.Pointer(&vals[1])})
}

func readU32(t *testing.T, c *Context, p DevicePtr) uint32 {
	t.Helper()
	var v uint32
	if err := c.MemcpyDtoH(unsafe.Pointer(&v), p, 4); err != nil {
		t.Fatal(err)
	}
	return v
}

// In a batch, launches and device copies are queued, not run, and run in
// their order when it ends; the timer's events around them too.
func TestGPUBatchRunsInOrder(t *testing.T) {
	c, f := gpuKernel(t, stepPTX, "step")
	p, err := c.MemAlloc(4)
	if err != nil {
		t.Fatal(err)
	}
	snap, err := c.MemAlloc(4)
	if err != nil {
		t.Fatal(err)
	}
	one := uint32(1)
	if err := c.MemcpyHtoD(p, unsafe.Pointer(&one), 4); err != nil {
		t.Fatal(err)
	}
	start, err := c.EventCreate()
	if err != nil {
		t.Fatal(err)
	}
	end, err := c.EventCreate()
	if err != nil {
		t.Fatal(err)
	}
	want, atCopy := uint32(1), uint32(0)
	c.BeginBatch()
	c.RecordAtNextWork(start, 0)
	for k := uint32(1); k <= 40; k++ {
		launchStep(c, f, p, k, 1)
		want = want*3 + k
		if k == 17 {
			if err := c.MemcpyDtoD(snap, p, 4); err != nil {
				t.Fatal(err)
			}
			atCopy = want
		}
	}
	if got := len(c.q.calls); got != 42 { // the start event, 40 launches, the copy
		t.Fatalf("%d calls queued in the batch, want 42", got)
	}
	if err := c.EventRecord(end, 0); err != nil { // runs the queue first
		t.Fatal(err)
	}
	if err := c.EndBatch(); err != nil {
		t.Fatal(err)
	}
	if got := readU32(t, c, p); got != want {
		t.Errorf("after the batch p = %d, want %d", got, want)
	}
	if got := readU32(t, c, snap); got != atCopy {
		t.Errorf("the copy queued after launch 17 saw %d, want %d", got, atCopy)
	}
	if ms, err := c.EventElapsed(start, end); err != nil || ms <= 0 {
		t.Errorf("events around the batch: %v ms, %v", ms, err)
	}
}

// A queued launch the driver refuses is reported by the call that ran the
// queue, the launches after it are dropped, and the context goes on.
func TestGPUBatchFailureReportedOnce(t *testing.T) {
	c, f := gpuKernel(t, stepPTX, "step")
	p, err := c.MemAlloc(4)
	if err != nil {
		t.Fatal(err)
	}
	zero := uint32(0)
	if err := c.MemcpyHtoD(p, unsafe.Pointer(&zero), 4); err != nil {
		t.Fatal(err)
	}
	c.BeginBatch()
	launchStep(c, f, p, 1, 1)
	launchStep(c, f, p, 2, 4096) // more threads than a block may have
	launchStep(c, f, p, 5, 1)
	err = c.EndBatch()
	var de *Error
	if err == nil || !strings.Contains(err.Error(), "an earlier kernel launch failed") || !errors.As(err, &de) || de.Op != "cuLaunchKernel" {
		t.Fatalf("EndBatch: %v, want the refused launch", err)
	}
	if got := readU32(t, c, p); got != 1 {
		t.Errorf("p = %d: want 1, the first launch only", got)
	}
	launchStep(c, f, p, 7, 1)
	if got := readU32(t, c, p); got != 10 {
		t.Errorf("after the failure a launch gave %d, want 10", got)
	}
}
