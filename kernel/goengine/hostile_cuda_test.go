package goengine

import (
	"strings"
	"testing"

	"github.com/culab/culab/cudalib"
	"github.com/culab/culab/kernel/nb"
)

// hcSource is the kernels of the hostile CUDA cells.
const hcSource = `%%cuda
#include <cstdio>
__global__ void hc_spin(int *flag) { while (flag[0] == 0) {} }
__global__ void hc_at(float *a, long off) { a[off] = 1; }
__global__ void hc_trap(int *x) { asm volatile("trap;"); }
__global__ void hc_str(long p) { printf("%s\n", (const char *)p); }
__global__ void hc_misaligned(char *p) { *(float *)(p + 1) = 1.0f; }
__global__ void hc_shared(int *x, int i) { __shared__ int s[32]; s[i] = 1; x[0] = s[0]; }
__global__ void hc_local(int *x, int n) { int a[1000]; for (int i = 0; i < n; i++) a[i] = i; x[0] = a[n / 2]; }
__global__ void hc_nothing(int *x) {}`

// CUDA cells a student might type, on the virtual GPU: each fails with an
// error that names the problem, or does what CUDA does, and the engine
// answers the next cell with the notebook's variables intact.
func TestHostileCUDACells(t *testing.T) {
	needCUDA(t)
	if dev, _ := nb.Device(); !dev.Virtual() {
		t.Skip("a GPU's fault poisons its worker: the cells are the virtual GPU's")
	}
	e := shared(t)
	ok(t, e, hcSource)
	ok(t, e, "hcKeep2 := 41\nhcDev, _ := nb.Device()\nhcI, _ := hcDev.Int32s(4)\nhcF, _ := hcDev.Float32s(256)\nhcB, _ := hcDev.Uint8s(16)")
	// An endless kernel ends at the budget, quickly, when interrupts do not.
	t.Setenv(cudalib.EnvVirtualBudget, "1e6")
	for _, c := range []struct{ name, code, want string }{
		{"a negative grid", "hc_nothing.Run(cudalib.Config{Grid: cudalib.D1(-5), Block: cudalib.D1(32)}, hcI)", "grid (-5,1,1): dimension x is -5; it must be 1…2147483647"},
		{"a block of no threads", "hc_nothing.Run(cudalib.Linear(100, 0), hcI)", "block (0,1,1): dimension x is 0; it must be 1…1024"},
		{"Linear of a negative size", "hc_nothing.Run(cudalib.Linear(-1, 32), hcI)", "dimension x is 0"},
		{"a terabyte of shared memory", "hc_nothing.Run(cudalib.Config{Grid: cudalib.D1(1), Block: cudalib.D1(32), Shared: 1 << 40}, hcI)",
			"needs 1099511627776 bytes of shared memory per block"},
		{"the largest grid of the largest blocks", "hc_nothing.Run(cudalib.Config{Grid: cudalib.D3(1<<31-1, 65535, 65535), Block: cudalib.D1(1024)}, hcI)",
			"more than the virtual GPU's 1099511627776 threads a launch"},
		{"no arguments", "hc_at.Run(cudalib.Linear(1, 1))", "0 arguments given; the kernel takes 2: hc_at(float *a, long off)"},
		{"a string for a pointer", "hc_at.Run(cudalib.Linear(1, 1), \"hello\", nil)", "argument 1 (float *a): unsupported type string"},
		{"a nil kernel", "var hcK *cudalib.Kernel\nhcK.Run(cudalib.Linear(1, 1))", "nil kernel"},
		{"a freed buffer", "hcU, _ := hcDev.Float32s(16)\nhcU.Free()\nhc_at.Run(cudalib.Linear(1, 1), hcU, 0)", "buffer was freed"},
		{"a copy larger than the buffer", "hcC, _ := hcDev.Float32s(4)\nhcC.CopyFrom(make([]float32, 100))", "copy 100 elements into a buffer of 4×float32: size mismatch"},
		{"a copy at a negative offset", "hcF.CopyFromAt(-1, []float32{1})", "to element -1 of a buffer of 256×float32: out of range"},
		{"a negative allocation", "hcDev.Float32s(-1)", "allocate -1×float32: negative length"},
		{"an allocation past int64", "hcDev.Float64s(1 << 60)", "size overflows"},
		{"a write a terabyte away", "hc_at.Run(cudalib.Linear(1, 1), hcF, int64(1)<<40)", "out-of-bounds access"},
		{"a write before the buffer", "hc_at.Run(cudalib.Linear(1, 1), hcF, -1)", "4 bytes before the 1024-byte allocation"},
		{"a trap", "hc_trap.Run(cudalib.Linear(1, 1), hcI)", "trap (illegal instruction)"},
		{"printf of a wild string pointer", "hc_str.Run(cudalib.Linear(1, 1), 0x1234)", ""},
		{"a misaligned store", "hc_misaligned.Run(cudalib.Linear(1, 1), hcB)", "misaligned access: 4-byte global access"},
		{"shared memory out of bounds", "hc_shared.Run(cudalib.Linear(1, 1), hcI, 100000)", "past the end of the 128-byte shared memory of the block"},
		{"shared memory at a negative index", "hc_shared.Run(cudalib.Linear(1, 1), hcI, -1)", "4 bytes before the start of the 128-byte shared memory of the block"},
		{"local memory out of bounds", "hc_local.Run(cudalib.Linear(1, 1), hcI, 100000)", "past the end of the 4000-byte local memory of the thread"},
		{"local memory at a negative index", "hc_local.Run(cudalib.Linear(1, 1), hcI, -2)", "before the start of the 4000-byte local memory of the thread"},
		{"an endless kernel", "hcI.Fill(0)\nhc_spin.Run(cudalib.Linear(32, 32), hcI)", "ran past its budget of 1000000 warp-instructions (an endless loop?)"},
		{"an unknown sampling mode", "hcDev.SetVirtualSampling(&cudalib.VirtualSampling{Mode: 99})", "mode SampleMode(99)"},
		{"a launch repeated 2^62 times", "hcDev.TimeFunc(cudalib.TimeOptions{}, func() error {\n\thc_nothing.Launch(cudalib.Linear(1, 1), hcI)\n\treturn hcDev.RepeatVirtualLaunches(1, 1<<62)\n})",
			"more than the 262144 launches the virtual GPU keeps"},
		{"asm that is not PTX", "%%cuda\n__global__ void hc_asm(int *x) { asm volatile(\"this is not ptx;\"); }", "read the PTX NVRTC made"},
		{"device malloc", "%%cuda\n__global__ void hc_malloc(int n) { char *p = (char *)malloc(n); p[0] = 1; }", "call of external function malloc"},
		{"including /dev/zero", "%%cuda\n#include \"/dev/zero\"\n__global__ void hc_zero() {}", "cannot open source file \"/dev/zero\": not a regular file"},
		{"a source that includes itself", "%%cuda\n#include __FILE__\n__global__ void hc_self() {}", "includes itself"},
		{"templates without end", "%%cuda\ntemplate <int N> struct hcF { static const int v = hcF<N - 1>::v + 1; };\n__global__ void hc_fib(int *x) { x[0] = hcF<100000>::v; }",
			"excessive recursion at instantiation"},
	} {
		r, rep := execWithin(t, e, c.code)
		switch {
		case c.want == "" && rep.Error != nil:
			t.Errorf("%s: %s: %s", c.name, rep.Error.Name, rep.Error.Value)
		case c.want != "" && (rep.Error == nil || !strings.Contains(rep.Error.Value, c.want)):
			t.Errorf("%s: %+v, want …%s…\nstdout %.300q", c.name, rep.Error, c.want, r.text("stdout"))
		}
		if got := ok(t, e, "hcKeep2 + 1").result(); got != "42" {
			t.Fatalf("after %s: hcKeep2 + 1 = %q", c.name, got)
		}
	}
	ok(t, e, "hcDev.SetVirtualSampling(nil)")
}

