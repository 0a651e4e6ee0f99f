package driver

import (
	"testing"
	"unsafe"

	"github.com/ebitengine/purego"
)

func libcSym(tb testing.TB, name string) uintptr {
	tb.Helper()
	h, err := purego.Dlopen("libc.so.6", purego.RTLD_NOW|purego.RTLD_GLOBAL)
	if err != nil {
		tb.Skipf("no libc.so.6 to call: %v", err)
	}
	f, err := purego.Dlsym(h, name)
	if err != nil {
		tb.Fatal(err)
	}
	return f
}

// TestLaunchCallPassesElevenWords calls libc's snprintf through
// cuLaunchKernel's frame: buffer, size and format in the first three
// words, and the other eight, in registers and on the stack, printed in
// order, the ninth (params) as a string.
func TestLaunchCallPassesElevenWords(t *testing.T) {
	var buf [64]byte
	format := []byte("%d %d %d %d %d %d %s %d\x00")
	word := []byte("params\x00")
	fr := launchFrame{fn: libcSym(t, "snprintf"), f: uintptr(unsafe.Pointer(&buf[0])),
		gx: uintptr(len(buf)), gy: uintptr(unsafe.Pointer(&format[0])),
		gz: 1, bx: 2, by: 3, bz: 4, shared: 5, stream: 6, params: unsafe.Pointer(&word[0]), extra: 7}
	n := callLaunch(&fr)
	want := "1 2 3 4 5 6 params 7"
	if got := string(buf[:n]); got != want {
		t.Fatalf("snprintf through the launch frame wrote %q (%d), want %q", got, n, want)
	}
}

// BenchmarkLaunchCall is the host cost of the call cuLaunchKernel goes
// through, on libc's labs: beside BenchmarkPuregoCall, what the fixed
// frame saves. No GPU needed.
func BenchmarkLaunchCall(b *testing.B) {
	fr := launchFrame{fn: libcSym(b, "labs"), f: 7}
	b.ReportAllocs()
	for b.Loop() {
		if callLaunch(&fr) != 7 {
			b.Fatal("labs(7) != 7")
		}
	}
}
