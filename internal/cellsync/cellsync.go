// Package sync holds the notebook's sync.Mutex and sync.RWMutex: Go's,
// except that unlocking one that is not locked panics, which a cell may
// recover, where Go's runtime stops the whole process with "fatal error:
// sync: unlock of unlocked mutex" (a second Unlock, one in the wrong
// branch: every variable of the notebook was lost). It is named sync so
// that %T prints sync.Mutex.
//
// Each lock counts what it holds itself, set after Go's lock is taken and
// cleared before it is given back, so the count never exceeds what Go's
// lock holds: an unlock that the count refuses would have been Go's fatal
// error, and one it allows cannot be, whatever waits (a writer waiting on
// readers hides them from TryLock and TryRLock, which an earlier version
// asked) and however many goroutines unlock at once.
package sync

import (
	"errors"
	gosync "sync"
	"sync/atomic"
)

// Mutex is sync.Mutex whose Unlock panics when it is not locked. Its
// fields are unexported: a cell that reached Go's mutex inside could
// unlock it past the count.
type Mutex struct {
	mu   gosync.Mutex
	held atomic.Bool
}

// Lock locks m.
func (m *Mutex) Lock() {
	m.mu.Lock()
	m.held.Store(true)
}

// TryLock tries to lock m and reports whether it did.
func (m *Mutex) TryLock() bool {
	if !m.mu.TryLock() {
		return false
	}
	m.held.Store(true)
	return true
}

// Unlock unlocks m; it panics if m is not locked.
func (m *Mutex) Unlock() {
	if !m.held.CompareAndSwap(true, false) {
		panic(errors.New("sync: unlock of unlocked mutex"))
	}
	m.mu.Unlock()
}

// RWMutex is sync.RWMutex whose Unlock and RUnlock panic when it is
// not locked so.
type RWMutex struct {
	mu      gosync.RWMutex
	writer  atomic.Bool
	readers atomic.Int64
}

// Lock locks rw for writing.
func (rw *RWMutex) Lock() {
	rw.mu.Lock()
	rw.writer.Store(true)
}

// TryLock tries to lock rw for writing and reports whether it did.
func (rw *RWMutex) TryLock() bool {
	if !rw.mu.TryLock() {
		return false
	}
	rw.writer.Store(true)
	return true
}

// Unlock unlocks rw for writing; it panics if rw is not locked for
// writing.
func (rw *RWMutex) Unlock() {
	if !rw.writer.CompareAndSwap(true, false) {
		if rw.readers.Load() > 0 {
			panic(errors.New("sync: Unlock of an RWMutex locked for reading only (RUnlock unlocks a read lock)"))
		}
		panic(errors.New("sync: Unlock of unlocked RWMutex"))
	}
	rw.mu.Unlock()
}

// RLock locks rw for reading.
func (rw *RWMutex) RLock() {
	rw.mu.RLock()
	rw.readers.Add(1)
}

// TryRLock tries to lock rw for reading and reports whether it did.
func (rw *RWMutex) TryRLock() bool {
	if !rw.mu.TryRLock() {
		return false
	}
	rw.readers.Add(1)
	return true
}

// RUnlock undoes one RLock; it panics if rw is not locked for reading.
func (rw *RWMutex) RUnlock() {
	for {
		n := rw.readers.Load()
		if n <= 0 {
			if rw.writer.Load() {
				panic(errors.New("sync: RUnlock of an RWMutex locked for writing only (Unlock unlocks a write lock)"))
			}
			panic(errors.New("sync: RUnlock of unlocked RWMutex"))
		}
		if rw.readers.CompareAndSwap(n, n-1) {
			break
		}
	}
	rw.mu.RUnlock()
}

// RLocker is a Locker whose Lock and Unlock are rw's RLock and RUnlock.
func (rw *RWMutex) RLocker() gosync.Locker { return rlocker{rw} }

type rlocker struct{ rw *RWMutex }

func (r rlocker) Lock()   { r.rw.RLock() }
func (r rlocker) Unlock() { r.rw.RUnlock() }