// An endless kernel is interrupted within seconds, run or launched, timed,
// profiled or sanitized, and in a goroutine that the cell waits for.
func TestHostileCUDAInterrupts(t *testing.T) {
	needCUDA(t)
	if dev, _ := nb.Device(); !dev.Virtual() {
		t.Skip("a GPU in this process cannot stop an endless kernel: culab runs the GPU in a worker, which an interrupt stops (cudalib's TestGPUWorkerStoppedAfterInterrupt)")
	}
	e := shared(t)
	ok(t, e, hcSource)
	ok(t, e, "hcKeep3 := 41\nhcDev3, _ := nb.Device()\nhcFlag, _ := hcDev3.Int32s(4)\nhcFlag.Fill(0)")
	t.Setenv(cudalib.EnvVirtualBudget, "1e18") // only the interrupt stops them
	for _, code := range []string{
		"fmt.Println(\"started\")\nhc_spin.Run(cudalib.Config{Grid: cudalib.D1(10000), Block: cudalib.D1(1024)}, hcFlag)",
		"fmt.Println(\"started\")\nhc_spin.Launch(cudalib.Linear(32, 32), hcFlag)\nhcDev3.Synchronize()",
		"fmt.Println(\"started\")\nhc_spin.Time(cudalib.Linear(32, 32), hcFlag)",
		"fmt.Println(\"started\")\nhc_spin.Profile(cudalib.Linear(32, 32), hcFlag)",
		"fmt.Println(\"started\")\nhc_spin.Sanitize(cudalib.Linear(32, 32), hcFlag)",
		"hcWG := make(chan bool)\ngo func() {\n\tdefer close(hcWG)\n\thc_spin.Run(cudalib.Linear(32, 32), hcFlag)\n}()\nfmt.Println(\"started\")\n<-hcWG",
	} {
		interruptsKeeping(t, e, code, "hcKeep3")
	}
}

