package sync

import (
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
