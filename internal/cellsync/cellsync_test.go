package sync

import (
	"runtime"
	"strings"
	gosync "sync"
	"testing"
)

func recovered(f func()) (r any) {
	defer func() { r = recover() }()
	f()
	return nil
}

// Unlocking what is not locked panics (Go's runtime ends the process);
// locks that are held unlock as Go's do.
func TestUnlockOfUnlocked(t *testing.T) {
	var m Mutex
	var rw RWMutex
	for _, c := range []struct {
		f    func()
		want string
	}{
		{m.Unlock, "sync: unlock of unlocked mutex"},
		{rw.Unlock, "sync: Unlock of unlocked RWMutex"},
		{rw.RUnlock, "sync: RUnlock of unlocked RWMutex"},
		{func() { rw.RLock(); defer rw.RUnlock(); rw.Unlock() }, "sync: Unlock of an RWMutex locked for reading only (RUnlock unlocks a read lock)"},
	} {
		if r := recovered(c.f); r == nil || r.(error).Error() != c.want {
			t.Errorf("%v, want %q", r, c.want)
		}
	}
	// Still usable, and exclusive.
	var wg gosync.WaitGroup
	n, w := 0, 0
	for range 8 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			for range 1000 {
				m.Lock()
				n++
				m.Unlock()
			}
		}()
		go func() {
			defer wg.Done()
			for range 1000 {
				rw.Lock()
				w++
				rw.Unlock()
				rw.RLock()
				if w < 0 { // a read under the read lock
					t.Error("w < 0")
				}
				rw.RUnlock()
			}
		}()
	}
	wg.Wait()
	if n != 8000 || w != 8000 {
		t.Errorf("n = %d, w = %d, want 8000 each", n, w)
	}
}

// waitWriter returns once a writer waits on rw (RLock held): Go's
// TryRLock then fails, as readers are held back for the writer.
func waitWriter(rw *RWMutex) {
	for rw.mu.TryRLock() {
		rw.mu.RUnlock()
		runtime.Gosched()
	}
}

// Misuse while another goroutine waits on the lock panics too: an RLocked
// RWMutex that was Unlocked while a writer waited ended the process with
// Go's "fatal error: sync: Unlock of unlocked RWMutex" (a waiting writer
// hid the readers from the earlier check). The waiter gets the lock once
// the holder unlocks as it should.
func TestMisuseWithWaiters(t *testing.T) {
	var rw RWMutex
	rw.RLock()
	got := make(chan bool)
	go func() { rw.Lock(); got <- true; rw.Unlock() }()
	waitWriter(&rw)
	if r := recovered(rw.Unlock); r == nil || !strings.Contains(r.(error).Error(), "locked for reading only") {
		t.Errorf("Unlock of a read-locked RWMutex with a writer waiting: %v", r)
	}
	rw.RUnlock()
	<-got

	rw.Lock()
	go func() { rw.RLock(); got <- true; rw.RUnlock() }()
	if r := recovered(rw.RUnlock); r == nil || !strings.Contains(r.(error).Error(), "locked for writing only") {
		t.Errorf("RUnlock of a write-locked RWMutex: %v", r)
	}
	rw.Unlock()
	<-got

	// Two goroutines unlocking one lock at once: one unlocks, one panics.
	for range 1000 {
		var m Mutex
		m.Lock()
		panics := make(chan any, 2)
		for range 2 {
			go func() { panics <- recovered(m.Unlock) }()
		}
		if a, b := <-panics, <-panics; (a == nil) == (b == nil) {
			t.Fatalf("two Unlocks of a locked mutex: %v, %v", a, b)
		}
	}
	// RLocker's Unlock is RUnlock's check.
	if r := recovered(rw.RLocker().Unlock); r == nil {
		t.Error("RLocker().Unlock of an unlocked RWMutex did not panic")
	}
}