// A cell that closes the notebook's device gets a new one from nb.Device,
// on which %%cuda and launches work. A variable of a %%cuda cell compiled
// before is to be compiled again; a name that no cell declares is unknown
// (the older cell's module answered "compile it again" for any name).
func TestHostileCUDACloseDevice(t *testing.T) {
	needCUDA(t)
	e := shared(t)
	ok(t, e, "%%cuda\n__device__ int hcd_old;")
	ok(t, e, "hcdDev, _ := nb.Device()\nhcdDev.Close()")
	if xe := fails(t, e, "_, hcdErr := hcdDev.Float32s(4)\nhcdErr"); !strings.Contains(xe.Value, "open it again (nb.Device()") {
		t.Errorf("an allocation on the closed device: %s", xe.Value)
	}
	ok(t, e, "hcdDev, _ = nb.Device()\nhcdX, _ := hcdDev.Int32s(4)")
	ok(t, e, "%%cuda\n__global__ void hcd_set(int *x) { x[threadIdx.x] = 7; }")
	for name, want := range map[string]string{
		"hcd_old":    "module was loaded before dev.Reset() or dev.Close(); compile it again",
		"hcd_nosuch": `no __device__ or __constant__ variable "hcd_nosuch"`,
	} {
		if xe := fails(t, e, "_, hcdErr := nb.Symbol(\""+name+"\")\nhcdErr"); !strings.Contains(xe.Value, want) {
			t.Errorf("nb.Symbol(%q): %s", name, xe.Value)
		}
	}
	if got := ok(t, e, "hcd_set.Run(cudalib.Linear(4, 4), hcdX)\nhcdH, _ := hcdX.ToHost()\nfmt.Sprint(hcdH)").result(); got != "[7 7 7 7]" {
		t.Errorf("after the close: %s", got)
	}
}
