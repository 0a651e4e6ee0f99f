package engineproc

import (
	"runtime"
	"runtime/metrics"
	"testing"
)

func released() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// A cell's garbage goes back to the OS after the cell, not when a later
// cell happens to allocate: the heap held drops to what is live.
func TestReleaseReturnsACellsGarbage(t *testing.T) {
	var r releaser
	r.release() // what the test binary holds so far is the baseline
	size := 4 * releaseSlack
	garbage := make([]byte, size)
	for i := 0; i < len(garbage); i += 4096 {
		garbage[i] = 1 // touched, as a cell's data is
	}
	runtime.KeepAlive(garbage)
	garbage = nil
	before, was := heapHeld(), released()
	if before < uint64(size) {
		t.Fatalf("the heap holds %d bytes, want the %d of garbage in it", before, size)
	}
	if !r.release() {
		t.Fatal("no release after a cell that left 256 MiB of garbage")
	}
	if held := heapHeld(); held > before-uint64(size)/2 {
		t.Errorf("the heap holds %d bytes after the release, %d before: the garbage was kept", held, before)
	}
	if got := released() - was; got < uint64(size)/2 {
		t.Errorf("%d bytes returned to the OS, want most of the %d of garbage", got, size)
	}
	if r.release() {
		t.Error("a second release with no new garbage collected again")
	}
}

// A cell that allocated little costs no collection.
func TestNoReleaseBelowTheSlack(t *testing.T) {
	var r releaser
	r.release()
	small := make([]byte, releaseSlack/4)
	runtime.KeepAlive(small)
	r.afterCell()
	if r.busy.Load() {
		t.Error("a release started after a cell that allocated a quarter of releaseSlack")
	}
}
