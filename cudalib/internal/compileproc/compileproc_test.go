package compileproc

import (
	"errors"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib/nvrtc"
)

// envChild makes the test binary a compile worker: Use starts children as
// this executable.
const envChild = "CULAB_COMPILEPROC_TEST_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(envChild) == "1" {
		if err := Serve(os.Stdin, os.Stdout); err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// inChildren makes Compile use children for the test.
func inChildren(t *testing.T) {
	t.Setenv(envChild, "1")
	Use("-test.run=^$")
	t.Cleanup(func() { Use() })
}

func loadNVRTC(t *testing.T) *nvrtc.Lib {
	t.Helper()
	l, err := nvrtc.Load()
	if err != nil {
		t.Skip("NVRTC not found (scripts/setup-nvrtc.sh installs it): " + err.Error())
	}
	return l
}

func testRequest(l *nvrtc.Lib, t *testing.T, src string, opts ...string) nvrtc.Request {
	tgt, err := l.Target(9, 0)
	if err != nil {
		t.Fatal(err)
	}
	return nvrtc.Request{Name: "k.cu", Source: src, Options: opts, NameExpressions: []string{"scale<float>"}, Target: tgt}
}

const good = `template <typename T> __global__ void scale(T* x, T a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}
`

// bomb's macros expand to 10^9 tokens: NVRTC grows without end.
const bomb = `#define A(x) x x x x x x x x x x
#define B(x) A(A(A(x)))
#define C(x) B(B(B(x)))
__device__ int v[] = { C(1,) };
`

// compileBoth compiles req in this process and in a child.
func compileBoth(t *testing.T, l *nvrtc.Lib, req nvrtc.Request) (inProc, inChild *nvrtc.Result, errProc, errChild error) {
	t.Helper()
	inProc, errProc = Compile(l, req)
	inChildren(t)
	inChild, errChild = Compile(l, req)
	return
}

// A child's compile is the process's own: image, lowered names and log.
func TestChildCompilesAsThisProcess(t *testing.T) {
	l := loadNVRTC(t)
	want, got, errWant, errGot := compileBoth(t, l, testRequest(l, t, good))
	if errWant != nil || errGot != nil {
		t.Fatalf("in process: %v; in a child: %v", errWant, errGot)
	}
	if !reflect.DeepEqual(want, got) {
		t.Errorf("in a child: %+v\nin process: %+v", got, want)
	}
}

// A compile error and another NVRTC failure cross the process as the
// errors they are.
func TestChildErrorsAreNVRTCs(t *testing.T) {
	l := loadNVRTC(t)
	_, _, want, got := compileBoth(t, l, testRequest(l, t, good+"int broken("))
	var ce *nvrtc.CompileError
	if !errors.As(got, &ce) || got.Error() != want.Error() {
		t.Errorf("compile error in a child: %v\nin process: %v", got, want)
	}
	_, _, want, got = compileBoth(t, l, testRequest(l, t, good, "-no-such-option"))
	var ne *nvrtc.Error
	if !errors.As(got, &ne) || want == nil || got.Error() != want.Error() {
		t.Errorf("option error in a child: %v\nin process: %v", got, want)
	}
}

// Cancel stops a compile that never ends, and the next compile gets a
// fresh child.
func TestCancelKillsTheCompile(t *testing.T) {
	l := loadNVRTC(t)
	inChildren(t)
	req := testRequest(l, t, bomb)
	cancel := make(chan struct{})
	close(cancel)
	req.Cancel = cancel
	if _, err := Compile(l, req); err == nil || !strings.Contains(err.Error(), "compile k.cu: stopped") {
		t.Fatalf("cancelled compile: %v", err)
	}
	if _, err := Compile(l, testRequest(l, t, good)); err != nil {
		t.Fatalf("the next compile: %v", err)
	}
}

// A compile past the memory limit is stopped with an error that says so.
func TestMemoryLimitStopsTheCompile(t *testing.T) {
	l := loadNVRTC(t)
	inChildren(t)
	t.Setenv(EnvMemory, "512MiB")
	_, err := Compile(l, testRequest(l, t, bomb))
	if err == nil || !strings.Contains(err.Error(), "past the 512 MiB a compile may use") {
		t.Fatalf("runaway compile: %v", err)
	}
	t.Setenv(EnvMemory, "lots")
	if _, err := Compile(l, testRequest(l, t, good)); err == nil || !strings.Contains(err.Error(), EnvMemory+"=lots: want") {
		t.Fatalf("compile under a bad limit: %v", err)
	}
}

// An idle child that died meanwhile costs nothing: a fresh one compiles.
func TestDeadIdleChildIsReplaced(t *testing.T) {
	l := loadNVRTC(t)
	inChildren(t)
	req := testRequest(l, t, good)
	if _, err := Compile(l, req); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	if len(idle) != 1 {
		mu.Unlock()
		t.Fatalf("%d idle children after a compile, want 1", len(idle))
	}
	c := idle[0]
	mu.Unlock()
	if err := c.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	if _, err := Compile(l, req); err != nil {
		t.Fatalf("compile after the idle child died: %v", err)
	}
}

// With every slot taken, a compile waits for one, or stops when cancelled
// meanwhile: a cell compiling from many goroutines at once starts at most
// a slot's worth of NVRTC processes.
func TestCompilesWaitForASlot(t *testing.T) {
	l := loadNVRTC(t)
	inChildren(t)
	for range cap(running) {
		running <- struct{}{}
	}
	req := testRequest(l, t, good)
	cancel := make(chan struct{})
	req.Cancel = cancel
	close(cancel)
	if _, err := Compile(l, req); err == nil || !strings.Contains(err.Error(), "compile k.cu: stopped") {
		t.Fatalf("cancelled while waiting for a slot: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := Compile(l, testRequest(l, t, good))
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("compiled with every slot taken: %v", err)
	default:
	}
	for range cap(running) {
		<-running
	}
	if err := <-done; err != nil {
		t.Fatalf("compile once a slot freed: %v", err)
	}
}

// BenchmarkCompile compiles a lab-sized kernel in this process and in a
// child (kept idle between compiles, as the kernel does): what the child
// costs a compile.
func BenchmarkCompile(b *testing.B) {
	l, err := nvrtc.Load()
	if err != nil {
		b.Skip(err)
	}
	tgt, err := l.Target(9, 0)
	if err != nil {
		b.Fatal(err)
	}
	for _, where := range []string{"in-process", "child"} {
		b.Run(where, func(b *testing.B) {
			if where == "child" {
				b.Setenv(envChild, "1")
				Use("-test.run=^$")
				defer Use()
			}
			for i := range b.N {
				// A new source each time: NVRTC has no cache of its own.
				src := good + "// " + strconv.Itoa(i) + "\n"
				if _, err := Compile(l, nvrtc.Request{Name: "k.cu", Source: src, Target: tgt}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
